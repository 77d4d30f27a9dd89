# Reading a game's log from its last checkpoint: a resume that reads only the end of
# the log (scan.py has the rest of the story, and the whole reading this falls
# back on). Loaded, like scan.py, only for a reading, and dropped after.
from micropython import const

from pawpad.games import engine_for
from pawpad.store.log import codec, schema
from pawpad.store.log.lines import LINE_MAX, borrow_buffer, return_buffer
from pawpad.store.log.pages import Pages, same
from pawpad.store.log.readback import LOG, events_at, finish, record_at, state_ok
from pawpad.store.log.scan import BLOCK, Places, Reading, fingerprint, fixes_of

SCAN_MAX = const(24576)  # bytes looked through from the end for a checkpoint; they come
#                          every 50 records of at most a few hundred bytes


def last_checkpoint(f, size, buf):
    """(place, record) of the last snapshot in the log, looked for in the last
    SCAN_MAX bytes; None if there is none there, or if it carries no places ("ix": a
    checkpoint written while the places did not fit a line, after which an older one
    is no longer the whole story)."""
    low = max(0, size - SCAN_MAX)
    pos = size
    mv = memoryview(buf)
    while pos > low:
        start = max(low, pos - BLOCK)
        f.seek(start)
        # 5 bytes past `pos`: a mark that begins before `pos` is seen whole, even cut
        # in two by the block's end, and one that begins at `pos` is not seen again
        got = f.readinto(mv[:min(pos + 5, size) - start])
        hit = buf.rfind(b'"snap"', 0, got)
        if hit < 0:
            pos = start
            continue
        line = _line_start(f, start + hit, buf)
        if line > 0:
            try:
                rec = record_at(f, line, buf)
                if "snap" in rec:
                    return (line, rec) if "ix" in rec else None
            except ValueError:
                pass  # damaged, or the word in another record: look further back
        pos = start + hit  # the rest of this block, before the mark
    return None


def _line_start(f, at, buf):
    """Where the line holding byte `at` begins (-1: too far back to be a record)."""
    start = max(0, at - LINE_MAX)
    f.seek(start)
    got = f.readinto(memoryview(buf)[:at - start])
    nl = buf.rfind(b"\n", 0, got)
    if nl >= 0:
        return start + nl + 1
    return 0 if start == 0 else -1


def _within(places, low, high):
    """Are all places after the header (`low` on) and before `high`?"""
    for p in places:
        if not low <= p < high:
            return False
    return True


def _unchanged(ix):
    """How many of a checkpoint's link's first events are the same events in it (its
    link's state after them holds for it too)."""
    fixes = fixes_of(ix)
    return min(ix[1], fixes[0]) if fixes else ix[1]


def _fix_places(fixes):
    return [fixes[q] for q in range(1, len(fixes), 2)]


def _places(f, at, rec, buf, low, top=100):
    """The places of the events in force at the checkpoint `rec` (at `at`), following
    its chain back; the checkpoints passed: [(place, n, unchanged)], newest first;
    the link (place, n, ix) or None; and [i, place, ...]: what the events the
    checkpoint corrected among its first k were in its link. ValueError when a link
    does not read as a checkpoint that fits, or a place is not between the header's
    end (`low`) and its checkpoint. A generator: it yields per mille up to `top` as
    it goes back (each link is a record read and decoded whole: tens of them are a
    second or more on a Pico, so the boot screen's bar moves meanwhile)."""
    n, ix = rec["n"], rec["ix"]
    fixes = fixes_of(ix)
    if not (_within(ix[2], low, at) and _within(ix[3], low, at) and
            _within(_fix_places(fixes), low, at)):
        raise ValueError("a checkpoint's places are not in the log")
    parts = [ix[2]]
    corrected = [(fixes, ix[1])]  # each checkpoint's fixes, and how many of them count
    passed = [(at, n, _unchanged(ix))]
    need = ix[1]
    link = ix[0]
    first = None  # the link's own index
    total = max(1, need)
    while need > 0:
        yield top - need * top // total
        if not low <= link < at:
            raise ValueError("a checkpoint's link leads nowhere")
        prev = record_at(f, link, buf)
        pix = prev.get("ix")
        if pix is None or "snap" not in prev or need > prev["n"] or pix[4] >= ix[4]:
            raise ValueError("a checkpoint's link is not a checkpoint")
        if need > pix[1]:
            part = pix[2][:need - pix[1]]
            if not _within(part, low, link):
                raise ValueError("a checkpoint's places are not in the log")
            parts.append(part)
        pfix = fixes_of(pix)
        if pfix:
            if not _within(_fix_places(pfix), low, link):
                raise ValueError("a checkpoint's places are not in the log")
            corrected.append((pfix, need))  # of its first `need`, only those count
        need = min(need, pix[1])
        passed.append((link, prev["n"], _unchanged(pix)))
        first = first or (link, prev["n"], pix)
        at, link, ix = link, pix[0], pix
    events = Pages()
    for i in range(len(parts) - 1, -1, -1):
        events.extend(parts[i])
    if len(events) != n:
        raise ValueError("a checkpoint's places do not add up")
    before = []  # the places the newest checkpoint's own corrections replace
    for i in range(len(corrected) - 1, -1, -1):  # the oldest first: newer ones win
        fx, count = corrected[i]
        for q in range(0, len(fx), 2):
            j = fx[q]
            if j < count:
                if not i:
                    before.append(j)
                    before.append(events[j])
                events[j] = fx[q + 1]
    return events, passed, first, before


def _link_agrees(r, at, rec, link, low, before):
    """Do the records from the checkpoint's link to it give the timeline it claims?
    (About 50 records, read forward as a resume reads: the last checkpoint is then as
    sure as the one before it.) None when that cannot be told this way (no link, or
    the link's events before the checkpoint's own are not known here). A generator
    (scan.py): its value is the answer."""
    if link is None:
        return None
    place, n, lix = link
    k, events = rec["ix"][1], r.timeline.events
    if k < lix[1] or k > n:
        return None
    if not (_within(lix[2], low, place) and _within(lix[3], low, place)):
        return False  # the link's own places are not in the log before it
    t = _at_checkpoint(r, place, lix)
    t.timeline.events = events.head(k)
    for q in range(0, len(before), 2):  # the link's, where the checkpoint corrected
        t.timeline.events[before[q]] = before[q + 1]
    t.timeline.events.extend(lix[2][k - lix[1]:])
    t.timeline.undone.extend(lix[3])
    reader = schema.Reader()
    reader.count = lix[4]
    with r.store.open_text(LOG, place) as f:
        lines = Places(f, place)
        for got in reader.read(lines):
            if lines.start >= at:
                break
            t.track(got, lines.start)  # ValueError: it does not fit
            t.kept += 1
            yield 100 + (lines.start - place) * 200 // max(1, at - place)
    return (lines.start == at and t.kept == rec["ix"][4] and same(t.timeline.events, events)
            and same(t.timeline.undone, r.timeline.undone))


def _at_checkpoint(r, place, ix):
    """A reading set where a checkpoint stands (its count and its chain), with no
    events yet."""
    t = Reading(r.store)
    t.head, t.engine, t.total = r.head, r.engine, r.total
    t.kept, t.chain, t.keep = ix[4], ix[0], ix[1]
    t.fixed = [fixes_of(ix)[q] for q in range(0, len(fixes_of(ix)), 2)]
    t.size = place
    return t


def read_from_checkpoint(store):
    """The fast reading of a long log from its last checkpoint, at once (see
    from_checkpoint)."""
    return finish(from_checkpoint(store))


def from_checkpoint(store):
    """The fast reading of a long log: from its last checkpoint on (a Reading), or None
    when there is no checkpoint to start from or its chain is broken (then the whole
    log is read). A generator (scan.py): per mille, 0-300 its checks of the chain,
    then the records after the checkpoint, then the events replayed (300-1000)."""
    size = store.size(LOG)
    r = Reading(store)
    r.total = max(1, size or 0)
    buf = borrow_buffer()
    try:
        with open(r.path, "rb") as f:
            found = last_checkpoint(f, size or 0, buf)
            if found is None:
                return None
            at, rec = found
            head, low = _header(f, buf)
            r.head = schema.check_header(head)
            r.engine = engine_for(r.head["game"])
            ix = rec["ix"]
            if ix[4] > at or not state_ok(r.engine, r.head, rec["snap"]):
                return None  # more records before it than bytes, or a state not of this game
            r.timeline.events, passed, link, before = yield from _places(f, at, rec, buf,
                                                                         low)
            r.timeline.undone = Pages(ix[3])
            if not (fingerprint(ix, r.timeline) and
                    _follows(f, at, rec, r.timeline.events, buf, low)):
                return None
        return_buffer(buf)
        buf = None
        yield 100
        told = yield from _link_agrees(r, at, rec, link, low, before)
        if told is False:
            return None
        if told is None:
            # At least the places the checkpoint itself lists (about 50): each an event
            # of its own, in the log's order; and those of its corrections, each a
            # correction of its event. The older ones are checked as read.
            for _e in events_at(r.path, r.timeline.events, max(0, ix[1] - 1)):
                pass
            fixes = fixes_of(ix)
            for q in range(0, len(fixes), 2):
                for _e in events_at(r.path, r.timeline.events, fixes[q], fixes[q] + 1):
                    pass
                if not _is_fix(store, fixes[q + 1]):
                    return None
    except (ValueError, UnicodeError):
        return None
    finally:
        if buf is not None:
            return_buffer(buf)  # for the reading forward
    yield 300
    r.base = at  # where it started (a careful reading may start before it)
    r.kept = ix[4]  # the records before the checkpoint, header included
    r.chain, r.keep = ix[0], ix[1]  # as the checkpoint found them (track() checks)
    r.fixed = [fixes_of(ix)[q] for q in range(0, len(fixes_of(ix)), 2)]
    reader = schema.Reader()
    reader.count = ix[4]  # past the header: records from here on, numbered from the
    with store.open_text(LOG, at) as f:  # file's start
        lines = Places(f, at)
        for _ in r.gather(reader.read(lines), lines):
            yield 300
    if r.kept < 0:
        r.state = None
        return r  # a record after it does not fit: let the careful reading say why
    r.problem = reader.problem
    if r.snap is None and r.chain == at:
        r.snap = _holding(store, r.unchanged(), passed)
        if r.snap is not None and not state_ok(r.engine, r.head, r.snap[1]):
            r.snap = None
    for done in r.replay():
        yield 300 + done * 7 // 10
    if r.state is None:
        r.cut()  # a new last event the game refuses: the rest is the log without it
    return r


def _is_fix(store, place):
    """Does the record at `place` correct an event (a checkpoint's correction)?"""
    buf = borrow_buffer()
    try:
        with open(store.path(LOG), "rb") as f:
            return "fix" in record_at(f, place, buf)
    finally:
        return_buffer(buf)


def careful_from_link(store, r):
    """The careful reading (scan.Reading.check) of what follows the checkpoint
    before the last one, when an event after the last one does not fit (`r`: the
    reading from it that failed): from the older one's state, the records after it
    are tried against the game, and the last one's state must be what they give
    (else the checkpoints are doubted: None, and the whole log is read carefully).
    What does not fit is then the log's damaged rest. None also when there is no
    such checkpoint to start from. A generator (scan.py): a careful Reading."""
    at = r.base
    buf = borrow_buffer()
    try:
        with open(r.path, "rb") as f:
            rec = record_at(f, at, buf)
            place = rec["ix"][0]
            if not place:
                return None
            prev = record_at(f, place, buf)
            lix = prev.get("ix")
            if lix is None or "snap" not in prev or not state_ok(r.engine, r.head,
                                                                 prev["snap"]):
                return None
            _, low = _header(f, buf)
            events = (yield from _places(f, place, prev, buf, low, 0))[0]
    except (ValueError, UnicodeError):
        return None
    finally:
        return_buffer(buf)
    t = _at_checkpoint(r, place, lix)
    t.timeline.events = events
    t.timeline.undone = Pages(lix[3])
    if not fingerprint(lix, t.timeline):
        return None
    t.start_at(prev["n"], prev["snap"])
    prev = rec = None
    reader = schema.Reader()
    reader.count = lix[4]
    try:
        with store.open_text(LOG, place) as f:
            lines = Places(f, place)
            yield from t.check(reader.read(lines), lines, at)
    except (ValueError, KeyError, TypeError, IndexError, UnicodeError):
        return None  # the events in force not where they should be: the whole log
    if not t.confirmed:
        return None  # its state not reached, or a record before it does not fit
    t.problem = t.problem or reader.problem
    return t


def _follows(f, at, rec, events, buf, low):
    """Does the checkpoint at `at` say what the record just before it did? An event
    is then the last in force, a correction in force where it says, an undo left
    something undone, a redo something in force."""
    before = _line_start(f, at - 1, buf)
    if before < low:
        return False  # the header, or a line too long: no checkpoint comes there
    prev = record_at(f, before, buf)
    n, undone = len(events), rec["ix"][3]
    if "snap" in prev:
        return prev["n"] == rec["n"]
    if "fix" in prev:
        return prev["fix"] < n and events[prev["fix"]] == before
    if "e" in prev:
        return n > 0 and events[n - 1] == before and not undone
    if "undo" in prev:
        return len(undone) > 0
    return n > 0  # a redo


def _header(f, buf):
    """The log's first record (unchecked: check_header says what is wrong with it) and
    where the records after it begin."""
    f.seek(0)
    got = f.readinto(buf)
    nl = buf.find(b"\n", 0, got)
    if nl < 0:
        raise ValueError("the log does not start with a game")
    return codec.decode(str(memoryview(buf)[:nl], "utf-8")), nl + 1


def _holding(store, keep, passed):
    """The newest checkpoint passed whose state still holds, as (n, state): the
    events before its n are unchanged since it was written. `keep`: how many of the
    last checkpoint's events are unchanged now."""
    for at, n, k in passed:
        if keep >= n:
            buf = borrow_buffer()
            try:
                with open(store.path(LOG), "rb") as f:
                    rec = record_at(f, at, buf)
            except ValueError:
                return None
            finally:
                return_buffer(buf)
            return None if "snap" not in rec else (rec["n"], rec["snap"])
        keep = min(keep, k)
    return None
