# A checker of BG Stats files, written from files the BG Stats app wrote itself: the
# backups (BGStatsExport.json) that five groups keep in public repositories, app
# versions 5.3 to 6.14 on Android and an older one:
#   Deniedpluto/BoardGamePlays BGStatsExport.json (v6.14.2, 854 plays) and
#     BGStatsExport.1.31.25.json (v5.5.6, 792 plays)
#   giannistiv/boardgamelibrary BGStatsExport.json (v6.12.3, 1,550 plays)
#   gz97/board-games-analysis BGStatsExport.json (v5.3.1, 560 plays)
#   michaelgao8/board-game-stats-shiny BGStatsExport.json (no version, 79 plays)
# REQUIRED holds the keys that every object of its kind carries in every one of those
# files, with the JSON types they hold there; OPTIONAL some that not every object has,
# with theirs. docs/export.md gives, field by field, what Pawpad writes and why.
#   python tools/report/bgstats_check.py FILE...     (a play file or a backup)
import json
import re
import sys

from pawpad.core.colours import NAMES as COLOURS  # the box's seat colours

REQUIRED = {
    "file": {"players": "list", "locations": "list", "games": "list", "plays": "list",
             "challenges": "list", "userInfo": "dict"},
    "userInfo": {"meRefId": "int"},
    "player": {"uuid": "str", "id": "int", "name": "str", "isAnonymous": "bool",
               "modificationDate": "date"},
    "location": {"uuid": "str", "id": "int", "name": "str", "modificationDate": "date"},
    "game": {"uuid": "str", "id": "int", "name": "str", "modificationDate": "date",
             "cooperative": "bool", "highestWins": "bool", "noPoints": "bool",
             "usesTeams": "bool", "bggYear": "int", "bggId": "int", "rating": "int",
             "minPlayerCount": "int", "maxPlayerCount": "int", "minPlayTime": "int",
             "maxPlayTime": "int", "minAge": "int", "preferredImage": "int",
             "copies": "list"},
    "play": {"uuid": "str", "modificationDate": "date", "entryDate": "date",
             "playDate": "date", "usesTeams": "bool", "durationMin": "int",
             "ignored": "bool", "manualWinner": "bool", "rounds": "int", "bggId": "int",
             "gameRefId": "int", "rating": "int", "nemestatsId": "int",
             "scoringSetting": "int", "playerScores": "list"},
    "score": {"score": "str|null", "winner": "bool", "newPlayer": "bool",
              "startPlayer": "bool", "playerRefId": "int", "rank": "int",
              "seatOrder": "int"},
}
OPTIONAL = {
    "player": {"bggUsername": "str"},  # every named player has one; not all anonymous
    "play": {"locationRefId": "int", "comments": "str", "importPlayId": "int",
             "expansionPlays": "list"},
    "score": {"role": "str"},
}
ANONYMOUS = "Anonymous player"  # the name of every anonymous player in those files
DATE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"
                  r"[0-9a-fA-F]{12}$")


def _is(v, kind):
    for k in kind.split("|"):
        if k == "null" and v is None:
            return True
        if k == "bool" and isinstance(v, bool):
            return True
        if k == "int" and isinstance(v, int) and not isinstance(v, bool):
            return True
        if k in ("str", "date") and isinstance(v, str) and (k == "str" or DATE.match(v)):
            return True
        if k == "list" and isinstance(v, list) or k == "dict" and isinstance(v, dict):
            return True
    return False


def _fields(obj, kind, where, out):
    if not isinstance(obj, dict):
        out.append("%s is not an object" % where)
        return False
    for key, t in REQUIRED[kind].items():
        if key not in obj:
            out.append("%s has no %s" % (where, key))
        elif not _is(obj[key], t):
            out.append("%s: %s is not %s (%r)" % (where, key, t, obj[key]))
    for key, t in OPTIONAL.get(kind, {}).items():
        if key in obj and not _is(obj[key], t):
            out.append("%s: %s is not %s (%r)" % (where, key, t, obj[key]))
    return True


def _table(doc, key, kind, out):
    """{id: object} of a list, each checked; ids and uuids unique."""
    table, uuids = {}, set()
    for i, obj in enumerate(doc.get(key) or ()):
        where = "%s %d" % (kind, i + 1)
        if not _fields(obj, kind, where, out):
            continue
        if "id" in REQUIRED[kind]:
            if obj.get("id") in table:
                out.append("%s: id %r twice" % (where, obj.get("id")))
            table[obj.get("id")] = obj
        u = obj.get("uuid")
        if isinstance(u, str) and not UUID.match(u):
            out.append("%s: uuid %r is not one" % (where, u))
        if isinstance(u, str) and u.lower() in uuids:
            out.append("%s: uuid %s twice" % (where, u))
        uuids.add(u.lower() if isinstance(u, str) else u)
    return table


def winners_from_scores(play, game):
    """The winners BG Stats gives a play from its scores alone (manualWinner false), or
    None when the scores do not decide (a game without points, a co-operative one, a
    score not a number)."""
    if game.get("noPoints") or game.get("cooperative"):
        return None
    try:
        scores = [float(s["score"]) for s in play["playerScores"]]
    except (TypeError, ValueError, KeyError):
        return None
    if not scores:
        return None
    best = max(scores) if game.get("highestWins", True) else min(scores)
    return [v == best for v in scores]


def check(doc, strict=True):
    """(problems, (plays whose winners the scores give, plays the scores decide)).
    strict: Pawpad's own files, which must also give every winner from the scores
    unless manualWinner says otherwise, and never name a player as a seat's colour
    (BG Stats' own files break the first rule in about one play of a hundred: a
    game's settings changed after its plays were logged)."""
    out = []
    if not isinstance(doc, dict):
        return ["the file is not a JSON object"], (0, 0)
    _fields(doc, "file", "the file", out)
    if isinstance(doc.get("userInfo"), dict):
        _fields(doc["userInfo"], "userInfo", "userInfo", out)
    players = _table(doc, "players", "player", out)
    locations = _table(doc, "locations", "location", out)
    games = _table(doc, "games", "game", out)
    _table(doc, "plays", "play", out)
    for pid, p in players.items():
        if p.get("isAnonymous") is True and p.get("name") != ANONYMOUS:
            out.append("player %r: anonymous, but named %r" % (pid, p.get("name")))
        if p.get("isAnonymous") is False and "bggUsername" not in p:
            out.append("player %r has no bggUsername" % pid)
        if strict and p.get("isAnonymous") is False and p.get("name") in COLOURS:
            out.append("player %r is a seat's colour (%s), not a person" % (pid, p["name"]))
    decided = derived = 0
    for i, play in enumerate(doc.get("plays") or ()):
        where = "play %d" % (i + 1)
        if not isinstance(play, dict) or not isinstance(play.get("playerScores"), list):
            continue
        game = games.get(play.get("gameRefId"))
        if game is None:
            out.append("%s: gameRefId %r is no game" % (where, play.get("gameRefId")))
            continue
        if "locationRefId" in play and play["locationRefId"] not in locations:
            out.append("%s: locationRefId %r is no location" % (where, play["locationRefId"]))
        for j, s in enumerate(play["playerScores"]):
            if _fields(s, "score", "%s score %d" % (where, j + 1), out) and \
                    s.get("playerRefId") not in players:
                out.append("%s score %d: playerRefId %r is no player"
                           % (where, j + 1, s.get("playerRefId")))
        if play.get("manualWinner") is not False:
            continue
        want = winners_from_scores(play, game)
        if want is None:
            continue
        decided += 1
        got = [s.get("winner") for s in play["playerScores"] if isinstance(s, dict)]
        if got == want:
            derived += 1
        elif strict:
            out.append("%s: manualWinner false, but the winners %s are not the scores' %s"
                       % (where, got, want))
    return out, (derived, decided)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    bad = 0
    for path in argv:
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            print("%s: not read (%s)" % (path, e))
            bad += 1
            continue
        problems, (derived, decided) = check(doc, strict=False)
        print("%s: %d plays, %d problems; winners from the scores in %d of %d plays "
              "without manualWinner" % (path, len(doc.get("plays") or ()), len(problems),
                                         derived, decided))
        for p in problems[:20]:
            print("  " + p)
        bad += bool(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
