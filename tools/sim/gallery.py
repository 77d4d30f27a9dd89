# Prints every screen's frame as hex (one line a screen), or writes PNGs with --png DIR.
# Runs on CPython and on the MicroPython unix port; the test compares the two.
import sys

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
for _p in ("/../shims", "/../../firmware", "/..", ""):
    sys.path.insert(0, _HERE + _p)
if sys.implementation.name == "micropython":
    sys.path.remove(_HERE + "/../shims")  # the real micropython module is built in

from pawsim import gallery  # noqa: E402

if len(sys.argv) > 2 and sys.argv[1] == "--png":
    from pawsim.png import write_panel_png

    for name, frame in gallery.render_all().items():
        write_panel_png(sys.argv[2] + "/" + name + ".png", frame)
else:
    gallery.main()
