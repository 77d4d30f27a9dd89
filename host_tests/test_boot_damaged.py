# Boot reaches the menu whatever is on flash: the real device on the simulated board,
# with each data file damaged in each way (a 0xFF byte, a megabyte, deep nesting,
# records of the wrong shape). The record of the box's own failures is
# test_crash_loop.py's. Both runtimes.
import os

import pins

from pawpad.app.device.device import Device
from pawpad.core import settings as settings_rules
from pawpad.store.files import Storage
from pawpad.store.records.history import HISTORY, read_history
from pawpad.store.records.history_index import INDEX  # derived: made beside the history
from pawpad.store.session import LOG
from pawsim import board as simboard
from pawsim.script import Player, parse
from support.boot import GOOD_GAME, GOOD_HISTORY, press, put
from support.readers import Big, enc, repeat, summary, tempdir, wipe

MB = 1024  # pieces of 1 KB


def boot(data, problems=()):
    world = simboard.World(simboard.Clock(True), True, True)
    world.held_at_boot = ()
    hw = simboard.build(world, data)
    hw.problems.extend(problems)
    p = Player(world, hw, Device, "/tmp")
    p.play(parse("1600 end"))
    return p


def to_menu(p):
    """From what the boot shows (notices, a saved game) to the main menu: notices are
    read, a saved game is put in the history."""
    for _ in range(8):
        top = p.dev.app.top
        if top.name == "menu":
            return
        if top.name == "resume" and top.session is not None:
            press(p, "back", "ok")  # start over: the game goes to the history
        else:
            press(p, "ok")
    raise AssertionError("not at the menu: " + p.dev.app.top.name)


def look_at_history(p):
    """The History screen and the newest game in it (the screens that crashed)."""
    press(p, "up", "up", "up", "ok")
    assert p.dev.app.top.name == "history"
    press(p, "ok", "back", "back")
    assert p.dev.app.top.name == "menu"


NESTED = b"[" * 5000 + b"]" * 5000

CASES = {
    "settings.json": [
        b'{"players": 3, "volume": \xff40}', b"\xff",
        Big(repeat, b" " * 1024, MB, b'{"players": 3', b"}"),
        Big(repeat, b"[" * 1024, 256), b"[" * 2000 + b"]" * 2000,
        b'{"players": 4.0, "volume": 1e400, "colours": "Red", "sound": 1}',
        b'{"brightness": 99999999999999999999, "tie_rule": ["again"], "tie_us": NaN}',
        b"[1, 2]", b"null", b"5",
    ],
    "setups.json": [
        b'{"top_dog": {\xff}}', b"\xff", Big(repeat, b" " * 1024, MB, b"{", b"}"),
        Big(repeat, b"[" * 1024, MB), NESTED, b'{"top_dog": 5}', b"[1]", b"1e400",
    ],
    "players.json": [
        b'{"names": ["Ann", \xff"Bob"]}', b"\xff",
        Big(repeat, b" " * 1024, MB, b'{"names": [', b"]}"),
        Big(repeat, b"[" * 1024, MB), NESTED, b'{"names": ["Ann"], "seats": 1e400}',
        b'{"names": [NaN], "seats": ["Ann", "Ann"]}', b'{"names": ["Ann"] * 3}', b"[1]",
        b"null",
    ],
    "stats.json": [
        b'{"Red": {"stops": \xff1}}', b"\xff", Big(repeat, b" " * 1024, MB, b"{", b"}"),
        Big(repeat, b"{\"a\":" * 256, MB), NESTED, b"[1]",
        b'{"Red": {"right": "x", "fastest_ms": 1e400}, "solo_best": "x"}',
    ],
    HISTORY: [
        GOOD_HISTORY[:30] + b"\xff" + GOOD_HISTORY[31:], GOOD_HISTORY + b"\xff" * 64,
        Big(repeat, b"\xfe" * 1024, MB, GOOD_HISTORY, b"\n" + GOOD_HISTORY),
        Big(repeat, b"h" * 1024, MB, GOOD_HISTORY),
        GOOD_HISTORY + enc({"e": {"deep": 1}}).replace(b'{"deep": 1}', b"[" * 900 + b"]" * 900),
        GOOD_HISTORY + enc([1, 2, 3]) + enc(dict(summary(5), ms="x")) +
        enc(dict(summary(6), scores=["x", 1, 2])) + enc(None) + GOOD_HISTORY,
    ],
    LOG: [
        GOOD_GAME[:200] + b"\xff" + GOOD_GAME[201:], GOOD_GAME + b"\xff" * 4096,
        GOOD_GAME + b"\x00\x01\xfe\n\x80binary\n\xff",
        Big(repeat, b"l" * 1024, MB, GOOD_GAME), Big(repeat, b"l" * 1024, MB, b"", b"\n"),
        GOOD_GAME + enc(5), GOOD_GAME + enc({"fix": 0}), GOOD_GAME + enc({"undo": 1, "ms": "x"}),
        GOOD_GAME + enc(None), GOOD_GAME + enc({"e": {"t": "teams"}, "ms": 1.5}),
        b"[" * 3000 + b"\n" + GOOD_GAME, enc({"game": "chess", "players": 3}) + GOOD_GAME,
        b"\xff" * 4096,
    ],
}


def boot_with(name, content):
    """Boots with one damaged file; returns None, or what went wrong."""
    data = tempdir("boot")
    try:
        put(data, name, content)
        try:
            p = boot(data)
            assert p.dev.app.nav.stack[0].name == "menu"
            to_menu(p)
            look_at_history(p)
        except Exception as e:
            return repr(e)
        s = p.dev.settings
        for k in s:
            assert settings_rules.check(k, s[k]) == s[k]
        assert not Storage(data).exists(LOG)  # resumed into the history, or kept aside
        assert [n for n in os.listdir(data) if not n.startswith(name) and
                n not in (HISTORY, INDEX, "settings.json", "stats.json")] == [], \
            os.listdir(data)
        return None
    finally:
        wipe(data)


def test_boot_reaches_the_menu_whatever_one_file_holds():
    failed = []
    for name in CASES:
        for i, content in enumerate(CASES[name]):
            why = boot_with(name, content)
            if why is not None:
                failed.append("%s case %d: %s" % (name, i, why))
    assert not failed, "%d of %d: %s" % (len(failed), sum(len(CASES[n]) for n in CASES),
                                         "; ".join(failed))


def test_a_damaged_history_does_not_stop_the_end_of_a_game():
    data = tempdir("boot")
    try:
        put(data, HISTORY, GOOD_HISTORY[:30] + b"\xff" + GOOD_HISTORY[31:] +
            enc(dict(summary(7), ms="x")))
        put(data, LOG, GOOD_GAME)
        p = boot(data)
        to_menu(p)  # the saved game goes to the history
        assert not Storage(data).exists(LOG)  # not offered again at the next boot
        assert [g.get("n") for g in read_history(Storage(data))] == [1, 2, None]
        with open(data + "/" + HISTORY, "rb") as f:
            assert b'"abandoned": true' in f.read()
        assert Storage(data).exists(HISTORY + ".bad")  # the damaged file, kept whole
    finally:
        wipe(data)


def test_the_boot_files_are_what_the_app_reads():
    from pawpad.store import crashes
    from pawpad.store.catalogues import roster
    from pawpad.store.files import SETTINGS
    from pawpad.store.log import readback
    from pawpad.store.records import stats

    # every file the app reads whole or by lines is one a crash may implicate
    assert {SETTINGS, stats.SETUPS, stats.STATS, HISTORY, LOG, roster.ROSTER, readback.SHEET,
            readback.DRAFT, readback.TIMER} <= set(crashes.FILES)
    assert pins.PLAYERS  # the simulated board's wiring is the Pico's




def _index_cases(data):
    """Bytes an index beside GOOD_HISTORY may hold: none of them the history's own."""
    from pawpad.store.records import history_index as hi

    store = Storage(data)
    put(data, HISTORY, GOOD_HISTORY)
    hi.current(store)
    with open(store.path(INDEX), "rb") as f:
        made = f.read()
    first = hi.unpack(made[:hi.ENTRY])
    return made, [b"", b"\xff" * 64, b"\x00" * 64 * 3, made[:-1], made + made[:64],
                  made[64:], hi.moved(first, 1 << 30, 1, 0) + made[64:],
                  made[:64] + hi.moved(first, 7, 2, 0) + made[128:],
                  bytes(range(256)) * 3, made[:100] + b"\xfe" + made[101:]]


def test_any_bytes_in_the_history_index_are_made_again_at_boot():
    made, cases = _index_cases(tempdir("index"))
    for i, content in enumerate(cases):
        data = tempdir("boot")
        try:
            put(data, HISTORY, GOOD_HISTORY)
            put(data, INDEX, content)
            p = boot(data)
            to_menu(p)
            look_at_history(p)
            with open(data + "/" + INDEX, "rb") as f:
                assert f.read() == made, i
            assert read_history(Storage(data)) == read_history(Storage(data))
        finally:
            wipe(data)
