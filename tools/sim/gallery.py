# Prints every screen's frame as hex (one line a screen), or writes PNGs with --png DIR.
# Runs on CPython and on the MicroPython unix port; the test compares the two.
import sys

from pawsim import gallery

if len(sys.argv) > 2 and sys.argv[1] == "--png":
    from pawsim.png import write_panel_png

    for name, frame in gallery.render_all().items():
        write_panel_png(sys.argv[2] + "/" + name + ".png", frame)
else:
    gallery.main()
