# Byte loops of the display path in machine code: @micropython.viper on MicroPython
# (Thumb on the Pico, x64 on the unix port). On CPython, where there is no emitter,
# importing this module fails and ssd1306.py uses _plain.py's twins of these
# functions, which give the same results. None allocates. No constant beyond 16 bits:
# on the Pico such a constant is read from the code at a 4-byte boundary frozen code
# does not keep (see pawpad/ui/_fast.py; test_viper_constants.py).
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
def stage(tx: ptr8, frame: ptr8, shown: ptr8, plan: ptr8, i: int) -> int:  # noqa: F821
    """The window at plan[i:i + 4] (page0, page1, col0, columns: plan()'s) of the
    128-column frame staged for one transfer: its bounds written into the window's
    commands before tx[16], its columns copied to tx[16:] and into `shown` (what the
    panel will hold). Returns the bytes staged. Word by word where all three are
    aligned."""
    page0 = plan[i]
    page1 = plan[i + 1]
    col0 = plan[i + 2]
    n = plan[i + 3]
    tx[6] = col0
    tx[8] = col0 + n - 1
    tx[12] = page0
    tx[14] = page1
    rows = page1 + 1 - page0
    o = 16
    r = 0
    while r < rows:
        at = (page0 + r) * 128 + col0
        pt = int(tx) + o
        pf = int(frame) + at
        ps = int(shown) + at
        if ((pt | pf | ps | n) & 3) == 0:
            wt = ptr32(pt)  # noqa: F821
            wf = ptr32(pf)  # noqa: F821
            ws = ptr32(ps)  # noqa: F821
            k = 0
            m = n >> 2
            while k < m:
                v = wf[k]
                wt[k] = v
                ws[k] = v
                k += 1
        else:
            j = 0
            while j < n:
                v = frame[at + j]
                tx[o + j] = v
                shown[at + j] = v
                j += 1
        o += n
        r += 1
    return n * rows


@micropython.viper
def plan(a: ptr8, b: ptr8, valid: int, out: ptr8, gap_min: int) -> int:  # noqa: F821
    """The windows that make the panel's frame `b` the frame `a` (both 128 x 8 pages,
    word-aligned), in out[4 i : 4 i + 4] as (page0, page1, col0, columns); returns
    how many (at most 16), or -1 when a frame is not word-aligned. Not `valid`: one
    window of the whole frame. A page's changed run goes from its first changed
    column to its last, in fours of columns, or as two windows where at least
    gap_min columns between them did not change; runs of pages that change (nearly)
    across their width go as one window."""
    pa = int(a)
    pb = int(b)
    if valid and ((pa | pb) & 3) != 0:
        return -1
    wa = ptr32(pa)  # noqa: F821
    wb = ptr32(pb)  # noqa: F821
    count = 0
    run = -1
    page = 0
    while page <= 8:
        first = -1
        last = -1
        whole = False
        if page < 8:
            if not valid:
                whole = True
            else:
                base = page << 5
                k = 0
                while k < 32 and wa[base + k] == wb[base + k]:
                    k += 1
                if k < 32:
                    j = 31
                    while wa[base + j] == wb[base + j]:
                        j -= 1
                    at = page << 7
                    first = k << 2
                    while a[at + first] == b[at + first]:
                        first += 1
                    last = (j << 2) + 3
                    while a[at + last] == b[at + last]:
                        last -= 1
                    # the longest run of equal words wholly between first and last
                    g0 = 0
                    g1 = -1
                    since = -1
                    g = k + 1
                    while g <= j:
                        if g < j and wa[base + g] == wb[base + g]:
                            if since < 0:
                                since = g
                        elif since >= 0:
                            if g - 1 - since > g1 - g0:
                                g0 = since
                                g1 = g - 1
                            since = -1
                        g += 1
                    if g1 >= 0 and ((g1 - g0 + 1) << 2) >= gap_min:
                        c0 = first & 0xFC
                        o = count << 2
                        out[o] = page
                        out[o + 1] = page
                        out[o + 2] = c0
                        out[o + 3] = ((g0 << 2) - 1 - c0 + 4) & 0xFC
                        count += 1
                        first = (g1 << 2) + 4
                    else:
                        whole = last - (first & 0xFC) + 1 > 124  # widened to fours: the page
        if run >= 0 and not whole:
            o = count << 2
            out[o] = run
            out[o + 1] = page - 1
            out[o + 2] = 0
            out[o + 3] = 128
            count += 1
            run = -1
        if whole:
            if run < 0:
                run = page
        elif first >= 0:
            c0 = first & 0xFC
            o = count << 2
            out[o] = page
            out[o + 1] = page
            out[o + 2] = c0
            out[o + 3] = ((last - c0) >> 2 << 2) + 4
            count += 1
        page += 1
    return count
