# The people who play (players.json): up to NAMES_MAX names, entered once, and who sat
# at which seat last (a new game starts with that seating: nothing asked when it is the
# same). Read like every other file: a file of another shape is kept aside with a
# message, and the box plays on by colour.
#   {"names": ["Ann", "Bob"], "seats": ["Bob", null, "Ann"]}
# and maybe "short": {"Annie": "Ai"}, the short forms people chose for themselves
# (shorts() below: a game's short names, unique at the table).
try:
    from micropython import const
except ImportError:  # plain CPython: the log's format reads names there too (consts are ints)
    const = int  # type: ignore

from pawpad.core.colours import NAMES as COLOURS

ROSTER = "players.json"
NAMES_MAX = const(16)
# As long as the longest colour ("Yellow"): every screen that shows a colour whole
# shows a name whole.
NAME_MAX = const(6)
SEATS_MAX = const(8)
LIMIT = const(2048)  # bytes: 16 names and 8 seats take about 200
# A short name: what a screen with no room for a whole name shows ("Ani" for Annie).
SHORT_MAX = const(3)
CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-'. "


def valid(name):
    """A name the box can show and keep: 1 to NAME_MAX of CHARS, not starting or
    ending with a space, and not a colour's name (statistics are kept by name: "Red"
    would be the red seat's)."""
    if not isinstance(name, str) or not 0 < len(name) <= NAME_MAX:
        return False
    if name[0] == " " or name[-1] == " ":
        return False
    for ch in name:
        if ch not in CHARS:
            return False
    low = name.lower()
    for c in COLOURS:
        if c.lower() == low:
            return False
    return True


def short_ok(s):
    """A short name the box can show: 1 to SHORT_MAX of CHARS, no space at either end."""
    if not isinstance(s, str) or not 0 < len(s) <= SHORT_MAX or s[0] == " " or s[-1] == " ":
        return False
    for ch in s:
        if ch not in CHARS:
            return False
    return True


def shorts(people, colours, own=None):
    """The short name of every seat of a game: [a short form, or None where a colour
    plays (its own short form is its first three letters, "Yel", as ever)]. Unique at the
    table but for case, never a colour's of a seat without a name, and decided by the
    names alone (not by who sits where):
      1. a name of SHORT_MAX letters or fewer is its own ("Ann");
      2. else the form the person chose (`own`: {name: form}, the roster's);
      3. else the name's first three letters, when no other name seated begins with them;
      4. else its first two letters and the letter where it parts from the others that
         begin alike ("Ana", "Ani" for Anna and Annie; "Mak", "Mac" for Mark and
         Marcus), another of its letters, or the first two and a digit ("An2").
    Each step takes only a form no one has yet (names in alphabetical order, but for
    case); a name that finds none goes on to the next step."""
    n = len(people)
    out = [None] * n
    taken = [colours[s][:SHORT_MAX].lower() for s in range(n)
             if people[s] is None and s < len(colours)]
    order = sorted([s for s in range(n) if people[s] is not None],
                   key=lambda s: people[s].lower())
    heads = [people[s][:SHORT_MAX].lower() for s in order]

    def take(s, form):
        if form is None or out[s] is not None:
            return
        form = form.rstrip(" ")
        if short_ok(form) and form.lower() not in taken:
            out[s] = form
            taken.append(form.lower())

    for s in order:
        if len(people[s]) <= SHORT_MAX:
            take(s, people[s])
    if own:
        for s in order:
            take(s, own.get(people[s]))
    for i in range(len(order)):
        if heads.count(heads[i]) == 1:
            take(order[i], people[order[i]][:SHORT_MAX])
    for i in range(len(order)):
        s = order[i]
        if out[s] is None:
            _parted(people, order, s, heads[i], take)
    return out


def shorts_ok(v, people, n):
    """A game's short names as its log's header keeps them: a form a seat where
    `people` has a name, None where a colour plays; no two alike but for case."""
    if not isinstance(v, list) or len(v) != n or not isinstance(people, list):
        return False
    seen = []
    for s in range(n):
        form = v[s]
        if form is None:
            if s < len(people) and people[s] is not None:
                return False
            continue
        if s >= len(people) or people[s] is None or not short_ok(form) or form.lower() in seen:
            return False
        seen.append(form.lower())
    return True


def _parted(people, order, s, head, take):
    """Step 4 of shorts(): the forms of people[s] that part it from the names seated that
    begin as it does (`head`, lower case), first found first taken."""
    name = people[s]
    low = name.lower()
    alike = [people[o].lower() for o in order if o != s and people[o].lower().startswith(head)]
    two = name[:2]
    parts = len(name)  # where it parts from all the others (none: it begins one of them)
    for k in range(SHORT_MAX, len(name)):
        part = low[:k + 1]
        if not [a for a in alike if a.startswith(part)]:
            parts = k
            break
    for k in [parts] + list(range(SHORT_MAX, len(name))):
        if k < len(name) and (two + name[k]).lower() != head:
            take(s, two + name[k])
    for k in range(2, 10):
        take(s, two + str(k))
    for k in range(10, 100):
        take(s, name[0] + str(k))


def who(people, colours, seat):
    """Who played at a seat of a game, as its log or its history record kept it: the
    person, else the seat's colour; None when neither was kept (a record from before
    the box kept colours: the caller knows the seat's colour now)."""
    for names in (people, colours):
        if isinstance(names, list) and seat < len(names) and isinstance(names[seat], str):
            return names[seat]
    return None


def named(names, name):
    """The name of `names` that is `name` but for case, or None."""
    low = name.lower()
    for n in names:
        if n.lower() == low:
            return n
    return None


def rule():
    """What valid() takes, in words (for a computer's screen: the box's own says less)."""
    return "up to %d letters, digits, spaces, - ' and .; not a colour's name" % NAME_MAX


class Roster:
    def __init__(self, names=None, seats=None, short=None):
        self.names = list(names or [])
        self.seats = list(seats or [])
        self.short = dict(short or {})  # {name: the short form that person chose}

    def person(self, seat):
        """Who sits at the seat, or None (the seat is its colour)."""
        return self.seats[seat] if seat < len(self.seats) else None

    def seat(self, seat, name):
        """Puts `name` (None: nobody) at the seat; anyone else there moves off."""
        while len(self.seats) <= seat:
            self.seats.append(None)
        if name is not None:
            self._unseat(name)
        self.seats[seat] = name

    def _unseat(self, name):
        for s in range(len(self.seats)):
            if self.seats[s] == name:
                self.seats[s] = None

    def people(self, players):
        """The seats' names for a game of `players` (None where a colour plays), or None
        when nobody there has a name."""
        out = [self.person(s) for s in range(players)]
        for p in out:
            if p is not None:
                return out
        return None

    def shorts(self, players, colours):
        """The short names of a game of `players` begun now (shorts()), None when
        nobody there has a name."""
        people = self.people(players)
        return None if people is None else shorts(people, colours, self.short)

    def add(self, name):
        """None, or why the name cannot be added. Names differ in more than case: "ann"
        is Ann (the screens draw them alike, and the table would call them alike)."""
        if not valid(name):
            return "Not a name the box can keep"
        same = named(self.names, name)
        if same is not None:
            return "%s is there already" % same
        if len(self.names) >= NAMES_MAX:
            return "%d names at most" % NAMES_MAX
        self.names.append(name)
        return None

    def remove(self, name):
        if name in self.names:
            self.names.remove(name)
        self._unseat(name)
        self.short.pop(name, None)

    def choose_short(self, name, form):
        """None, or why `form` cannot be the short name `name` chose ("": none chosen,
        the box decides at each game)."""
        if not form:
            self.short.pop(name, None)
            return None
        if not short_ok(form):
            return "Not a short name"
        self.short[name] = form
        return None

    def as_json(self):
        out = {"names": self.names, "seats": self.seats}
        if self.short:
            out["short"] = self.short
        return out


def check(data):
    """None for a roster of the right shape, else what is wrong with it."""
    if not isinstance(data, dict):
        return "is not a JSON object"
    names, seats = data.get("names", []), data.get("seats", [])
    if not isinstance(names, list) or len(names) > NAMES_MAX:
        return "has a bad list of names"
    for i in range(len(names)):
        n = names[i]
        if not valid(n) or named(names[:i], n) is not None:
            return "has a bad name"
    if not isinstance(seats, list) or len(seats) > SEATS_MAX:
        return "has bad seats"
    for s in seats:
        if s is not None and (s not in names or seats.count(s) > 1):
            return "has bad seats"
    short = data.get("short", {})
    if not isinstance(short, dict):
        return "has bad short names"
    for name in short:
        if name not in names or not short_ok(short[name]):
            return "has bad short names"
    return None


def load(store, said=None):
    """The roster on flash, or an empty one: a damaged file is kept aside and what
    happened is added to `said` (the games go on by colour)."""
    if store is None:
        return Roster()
    data, problem = store.read_json(ROSTER, LIMIT)
    if problem is None and data is not None:
        why = check(data)
        if why is None:
            return Roster(data.get("names"), data.get("seats"), data.get("short"))
        problem = store.set_aside(ROSTER, why)
    if problem and said is not None:
        said.append(problem)
    return Roster()


def save(store, roster):
    """None, or why the roster was not saved."""
    if store is None:
        return "Flash not usable"
    try:
        store.write_json(ROSTER, roster.as_json())
    except OSError as e:
        return "%s not saved (%s)" % (ROSTER, e)
    return None
