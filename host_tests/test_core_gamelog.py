# The game log's records: checksums, torn and damaged records, undo/redo/corrections.
# Both runtimes.
from pawpad.store.log import codec, schema
from pawpad.store.log.timeline import Timeline


def log_text(*records):
    return "".join(codec.encode(r) for r in records)


HEAD = schema.header("top_dogs", 3, {"rounds": 10})


def test_round_trip():
    text = log_text(HEAD, {"e": {"t": "teams", "cards": [[1, 2, 3]]}}, {"undo": 1})
    records, good, problem = schema.parse(text)
    assert problem is None and good == len(text)
    assert records[0] == HEAD and records[2] == {"undo": 1}
    assert schema.check_header(records[0]) == HEAD


def test_every_cut_point_keeps_the_whole_records_before_it():
    recs = [HEAD] + [{"e": {"t": "x", "n": i}} for i in range(5)]
    text = log_text(*recs)
    ends = []
    pos = 0
    for r in recs:
        pos += len(codec.encode(r))
        ends.append(pos)
    for cut in range(len(text) + 1):
        records, good, problem = schema.parse(text[:cut])
        whole = len([e for e in ends if e <= cut])
        assert records == recs[:whole], cut
        assert good == (ends[whole - 1] if whole else 0)
        assert (problem is None) == (cut in ends or cut == 0), cut


def test_damaged_record_stops_the_reading():
    text = log_text(HEAD, {"e": {"t": "a"}}, {"e": {"t": "b"}})
    first = len(codec.encode(HEAD))
    bad = text[:first + 5] + "X" + text[first + 6:]
    records, good, problem = schema.parse(bad)
    assert records == [HEAD] and good == first
    assert problem == "record 2 is damaged"


def test_line_without_checksum_is_damaged():
    records, good, problem = schema.parse('{"game": "x"}\n')
    assert records == [] and problem == "record 1 is damaged"


def test_header_checks():
    for bad in ({"e": 1}, [1], {"game": "x", "players": 2, "v": 99}):
        try:
            schema.check_header(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_timeline_undo_redo_fix():
    t = Timeline()
    for r in ({"e": 1}, {"e": 2}, {"e": 3}, {"undo": 1}, {"undo": 1}):
        t.apply(r)
    assert t.events == [1]
    t.apply({"redo": 1})
    assert t.events == [1, 2]
    t.apply({"e": 9})  # a new event ends the redo chain
    assert t.events == [1, 2, 9]
    try:
        t.apply({"redo": 1})
    except ValueError:
        pass
    else:
        raise AssertionError("redo after a new event")
    t.apply({"fix": 0, "e": 7})
    assert t.events == [7, 2, 9]
    p = t.preview({"undo": 1})
    assert list(p) == [7, 2] and t.events == [7, 2, 9]
    assert list(t.preview({"fix": 1, "e": 5})) == [7, 5, 9] and t.events == [7, 2, 9]
    assert list(t.preview({"e": 4})) == [7, 2, 9, 4]


def test_timeline_refuses_what_cannot_be():
    t = Timeline()
    for bad in ({"undo": 1}, {"redo": 1}, {"fix": 0, "e": 1}, {"what": 1}):
        try:
            t.apply(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_skipping_reader_passes_over_bad_lines():
    good = [codec.encode({"game": "top_dog", "players": 2, "n": i}) for i in range(4)]
    lines = [good[0], "junk\n", good[2], good[3][:-1]]
    r = schema.Reader(skip=True)
    assert [x["n"] for x in r.read(lines)] == [0, 2]
    assert r.skipped == 2 and r.count == 2
    log = [codec.encode(HEAD), "junk\n", codec.encode({"undo": 1})]
    strict = schema.Reader()
    assert list(strict.read(log)) == [HEAD]
    assert strict.problem == "record 2 is damaged"


def test_a_reader_says_what_a_file_reader_could_not_make_text_of():
    lines = [codec.encode(HEAD), codec.TOO_LONG, codec.NOT_TEXT,
             codec.encode({"game": "top_dog", "players": 2})]
    strict = schema.Reader()
    assert list(strict.read(lines)) == [HEAD]
    assert strict.problem == "record 2 is too long"
    r = schema.Reader(skip=True)
    assert list(r.read(lines[1:])) == [{"game": "top_dog", "players": 2}]
    assert r.skipped == 2 and r.problem == "record 2 is not text"


def test_records_of_the_wrong_shape_stop_a_log_with_what_is_wrong():
    for bad, why in ((5, "is not a record"), ({"fix": 0}, "is not a known record"),
                     ({"undo": 1, "ms": "x"}, "has a bad time"), (None, "is not a record"),
                     ({"e": [1]}, "has a bad event"), ({"fix": -1, "e": {"t": "a"}},
                                                       "has a bad correction")):
        text = log_text(HEAD, {"e": {"t": "a"}}, bad, {"e": {"t": "b"}})
        records, good, problem = schema.parse(text)
        assert records == [HEAD, {"e": {"t": "a"}}]
        assert problem == "record 3 " + why, problem
    records, good, problem = schema.parse(log_text({"game": "chess", "players": 2,
                                                     "settings": {}, "v": 1}))
    assert records == [] and problem == "record 1 is not a known game"
