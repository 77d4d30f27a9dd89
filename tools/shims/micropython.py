# CPython stand-in for MicroPython's `micropython` module, so firmware imports on the host.
# Only what the firmware uses; on MicroPython the real module is built in and this file
# is never on the path.


def const(value):
    return value


def schedule(func, arg):
    func(arg)


def heap_lock():
    return 0


def heap_unlock():
    return 0


def alloc_emergency_exception_buf(size):
    pass
