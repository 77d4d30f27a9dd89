# The log readers' byte loop in machine code: @micropython.viper on MicroPython (Thumb
# on the Pico, x64 on the unix port). On CPython, where there is no emitter, importing
# this module fails and codec.Depth keeps its plain-Python walk, which says the same
# (host_tests/test_codec_depth.py compares the two on both kinds of input).
# Why: a checkpoint's line is kilobytes of JSON with hundreds of brackets, and its depth
# is checked before json.loads at every reading; walked a byte at a time in bytecode that
# was a large part of a resume on a Pico.
import micropython


@micropython.viper
def depth_walk(data: ptr8, n: int, state: int, limit: int) -> int:  # noqa: F821
    """Walks n JSON bytes from `state` (depth << 3 | too deep << 2 | escaped << 1 |
    quoted); returns the state after them, its bit 2 set (and the walk stopped) once
    the depth passed `limit`. Brackets inside strings do not count."""
    depth = state >> 3
    quoted = state & 1
    escaped = (state >> 1) & 1
    i = 0
    while i < n:
        b = int(data[i])
        if quoted:
            if escaped:
                escaped = 0
            elif b == 0x5C:
                escaped = 1
            elif b == 0x22:
                quoted = 0
        elif b == 0x22:
            quoted = 1
        elif b == 0x5B or b == 0x7B:
            depth += 1
            if depth > limit:
                return (depth << 3) | 4 | (escaped << 1) | quoted
        elif b == 0x5D or b == 0x7D:
            depth -= 1
        i += 1
    return (depth << 3) | (escaped << 1) | quoted
