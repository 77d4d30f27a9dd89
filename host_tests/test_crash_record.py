# The crash record against a stranger's attacks: boots after a set-aside set nothing
# more aside, a cut inside a set-aside sets nothing more aside, two different failures
# are not the same one twice, `where` is total whatever an exception's message holds,
# and the store's tidy-up and Set aside list leave alone names and folders that are not
# theirs. Both runtimes.
import os

import main

from pawpad.app.shell.app import App
from pawpad.store import crashes
from pawpad.store.files import Storage
from support.crash import Board, PowerCut, crash_in, good_files, plays, run_main, scripted
from support.readers import tempdir


def rmtree(path):
    for name in os.listdir(path):
        p = path + "/" + name
        if os.stat(p)[0] & 0x4000:
            rmtree(p)
        else:
            os.remove(p)
    os.rmdir(path)


def aside(data):
    return sorted(n for n in os.listdir(data) if ".bad" in n)


def test_clean_boots_after_a_set_aside_set_nothing_more_aside():
    data = tempdir("atk")
    try:
        good_files(data)
        board = Board(data)
        undo = crash_in(App, "tick", lambda a: main.SETTLED[0] and a[0].game is not None)
        try:
            for _ in range(2):
                assert run_main(board, scripted(board, "6000 offer\nok"), 0) is ZeroDivisionError
        finally:
            undo()
        assert run_main(board, plays(board, 6000), 0) is None  # sets game.log aside
        assert aside(data) == ["game.log.bad"]
        for _ in range(3):  # no crash at all from here: power cycles, each past 5 s
            assert run_main(board, plays(board, 6000), 0) is None
        assert aside(data) == ["game.log.bad"], aside(data)  # got history.log.bad too
    finally:
        rmtree(data)


def test_a_cut_in_the_set_aside_sets_nothing_more_aside():
    data = tempdir("atk")
    try:
        good_files(data)
        store = Storage(data)
        for _ in range(2):
            crashes.failed(store, "crash", "app.py:1 E", "stats.json", ["history.log"], True)
        plain = crashes.write

        def cut(st, rec):
            if rec["aside"]:
                raise PowerCut()  # the file renamed, the record not yet written
            return plain(st, rec)

        crashes.write = cut
        try:
            main.boot_begins(store, "power on")
        except PowerCut:
            pass
        finally:
            crashes.write = plain
        main.boot_begins(store, "power on")  # the next boot, no crash between
        assert aside(data) == ["stats.json.bad"], aside(data)  # got history.log.bad too
    finally:
        rmtree(data)


def test_two_different_failures_are_not_the_same_failure_twice():
    data = tempdir("atk")
    try:
        good_files(data)
        store = Storage(data)
        crashes.failed(store, "crash", "stats.py:3 KeyError", "stats.json", [], False)
        assert main.boot_begins(store, "watchdog") == [], aside(data)  # sets game.log aside
    finally:
        rmtree(data)


def test_where_is_total():
    e = ValueError('bad name\nFile "a"')
    try:
        raise e
    except ValueError:
        pass
    assert main.where(e).endswith("ValueError")  # IndexError out of where()


def test_set_aside_lists_any_name():
    data = tempdir("atk")
    try:
        with open(data + "/stats.json.bad\u00b2", "wb") as f:
            f.write(b"{}")
        Storage(data).copies_aside()  # ValueError: int('\u00b2')
    finally:
        rmtree(data)


def test_tidy_removes_no_file_it_did_not_write():
    data = tempdir("atk")
    try:
        with open(data + "/.repair", "wb") as f:
            f.write(b"kept")
        Storage(data).tidy()
        assert ".repair" in os.listdir(data)
    finally:
        rmtree(data)


def test_a_folder_named_restore_does_not_take_a_files_place():
    data = tempdir("atk")
    try:
        good_files(data)
        os.mkdir(data + "/stats.json.restore")
        Storage(data).tidy()
        assert not os.stat(data + "/stats.json")[0] & 0x4000, aside(data)
    finally:
        rmtree(data)
