# What every rules engine shares. An engine is a module with
#   start(players, settings=None) -> state      a plain dict that survives JSON
#   step(state, event) -> state                 a new state; the old one is untouched
#   apply(state, event) -> state                the same, changing `state` in place
# and raises Refused, saying why, for an event the rules do not allow now (apply may
# then leave its state half changed: it is for replaying events that were accepted
# before, where copying the state at every event would cost most of the time). Events
# are plain dicts too, with their kind under "t". Nothing here reads a clock or touches
# hardware: times, when a rule needs them, arrive inside events.
#
# Every field of every event is checked, whatever the bytes on flash held: a missing
# or unknown field, a value of the wrong type (1.0 or True for 1, bytes for a string,
# NaN, infinities, ints beyond any real value) is Refused, never TypeError, KeyError,
# IndexError or OverflowError; a refused step() leaves the state as it was. Each
# engine also has
#   HOUSE_RULES, DEFAULTS, check_settings(settings) -> full settings or ValueError
# (see "house rules" below); start() raises ValueError (not Refused) for bad settings
# or a number of players the game does not take.
try:
    from micropython import const
except ImportError:  # plain CPython: the engines import anywhere (consts are ints)
    const = int  # type: ignore


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
    need(isinstance(event, dict), "an event is a dict")
    for k in event:  # before any lookup: MicroPython warns when bytes meet str
        need(type(k) is str, "no field %r here" % (k,))
    kind = event.get("t")
    need(type(kind) is str and kind in handlers, "%s has no event %r" % (game, kind))
    return handlers[kind](st, event)


def fields(event, required, optional=()):
    """Every field of `event` is "t", one of `required` (all present) or `optional`:
    an event with a field the rules do not read is refused, not half understood."""
    for k in event:
        need(type(k) is str and (k == "t" or k in required or k in optional),
             "no field %r here" % (k,))
    for k in required:
        need(k in event, "the field %s is missing" % k)


def seat_of(v, players):
    """A seat number 0..players-1 (not a bool, float or string)."""
    return is_count(v, 0, players - 1)


def seat_list(v, players, what):
    """A list of distinct seats; Refused otherwise."""
    need(isinstance(v, list), what + " is a list of seats")
    for seat in v:
        need(seat_of(seat, players), "no such seat")
    need(len(set(v)) == len(v), what + ": a seat at most once")
    return v


def replay(engine, players, settings, events):
    """The state after every event in order; an event refused in replay is an error."""
    state = engine.start(players, settings)
    for e in events:
        state = engine.apply(state, e)
    return state


# --- house rules ---
# Each engine has one table of its house rules, read by its DEFAULTS, by start() and
# check_settings() (validation) and by the app's setup screen:
#   HOUSE_RULES = ((key, label, default, kind, low, high, step), ...)
# label None: not shown to the players (set by the app itself, e.g. a game variant).
# kind "int": a whole number low..high, changed step at a time on the screen;
#      "bool": True or False (low, high, step unused);
#      "choice": one of the names in the tuple `low` (high, step unused);
#      "spaces": a list of distinct score-track spaces low..high, kept sorted;
#      "seat": a seat number 0..high, or None where the default is None; start()
#              also checks it against the number of players.
KINDS = ("int", "bool", "choice", "spaces", "seat")


def defaults_of(rules):
    """{key: default} of a HOUSE_RULES table."""
    return {row[0]: clone(row[2]) for row in rules}


def setting_value(row, v):
    """One setting's value checked against its row: the cleaned value, or ValueError."""
    key, _label, default, kind, low, high, _step = row
    if kind == "bool":
        ok = v is True or v is False
    elif kind == "choice":
        ok = type(v) is str and v in low
    elif kind == "int":
        ok = is_count(v, low, high)
    elif kind == "seat":
        ok = is_count(v, 0, high) or (v is None and default is None)
    elif kind == "spaces":
        ok = isinstance(v, list) and all(is_count(x, low, high) for x in v)
        if ok:
            v = sorted(v)
            ok = all(v[i] != v[i + 1] for i in range(len(v) - 1))
    else:
        ok = False
    if not ok:
        raise ValueError("%s: %s" % (key, setting_help(row)))
    return clone(v)


def setting_help(row):
    """What a setting takes, in a few words (for the message of a bad value)."""
    _key, _label, default, kind, low, high, _step = row
    if kind == "bool":
        return "on or off"
    if kind == "choice":
        return "one of " + ", ".join(low)
    if kind == "spaces":
        return "distinct spaces %d to %d" % (low, high)
    if kind == "seat":
        return "a seat 1 to %d" % (high + 1) + (" or none" if default is None else "")
    return "a whole number %d to %d" % (low, high)


def checked_settings(rules, settings):
    """The full settings of a game: the defaults of `rules` with `settings` (a dict or
    None) over them, every value checked. Returns a new dict; ValueError says what is
    wrong (an unknown key, a value of the wrong type or out of range)."""
    out = defaults_of(rules)
    if settings is None:
        return out
    if not isinstance(settings, dict):
        raise ValueError("house rules are a table of settings")
    rows = {}
    for row in rules:
        rows[row[0]] = row
    for k in settings:
        if type(k) is not str or k not in rows:
            raise ValueError("unknown setting %r" % (k,))
        out[k] = setting_value(rows[k], settings[k])
    return out


def need(cond, why):
    if not cond:
        raise Refused(why)


def is_count(v, low=0, high=None):
    """A whole number (not a bool, not a float) within [low, high]."""
    return (type(v) is int and v >= low and (high is None or v <= high))


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


# --- the shape of a state (pawpad/games/shape.py walks it) ---
N = const(-1)  # in a shape: as many as the players
ROUNDS_MAX = const(100000)  # far more rounds than any game's log holds: beyond it is junk


def win_prompt(winners):
    """An ended game's prompt (seats counted from 1): "Seat 2 wins", or a shared win
    "Shared win: 1, 3"."""
    if len(winners) == 1:
        return "Seat %d wins" % (winners[0] + 1)
    return "Shared win: " + ", ".join(str(s + 1) for s in winners)
