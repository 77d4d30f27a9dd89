# When a game was played (issue 25): the box has no battery clock, so a game keeps its
# start and end only when the clock is known to be set (mpremote sets it: make flash,
# report, roster, export); otherwise the history keeps only the game's time on the box.
# Both runtimes.
from pawpad.app.device.device import Device
from pawpad.store import power_on
from pawpad.store.files import Storage
from pawpad.store.log import codec, schema
from pawpad.store.records.history import read_history
from pawpad.store.session import LOG
from pawsim import board as simboard
from pawsim.script import Player, parse
from support.games import OPEN_TOP_DOGS, round_keys, three_players


def test_a_stamp_is_the_clock_to_the_second_or_nothing():
    assert schema.stamp((2026, 12, 2, 20, 5, 9, 2, 336)) == "2026-12-02 20:05:09"
    assert schema.stamp((2021, 1, 1, 0, 0, 4, 4, 1)) is None  # the rp2 port's start
    assert schema.stamp((2024, 12, 31, 23, 59, 59, 1, 366)) is None
    assert schema.stamp_ok("2026-12-02 20:05:09")
    for bad in ("2026-12-02T20:05:09", "2026-12-2 20:05:09", "2026-12-02 20:05:0x",
                "2026-12-02 20:05:09 ", "2026-12-02", "", None, 20261202, ["2026"],
                "\uff12026-12-02 20:05:09"[:19]):
        assert not schema.stamp_ok(bad), bad


def test_a_damaged_time_in_a_header_or_a_record_is_refused():
    head = schema.header("top_dogs", 3, {}, None, "abc", None, "2026-12-02 20:05:09")
    assert schema.check_head(head) is None
    head["start"] = "yesterday"
    assert schema.check_head(head) == "has a bad start"
    rec = {"game": "top_dogs", "players": 2, "scores": [1, 2], "winners": [1],
           "start": "2026-12-02 20:05:09", "end": "2026-12-02 20:35:10"}
    assert schema.check_summary(rec) is None
    for k in ("start", "end"):
        assert schema.check_summary(dict(rec, **{k: 1733170000})) == "has a bad " + k


def play_at(times, script, data):
    """Plays `script` on a box whose clock reads each of `times` in turn, the last
    from then on (None: never set)."""
    read = []

    class Clocked(Device):
        def clock(self):
            if not hasattr(self, "app"):  # the box's start: the clock as the game finds it
                return times[0]
            read.append(1)
            return times[min(len(read), len(times)) - 1]

    world = simboard.World(simboard.Clock(True), True, True)
    p = Player(world, simboard.build(world, data), Clocked, "/tmp")
    p.play(parse(script))
    return p


def whole_game_keys():
    script, t = OPEN_TOP_DOGS, 2100
    for r in range(10):
        keys, t = round_keys(t, ups=(r % 3, 1, 0))
        script += keys
    return script + "%d ok\n%d ok\n" % (t + 300, t + 500)


def test_a_game_keeps_its_start_and_end_when_the_clock_is_set():
    data = three_players()
    play_at(["2026-12-02 20:05:09", "2026-12-02 20:41:30"], whole_game_keys(), data)
    rec = read_history(Storage(data))[-1]
    assert rec["start"] == "2026-12-02 20:05:09" and rec["end"] == "2026-12-02 20:41:30"
    assert "date" not in rec and rec["ms"] > 0
    # a clock set at the start: no power-on to date by, and none written
    assert "on" not in rec and "up" not in rec and power_on.read(Storage(data)) is None


def test_each_start_on_a_clock_never_set_is_a_new_power_on():
    data = three_players()
    ids = [play_at([None], "", data).dev.power for _ in range(3)]
    assert len(set(ids)) == 3 and all(power_on.id_ok(i) for i in ids)
    assert power_on.read(Storage(data)) == ids[-1]
    # a damaged record of it is no id (a game is then dated as estimated)
    Storage(data).write_text(power_on.RECORD, codec.encode({"on": "zz"}))
    assert power_on.read(Storage(data)) is None
    Storage(data).write_text(power_on.RECORD, "garbage")
    assert power_on.read(Storage(data)) is None
    rec = {"game": "top_dogs", "players": 2, "scores": [1, 2], "on": ids[0], "up": 5,
           "est": False, "left": [0, 3]}
    assert schema.check_summary(rec) is None
    for k, bad in (("on", "ABCDEF12"), ("on", 7), ("up", -1), ("up", "5"), ("est", 1),
                   ("left", [1]), ("left", [0, -1]), ("left", "03")):
        assert schema.check_summary(dict(rec, **{k: bad})) == "has a bad " + k, (k, bad)


def test_a_game_on_a_clock_never_set_keeps_its_time_played_only():
    data = three_players()
    p = play_at([None], whole_game_keys(), data)
    rec = read_history(Storage(data))[-1]
    assert "start" not in rec and "end" not in rec and "date" not in rec
    assert rec["ms"] > 0 and rec["scores"] == [3, 4, 3]
    # the power-on it was played in (written at the box's start) and the seconds since
    # it: what the computer that meets the box dates it by (tools/install/dating.py)
    assert rec["on"] == power_on.read(Storage(data)) == p.dev.power
    assert isinstance(rec["up"], int) and rec["up"] >= 0
    # the History screen says so (from the menu's cursor on Top Dogs, History is four
    # rows down; OK on the newest game)
    t = p.t + 100
    p.play(parse("".join("%d %s\n" % (t + 100 * i, k) for i, k in enumerate(
        ["down"] * 4 + ["ok", "ok", "end"]))))
    assert p.dev.app.top.name == "notice"
    assert p.dev.app.top.lines[:2] == ["date unknown", "under a minute"]


def test_the_clock_set_during_a_game_gives_its_end_only():
    data = three_players()
    play_at([None, "2026-12-02 21:00:00"], whole_game_keys(), data)
    rec = read_history(Storage(data))[-1]
    assert "start" not in rec and rec["end"] == "2026-12-02 21:00:00"


def test_the_start_is_in_the_logs_first_line_which_a_resumed_game_reads():
    data = three_players()
    # the game opened, then the power goes before its end
    play_at(["2026-12-02 20:05:09"], OPEN_TOP_DOGS + "2200 end\n", data)
    store = Storage(data)
    head = codec.decode(store.read_text(LOG, 4096).split("\n")[0])
    assert head["start"] == "2026-12-02 20:05:09"


def test_the_history_shows_a_date_a_computer_gave_as_it_was_given():
    from pawpad.store.records.history import when

    exact = {"start": "2026-12-02 20:39:56", "end": "2026-12-02 20:50:00", "est": False}
    assert when(exact) == "2026-12-02 20:39"
    # estimated: played in a power-on before the one the computer met, so its day only
    assert when(dict(exact, start="2026-12-02 00:00:01", est=True)) == "about 2026-12-02"
    assert when({"on": "0a1b2c3d", "up": 5}) is None
