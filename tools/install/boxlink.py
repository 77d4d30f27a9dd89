# How a session with the box over mpremote ends (make flash, report, roster, export):
# the box's clock set from the computer's, and the app started again without losing it.
#
# mpremote stops the app to reach the REPL. Its `reset` would start the app again with
# a hard reset, which also starts the RP2040's clock again at 2021-01-01 (and, being
# the watchdog's, has the box say it hung): the games of the evening would have no
# times. So the last mpremote commands mark the restart and set the clock (SET_CLOCK),
# and then restart() gives the REPL a soft reset from the friendly REPL:
# MicroPython runs main.py after a soft reset only from there (from the raw REPL
# mpremote leaves it in, it would not), and a soft reset keeps the clock.
import time

import pins  # boards/pico/pins.py, a module of the host package

# The restart's mark (pins.RESTART_MARK), left where the box looks for it as it starts
# (boards/pico/board.py: cause_of_boot): it then goes on with its game as it was, and
# does not take the chip's last reset cause (a watchdog's, say) for this start's.
MARK = ("import sys\n"
        "if 'RP2040' in sys.implementation._machine:\n"
        "    from machine import mem32\n"
        "    mem32[%d] = %d\n" % (pins.WATCHDOG_SCRATCH0, pins.RESTART_MARK))
# The last mpremote commands of a session with the box: the mark, and its clock set
# from the computer's.
SET_CLOCK = ["exec", MARK, "+", "rtc", "--set"]
CTRL_C, CTRL_B, CTRL_D = b"\x03", b"\x02", b"\x04"
PROMPT = b">>> "  # the friendly REPL waits for a line
REBOOTED = b"soft reboot"  # MicroPython's word as a soft reset begins (MPY: soft reboot)
SHORTCUTS = {"a%d" % i: "/dev/ttyACM%d" % i for i in range(4)}
SHORTCUTS.update({"u%d" % i: "/dev/ttyUSB%d" % i for i in range(4)})
SHORTCUTS.update({"c%d" % i: "COM%d" % i for i in range(4)})


class LinkError(Exception):
    pass


def device(port, comports=None):
    """The serial device (or pyserial URL, socket://host:port) mpremote's `connect PORT`
    reaches: `auto` is the first USB serial port, as mpremote picks it."""
    if port in SHORTCUTS:
        return SHORTCUTS[port]
    if port.startswith("port:"):
        return port[5:]
    if port == "auto" or port.startswith("id:"):
        if comports is None:
            from serial.tools.list_ports import comports
        for p in sorted(comports()):
            if (p.serial_number == port[3:]) if port.startswith("id:") else (
                    p.vid is not None and p.pid is not None):
                return p.device
        raise LinkError("no board found on %s" % port)
    return port


def _until(ser, want, timeout):
    """Reads until `want` has come (True) or `timeout` seconds have passed (False)."""
    seen = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        chunk = ser.read(256)
        if chunk:
            seen = (seen + chunk)[-512:]
            if want in seen:
                return True
    return False


def restart(port, timeout=10.0, opener=None):
    """The app started again on the board at `port`, its clock kept: whatever runs is
    stopped (Ctrl-C), the friendly REPL reached (Ctrl-B, until its prompt), and a soft
    reset asked there (Ctrl-D), which runs main.py. LinkError when the board does not
    answer. `opener`: a function of the device giving the serial port (tests)."""
    if opener is None:
        import serial

        def opener(dev):
            return serial.serial_for_url(dev, baudrate=115200, timeout=0.1)

    ser = opener(device(port))
    try:
        ser.write(b"\r" + CTRL_C + CTRL_C)
        ser.write(b"\r" + CTRL_B)
        if not _until(ser, PROMPT, timeout):
            raise LinkError("the board on %s did not come to its REPL" % port)
        ser.write(CTRL_D)
        if not _until(ser, REBOOTED, timeout):
            raise LinkError("the board on %s did not start again" % port)
    finally:
        ser.close()
