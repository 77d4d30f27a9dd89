# Key presses for a typical round of each game, through the real menus of the device on
# the simulated board (virtual time). A user who knows what to enter plays the round:
# they read the screen and press UP or DOWN the shorter way to each value, OK to go on;
# every press of a menu or player button counts (the STOP slap too), and a key is never
# held (each step is a tap: the figures are the most a player has to press; holding
# UP/DOWN repeats and would take fewer). The rounds are drawn from a seeded generator,
# so every run presses the same keys, and after each round the game's state is checked
# against what was meant: a count is only printed for a round entered right. A table
# plays an evening: game after game on one box by the same players, each game to its
# end (into the statistics), until ROUNDS rounds are counted.
#
#   python -m bench.bench_presses                    the table (make bench)
#   python -m bench.bench_presses --rounds 60        more rounds a game
# The table is also written into docs/benchmarks.md (its section "bench-presses";
# --no-doc leaves the file alone).
# host_tests/test_bench_presses.py holds the goals: at most half of the presses before, and
# as the box ships (the Keypad on) at most 14 a Top Dogs round for 3 and 16 a Top Dog one.
# Circus Puppy's turns, a row per action with the load cells and by the menus alone, are
# bench/circus_turns.py's.
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import circus_turns  # noqa: E402
from pawpad.app.device.device import Device  # noqa: E402
from pawpad.app.shell.game_start import begin  # noqa: E402
from pawpad.games import pick_a_dog as pd  # noqa: E402
from pawpad.games import top_dog as tg  # noqa: E402
from pawpad.games import top_dogs as tds  # noqa: E402
from pawsim import board as simboard  # noqa: E402
from pawsim.robots import Chooser  # noqa: E402
from pawsim.script import Player, parse  # noqa: E402
from pawsim.scripts import GO_MS  # noqa: E402

STEP_MS = 150  # between two presses (the device runs on 200 ms after each)
# A game's rounds measured, from as many games as they take. Top Dogs' mean sits near
# half of before (docs/benchmarks.md, "Key presses for a round"): 30 rounds drew it
# above half, 100 and 300 below; a smaller sample swings it across the line.
ROUNDS = 100


class User:
    """Presses keys on the simulated device and counts them."""

    def __init__(self, data, game, players, setup=None, cells=True):
        with open(data + "/settings.json", "w") as f:
            f.write('{"players": %d}' % players)
        world = simboard.World(simboard.Clock(True), True, cells)  # cells: the load cells
        self.p = Player(world, simboard.build(world, data), Device, "/tmp")
        self.p.play(parse("1600 end\n"))  # booted to the main menu
        self.game = (game, players, setup)
        self.presses = 0
        self.once = None  # presses made once for the evening (the dog catalog)
        self.skill = None  # the players' usual hauls in Pick-a-Dog: theirs all evening
        self.new_game()

    def new_game(self):
        """Opens the next game (not counted)."""
        game, players, setup = self.game
        begin(self.p.dev.app, game, players, setup)
        self.wait(200)

    def finish(self):
        """The game's end confirmed (not counted): into the history and the
        statistics, and the box at its main menu. A game cut short is ended from the
        game menu."""
        names = ["ok"] * 3 if self.state["ended"] else ["back", "up", "up", "ok", "ok"]
        for name in names:
            if self.top.name == "menu":
                break
            self.p.play(parse("%d %s\n" % (self.p.t + 200, name)))
        self.expect("menu")

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

    def toward(self, get, target, low, high, wrap=True, more="up"):
        """UP or DOWN the shorter way until get() == target (values low..high; `more`
        adds one, and past `high` comes `low` when `wrap`)."""
        less = "down" if more == "up" else "up"
        for _ in range(2 * (high - low + 2)):
            v = get()
            if v == target:
                return
            up = (target - v) % (high - low + 1) if wrap else target - v
            down = (v - target) % (high - low + 1) if wrap else v - target
            self.press(more if (up <= down if wrap else up > 0) else less)
        raise AssertionError("%r never reached %r" % (get(), target))

    def expect(self, name):
        if self.top.name != name:
            raise AssertionError("expected screen %s, got %s" % (name, self.top.name))


# --- the rounds: what a table typically has to enter ---

class TopDogsHands:
    """Each player's 20 cards of one colour (values 1 to 10, twice: the rulebook's
    teams pair cards), a hand of 7; a team is the hand's best half the time, any three
    the other half; then 3 + 1 cards go and the hand is refilled to 7."""

    def __init__(self, c, players):
        self.c = c
        self.decks = [self.shuffled(list(range(1, 11)) * 2) for _ in range(players)]
        self.hands = [[d.pop() for _ in range(7)] for d in self.decks]

    def shuffled(self, cards):
        for i in range(len(cards) - 1, 0, -1):
            j = self.c.num(0, i)
            cards[i], cards[j] = cards[j], cards[i]
        return cards

    def teams(self):
        out = []
        for seat, hand in enumerate(self.hands):
            if self.c.coin():
                picks = max(((i, j, k) for i in range(7) for j in range(i + 1, 7)
                             for k in range(j + 1, 7)),
                            key=lambda t: tds.team_value([hand[x] for x in t]))
            else:
                picks = tuple(self.shuffled(list(range(7)))[:3])
            team = sorted((hand[x] for x in picks), reverse=True)  # as laid: 5-5-2
            rest = [hand[x] for x in range(7) if x not in picks]
            rest.pop(self.c.num(0, 3))  # one more card discarded
            deck = self.decks[seat]
            if len(deck) < 4:
                deck[:0] = self.shuffled(list(range(1, 11)) * 2)
            self.hands[seat] = rest + [deck.pop() for _ in range(4)]
            out.append(team)
        return out


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

def round_top_dogs(u, teams, keypad=False):
    """From the board: each team's cards, the shorter way. Without the keypad: UP/DOWN
    and OK, or their own button once the rest shows right; with it (the setting), OK
    when a card shows right, else its value's player button when there is one (8 on
    the box), else UP/DOWN and OK."""
    u.expect("top-dogs")
    u.press("ok")
    from pawpad.app.flows.top_dogs.flow import CARD_MAX

    keys = u.app.keypad_keys() if keypad else 0
    for _ in range(len(teams)):
        e = u.top
        u.expect("team-entry")
        seat = e.seat
        team = teams[seat]
        for f in range(3):
            if keypad and e.cards[seat][f] != team[f] and team[f] <= keys:
                u.seat(team[f] - 1)  # the value, and on
                continue
            if not keypad and e.cards[seat][f:] == team[f:] and f < 2:
                u.seat(seat)  # the rest shows right: their own button enters it
                break
            u.toward(lambda e=e, seat=seat: e.cards[seat][e.field], team[f], 1, CARD_MAX)
            u.press("ok")
    if u.top.name == "team-confirm":  # a box that shows the cup before it saves
        u.press("ok")
    if u.top.name == "top-dogs-last":  # the last round's cup, over the results
        u.press("ok")
    if u.top.name != "results":  # the game's last round goes on to the results
        u.expect("top-dogs")  # the last team in: the round is saved


def play_top_dogs(u, c, rounds, keypad=False):
    counts = []
    hands = TopDogsHands(c, u.state["players"])
    u.app.settings["keypad"] = keypad  # a setting, set once for the evening
    for _ in range(rounds):
        if u.state["ended"]:
            break
        teams = hands.teams()
        want = tds.step(u.state, {"t": "teams", "cards": teams})
        before = u.presses
        round_top_dogs(u, teams, keypad)
        assert u.state["cups"] == want["cups"], (u.state["cups"], want["cups"])
        assert u.app.session.events()[-1]["cards"] == teams  # keyed as they lay
        counts.append(u.presses - before)
    return counts


def play_top_dogs_keypad(u, c, rounds):
    return play_top_dogs(u, c, rounds, True)


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
        if not hands[seat]:
            return None  # the dealt hand is played out (the rescued dogs are not known)
        dog = hands[seat].pop(c.num(0, len(hands[seat]) - 1))
        plays.append([seat, how, list(deck[dog]), dog])
    return plays


def round_top_dog(u, plays, keypad=False):
    u.expect("top-dog")
    u.press("ok")
    from pawpad.app.flows.top_dog import entry
    from pawpad.games.top_dog import DOGS

    HOW, DOG = 0, getattr(entry, "DOG", None)  # a box without the catalog: no DOG

    want = {p[0]: p for p in plays}
    while u.top.name == "top-dog-play":
        e = u.top
        seat = e.seat()
        _, how, stats, dog = want[seat]
        if e.field == HOW:
            if e.entries[seat][0] != how:
                u.press("up")
        elif e.field == DOG:
            u.toward(lambda e=e, seat=seat: e.dogs[seat], dog + 1, 0, DOGS)
        else:
            f = e.field
            v = stats[f - 1]
            if keypad and e.entries[seat][f] != v and v < u.app.keypad_keys():
                u.seat(v)  # button v + 1 is the stat v, and on
                continue
            u.toward(lambda e=e, seat=seat, f=f: e.entries[seat][f], v,
                     entry.UNKNOWN, entry.STAT_MAX)
        u.press("ok")
    while u.top.name in ("top-dog-summary", "top-dog-rescue"):
        u.press("ok")


def key_catalog(u, deck):
    """Game menu -> Dog catalog -> each dog's P, A, W, S in one go; back to the game.
    Returns the presses it took."""
    from pawpad.app.flows.top_dog.catalog import STAT_TOP

    before = u.presses
    u.press("back")
    u.expect("game-menu")
    u.toward(lambda: u.top.sel, u.top.items.index("Dog catalog"), 0, len(u.top.items) - 1,
             more="down")  # a list: DOWN goes down it
    u.press("ok")
    u.expect("dog-catalog")
    u.press("ok")
    for stats in deck:
        e = u.top
        u.expect("dog-edit")
        for f in range(4):
            u.toward(lambda e=e: e.stats[e.field], stats[f], 0, STAT_TOP)
            u.press("ok")
    u.expect("dog-catalog")
    u.press("back")  # the catalog
    return u.presses - before


def play_top_dog(u, c, rounds, catalog=False, keypad=False):
    deck = stand_in_deck(Chooser(18))
    u.app.settings["keypad"] = keypad  # a setting, set once for the evening
    n = u.state["players"]
    each, _ = tg.deal_count(n)
    order = list(range(tg.DOGS))
    hands = [order[s * each:(s + 1) * each] for s in range(n)]  # played before a rescue
    counts = []
    if catalog and u.once is None:  # kept on the box: keyed in the evening's first game
        u.once = key_catalog(u, deck)
    for _ in range(rounds):
        if u.state["ended"]:
            break
        plays = top_dog_plays(c, u.state, hands, deck)
        if plays is None:
            break
        want = tg.step(u.state, {"t": "play", "plays": [p[:3] for p in plays]})
        before = u.presses
        round_top_dog(u, plays, keypad)
        assert u.state["champions"] == want["champions"]
        counts.append(u.presses - before)
    return counts


def play_top_dog_catalog(u, c, rounds):
    return play_top_dog(u, c, rounds, True)


def play_top_dog_keypad(u, c, rounds):
    return play_top_dog(u, c, rounds, False, True)


def round_pick(u, caller, right, collected, broken):
    """From the board (the first round) or the round before's result: OK is GO (a box
    whose result goes back to the board: OK there too)."""
    for _ in range(2):
        if u.top.name in ("pad-ready", "pad-result"):
            u.press("ok")
    u.expect("pad-countdown")
    u.wait(GO_MS)
    u.seat(caller)
    u.wait(100)
    u.expect("pad-stopped")
    from pawpad.app.flows.pick_a_dog import stop as pad_stop

    if hasattr(pad_stop, "Counts"):  # the verdict, on the STOP's own screen
        u.press("ok" if right else "back")
    else:  # a box that shows the examination after the STOP's screen
        u.press("ok")
        u.expect("pad-exam")
        u.press("ok" if right else "back")
    e = u.top
    u.expect("pad-counts")
    n = len(collected)
    for seat, v in enumerate(collected):
        if e.values[seat] == v and (seat in broken) == (seat in e.broken):
            continue  # as it shows
        goto(u, e, seat)
        if (seat in broken) != (seat in e.broken):
            if getattr(e, "pressed", None) != seat:  # their own button twice: broken
                u.seat(seat)
            u.seat(seat)
        if (seat in broken) != (seat in e.broken):  # a box without that: DOWN below 0
            u.toward(lambda e=e, seat=seat: e.values[seat], 0, 0, 99, False)
            u.press("down")
        u.toward(lambda e=e, seat=seat: e.values[seat], v, 0, 99, False)
    goto(u, e, n - 1)
    u.press("ok")  # on the last player: saved
    if u.top.name == "pad-counts":  # a box with a Save line under the players
        u.press("ok")
    u.expect("pad-result")  # its OK is the next round's GO (counted there)


def goto(u, e, seat):
    """To the count of `seat` from the chosen line, the shorter way: OK line by line
    (past the lines that show right), or that player's own button."""
    if e.sel == seat:
        return
    if seat == e.sel + 1:
        u.press("ok")
    else:
        u.seat(seat)
    assert e.sel == seat


def play_pick(u, c, rounds):
    """Each player collects about as many cards every round: 1 to 4 in Pick-a-Dog with
    4 players (30 on the table), 2 to 7 in Pick-a-Pog with 8 (49)."""
    n = u.state["players"]
    table = u.state["table"]
    if u.skill is None:  # the evening's players
        u.skill = [c.num(1, 4) if table == 30 else c.num(2, 7) for _ in range(n)]
    skill = u.skill
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


# (game, label, players, setup, player, the mean before (this benchmark, with its
# fallbacks for the screens of then, on the code of 02a17ee, before the presses were
# cut: the catalog did not exist, so a Top Dog round was its stats), the count a table
# asked for when the presses were cut)
GAMES = (
    # as the box ships (the Keypad on), then with the Keypad off (each player's own button)
    ("top_dogs", "Top Dogs, 3 players", 3, None, play_top_dogs_keypad, 56.6, "29-60 (mean 41)"),
    ("top_dogs", "Top Dogs, 3P, own buttons", 3, None, play_top_dogs, 56.6, "29-60 (mean 41)"),
    ("top_dog", "Top Dog, 3 players, stats", 3, None, play_top_dog_keypad, 58.8, "52-67"),
    ("top_dog", "Top Dog, 3P, stats, own buttons", 3, None, play_top_dog, 58.8, "52-67"),
    ("top_dog", "Top Dog, 3P, dog catalog", 3, None, play_top_dog_catalog, 58.8, "52-67"),
    ("pick_a_dog", "Pick-a-Pog, 8 players", 8, {"variant": "pog"}, play_pick, 45.6, "53"),
    ("pick_a_dog", "Pick-a-Dog, 4 players", 4, {"variant": "dog"}, play_pick, 21.6, "19"),
) + tuple(
    # Circus Puppy for 3, a row per action (every turn of the row plays it): the load
    # cells weigh the stages, then the same turns by the menu buttons alone (no load
    # cells). No before: the benchmark had no Circus Puppy then.
    ("circus_puppy", "Circus Puppy, %s%s" % (name, "" if cells else ", menus"), 3, None,
     circus_turns.play_circus(kind, cells), None, "-")
    for kind, name in zip(circus_turns.KINDS, ("stack", "Double Dog", "Helper", "New Stage",
                                               "Acrobatics", "a fall"))
    for cells in (True, False))


def measure(row, rounds, seed=10):
    """([presses of each round], presses made once) for `rounds` rounds of one row of
    GAMES: an evening of as many games as that takes on one box (each game's rounds
    drawn from its own seed, from `seed` on)."""
    import tempfile

    game, _label, players, setup, player = row[:5]
    rounds = min(rounds, getattr(player, "turns", rounds))
    counts = []
    with tempfile.TemporaryDirectory() as data:
        u = User(data, game, players, setup, getattr(player, "cells", True))
        while True:
            counts += player(u, Chooser(seed), rounds - len(counts))
            if len(counts) >= rounds:
                return counts, u.once
            u.finish()
            u.new_game()
            seed += 1


def main(argv):
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else ROUNDS
    print("Key presses for one round (taps only), %d rounds a game (Circus Puppy: a turn, "
          "%d a row):" % (rounds, min(rounds, circus_turns.TURNS)))
    print("%-31s %6s %5s %6s %7s %6s  %s" % ("game", "fewest", "most", "mean", "before",
                                              "share", "asked"))
    rows, notes = [], []
    for row in GAMES:
        counts, once = measure(row, rounds)
        mean = sum(counts) / len(counts)
        before = "-" if row[5] is None else "%.1f" % row[5]
        share = "-" if row[5] is None else "%d%%" % round(100 * mean / row[5])
        print("%-31s %6d %5d %6.1f %7s %6s  %s" % (row[1], min(counts), max(counts), mean,
                                                   before, share, row[6]))
        rows.append([row[1], min(counts), max(counts), "%.1f" % mean, before, share, row[6]])
        if once:
            print("  (and once, the 18 dogs keyed into the catalog: %d presses)" % once)
            notes.append("%s: once, the 18 dogs keyed into the catalog, %d presses."
                         % (row[1], once))
    if "--no-doc" not in argv:
        from bench import figures

        print("(figures written to %s)" % figures.shown(figures.write(
            "bench-presses", figures.section(
                "bench-presses", "CPython, the real menus on the simulated board in virtual "
                "time (tools/bench/bench_presses.py)",
                [("Key presses for one round (taps only), %d rounds a game (Circus Puppy: "
                  "a turn, %d a row); before: the same benchmark on the code before the "
                  "presses were cut (02a17ee)" % (rounds, min(rounds, circus_turns.TURNS)),
                  figures.table(["game", "fewest", "most", "mean", "before", "share",
                                 "asked"], rows) + "".join("\n\n" + n for n in notes))]))))


if __name__ == "__main__":
    main(sys.argv[1:])
