# pytest on CPython: put the firmware, the host tools and the CPython shims on the path.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("firmware", "tools", "tools/install", "tools/bench", "tools/web",
            "tools/checks", "tools/sim", "tools/shims", "boards/pico"):
    path = os.path.join(ROOT, sub)
    if path not in sys.path:
        sys.path.insert(0, path)
