# Games on flash: the log, resume, torn and damaged records, a full flash, undo, redo,
# corrections, history. Both runtimes.
from pawpad.store.files import Storage
from pawpad.store.log import codec, schema
from pawpad.store.records.history import read_history
from pawpad.store.resume import resume
from pawpad.store.session import LOG, Session
from support.session import store


def teams(*values):
    return {"t": "teams", "cards": [[1, 2, v - 3] for v in values]}


def play_rounds(s, n):
    for i in range(n):
        assert s.offer(teams(10, 20 + i, 12)) is None
        s.flush()


def test_new_game_writes_header_and_events():
    st = store()
    s = Session.new(st, "top_dogs", 3)
    assert s.acked == 0 and len(s.pending) == 1
    s.flush()
    assert s.acked == 1
    play_rounds(s, 3)
    assert s.acked == 4
    records, _, problem = schema.parse(st.read_text(LOG))
    assert problem is None and len(records) == 4
    assert records[0]["game"] == "top_dogs"


def test_resume_gives_the_same_state():
    st = store()
    s = Session.new(st, "top_dogs", 3, {"cup_points": 2})
    s.flush()
    play_rounds(s, 4)
    assert Session.saved(st)
    r, messages = resume(st)
    assert messages == []
    assert r.state == s.state and r.acked == 5
    assert r.state["settings"]["cup_points"] == 2


def test_refused_event_is_not_logged():
    st = store()
    s = Session.new(st, "top_dogs", 3)
    assert "three cards" in s.offer({"t": "teams", "cards": [[1]]})
    assert len(s.pending) == 1


def test_torn_last_record_is_dropped():
    st = store()
    s = Session.new(st, "top_dogs", 3)
    s.flush()
    play_rounds(s, 3)
    text = st.read_text(LOG)
    st.write_text(LOG, text[:-7])  # the power went mid-write
    r, messages = resume(st)
    assert r.state["round"] == 2
    assert messages == ["Saved game: the last record was cut short."]
    assert st.read_text(LOG) == text[:len(text) - len(text.split("\n")[-2]) - 1]
    assert not st.exists(LOG + ".bad")  # an expected tear: nothing to keep aside
    r.offer(teams(10, 11, 12))
    r.flush()
    again, messages = resume(st)
    assert messages == [] and again.state["round"] == 3


def test_damaged_record_keeps_what_came_before_and_the_file():
    st = store()
    s = Session.new(st, "top_dogs", 3)
    s.flush()
    play_rounds(s, 3)
    text = st.read_text(LOG)
    lines = text.split("\n")
    assert "18" in lines[2]
    lines[2] = lines[2].replace("18", "19", 1)  # one flipped bit on flash
    st.write_text(LOG, "\n".join(lines))
    r, messages = resume(st)
    assert r.state["round"] == 1
    assert "record 3 is damaged" in messages[0]
    assert st.read_text(LOG + ".bad") == "\n".join(lines)


def test_unreadable_log_is_kept_aside():
    st = store()
    st.write_text(LOG, "this is not a game\n")
    r, messages = resume(st)
    assert r is None
    assert not st.exists(LOG) and st.exists(LOG + ".bad")
    assert "kept as game.log.bad." in messages


class FullStore(Storage):
    """Flash that fills up after `room` more lines."""

    room = 3

    def append_line(self, name, line):
        if self.room <= 0:
            raise OSError(28)
        self.room -= 1
        Storage.append_line(self, name, line)


def test_full_flash_game_goes_on_unsaved():
    st = store()
    full = FullStore(st.root)
    s = Session.new(full, "top_dogs", 3)
    s.flush()
    play_rounds(s, 4)
    assert not s.saving and s.problem == "Flash full"
    assert s.acked == 3
    assert s.state["round"] == 4  # the game itself went on
    assert s.offer(teams(10, 11, 12)) is None and s.flush() == 0


def test_undo_redo_chain():
    s = Session.new(None, "top_dogs", 3)
    play_rounds(s, 3)
    assert s.undo() is None and s.undo() is None
    assert s.state["round"] == 1
    assert s.redo() is None
    assert s.state["round"] == 2
    assert s.offer(teams(30, 11, 12)) is None
    assert s.redo() == "nothing to redo"
    assert s.state["cups"] == [1, 2, 0]


def test_undo_with_nothing_to_undo():
    s = Session.new(None, "top_dogs", 3)
    assert s.undo() == "nothing to undo"


def test_correction_keeps_the_rounds_after_it():
    st = store()
    s = Session.new(st, "top_dogs", 3)
    play_rounds(s, 4)
    assert s.state["cups"] == [0, 4, 0]
    assert s.fix(0, teams(40, 11, 12)) is None
    assert s.state["cups"] == [1, 3, 0] and s.state["round"] == 4
    s.flush()
    r, _ = resume(st)
    assert r.state == s.state
    assert len(r.events()) == 4


def test_correction_that_breaks_later_rounds_is_refused():
    s = Session.new(None, "pick_a_dog", 2)
    assert s.offer({"t": "stop", "seat": 0}) is None
    assert s.offer({"t": "result", "right": True, "collected": [3, 3]}) is None
    before = s.state
    # a STOP that nobody called makes the examination's "right" meaningless: still fine;
    # but a result in place of the STOP leaves the later result without its STOP
    assert s.fix(0, {"t": "result", "right": True, "collected": [1, 1]}) is not None
    assert s.state == before


def test_history_keeps_the_last_games():
    st = store()
    for i in range(8):
        s = Session.new(st, "top_dogs", 3, {"rounds": 1})
        play_rounds(s, 1)
        s.finish({"scores": s.state["points"], "n": i}, keep=5)
        assert Session.saved(st)  # the log goes only once the statistics are in
        s.close()
        assert not Session.saved(st)
    games = read_history(st)
    assert 5 <= len(games) <= 6
    assert games[-1]["n"] == 7 and games[-1]["game"] == "top_dogs"
    assert games[-1]["events"] == 1


def test_game_time_is_carried_in_the_records():
    st = store()
    s = Session.new(st, "top_dogs", 3)
    s.offer(teams(10, 11, 12), ms=61000)
    s.flush()
    r, _ = resume(st)
    assert r.ms == 61000


def test_a_damaged_history_loses_no_other_game():
    st = store()
    for i in range(3):
        s = Session.new(st, "top_dogs", 3, {"rounds": 1})
        play_rounds(s, 1)
        s.finish({"n": i})
    text = st.read_text("history.log")
    lines = text.split("\n")
    lines[1] = lines[1].replace('"n": 1', '"n": 7')  # a flipped bit: record 2 damaged
    st.write_text("history.log", "\n".join(lines)[:-9])  # and the last one cut short
    assert [g["n"] for g in read_history(st)] == [0]
    s = Session.new(st, "top_dogs", 3, {"rounds": 1})
    play_rounds(s, 1)
    s.finish({"n": 3})  # appended after the torn line, on a line of its own
    assert [g["n"] for g in read_history(st)] == [0, 3]
    assert st.exists("history.log.bad")  # the damaged file was kept whole
    with open(st.path("history.log.bad")) as f:
        assert '"n": 7' in f.read()


def snapping(st, n=3):
    s = Session.new(st, "top_dogs", 3)
    s.snap_every = n
    return s


def test_snapshots_in_the_log_resume_to_the_same_state():
    st = store()
    s = snapping(st)
    s.flush()
    play_rounds(s, 7)
    records, _, problem = schema.parse(st.read_text(LOG))
    assert problem is None
    assert [r["n"] for r in records if "snap" in r] == [3, 6]
    r, messages = resume(st)
    assert messages == [] and r.state == s.state and list(r.events()) == list(s.events())
    assert r.acked == len(records)


def test_resume_starts_from_the_last_snapshot():
    st = store()
    s = snapping(st)
    s.flush()
    play_rounds(s, 6)
    # the first event is spoiled (its checksum made to match): replayed from the start
    # it would not fit; from the snapshot after event 6 it is never replayed
    lines = st.read_text(LOG).split("\n")
    rec = codec.decode(lines[1])
    rec["e"]["cards"] = [[0]]
    lines[1] = codec.encode(rec)[:-1]
    st.write_text(LOG, "\n".join(lines))
    r, messages = resume(st)
    assert messages == [] and r.state == s.state


def test_undo_behind_a_snapshot_and_corrections_resume_right():
    st = store()
    s = snapping(st)
    s.flush()
    play_rounds(s, 7)  # snapshots after events 3 and 6
    assert s.undo() is None and s.undo() is None  # back to 5 events: snapshot 6 is void
    assert s.fix(1, teams(40, 11, 12)) is None  # before snapshot 3: void too
    play_rounds(s, 2)
    r, messages = resume(st)
    assert messages == [] and r.state == s.state and list(r.events()) == list(s.events())


def test_an_event_that_does_not_fit_after_a_snapshot_is_found():
    st = store()
    s = snapping(st)
    s.flush()
    play_rounds(s, 5)
    lines = st.read_text(LOG).split("\n")
    # records: header, e1, e2, e3, snap, e4, e5: spoil e4 (line 5)
    rec = codec.decode(lines[5])
    assert "e" in rec
    rec["e"]["cards"] = [[0]]
    lines[5] = codec.encode(rec)[:-1]
    st.write_text(LOG, "\n".join(lines))
    r, messages = resume(st)
    assert r.state["round"] == 3
    assert "record 6 does not fit the game" in messages[0]
    assert st.exists(LOG + ".bad")
