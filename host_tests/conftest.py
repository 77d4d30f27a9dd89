# pytest on CPython. The firmware and the host package (tools/pyproject.toml) are
# installed in the venv (make venv); tools/shims and boards/pico go first by the root
# pyproject.toml's [tool.pytest.ini_options]. Every unix port a test starts gets its
# module path from MICROPYPATH, set here unless make set it (tools/sim/unixport.py).
import pytest

from sim import unixport

unixport.set_environ()
# The helpers' asserts (host_tests/support) say what they compared, as the tests' do.
pytest.register_assert_rewrite("support")


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
