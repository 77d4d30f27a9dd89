# The group's own names, from BG Stats (`make roster FROM=BGStatsExport.json`): the
# players of a BG Stats backup (all of the app's data in one JSON file) by their plays,
# the box name each would get, and the link between a box name and its BG Stats
# player, kept on the box in bgstats.json (the firmware never reads it; `make export`
# does, so that the box's plays name the same players, by name and uuid, from any
# computer):
#   {"players": [{"name": "Alan", "bgstats": "Alan Hussey", "uuid": "27c30761-..."}]}
# Read as real backups are (the BGStatsExport.json files of the public repositories
# Deniedpluto/BoardGamePlays, giannistiv/boardgamelibrary, gz97/board-games-analysis,
# michaelgao8/board-game-stats-shiny; app versions up to 6.14): players carry uuid
# (lower or upper case: kept as it is), id, name (trailing spaces, parentheses,
# non-ASCII letters, emoji, two players alike but for case or a space), isAnonymous
# (BG Stats' "Anonymous player": never offered); plays carry playerScores
# [{"playerRefId": id}] (a player may be listed twice in one play: one play) and
# `ignored` (a play marked so is not counted); deletedObjects may name a player.
import json
import os
import unicodedata

from pawpad.store.catalogues import roster

LINKS = "bgstats.json"
LINKS_LIMIT = 16384  # bytes: 16 links of the longest names BG Stats keeps take about 4 KB
BACKUP_LIMIT = 256 * 1024 * 1024  # bytes: the real backups are 0.1 to 3 MB
FALLBACK = "Player"  # the box name of a BG Stats name without one letter of CHARS

# Letters NFKD does not take apart into a letter of CHARS and an accent.
_SPELLED = {"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ß": "ss",
            "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "þ": "th", "Þ": "Th", "ð": "d",
            "Ð": "D", "ı": "i", "’": "'", "‘": "'", "–": "-", "—": "-"}


class Player:
    """One BG Stats player: `number` (its place in the list, 1 first), `name` and `uuid`
    exactly as the file has them, `plays` (the plays it is in, once a play)."""

    def __init__(self, name, uuid, plays, ref):
        self.name = name
        self.uuid = uuid
        self.plays = plays
        self.ref = ref  # the file's id, for the plays' playerRefId
        self.number = 0

    def __repr__(self):
        return "Player(%r, %r, %d)" % (self.name, self.uuid, self.plays)


class Group:
    """A backup's players, most plays first (then by name): `players`, `anonymous` (how
    many anonymous players were left out), `left_out` (entries that are no player)."""

    def __init__(self, players, anonymous=0, left_out=0):
        self.players = players
        self.anonymous = anonymous
        self.left_out = left_out
        for i, p in enumerate(players):
            p.number = i + 1


class NotABackup(ValueError):
    """What is wrong with a file given as a BG Stats backup, in words."""


def read_backup(path):
    """(Group, None) from a BG Stats backup file, or (None, what is wrong with it): a
    file that is not there, not JSON, damaged or of another shape never raises."""
    try:
        if os.path.isdir(path):
            return None, "is a folder, not a BG Stats backup"
        size = os.path.getsize(path)
        if size > BACKUP_LIMIT:
            return None, "is too big to be a BG Stats backup (%d bytes)" % size
        with open(path, "rb") as f:
            raw = f.read(BACKUP_LIMIT + 1)
    except FileNotFoundError:
        return None, "is not there"
    except OSError as e:
        return None, "could not be read (%s)" % (e.strerror or e)
    try:
        return group(raw), None
    except NotABackup as e:
        return None, str(e)


def group(raw):
    """The Group of a backup's bytes; NotABackup saying why it is none."""
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except UnicodeError:
        raise NotABackup("is not text (a BG Stats backup is JSON)")
    except RecursionError:
        raise NotABackup("is nested too deep to be a BG Stats backup")
    except ValueError as e:
        raise NotABackup("is not valid JSON (%s; is it the whole backup?)" % e)
    if not isinstance(doc, dict) or not isinstance(doc.get("players"), list) \
            or not isinstance(doc.get("plays"), list):
        raise NotABackup("is not a BG Stats backup (it has no lists of players and plays)")
    deleted = set()
    for d in doc.get("deletedObjects") or ():
        if isinstance(d, dict) and d.get("objectType") == "Player" and \
                isinstance(d.get("uuid"), str):
            deleted.add(d["uuid"].lower())
    by_ref, players, seen = {}, [], set()
    anonymous = left_out = 0
    for p in doc["players"]:
        if not isinstance(p, dict) or not _text(p.get("name")) or not _text(p.get("uuid")):
            left_out += 1
            continue
        if p.get("isAnonymous") is True:
            anonymous += 1
            continue
        if p["uuid"].lower() in deleted or p["uuid"].lower() in seen:
            continue  # deleted in the app, or the same player twice: once
        seen.add(p["uuid"].lower())
        player = Player(p["name"], p["uuid"], 0, p.get("id"))
        players.append(player)
        if _ref(p.get("id")) and p["id"] not in by_ref:
            by_ref[p["id"]] = player
    for play in doc["plays"]:
        if not isinstance(play, dict) or play.get("ignored") is True:
            continue
        scores = play.get("playerScores")
        counted = set()
        for s in scores if isinstance(scores, list) else ():
            ref = s.get("playerRefId") if isinstance(s, dict) else None
            if _ref(ref) and ref in by_ref and ref not in counted:  # once a play
                counted.add(ref)
                by_ref[ref].plays += 1
    players.sort(key=lambda p: (-p.plays, p.name.strip().casefold(), p.name, p.uuid))
    return Group(players, anonymous, left_out)


def _text(value):
    return isinstance(value, str) and value.strip() != ""


def _ref(value):
    return isinstance(value, int) and not isinstance(value, bool)


# -- box names ---------------------------------------------------------------------


def spelled(text):
    """`text` in CHARS only: accents taken off (Ż is Z, ø is o), every other character
    that is not one of CHARS dropped."""
    out = []
    for ch in unicodedata.normalize("NFKD", text):
        ch = _SPELLED.get(ch, ch)
        out.append("".join(c for c in ch if c in roster.CHARS))
    return "".join(out)


def _words(name):
    words = []
    for w in name.split():
        w = spelled(w).strip("-'. ")  # no name begins with a dash: none as a formula could
        if w:
            words.append(w)
    return words


def candidates(name):
    """The box names a BG Stats name may get, best first, each of CHARS and of 1 to
    NAME_MAX characters (whether one is a colour's, or taken, is for the caller): the
    whole name when the box can keep it as it is, the first word, the first word with the
    initial of a later one (the last first), then the first word numbered."""
    whole = name.strip()
    if roster.valid(whole) and whole[0] not in "-'.":
        yield whole
    words = _words(name) or [FALLBACK]
    first = words[0]
    yield first[:roster.NAME_MAX]
    for w in reversed(words[1:]):  # the last word first: a family name, most often
        yield first[:roster.NAME_MAX - 1] + w[0]
    n = 2
    while True:
        tail = str(n)
        yield first[:roster.NAME_MAX - len(tail)] + tail
        n += 1


def derive(name, taken):
    """The first of candidates(name) the box can keep whose lower case is not in
    `taken` (a set of lower-case names)."""
    for c in candidates(name):
        if roster.valid(c) and c.lower() not in taken:
            return c
    raise AssertionError("unreachable: the numbered names never end")


def first_name(name):
    """The first box name a BG Stats name would get, taken or not."""
    for c in candidates(name):
        if roster.valid(c):
            return c
    raise AssertionError("unreachable")


# -- the links on the box ------------------------------------------------------------


class Link:
    def __init__(self, name, bgstats, uuid):
        self.name = name  # the box's name
        self.bgstats = bgstats  # the BG Stats player's name, exactly
        self.uuid = uuid  # its uuid, exactly

    def as_json(self):
        return {"name": self.name, "bgstats": self.bgstats, "uuid": self.uuid}

    def __eq__(self, other):
        return isinstance(other, Link) and self.as_json() == other.as_json()

    def __repr__(self):
        return "Link(%r, %r, %r)" % (self.name, self.bgstats, self.uuid)


def read_links(raw):
    """([Link], None or what is wrong) from bgstats.json's bytes (None: no file): every
    good entry of a damaged file is kept; this never raises."""
    if raw is None:
        return [], None
    if len(raw) > LINKS_LIMIT:
        return [], "is too big (%d bytes)" % len(raw)
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeError:
        return [], "is not text"
    except RecursionError:
        return [], "is nested too deep"
    except ValueError:
        return [], "is not valid JSON"
    entries = doc.get("players") if isinstance(doc, dict) else None
    if not isinstance(entries, list):
        return [], "has no list of players"
    links, bad = [], 0
    for e in entries:
        if isinstance(e, dict) and all(_text(e.get(k)) for k in ("name", "bgstats", "uuid")):
            links.append(Link(e["name"], e["bgstats"], e["uuid"]))
        else:
            bad += 1
    return links, ("has %d entr%s that %s no link" % (bad, "y" if bad == 1 else "ies",
                                                       "is" if bad == 1 else "are")
                   if bad else None)


def kept(links, names):
    """The links of the box names `names` (the roster's, its spelling), in the roster's
    order, one a name and one a BG Stats player: a link to a name no longer there goes."""
    out, uuids = [], set()
    for name in names:
        for link in links:
            if link.name.lower() == name.lower() and link.uuid.lower() not in uuids:
                out.append(Link(name, link.bgstats, link.uuid))
                uuids.add(link.uuid.lower())
                break
    return out


def links_text(links):
    return json.dumps({"players": [link.as_json() for link in links]})


# -- which BG Stats player is which box name -----------------------------------------

LINKED, UNLINKED, NEW = "on the box", "on the box, not linked yet", ""


def box_names(players, names, links, fixed=None):
    """{uuid: (box name, state)} for every player of `players`: LINKED (its link on the
    box), UNLINKED (a box name no one is linked to, which it would be linked to: its
    whole name, or else the name it would get), NEW (a name no box name or other player
    has). `fixed`: {uuid: name} the user chose (taken first). Every name is valid and
    no two players get one name (case aside)."""
    fixed = fixed or {}
    on_box = {n.lower(): n for n in names}
    by_uuid = {link.uuid.lower(): link.name for link in links}
    linked = {link.name.lower() for link in links}
    free = {low: n for low, n in on_box.items() if low not in linked}
    out, taken = {}, set(on_box)

    def place(p, name):
        low = name.lower()
        out[p.uuid] = (on_box[low], UNLINKED) if low in free else (name, NEW)
        free.pop(low, None)
        taken.add(low)

    for p in players:
        if p.uuid.lower() in by_uuid:
            out[p.uuid] = (by_uuid[p.uuid.lower()], LINKED)
    by_player = {p.uuid: p for p in players}
    for uuid, name in fixed.items():  # in the order they were asked for
        p = by_player.get(uuid)
        if p is not None and p.uuid not in out and roster.valid(name) and (
                name.lower() in free or name.lower() not in taken):
            place(p, name)
    for pick in (lambda p: p.name.strip(), lambda p: first_name(p.name)):
        for p in players:
            if p.uuid not in out and pick(p).lower() in free:
                place(p, pick(p))
    for p in players:
        if p.uuid not in out:
            place(p, derive(p.name, taken))
    return out


def parse_picks(text, group):
    """([(Player, box name or None)], [problems]) from PICK: comma-separated numbers of
    the list or BG Stats names (case and spaces at the ends aside), each with "=Name"
    for a box name of one's own."""
    picks, problems, seen = [], [], {}
    for item in (text or "").split(","):
        item = item.strip()
        if not item:
            continue
        who, name = item, None
        if "=" in item:  # no box name has an "=": the last one is the box name's
            who, name = (s.strip() for s in item.rsplit("=", 1))
            if not name:
                problems.append("%s: no box name after =" % item)
                continue
        player, why = _find(who, group)
        if player is None:
            problems.append(why)
        elif player.uuid not in seen:
            seen[player.uuid] = name
            picks.append((player, name))
        elif seen[player.uuid] != name:
            problems.append("%s is picked twice (%s): the first is taken" % (
                player.name.strip(), " and ".join(
                    "as %s" % n if n else "without a name" for n in (seen[player.uuid], name))))
    return picks, problems


def _find(who, group):
    if who.isdigit():
        n = int(who)
        if 1 <= n <= len(group.players):
            return group.players[n - 1], None
        return None, "no player number %s (the list has %d)" % (who, len(group.players))
    alike = [p for p in group.players if p.name.strip().casefold() == who.casefold()]
    exact = [p for p in alike if p.name == who]
    if len(alike) == 1 or len(exact) == 1:
        return (exact or alike)[0], None
    if alike:
        return None, "%s is %d players of the file (numbers %s): pick one by its number" % (
            who, len(alike), ", ".join(str(p.number) for p in alike))
    return None, "no player called %s in the file (a name with a comma: its number)" % who


def put_on(r, links, picks, group):
    """Puts the picked players on the roster `r` and links them: (links, [what was done],
    [problems]). A player linked already stays as it is; a name the box has, no one
    linked to it, is linked, not added again."""
    fixed = {p.uuid: name for p, name in picks if name is not None}
    chosen = box_names(group.players, r.names, links, fixed)
    links = list(links)
    done, problems = [], []
    for p, wanted in picks:
        name, state = chosen[p.uuid]
        if state == LINKED:
            if wanted is not None and wanted.lower() != name.lower():
                problems.append("%s is %s on the box already (REMOVE=%s first for another "
                                "name)" % (p.name, name, name))
            else:
                done.append("%s is %s on the box already" % (p.name, name))
            continue
        if wanted is not None and wanted.lower() != name.lower():
            problems.append("%s=%s: %s" % (p.name.strip(), wanted,
                                            _refused(wanted, r, links)))
            continue
        if state == NEW:
            refused = r.add(name)
            if refused:
                problems.append("%s not put on as %s: %s%s" % (
                    p.name, name, refused, " (REMOVE= one first)"
                    if len(r.names) >= roster.NAMES_MAX else " (%s)" % roster.rule()))
                continue
        links.append(Link(name, p.name, p.uuid))
        done.append("%s is %s on the box%s" % (p.name, name, ", linked" if state == UNLINKED
                                              else ""))
    return kept(links, r.names), done, problems


def _refused(wanted, r, links):
    """Why a box name asked for is not the player's."""
    if not roster.valid(wanted):
        return "Not a name the box can keep (%s)" % roster.rule()
    for link in links:
        if link.name.lower() == wanted.lower():
            return "%s is on the box as %s of BG Stats" % (link.name, link.bgstats)
    return "asked for another player too"


def listing(group, names, links, source):
    """The lines that offer a backup's players: number, BG Stats name, plays, the box
    name each would get, whether it is on the box."""
    chosen = box_names(group.players, names, links)
    left = []
    if group.anonymous:
        left.append("BG Stats' anonymous player")
    if group.left_out:
        left.append("%d entr%s that %s no player" % (
            group.left_out, "y" if group.left_out == 1 else "ies",
            "is" if group.left_out == 1 else "are"))
    lines = ["%d players in %s%s, most plays first:" % (
        len(group.players), source, " (left out: %s)" % ", ".join(left) if left else "")]
    width = min(28, max([len("BG Stats name")] + [len(p.name) for p in group.players]))
    lines.append("%4s  %-*s %6s  %-6s  %s" % ("#", width, "BG Stats name", "plays", "box",
                                              "on the box?"))
    for p in group.players:
        name, state = chosen[p.uuid]
        lines.append(("%4d  %-*s %6d  %-6s  %s" % (p.number, width, p.name, p.plays, name,
                                                   state)).rstrip())
    return lines
