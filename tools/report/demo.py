# Evenings of Pick-a-Dog for the simulator: a script of timed key presses (tools/sim/sim.py
# --script) that plays whole games on the simulated box, so that its flash holds a real
# history, statistics and a game in progress. The report's test and the picture in
# docs/manual.md ("The report") are made from it:
#   python tools/report/demo.py GAMES SEED > demo.keys
#   micropython tools/sim/sim.py --script demo.keys --data DIR --no-display
# Every game is 4 players (Red, Blue, Green, Yellow). Each round: OK for the countdown
# (GO 3 s later; the board's OK, then the OK of the round before's result), maybe a
# false start, the STOP of the quickest player a reaction time after GO, the verdict
# (right, or now and then wrong) on the STOP's screen, everyone's count of cards (OK on
# the last saves). The rules engine plays along, so the counts fit the table and the
# script knows when the game is over. The last game is left in progress after a few
# rounds.
import sys

from pawpad.app.flows.pick_a_dog.exam import usual_counts
from pawpad.core.colours import NAMES as COLOURS
from pawpad.games import pick_a_dog
from pawsim.rng import Rng
from pawsim.scripts import counts_keys

PLAYERS = 4
COUNTDOWN_MS = 3000  # OK to GO
# The players' reactions after GO, ms: (mean, spread). Blue is quick, Green erratic.
REACTION = ((480, 90), (440, 70), (520, 160), (470, 100))
FALSE_START = 0.2  # of the rounds
WRONG = 0.15  # of the STOPs
PEOPLE = ("Ann", "Bob", "Cy")
SWAP_AFTER = 3  # games
MENU_PLAYERS = 4  # the main menu's row of Players (Pick-a-Dog is row 0)


class Script:
    def __init__(self):
        self.t = 1600  # the main menu is up at 1.5 s
        self.lines = []
        self.stops = []  # (caller, reaction ms, margin ms or None) of every STOP, in order
        self.callers = []  # who called each of them: the person at the seat, or its colour
        self.finished = []  # the engine's state at the end of each whole game
        self.results = []  # the result events of the game being played
        self.past = []  # those of the games finished
        self.seating = []  # who sat at each seat in each game (None: its colour)
        self.seats = [None] * PLAYERS  # who sits where now

    def key(self, action, gap=100):
        self.lines.append("%d %s" % (self.t, action))
        self.t += gap

    def round(self, rng, state):
        """One round of Pick-a-Dog from its ready screen; returns the state after it."""
        go = self.t + COUNTDOWN_MS
        self.key("ok", 0)
        if rng.random() < FALSE_START:
            self.t = go - 1000 + rng.below(800)
            self.key("p%d" % (rng.below(PLAYERS) + 1), 0)
        reacts = [max(180, int(REACTION[s][0] + rng.gauss(REACTION[s][1]))) for s in range(PLAYERS)]
        caller = min(range(PLAYERS), key=lambda s: reacts[s])
        self.t = go + reacts[caller]
        self.key("p%d" % (caller + 1), 0)
        # the next quickest presses too, when close behind: the STOP's margin
        second = sorted(range(PLAYERS), key=lambda s: reacts[s])[1]
        margin = reacts[second] - reacts[caller]
        if 20 <= margin < 300:
            self.t = go + reacts[second]
            self.key("p%d" % (second + 1), 0)
        else:
            margin = None
        self.t = go + reacts[caller] + 400
        self.stops.append((caller, reacts[caller], margin))
        self.callers.append(self.seats[caller] or COLOURS[caller])
        right = rng.random() >= WRONG
        self.key("ok" if right else "back")  # the verdict, on the STOP's screen
        room = state["table"] - 2  # what the players can take, the bonus card left
        cards = [min(rng.num(3, 7), room // PLAYERS) for _ in range(PLAYERS)]
        state = pick_a_dog.apply(state, {"t": "stop", "seat": caller})
        # the counts start at each player's usual count, as the box works it out: their
        # mean in this game, or in the first round their mean in the games before
        start = usual_counts(self.results or self.past, state["table"])
        lines, self.t = counts_keys(self.t, cards, start)
        self.lines += lines
        self.t += 300  # the round's result: its OK is the next round's GO
        event = {"t": "result", "right": right, "collected": cards}
        self.results.append(event)
        return pick_a_dog.apply(state, event)

    def sit(self, order):
        """From the main menu: Players > Who sits where, and the roster's people press
        their buttons in `order` ([(name, seat)]); back to the main menu's first row.
        The Seating screen starts at the first name and goes on to the next one
        without a seat; each press moves whoever sat there off."""
        for k in ["down"] * MENU_PLAYERS + ["ok"] + ["down"] * (PLAYERS + 1) + ["ok"]:
            self.key(k)
        for name, seat in order:
            self.key("p%d" % (seat + 1))
            for s in range(PLAYERS):
                if self.seats[s] == name:
                    self.seats[s] = None
            self.seats[seat] = name
        self.key("ok")  # done: back to Players
        self.key("back")  # the main menu, its cursor on Players
        for _ in range(MENU_PLAYERS):
            self.key("up")

    def game(self, rng, rounds=None):
        """A game from the main menu (Pick-a-Dog is its first row): to its end, or
        `rounds` rounds and left in progress."""
        self.seating.append(list(self.seats))
        self.key("ok")  # Pick-a-Dog
        self.key("ok", 200)  # the plain variant
        state = pick_a_dog.start(PLAYERS)
        self.results = []
        n = 0
        while not state["ended"] and (rounds is None or n < rounds):
            state = self.round(rng, state)  # GO: the board's OK, then the result's
            n += 1
        if state["ended"]:
            self.key("ok", 300)  # the last round's result: the final standings
            self.key("ok", 400)  # the final standings: into the history
            self.finished.append(state)
            self.past += self.results  # into the statistics: the players' usual counts
        return state

    def text(self):
        return "\n".join(self.lines + ["%d end" % (self.t + 500)]) + "\n"


def evening(games, seed=1, left_rounds=3, people=False, swap_after=SWAP_AFTER):
    """The Script played: `games` whole games, then one left in progress after
    `left_rounds` rounds; `people`: PEOPLE seated, the first two swapping seats after
    `swap_after` games. Its text() is the script."""
    rng = Rng(seed)
    s = Script()
    if people:
        s.sit([(name, seat) for seat, name in enumerate(PEOPLE)])
    for i in range(games):
        if people and i == swap_after:
            # Ann (the first name, where the screen starts) to Bob's seat: Bob is
            # unseated, the next name without a seat, and takes Ann's
            s.sit([(PEOPLE[0], 1), (PEOPLE[1], 0)])
        s.game(rng)
    if left_rounds:
        s.game(rng, rounds=left_rounds)
    return s


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--people"]
    sys.stdout.write(evening(int(args[0]) if args else 3, int(args[1]) if len(args) > 1 else 1,
                             people="--people" in sys.argv).text())
