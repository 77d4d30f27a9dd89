# What every rules engine shares. An engine is a module with
#   start(players, settings=None) -> state      a plain dict that survives JSON
#   step(state, event) -> state                 a new state; the old one is untouched
#   apply(state, event) -> state                the same, changing `state` in place
# and raises Refused, saying why, for an event the rules do not allow now (apply may
# then leave its state half changed: it is for replaying events that were accepted
# before, where copying the state at every event would cost most of the time). Events
# are plain dicts too, with their kind under "t". Nothing here reads a clock or touches
# hardware: times, when a rule needs them, arrive inside events.


class Refused(ValueError):
    """The rules do not allow this event now; the message says why."""


def clone(obj):
    """Deep copy of a JSON-like value (dicts, lists, tuples as lists, scalars)."""
    if isinstance(obj, dict):
        return {k: clone(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [clone(v) for v in obj]
    return obj


def dispatch(st, event, handlers, game):
    """The shared start of every engine's apply: a game over takes no event, and each
    kind of event has its handler(st, event)."""
    need(not st["ended"], "the game is over")
    kind = event.get("t") if isinstance(event, dict) else None
    handler = handlers.get(kind)
    need(handler is not None, "%s has no event %s" % (game, kind))
    return handler(st, event)


def replay(engine, players, settings, events):
    """The state after every event in order; an event refused in replay is an error."""
    state = engine.start(players, settings)
    for e in events:
        state = engine.apply(state, e)
    return state


def merged(defaults, settings):
    """Settings for an engine: its defaults, overridden by the valid keys given. A
    copy all the way down: a game's state never shares a list with the defaults."""
    out = clone(defaults)
    if settings:
        for k in settings:
            if k not in defaults:
                raise ValueError("unknown setting " + k)
            out[k] = clone(settings[k])
    return out


def need(cond, why):
    if not cond:
        raise Refused(why)


def is_count(v, low=0, high=None):
    """A whole number (not a bool) within [low, high]."""
    return (isinstance(v, int) and not isinstance(v, bool) and v >= low
            and (high is None or v <= high))


def ranking(scores, tiebreak=None):
    """Seats best first by score (then by tiebreak, lower better), with places: equal
    scores (and tiebreaks) share a place. Returns [(place, seat)], place from 1."""
    keys = []
    for seat in range(len(scores)):
        keys.append((-scores[seat], tiebreak[seat] if tiebreak else 0, seat))
    keys.sort()
    out = []
    place = 0
    prev = None
    for i, (neg, tb, seat) in enumerate(keys):
        if (neg, tb) != prev:
            place = i + 1
            prev = (neg, tb)
        out.append((place, seat))
    return out
