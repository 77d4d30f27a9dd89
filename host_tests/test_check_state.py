# Each engine's check_state(state): a state read back from flash (a snapshot in the
# game log) is checked before it is trusted. Both runtimes, seeded.
# 1. Every state of random play passes: the robots' games, with a damaged copy of some
#    events offered first (what the engine accepts is a legal event too).
# 2. Every field removed, set to None or to another type, every list shortened or
#    lengthened is named (a text, not None); junk of any kind gets an answer, never an
#    exception.
# 3. A state that passes after random changes within the types (other whole numbers,
#    other names, a field taken from another state of the same game) is one the resume
#    offer draws, that the engine plays on refusing only with Refused, and whose next
#    states pass too.
from pawpad.games import circus_puppy as cp
from pawpad.games import pick_a_dog as pd
from pawpad.games import top_dog as tg
from pawpad.games import top_dogs as tds
from pawpad.games.common import Refused, clone
from pawsim import robots
from support.skipping import MICROPYTHON

CIRCUS_HOUSE = {"red": [3, 9], "star": [5], "left_counts": "deck", "helper_takes": False,
                "start_card": "+3 twos", "first": 1}
# Every game at every number of players it takes (solo: one), a few house rules.
GAMES = (
    ("top_dogs", tds, (3, 4, 5), ({}, {"rounds": 4, "cup_points": 3})),
    ("top_dog", tg, (2, 3, 4, 5, 6), ({}, {"first": 1})),
    ("pick_a_dog", pd, (2, 3, 4, 5, 6, 7, 8), ({}, {"variant": "pog"}, {"variant": "solo"})),
    ("circus_puppy", cp, (2, 3, 4, 5), ({}, CIRCUS_HOUSE)),
)
SEEDS = 2  # games per set-up (top_dog: one with stats, one without)
MAX_TURNS = 250  # robot moves a game at most
KEPT = 24  # states kept a game for the damage, in even steps through its states
MUTANTS = 10  # changed copies of each state kept
# Where None is a legal value (or, for the item of a list, a legal item): the generic
# path, a list's index written [].
NULLABLE = {
    "top_dogs": ("last", "last.winner"),
    "top_dog": ("settings.first", "contestants[].prev", "contestants[].new",
                "contestants[].prev[]", "contestants[].new[]", "last_round",
                "last_round.champions[][]", "winner"),
    "pick_a_dog": ("caller", "last_stop", "last_stop[]"),
    "circus_puppy": ("turn", "turn.helper", "turn.repeat_action", "turn.done_at",
                     "last_turn"),
}
LOOSE = ("settings.red[]", "settings.star[]")  # lists that may lose an item
ODD = (None, 0, 1, 2, -1, True, False, "deck", "faceup", "new", "prev", "dogee show",
       [], [0, 0, 0, 0], [None, None])
NAN = float("nan")
JUNK = (None, True, False, 0, -1, 1.0, NAN, float("inf"), 2 ** 64, -(2 ** 64), 10 ** 30,
        "", "x", "dog", b"x", b"phase", [], [None], [[[]]], {}, {"a": {}}, {5: 1},
        {b"x": 1}, (0, 1), [0] * 9, ["dog"] * 60, {"game": "top_dog"})

# Fields no state has: bytes only on CPython (MicroPython warns when one is put in a
# dict beside texts; the check looks at a name's type before any lookup).
ODD_KEYS = (5, "x", "", None) + (() if MICROPYTHON else (b"phase", b"game"))


def flow_of(name):
    from pawpad.app.shell import flow

    return flow.load(name)


class Game:
    """What the flows' score lines ask of the app: a player's name, and short name."""

    def name(self, seat):
        return "Player%d" % (seat + 1)

    def short_name(self, seat):
        return "P%d" % (seat + 1)


class Recorder:
    """Stands in for an engine in robots.play: every state it gives must pass
    check_state; it keeps some of them. A damaged copy of some events is offered
    first: a state the engine makes of it is a legal state too."""

    def __init__(self, engine, c):
        self.engine = engine
        self.c = c
        self.states = []
        self.checked = 0

    def keep(self, st):
        why = self.engine.check_state(st)
        assert why is None, (why, st)
        self.checked += 1
        self.states.append(st)

    def start(self, players, settings):
        st = self.engine.start(players, settings)
        self.keep(st)
        return st

    def step(self, state, event):
        c = self.c
        if c.num(0, 2) == 0 and len(event) > 1:
            odd = clone(event)
            odd[c.pick([k for k in odd if k != "t"])] = c.pick(ODD)
            try:
                self.keep(self.engine.step(state, odd))
            except Refused:
                pass
        after = self.engine.step(state, event)
        self.keep(after)
        return after


_PLAYED = {}


def played():
    """{game: (states checked, [states kept])}: the robots' games, every state of them
    checked on the way (test 1); played once for all the tests of this file."""
    if _PLAYED:
        return _PLAYED
    seed = 1
    for name, engine, counts, setups in GAMES:
        checked = 0
        kept = []
        for players in counts:
            for settings in setups:
                if settings.get("variant") == "solo":
                    if players != counts[0]:
                        continue
                    players = 1
                for i in range(SEEDS):
                    c = robots.Chooser(seed)
                    c.stats = i % 2 == 0
                    seed += 1
                    rec = Recorder(engine, c)
                    robots.play(name, players, settings, c, MAX_TURNS, engine=rec)
                    checked += rec.checked
                    states = rec.states
                    step = max(1, len(states) // 4)
                    kept += states[::step] + [states[-1]]
        step = max(1, len(kept) // KEPT)
        _PLAYED[name] = (checked, kept[::step])
    return _PLAYED


def places(value, path, out):
    """(container, key, generic path) of every value inside `value`."""
    if isinstance(value, dict):
        for k in value:
            p = "%s.%s" % (path, k) if path else "%s" % (k,)
            out.append((value, k, p))
            places(value[k], p, out)
    elif isinstance(value, list):
        p = path + "[]"
        for i in range(len(value)):
            out.append((value, i, p))
            places(value[i], p, out)
    return out


def other_types(v):
    """Values of another type than `v` (bool is not an int here)."""
    if v is True or v is False:
        return (0, 1, "yes")
    if type(v) is int:
        return (True, float(v), str(v), [v])
    if type(v) is str:
        return (0, v.encode(), [v])
    if type(v) is list:
        return (tuple(v), {}, "x", 0)
    if type(v) is dict:
        return (list(v), [], "x", 0)
    return (1.5, "x", b"")


def answer(engine, st):
    """check_state's answer: None or a short text, never an exception."""
    try:
        why = engine.check_state(st)
    except Exception as e:  # the bug this test hunts
        raise AssertionError("check_state raised %r" % (e,))
    assert why is None or (type(why) is str and 0 < len(why) <= 120), why
    return why


def expect_named(engine, st, what):
    why = answer(engine, st)
    assert why is not None, what
    return why


def test_every_state_of_random_play_passes():
    total = 0
    for name, _engine, _counts, _setups in GAMES:
        checked, kept = played()[name]
        assert checked >= 60 and len(kept) >= 10, (name, checked, len(kept))
        total += checked
    assert total > 2000, total


def test_the_start_of_every_game_passes():
    for name, engine, counts, setups in GAMES:
        for players in counts:
            for settings in setups:
                n = 1 if settings.get("variant") == "solo" else players
                assert engine.check_state(engine.start(n, settings)) is None, name


def test_the_answer_says_what_is_wrong():
    st = tds.start(3)
    cases = (
        ("round", None, "state has no field 'round'"),
        ("round", True, "round is not a whole number 0 to 30"),
        ("round", 2 ** 70, "round is not a whole number 0 to 30"),
        ("cups", [0, 0], "cups has 2 items, not 3"),
        ("players", 3.0, "players is not a whole number 3 to 5"),
        ("phase", "over", "ended is wrong for the phase"),
        ("settings", {"rounds": 10, "cups": 10}, "settings has no field 'cup_points'"),
    )
    for key, value, why in cases:
        bad = clone(st)
        if value is None:
            del bad[key]
        else:
            bad[key] = value
        assert tds.check_state(bad) == why, (tds.check_state(bad), why)
    bad = tg.start(2)
    bad["contestants"][1]["new"] = [[1, 2, 3, False]]
    assert tg.check_state(bad) == "contestants[1].new[0][3] is not a whole number 0 to 99"
    bad = cp.start(2)
    bad["settings"]["first"] = 2
    assert cp.check_state(bad) == "settings.first is not a seat of the 2 players"
    bad["settings"]["first"] = None
    assert cp.check_state(bad) == "settings.first is not a seat 1 to 5"
    bad = cp.start(3)
    bad["active"] = 3
    assert cp.check_state(bad) == "active is not a seat of the 3 players"
    assert pd.check_state([]) == "state is not a dict"


def test_every_damage_is_named():
    named = 0
    for name, engine, _counts, _setups in GAMES:
        nullable = NULLABLE[name]
        for st in played()[name][1][::2]:
            before = clone(st)
            for box, key, path in places(st, "", []):
                v = box[key]
                what = (name, path, v)
                # removed (a list shortened)
                if isinstance(box, dict):
                    del box[key]
                else:
                    box.pop(key)
                if path in LOOSE:
                    answer(engine, st)
                else:
                    expect_named(engine, st, what + ("removed",))
                    named += 1
                if isinstance(box, dict):
                    box[key] = v
                else:
                    box.insert(key, v)
                # None
                if v is not None:
                    box[key] = None
                    if path in nullable:
                        answer(engine, st)
                    else:
                        expect_named(engine, st, what + (None,))
                        named += 1
                # another type
                for w in other_types(v):
                    box[key] = w
                    expect_named(engine, st, what + (w,))
                    named += 1
                box[key] = v
                # a list lengthened
                if type(v) is list:
                    v.append(clone(v[-1]) if v else 0)
                    expect_named(engine, st, what + ("lengthened",))
                    named += 1
                    v.pop()
            # a field too many, and the state not a dict at all
            st["extra"] = 0
            expect_named(engine, st, (name, "extra"))
            del st["extra"]
            assert st == before, "the damage was not undone, or check_state changed it"
            for junk in (None, [], [st], 0, "state", (st,), {}, {1: st}):
                expect_named(engine, junk, (name, junk))
            named += 9
    assert named > 3000, named


def test_junk_anywhere_gets_an_answer():
    c = robots.Chooser(7)
    for name, engine, _counts, _setups in GAMES:
        for junk in JUNK:
            answer(engine, junk)
        for st in played()[name][1][::3]:
            spots = places(st, "", [])
            for _ in range(25):
                mut = clone(st)
                for _ in range(c.num(1, 3)):
                    box, key, _path = c.pick(places(mut, "", []) or spots)
                    j = c.pick(JUNK)  # a copy: junk is never put inside itself
                    box[key] = clone(j) if isinstance(j, (list, dict)) else j
                if c.num(0, 3) == 0:
                    mut[c.pick(ODD_KEYS)] = c.pick(JUNK)
                answer(engine, mut)


def within_type(v, path, pool, c):
    """Another value of the same type as `v` (or one the same path holds in another
    state of the game)."""
    others = pool.get(path)
    if others and (c.num(0, 2) == 0 or type(v) in (list, dict) or v is None):
        return clone(c.pick(others))
    if v is True or v is False:
        return not v
    if type(v) is int:
        return c.pick((v + 1, v - 1, 0, 1, 2, 3, 4, v + 5, 29, 30, 99, 2 * v, -1))
    if type(v) is str:
        return c.pick(pool[":str"])
    return v


def mutant(st, pool, c):
    """A copy of `st` with one or two values changed within their types, or one dog
    (card, point) moved from a count to another: sums then still add up."""
    mut = clone(st)
    spots = places(mut, "", [])
    if c.coin():
        counts = [s for s in spots if type(s[0][s[1]]) is int]
        a, b = c.pick(counts), c.pick(counts)
        a[0][a[1]] -= 1
        b[0][b[1]] += 1
        return mut
    for _ in range(c.num(1, 2)):
        box, key, path = c.pick(spots)
        box[key] = within_type(box[key], path, pool, c)
    return mut


def value_pool(states):
    """{generic path: [values there in the states]}, and ":str": every text value."""
    pool = {":str": []}
    for st in states:
        for box, key, path in places(st, "", []):
            v = box[key]
            pool.setdefault(path, []).append(v)
            if type(v) is str:
                pool[":str"].append(v)
    return pool


def resume_offer(flow, st):
    """What the resume offer (app/shell/resume.py: ResumeOffer.draw) and the history ask of
    the flow for a saved state."""
    game = Game()
    lines = [flow.title(st), flow.prompt(st)] + flow.score_line(st, game)
    assert all(type(x) is str for x in lines), lines
    scores = flow.scores(st)
    assert len(scores) == st["players"], scores
    flow.phase(st)
    if st["ended"]:
        flow.winners(st)
        flow.result_lines(st, game)


def play_on(name, engine, st, c, moves=3):
    """A few robot moves from `st`: the engine refuses only with Refused, and every
    state it makes passes the check."""
    box = [st]

    def state():
        return box[0]

    def feed(event):
        try:
            new = engine.step(box[0], event)
        except Refused:
            return False
        why = engine.check_state(new)
        assert why is None, (name, why, event, box[0])
        box[0] = new
        return True

    for _ in range(moves):
        if box[0]["ended"]:
            return
        robots.ROBOTS[name](state, c, feed)


def test_states_that_pass_are_ones_the_box_can_show_and_play():
    c = robots.Chooser(11)
    c.stats = True
    tried = passed = 0
    for name, engine, _counts, _setups in GAMES:
        flow = flow_of(name)
        states = played()[name][1]
        pool = value_pool(states)
        for st in states:
            resume_offer(flow, st)
            for _ in range(MUTANTS):
                mut = mutant(st, pool, c)
                tried += 1
                if answer(engine, mut) is not None:
                    continue
                passed += 1
                try:
                    resume_offer(flow, mut)
                    play_on(name, engine, mut, c)
                except AssertionError:
                    raise
                except Exception as e:
                    raise AssertionError("%s: %r on a state check_state passed: %r"
                                         % (name, e, mut))
    assert passed > tried // 20, (passed, tried)
