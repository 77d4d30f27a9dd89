# cpython only: the games of a clock never set, dated the first time the box meets a
# computer (tools/install/dating.py), and the export of them (issue 35): a game of the
# running power-on to the second, older ones by the meeting's day in the history's
# order and marked estimated, the dates written back so that the same history exported
# a week later is the same file byte for byte; damaged and dated records left as they
# were.
import datetime
import json
import os
import re

from install import dating
from pawpad.store.log import codec
from report import export

MET = datetime.datetime(2026, 12, 2, 21, 30, 0)
ON, OLD = "0a1b2c3d", "99999999"


def game(n, **kw):
    rec = {"game": "top_dogs", "players": 3, "scores": [3, 5, 5 - n % 3], "winners": [1],
           "places": [3, 1, 2], "colours": ["Red", "Blue", "Green"], "title": "Top Dogs",
           "ms": 600000 + n * 1000, "id": "%08x" % (0xB000 + n)}
    rec.update(kw)
    return rec


def evening():
    """Two power-ons of play on a clock never set, a dated game, a damaged line, a
    record from before the box kept ids or power-ons."""
    recs = [game(1, on=OLD, up=4000), game(2, on=OLD, up=9000),
            game(3, start="2026-11-20 19:00:00", end="2026-11-20 19:30:00")]
    recs.append({"game": "pick_a_dog", "players": 2, "scores": [4, 6], "winners": [1],
                 "colours": ["Red", "Blue"], "ms": 300000})  # no id, no time at all
    recs += [game(4, on=ON, up=1200), game(5, on=ON, up=3000)]
    lines = [codec.encode(r) for r in recs]
    lines.insert(3, '{"game": "top_dogs", "players"\n')  # cut short by a power cut
    return lines


def test_the_running_power_on_to_the_second_the_rest_by_the_day_in_order():
    lines = evening()
    out, exact, estimated = dating.date_lines(lines, MET, (ON, 3600))
    assert (exact, estimated) == (2, 3)
    assert out[2] == lines[2] and out[3] == lines[3]  # dated, and damaged: as they were
    recs = [codec.decode(line[:-1]) for line in out if line != lines[3]]
    # power-on began 3600 s before 21:30: the game that ended at 1200 s ended 20:50:00
    assert recs[4]["end"] == "2026-12-02 20:50:00" and recs[4]["est"] is False
    assert recs[4]["start"] == "2026-12-02 20:39:56"  # its 604 s before
    assert recs[5]["end"] == "2026-12-02 21:20:00" and recs[5]["est"] is False
    # the others: the meeting's day, in the history's order, before the power-on began
    older = [recs[0], recs[1], recs[3]]
    assert [r["est"] for r in older] == [True] * 3
    assert [r["start"] for r in older] == ["2026-12-02 00:00:00", "2026-12-02 00:00:01",
                                           "2026-12-02 00:00:02"]
    assert all(r["start"] < recs[4]["start"] for r in older)
    # an uptime that is not this power-on's (more than the box has been on): estimated
    out2, exact2, est2 = dating.date_lines(lines, MET, (ON, 2000))
    assert (exact2, est2) == (1, 4)


def test_a_power_on_begun_after_midnight_keeps_the_order():
    lines = evening()
    met = datetime.datetime(2026, 12, 3, 0, 10, 0)  # the box on since 23:10 the day before
    out, _exact, _est = dating.date_lines(lines, met, (ON, 3600))
    recs = [codec.decode(line[:-1]) for line in out if line != lines[3]]
    starts = [recs[i]["start"] for i in (0, 1, 3, 4, 5)]
    assert starts == sorted(starts), starts
    assert recs[4]["end"] == "2026-12-02 23:30:00"


def test_no_running_power_on_dates_every_game_as_estimated():
    out, exact, estimated = dating.date_lines(evening(), MET, None)
    assert (exact, estimated) == (0, 5)


def test_the_probe_answer_is_read_strictly():
    on_line = "PAWPAD-ON " + codec.encode({"on": ON})[:-1]
    assert dating.running_of("PAWPAD-CLOCK 2021 3600\n" + on_line) == (ON, 3600)
    assert dating.running_of("PAWPAD-CLOCK 2026 3600\n" + on_line) is None  # set already
    assert dating.running_of("PAWPAD-CLOCK 2021 3600\n") is None  # no id kept
    assert dating.running_of("PAWPAD-CLOCK 2021 x\n" + on_line) is None
    assert dating.running_of("PAWPAD-ON " + '{"on": "0a1b2c3d"}' + "\n") is None
    assert dating.running_of("Traceback (most recent call last):") is None


def test_the_same_history_exported_a_week_apart_is_the_same_file(tmp_path, monkeypatch):
    data = tmp_path / "box"
    data.mkdir()
    (data / "history.log").write_text("".join(evening()))
    files = []
    for day in (MET, MET + datetime.timedelta(days=7)):
        monkeypatch.setattr(dating, "now", lambda day=day: day)
        out = tmp_path / ("out-%d" % len(files))
        export.main(["--data", str(data), "--out", str(out)])
        files.append(((out / "pawpad.bgsplay").read_bytes(),
                      (out / "pawpad-plays.csv").read_bytes()))
    assert files[0] == files[1]
    doc = json.loads(files[0][0])
    # no running power-on in a folder: the undated games are estimated, and say so
    est = [p for p in doc["plays"] if "estimated" in p.get("comments", "")]
    assert len(est) == 5 and all(p["playDate"].startswith("2026-12-02") for p in est)
    assert b"estimated" in files[0][1]
    # written back: the history now holds the dates, and a third dating changes nothing
    lines = (data / "history.log").read_text().splitlines(True)
    assert dating.date_lines(lines, MET, None)[1:] == (0, 0)


class Board:
    """A Pico behind mpremote, as meet_board speaks to it (`run`): its flash a folder,
    its clock never set and `up` seconds since power-on; every command kept."""

    def __init__(self, folder, up, answers=True):
        self.folder, self.up, self.answers, self.calls = folder, up, answers, []

    def path(self, p):
        return self.folder / p[1:].split("/", 2)[-1]  # ":/data/x" is the folder's x

    def run(self, cmd, timeout):
        import shutil
        import subprocess

        self.calls.append(cmd)
        assert cmd[:3] == ["mpremote", "connect", "port"]
        steps, step = [], []
        for a in cmd[3:]:
            if a == "+":
                steps.append(step)
                step = []
            else:
                step.append(a)
        steps.append(step)
        out = ""
        for s in steps:
            if not self.answers:
                return subprocess.CompletedProcess(cmd, 1, "", "no board")
            if s[0] == "exec" and "PAWPAD-CLOCK" in s[1]:
                out += "PAWPAD-CLOCK 2021 %d\n" % self.up
                on = self.folder / "poweron.log"
                if on.exists():
                    out += "PAWPAD-ON " + on.read_text().strip() + "\n"
            elif s[0] == "cp" and s[1].startswith(":"):
                if not self.path(s[1]).exists():
                    return subprocess.CompletedProcess(cmd, 1, "", "no such file")
                shutil.copy(self.path(s[1]), s[2])
            elif s[0] == "cp":
                shutil.copy(s[1], self.path(s[2]))
            elif s[0] == "exec" and "os.rename" in s[1]:
                old, new, *gone = re.findall(r"'([^']+)'", s[1])
                os.replace(self.path(":" + old), self.path(":" + new))
                for name in gone:  # os.remove, an OSError taken
                    if self.path(":" + name).exists():
                        self.path(":" + name).unlink()
        return subprocess.CompletedProcess(cmd, 0, out, "")


def test_a_pico_met_over_mpremote_gets_its_dates_written_back(tmp_path, monkeypatch):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "history.log").write_text("".join(evening()))
    (flash / "poweron.log").write_text(codec.encode({"on": ON}))
    (flash / "history.idx").write_bytes(b"\0" * 64)  # the old bytes' places
    monkeypatch.setattr(dating, "now", lambda: MET)
    board = Board(flash, 3600)
    got = dating.meet_board(board.run, ["mpremote", "connect", "port"], "/data",
                            str(tmp_path / "work"), "# stop the watchdog\n")
    assert got == (2, 3)
    assert board.calls[0][4].startswith("# stop the watchdog\n")  # before anything else
    lines = (flash / "history.log").read_text().splitlines(True)
    recs = [codec.decode(line[:-1]) for line in lines if "players\"\n" not in line]
    assert recs[4]["end"] == "2026-12-02 20:50:00" and recs[4]["est"] is False
    assert not (flash / "history.log.tmp").exists()
    assert not (flash / "history.idx").exists()  # the box makes it again from the new bytes
    # met again (by another computer, a week later): nothing left to date, nothing written
    monkeypatch.setattr(dating, "now", lambda: MET + datetime.timedelta(days=7))
    before = (flash / "history.log").read_bytes()
    assert dating.meet_board(board.run, ["mpremote", "connect", "port"], "/data",
                             str(tmp_path / "work2")) == (0, 0)
    assert (flash / "history.log").read_bytes() == before
    assert not any("os.rename" in " ".join(c) for c in board.calls[-2:])


def test_a_board_that_does_not_answer_is_left_as_it_was(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "history.log").write_text("".join(evening()))
    before = (flash / "history.log").read_bytes()
    board = Board(flash, 3600, answers=False)
    assert dating.meet_board(board.run, ["mpremote", "connect", "port"], "/data",
                             str(tmp_path / "work")) == (0, 0)
    assert (flash / "history.log").read_bytes() == before
    # no history on the board at all: nothing to date
    (flash / "history.log").unlink()
    assert dating.meet_board(Board(flash, 10).run, ["mpremote", "connect", "port"], "/data",
                             str(tmp_path / "work3")) == (0, 0)
