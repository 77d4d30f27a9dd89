# cpython only: every screen drawn by framebuf on MicroPython and by adafruit_framebuf
# on CPython, byte for byte the same.
from pawsim import gallery
from support.unix_port import run_mp


def test_every_screen_has_the_same_bytes_on_both_runtimes():
    r = run_mp(["tools/sim/gallery.py"])
    assert r.returncode == 0, r.stderr
    theirs = dict(line.split(" ") for line in r.stdout.splitlines())
    ours = gallery.render_all()
    assert sorted(theirs) == sorted(ours)
    assert len(ours) >= 8
    for name, frame in ours.items():
        assert bytes.fromhex(theirs[name]) == frame, name
        assert any(frame), name + " is blank"


def test_screens_differ_from_each_other():
    frames = list(gallery.render_all().values())
    assert len(set(frames)) == len(frames)
