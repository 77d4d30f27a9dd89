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
from helpers import ROOT


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
    words = {pins.WATCHDOG_SCRATCH0: pins.RESTART_MARK}
    # the chip's last reset was its watchdog's: the mark says this start is not a hang
    assert board.cause_of_boot(words, lambda: machine.WDT_RESET) == "restart"
    assert words[pins.WATCHDOG_SCRATCH0] == 0  # taken off: a later hang is a hang
    assert board.cause_of_boot(words, lambda: machine.WDT_RESET) == "watchdog"
    assert board.cause_of_boot({pins.WATCHDOG_SCRATCH0: 0},
                               lambda: machine.PWRON_RESET) == "power on"
    assert board.cause_of_boot({pins.WATCHDOG_SCRATCH0: pins.RESTART_MARK + 1},
                               lambda: 99) == "reset"


def test_the_tools_leave_the_very_mark_the_board_looks_for():
    sys.path.insert(0, os.path.join(ROOT, "tools", "install"))
    import boxlink

    board, machine = pico_board()
    code = boxlink.SET_CLOCK[1]
    with as_machine(machine):
        impl = types.SimpleNamespace(_machine="Raspberry Pi Pico with RP2040")
        exec(code.replace("sys.implementation", "impl"), {"impl": impl})
    assert board.cause_of_boot(machine.mem32, lambda: machine.WDT_RESET) == "restart"
    assert boxlink.SET_CLOCK[-2:] == ["rtc", "--set"]
