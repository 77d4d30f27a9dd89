# Every reader of flash is total: random and adversarial bytes, of sizes up to a few
# hundred KB, give data or a message, never an exception; good records before a
# damaged line are kept (game log), and before and after it (history). Seeded, so a
# failure plays again the same. Both runtimes.
import os

from pawpad.core import settings as settings_rules
from pawpad.store.files import Storage
from pawpad.store.log import codec, scan, schema
from pawpad.store.log.lines import LINE_MAX, Lines
from pawpad.store.records import stats
from pawpad.store.records.history import HISTORY, read_history
from pawpad.store.resume import resume
from pawpad.store.session import LOG
from pawsim.rng import Rng
from support.readers import HEAD, Big, enc, game_lines, repeat, summary, teams, tempdir, wipe


def random_bytes(rng, size):
    while size > 0:
        n = min(size, 4096)
        yield rng.bytes(n)
        size -= n


def put(store, name, data):
    """Writes bytes as they might lie on flash, in pieces (no 1 MB object needed)."""
    with open(store.path(name), "wb") as f:
        if isinstance(data, Big):
            for piece in data.pieces():
                f.write(piece)
        else:
            f.write(data)


# Lines that are not good records: each damages one line of a file.
WRONG_SHAPES = [5, None, [], "x", 1.5, {"fix": 0}, {"undo": 1, "ms": "x"}, {"e": 1},
                {"e": {}, "ms": 1.5}, {"e": {}, "ms": -1}, {"snap": {}, "n": 0},
                {"undo": 2}, {"undo": True}, {"redo": 1, "e": {}}, {"e": {}, "x": 1},
                {"fix": -1, "e": {}}, {"fix": 1.0, "e": {}}, {"fix": True, "e": {}},
                {"snap": [], "n": 3}, {}, HEAD, {"ms": 5}]
BAD_SUMMARIES = [5, None, [1, 2], {"game": "top_dogs"}, {"game": 5, "players": 3},
                 {"game": "top_dogs", "players": 3, "ms": "x"},
                 {"game": "top_dogs", "players": 3, "ms": 1e400},
                 {"game": "top_dogs", "players": 3, "scores": [1, "x", 2]},
                 {"game": "top_dogs", "players": 3, "scores": [1, 2]},
                 {"game": "top_dogs", "players": 3, "winners": [3]},
                 {"game": "top_dogs", "players": 3, "winners": 0},
                 {"game": "top_dogs", "players": True},
                 {"game": "top_dogs", "players": 3, "date": 20261130},
                 {"game": "top_dogs", "players": 3, "abandoned": 1},
                 {"game": "top_dogs", "players": 9},
                 {"game": "top_dogs", "players": 2, "colours": ["Red", "Mauve"]}]


def bad_lines(rng):
    """Damaged lines of every kind, each ending in a newline."""
    out = [b"\xff\n", b"\x00\n", b"\n", b"junk\n", b"\xc3\n", b"\xed\xa0\x80|00000000\n",
           b"{\"e\": {}}|0000000g\n", b"[" * 3000 + b"\n", b"x" * (LINE_MAX - 1) + b"\n",
           b"x" * LINE_MAX + b"\n", b"y" * 50000 + b"\n", b"\xff" * 5000 + b"\n",
           b"\x00is not text\n", rng.bytes(300).replace(b"\n", b"") + b"\n"]
    good = enc({"e": teams(8)})
    flip = bytearray(good)
    flip[5] ^= 0x01
    out.append(bytes(flip))
    out.append(good[:10] + b"\xff" + good[11:])
    nested = "[" * 2000 + "]" * 2000
    out.append(codec.encode({"e": {"deep": 1}}).replace('{"deep": 1}', nested).encode())
    return out


def read_log(store):
    """The game log through the strict reader: (records, reader)."""
    r = schema.Reader()
    with store.open_text(LOG) as f:
        records = list(r.read(f))
    for i, rec in enumerate(records):
        assert schema.check_log(rec, i) is None
    return records, r


def every_reader(store, name, data):
    """Puts `data` in the file `name` and reads it with every reader of that kind of
    file; each must give data or a message."""
    store.remove(name)
    put(store, name, data)
    if name == LOG:
        records, r = read_log(store)
        assert r.problem is None or isinstance(r.problem, str)
        whole_line = scan.has_a_record(store)
        s, messages = resume(store)
        # A log without a whole line is a game whose header never reached flash
        # whole: it goes quietly.
        assert s is not None or messages or (not whole_line and not store.exists(LOG))
        for m in messages:
            assert isinstance(m, str)
    elif name == HISTORY:
        for g in read_history(store):
            assert schema.check_summary(g) is None
    elif name == "settings.json":
        values, messages = store.load_settings()
        for k in values:
            assert settings_rules.check(k, values[k]) == values[k]
        for m in messages:
            assert isinstance(m, str)
    else:
        value, message = store.read_json(name, 16384)
        assert (value is None) != (message is None)
        if value is not None:
            assert isinstance(value, dict)
        store.remove(name)
        put(store, name, data)
        assert isinstance(stats.load(store, name), dict)
    if not isinstance(data, Big):  # the pure parsers, on whatever text it makes
        try:
            text = data.decode()
        except UnicodeError:
            text = None
        if text is not None:
            records, good, problem = schema.parse(text)
            assert 0 <= good <= len(text) and (problem is None or records is not None)
            values, problems = settings_rules.parse(text)
            assert sorted(values) == sorted(settings_rules.SCHEMA)
    for leftover in os.listdir(store.root):  # nothing was deleted: kept aside or there
        assert leftover.startswith(name) or leftover in (LOG, HISTORY, "settings.json")


def adversarial(rng, name):
    """Byte sequences for one file: random ones up to 300 KB, and crafted ones."""
    good = {LOG: b"".join(game_lines(6)),
            HISTORY: b"".join(enc(summary(i)) for i in range(4)),
            "settings.json": b'{"players": 3, "volume": 40}',
            "stats.json": b'{"Red": {"stops": 2, "right": 1}}'}.get(name, b'{"top_dog": {}}')
    out = [b"", b"\xff", b"\x00", b"\n", b"\xff" * 256, Big(repeat, b"\xff" * 1024, 1024),
           Big(repeat, b"[" * 1024, 300), Big(repeat, b'{"a":' * 200, 300),
           Big(repeat, b"9" * 1024, 256),
           b"[" * 3000 + b"]" * 3000, b'{"players": ' + b"[" * 2000 + b"]" * 2000 + b"}",
           b"1e400", b"NaN", b"-Infinity", b'{"players": 1e400}', b'"\\ud800"',
           b'{"players": 4.0, "volume": true, "sound": 1, "colours": "Red"}',
           b'{"players": 99999999999999999999999, "tie_rule": ["again"]}',
           b"[1, 2]", b"null", b'{"top_dog": 5, "Red": {"right": "x"}}', good,
           good + b"\xff" * 100, good + rng.bytes(100), good[:len(good) // 2],
           good[:7] + b"\xff" + good[8:], Big(repeat, b"z" * 1024, 200, good),
           Big(repeat, b"z" * 1024, 300, good + b"\n", b"\n" + good)]
    for size in (1, 2, 3, 10, 100, 1000, 4097, 16385, 70000, 300000):
        out.append(Big(random_bytes, rng, size))
    for _ in range(20):
        cut = rng.below(len(good) + 1)
        out.append(good[:cut] + rng.bytes(rng.below(40)) + good[cut:])
    return out


def test_every_reader_gives_data_or_a_message_never_an_exception():
    rng = Rng(9)
    root = tempdir()
    try:
        store = Storage(root)
        for name in (LOG, HISTORY, "settings.json", "stats.json", "setups.json"):
            for i, data in enumerate(adversarial(rng, name)):
                try:
                    every_reader(store, name, data)
                except Exception as e:
                    raise AssertionError("%s case %d: %r" % (name, i, e))
                for leftover in os.listdir(root):
                    os.remove(root + "/" + leftover)
    finally:
        wipe(root)


def test_the_game_log_keeps_every_good_record_before_the_damage():
    rng = Rng(17)
    root = tempdir()
    try:
        store = Storage(root)
        lines = game_lines(8)
        damages = bad_lines(rng) + [enc(r) for r in WRONG_SHAPES]
        for k, bad in enumerate(damages):
            at = 1 + k % 8  # never the header: that is the case below
            store.remove(LOG)
            put(store, LOG, b"".join(lines[:at] + [bad] + lines[at:]))
            records, r = read_log(store)
            assert records == [codec.decode(x.decode()[:-1]) for x in lines[:at]], k
            assert r.problem and r.problem.startswith("record %d " % (at + 1)), r.problem
            s, messages = resume(store)
            assert s is not None and len(s.events()) == at - 1, (k, messages)
            assert messages[0].startswith("Saved game: record"), messages
            with open(store.path(LOG), "rb") as f:
                assert f.read() == b"".join(lines[:at])  # the good part goes on as the log
            assert store.exists(LOG + ".bad")  # the whole file kept aside
            store.remove(LOG + ".bad")
        for bad in damages:  # a damaged header: nothing to resume, the file kept
            if bad == lines[0]:
                continue  # a good header in place of an event: a good header here
            store.remove(LOG)
            put(store, LOG, b"".join([bad] + lines[1:]))
            s, messages = resume(store)
            assert s is None and messages and store.exists(LOG + ".bad")
            store.remove(LOG + ".bad")
    finally:
        wipe(root)


def test_junk_after_the_last_record_keeps_the_whole_game():
    rng = Rng(23)
    root = tempdir()
    try:
        store = Storage(root)
        lines = game_lines(5)
        for tail in (b"\xff" * 300, b"\xff" * 5000, rng.bytes(64).replace(b"\n", b""),
                     lines[2][:-1], b"\xc3"):
            store.remove(LOG)
            put(store, LOG, b"".join(lines) + tail)
            s, messages = resume(store)
            assert s is not None and len(s.events()) == 5, messages
            with open(store.path(LOG), "rb") as f:
                assert f.read() == b"".join(lines)
            store.remove(LOG + ".bad")
        store.remove(LOG)  # a megabyte without a newline after the last record
        put(store, LOG, Big(repeat, b"q" * 1024, 1024, b"".join(lines)))
        s, messages = resume(store)
        assert s is not None and len(s.events()) == 5, messages
        assert messages[0] == "Saved game: record 7 is too long.", messages
    finally:
        wipe(root)


def test_the_history_keeps_every_good_record_before_and_after_the_damage():
    rng = Rng(29)
    root = tempdir()
    try:
        store = Storage(root)
        lines = [enc(summary(i)) for i in range(6)]
        damages = bad_lines(rng) + [enc(r) for r in BAD_SUMMARIES]
        for k, bad in enumerate(damages):
            at = k % 7
            store.remove(HISTORY)
            put(store, HISTORY, b"".join(lines[:at] + [bad] + lines[at:]))
            assert [g["n"] for g in read_history(store)] == list(range(6)), k
            store.remove(HISTORY)  # and in place of a good one
            put(store, HISTORY, b"".join(lines[:at] + [bad] + lines[at + 1:]))
            want = [i for i in range(6) if i != at]
            assert [g["n"] for g in read_history(store)] == want, k
    finally:
        wipe(root)


def lines_model(data, size):
    """What Lines must give for ASCII data, line by line."""
    out = []
    parts = data.split(b"\n")
    for p in parts[:-1]:
        out.append(codec.TOO_LONG if len(p) + 1 > size else p.decode() + "\n")
    tail = parts[-1]
    if tail:
        out.append(codec.TOO_LONG if len(tail) >= size else tail.decode())
    return out


def test_lines_through_a_small_buffer_are_the_file_lines():
    rng = Rng(31)
    root = tempdir()
    try:
        path = root + "/f"
        for size in (4, 16, 33):
            for _ in range(60):
                n = rng.below(200)
                data = bytes(b"ab\n"[rng.below(3)] if rng.below(4) else 10
                             for _ in range(n))
                with open(path, "wb") as f:
                    f.write(data)
                with Lines(path, size) as f:
                    got = list(f)
                assert got == lines_model(data, size), (size, data)
    finally:
        wipe(root)


def test_copy_bytes_copies_across_its_buffer():
    root = tempdir()
    try:
        store = Storage(root)
        lines = game_lines(40)  # about 4 KB: several of copy_bytes' buffers
        data = b"".join(lines) + b"\xff\xfe tail"
        put(store, "src", data)
        for n in (0, 1, 511, 512, 513, 1500, len(data) - 1, len(data), len(data) + 99):
            store.copy_bytes("src", "dst", n)
            with open(store.path("dst"), "rb") as f:
                got = f.read()
            assert got == data[:n], n
    finally:
        wipe(root)


def test_read_json_sets_aside_what_it_cannot_use():
    root = tempdir()
    try:
        store = Storage(root)
        assert store.read_json("x.json") == (None, None)  # no file: nothing to say
        put(store, "x.json", b'{"a": [1, {"b": 2}]}')
        assert store.read_json("x.json") == ({"a": [1, {"b": 2}]}, None)
        cases = ((b"\xff", "is not text"), (b"[1]", "is not a JSON object"),
                 (b"{", "is not valid JSON"), (b"[" * 100, "is nested too deep"),
                 (Big(repeat, b" " * 1024, 40), "is too big (40960 bytes)"))
        for data, why in cases:
            put(store, "x.json", data)
            value, message = store.read_json("x.json", 20000)
            assert value is None
            assert message == "x.json " + why + "; kept as x.json.bad.", message
            assert not store.exists("x.json") and store.exists("x.json.bad")
            store.remove("x.json.bad")
        put(store, "x.json", b"[1]")
        assert store.read_json("x.json", 100, None) == ([1], None)
        assert store.read_json("x.json", 2) == (None, "x.json is too big (3 bytes); "
                                                      "kept as x.json.bad.")
    finally:
        wipe(root)


def test_settings_refuse_every_wrong_type():
    bad = {"players": [4.0, 1e400, True, 0, 9, 99999999999999999999, "4", None, [4]],
           "sound": [1, 0, "true", None], "colours": ["Red", ["Red"] * 7, [1] * 8,
                                                     [["Red"]] * 8],
           "tie_rule": [["again"], 1, None, {"again": 1}],
           "volume": [float("nan"), float("inf"), -1, 101, 60.0]}
    for name in bad:
        for v in bad[name]:
            try:
                settings_rules.check(name, v)
            except ValueError:
                continue
            raise AssertionError((name, v))
    values, problems = settings_rules.parse('{"volume": 1e400, "players": 3}')
    assert values["volume"] == 60 and values["players"] == 3 and len(problems) == 1
    values, problems = settings_rules.parse("[" * 5000)
    assert values == settings_rules.defaults() and problems
    many = "{" + ", ".join('"k%d": 1' % i for i in range(50)) + "}"
    values, problems = settings_rules.parse(many)
    assert len(problems) == settings_rules.MAX_PROBLEMS + 1 and problems[-1] == "and 46 more"
    values, problems = settings_rules.parse('{"%s": 1}' % ("k" * 5000))
    assert len(problems[0]) < 40


def test_the_schema_of_records():
    for rec in WRONG_SHAPES:
        assert schema.check_record(rec) is not None, rec
    for rec in ({"e": {}}, {"e": {"t": 1}, "ms": 0}):  # every event says its kind
        assert schema.check_record(rec) == "has a bad event", rec
    for rec in ({"e": {"t": "x"}}, {"e": {"t": "teams"}, "ms": 0}, {"undo": 1},
                {"redo": 1, "ms": 5}, {"fix": 0, "e": {"t": "x"}},
                {"fix": 3, "e": {"t": "x"}, "ms": 9}, {"snap": {}, "n": 1}):
        assert schema.check_record(rec) is None, rec
    head = schema.header("circus_puppy", 2, {}, ["Red", "Blue"], "g1")
    assert head["colours"] == ["Red", "Blue"] and head["id"] == "g1"
    assert schema.check_header(head) is head
    assert schema.header("top_dog", 2, {}) == {"game": "top_dog", "players": 2,
                                                 "settings": {}, "v": schema.VERSION}
    for bad in (dict(head, game="chess"), dict(head, players=0), dict(head, players=9),
                dict(head, players=2.0), dict(head, settings=[]), dict(head, colours=["Red"]),
                dict(head, colours=["Red", "Mauve"]), dict(head, id="x" * 33),
                dict(head, id=5), dict(head, extra=1), dict(head, v="1")):
        assert schema.check_head(bad) is not None, bad
    for rec in BAD_SUMMARIES:
        assert schema.check_summary(rec) is not None, rec
    for rec in (summary(1), {"game": "top_dog", "players": 2},
                {"game": "pick_a_dog", "players": 2, "scores": [0, 0], "abandoned": True,
                 "colours": ["Red", "Blue"], "id": "a", "unfinished": False}):
        assert schema.check_summary(rec) is None, rec
