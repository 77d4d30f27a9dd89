# cpython only: why the Pico's box is starting (boards/pico/board.py: cause_of_boot): the
# mark the computer's tools leave before their soft reset (tools/install/boxlink.py) is
# a restart, read once; without it, the chip's own reset cause. The board module is
# loaded against a stand-in `machine` (the unix port has none to stand in for).
import contextlib
import importlib.util
import os
import sys
import types

import pins

from support.unix_port import ROOT


@contextlib.contextmanager
def as_machine(module):
    """`module` stands in for `machine` while the block runs."""
    saved = sys.modules.get("machine")
    sys.modules["machine"] = module
    try:
        yield module
    finally:
        if saved is None:
            del sys.modules["machine"]
        else:
            sys.modules["machine"] = saved


def pico_board():
    """boards/pico/board.py, loaded against a stand-in `machine` (its mem32 a dict);
    returns (board, machine)."""
    machine = types.ModuleType("machine")
    for name in ("I2C", "PWM", "WDT", "Pin", "bitstream", "disable_irq", "enable_irq",
                 "reset_cause"):
        setattr(machine, name, None)
    machine.PWRON_RESET, machine.WDT_RESET = 1, 3
    machine.mem32 = {}
    with as_machine(machine):
        spec = importlib.util.spec_from_file_location(
            "pico_board", os.path.join(ROOT, "boards", "pico", "board.py"))
        board = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(board)
    return board, machine


def test_the_tools_mark_is_a_restart_once_and_the_chips_cause_otherwise():
    board, machine = pico_board()
    words = {pins.WATCHDOG_SCRATCH0: pins.RESTART_MARK, pins.WATCHDOG_SCRATCH1: 0}
    # the chip's last reset was its watchdog's: the mark says this start is not a hang
    assert board.cause_of_boot(words, lambda: machine.WDT_RESET) == "restart"
    assert words[pins.WATCHDOG_SCRATCH0] == 0  # taken off: a later hang is a hang
    words[pins.WATCHDOG_SCRATCH1] = pins.ARMED_MARK  # the app's watchdog was running
    assert board.cause_of_boot(words, lambda: machine.WDT_RESET) == "watchdog"
    assert words[pins.WATCHDOG_SCRATCH1] == 0  # read once
    # the same cause again without the app's watchdog running: a soft reset at the REPL
    assert board.cause_of_boot(words, lambda: machine.WDT_RESET) == "reset"
    assert board.cause_of_boot({pins.WATCHDOG_SCRATCH0: 0, pins.WATCHDOG_SCRATCH1: 0},
                               lambda: machine.PWRON_RESET) == "power on"
    assert board.cause_of_boot({pins.WATCHDOG_SCRATCH0: pins.RESTART_MARK + 1,
                                pins.WATCHDOG_SCRATCH1: pins.ARMED_MARK},
                               lambda: 99) == "reset"


def test_the_watchdog_marks_itself_armed_and_stopping_it_takes_the_mark_off():
    board, machine = pico_board()
    machine.WDT = lambda timeout: ("wdt", timeout)
    machine.mem32.update({0x40058000: 1 << 30, pins.WATCHDOG_SCRATCH1: 0})
    board.WDT, board.mem32 = machine.WDT, machine.mem32
    assert board._watchdog() == ("wdt", board.WATCHDOG_MS)
    assert machine.mem32[pins.WATCHDOG_SCRATCH1] == pins.ARMED_MARK
    board._stop_watchdog()
    assert machine.mem32[pins.WATCHDOG_SCRATCH1] == 0
    assert machine.mem32[0x40058000] & (1 << 30) == 0


def test_the_tools_leave_the_very_mark_the_board_looks_for():
    from install import boxlink

    board, machine = pico_board()
    code = boxlink.SET_CLOCK[1]
    with as_machine(machine):
        impl = types.SimpleNamespace(_machine="Raspberry Pi Pico with RP2040")
        exec(code.replace("sys.implementation", "impl"), {"impl": impl})
    machine.mem32[pins.WATCHDOG_SCRATCH1] = 0
    assert board.cause_of_boot(machine.mem32, lambda: machine.WDT_RESET) == "restart"
    assert boxlink.SET_CLOCK[-2:] == ["rtc", "--set"]
