# Device settings: what they are, their defaults, and how a settings file is checked.
# Pure: parsing and checking only. Reading and writing the file is store/files.py.
try:
    from micropython import const
except ImportError:  # plain CPython: the engines import anywhere (consts are ints)
    const = int  # type: ignore

import json

from pawpad.core.colours import NAMES as COLOURS

MAX_PLAYERS = const(8)

# Every setting, in the order the settings screen lists them, in one table:
# (name, default, kind, low, high, label, step, shown).
#   kind "int": a whole number within [low, high], changed by `step` on the screen;
#   "bool": true/false; "choice": one of the names in `low`; "colours": a list of
#   MAX_PLAYERS names from COLOURS, none twice (a seat's colour is its player).
#   label: the settings screen's row, or None for a setting set elsewhere (Players,
#   the game menu's timer, the load cells' calibration).
#   shown: how the screen writes the value: a unit ("%", "s"); (unit, text for 0);
#   "tenths" (a tenth of a gram); for a bool (text off, text on); for a choice the
#   names the screen uses, one per choice.
FIELDS = (
    ("players", 4, "int", 1, MAX_PLAYERS, None, 1, ""),
    ("colours", list(COLOURS), "colours", 0, 0, None, 0, ""),
    ("sound", True, "bool", 0, 0, "Sound", 0, None),
    ("volume", 60, "int", 0, 100, "Volume", 10, "%"),
    ("brightness", 200, "int", 1, 255, "Brightness", 25, ""),
    # The panel's I2C clock: 1 MHz sends a frame in 9 ms instead of 23 ms, and only at
    # 1 MHz do the STOP's name (8 ms) and a menu step that scrolls (15 ms) meet their
    # budgets (docs/budgets.md). On as the box ships: most SSD1306 modules keep up
    # (the chip is rated for 400 kHz); a panel that stops answering at 1 MHz puts the
    # bus back to 400 kHz by itself (app/device/panel.py), and the hardware check
    # tells. A file from before says false (settings.json holds every value): kept.
    ("fast_panel", True, "bool", 0, 0, "Panel bus", 0, ("400 kHz", "1 MHz")),
    ("dim_after_s", 60, "int", 5, 3600, "Dim after", 15, "s"),
    ("lights", True, "bool", 0, 0, "Lights", 0, None),
    # Top Dogs' cards and Top Dog's stats keyed with the player buttons as a keypad
    # (button k: the value k, a stat k - 1), each press moving on: on as the box ships
    # (half the presses a round); off: a player's button goes to their own team or dog.
    # A file from before the Keypad names none and gets this default; one that says
    # false was a choice (settings.json holds every value) and stays off.
    ("keypad", True, "bool", 0, 0, "Keypad", 0, ("off", "on")),
    # The keypad's hint on the entry screen ("button 1-8 = card 1-8"), each game's own
    # (Top Dogs' button k is k, Top Dog's k - 1): shown until a value is first keyed
    # with a player button, then never again; a file from before it gets it once.
    ("hint_top_dogs", True, "bool", 0, 0, None, 0, None),
    ("hint_top_dog", True, "bool", 0, 0, None, 0, None),
    # Pick-a-Dog: presses this close to the first are a tie; a STOP tie is settled by
    # the tied players pressing again, or chosen with the menu buttons; a press before
    # GO can lock that player out for 250 ms; a round can have a time limit (0: none).
    ("tie_us", 0, "int", 0, 100000, "Tie window", 500, "us"),
    ("debounce_ms", 20, "int", 1, 200, "Debounce", 5, "ms"),
    ("tie_rule", "again", "choice", ("again", "choose"), 0, "Ties", 0,
     ("press again", "by choice")),
    ("false_start_lock", False, "bool", 0, 0, "False start", 0, ("no lock", "lock")),
    ("round_limit_s", 0, "int", 0, 600, "Round limit", 15, ("s", "off")),
    # Stage load cells: a dog card's weight in tenths of a gram, and the raw HX711
    # counts per gram from calibration (a 1 kg cell at gain 128 gives about 420).
    ("card_decigrams", 40, "int", 5, 500, "Dog card", 1, "tenths"),
    ("counts_per_gram", 420, "int", 1, 100000, "Load cell", 10, "/g"),
    ("timer_s", 60, "int", 15, 3600, None, 15, "s"),  # the game menu's countdown
)

# name: (default, kind, low, high), for checking a value.
SCHEMA = {}
for _row in FIELDS:
    SCHEMA[_row[0]] = _row[1:5]


def screen_rows():
    """The rows of the settings screen: (name, label, kind, low, high, step, shown)."""
    return [(r[0], r[5], r[2], r[3], r[4], r[6], r[7]) for r in FIELDS if r[5] is not None]


def shown(row, value):
    """A setting's value as the settings screen writes it."""
    _name, _label, kind, low, _high, _step, how = row
    if kind == "bool":
        return (how or ("off", "on"))[1 if value else 0]
    if kind == "choice":
        return how[low.index(value)]
    if isinstance(how, tuple):  # (unit, text for 0)
        return how[1] if value == 0 else "%d%s" % (value, how[0])
    if how == "tenths":
        return "%d.%dg" % (value // 10, value % 10)
    return "%d%s" % (value, how)


def stepped(row, value, step):
    """The value one step up (step 1) or down (-1) on the settings screen."""
    _name, _label, kind, low, high, size, _how = row
    if kind == "bool":
        return not value
    if kind == "choice":
        return low[(low.index(value) + step) % len(low)]
    return max(low, min(high, value + step * size))


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
        if not _known_colours(value):
            raise ValueError(name + " must list %d colours" % MAX_PLAYERS)
        for i in range(1, len(value)):
            if value[i] in value[:i]:
                # each seat a colour of its own: the statistics are kept by colour for
                # a seat nobody named, so two Red seats would be one Red player
                raise ValueError("%s has %s twice" % (name, value[i]))
        return list(value)
    raise ValueError("bad schema for " + name)


def _known_colours(value):
    """A list of MAX_PLAYERS names from COLOURS (repeats or not)?"""
    if not isinstance(value, list) or len(value) != MAX_PLAYERS:
        return False
    for c in value:
        if not isinstance(c, str) or c not in COLOURS:
            return False
    return True


def apart(colours):
    """The colours with each repeat replaced by the first colour no seat has: the first
    seat to have a colour keeps it (the seats in play are the first ones), so a
    settings file with two White seats keeps the seats' colours but one."""
    out = []
    for c in colours:
        if c in out:
            for free in COLOURS:
                if free not in out and free not in colours:
                    c = free
                    break
        out.append(c)
    return out


MAX_PROBLEMS = const(4)  # lines of problems told; the rest are counted


def _short(name):
    """A name from a file, short enough for a message (it may be anything)."""
    name = name if isinstance(name, str) else repr(name)
    return name if len(name) <= 16 else name[:13] + "..."


def from_json(raw):
    """Settings from a file's decoded JSON value: (settings, problems).

    Every valid entry is kept; an invalid or unknown one falls back to its default and
    adds a line to `problems` (at most MAX_PROBLEMS lines, then a count); colours that
    repeat one are made apart (apart()) rather than reset. A value that
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
            if name == "colours" and _known_colours(raw[name]):
                out[name] = apart(raw[name])  # repeated colours: each seat its own
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
