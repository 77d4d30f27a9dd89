# The display path's loops in plain Python, for CPython, where there is no viper
# emitter: the same results as pawpad/drivers/_fast.py's (a test holds the two
# together on MicroPython, where both run).


def span(a, b, start, n):
    i = 0
    while i < n and a[start + i] == b[start + i]:
        i += 1
    if i == n:
        return -1
    j = n - 1
    while a[start + j] == b[start + j]:
        j -= 1
    return (i << 8) | j


def copy(dst, di, src, si, n):
    dst[di:di + n] = src[si:si + n]


def stage(tx, frame, shown, plan, i):
    page0, page1, col0, n = plan[i:i + 4]
    tx[6], tx[8], tx[12], tx[14] = col0, col0 + n - 1, page0, page1
    o = 16
    for page in range(page0, page1 + 1):
        at = page * 128 + col0
        tx[o:o + n] = shown[at:at + n] = frame[at:at + n]
        o += n
    return n * (page1 + 1 - page0)


def _gap(a, b, start, first, last):
    """The longest run of equal fours of bytes wholly between first and last, as
    (its first byte, its last), or None."""
    best, run = None, None
    m = last >> 2
    for g in range((first >> 2) + 1, m + 1):
        o = start + 4 * g
        if g < m and a[o:o + 4] == b[o:o + 4]:
            run = g if run is None else run
        elif run is not None:
            if best is None or g - 1 - run > best[1] - best[0]:
                best = (run, g - 1)
            run = None
    return None if best is None else (4 * best[0], 4 * best[1] + 3)


def plan(a, b, valid, out, gap_min):
    windows = []
    run = -1
    for page in range(9):
        first, last, whole = -1, -1, False
        if page < 8:
            s = span(a, b, page * 128, 128) if valid else 0
            if not valid:
                whole = True
            elif s >= 0:
                first, last = s >> 8, s & 0xFF
                g = _gap(a, b, page * 128, first, last)
                if g is not None and g[1] - g[0] + 1 >= gap_min:
                    c0 = first & ~3
                    windows.append((page, page, c0, (g[0] - 1 - c0 + 4) & ~3))
                    first = g[1] + 1
                else:
                    whole = ((last - (first & ~3) + 4) & ~3) >= 128
        if run >= 0 and not whole:
            windows.append((run, page - 1, 0, 128))
            run = -1
        if whole:
            if run < 0:
                run = page
        elif first >= 0:
            c0 = first & ~3
            windows.append((page, page, c0, (last - c0 + 4) & ~3))
    for i, w in enumerate(windows):
        out[4 * i:4 * i + 4] = bytes(w)
    return len(windows)
