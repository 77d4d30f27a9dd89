# Damaged game logs, made deterministically: long logs of every game (with undos, redos,
# corrections and resumes in the middle, so that there are several checkpoints and
# chains between them), and the ways flash can spoil them: a bit flipped, the file cut
# short, and records whose checksum is good but whose content is wrong (checkpoints
# whose places lead nowhere or elsewhere, snapshots of the wrong shape, an event
# replaced by a record of another kind). Host tooling, seeded: the same records on
# CPython and the MicroPython unix port (whose JSON may lay a record's fields out in
# another order, so byte positions differ). host_tests/test_damage_sweep.py plays them.
import json

from pawpad.store.log import codec, schema
from pawpad.store.resume import resume
from pawpad.store.session import LOG, Session
from pawsim import robots
from pawsim.rng import Rng

PLAYERS = 3
SETTINGS = {"pick_a_dog": {"variant": "dog"}, "circus_puppy": None, "top_dog": None,
            "top_dogs": {"rounds": 30, "cups": 30}}




# --- long logs ---
def _alternative(s, i, chooser):
    """Another event the rules take in place of event i (one robot move from the state
    before it), or None."""
    before = s.state_before(i)
    got = []

    def state():
        return before

    def feed(event):
        if got:
            return True
        try:
            s.engine.step(before, event)
        except ValueError:
            return False
        got.append(event)
        return True

    if before["ended"]:
        return None
    robots.ROBOTS[s.name](state, chooser, feed)
    return got[0] if got else None


def long_log(store, game, records, seed):
    """Plays `game` on `store` (a Storage) through a Session until its log holds at
    least `records` records: robot moves, undos, redos, corrections (to the same event
    or another that fits) and now and then a resume, as a box would write them. The
    game is left unfinished (a move that ends it is undone). Returns the session."""
    rng = Rng(seed)
    chooser = robots.Even(seed) if game == "top_dog" else robots.Chooser(seed)
    s = Session.new(store, game, PLAYERS, SETTINGS[game], ["Red", "Blue", "Green"])
    s.flush()
    ms = [1000]

    def feed(event):
        ms[0] += 700 + rng.below(5000)
        return s.offer(event, ms[0]) is None

    def state():
        return s.state

    while s.acked < records:
        kind = rng.below(20)
        ms[0] += 300
        if s.state["ended"]:  # a redo or a correction ended it: not this game yet
            s.undo(ms[0])
            s.flush()
            continue
        n = len(s.timeline.events)
        # The first half undoes and corrects far back (the snapshots before are voided,
        # the chain of places relinked); the second half as most games go on: undos
        # and corrections of what came after the last checkpoint, whose snapshot then
        # holds (a resume starts from it).
        floor = 0
        snap = getattr(s, "snap", None)  # (events, state) of the last checkpoint
        if s.acked > records // 2 and snap is not None:
            floor = snap[0]
        if kind < 9 or n <= floor:
            robots.ROBOTS[game](state, chooser, feed)
            if s.state["ended"]:
                s.undo(ms[0])
        elif kind < 12:
            s.undo(ms[0])
        elif kind < 14:
            s.redo(ms[0])
        elif kind < 19:
            i = n - 1 - rng.below(min(n - floor, 12))
            alt = _alternative(s, i, chooser) if rng.below(2) else None
            if alt is None or s.fix(i, alt, ms[0]) is not None:
                s.fix(i, s.events()[i], ms[0])  # the same again: always fits
        else:
            s.flush()
            s, _ = resume(store)  # a power cut: the writing goes on from there
        s.flush()
    return s


# --- a log's records ---
class Line:
    """One line of a log: where it starts and ends (bytes), and its record (None if it
    does not read as one)."""

    def __init__(self, start, data):
        self.start = start
        self.end = start + len(data)
        self.rec = None
        if data.endswith(b"\n"):
            try:
                self.rec = codec.decode(data[:-1].decode())
            except (ValueError, UnicodeError):
                pass


def lines_of(data):
    """The lines of a log's bytes, their records parsed."""
    out = []
    at = 0
    while at < len(data):
        nl = data.find(b"\n", at)
        end = len(data) if nl < 0 else nl + 1
        out.append(Line(at, data[at:end]))
        at = end
    return out


def timeline_of(records):
    """(events in force, events undone) after the records (the header first), as the
    log's format says (store/schema.py): its own model, not the firmware's code."""
    events = []
    undone = []
    for rec in records[1:]:
        if "undo" in rec:
            undone.append(events.pop())
        elif "redo" in rec:
            events.append(undone.pop())
        elif "fix" in rec:
            events[rec["fix"]] = rec["e"]
        elif "e" in rec:
            events.append(rec["e"])
            undone = []
    return events, undone


def checkpoints(lines):
    """Indices of the lines that are checkpoints with places ("ix")."""
    return [i for i, ln in enumerate(lines) if ln.rec is not None and "ix" in ln.rec]


def events_index(lines):
    """Indices of the lines that are plain events (not corrections)."""
    return [i for i, ln in enumerate(lines) if ln.rec is not None and "e" in ln.rec and
            "fix" not in ln.rec]


def with_line(data, lines, i, rec):
    """The log with line i replaced by `rec` (encoded with its good checksum)."""
    ln = lines[i]
    return data[:ln.start] + codec.encode(rec).encode() + data[ln.end:]


def clone(v):
    return json.loads(json.dumps(v))


# --- the damages ---
# Each function gives [(name, make, first_bad)]: make() makes the damaged bytes (one
# case's at a time: a few hundred logs of 30 KB are more than a small heap holds), and
# first_bad is the index of the first line damaged (or missing).
def materialized(cases):
    """(name, damaged bytes, first_bad), one case at a time."""
    for name, make, first_bad in cases:
        yield name, make(), first_bad


def bit_flips(data, lines, rng, count, in_header=2):
    """`count` single bits flipped at seeded places, the first `in_header` of them in
    the header (a random place in the whole log seldom falls there)."""
    out = []
    for n in range(count):
        pos = rng.below(lines[0].end if n < in_header else len(data))
        bit = rng.below(8)
        line = 0
        for i, ln in enumerate(lines):
            if ln.start <= pos < ln.end:
                line = i
        out.append(("flip byte %d bit %d (line %d)" % (pos, bit, line),
                    _flipper(data, pos, bit), line))
    return out


def _flipper(data, pos, bit):
    def make():
        spoilt = bytearray(data)
        spoilt[pos] ^= 1 << bit
        return bytes(spoilt)
    return make


def _prefix(data, n):
    return lambda: data[:n]


def truncations(data, lines, rng, mid_every=1):
    """Cut at every record boundary (line i then is the first one missing) and, every
    `mid_every`-th line, inside it."""
    out = []
    for i, ln in enumerate(lines):
        out.append(("cut at line %d (byte %d)" % (i, ln.start), _prefix(data, ln.start), i))
        if i % mid_every == 0 and ln.end - ln.start > 2:
            cut = ln.start + 1 + rng.below(ln.end - ln.start - 1)
            out.append(("cut inside line %d (byte %d)" % (i, cut), _prefix(data, cut), i))
    return out


def _replacer(data, lines, i, rec):
    return lambda: with_line(data, lines, i, rec)


def places_at(lines, upto):
    """(places of the events in force, places of those undone) after the lines before
    `upto`, as the log's format says: each event's place is where its record (or the
    correction that replaced it) begins."""
    events = []
    undone = []
    for ln in lines[1:upto]:
        rec = ln.rec
        if "undo" in rec:
            undone.append(events.pop())
        elif "redo" in rec:
            events.append(undone.pop())
        elif "fix" in rec:
            events[rec["fix"]] = ln.start
        elif "e" in rec:
            events.append(ln.start)
            undone = []
    return events, undone


def places_crc(events, undone):
    """A checkpoint's `crc` (store/schema.py): the CRC-32 of the places in force, then
    of those undone, as 32-bit words; None for a place no word holds."""
    from array import array
    from binascii import crc32

    try:
        value = crc32(bytes(array("i", events)))
        return crc32(bytes(array("i", undone)), value) & 0xFFFFFFFF
    except (OverflowError, ValueError, TypeError):
        return None


def _ix_damage(data, lines, i, rng, whole_lies=True):
    """CRC-valid checkpoints at line i whose "ix" leads astray: each, where its places
    change, also with its own `crc` made to agree (a lie told whole), if `whole_lies`."""
    rec = lines[i].rec
    ck = checkpoints(lines)
    prev = [j for j in ck if j < i]
    evs = events_index(lines)
    starts = [ln.start for ln in lines]
    size = len(data)
    ln = lines[i]
    out = []
    in_force, undone = places_at(lines, i)

    def put(name, change):
        r = clone(rec)
        change(r["ix"], r)
        if schema.check_record(r) is not None:
            return  # the schema refuses it: a damaged record like any other
        out.append(("checkpoint line %d: %s" % (i, name), _replacer(data, lines, i, r), i))
        ix = r["ix"]
        if not whole_lies or len(ix) < 6 or ix[0] != rec["ix"][0] or ix[1] != rec["ix"][1]:
            return  # no crc in this log's checkpoints, or a chain that is not this one
        crc = places_crc(in_force[:ix[1]] + ix[2], ix[3])
        if crc is None or crc == ix[5]:
            return
        r = clone(r)
        r["ix"][5] = crc
        if schema.check_record(r) is None:
            out.append(("checkpoint line %d: %s, crc agreeing" % (i, name),
                        _replacer(data, lines, i, r), i))

    def places_to(fn):
        def change(ix, r):
            if ix[2]:
                k = rng.below(len(ix[2]))
                ix[2][k] = fn(ix[2][k])
        return change

    put("a place mid-record", places_to(lambda at: at + 3))
    put("a place into the header", places_to(lambda at: 5))
    put("a place at byte 1", places_to(lambda at: 1))
    if prev:
        put("a place at a checkpoint", places_to(lambda at: lines[prev[-1]].start))
    put("a place past the end", places_to(lambda at: size + 100))
    put("a place at itself", places_to(lambda at: ln.start))
    put("a place huge", places_to(lambda at: 1 << 40))

    def repeated(ix, r):
        if len(ix[2]) >= 2:
            ix[2][1] = ix[2][0]
    put("a place repeated", repeated)

    def reordered(ix, r):
        if len(ix[2]) >= 2:
            ix[2][0], ix[2][-1] = ix[2][-1], ix[2][0]
    put("places reordered", reordered)

    def another_event(ix, r):
        if ix[2] and evs:
            ix[2][-1] = lines[evs[rng.below(len(evs))]].start
    put("a place at another event", another_event)

    def link(to):
        def change(ix, r):
            ix[0] = to
        return change

    put("link mid-record", link(lines[prev[-1]].start + 2 if prev else starts[1] + 2))
    put("link into the header", link(3))
    put("link past the end", link(size + 10))
    put("link huge", link(1 << 40))
    put("link to itself", link(ln.start))
    if evs:
        put("link to an event", link(lines[evs[0]].start))
    if len(prev) >= 2:
        put("link two back", link(lines[prev[-2]].start))

    def k_all(ix, r):  # leans on the link for every event, lists none itself
        ix[1] = r["n"]
        ix[2] = []
    if prev:
        put("keep all from the link", k_all)

    def undone_bad(ix, r):
        ix[3] = ix[3] + [size + 7, 1 << 40, 3]
    put("undone places astray", undone_bad)

    def count_bad(ix, r):
        ix[4] = 1 << 40
    put("record count huge", count_bad)

    def count_small(ix, r):
        ix[4] = 1
    put("record count 1", count_small)

    def n_more(ix, r):  # one event more than the game has (the places agree)
        r["n"] += 1
        ix[2].append(ix[2][-1] if ix[2] else starts[1])
    put("one event too many", n_more)

    def n_less(ix, r):
        if r["n"] > 1 and len(ix[2]) >= 1:
            r["n"] -= 1
            ix[2].pop()
    put("one event too few", n_less)
    return out


def checkpoint_damage(data, lines, rng, per_log, part=0, whole_lies=True):
    """CRC-valid damage to the checkpoints: the last one (what a resume starts from) and
    the one before (a link of the chain), up to `per_log` cases: the `part`-th share of
    them (the logs of several games between them take every one). `whole_lies`: also
    each with the checkpoint's own crc of its places made to agree."""
    ck = checkpoints(lines)
    last = _ix_damage(data, lines, ck[-1], rng, whole_lies)
    link = _ix_damage(data, lines, ck[-2], rng, whole_lies) if len(ck) >= 2 else []
    out = []
    for i in range(max(len(last), len(link))):  # the two interleaved
        out += last[i:i + 1] + link[i:i + 1]
    dup = ck[-1]  # the last checkpoint twice over, and two checkpoints swapped
    ld = lines[dup]

    def repeated():
        return data[:ld.end] + data[ld.start:ld.end] + data[ld.end:]
    out.append(("checkpoint line %d repeated" % dup, repeated, dup + 1))
    if len(ck) >= 2:
        a, b = ck[-2], ck[-1]
        la, lb = lines[a], lines[b]

        def swapped():
            return (data[:la.start] + data[lb.start:lb.end] + data[la.end:lb.start] +
                    data[la.start:la.end] + data[lb.end:])
        out.append(("checkpoints lines %d and %d swapped" % (a, b), swapped, a))
    return _share(out, per_log, part)


def _state_damage(state, rng):
    """Snapshot states with a field missing or of the wrong type, or of another game."""
    keys = sorted(state)
    out = []
    for k in keys:
        s = clone(state)
        del s[k]
        out.append(("without %s" % k, s))
    wrongs = [None, "x", -1, 1 << 40, [], {}, 1.5, True]
    for k in keys:
        s = clone(state)
        v = s[k]
        w = wrongs[rng.below(len(wrongs))]
        if w == v or type(w) is type(v):
            w = "x" if not isinstance(v, str) else 7
        s[k] = w
        out.append(("%s as %r" % (k, w), s))
        if isinstance(v, list) and v:  # one element wrong
            s = clone(state)
            s[k][rng.below(len(v))] = {"x": [None]}
            out.append(("an element of %s wrong" % k, s))
        if isinstance(v, dict) and v:
            s = clone(state)
            sub = sorted(v)[rng.below(len(v))]
            s[k][sub] = [None, "x"]
            out.append(("%s.%s wrong" % (k, sub), s))
    out.append(("empty", {}))
    out.append(("players 200", dict(clone(state), players=200)))
    return out


def snapshot_damage(data, lines, rng, per_log, part=0):
    """The last checkpoint's state (where a resume starts, when it holds) spoilt, its
    checksum good."""
    ck = checkpoints(lines)
    out = []
    for i in ck[-1:]:
        rec = lines[i].rec
        for name, state in _state_damage(rec["snap"], rng):
            r = clone(rec)
            r["snap"] = state
            out.append(("snapshot line %d: %s" % (i, name), _replacer(data, lines, i, r), i))
    return _spread(out, per_log, rng)


SHAPES = [("an undo", {"undo": 1}), ("a redo", {"redo": 1}), ("an empty event", {"e": {}}),
          ("an event of no game", {"e": {"t": "x"}}), ("an event kind 5", {"e": {"t": 5}}),
          ("an event without a kind", {"e": {"x": [1, {}]}}),
          ("a correction of no game", {"fix": 0, "e": {"t": "x"}}),
          ("a correction of event 10000", {"fix": 10000, "e": {}}),
          ("a snapshot", {"snap": {}, "n": 1}),
          ("a checkpoint", {"snap": {"x": 1}, "n": 3, "ix": [0, 0, [1, 2, 3], [], 1]}),
          ("Top Dogs' teams", {"e": {"t": "teams", "cards": [[1, 2, 3]] * 3}}),
          ("Pick-a-Dog's STOP", {"e": {"t": "stop", "seat": 0}}),
          ("Pick-a-Dog's result", {"e": {"t": "result", "right": True,
                                           "collected": [1, 1, 1], "broken": []}}),
          ("Top Dog's play of 5", {"e": {"t": "play", "plays": 5}}),
          ("Top Dog's medals as a list", {"e": {"t": "medals", "won": []}}),
          ("a performance of action 5", {"e": {"t": "perform", "action": 5}}),
          ("Circus Puppy's done at x", {"e": {"t": "done", "t_ms": "x"}}),
          ("a fall at -5 ms", {"e": {"t": "fall", "stage": 0, "dogs": 1, "t_ms": -5}}),
          ("Circus Puppy's settled", {"e": {"t": "settled"}}),
          ("Top Dog's rescued", {"e": {"t": "rescued"}}),
          ("a header", {"game": "top_dogs", "players": 3, "settings": {}, "v": 1})]


def _headers(head):
    """CRC-valid headers that are not this game's: another game, other players, house
    rules of the wrong type, another version, an unknown field, another id."""
    out = []
    for label, change in (("another game", {"game": "top_dogs" if head["game"] != "top_dogs"
                                            else "top_dog"}),
                          ("2 players", {"players": 2}), ("9 players", {"players": 9}),
                          ("house rules as a list", {"settings": []}),
                          ("version 2", {"v": 2}), ("an unknown field", {"x": 1}),
                          ("another id", {"id": "0badc0de"})):
        h = clone(head)
        h.update(change)
        if label == "2 players" and "colours" in h:
            h["colours"] = h["colours"][:2]
        out.append((label, h))
    return out


def event_damage(data, lines, rng, per_log, part=0):
    """An event's record replaced by a CRC-valid record of another shape: an undo, a
    redo, a snapshot, an event of no game or of another game, a header; and the header
    replaced by a CRC-valid one of another game, players or version."""
    evs = events_index(lines)
    ck = checkpoints(lines)
    out = []
    # an event before the last checkpoint (read back only when used) or one after
    before = [i for i in evs if i < ck[-1]] if ck else evs
    after = [i for i in evs if ck and i > ck[-1]] or evs
    for label, shape in SHAPES:
        pool = before if rng.below(2) else after
        i = pool[rng.below(len(pool))]
        r = clone(shape)
        if "ms" in lines[i].rec and ("e" in r or "undo" in r or "redo" in r):
            r["ms"] = lines[i].rec["ms"]
        out.append(("line %d replaced by %s" % (i, label),
                    _replacer(data, lines, i, r), i))
    heads = _headers(lines[0].rec)
    for j in range(len(heads)):  # one header between every three others
        label, h = heads[j]
        out.insert(min(len(out), 3 * j + 1), ("the header replaced by one of %s" % label,
                                              _replacer(data, lines, 0, h), 0))
    return _share(out, per_log, part)


def _share(cases, n, part):
    """n of the cases, from the `part`-th n on (round the list): logs 0, 1, 2, ... take
    the cases in turn, so that a few logs between them take every kind."""
    if n is None or len(cases) <= n:
        return cases
    return [cases[(part * n + i) % len(cases)] for i in range(n)]


def _spread(cases, n, rng=None):
    """n of the cases, evenly spread (all when there are no more), from a place the
    generator picks: each log gets another selection."""
    if n is None or len(cases) <= n:
        return cases
    step = len(cases) / n
    off = rng.below(len(cases)) if rng is not None else 0
    return [cases[(int(i * step) + off) % len(cases)] for i in range(n)]


def read_log(store):
    with open(store.path(LOG), "rb") as f:
        return f.read()
