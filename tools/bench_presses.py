# Key presses for a typical round of each game, through the real menus of the device on
# the simulated board (virtual time). A user who knows what to enter plays the round:
# they read the screen and press UP or DOWN the shorter way to each value, OK to go on;
# every press of a menu or player button counts (the STOP slap too), and a key is never
# held (each step is a tap: the figures are the most a player has to press; holding
# UP/DOWN repeats and would take fewer). The rounds are drawn from a seeded generator,
# so every run presses the same keys, and after each round the game's state is checked
# against what was meant: a count is only printed for a round entered right.
#
#   python tools/bench_presses.py             the table (make bench)
#   python tools/bench_presses.py --rounds 6  more rounds a game
# host_tests/test_presses.py holds the goal: at most half of the figures.
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _sub in ("firmware", "tools", "tools/shims", "boards/pico"):
    _p = os.path.join(_ROOT, _sub)
    if _p not in sys.path:
        sys.path.insert(0, _p)

from pawpad.app.device import Device  # noqa: E402
from pawpad.app.game_start import begin  # noqa: E402
from pawpad.games import pick_a_dog as pd  # noqa: E402
from pawpad.games import top_dog as tg  # noqa: E402
from pawpad.games import top_dogs as tds  # noqa: E402
from pawsim import board as simboard  # noqa: E402
from pawsim.robots import Lcg  # noqa: E402
from pawsim.script import Player, parse  # noqa: E402
from pawsim.scripts import GO_MS  # noqa: E402

STEP_MS = 150  # between two presses (the device runs on 200 ms after each)


class User:
    """Presses keys on the simulated device and counts them."""

    def __init__(self, data, game, players, setup=None):
        with open(data + "/settings.json", "w") as f:
            f.write('{"players": %d}' % players)
        world = simboard.World(simboard.Clock(True), True, True)
        self.p = Player(world, simboard.build(world, data), Device, "/tmp")
        self.p.play(parse("1600 end\n"))  # booted to the main menu
        begin(self.p.dev.app, game, players, setup)  # opening a game is not counted
        self.wait(200)
        self.presses = 0

    @property
    def app(self):
        return self.p.dev.app

    @property
    def top(self):
        return self.p.dev.app.top

    @property
    def state(self):
        return self.p.dev.app.session.state

    def press(self, name):
        """A menu key (up, down, ok, back) or a player's button (p1 .. p8)."""
        self.presses += 1
        self.p.play(parse("%d %s\n" % (self.p.t + 20, name)))

    def seat(self, s):
        self.press("p%d" % (s + 1))

    def wait(self, ms):
        self.p.play(parse("%d end\n" % (self.p.t + ms)))

    def toward(self, get, target, low, high, wrap=True):
        """UP or DOWN the shorter way until get() == target (values low..high; UP adds
        one, and past `high` comes `low` when `wrap`)."""
        for _ in range(2 * (high - low + 2)):
            v = get()
            if v == target:
                return
            up = (target - v) % (high - low + 1) if wrap else target - v
            down = (v - target) % (high - low + 1) if wrap else v - target
            self.press("up" if (up <= down if wrap else up > 0) else "down")
        raise AssertionError("%r never reached %r" % (get(), target))

    def expect(self, name):
        if self.top.name != name:
            raise AssertionError("expected screen %s, got %s" % (name, self.top.name))


# --- the rounds: what a table typically has to enter ---

def top_dogs_teams(c, players):
    """Each player's team: three cards of their hand, values 1 to 10 (their 20 cards
    of one colour)."""
    return [[c.num(1, 10) for _ in range(3)] for _ in range(players)]


def stand_in_deck(c):
    """18 dogs' P, A, W, S: the rulebook prints no numbers, so small ones (0 to 5),
    the same every run."""
    return [[c.num(0, 5) for _ in range(4)] for _ in range(tg.DOGS)]


def pick_counts(c, skill, table):
    """Member cards a player collects: about their usual, a card more or less; now and
    then a chain breaks (its cards counted the same way)."""
    out = [max(0, s + c.num(-1, 1)) for s in skill]
    while sum(out) > table:
        out[out.index(max(out))] -= 1
    broken = [s for s in range(len(skill)) if c.num(0, 9) == 0]
    return out, broken


# --- the games ---

def round_top_dogs(u, teams):
    u.expect("top-dogs")
    u.press("ok")
    from pawpad.app.flow_top_dogs import CARD_MAX

    for _ in range(len(teams)):
        e = u.top
        u.expect("team-entry")
        seat = e.seat
        for f in range(3):
            u.toward(lambda e=e, seat=seat: e.cards[seat][e.field], teams[seat][f], 1, CARD_MAX)
            u.press("ok")
    u.expect("team-confirm")
    u.press("ok")


def play_top_dogs(u, c, rounds):
    counts = []
    n = u.state["players"]
    for _ in range(rounds):
        teams = top_dogs_teams(c, n)
        want = tds.step(u.state, {"t": "teams", "cards": teams})
        before = u.presses
        round_top_dogs(u, teams)
        assert u.state["cups"] == want["cups"], (u.state["cups"], want["cups"])
        counts.append(u.presses - before)
    return counts


def top_dog_plays(c, st, hands, deck):
    """Every seat with a dog lays one from its hand: a new dog where there is room,
    else bred onto the previous contestant; now and then a breed by choice."""
    plays = []
    for seat in range(st["players"]):
        if not st["hands"][seat]:
            continue
        con = st["contestants"][seat]
        how = "new"
        if con["new"] is not None or (con["prev"] is not None and c.num(0, 3) == 0):
            how = "breed"
        dog = hands[seat].pop(c.num(0, len(hands[seat]) - 1))
        plays.append([seat, how, list(deck[dog]), dog])
    return plays


def round_top_dog(u, plays):
    u.expect("top-dog")
    u.press("ok")
    from pawpad.app.flow_top_dog import STAT_MAX, UNKNOWN

    for seat, how, stats, _dog in plays:
        e = u.top
        u.expect("top-dog-play")
        assert e.seat() == seat
        row = e.entries[seat]
        if row[0] != how:
            u.press("up")
        u.press("ok")
        for f in range(4):
            u.toward(lambda e=e, row=row: row[e.field], stats[f], UNKNOWN, STAT_MAX)
            u.press("ok")
    while u.top.name in ("top-dog-summary", "top-dog-rescue"):
        u.press("ok")


def play_top_dog(u, c, rounds):
    deck = stand_in_deck(Lcg(18))
    n = u.state["players"]
    each, _ = tg.deal_count(n)
    order = list(range(tg.DOGS))
    hands = [order[s * each:(s + 1) * each] for s in range(n)]  # played before a rescue
    counts = []
    for _ in range(rounds):
        plays = top_dog_plays(c, u.state, hands, deck)
        want = tg.step(u.state, {"t": "play", "plays": [p[:3] for p in plays]})
        before = u.presses
        round_top_dog(u, plays)
        assert u.state["champions"] == want["champions"]
        counts.append(u.presses - before)
    return counts


def round_pick(u, caller, right, collected, broken):
    u.expect("pad-ready")
    u.press("ok")
    u.wait(GO_MS)
    u.seat(caller)
    u.wait(100)
    u.expect("pad-stopped")
    u.press("ok")
    u.expect("pad-exam")
    u.press("ok" if right else "back")
    e = u.top
    u.expect("pad-counts")
    for seat, v in enumerate(collected):
        assert e.sel == seat
        if (seat in broken) != (seat in e.broken):
            u.toward(lambda e=e, seat=seat: e.values[seat], 0, 0, 99, False)
            u.press("down")  # below 0: the chain broke
        u.toward(lambda e=e, seat=seat: e.values[seat], v, 0, 99, False)
        u.press("ok")
    u.press("ok")  # Save
    u.expect("pad-result")
    u.press("ok")


def play_pick(u, c, rounds):
    """Each player collects about as many cards every round: 1 to 4 in Pick-a-Dog with
    4 players (30 on the table), 2 to 7 in Pick-a-Pog with 8 (49)."""
    n = u.state["players"]
    table = u.state["table"]
    skill = [c.num(1, 4) if table == 30 else c.num(2, 7) for _ in range(n)]
    counts = []
    for _ in range(rounds):
        if u.state["ended"]:
            break
        caller = c.num(0, n - 1)
        right = c.num(0, 3) > 0
        collected, broken = pick_counts(c, skill, u.state["table"])
        want = pd.step(u.state, {"t": "stop", "seat": caller})
        want = pd.step(want, {"t": "result", "right": right, "collected": collected,
                              "broken": broken})
        before = u.presses
        round_pick(u, caller, right, collected, broken)
        assert u.state["scores"] == want["scores"], (u.state["scores"], want["scores"])
        counts.append(u.presses - before)
    return counts


# (game, label, players, setup, player, issue 10's count)
GAMES = (
    ("top_dogs", "Top Dogs, 3 players", 3, None, play_top_dogs, "29-60 (mean 41)"),
    ("top_dog", "Top Dog, 3 players, stats", 3, None, play_top_dog, "52-67"),
    ("pick_a_dog", "Pick-a-Pog, 8 players", 8, {"variant": "pog"}, play_pick, "53"),
    ("pick_a_dog", "Pick-a-Dog, 4 players", 4, {"variant": "dog"}, play_pick, "19"),
)


def measure(data, row, rounds, seed=10):
    """Presses for each of `rounds` rounds of one row of GAMES, played in `data` (an
    empty folder)."""
    game, _label, players, setup, player, _before = row
    u = User(data, game, players, setup)
    return player(u, Lcg(seed), rounds)


def main(argv):
    import tempfile

    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 4
    print("Key presses for one round (taps only), %d rounds a game:" % rounds)
    print("%-27s %6s %5s %6s  %s" % ("game", "fewest", "most", "mean", "issue 10, before"))
    for row in GAMES:
        with tempfile.TemporaryDirectory() as data:
            counts = measure(data, row, rounds)
        print("%-27s %6d %5d %6.1f  %s" % (row[1], min(counts), max(counts),
                                           sum(counts) / len(counts), row[5]))


if __name__ == "__main__":
    main(sys.argv[1:])
