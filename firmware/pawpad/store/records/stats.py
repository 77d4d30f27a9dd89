# The players' statistics, by person (by button colour for a seat with no name), across
# games: games played and won (every game), STOPs called, right and wrong, false
# starts, the fastest STOP after GO, the member cards collected and the rounds played
# (Pick-a-Dog and Pick-a-Pog apart: a player's usual count, where their counts start in
# a new game); and the best solo result. They are drawn from each finished game's log
# (its flow's tally) and merged once per game id, so an undone STOP is never counted
# and a replayed ending never counts twice. Also the small JSON files of the same kind:
# each game's house rules.
from micropython import const

STATS = "stats.json"
SETUPS = "setups.json"  # {game: {setting: value}}; a game checks its own when it starts
FIELDS = ("stops", "right", "wrong", "false", "games", "wins")
# Kept only for players who have played that variant: the file stays small.
HAULS = ("cards_dog", "rounds_dog", "cards_pog", "rounds_pog")
# The file's own fields, beside the people's figures: each begins with "_", which no name
# has (store/catalogues/roster.py, CHARS), so a person called "merged" is a person.
MERGED = "_merged"  # the ids of the games counted, newest last
SOLO_BEST = "_solo_best"  # the best solo game: {"score", "ms"}
# What files written before kept them as: read once, and written back under the new.
_OLD = (("merged", MERGED, list), ("solo_best", SOLO_BEST, dict))
KEEP_IDS = const(60)  # more than the history keeps: an id older than that is never seen again
MAX_COUNT = 1 << 30  # a figure beyond this is damage, not play
LIMIT = const(16384)  # bytes: 8 players' figures and 60 game ids take about 2 KB


def load(store, name=STATS, said=None):
    """A JSON object from flash, or {}: a damaged file starts afresh, is kept aside,
    and what happened is added to `said`."""
    if store is None:
        return {}
    data, problem = store.read_json(name, LIMIT)
    if problem and said is not None:
        said.append(problem)
    if not isinstance(data, dict):
        return {}
    if name == STATS:
        for old, new, kind in _OLD:  # a person's figures are a dict of FIELDS, never these
            v = data.get(old)
            if new not in data and isinstance(v, kind) and (kind is list or "score" in v):
                data[new] = data.pop(old)
    return data


def save(store, data, name=STATS):
    if store is None:
        return "Flash not usable"
    try:
        store.write_json(name, data)
    except OSError as e:
        return "%s not saved (%s)" % (name, e)
    return None


def count(v):
    """A figure as read back from flash: a whole number in range, else 0."""
    return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < MAX_COUNT else 0


def player(stats, colour):
    p = stats.get(colour)
    if not isinstance(p, dict):
        p = stats[colour] = {}
    for f in FIELDS:
        p[f] = count(p.get(f))
    if "fastest_ms" in p and not count(p["fastest_ms"]):
        del p["fastest_ms"]
    return p


def add(stats, colour, figures):
    """Adds one game's figures of one player."""
    p = player(stats, colour)
    for f in FIELDS:
        p[f] += count(figures.get(f, 0))
    for f in HAULS:
        if f in figures:
            p[f] = count(p.get(f)) + count(figures[f])
    fast = figures.get("fastest_ms")
    if count(fast) and (not count(p.get("fastest_ms")) or fast < p["fastest_ms"]):
        p["fastest_ms"] = fast


def merge(stats, game_id, tally, colours, game, rec):
    """Adds a finished game's tally ({seat: figures}) once: False if this game id was
    counted already. Every seat played a game; a finished solo game may be the best."""
    ids = stats.get(MERGED)
    if not isinstance(ids, list):
        ids = stats[MERGED] = []
    if game_id in ids:
        return False
    won = rec.get("winners") or () if not rec.get("abandoned") else ()
    for seat in range(len(rec.get("scores", ()))):
        figures = dict(tally.get(seat, {}))
        figures["games"] = 1
        figures["wins"] = 1 if seat in won else 0
        add(stats, colours[seat], figures)
    if rec.get("title") == "Solo" and not rec.get("abandoned"):
        solo_result(stats, rec["scores"][0], rec.get("ms", 0))
    ids.append(game_id)
    del ids[:-KEEP_IDS]
    return True


def solo_result(stats, score, ms):
    """Keeps the best solo game: the highest score (fewest cards set aside), then the
    quicker one. Returns True when this one is the new best."""
    if is_best_solo(stats, score, ms):
        stats[SOLO_BEST] = {"score": score, "ms": ms}
        return True
    return False


def is_best_solo(stats, score, ms):
    best = stats.get(SOLO_BEST)
    if not isinstance(best, dict):
        return True
    b_score, b_ms = best.get("score"), best.get("ms")
    if not isinstance(b_score, int) or not isinstance(b_ms, int):
        return True  # a damaged record: this game replaces it
    return (score, -ms) > (b_score, -b_ms)


def usual_count(stats, colour, variant):
    """The member cards `colour` collects in a round of `variant` ("dog" or "pog") over
    the games counted, rounded; None before any."""
    p = stats.get(colour)
    if not isinstance(p, dict):
        return None
    rounds = count(p.get("rounds_" + variant))
    if not rounds:
        return None
    return (count(p.get("cards_" + variant)) + rounds // 2) // rounds


def people(stats, first=()):
    """Everyone with figures (a person, or a seat's colour where nobody had a name):
    `first` in its order, then the others as the file has them."""
    out = [n for n in first if isinstance(stats.get(n), dict)]
    for k in stats:
        if k not in out and k[:1] != "_" and isinstance(stats[k], dict):
            out.append(k)
    return out
