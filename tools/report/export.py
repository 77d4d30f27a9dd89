# `make export`: the box's finished games as a BG Stats play file (the JSON BG Stats
# opens from a share or a file) and as a CSV of the same plays, one row a player, for a
# spreadsheet. docs/export.md says what each field holds and where its meaning comes
# from.
#   python tools/report/export.py --port /dev/ttyACM0 [--mpremote M]   from a Pico
#   python tools/report/export.py --data sim_data                      from a folder
# Writes OUT/pawpad.bgsplay (the JSON) and OUT/pawpad-plays.csv.
import csv
import datetime
import json
import os
import uuid

from pawpad.store.records import history as box_history
from report import boxdata

LOCATION = "Pawpad"
# A name-based UUID of our own (RFC 4122, section 4.3): the same player, game, place and
# play get the same uuid at every export, so a play exported twice is one play.
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_DNS, "pawpad.box")
# BoardGameGeek ids are not guessed: a user may fill in this file (title: id).
BGG_IDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bgg_ids.json")
ABOUT = ("This is a Play file that can be read by Board Game Stats. If you see this "
         "text, try to use a share, export or open-in function to open it with Board "
         "Game Stats. Written by Pawpad (make export).")
CSV_FIELDS = ("play", "date", "time", "date_known", "game", "variant", "duration_min", "location",
              "player", "seat", "start_player", "score", "rank", "winner", "pawpad_id")


def stable_uuid(kind, key):
    return str(uuid.uuid5(NAMESPACE, "%s:%s" % (kind, key)))


def bgg_ids(path=BGG_IDS):
    """{title: BoardGameGeek id} from the user's table; titles left null are left out."""
    try:
        with open(path) as f:
            table = json.load(f)
    except (OSError, ValueError):
        return {}
    out = {}
    for title, v in table.items() if isinstance(table, dict) else ():
        if isinstance(v, int) and not isinstance(v, bool) and v > 0:
            out[title] = v
    return out


def places_of(rec):
    """Each seat's place, equal ones shared: as the box kept them, or for records
    written before it kept places, by score with the winners first."""
    n = rec["players"]
    places = rec.get("places")
    if isinstance(places, list) and len(places) == n:
        return list(places)
    scores = rec.get("scores") or [0] * n
    won = set(rec.get("winners") or ())
    # the winners first (a game may rank by more than its score), then by score
    keys = sorted((0 if s in won else 1, -scores[s], s) for s in range(n))
    out = [0] * n
    place, prev = 0, None
    for i, (w, neg, seat) in enumerate(keys):
        if (w, neg) != prev:
            place, prev = i + 1, (w, neg)
        out[seat] = place
    return out


def play_date(rec, today):
    """(date and time for BG Stats, known?): when the game began, as the box's clock
    had it (its end when only that is known; a record from before the box kept times
    has only its day); otherwise the day of the export stands in, and the play says
    so."""
    for k in box_history.TIMES:
        d = rec.get(k)
        if not isinstance(d, str):
            continue
        try:
            if len(d) == 19:
                return datetime.datetime.fromisoformat(d).strftime("%Y-%m-%d %H:%M:%S"), True
            return datetime.date.fromisoformat(d).isoformat() + " 00:00:00", True
        except ValueError:
            continue
    return today + " 00:00:00", False


def minutes(ms):
    """A game's time in whole minutes, 1 at least (whole numbers all through: a damaged
    record's time may be any size)."""
    ms = ms if isinstance(ms, int) and not isinstance(ms, bool) else 0
    return max(1, (ms + 30000) // 60000)


def variant(rec):
    """The variant the record's settings name, or ""."""
    settings = rec.get("settings")
    v = settings.get("variant", "") if isinstance(settings, dict) else ""
    return boxdata.text(v) if isinstance(v, str) else ""


def plays(history, today=None):
    """The finished games as plays: [{"rec", "title", "date", "known", "minutes",
    "seats": [{"name", "seat", "score", "rank", "winner", "start"}]}]. Games ended
    before their end (abandoned, unfinished) and solo games are left out: BG Stats
    counts a play as finished, and a solo score is no ranking."""
    today = today or datetime.date.today().isoformat()
    out = []
    for rec in history:
        if rec.get("abandoned") or rec.get("unfinished") or rec.get("players", 0) < 2:
            continue
        title = boxdata.title_of(rec)
        date, known = play_date(rec, today)
        names = boxdata.seat_names(rec)
        places = places_of(rec)
        won = set(rec.get("winners") or ())
        scores = rec.get("scores") or [0] * rec["players"]
        first = rec.get("first")
        seats = [{"name": names[s], "seat": s + 1, "score": scores[s], "rank": places[s],
                  "winner": s in won, "start": first == s}
                 for s in range(rec["players"])]
        out.append({"rec": rec, "title": title, "date": date, "known": known,
                    "minutes": minutes(rec.get("ms")), "seats": seats})
    return out


def bgstats(history, today=None, ids=None):
    """The BG Stats play file as a dict (docs/export.md)."""
    ids = bgg_ids() if ids is None else ids
    ps = plays(history, today)
    people, titles = [], []
    for p in ps:
        for s in p["seats"]:
            if s["name"] not in people:
                people.append(s["name"])
        if p["title"] not in titles:
            titles.append(p["title"])
    players = [{"id": i + 1, "uuid": stable_uuid("player", name), "name": name,
                "isAnonymous": False, "bggUsername": ""} for i, name in enumerate(people)]
    gs = []
    for i, title in enumerate(titles):
        g = {"id": i + 1, "uuid": stable_uuid("game", title), "name": title,
             "cooperative": False, "highestWins": True, "noPoints": False,
             "usesTeams": False}
        if title in ids:
            g["bggId"] = ids[title]
        gs.append(g)
    out_plays = []
    for p in ps:
        rec = p["rec"]
        key = boxdata.text(rec.get("id") or "%s-%s-%s" % (rec["game"], p["date"],
                                                          rec.get("scores")))
        play = {"uuid": stable_uuid("play", key), "playDate": p["date"],
                "durationMin": p["minutes"], "locationRefId": 1,
                "gameRefId": titles.index(p["title"]) + 1, "ignored": False,
                "manualWinner": False, "rounds": 0, "usesTeams": False,
                "playerScores": [
                    {"playerRefId": people.index(s["name"]) + 1, "score": str(s["score"]),
                     "winner": s["winner"], "newPlayer": False, "startPlayer": s["start"],
                     "rank": s["rank"], "seatOrder": s["seat"]}
                    for s in p["seats"]]}
        if not p["known"]:
            play["comments"] = "Pawpad: the box's clock was not set; the date is the export's"
        out_plays.append(play)
    return {"about": ABOUT, "players": players,
            "locations": [{"id": 1, "uuid": stable_uuid("location", LOCATION),
                           "name": LOCATION}],
            "games": gs, "plays": out_plays}


# What a spreadsheet takes for the start of a formula (OWASP's CSV injection set), and
# the quote that marks a cell as text in its place.
FORMULA = ("=", "+", "-", "@", "\t", "\r")
QUOTE = "'"


def cell(value):
    """A CSV cell that no spreadsheet reads as a formula: a whole number as it is (a
    negative score stays a number); any text that starts with one of FORMULA, or with
    the quote itself, gets a quote before it ("-Ann" is written '-Ann, "'Bo" ''Bo), so
    taking one quote off any cell that starts with one gives the text back."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    value = boxdata.text(value)
    return QUOTE + value if value.startswith(FORMULA + (QUOTE,)) else value


def write_csv(path, history, today=None):
    rows = 0
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, CSV_FIELDS)
        w.writeheader()
        for i, p in enumerate(plays(history, today)):
            rec = p["rec"]
            for s in p["seats"]:
                row = {"play": i + 1, "date": p["date"][:10],
                       "time": p["date"][11:16] if p["known"] else "",
                       "date_known": "yes" if p["known"] else "no", "game": p["title"],
                       "variant": variant(rec), "duration_min": p["minutes"],
                       "location": LOCATION, "player": s["name"], "seat": s["seat"],
                       "start_player": "yes" if s["start"] else "", "score": s["score"],
                       "rank": s["rank"], "winner": "yes" if s["winner"] else "no",
                       "pawpad_id": rec.get("id", "")}
                w.writerow({k: cell(v) for k, v in row.items()})
                rows += 1
    return rows


def main(argv=None):
    a = boxdata.arguments("the box's games for BG Stats and a spreadsheet",
                          "build/export").parse_args(argv)
    box, source, _found = boxdata.gather(a, "export")
    doc = bgstats(box.history)
    path = os.path.join(a.out, "pawpad.bgsplay")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
    rows = write_csv(os.path.join(a.out, "pawpad-plays.csv"), box.history)
    print("export: %s (%d plays, %d players) and %s (%d rows) from %s"
          % (path, len(doc["plays"]), len(doc["players"]),
             os.path.join(a.out, "pawpad-plays.csv"), rows, source))
    for p in box.problems:  # what was passed over or read otherwise, a line each
        print("export: " + p)


if __name__ == "__main__":
    main()
