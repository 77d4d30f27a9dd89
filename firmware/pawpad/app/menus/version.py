# What the box says it is: the About screen and the boot screen.
import sys

from pawpad import VERSION


def version_line():
    return "Pawpad " + VERSION


def runtime_name():
    impl = sys.implementation.name
    if impl == "micropython":
        return "MicroPython %d.%d.%d" % sys.implementation.version[:3]
    return impl
