# Byte loops of the display path in machine code: @micropython.viper on MicroPython
# (Thumb on the Pico, x64 on the unix port). On CPython, where there is no emitter,
# importing this module fails and ssd1306.py uses its plain-Python twins of these two
# functions, which give the same results. None allocates.
import micropython


@micropython.viper
def span(a: ptr8, b: ptr8, start: int, n: int) -> int:  # noqa: F821
    """-1 when a[start:start+n] == b[start:start+n]; else (first << 8) | last, the
    offsets from start of the first and the last byte that differ (n <= 256).
    Word by word where both runs are word-aligned and n is a multiple of 4 (a page of
    the panel: 32 compares, not 128); the Cortex-M0+ faults on an unaligned word."""
    i = 0
    j = n - 1
    pa = int(a) + start
    pb = int(b) + start
    if ((pa | pb | n) & 3) == 0:
        wa = ptr32(pa)  # noqa: F821
        wb = ptr32(pb)  # noqa: F821
        m = n >> 2
        k = 0
        while k < m and wa[k] == wb[k]:
            k += 1
        if k == m:
            return -1
        i = k << 2
        k = m - 1
        while wa[k] == wb[k]:
            k -= 1
        j = (k << 2) + 3
    while i < n and a[start + i] == b[start + i]:
        i += 1
    if i == n:
        return -1
    while a[start + j] == b[start + j]:
        j -= 1
    return (i << 8) | j


@micropython.viper
def copy(dst: ptr8, di: int, src: ptr8, si: int, n: int):  # noqa: F821
    """dst[di:di+n] = src[si:si+n], without making a slice; word by word where both
    runs are word-aligned (then the bytes of n's last partial word)."""
    i = 0
    pd = int(dst) + di
    ps = int(src) + si
    if ((pd | ps) & 3) == 0:
        wd = ptr32(pd)  # noqa: F821
        ws = ptr32(ps)  # noqa: F821
        m = n >> 2
        k = 0
        while k < m:
            wd[k] = ws[k]
            k += 1
        i = m << 2
    while i < n:
        dst[di + i] = src[si + i]
        i += 1


@micropython.viper
def gap(a: ptr8, b: ptr8, start: int, first: int, last: int) -> int:  # noqa: F821
    """Between offsets first and last from start (where a and b differ, first <
    last <= 255), the longest run of fours of bytes (offsets 4g to 4g + 3 from start,
    as a window is sent in fours of columns anyway) equal in a and b: (its first
    byte << 8) | its last, or -1 when no four lies wholly between. Two windows in
    place of one across it (show()'s split). Word by word where both are aligned."""
    pa = int(a) + start
    pb = int(b) + start
    aligned = ((pa | pb) & 3) == 0
    wa = ptr32(pa)  # noqa: F821
    wb = ptr32(pb)  # noqa: F821
    best0 = 0
    best1 = -1
    g = (first >> 2) + 1
    m = last >> 2  # the four holding last differs
    run = -1  # the first four of the run of equal ones now, or -1
    while g <= m:
        same = False
        if g < m:
            if aligned:
                same = wa[g] == wb[g]
            else:
                o = start + (g << 2)
                same = a[o] == b[o] and a[o + 1] == b[o + 1] and a[o + 2] == b[o + 2] \
                    and a[o + 3] == b[o + 3]
        if same:
            if run < 0:
                run = g
        elif run >= 0:
            if g - 1 - run > best1 - best0:
                best0 = run
                best1 = g - 1
            run = -1
        g += 1
    if best1 < 0:
        return -1
    return ((best0 << 2) << 8) | ((best1 << 2) + 3)
