# Per-player statistics kept across games, by button colour: STOPs called, right and
# wrong, false starts, the fastest STOP after GO; and the best solo result. Also the
# small JSON files of the same kind: each game's house rules.
import json

STATS = "stats.json"
SETUPS = "setups.json"  # {game: {setting: value}}; a game checks its own when it starts
_FIELDS = ("stops", "right", "wrong", "false", "games")


def load(store, name=STATS):
    """A JSON object from flash; a damaged file starts afresh (and is kept aside)."""
    if store is None or not store.exists(name):
        return {}
    try:
        data = json.loads(store.read_text(name))
        if isinstance(data, dict):
            return data
    except (OSError, ValueError):
        pass
    try:
        store.keep_aside(name)
    except OSError:
        pass
    return {}


def save(store, data, name=STATS):
    if store is None:
        return "Flash not usable"
    try:
        store.write_text(name, json.dumps(data))
    except OSError as e:
        return "%s not saved (%s)" % (name, e)
    return None


def player(stats, colour):
    p = stats.get(colour)
    if not isinstance(p, dict):
        p = stats[colour] = {}
    for f in _FIELDS:
        if not isinstance(p.get(f), int):
            p[f] = 0
    return p


def stop_called(stats, colour, right, reaction_ms):
    p = player(stats, colour)
    p["stops"] += 1
    p["right" if right else "wrong"] += 1
    if reaction_ms is not None:
        best = p.get("fastest_ms")
        if not isinstance(best, int) or reaction_ms < best:
            p["fastest_ms"] = reaction_ms


def false_start(stats, colour):
    player(stats, colour)["false"] += 1


def solo_result(stats, score, ms):
    """Keeps the best solo game: the highest score (fewest cards set aside), then the
    quicker one. Returns True when this one is the new best."""
    best = stats.get("solo_best")
    if isinstance(best, dict) and (best.get("score", -999), -best.get("ms", 0)) >= (score, -ms):
        return False
    stats["solo_best"] = {"score": score, "ms": ms}
    return True


def lines(stats, colours):
    """A line per player that has any figures, for the statistics screen."""
    out = []
    for c in colours:
        p = stats.get(c)
        if not isinstance(p, dict) or not p.get("stops") and not p.get("false"):
            continue
        fast = p.get("fastest_ms")
        out.append("%s %d/%d ok %dfs%s" % (c[:3], p.get("right", 0), p.get("stops", 0),
                                           p.get("false", 0),
                                           " %dms" % fast if isinstance(fast, int) else ""))
    best = stats.get("solo_best")
    if isinstance(best, dict):
        out.append("Solo best %d" % best.get("score", 0))
    return out or ["No games yet."]
