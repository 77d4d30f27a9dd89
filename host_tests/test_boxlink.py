# cpython only: the end of a session with the box over mpremote (tools/install/boxlink.py):
# the app started again by a soft reset from the friendly REPL, which runs main.py and
# keeps the clock mpremote set, whichever state the board was left in; a board that
# does not answer is said, in bounded time.
import time

import pytest

from install import boxlink
from support.fake_repl import FakeRepl


@pytest.fixture
def repl():
    made = []

    def make(**kw):
        r = FakeRepl(**kw)
        made.append(r)
        return r

    yield make
    for r in made:
        r.close()


@pytest.mark.parametrize("mode", ["friendly", "raw", "app"])
def test_the_app_starts_again_once_with_its_clock_kept(repl, mode):
    # friendly: as mpremote leaves the board; raw: a session cut short; app: running
    board = repl(mode=mode)
    boxlink.restart(board.path, timeout=5)
    assert board.started == 1 and board.mode == "app" and board.clock_set
    # the soft reset was asked only at the friendly REPL's prompt, after Ctrl-B
    assert board.got.index(boxlink.CTRL_B) < board.got.index(boxlink.CTRL_D)
    assert board.got.count(boxlink.CTRL_D) == 1


def test_a_board_that_does_not_answer_is_said_in_bounded_time(repl):
    board = repl(mute=True)
    t = time.monotonic()
    with pytest.raises(boxlink.LinkError, match="did not come to its REPL"):
        boxlink.restart(board.path, timeout=0.5)
    assert time.monotonic() - t < 5
    assert board.got.count(boxlink.CTRL_D) == 0  # nothing asked of a board unheard


def test_the_port_is_the_one_mpremote_connects_to():
    class Port:
        def __init__(self, device, vid, serial):
            self.device, self.vid, self.pid, self.serial_number = device, vid, vid, serial

        def __lt__(self, other):
            return self.device < other.device

    ports = [Port("/dev/ttyS0", None, None), Port("/dev/ttyACM1", 0x2E8A, "E66"),
             Port("/dev/ttyACM0", 0x2E8A, "D00")]
    assert boxlink.device("auto", lambda: ports) == "/dev/ttyACM0"
    assert boxlink.device("id:E66", lambda: ports) == "/dev/ttyACM1"
    assert boxlink.device("a1") == "/dev/ttyACM1"
    assert boxlink.device("port:/dev/ttyX") == "/dev/ttyX"
    assert boxlink.device("socket://127.0.0.1:47001") == "socket://127.0.0.1:47001"
    with pytest.raises(boxlink.LinkError):
        boxlink.device("auto", lambda: ports[:1])
    with pytest.raises(boxlink.LinkError):
        boxlink.device("id:nobody", lambda: ports)
