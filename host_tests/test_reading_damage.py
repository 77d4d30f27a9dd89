# Reading is total after the resume too: an event read back later that is not what its
# place promised (flash damaged behind the last checkpoint, a checkpoint that lies with
# a good checksum) sends the session to read its log whole; the good part goes on, the
# rest is set aside with a message, and no exception but session.Repaired leaves the
# session (the app catches that one). Checkpoints are checked before they are used. The
# places of the events in force live in small pages, never one growing list. Both
# runtimes.
from pawpad.store.files import Storage
from pawpad.store.log import checkpoint, codec
from pawpad.store.log.pages import PAGE, Pages
from pawpad.store.records.history import HISTORY, history, prune_history
from pawpad.store.resume import resume
from pawpad.store.session import LOG, Session
from support.checkpoints import long_game
from support.damage import crafted, every_event, lines_of, places, put_lines
from support.device import fresh_dir


def test_pages_are_a_list_of_numbers_across_their_edges():
    p, model = Pages(), []
    for i in range(3 * PAGE + 5):
        p.append(i * 7)
        model.append(i * 7)
    for _ in range(PAGE + 3):
        assert p.pop() == model.pop()
    p.append(1)
    model.append(1)
    p[0] = p[-1] = 5
    model[0] = model[-1] = 5
    assert p == model and list(p) == model and len(p) == len(model)
    assert p[-2] == model[-2] and p != model[:-1]
    assert len(p.pages) <= len(model) // PAGE + 2  # no page kept beyond one spare
    for bad in (len(model), -len(model) - 1):
        try:
            p[bad]
        except IndexError:
            continue
        raise AssertionError(bad)
    while len(p):
        p.pop()
    assert not p.pages or len(p.pages) == 1


def game_on_flash(n=120, every=10):
    """A Top Dog game of n events on flash with a checkpoint every `every` records:
    (store, its state, its events, the event that comes next). Made afresh each time
    and read a line at a time: on the unix port's small heap, a test keeps no more
    than a game."""
    events = long_game("top_dog", 4, None, 5, n + 1)
    store = Storage(fresh_dir())
    s = Session.new(store, "top_dog", 4, None)
    s.snap_every = every
    for e in events[:n]:
        assert s.offer(e, 1000) is None
        s.flush()
    return store, s.state, list(s.events()), events[n]


def test_damage_behind_the_last_checkpoint_is_found_when_read_and_the_game_goes_on():
    store, state, events, _ = game_on_flash()
    lines = lines_of(store)
    k = 30  # an event record long before the last checkpoint
    assert b'"e"' in lines[k] and b'"snap"' not in lines[k]
    lines[k] = lines[k].replace(b'"t"', b'"u"', 1)  # the checksum no longer matches
    put_lines(store, lines)
    s, messages = resume(store)
    assert messages == [] and s.state == state  # the checkpoint hides it
    e = every_event(s)
    assert e is not None and e.session is s and not e.lost
    said = " ".join(e.messages)
    assert "record %d is damaged" % (k + 1) in said, said  # numbered from the start
    assert "game.log.bad" in said and store.exists(LOG + ".bad")
    kept = len(s.timeline.events)
    assert kept == k - 1 - k // 11  # the events before it: records less checkpoints
    assert list(s.events()) == events[:kept]
    assert s.offer(events[kept], 2000) is None  # play goes on
    s.flush()
    again, messages = resume(store)
    assert messages == [] and again.state == s.state and every_event(again) is None


def _mid(rec, lines):
    rec["ix"][2][0] += 3


def _header(rec, lines):
    rec["ix"][2][0] = 1


def _past(rec, lines):
    rec["ix"][2][-1] = sum(len(x) + 1 for x in lines) + 100


def _huge(rec, lines):
    rec["ix"][2][0] = 1 << 40


def _repeat(rec, lines):
    rec["ix"][2][1] = rec["ix"][2][0]


def _reorder(rec, lines):
    p = rec["ix"][2]
    p[0], p[1] = p[1], p[0]


def _at_snapshot(rec, lines):
    snaps = [a for a, line in zip(places(lines), lines) if b'"snap"' in line]
    rec["ix"][2][0] = snaps[0]


def _state_short(rec, lines):
    del rec["snap"]["hands"]


def _state_type(rec, lines):
    rec["snap"]["round"] = "three"


def _count(rec, lines):
    rec["ix"][4] = 1 << 40


CRAFTED = (_mid, _header, _past, _huge, _repeat, _reorder, _at_snapshot, _state_short,
           _state_type, _count)


def test_crafted_checkpoints_never_change_the_game_nor_raise():
    for change in CRAFTED:
        store, state, events, nxt = game_on_flash(60, 10)
        crafted(store, change)
        try:
            s, messages = resume(store)
        except Exception as e:  # noqa: BLE001 - the promise is: nothing escapes
            raise AssertionError("%s: %r" % (change.__name__, e))
        e = every_event(s)
        if e is not None:
            assert not e.lost and e.messages, change.__name__
            e = every_event(s)
        assert e is None, change.__name__
        assert s.state == state, change.__name__
        assert list(s.events()) == events, change.__name__
        assert s.offer(nxt, 9) is None, change.__name__
        s.flush()
        again, _ = resume(store)
        assert again.state == s.state and every_event(again) is None, change.__name__


def test_a_header_whose_end_was_damaged_is_kept_aside_and_said():
    store = Storage(fresh_dir())
    s = Session.new(store, "top_dog", 3)
    s.flush()
    data = open(store.path(LOG), "rb").read()
    with open(store.path(LOG), "wb") as f:
        f.write(data[:-1] + b"\x0b")  # its only newline
    s, messages = resume(store)
    assert s is None and "game.log.bad" in " ".join(messages)
    assert store.exists(LOG + ".bad") and not store.exists(LOG)
    with open(store.path(LOG), "wb") as f:
        f.write(data[:-5])  # cut short by a power cut: never saved whole, goes quietly
    assert resume(store) == (None, [])


def test_the_history_is_pruned_a_record_at_a_time_and_a_damaged_one_copied_aside():
    store = Storage(fresh_dir())
    with store.write_stream(HISTORY) as f:
        for i in range(300):
            f.write(codec.encode({"game": "top_dogs", "players": 3, "n": i,
                                    "scores": [i, 0, 1], "winners": [0]}))
            if i == 7:
                f.write("junk\n")
    prune_history(store, 50)
    assert [g["n"] for g in history(store)] == list(range(250, 300))
    assert store.exists(HISTORY + ".bad")  # the damaged file, kept whole
    assert b"junk" in open(store.path(HISTORY + ".bad"), "rb").read()


def test_a_stream_that_fails_leaves_the_old_file():
    store = Storage(fresh_dir())
    store.write_text("x.json", "{}")
    try:
        with store.write_stream("x.json") as f:
            f.write("{\"half")
            raise OSError(28)
    except OSError:
        pass
    assert store.read_text("x.json") == "{}" and not store.exists("x.json.tmp")


def test_checkpoints_are_refused_before_use_when_they_cannot_be_true():
    for change in (_header, _past, _huge, _state_short, _state_type, _count):
        store = game_on_flash(60, 10)[0]
        crafted(store, change)
        assert checkpoint.read_from_checkpoint(store) is None, change.__name__
