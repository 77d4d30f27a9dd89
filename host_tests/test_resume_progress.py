# Long readings stay short and say how far they have come (issue 33, item 3). A
# correction far back costs a checkpoint one place (its "fixes"), so the resume still
# starts at the last checkpoint; a new last event the rules refuse is the damaged rest,
# cut off, the good part resumed from its checkpoint; a refused event further back is
# tried record by record from the checkpoint before the last, whose state the records
# must reach. A crafted correction in a checkpoint never changes the game. The reading
# runs a slice at a time (store/resume.py: Resuming), the boot screen showing how far it has
# come. Both runtimes.
from pawpad.store.files import Storage
from pawpad.store.log import checkpoint, codec, scan, schema
from pawpad.store.resume import Resuming, resume
from pawpad.store.session import LOG, Repaired, Session
from support.checkpoints import check_resume, long_game, same_game
from support.device import fresh_dir

REFUSED = {"t": "nonsense"}  # an event of no game: the rules refuse it


def top_dog(n, fix_at=None, every=10, store=None):
    """A Top Dog game of n events on flash with a checkpoint every `every` records,
    its first event corrected (as it was: a correction all the same) after `fix_at`
    events: (store, session, the events of the game to come)."""
    events = long_game("top_dog", 4, None, 5, n + 20)
    store = store or Storage(fresh_dir())
    s = Session.new(store, "top_dog", 4, None)
    s.snap_every = every
    for i, e in enumerate(events[:n]):
        if i == fix_at:
            assert s.fix(0, s.events()[0], 1000) is None
        assert s.offer(e, 1000) is None
        s.flush()
    s.flush()
    return store, s, events


def records(store):
    with store.open_text(LOG) as f:
        return list(schema.Reader().read(f))


def append(store, rec):
    with open(store.path(LOG), "a") as f:
        f.write(codec.encode(rec))


def read_sliced(store, n=1):
    """resume()'s result (store/resume.py), read `n` records a loop cycle; how far it
    came each turn."""
    r = Resuming(store)
    seen = []
    while not r.advance(n):
        seen.append((r.careful, r.permille))
    return r, seen


def test_a_correction_far_back_costs_a_checkpoint_a_place_and_the_resume_starts_there():
    store, s, _ = top_dog(120, fix_at=60)
    recs = records(store)
    fixed = [r["ix"] for r in recs if "ix" in r and len(r["ix"]) == 7]
    assert fixed, "a checkpoint lists the correction"
    for ix in fixed:  # its place, not the places of the 60 events after it
        assert ix[6][0] == 0 and len(ix[2]) <= 12, ix
    quick = checkpoint.read_from_checkpoint(store)
    assert quick is not None and quick.state is not None
    assert quick.since < 10  # read from the last checkpoint on
    resumed, _ = check_resume(store, s)
    assert resumed.ck_fixed == quick.fixed
    whole = scan.read(store, True)
    assert resumed.ck_fixed == whole.fixed
    # and it goes on: more corrections, undos, a resume, the same game
    assert resumed.fix(1, resumed.events()[1], 5) is None
    assert resumed.undo(5) is None and resumed.redo(5) is None
    resumed.snap_every = 10
    for _ in range(12):
        assert resumed.undo(6) is None
    resumed.flush()
    again, _ = check_resume(store, resumed)
    same_game(again, resumed)


def test_a_correction_that_replays_the_whole_game_is_a_checkpoint_at_once():
    store, s, _ = top_dog(120, every=50)
    n = len(records(store))
    assert s.fix(0, s.events()[0], 7) is None
    s.flush()
    recs = records(store)
    assert len(recs) == n + 2 and "fix" in recs[-2] and "snap" in recs[-1]
    quick = checkpoint.read_from_checkpoint(store)
    assert quick is not None and quick.since == 0 and quick.state == s.state


def test_a_refused_last_event_is_cut_off_and_the_rest_resumes_from_its_checkpoint():
    store, s, events = top_dog(120, fix_at=60)
    good = store.size(LOG)
    append(store, {"e": REFUSED, "ms": 2000})
    r, seen = read_sliced(store)
    back, messages = r.result
    assert not r.careful and seen  # no careful reading, and it took turns
    assert "does not fit" in messages[0] and "game.log.bad" in " ".join(messages)
    same_game(back, s)
    assert store.size(LOG) == good and store.exists(LOG + ".bad")
    assert back.ms == s.ms
    assert back.offer(events[120], 3000) is None
    back.flush()
    again, messages = resume(store)
    assert messages == [] and again.state == back.state


def test_a_refused_new_event_after_undos_gives_back_what_was_undone():
    store, s, _ = top_dog(40)
    assert s.undo(1) is None and s.undo(1) is None
    s.flush()
    append(store, {"e": REFUSED})
    back, messages = resume(store)
    assert "does not fit" in messages[0]
    same_game(back, s)
    assert back.timeline.undone == s.timeline.undone
    assert back.redo(2) is None and back.redo(2) is None


def test_a_refused_event_further_back_is_found_from_the_checkpoint_before():
    store, s, events = top_dog(120, fix_at=60)
    good = store.size(LOG)
    append(store, {"e": REFUSED})
    append(store, {"e": events[120]})  # an event after it: the reading must stop there
    r, seen = read_sliced(store, 8)
    back, messages = r.result
    assert r.careful
    assert "does not fit" in messages[0]
    same_game(back, s)
    assert store.size(LOG) == good
    careful = scan.read(store, False)  # the careful reading from the start agrees
    assert careful.state == back.state and careful.problem is None


def test_a_doubted_checkpoint_sends_the_careful_reading_to_the_start():
    store, s, events = top_dog(60)
    append(store, {"e": REFUSED})
    append(store, {"e": events[60]})
    # the last checkpoint's state no longer what its records give
    lines = open(store.path(LOG)).read().split("\n")
    last = max(i for i, line in enumerate(lines) if '"ix"' in line)
    rec = codec.decode(lines[last])
    rec["snap"]["round"] += 1
    lines[last] = codec.encode(rec)[:-1]
    with open(store.path(LOG), "w") as f:
        f.write("\n".join(lines))
    bad = Resuming(store)
    bad.advance(1 << 30)
    back, messages = bad.result
    assert "does not fit" in messages[0]
    same_game(back, s)


def _fix_index(rec, lines):
    rec["ix"][6][0] = 1  # another event said to be corrected


def _place_of(lines, i):
    from support.damage import places

    return places(lines)[i]


def _fix_place(rec, lines):
    rec["ix"][6][1] = _place_of(lines, 2)  # the place of another event


def _fix_gone(rec, lines):
    rec["ix"].pop()  # the correction not listed


def _fix_extra(rec, lines):
    rec["ix"][6] += [2, _place_of(lines, 5)]  # one more, said of another event


def test_crafted_corrections_in_a_checkpoint_never_change_the_game():
    from support.damage import crafted, every_event

    for change in (_fix_index, _fix_place, _fix_gone, _fix_extra):
        store, s, events = top_dog(40)
        assert s.fix(0, s.events()[0], 1000) is None  # the last checkpoint lists it
        s.flush()
        crafted(store, change)
        try:
            back, _ = resume(store)
        except Exception as e:  # noqa: BLE001 - the promise is: nothing escapes
            raise AssertionError("%s: %r" % (change.__name__, e))
        e = every_event(back)
        if isinstance(e, Repaired):
            e = every_event(back)
        assert e is None, change.__name__
        same_game(back, s)
        assert back.offer(events[40], 9) is None, change.__name__


def test_the_reading_comes_in_slices_that_say_how_far_it_has_come():
    store, s, _ = top_dog(150, every=1000)  # no checkpoint: the whole log is read
    r, seen = read_sliced(store)
    back, messages = r.result
    assert messages == []
    same_game(back, s)
    assert len(seen) > 150  # a step a record, and one an event replayed
    figures = [p for _, p in seen]
    assert figures == sorted(figures) and 0 <= figures[0] and figures[-1] <= 1000
    assert figures[len(figures) // 2] < 900 < figures[-1]


def test_the_boot_screen_reads_a_slice_each_turn_and_shows_how_far():
    from pawpad.app.menus import boot as boot_mod
    from pawpad.app.menus.main import MainMenu
    from pawpad.app.shell.app import App
    from pawpad.app.shell.box import Box
    from pawpad.core import settings
    from pawpad.ui.canvas import Canvas
    from pawpad.ui.screen import OK

    store, s, _ = top_dog(150, every=1000)
    boot = boot_mod.Boot(0)
    app = App(Box(), settings.defaults(), MainMenu, boot, (), {}, 0, store)
    app.tick(0)
    assert boot.reading is not None and boot.tick_ms == 1
    c = Canvas()
    turns = 0
    drawn = []
    while app.top is boot:
        app.key(OK, turns)  # a key now and then: taken, never a crash, no skip
        app.tick(turns)
        turns += 1
        if app.dirty and app.top is boot:
            app.draw(c)
            drawn.append(boot.shown)
    assert turns > 150 // boot_mod.SLICE  # many turns
    assert len(drawn) >= 3 and drawn == sorted(drawn)
    assert app.top.name == "resume"
    same_game(app.top.session, s)
