# The people who play (players.json): up to NAMES_MAX names, entered once, and who sat
# at which seat last (a new game starts with that seating: nothing asked when it is the
# same). Read like every other file: a file of another shape is kept aside with a
# message, and the box plays on by colour.
#   {"names": ["Ann", "Bob"], "seats": ["Bob", null, "Ann"]}
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
    def __init__(self, names=None, seats=None):
        self.names = list(names or [])
        self.seats = list(seats or [])

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

    def as_json(self):
        return {"names": self.names, "seats": self.seats}


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
            return Roster(data.get("names"), data.get("seats"))
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
