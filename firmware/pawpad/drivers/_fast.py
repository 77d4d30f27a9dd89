# Byte loops of the display path in machine code: @micropython.viper on MicroPython
# (Thumb on the Pico, x64 on the unix port). On CPython, where there is no emitter,
# importing this module fails and ssd1306.py uses its plain-Python twins of these two
# functions, which give the same results. Neither allocates.
import micropython


@micropython.viper
def span(a: ptr8, b: ptr8, start: int, n: int) -> int:  # noqa: F821
    """-1 when a[start:start+n] == b[start:start+n]; else (first << 8) | last, the
    offsets from start of the first and the last byte that differ (n <= 256)."""
    i = 0
    while i < n and a[start + i] == b[start + i]:
        i += 1
    if i == n:
        return -1
    j = n - 1
    while a[start + j] == b[start + j]:
        j -= 1
    return (i << 8) | j


@micropython.viper
def copy(dst: ptr8, di: int, src: ptr8, si: int, n: int):  # noqa: F821
    """dst[di:di+n] = src[si:si+n], without making a slice."""
    i = 0
    while i < n:
        dst[di + i] = src[si + i]
        i += 1
