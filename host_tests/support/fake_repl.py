# A MicroPython board's REPL on a pseudo-terminal, for the tools that end a session
# with the box (tools/install/boxlink.py): a serial port the tools open by its path, as
# they open a Pico's. It keeps to what MicroPython's pyexec and the rp2 port's main do
# with the control characters, and no kinder:
#   friendly REPL: Ctrl-A raw REPL; Ctrl-B the banner again; Ctrl-C a new prompt;
#     Ctrl-D a soft reset, which runs main.py (the app runs: `started` counts it)
#   raw REPL: Ctrl-B back to the friendly REPL; Ctrl-C and \r forgotten; Ctrl-D a soft
#     reset that does NOT run main.py (it comes back to the raw REPL)
#   the app running: only Ctrl-C reaches it (it stops, to the friendly REPL); any other
#     byte is the app's stdin
#   a soft reset keeps the clock; a hard reset (`hard_reset()`) starts it at 2021.
# `mute`: a board that never answers (unplugged, or a firmware that hangs).
import os
import pty
import threading
import tty

BANNER = (b"MicroPython v1.28.0 on 2026-01-01; Raspberry Pi Pico with RP2040\r\n"
          b"Type \"help()\" for more information.\r\n>>> ")
RAW = b"raw REPL; CTRL-B to exit\r\n>"


class FakeRepl:
    def __init__(self, mode="friendly", mute=False):
        self.master, slave = pty.openpty()
        tty.setraw(slave)
        self.path = os.ttyname(slave)
        self._slave = slave
        self.mode = mode  # "friendly", "raw" or "app"
        self.mute = mute
        self.started = 0  # times main.py was run by a soft reset
        self.clock_set = True  # mpremote's rtc --set came before (the tools' order)
        self.got = b""
        self._stop = False
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def hard_reset(self):
        self.clock_set = False
        self.mode = "app"
        self.started += 1

    def _say(self, data):
        if not self.mute:
            os.write(self.master, data)

    def _byte(self, c):
        if self.mode == "app":
            if c == 3:
                self.mode = "friendly"
                self._say(b"Traceback (most recent call last):\r\nKeyboardInterrupt: \r\n"
                          + BANNER)
            return
        if self.mode == "raw":
            if c == 2:
                self.mode = "friendly"
                self._say(b"\r\n" + BANNER)
            elif c == 4:
                self._say(b"OK\r\nMPY: soft reboot\r\n" + RAW)
            return
        if c == 1:
            self.mode = "raw"
            self._say(b"\r\n" + RAW)
        elif c == 2:
            self._say(b"\r\n" + BANNER)
        elif c == 3:
            self._say(b"\r\n>>> ")
        elif c == 4:
            self._say(b"\r\nMPY: soft reboot\r\n")
            self.mode = "app"
            self.started += 1
        elif c == 13:
            self._say(b"\r\n>>> ")

    def _serve(self):
        while not self._stop:
            try:
                data = os.read(self.master, 64)
            except OSError:
                return
            self.got += data
            for c in data:
                self._byte(c)

    def close(self):
        self._stop = True
        for fd in (self._slave, self.master):
            try:
                os.close(fd)
            except OSError:
                pass
