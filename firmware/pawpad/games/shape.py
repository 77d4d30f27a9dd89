# The shape of a state read back from flash (a snapshot in the game log), checked
# before it is trusted: each engine's check_state(state) walks a table of its fields
# with state_problem(), then checks in code what a table cannot say (sums, phases).
# Imported only when a snapshot is checked (a resume): the walker stays out of RAM
# while a game is played.
from pawpad.games.common import N, is_count, setting_help, setting_value

# A table:
#   SHAPE = ((field, spec), ...)   checked in that order: "game" and "players" first
#                                  (the lists and seats after them are measured by it)
# then checks in code what a table cannot say (sums, phases). A spec is one of
#   ("int", low, high)      a whole number low..high (not a bool, not a float)
#   ("bool",)               True or False
#   ("str", names)          one of the texts in the tuple `names`
#   ("seat",)               a seat 0..players-1
#   ("opt", spec)           None, or a value of `spec`
#   ("list", size, spec)    a list of values of `spec`; size: a length, N (the number
#                           of players) or (low, high)
#   ("items", (spec, ...))  a list of as many values, each of its own spec
#   ("dict", SHAPE)         a dict of exactly the fields of SHAPE
#   ("map", names, spec)    a dict of some of the fields `names`, each a value of `spec`
#   ("rules", HOUSE_RULES)  settings: every house rule, valid, a seat one of the players


def state_problem(state, shape):
    """None when `state` (any value at all) is a dict of exactly the fields of `shape`,
    each of its spec; else the first problem, in words ("has no field 'round'",
    "cups[2] is not a whole number 0 to 30"). It never raises."""
    n = 0
    if type(state) is dict and all(type(k) is str for k in state):
        n = state.get("players")
    why = shape_problem(state, ("dict", shape), n if type(n) is int else 0)
    if why is None:
        return None
    return (why[0][1:] or "state") + " " + why[1]


def shape_problem(v, spec, n):
    """None when `v` has the shape `spec` for n players, else (path, what is wrong)."""
    kind = spec[0]
    if kind == "opt":
        return None if v is None else shape_problem(v, spec[1], n)
    if kind == "int":
        if is_count(v, spec[1], spec[2]):
            return None
        return "", "is not a whole number %d to %d" % (spec[1], spec[2])
    if kind == "seat":
        return None if is_count(v, 0, n - 1) else ("", "is not a seat of the %d players" % n)
    if kind == "bool":
        return None if v is True or v is False else ("", "is not true or false")
    if kind == "str":
        names = spec[1]
        if type(v) is str and v in names:
            return None
        return "", "is not " + (("one of " + ", ".join(names)) if len(names) < 7 else
                                "one of its %d values" % len(names))
    if kind == "list" or kind == "items":
        if type(v) is not list:
            return "", "is not a list"
        size = len(spec[1]) if kind == "items" else n if spec[1] == N else spec[1]
        low, high = size if type(size) is tuple else (size, size)
        if not low <= len(v) <= high:
            return "", "has %d items, not %s" % (
                len(v), low if low == high else "%d to %d" % (low, high))
        for i in range(len(v)):
            why = shape_problem(v[i], spec[1][i] if kind == "items" else spec[2], n)
            if why:
                return "[%d]" % i + why[0], why[1]
        return None
    if type(v) is not dict:
        return "", "is not a dict"
    for k in v:  # before any lookup: MicroPython warns when bytes meet str
        if type(k) is not str:
            return "", "has a field whose name is not a text"
    if kind == "map":
        for k in v:
            if k not in spec[1]:
                return "", "has no use for a field '%s'" % k[:12]
        return _fields_problem(v, [(k, spec[2]) for k in v], n, shape_problem)
    if kind == "rules":
        return _fields_problem(v, [(row[0], row) for row in spec[1]], n, _setting_problem)
    return _fields_problem(v, spec[1], n, shape_problem)


def _fields_problem(v, pairs, n, check):
    """`v` (a dict of text fields) has exactly the fields of `pairs`, each passing
    check(value, spec, n) (spec: a shape's spec, or a row of HOUSE_RULES)."""
    for k, _ in pairs:
        if k not in v:
            return "", "has no field '%s'" % k
    if len(v) != len(pairs):
        names = [k for k, _ in pairs]
        extra = [k for k in v if k not in names]
        return "", "has no use for a field '%s'" % extra[0][:12]
    for k, spec in pairs:
        why = check(v[k], spec, n)
        if why:
            return "." + k + why[0], why[1]
    return None


def _setting_problem(v, row, n):
    try:
        ok = setting_value(row, v) == v  # a list of spaces is kept sorted
    except ValueError:
        ok = False
    if not ok:
        return "", "is not " + setting_help(row)
    if row[3] == "seat" and v is not None and v >= n:  # as start() checks it
        return "", "is not a seat of the %d players" % n
    return None
