# The STOP path, measured on the MicroPython unix port for `make bench`: a Pick-a-Dog
# round is played to GO in the simulator, then a player's button is pressed and one
# turn of the device loop runs. Reported: the I2C bytes sent until the caller's name is
# on the panel (and what they take on the bus at 400 kHz and 1 MHz), and the loop's own
# work from the press reaching it to the buzzer starting and to the frame being sent.
import sys
import time

import micropython  # noqa: E402

from pawpad.app.device.device import Device  # noqa: E402
from pawsim import board as simboard  # noqa: E402
from pawsim.script import Player, parse  # noqa: E402

ROUNDS = 15


def mkdir(path):
    import os

    try:
        os.mkdir(path)
    except OSError:
        pass


def one_stop(data, seat):
    world = simboard.World(simboard.Clock(True))
    hw = simboard.build(world, data)
    p = Player(world, hw, Device, data)
    # menu -> Pick-a-Dog -> Pick-a-Dog -> GO, and the countdown runs out
    p.play(parse("1500 ok\n1700 ok\n1900 ok\n5200 end\n"))
    assert p.dev.app.top.name == "pad-live", p.dev.app.top.name
    pwm = hw.buzzer.pwm
    bus0 = world.i2c.bus_bytes
    t0 = time.ticks_us()
    world.player(seat, True)  # the interrupt: time and levels into the ring, the tone
    sounded = time.ticks_us()  # the tone starts in the interrupt (Buzzer.fire), or never
    if not pwm.duty_u16():
        raise SystemExit("bench_stop: the buzzer did not sound in the interrupt")
    # The loop's cycles until the STOP is decided (the tie window) and its name sent.
    for _ in range(50):
        p.dev.cycle(world.clock.ms(), world.clock.us())
        if getattr(p.dev.app.top, "caller", None) is not None:
            break
        world.clock.advance_to(world.clock.ms() + 1)
    t1 = time.ticks_us()
    top = p.dev.app.top
    if getattr(top, "caller", None) != seat:
        raise SystemExit("bench_stop: seat %d pressed, the screen %s says %r" % (
            seat, top.name, getattr(top, "caller", None)))
    name = p.dev.app.seat_name(seat).upper()
    return world.i2c.bus_bytes - bus0, time.ticks_diff(sounded, t0), \
        time.ticks_diff(t1, t0), name


def irq_allocates():
    """Bytes the button interrupt allocates (heap locked: any allocation fails)."""
    world = simboard.World(simboard.Clock(True))
    hw = simboard.build(world, "/tmp")
    micropython.heap_lock()
    try:
        for _ in range(32):
            hw.players.irq(None)
        failed = False
    except MemoryError:
        failed = True
    micropython.heap_unlock()
    return failed


def main():
    data = sys.argv[1] if len(sys.argv) > 1 else "/tmp/pawpad-bench-stop"
    mkdir(data)
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 8}')
    rows = []
    for r in range(ROUNDS):
        for name in ("game.log",):
            try:
                import os

                os.remove(data + "/" + name)
            except OSError:
                pass
        rows.append(one_stop(data, r % 8))
    for nbytes, _sound, _frame, name in rows[:8]:
        print("  %-7s %4d bytes  %5.2f ms at 400 kHz  %5.2f ms at 1 MHz" % (
            name, nbytes, nbytes * 9 / 400.0, nbytes * 9 / 1000.0))
    sound = sorted(r[1] for r in rows)
    frame = sorted(r[2] for r in rows)
    print("  press (the interrupt) -> buzzer on: median %d us, max %d us (game timing)"
          % (sound[len(sound) // 2], sound[-1]))
    print("  press -> STOP decided, its frame sent: median %d us, max %d us (game timing)"
          % (frame[len(frame) // 2], frame[-1]))
    print("  button interrupt under heap_lock: %s" % ("ALLOCATED" if irq_allocates()
                                                       else "allocates nothing"))


main()
