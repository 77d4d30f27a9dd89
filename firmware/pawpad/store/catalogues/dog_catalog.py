# Top Dog's deck catalog on flash (dogs.json): the 18 dogs' P, A, W and S, keyed in
# once so that a round is "which dog" instead of four numbers. Numbered 1..18 in the
# order the table chooses (a number pencilled on each card, or the deck's printed order).
# Read through the bounded reader of store/files.py and checked dog by dog: a damaged
# entry is forgotten, never played. Its screens are app/flows/top_dog/catalog.py.
import json

from micropython import const

from pawpad.games import top_dog as rules

FILE = "dogs.json"
LIMIT = const(2048)  # bytes: 18 dogs of four stats are about 300


def checked(data):
    """The catalog from what dogs.json held: 18 entries, each [p, a, w, s] or None
    (unknown, or damaged)."""
    dogs = data.get("dogs") if isinstance(data, dict) else None
    out = [None] * rules.DOGS
    if not isinstance(dogs, list):
        return out
    for i in range(min(len(dogs), rules.DOGS)):
        d = dogs[i]
        if isinstance(d, list) and len(d) == 4 and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= rules.STAT_MAX
                for v in d):
            out[i] = list(d)
    return out


def load(store, said=None):
    """The catalog on flash (every dog unknown when there is none); a damaged file is
    kept aside by the reader, and what happened is added to `said`."""
    if store is None:
        return [None] * rules.DOGS
    data, problem = store.read_json(FILE, LIMIT)
    if problem and said is not None:
        said.append(problem)
    return checked(data)


def text(dogs):
    return json.dumps({"dogs": dogs})


def save(store, dogs):
    """None, or what went wrong."""
    if store is None:
        return "Flash not usable"
    try:
        store.write_json(FILE, {"dogs": dogs})
    except OSError as e:
        return "%s not saved (%s)" % (FILE, e)
    return None


def known(dogs):
    return sum(1 for d in dogs if d is not None)


def number_of(dogs, stats):
    """The number (from 1) of the first dog with these stats, or 0."""
    for i in range(len(dogs)):
        if dogs[i] is not None and dogs[i] == stats:
            return i + 1
    return 0
