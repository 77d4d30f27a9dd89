# cpython only: `make roster` (tools/install/roster.py) puts names onto the box as the
# box checks them, keeps who sits where for the names that stay, and says what it
# refused; over mpremote it copies players.json (to players.json.tmp, then renamed),
# sets the box's clock and starts the box again.
import binascii
import json

from install import roster as tool
from support.fake_repl import FakeRepl


def test_names_added_and_removed_in_a_folder(tmp_path, capsys):
    data = tmp_path / "box"
    assert tool.main(["--data", str(data), "--add", "Ann, Bob,Cy"]) == 0
    assert json.loads((data / "players.json").read_text())["names"] == ["Ann", "Bob", "Cy"]
    (data / "players.json").write_text(json.dumps({"names": ["Ann", "Bob", "Cy"],
                                                   "seats": ["Cy", "Ann"]}))
    assert tool.main(["--data", str(data), "--remove", "Ann", "--add", "Sebastian,Red,Di"]) == 1
    out = capsys.readouterr().out
    assert "Sebastian: Not a name" in out and "Red: Not a name" in out
    assert json.loads((data / "players.json").read_text()) == {
        "names": ["Bob", "Cy", "Di"], "seats": ["Cy", None]}


def test_a_damaged_roster_on_the_box_is_started_afresh(tmp_path, capsys):
    data = tmp_path / "box"
    data.mkdir()
    (data / "players.json").write_text("{not json")
    assert tool.main(["--data", str(data), "--add", "Ann"]) == 1
    assert "starting a new one" in capsys.readouterr().out
    assert json.loads((data / "players.json").read_text())["names"] == ["Ann"]


def test_over_mpremote_it_copies_sets_the_clock_and_starts_the_box_again(tmp_path,
                                                                          monkeypatch):
    calls = []

    class Done:
        returncode = 0
        stdout = "roster: hex " + binascii.hexlify(b'{"names": ["Ann"], "seats": ["Ann"]}').decode()
        stderr = ""

    dated = []

    def run(cmd, **kw):
        if "PAWPAD-CLOCK" in " ".join(cmd) or ":/data/history.log" in cmd:
            dated.append(len(calls))  # the history dated (install/dating.py): its own test
            return Done()
        calls.append(cmd)
        if "cp" in cmd:
            calls.append(json.loads(open(cmd[cmd.index("cp") + 1]).read()))
        return Done()

    monkeypatch.setattr(tool.subprocess, "run", run)
    repl = FakeRepl()
    try:
        assert tool.main(["--port", repl.path, "--mpremote", "mp", "--add", "Bob"]) == 0
        assert dated == [0, 0]  # before anything sets the box's clock
        cp = calls[1]
        assert cp[:3] == ["mp", "connect", repl.path] and cp[-2:] == ["rtc", "--set"]
        # written whole: into players.json.tmp, then renamed (a boot removes a .tmp left)
        assert cp[cp.index("cp") + 2] == ":/data/players.json.tmp"
        renames = cp[cp.index("cp") + 4:]
        assert renames[0] == "exec" and "os.rename('/data/players.json.tmp', " \
            "'/data/players.json')" in renames[1]
        assert calls[2] == {"names": ["Ann", "Bob"], "seats": ["Ann"]}
        assert repl.started == 1 and "reset" not in sum(calls[:2], [])
        # only read: the clock is set and the box started again all the same
        del calls[:]
        assert tool.main(["--port", repl.path, "--mpremote", "mp"]) == 0
        assert len(calls) == 1 and calls[0][-2:] == ["rtc", "--set"] and repl.started == 2
    finally:
        repl.close()


def test_a_damaged_roster_keeps_its_good_names_and_a_copy(tmp_path, capsys):
    data = tmp_path / "box"
    data.mkdir()
    bad = json.dumps({"names": ["Ann", "Ann", "Sebastian", 7, "Bob"], "seats": ["Zed"]})
    (data / "players.json").write_text(bad)
    assert tool.main(["--data", str(data), "--add", "Cy"]) == 1  # it says what it did
    out = capsys.readouterr().out
    assert "a new one with its good names, Ann, Bob" in out and "kept as players.json.bad" in out
    assert json.loads((data / "players.json").read_text()) == {
        "names": ["Ann", "Bob", "Cy"], "seats": []}
    assert (data / "players.json.bad").read_text() == bad  # the damaged one, as it was


def test_a_name_that_begins_with_a_dash_is_a_name(tmp_path):
    data = tmp_path / "box"
    # as make roster passes it (--add="$(ADD)"): argparse takes "-A1" as the value
    assert tool.main(["--data", str(data), "--add=-A1,Bo"]) == 0
    assert json.loads((data / "players.json").read_text())["names"] == ["-A1", "Bo"]
    assert tool.main(["--data", str(data), "--remove=-A1"]) == 0
    assert json.loads((data / "players.json").read_text())["names"] == ["Bo"]


def test_the_short_names_people_chose_stay(tmp_path):
    data = tmp_path / "box"
    data.mkdir()
    (data / "players.json").write_text(json.dumps({
        "names": ["Anna", "Annie"], "seats": ["Annie"], "short": {"Annie": "Ai", "Anna": "An"}}))
    assert tool.main(["--data", str(data), "--remove", "Anna", "--add", "Bob"]) == 0
    assert json.loads((data / "players.json").read_text()) == {
        "names": ["Annie", "Bob"], "seats": ["Annie"], "short": {"Annie": "Ai"}}
