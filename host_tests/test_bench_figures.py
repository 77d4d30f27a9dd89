# cpython only: docs/benchmarks.md is every benchmark's figures, a section each between
# two markers (tools/bench/figures.py). A benchmark that runs replaces its own section in
# place and keeps every other section, and the words around them, byte for byte; a
# section the file lacks is added; damaged markers stop the write and leave the file as
# it was. Checked on made-up files, on a copy of the committed one, and through a real
# benchmark's main (bench_stage, a short run) writing into a copy.
import shutil

from bench import figures

REAL = figures.DOC


def sections_of(text):
    """{name: the section's text, markers included}."""
    out = {}
    for name, _title, _how in figures.SECTIONS:
        b, e = figures.begin(name), figures.end(name)
        i, j = text.find(b), text.find(e)
        if i >= 0 and j > i:
            out[name] = text[i:j + len(e)]
    return out


def made_up():
    text = figures.HEAD + "\nWords before the sections.\n"
    for name in ("bench", "bench-stage", "bench-long"):
        text += "\n" + figures.begin(name) + "\n## %s\n\nold figures of %s\n" % (name, name) \
            + figures.end(name) + "\n\nWords after %s.\n" % name
    return text


def test_only_its_own_section_is_replaced(tmp_path):
    path = tmp_path / "benchmarks.md"
    before = made_up()
    path.write_text(before)
    body = "## bench-stage\n\n| a | b |\n|---|---|\n| 1 | 2 |"
    figures.write("bench-stage", body, str(path))
    after = path.read_text()
    old, new = sections_of(before), sections_of(after)
    assert new["bench"] == old["bench"] and new["bench-long"] == old["bench-long"]
    assert "old figures of bench-stage" not in after and body in new["bench-stage"]
    # everything outside the replaced section is as it was
    i = before.index(old["bench-stage"])
    assert after[:i] == before[:i]
    assert after[i + len(new["bench-stage"]):] == before[i + len(old["bench-stage"]):]
    assert after.count(figures.begin("bench-stage")) == 1
    # the same figures again: the same file
    figures.write("bench-stage", body, str(path))
    assert path.read_text() == after


def test_a_missing_section_is_added_and_the_others_kept(tmp_path):
    path = tmp_path / "benchmarks.md"
    before = made_up()
    path.write_text(before)
    figures.write("bench-device", "## on the device\n\nnew", str(path))
    after = path.read_text()
    assert after.startswith(before.rstrip("\n"))
    assert sections_of(after)["bench-device"].endswith(figures.end("bench-device"))
    for name, text in sections_of(before).items():
        assert sections_of(after)[name] == text


def test_a_new_file_begins_with_the_head(tmp_path):
    path = tmp_path / "benchmarks.md"
    figures.write("bench", "## make bench\n\nfigures", str(path))
    text = path.read_text()
    assert text.startswith(figures.HEAD) and list(sections_of(text)) == ["bench"]


def test_damaged_markers_leave_the_file_alone(tmp_path):
    path = tmp_path / "benchmarks.md"
    for name, damaged in (
            ("bench-stage", made_up().replace(figures.end("bench-stage"), "")),
            ("bench", made_up() + figures.begin("bench") + "\n"),
            ("bench-long", made_up().replace(figures.begin("bench-long"), ""))):
        path.write_text(damaged)
        try:
            figures.write(name, "x", str(path))
        except ValueError:
            pass
        else:
            raise AssertionError("the damaged markers of %s were written over" % name)
        assert path.read_text() == damaged


def test_the_committed_file_has_every_section_once():
    with open(figures.DOC) as f:
        text = f.read()
    names = [n for n, _t, _h in figures.SECTIONS]
    for name in names:
        assert text.count(figures.begin(name)) == 1, name
        assert text.count(figures.end(name)) == 1, name
    assert list(sections_of(text)) == names  # in the order of SECTIONS
    assert sorted(names, key=text.index) == names


def test_a_benchmark_run_writes_only_its_section(tmp_path, monkeypatch):
    """bench_stage's own main, a short run, into a copy of docs/benchmarks.md."""
    from bench import bench_stage

    copy = tmp_path / "benchmarks.md"
    shutil.copy(figures.DOC, copy)
    before = copy.read_text()
    monkeypatch.setattr(figures, "DOC", str(copy))
    bench_stage.main(["--no-table", "--seeds", "1", "--length", "30"])
    after = copy.read_text()
    old, new = sections_of(before), sections_of(after)
    assert set(new) == set(old)
    for name in old:
        if name != "bench-stage":
            assert new[name] == old[name], name
    assert new["bench-stage"] != old["bench-stage"]
    assert "On 1 one-stage synthetic traces of 30 s" in new["bench-stage"]
    assert "| SPS | found |" in new["bench-stage"]
    i = before.index(old["bench-stage"])
    assert after[:i] == before[:i]
    with open(REAL) as f:
        assert f.read() == before  # the real file untouched


def test_printed_lines_become_tables():
    md = figures.from_text([
        "== the game log on flash",
        "  game          events       log",
        "  top_dogs          30    3307 B",
        "  pick_a_dog        78    6322 B",
        "  press -> buzzer on: median 8 us",
        "  RED      313 bytes   7.04 ms",
        "  BLUE     370 bytes   8.32 ms",
    ], heads=[["STOP of", "bytes", "at 400 kHz"]])
    assert "**the game log on flash**" in md
    assert "| game | events | log |\n|---|---|---|\n| top_dogs | 30 | 3307 B |" in md
    assert "- press -> buzzer on: median 8 us" in md
    assert "| STOP of | bytes | at 400 kHz |\n|---|---|---|\n| RED | 313 bytes | 7.04 ms |" in md


def test_a_traceback_is_one_row():
    md = figures.pairs(["heap free at the menu: 77040 B", "Traceback (most recent call last):",
                        '  File "exam.py", line 1, in usual_counts',
                        '  File "logread.py", line 1, in events_at',
                        "MemoryError: memory allocation failed, allocating 1148 bytes",
                        "STOP press -> first byte to the panel:     median 3.6 ms"])
    assert md.split("\n")[2:] == [
        "| heap free at the menu | 77040 B |",
        '| traceback | MemoryError: memory allocation failed, allocating 1148 bytes (File '
        '"logread.py", line 1, in events_at) |',
        "| STOP press -> first byte to the panel | median 3.6 ms |"]


def test_the_device_sections_say_where_and_which_build():
    from bench import bench_device

    name, text = bench_device.doc_section("socket://127.0.0.1:47001", True, {"arm": False},
                                          [("ui", ["heap free at the menu: 1 B\n"])])
    assert name == "bench-device-frozen"
    assert "emulated Pico" in text and "frozen into the UF2" in text
    assert "**Phase ui**" in text and "| heap free at the menu | 1 B |" in text
    name, text = bench_device.doc_section("/dev/ttyACM0", False, {}, [])
    assert name == "bench-device" and "a Pico (/dev/ttyACM0)" in text and ".mpy" in text
