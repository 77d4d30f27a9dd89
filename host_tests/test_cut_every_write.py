# The power is cut at every flash operation of a whole Pick-a-Dog game, one run each:
# inside every record written to the log (half of it reaches flash), every file
# rewritten (statistics, set-ups, the history: the temporary file half written),
# every removal and renaming, every entry of the history's index. The box then boots
# again; a game left on flash is
# resumed and ended from its game menu. Whatever the cut, the history then holds
# the game once (its score sheet with it), and the statistics count it once, with
# exactly the STOPs of the events in force: nothing counted twice, nothing lost that
# the log holds. Both runtimes.
from pawpad.app.device import device as device_module
from pawpad.app.shell.game_menu import EndGame
from pawpad.store.files import Storage
from pawpad.store.log import scan, schema
from pawpad.store.records import history_index
from pawpad.store.records.history import read_history
from pawpad.store.session import Session
from pawsim.script import parse
from pawsim.scripts import timed
from support.device import play
from support.navigation import round_keys, top
from support.pick_a_dog import data_with, open_variant


class PowerCut(BaseException):
    """The power failed (not an Exception: nothing in the app may catch it)."""


class Cutting(Storage):
    """The flash, with the power failing at its `cut_at`-th write operation."""

    ops = 0
    cut_at = 0

    def _op(self):
        Cutting.ops += 1
        return Cutting.ops == Cutting.cut_at

    def append_line(self, name, line):
        if self._op():
            with open(self.path(name), "a") as f:
                f.write(line[:len(line) // 2])  # part of the record reached flash
            raise PowerCut()
        Storage.append_line(self, name, line)

    def append_bytes(self, name, data):  # the history's index: an entry half written
        if self._op():
            with open(self.path(name), "ab") as f:
                f.write(data[:len(data) // 2])
            raise PowerCut()
        Storage.append_bytes(self, name, data)

    def write_stream(self, name, binary=False):  # the index made again: its temporary half
        if self._op():
            with open(self.path(name + ".tmp"), "wb") as f:
                f.write(b"\x00" * 40)
            raise PowerCut()
        return Storage.write_stream(self, name, binary)

    def write_text(self, name, text):
        if self._op():
            with open(self.path(name + ".tmp"), "w") as f:
                f.write(text[:len(text) // 2])
            raise PowerCut()
        Storage.write_text(self, name, text)

    def copy_bytes(self, src, dst, n):
        if self._op():
            raise PowerCut()
        Storage.copy_bytes(self, src, dst, n)

    def remove(self, name):
        if self._op():
            raise PowerCut()
        Storage.remove(self, name)

    def keep_aside(self, name):
        if self._op():
            raise PowerCut()
        return Storage.keep_aside(self, name)


def game_keys():
    """Two rounds of Pick-a-Dog for two players, then End game from the game menu."""
    keys, t = round_keys(1900, 1, [2, 1])
    keys += "%d back\n" % (t + 300)  # the round's result seen: back to the board
    more, t = round_keys(t + 500, 2, [1, 2])
    end, t = timed(t + 300, ["back", "back", "up", "up", "ok", "ok"])
    return open_variant(0) + keys + more + end


def play_cut(keys, data, cut_at):
    """Plays `keys` with the power cut at write `cut_at` (0: never); True if cut."""
    Cutting.ops = 0
    Cutting.cut_at = cut_at
    device_module.Storage = Cutting
    try:
        play(keys, data)
    except PowerCut:
        return True
    finally:
        device_module.Storage = Storage
    return False


def stops_in_force(store):
    """{seat: STOPs} among the events in force of the log on flash."""
    if not Session.saved(store) or not scan.has_a_record(store):
        return None
    r = scan.read(store, fast=True)
    s = Session(store, r.head, r.timeline, r.state, r.size)
    seats = {}
    caller = None
    for e in s.events():  # a STOP counts once its examination has a verdict
        if e["t"] == "stop":
            caller = e.get("seat")
        elif e["t"] == "result" and "right" in e and caller is not None:
            seats[caller] = seats.get(caller, 0) + 1
            caller = None
    return seats


def recover(data):
    """Boots again; a game still on flash is resumed and ended from its game menu."""
    p = play("1600 end", data)
    if top(p) == "resume":
        p = play("1700 ok\n1800 end", data)
        # End game, as the game menu's last row opens it (BACK reaches the game menu
        # from some screens only: the examination takes BACK as its own)
        p.dev.app.nav.push(EndGame(p.dev.app.game))
        p.play(parse("1900 ok\n2000 end"))
    assert top(p) == "menu", top(p)
    return p


def test_a_cut_at_any_flash_write_neither_loses_nor_doubles_the_game():
    keys = game_keys()
    data = data_with('{"players": 2}')
    assert not play_cut(keys, data, 0)
    writes = Cutting.ops
    assert writes >= 8, writes  # the log begun, its records, history, statistics, removal
    whole = read_history(Storage(data))
    assert len(whole) == 1 and whole[0]["scores"][0] > 0
    checked = 0
    for cut in range(1, writes + 1):
        data = data_with('{"players": 2}')
        assert play_cut(keys, data, cut), cut
        store = Storage(data)
        before = read_history(store)
        stops = stops_in_force(store)
        p = recover(data)
        games = read_history(store)
        ids = [g["id"] for g in games]
        assert len(ids) == len(set(ids)), (cut, ids)  # never twice
        stats = p.dev.app.stats
        if not games:  # the cut came before the game's log was begun: no game at all
            assert stops is None and before == [], cut
            continue
        assert len(games) == 1, (cut, games)
        # written before the cut or at the ending after it, the record keeps the rounds
        # the log held: its score sheet ends at its final scores
        sheet = games[0].get("sheet")
        if games[0]["scores"] != [0, 0]:
            assert sheet["rows"][-1][1] == games[0]["scores"], (cut, games)
        assert not Session.saved(store), cut
        for colour in ("Red", "Blue"):
            assert stats[colour]["games"] == 1, (cut, colour, stats)
        if stops is not None and not before:
            # the game was on flash and not yet in the history: its STOPs, once each
            for seat, colour in ((0, "Red"), (1, "Blue")):
                assert stats[colour]["stops"] == stops.get(seat, 0), (cut, stats, stops)
        # the history's index agrees with it: as the boot made or caught it up, it is
        # what a reading of the whole history makes
        kept = open(store.path(history_index.INDEX), "rb").read()
        store.remove(history_index.INDEX)
        history_index.current(store)
        assert open(store.path(history_index.INDEX), "rb").read() == kept, cut
        checked += 1
    assert checked >= writes // 2
    # and the records on flash are all whole after each recovery
    with store.open_text("history.log") as f:
        reader = schema.Reader(skip=True)
        assert len(list(reader.read(f))) == 1 and reader.skipped == 0
