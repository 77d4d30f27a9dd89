# Engine fuzz (issue 9, "Engines refuse cleanly"). Both runtimes, seeded. The robots
# play whole games of every engine; before each event they offer, the fuzzer offers
# mutated copies of it (a field set to junk, a field missing, a field too many, junk
# deep inside a list, another kind of event) and wholly random events. For every
# offer: only Refused escapes, a refused event leaves the state exactly as it was, an
# accepted one gives a state that survives a JSON round trip, and replaying the
# accepted events gives the live state. The settings given to start() are fuzzed too.
import json

from pawpad.games import circus_puppy as cp
from pawpad.games import pick_a_dog as pd
from pawpad.games import top_dog as tg
from pawpad.games import top_dogs as tds
from pawpad.games.common import Refused, clone, replay
from pawsim import robots

NAN = float("nan")
INF = float("inf")
JUNK = (None, True, False, 0, 1, -1, 2, 3, 7, 1.0, 0.0, -0.0, 0.5, NAN, INF, -INF,
        2 ** 64, -(2 ** 64), 10 ** 30, 2 ** 30, "", "x", "dog", "deck", "faceup", "new",
        "prev", "P", "+2 left", "acrobatics", b"x", b"dog", [], [0], [1, 2, 3],
        [[1, 2, 3]], {}, {"P": None}, {5: None}, (0, 1), [None],
        [0, 0, 0, 0], [0, "new", None])
KEYS = ("t", "seat", "stage", "from", "dogs", "t_ms", "card", "action", "chosen",
        "helper", "collected", "broken", "right", "react_ms", "false", "plays", "won",
        "first", "cards", "x", 5, "")
KINDS = ("stop", "result", "perform", "stack", "move", "new_stage", "done", "settled",
         "fall", "play", "medals", "rescued", "teams", "undo", b"stop", 0, None, ["t"])


def containers(value, out):
    """Every list and dict inside `value`, `value` included."""
    if isinstance(value, (list, dict)):
        out.append(value)
        for v in (value.values() if isinstance(value, dict) else value):
            containers(v, out)
    return out


def mutate(event, c):
    """A damaged copy of `event`, by one of several kinds of damage."""
    e = clone(event)
    how = c.num(0, 6)
    keys = list(e)
    if how == 0 and keys:  # a field set to junk
        e[c.pick(keys)] = c.pick(JUNK)
    elif how == 1 and keys:  # a field missing
        del e[c.pick(keys)]
    elif how == 2:  # a field too many (or an existing one overwritten)
        e[c.pick(KEYS)] = c.pick(JUNK)
    elif how == 3:  # another kind of event with the same fields
        e["t"] = c.pick(KINDS)
    else:  # junk deep inside: a list item or a dict value replaced, removed or added
        inner = c.pick(containers(e, []))
        if isinstance(inner, dict):
            if inner and c.coin():
                inner[c.pick(list(inner))] = c.pick(JUNK)
            else:
                inner[c.pick(KEYS + ("P", "A", "W", "S"))] = c.pick(JUNK)
        elif inner and how == 4:
            inner[c.num(0, len(inner) - 1)] = c.pick(JUNK)
        elif inner and how == 5:
            inner.pop(c.num(0, len(inner) - 1))
        else:
            inner.append(c.pick(JUNK))
    return e


def random_event(c):
    e = {"t": c.pick(KINDS)}
    for _ in range(c.num(0, 4)):
        e[c.pick(KEYS)] = c.pick(JUNK)
    return e


def json_round_trip(state):
    return json.loads(json.dumps(state))


class Fuzzer:
    """Stands in for an engine module in robots.play: every step first offers the
    damaged copies, with the checks, then the robot's own event."""

    def __init__(self, engine, c, tries=3):
        self.engine = engine
        self.c = c
        self.tries = tries
        self.offers = 0
        self.accepted_junk = 0

    def start(self, players, settings):
        return self.engine.start(players, settings)

    def offer(self, state, event):
        before = clone(state)
        self.offers += 1
        try:
            after = self.engine.step(state, event)
        except Refused:
            assert state == before, ("a refused event changed the state", event)
            return None
        except Exception as e:  # anything but Refused is the bug this test hunts
            raise AssertionError("%r raised %r" % (event, e))
        assert state == before, ("step changed the old state", event)
        assert json_round_trip(after) == after, ("state not JSON", event)
        return after

    def step(self, state, event):
        for _ in range(self.tries):
            if self.c.num(0, 5) == 0:
                junk = random_event(self.c)
            else:
                junk = mutate(event, self.c)
            if self.offer(state, junk) is not None:
                self.accepted_junk += 1
        after = self.offer(state, event)
        if after is None:
            raise Refused("refused")  # the robot tries something else
        return after


SEEDS = 3  # games per set-up: about 15,000 offers in all, seconds on either runtime
GAMES = (
    ("pick_a_dog", pd, (2, 4, 8), ({}, {"variant": "pog"}, {"variant": "solo"})),
    ("circus_puppy", cp, (2, 3, 5), ({}, {"red": [3, 9], "star": [5],
                                         "left_counts": "deck", "helper_takes": False})),
    ("top_dog", tg, (2, 4, 6), ({}, {"first": 1})),
    ("top_dogs", tds, (3, 5), ({}, {"rounds": 4, "cup_points": 3})),
)


def fuzz_game(name, engine, players, settings, seed, stats=True, tries=4):
    c = robots.Chooser(seed)
    c.stats = stats
    fz = Fuzzer(engine, c, tries)
    if settings.get("variant") == "solo":
        players = 1
    st, accepted = robots.play(name, players, settings, c, max_turns=400, engine=fz)
    assert replay(engine, players, settings, accepted) == st, (name, seed)
    assert json_round_trip(st) == st
    return fz


def test_fuzzed_events_are_refused_cleanly():
    offers = 0
    seed = 1
    for name, engine, counts, setups in GAMES:
        for players in counts:
            for settings in setups:
                for stats in ((True, False) if name == "top_dog" else (True,)):
                    for _ in range(SEEDS):
                        fz = fuzz_game(name, engine, players, settings, seed, stats)
                        offers += fz.offers
                        seed += 1
    assert offers > 12000


def test_the_examples_of_the_issue_are_refused():
    st = cp.start(3)
    st = cp.step(st, {"t": "perform", "action": "dogee show"})
    for bad in (1.0, 0.0, -0.0, True, False, NAN, INF, b"\x00", 2 ** 64, "1", None):
        for event in ({"t": "stack", "stage": bad}, {"t": "move", "from": bad},
                      {"t": "fall", "stage": bad, "dogs": 1, "t_ms": 0},
                      {"t": "new_stage", "card": "+2 left", "stage": bad}):
            try:
                cp.step(st, event)
            except Refused:
                continue
            raise AssertionError("accepted %r" % (event,))
    for event in ({"t": "stack", b"stage": 0}, {b"t": "stack", "stage": 0},
                  {"t": b"stack", "stage": 0}, {"t": "stack", "stage": 0, 7: 0},
                  {"t": ["stack"], "stage": 0}, {"t": "stack", "stage": 0, "x": None}):
        try:
            cp.step(st, event)
        except Refused:
            continue
        raise AssertionError("accepted %r" % (event,))
    td = tg.step(tg.start(2), {"t": "play", "plays": [[0, "new", None], [1, "new", None]]})
    assert td["phase"] == "judge"
    for won in ({5: None, "P": None, "A": None, "W": None, "S": None},
                {b"P": None, "A": None, "W": None, "S": None},
                {"P": [0, b"new"], "A": None, "W": None, "S": None},
                {"P": [0.0, "new"], "A": None, "W": None, "S": None},
                {"P": [True, "new"], "A": None, "W": None, "S": None}):
        try:
            tg.step(td, {"t": "medals", "won": won})
        except Refused:
            continue
        raise AssertionError("accepted %r" % (won,))


def test_junk_in_fields_an_event_does_not_use_is_refused():
    st = cp.start(3)
    for extra in ({"helper": NAN}, {"chosen": b"x"}, {"helper": INF}, {"junk": 1},
                  {"chosen": 3}, {"from": 0}, {"helper": 2 ** 70}):
        e = {"t": "perform", "action": "dogee show"}
        e.update(extra)
        try:
            cp.step(st, e)
        except Refused:
            continue
        raise AssertionError("accepted %r" % (e,))
    # What the app sends today with every perform is still taken.
    cp.step(st, {"t": "perform", "action": "dogee show", "from": "deck",
                 "chosen": "dogee show", "helper": 1})


def test_settings_are_checked_value_by_value():
    bad = (
        (pd, 2, {"variant": "cat"}), (pd, 2, {"variant": b"dog"}), (pd, 2, {"variant": 1}),
        (pd, 2, {"extra": 1}), (pd, 2, 5), (pd, 2, []), (pd, 2, "dog"),
        (cp, 3, {"grace_ms": 1.0}), (cp, 3, {"grace_ms": True}), (cp, 3, {"grace_ms": NAN}),
        (cp, 3, {"grace_ms": 2 ** 64}), (cp, 3, {"grace_ms": -5}), (cp, 3, {"grace_ms": 0}),
        (cp, 3, {"helper_takes": 1}), (cp, 3, {"helper_takes": None}),
        (cp, 3, {"start_card": "+9"}), (cp, 3, {"start_card": ["+1 repeat"]}),
        (cp, 3, {"left_counts": "some"}), (cp, 3, {"red": [0]}), (cp, 3, {"red": [30]}),
        (cp, 3, {"red": [3, 3]}), (cp, 3, {"red": [1.0]}), (cp, 3, {"red": 3}),
        (cp, 3, {"star": [True]}), (cp, 3, {"red": [INF]}), (cp, 3, {"first": 3}),
        (cp, 3, {"first": None}), (cp, 3, {5: 1}),
        (tg, 2, {"first": 2}), (tg, 2, {"first": -1}), (tg, 2, {"first": "0"}), (tg, 2, 5),
        (tds, 3, {"rounds": 0}), (tds, 3, {"rounds": 31}), (tds, 3, {"cups": 1.5}),
        (tds, 3, {"cup_points": 2 ** 64}), (tds, 3, {"cup_points": False}),
    )
    for engine, players, settings in bad:
        try:
            engine.start(players, settings)
        except Refused:
            raise AssertionError("settings are not events: a plain ValueError")
        except ValueError as e:
            assert str(e), settings
            try:
                engine.check_settings(settings)
            except ValueError:
                continue
            if isinstance(settings, dict) and "first" in settings:
                continue  # a seat beyond the players is known only at start()
            raise AssertionError("check_settings took %r" % (settings,))
        else:
            raise AssertionError("%s took %r" % (engine.__name__, settings))
    for engine in (pd, cp, tg, tds):
        for bad_players in (0, 1.0, True, "3", None, 2 ** 64, [3], 9):
            try:
                engine.start(bad_players)
            except Refused:
                raise AssertionError("a plain ValueError")
            except ValueError:
                continue
            raise AssertionError("%s took %r players" % (engine.__name__, bad_players))


def test_random_settings_only_value_errors():
    c = robots.Chooser(99)
    keys = [row[0] for e in (pd, cp, tg, tds) for row in e.HOUSE_RULES] + ["x", 3]
    for _ in range(600):
        engine = c.pick((pd, cp, tg, tds))
        settings = {}
        for _ in range(c.num(0, 3)):
            settings[c.pick(keys)] = c.pick(JUNK)
        try:
            st = engine.start(c.pick((2, 3, 4)), settings)
        except ValueError:
            continue
        except Exception as e:
            raise AssertionError("%r raised %r" % (settings, e))
        assert json_round_trip(st) == st
