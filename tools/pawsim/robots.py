# Robot players: they play whole games of each engine by asking a chooser for every
# decision, mostly legal and sometimes not. The property tests give them a chooser
# backed by hypothesis; the benchmark and the simulator a seeded generator. Every
# offered event goes through `feed`, which returns whether the engine accepted it.
from pawpad.games import circus_puppy as cp
from pawpad.games import pick_a_dog as pd
from pawpad.games import top_dog as tg
from pawpad.games import top_dogs as tds
from pawsim.rng import Rng


class Chooser(Rng):
    """A seeded chooser: every decision is a `num`, so a kind of player (below) is
    one `num` of its own."""

    def __init__(self, seed=1):
        Rng.__init__(self, seed)
        self.t = 0

    def tick(self, lo, hi):
        """A clock that moves on by a chosen step: times for falls and performances."""
        self.t += self.num(lo, hi)
        return self.t

    def pick(self, options):
        return options[self.num(0, len(options) - 1)]

    def coin(self):
        return self.num(0, 1) == 1


class Close(Chooser):
    """Players who collect little: a game runs as long as its deck allows."""

    def num(self, lo, hi):
        return Chooser.num(self, lo, min(hi, lo + 1))


class Even(Chooser):
    """Always the first choice: in Top Dog the Pound keeps coming back to the players
    (equal stats), so the game runs as long as asked."""

    def num(self, lo, hi):
        return lo


class Mixed(Chooser):
    """Mostly the first choice, now and then any: Top Dog games of a few dozen rounds
    that end."""

    def num(self, lo, hi):
        if Chooser.num(self, 0, 99) < 96:
            return lo
        return Chooser.num(self, lo, hi)


def top_dogs(state, c, feed):
    teams = [[c.num(0, 7) for _ in range(3)] for _ in range(state()["players"])]
    if not feed({"t": "teams", "cards": teams}):
        feed({"t": "teams", "cards": [[1, 2, 3 + seat] for seat in range(len(teams))]})


def pick_a_dog(state, c, feed):
    st = state()
    n = st["players"]
    if st["phase"] == "ready" and st["settings"]["variant"] != "solo":
        seat = c.pick([None, -1] + list(range(n)))
        if not feed({"t": "stop", "seat": seat}):
            feed({"t": "stop", "seat": 0})
        return
    share = max(1, st["table"] // n)
    collected = [c.num(0, share + 1) for _ in range(n)]
    broken = [c.num(0, n - 1) for _ in range(c.num(0, 2))]
    right = c.coin()
    if not feed({"t": "result", "right": right, "collected": collected, "broken": broken}):
        feed({"t": "result", "right": right, "broken": [],
              "collected": [min(1, st["table"])] + [0] * (n - 1)})


def top_dog(state, c, feed):
    st = state()
    with_stats = getattr(c, "stats", True)  # False: the players judge every medal
    n = st["players"]
    if st["phase"] == "rescue":
        feed({"t": "rescued"})
    elif st["phase"] == "judge":
        won = {}
        for letter in tg.available(st):
            won[letter] = c.pick([None, [c.num(0, n - 1), c.pick(["prev", "new"])]])
        if not feed({"t": "medals", "won": won}):
            feed({"t": "medals", "won": {m: None for m in tg.available(st)}})
    else:
        plays = []
        for seat in range(n):
            if st["hands"][seat] == 0:
                continue
            how = c.pick(["new", "breed"])
            con = st["contestants"][seat]
            if c.num(0, 9) > 0:  # mostly legal
                how = "new" if con["new"] is None and (con["prev"] is None or how == "new") \
                    else "breed"
            stats = [c.num(0, 9) for _ in range(4)] if with_stats else None
            plays.append([seat, how, stats])
        if not feed({"t": "play", "plays": plays}):
            fixed = []
            for seat in range(n):
                if st["hands"][seat]:
                    how = "new" if st["contestants"][seat]["new"] is None else "breed"
                    fixed.append([seat, how, [0, 0, 0, 0] if with_stats else None])
            feed({"t": "play", "plays": fixed})


def circus_puppy(state, c, feed):
    st = state()
    n = st["players"]
    t = c.tick(0, 7000)
    if st["phase"] == "turn":
        seat = st["active"]
        e = {"t": "perform", "action": c.pick(cp.ACTIONS),
             "from": "deck" if st["decks"][seat] else "faceup",
             "chosen": c.pick(cp.ACTIONS), "helper": (seat + 1) % n}
        if not feed(e):
            e["action"] = "dogee show"
            feed(e)
        return
    if st["phase"] == "after":
        if c.coin():
            feed({"t": "settled"})
        else:
            feed({"t": "fall", "stage": c.num(0, 1), "dogs": 1, "t_ms": t})
        return
    turn = st["turn"]
    if c.num(0, 9) == 0:
        feed({"t": "fall", "stage": c.num(0, 1), "dogs": c.num(1, 3), "t_ms": t})
    elif turn["stages"] < turn["need_stage"] and st["stage_cards"]:
        feed({"t": "new_stage", "card": c.pick(st["stage_cards"]), "stage": c.num(0, 1)})
    elif turn["moves"] < turn["need_moves"] and feed({"t": "move", "from": c.num(0, 1)}):
        pass
    elif turn["held"]:
        feed({"t": "stack", "stage": c.num(0, 1)})
    elif turn["repeat"]:
        again = {"t": "perform", "action": turn["repeat_action"], "from": "deck",
                 "chosen": "dogee show", "helper": (st["active"] + 1) % n}
        if not feed(again):
            again["from"] = "faceup"
            if not feed(again):
                feed({"t": "fall", "stage": 0, "dogs": 1, "t_ms": t})
    elif not feed({"t": "done", "t_ms": t}):
        if not feed({"t": "move", "from": 0}):
            feed({"t": "move", "from": 1})


ROBOTS = {"top_dogs": top_dogs, "pick_a_dog": pick_a_dog, "top_dog": top_dog,
          "circus_puppy": circus_puppy}
ENGINES = {"top_dogs": tds, "pick_a_dog": pd, "top_dog": tg, "circus_puppy": cp}


def play(name, players, settings, chooser, max_turns=2000, engine=None, accepted=None):
    """Plays a game to its end (or max_turns robot moves); returns (state, accepted
    events). `engine` stands in for the game's module (tests wrap it with checks);
    `accepted` takes each event as it is accepted (its append), in place of a list of
    them: a long game's events need not all be in RAM at once."""
    engine = engine or ENGINES[name]
    box = [engine.start(players, settings)]
    accepted = [] if accepted is None else accepted

    def state():
        return box[0]

    def feed(event):
        try:
            new = engine.step(box[0], event)
        except ValueError:  # Refused
            return False
        box[0] = new
        accepted.append(event)
        return True

    robot = ROBOTS[name]
    turns = 0
    while not box[0]["ended"] and turns < max_turns:
        robot(state, chooser, feed)
        turns += 1
    return box[0], accepted
