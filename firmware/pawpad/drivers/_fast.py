# Byte loops of the display path in machine code: @micropython.viper on MicroPython
# (Thumb on the Pico, x64 on the unix port). On CPython, where there is no emitter,
# importing this module fails and ssd1306.py uses its plain-Python twins of these two
# functions, which give the same results. Neither allocates.
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
