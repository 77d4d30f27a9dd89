# A long game resumes from its last checkpoint: the log is read from the end, the
# places of the events in force come from the chain of checkpoints, and only the records
# after the last one are read. Whatever happened (undo, redo, corrections reaching
# behind checkpoints, resumes in the middle, a damaged link), the game it gives is the
# game the whole log gives. Both runtimes.
import os

from pawpad.store.files import Storage
from pawpad.store.log import checkpoint, codec, schema
from pawpad.store.resume import resume
from pawpad.store.session import LOG, Session
from pawsim import robots
from support.checkpoints import check_resume, long_game, same_game
from support.device import fresh_dir


def test_a_long_game_resumes_from_its_last_checkpoint_reading_only_what_follows():
    events = long_game("top_dog", 6, None, 5, 600)
    assert len(events) >= 300
    store = Storage(fresh_dir())
    s = Session.new(store, "top_dog", 6, None)
    for e in events[:300]:
        assert s.offer(e, 1000) is None
        s.flush()
    resumed, quick = check_resume(store, s)
    assert quick is not None
    # the records read forward: the checkpoint and what followed it, no more
    assert quick.since <= Session.snap_every
    assert quick.snap is not None and quick.snap[0] == 300 - quick.since
    with store.open_text(LOG) as f:
        links = [r["ix"][0] for r in schema.Reader().read(f) if "ix" in r]
    assert len(links) == 300 // Session.snap_every and links[0] == 0
    assert all(links[1:])  # each checkpoint leans on the one before


def test_undo_redo_corrections_and_resumes_in_any_order_give_the_same_game():
    events = long_game("top_dogs", 4, {"rounds": 30, "cups": 30}, 3, 2000)
    for seed in range(6):
        rng = robots.Chooser(seed)  # what the players do next
        store = Storage(fresh_dir())
        s = Session.new(store, "top_dogs", 4, {"rounds": 30, "cups": 30})
        s.snap_every = 4  # many checkpoints, links and voided snapshots
        s.flush()
        played = 0
        for step in range(160):
            kind = rng.num(0, 9)
            if kind <= 4 and played < len(events):
                if s.offer(events[len(s.timeline.events)], step) is None:
                    played += 1
            elif kind <= 6:
                s.undo(step)
            elif kind == 7:
                s.redo(step)
            elif kind == 8 and len(s.timeline.events):
                i = rng.num(0, len(s.timeline.events) - 1)
                s.fix(i, s.events()[i], step)  # the same event again: always fits
            else:
                s.flush()
                s, _ = check_resume(store, s)
                s.snap_every = 4
            s.flush()
        check_resume(store, s)


def short_game(n):
    """A Top Dogs game of n events on flash with a checkpoint every 3 records: (events,
    store, session)."""
    events = long_game("top_dogs", 3, None, 7, 400)
    store = Storage(fresh_dir())
    s = Session.new(store, "top_dogs", 3)
    s.snap_every = 3
    for e in events[:n]:
        s.offer(e)
        s.flush()
    return events, store, s


def test_a_broken_link_falls_back_to_reading_the_whole_log():
    events, store, s = short_game(9)
    text = store.read_text(LOG, 1 << 16)  # 9 events: a few KB
    lines = text.split("\n")
    last = max(i for i, line in enumerate(lines) if '"ix"' in line)
    rec = codec.decode(lines[last])
    rec["ix"][0] = 1  # the link now leads into the header
    lines[last] = codec.encode(rec)[:-1]
    store.write_text(LOG, "\n".join(lines))
    assert checkpoint.read_from_checkpoint(store) is None
    r, messages = resume(store)
    assert messages == []
    same_game(r, s)


def test_a_torn_record_after_the_checkpoint_is_cut_off_at_its_first_byte():
    events, store, s = short_game(7)
    good = store.size(LOG)
    with open(store.path(LOG), "a") as f:
        f.write('{"e": {"t": "tea')
    r, messages = resume(store)
    assert messages and "cut short" in messages[0]
    same_game(r, s)
    assert store.size(LOG) == good
    assert r.offer(events[7]) is None and r.flush() == 1
    again, messages = resume(store)
    assert messages == [] and again.state == r.state


def test_an_empty_log_is_a_game_that_never_started_and_goes_quietly():
    store = Storage(fresh_dir())
    store.write_text(LOG, "")
    assert resume(store) == (None, [])
    assert not store.exists(LOG)


def test_a_full_flash_at_the_first_record_leaves_no_game_to_offer():
    class Full(Storage):
        def append_line(self, name, line):
            raise OSError(28)

    store = Full(fresh_dir())
    s = Session.new(store, "top_dogs", 3)
    assert s.flush() == 0 and s.problem == "Flash full"
    assert resume(store) == (None, [])
    assert not Session.saved(store)


def test_boot_tidies_what_cuts_left_and_keeps_every_copy_set_aside():
    store = Storage(fresh_dir())
    for name in ("game.log", "stats.json"):
        for n in range(5):  # damaged five times
            store.write_text(name, "damage %d" % n)
            assert store.keep_aside(name) == name + ".bad"
    with open(store.path("stats.json.bad"), "rb") as f:
        assert f.read() == b"damage 4"  # the newest under the plain name
    with open(store.path("stats.json.bad4"), "rb") as f:
        assert f.read() == b"damage 0"  # the oldest, kept
    store.write_text("settings.json", "{}")
    # left by a cut inside write_text, and copies older firmware numbered upwards
    for name in ("settings.json.tmp", "game.log.tmp", "history.log.bad7",
                 "history.log.bad"):
        store.write_text(name, "x")
    gone = store.tidy()
    left = sorted(os.listdir(store.root))
    assert gone == 2, left
    assert left == ["game.log.bad"] + ["game.log.bad%d" % n for n in range(1, 5)] + [
        "history.log.bad", "history.log.bad7", "settings.json", "stats.json.bad"] + [
        "stats.json.bad%d" % n for n in range(1, 5)], left
