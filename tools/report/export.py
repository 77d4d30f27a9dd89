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
    """(date and time for BG Stats, how it is known): when the game began, as the box's
    clock had it (its end when only that is known; a record from before the box kept
    times has only its day): "known", or "estimated" when the box's clock was never set
    that power-on and the computer that first met the box dated it (dating.py, written
    back to the history as `est`); a record never dated stands on the day of the
    export: "unknown"."""
    for k in box_history.TIMES:
        d = rec.get(k)
        if not isinstance(d, str):
            continue
        try:
            if len(d) == 19:
                stamp = datetime.datetime.fromisoformat(d).strftime("%Y-%m-%d %H:%M:%S")
            else:
                stamp = datetime.date.fromisoformat(d).isoformat() + " 00:00:00"
        except ValueError:
            continue
        return stamp, "estimated" if rec.get("est") is True else "known"
    return today + " 00:00:00", "unknown"


def entry_date(rec, date):
    """When the play was entered: the game's end (the box writes the record then), else
    its start and time."""
    end = rec.get("end")
    if isinstance(end, str) and len(end) == 19 and end >= date:
        return end
    start = datetime.datetime.fromisoformat(date)
    ms = rec.get("ms") if isinstance(rec.get("ms"), int) else 0
    try:
        end = start + datetime.timedelta(seconds=min(max(ms, 0), 10 ** 9) // 1000)
    except OverflowError:  # a damaged date at the end of the calendar
        return date
    return end.strftime("%Y-%m-%d %H:%M:%S")


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


def final_scores(rec):
    """(each seat's final score or None, the points before a penalty or None): Circus
    Puppy's record keeps its points and, since the box kept them, its cards left (the
    final score is the points less the cards left); a Circus Puppy record from before
    has no final score to give."""
    scores = rec.get("scores") or [0] * rec["players"]
    left = rec.get("left")
    if isinstance(left, list) and len(left) == len(scores):
        return [scores[s] - left[s] for s in range(len(scores))], list(scores)
    if rec.get("game") == "circus_puppy":
        return [None] * len(scores), list(scores)
    return list(scores), None


def top_scorers(scores):
    """The seats BG Stats takes for the winners of a play from its scores alone (its
    `highestWins` games: the highest score, ties sharing it); [] when a score is
    missing."""
    if not scores or None in scores:
        return []
    best = max(scores)
    return [s for s, v in enumerate(scores) if v == best]


def plays(history, today=None):
    """The finished games as plays: [{"rec", "title", "date", "dated" (play_date's
    word), "minutes", "manual" (the box's winners are not those of the scores alone),
    "points" (Circus Puppy's points before the penalty, or None), "seats": [{"name" (the
    person, or None: nobody named sat there), "colour", "seat", "score" (or None),
    "rank", "winner", "start"}]}]. Games ended before their end (abandoned,
    unfinished) and solo games are left out: BG Stats counts a play as finished, and a
    solo score is no ranking."""
    today = today or datetime.date.today().isoformat()
    out = []
    for rec in history:
        if rec.get("abandoned") or rec.get("unfinished") or rec.get("players", 0) < 2:
            continue
        n = rec["players"]
        date, dated = play_date(rec, today)
        colours = boxdata.seat_names(dict(rec, people=None))
        people = rec.get("people") if isinstance(rec.get("people"), list) else [None] * n
        places = places_of(rec)
        won = [s for s in range(n) if s in set(rec.get("winners") or ())]
        scores, points = final_scores(rec)
        first = rec.get("first")
        seats = [{"name": people[s] if isinstance(people[s], str) else None,
                  "colour": colours[s], "seat": s + 1, "score": scores[s],
                  "rank": places[s], "winner": s in won, "start": first == s}
                 for s in range(n)]
        out.append({"rec": rec, "title": boxdata.title_of(rec), "date": date,
                    "dated": dated, "minutes": minutes(rec.get("ms")), "seats": seats,
                    "manual": top_scorers(scores) != won, "points": points})
    return out


def seated(p):
    """Who sat at each seat of a play, for the CSV and the report: the name, else the
    seat's colour."""
    return [s["name"] or s["colour"] for s in p["seats"]]


def comments(p):
    """The play's comment: what BG Stats has no field for (the points before Circus
    Puppy's penalty, a date that is not the box's own), or None."""
    out = []
    if p["points"] is not None:
        out.append("Pawpad: points before the cards left, " + ", ".join(
            "%s %d" % (who, v) for who, v in zip(seated(p), p["points"])))
    if p["dated"] == "estimated":
        out.append("Pawpad: the box's clock was not set; dated (estimated) when the box "
                   "first met a computer")
    elif p["dated"] == "unknown":
        out.append("Pawpad: the box's clock was not set; the date is the export's")
    return "\n".join(out) or None


ANONYMOUS = "Anonymous player"  # BG Stats' own name for its anonymous player


def linked(links, name):
    """(uuid, name in BG Stats) of a person: their BG Stats player when make roster
    FROM= linked them (bgstats.json on the box), else a uuid of Pawpad's own."""
    link = links.get(name)
    if link:
        return link
    return stable_uuid("player", name), name


def bgstats(history, today=None, ids=None, links=None):
    """The BG Stats play file as a dict (docs/export.md). `links`: {box name: (uuid,
    BG Stats name)}."""
    ids = bgg_ids() if ids is None else ids
    links = links or {}
    today = today or datetime.date.today().isoformat()
    ps = plays(history, today)
    first_seen = {}  # person (None: the anonymous player), title, place: its first play

    def seen(key, date):
        if key not in first_seen or date < first_seen[key]:
            first_seen[key] = date

    people, titles = [], []
    for p in ps:
        for s in p["seats"]:
            if s["name"] not in people:
                people.append(s["name"])
            seen(("player", s["name"]), p["date"])
        if p["title"] not in titles:
            titles.append(p["title"])
        seen(("game", p["title"]), p["date"])
        seen(("location", LOCATION), p["date"])
    players = []
    for i, name in enumerate(people):
        modified = first_seen[("player", name)]
        if name is None:
            players.append({"uuid": stable_uuid("player", ANONYMOUS), "id": i + 1,
                            "name": ANONYMOUS, "isAnonymous": True,
                            "modificationDate": modified})
            continue
        uid, bgs_name = linked(links, name)
        players.append({"uuid": uid, "id": i + 1, "name": bgs_name, "isAnonymous": False,
                        "modificationDate": modified, "bggUsername": ""})
    gs = []
    for i, title in enumerate(titles):
        gs.append({"uuid": stable_uuid("game", title), "id": i + 1, "name": title,
                   "modificationDate": first_seen[("game", title)], "cooperative": False,
                   "highestWins": True, "noPoints": False, "usesTeams": False,
                   "bggYear": 0, "bggId": ids.get(title, 0), "rating": 0,
                   "minPlayerCount": 0, "maxPlayerCount": 0, "minPlayTime": 0,
                   "maxPlayTime": 0, "minAge": 0, "preferredImage": 0, "copies": []})
    out_plays = []
    for p in ps:
        rec = p["rec"]
        entered = entry_date(rec, p["date"])
        play = {"uuid": stable_uuid("play", play_key(rec)), "modificationDate": entered,
                "entryDate": entered, "playDate": p["date"], "usesTeams": False,
                "durationMin": p["minutes"], "ignored": False, "manualWinner": p["manual"],
                "rounds": 0, "bggId": 0, "importPlayId": 0, "locationRefId": 1,
                "gameRefId": titles.index(p["title"]) + 1, "rating": 0,
                "nemestatsId": 0, "scoringSetting": 0,
                "playerScores": [
                    {"score": None if s["score"] is None else str(s["score"]),
                     "winner": s["winner"], "newPlayer": False, "startPlayer": s["start"],
                     "playerRefId": people.index(s["name"]) + 1, "rank": s["rank"],
                     "seatOrder": s["seat"]}
                    for s in p["seats"]],
                "expansionPlays": []}
        said = comments(p)
        if said:
            play["comments"] = said
        out_plays.append(play)
    return {"about": ABOUT, "players": players,
            "locations": [{"uuid": stable_uuid("location", LOCATION), "id": 1,
                           "name": LOCATION,
                           "modificationDate": first_seen.get(("location", LOCATION),
                                                              today + " 00:00:00")}],
            "games": gs, "plays": out_plays, "challenges": [],
            "userInfo": {"meRefId": 0, "bggUsername": ""}}


# The fields the host writes into a record when it dates it (dating.py): a play's uuid
# is made without them, so dating a play does not make it another.
DATING = ("start", "end", "est")


def play_key(rec):
    """What names a play for its uuid: the box's game id, or for a record without one
    (written before the box gave ids) the record itself, less what dating adds."""
    if isinstance(rec.get("id"), str) and rec["id"]:
        return boxdata.text(rec["id"])
    dated = "est" in rec
    return json.dumps({k: v for k, v in rec.items() if not (dated and k in DATING)},
                      sort_keys=True, ensure_ascii=True)


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


DATED_CSV = {"known": "yes", "estimated": "estimated", "unknown": "no"}


def write_csv(path, history, today=None):
    rows = 0
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, CSV_FIELDS)
        w.writeheader()
        for i, p in enumerate(plays(history, today)):
            rec = p["rec"]
            for s, who in zip(p["seats"], seated(p)):
                row = {"play": i + 1, "date": p["date"][:10],
                       "time": p["date"][11:16] if p["dated"] != "unknown" else "",
                       "date_known": DATED_CSV[p["dated"]], "game": p["title"],
                       "variant": variant(rec), "duration_min": p["minutes"],
                       "location": LOCATION, "player": who, "seat": s["seat"],
                       "start_player": "yes" if s["start"] else "",
                       "score": "" if s["score"] is None else s["score"], "rank": s["rank"],
                       "winner": "yes" if s["winner"] else "no",
                       "pawpad_id": rec.get("id", "")}
                w.writerow({k: cell(v) for k, v in row.items()})
                rows += 1
    return rows


def main(argv=None):
    a = boxdata.arguments("the box's games for BG Stats and a spreadsheet",
                          "build/export").parse_args(argv)
    box, source, _found = boxdata.gather(a, "export")
    doc = bgstats(box.history, links=box.links)
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
