# Top Dog: dogs compete for the P, A, W and S medals; each winner becomes a Champion,
# the rest go to the Pound, and the Pound is rescued in order of fewest points.
# docs/rules.md, "Top Dog".
try:
    from micropython import const
except ImportError:  # plain CPython: the engines import anywhere (consts are ints)
    const = int  # type: ignore

from pawpad.games.common import (
    ROUNDS_MAX,
    N,
    checked_settings,
    clone,
    defaults_of,
    dispatch,
    fields,
    is_count,
    need,
)

DOGS = const(18)
MEDALS = "PAWS"
_DEALS = {2: 7, 3: 5, 4: 4, 5: 3, 6: 3}
STAT_MAX = const(99)  # a stat on a card is a small number: anything larger is junk
# (key, label, default, kind, low, high, step): common.py, "house rules". "first" is
# the seat that "last walked a dog", for an all-tied rescue: the app asks for it.
HOUSE_RULES = (
    ("first", None, None, "seat", 0, 5, 1),
)
DEFAULTS = defaults_of(HOUSE_RULES)
SHOWN = {}  # how a choice reads on the house-rules screen: as it is named
READINGS = ()  # settled readings shown there: none beyond docs/rules.md's


def check_settings(settings):
    """Saved house rules checked: the full settings (defaults filled in), or ValueError."""
    return checked_settings(HOUSE_RULES, settings)


def deal_count(players):
    """(dogs per player, dogs left for the Pound) from the 18."""
    if not is_count(players, 2, 6):
        raise ValueError("Top Dog is for 2 to 6 players")
    each = _DEALS[players]
    return each, DOGS - each * players


def award_medals(available, contestants):
    """available: the uncovered letters of "PAWS"; contestants: [(seat, slot, (p, a, w,
    s))]. Each medal, in the order P, A, W, S, goes to the highest stat if every
    contestant with it belongs to one seat: its "prev" contestant if among them, else
    its "new" one. Every medal is judged against all contestants (rule 4.1)."""
    won = {}
    for i in range(len(MEDALS)):
        letter = MEDALS[i]
        if letter not in available or not contestants:
            continue
        best = max(c[2][i] for c in contestants)
        top = [c for c in contestants if c[2][i] == best]
        seats = set(c[0] for c in top)
        if len(seats) != 1:
            continue
        seat = top[0][0]
        slots = [c[1] for c in top]
        won[letter] = (seat, "prev" if "prev" in slots else "new")
    return won


def rescue_order(points, dogs, first=None):
    """Who takes each dog from the Pound: fewest points first; within a group of equal
    points, the player closest to the left of a player with the most points starts and
    the turn goes left; then the next group. Round again while dogs remain."""
    n = len(points)
    if dogs <= 0 or n == 0:
        return []
    most = max(points)
    leaders = [s for s in range(n) if points[s] == most]
    passes = []
    for level in sorted(set(points)):
        group = [s for s in range(n) if points[s] == level]
        begin = _group_start(group, leaders, n, first)
        i = group.index(begin)
        passes += group[i:] + group[:i]  # seat order is the order going left
    order = []
    while len(order) < dogs:
        order += passes
    return order[:dogs]


def _group_start(group, leaders, n, first):
    if len(group) == 1:
        return group[0]
    best = None
    found = []
    for m in leaders:
        for d in range(1, n + 1):
            s = (m + d) % n
            if s in group:
                if best is None or d < best:
                    best, found = d, [s]
                elif d == best and s not in found:
                    found.append(s)
                break
    if len(found) == 1:
        return found[0]
    # Still a choice (everyone tied): the one who last walked a dog, as the table says.
    if first is not None and first in found:
        return first
    return found[0]


def leader(champions):
    """The winner: at least 3 Champions and more than every other seat; else None."""
    if not champions:
        return None
    top = max(champions)
    if top < 3 or champions.count(top) != 1:
        return None
    return champions.index(top)


# --- the game ---
# A contestant is a list of dogs, bottom first; a dog is its stats [p, a, w, s], or
# None when the players judge without stats. Phases: "play" (everyone lays a dog),
# "judge" (stats unknown: the players say who won each medal), "rescue", "over".

def start(players, settings=None):
    s = check_settings(settings)
    each, pound = deal_count(players)
    if s["first"] is not None and s["first"] >= players:
        raise ValueError("first: a seat 1 to %d" % players)
    return {
        "game": "top_dog",
        "players": players,
        "settings": s,
        "hands": [each] * players,
        "pound": pound,
        "champions": [0] * players,
        "contestants": [{"prev": None, "new": None} for _ in range(players)],
        "covered": "",
        "phase": "play",
        "round": 0,
        "rescue": [],  # order of the rescue in progress
        "last_medals": {},
        # The last judged round, for the screens; None before the first judging:
        # {"round": r (from 1), "medals": {letter: [seat, slot]},
        #  "champions": [[seat, slot, stats], ...] each winning contestant in seat
        #      order, whose bottom dog (stats [p, a, w, s] or None) became a Champion,
        #  "pound": dogs sent to the Pound in all, "to_pound": [dogs, ...] per seat}
        "last_round": None,
        "winner": None,
        "ended": False,
    }


def available(state):
    return "".join(m for m in MEDALS if m not in state["covered"])


def step(state, event):
    """The state after `event`; `state` itself is left as it was."""
    return apply(clone(state), event)


def apply(st, event):
    """Applies `event` to `st` in place and returns it (for replay; see top_dogs)."""
    return dispatch(st, event, _HANDLERS, "Top Dog")


def _stats_ok(stats):
    return stats is None or (isinstance(stats, list) and len(stats) == 4 and
                             all(is_count(v, 0, STAT_MAX) for v in stats))


def _play(st, event):
    """{"t": "play", "plays": [[seat, "new" | "breed", stats or None], ...]}: each player
    with a dog in hand lays one, at most once."""
    need(st["phase"] == "play", "finish the %s first" % st["phase"])
    fields(event, ("plays",))
    plays = event["plays"]
    need(isinstance(plays, list) and plays, "who plays what")
    if len(st["covered"]) == len(MEDALS):
        st["covered"] = ""  # all four covered at the start of a round: all available
    seen = set()
    for play in plays:
        need(isinstance(play, (list, tuple)) and len(play) == 3,
             "a play is [seat, how, stats]")
        seat, how, stats = play
        need(is_count(seat, 0, st["players"] - 1), "no such seat")
        need(seat not in seen, "seat %d plays twice" % (seat + 1))
        seen.add(seat)
        need(st["hands"][seat] > 0, "seat %d has no dog in hand" % (seat + 1))
        need(_stats_ok(stats), "stats are four whole numbers")
        need(type(how) is str and how in ("new", "breed"), "play a dog as new or breed")
        c = st["contestants"][seat]
        stats = clone(stats)  # the state never shares a list with the event
        if how == "new":
            need(c["new"] is None, "seat %d has no empty space" % (seat + 1))
            c["new"] = [stats]
        else:
            need(c["prev"] is not None, "seat %d has no contestant to breed on" % (seat + 1))
            c["prev"].append(stats)
        st["hands"][seat] -= 1
    for seat in range(st["players"]):
        need(seat in seen or st["hands"][seat] == 0,
             "seat %d has dogs and must play one" % (seat + 1))
    st["round"] += 1
    line = contestants(st)
    if all(d is not None for _, _, dogs in _entries(st) for d in dogs):
        return _judged(st, award_medals(available(st), line))
    st["phase"] = "judge"
    return st


def _entries(st):
    out = []
    for seat in range(st["players"]):
        for slot in ("prev", "new"):
            dogs = st["contestants"][seat][slot]
            if dogs:
                out.append((seat, slot, dogs))
    return out


def contestants(st):
    """[(seat, slot, (p, a, w, s))] with a breed's stats summed; unknown stats as 0."""
    out = []
    for seat, slot, dogs in _entries(st):
        total = [0, 0, 0, 0]
        for d in dogs:
            if d is not None:
                for i in range(4):
                    total[i] += d[i]
        out.append((seat, slot, tuple(total)))
    return out


def _medals(st, event):
    """{"t": "medals", "won": {"P": [seat, slot] or None, ...}}: the players' decision
    for every available medal, when the dogs' stats were not given."""
    need(st["phase"] == "judge", "no medals are being judged")
    fields(event, ("won",))
    won = event["won"]
    need(isinstance(won, dict), "say who won each medal")
    avail = available(st)
    for letter in won:
        need(type(letter) is str and len(letter) == 1 and letter in avail,
             "medal %r is not available" % (letter,))
    result = {}
    for letter in avail:
        need(letter in won, "medal %s: who won it, or nobody" % letter)
        w = won[letter]
        if w is None:
            continue
        need(isinstance(w, (list, tuple)) and len(w) == 2, "a winner is [seat, slot]")
        seat, slot = w
        need(is_count(seat, 0, st["players"] - 1), "no such seat")
        need(type(slot) is str and slot in ("prev", "new") and st["contestants"][seat][slot],
             "seat %d has no %s contestant" % (seat + 1, slot))
        result[letter] = (seat, slot)
    return _judged(st, result)


def _judged(st, won):
    """Phases 5 to 7: champions, the Pound, new contestants become previous ones."""
    winners = set()
    for letter in won:
        winners.add(tuple(won[letter]))
        st["covered"] += letter
    st["covered"] = "".join(m for m in MEDALS if m in st["covered"])
    st["last_medals"] = {k: list(v) for k, v in won.items()}
    champions = []
    to_pound = [0] * st["players"]
    for seat in range(st["players"]):
        c = st["contestants"][seat]
        for slot in ("prev", "new"):
            dogs = c[slot]
            if not dogs:
                continue
            if (seat, slot) in winners:
                champions.append([seat, slot, clone(dogs[0])])
                st["champions"][seat] += 1  # the bottom dog
                to_pound[seat] += len(dogs) - 1  # dogs bred on top of it
                c[slot] = None
            elif slot == "prev":
                to_pound[seat] += len(dogs)
                c[slot] = None
        if c["new"] is not None:
            c["prev"], c["new"] = c["new"], None
    st["pound"] += sum(to_pound)
    st["last_round"] = {"round": st["round"], "medals": clone(st["last_medals"]),
                        "champions": champions, "pound": sum(to_pound),
                        "to_pound": to_pound}
    w = leader(st["champions"])
    if w is not None:
        st["winner"] = w
        st["ended"] = True
        st["phase"] = "over"
        return st
    if st["pound"] >= 4:
        st["rescue"] = rescue_order(st["champions"], st["pound"], st["settings"]["first"])
        st["phase"] = "rescue"
        return st
    return _next_round(st)


def rescue_needs_first(state):
    """Does the rescue order depend on who last walked a dog (everyone tied)?"""
    pts, n = state["champions"], state["pound"]
    orders = set(tuple(rescue_order(pts, n, s)) for s in range(state["players"]))
    return len(orders) > 1


def _rescued(st, event):
    """{"t": "rescued", "first": seat}: the Pound has been handed out in the rescue
    order; "first" (optional) is who last walked a dog, when that decides the order."""
    need(st["phase"] == "rescue", "there is no rescue now")
    fields(event, (), ("first",))
    first = event.get("first")
    if first is not None:
        need(is_count(first, 0, st["players"] - 1), "no such seat")
        st["rescue"] = rescue_order(st["champions"], st["pound"], first)
    for seat in st["rescue"]:
        st["hands"][seat] += 1
    st["pound"] -= len(st["rescue"])
    st["rescue"] = []
    return _next_round(st)


def _next_round(st):
    st["phase"] = "play"
    if not any(st["hands"]):
        # Nobody can lay a dog: the game cannot go on; the most Champions wins if alone.
        st["ended"] = True
        st["phase"] = "over"
        top = max(st["champions"])
        st["winner"] = st["champions"].index(top) if st["champions"].count(top) == 1 else None
    return st


_HANDLERS = {"play": _play, "medals": _medals, "rescued": _rescued}


def dogs_accounted(state):
    """Hands, contestants, Pound and Champions always add up to the 18 dogs."""
    on_table = sum(len(d) for _, _, d in _entries(state))
    return sum(state["hands"]) + on_table + state["pound"] + sum(state["champions"])


def prompt(state):
    """What the players must do now, in a few words (seats counted from 1)."""
    if state["ended"]:
        w = state["winner"]
        return "Seat %d wins" % (w + 1) if w is not None else "No winner"
    if state["phase"] == "judge":
        return "Judge medals " + available(state)
    if state["phase"] == "rescue":
        return "Rescue %d from the Pound" % len(state["rescue"])
    return "Round %d: play dogs" % (state["round"] + 1)


# --- a saved state, checked (common.py, "the shape of a state") ---
_DOG = ("opt", ("list", 4, ("int", 0, STAT_MAX)))
_SLOT = ("str", ("prev", "new"))
_WON = ("map", tuple(MEDALS), ("items", (("seat",), _SLOT)))
_SHAPE = (
    ("game", ("str", ("top_dog",))),
    ("players", ("int", 2, 6)),
    ("settings", ("rules", HOUSE_RULES)),
    ("hands", ("list", N, ("int", 0, DOGS))),
    ("pound", ("int", 0, DOGS)),
    ("champions", ("list", N, ("int", 0, DOGS))),
    ("contestants", ("list", N, ("dict", (("prev", ("opt", ("list", (1, DOGS), _DOG))),
                                          ("new", ("opt", ("list", 1, _DOG))))))),
    # the covered medals, in the order of MEDALS
    ("covered", ("str", tuple("".join(MEDALS[i] for i in range(4) if b >> i & 1)
                              for b in range(16)))),
    ("phase", ("str", ("play", "judge", "rescue", "over"))),
    ("round", ("int", 0, ROUNDS_MAX)),
    ("rescue", ("list", (0, DOGS), ("seat",))),
    ("last_medals", _WON),
    ("last_round", ("opt", ("dict", (
        ("round", ("int", 1, ROUNDS_MAX)),
        ("medals", _WON),
        ("champions", ("list", (0, 4), ("items", (("seat",), _SLOT, _DOG)))),
        ("pound", ("int", 0, DOGS)),
        ("to_pound", ("list", N, ("int", 0, DOGS))))))),
    ("winner", ("opt", ("seat",))),
    ("ended", ("bool",)),
)


def check_state(state):
    """None when `state` (any value) is a state start() and apply() could have made:
    every field there, of its type and range, the 18 dogs accounted for; else what is
    wrong, in a few words. It never raises."""
    from pawpad.games.shape import state_problem  # loaded only for a resume

    why = state_problem(state, _SHAPE)
    if why:
        return why
    st = state
    n = st["players"]
    phase = st["phase"]
    champs = st["champions"]
    last = st["last_round"]
    judged = st["round"] - (1 if phase == "judge" else 0)  # rounds whose medals are out
    w = st["winner"]
    rescue = rescue_order(champs, st["pound"], st["settings"]["first"]) \
        if phase == "rescue" and st["pound"] >= 4 else []
    for ok, why in (
        (st["ended"] == (phase == "over"), "ended is wrong for the phase"),
        (dogs_accounted(st) == DOGS, "the dogs do not add up to %d" % DOGS),
        (phase == "judge" or all(c["new"] is None for c in st["contestants"]),
         "a new contestant outside the judging"),
        (phase != "judge" or len(st["covered"]) < len(MEDALS), "no medal left to judge"),
        (phase != "play" or any(st["hands"]), "nobody has a dog to play"),
        (st["rescue"] == rescue and (phase != "rescue" or rescue),
         "rescue is not the Pound's rescue order"),
        (w is None or (st["ended"] and champs.count(champs[w]) == 1 and
                       champs[w] == max(champs)), "winner has not the most Champions"),
        (st["ended"] or leader(champs) is None, "a winner, and the game goes on"),
        ((last is None) == (judged == 0), "last_round is wrong for the round"),
        (last is None or (last["round"] == judged and
                          sum(last["to_pound"]) == last["pound"] and
                          [c[:2] for c in last["champions"]] == _winners(last["medals"], n)),
         "last_round is not the last round judged"),
        (st["last_medals"] == (last["medals"] if last else {}),
         "last_medals are not the last round's"),
    ):
        if not ok:
            return why
    return None


def _winners(won, players):
    """The [seat, slot] of each contestant that won a medal, as _judged lists them."""
    won = list(won.values())
    return [[seat, slot] for seat in range(players) for slot in ("prev", "new")
            if [seat, slot] in won]
