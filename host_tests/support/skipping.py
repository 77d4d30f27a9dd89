# A test that does not apply to a runtime says so and is counted as skipped, not
# passed: pytest's skip on CPython, and on the MicroPython unix port an exception that
# tools/checks/mprun.py counts apart.
import sys

MICROPYTHON = sys.implementation.name == "micropython"


class Skipped(Exception):
    """Raised by a test that does not apply here (tools/checks/mprun.py counts it)."""


def skip(why):
    if MICROPYTHON:
        raise Skipped(why)
    import pytest

    pytest.skip(why)


def only_micropython(why):
    if not MICROPYTHON:
        skip(why)
