# Device settings: what they are, their defaults, and how a settings file is checked.
# Pure: parsing and checking only. Reading and writing the file is app/storage.py.
import json

from pawpad.core.colours import NAMES as COLOURS

MAX_PLAYERS = 8

# name: (default, kind, low, high). kind "int" is a whole number within [low, high],
# "bool" is true/false, "colours" is a list of MAX_PLAYERS names from COLOURS,
# "choice" is one of the names in `low`.
SCHEMA = {
    "players": (4, "int", 1, MAX_PLAYERS),
    "colours": (list(COLOURS), "colours", 0, 0),
    "sound": (True, "bool", 0, 0),
    "volume": (60, "int", 0, 100),
    "brightness": (200, "int", 1, 255),
    "dim_after_s": (60, "int", 5, 3600),
    "debounce_ms": (20, "int", 1, 200),
    "tie_us": (0, "int", 0, 100000),
    "lights": (True, "bool", 0, 0),
    "timer_s": (60, "int", 15, 3600),  # the game menu's countdown
    # Pick-a-Dog: a STOP tie is settled by the tied players pressing again, or chosen
    # with the menu buttons; a press before GO can lock that player out for 250 ms; a
    # round can have a time limit (0: none).
    "tie_rule": ("again", "choice", ("again", "choose"), 0),
    "false_start_lock": (False, "bool", 0, 0),
    "round_limit_s": (0, "int", 0, 600),
    # Stage load cells: a dog card's weight in tenths of a gram, and the raw HX711
    # counts per gram from calibration (a 1 kg cell at gain 128 gives about 420).
    "card_decigrams": (40, "int", 5, 500),
    "counts_per_gram": (420, "int", 1, 100000),
}


def defaults():
    out = {}
    for name in SCHEMA:
        value = SCHEMA[name][0]
        out[name] = list(value) if isinstance(value, list) else value
    return out


def check(name, value):
    """Returns the value if it is valid for `name`, else raises ValueError saying why."""
    if name not in SCHEMA:
        raise ValueError("unknown setting " + _short(name))
    default, kind, low, high = SCHEMA[name]
    if kind == "bool":
        if value is True or value is False:
            return value
        raise ValueError(name + " must be true or false")
    if kind == "int":
        # bool is an int in Python: refuse it here, a setting of `true` is a typo. So is
        # a float (4.0, inf, nan): the value must be written as a whole number.
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        raise ValueError("%s must be a whole number from %d to %d" % (name, low, high))
    if kind == "choice":
        if isinstance(value, str) and value in low:
            return value
        raise ValueError(name + " must be one of " + ", ".join(low))
    if kind == "colours":
        if isinstance(value, list) and len(value) == MAX_PLAYERS:
            for c in value:
                if not isinstance(c, str) or c not in COLOURS:
                    break
            else:
                return list(value)
        raise ValueError(name + " must list %d colours" % MAX_PLAYERS)
    raise ValueError("bad schema for " + name)


MAX_PROBLEMS = 4  # lines of problems told; the rest are counted


def _short(name):
    """A name from a file, short enough for a message (it may be anything)."""
    name = name if isinstance(name, str) else repr(name)
    return name if len(name) <= 16 else name[:13] + "..."


def from_json(raw):
    """Settings from a file's decoded JSON value: (settings, problems).

    Every valid entry is kept; an invalid or unknown one falls back to its default and
    adds a line to `problems` (at most MAX_PROBLEMS lines, then a count). A value that
    is not a JSON object gives all defaults and one problem. Whenever there are
    problems the caller keeps the file aside."""
    out = defaults()
    if not isinstance(raw, dict):
        return out, ["settings file is not a JSON object"]
    problems = []
    more = 0
    for name in raw:
        try:
            out[name] = check(name, raw[name])
        except ValueError as e:
            if len(problems) < MAX_PROBLEMS:
                problems.append(str(e))
            else:
                more += 1
    if more:
        problems.append("and %d more" % more)
    return out, problems


def parse(text):
    """Settings from a file's text: (settings, problems), as from_json. Text that is not
    JSON gives all defaults and one problem; this never raises (deep nesting and
    huge numbers included)."""
    try:
        raw = json.loads(text)
    except (ValueError, RuntimeError, MemoryError, OverflowError, TypeError, IndexError,
            KeyError):
        return defaults(), ["settings file is not valid JSON"]
    return from_json(raw)


def dump(settings):
    return json.dumps(settings)
