# pytest on CPython: put the firmware, the host tools and the CPython shims on the path.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("firmware", "tools", "tools/install", "tools/bench", "tools/web",
            "tools/checks", "tools/sim", "tools/shims", "boards/pico"):
    path = os.path.join(ROOT, sub)
    if path not in sys.path:
        sys.path.insert(0, path)


# `make check` runs pytest -m "not slow": the tests host_tests/slow.py lists are marked
# slow here, so that one list serves both runtimes (mprun.py --quick reads it too).
def pytest_configure(config):
    config.addinivalue_line("markers", "slow: listed in host_tests/slow.py (make test only)")


def pytest_collection_modifyitems(config, items):
    import pytest
    from slow import is_slow

    for item in items:
        name = getattr(item, "originalname", None) or item.name
        if is_slow(item.path.stem, name):
            item.add_marker(pytest.mark.slow)
