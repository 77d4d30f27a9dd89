# The log readers' depth check and their pages of places, made faster for the resume
# (issue 37): the machine-code walk (store/log/_fast.py, MicroPython) says what the
# plain-Python one says on every input, fed whole or in pieces; Pages.head and same()
# agree with a plain list's slice and equality. Both runtimes.
from pawpad.store.log import codec
from pawpad.store.log.pages import PAGE, Pages, same
from pawsim.rng import Rng
from support import skipping

_BYTES = b'[]{}"\\ab1,:'


def _walked(feed, data, cut, limit):
    d = codec.Depth(limit)
    ok = feed(d, data[:cut], cut) and feed(d, data[cut:], len(data) - cut)
    return ok, (d.depth, d.quoted, d.escaped) if ok else None


def test_the_machine_code_walk_says_what_the_plain_one_says():
    skipping.only_micropython("CPython has no emitter: the plain walk is the only one")
    assert codec._fast is not None
    rng = Rng(37)
    for _ in range(2000):
        data = bytes(_BYTES[rng.num(0, len(_BYTES) - 1)] for _ in range(rng.num(0, 80)))
        limit = rng.num(0, 8)
        cut = rng.num(0, len(data))
        assert (_walked(codec.Depth.feed, data, cut, limit) ==
                _walked(codec.Depth.walk, data, cut, limit)), (data, cut, limit)


def test_a_deep_text_is_refused_and_a_wide_one_taken():
    wide = "[" + ",".join("[%d]" % i for i in range(500)) + "]"
    assert codec.shallow(wide)
    assert codec.decode(codec.encode([[i] for i in range(500)])[:-1]) == [[i] for i in range(500)]
    deep = "[" * 17 + "]" * 17
    assert not codec.shallow(deep)
    assert codec.shallow('["' + "[" * 40 + '"]')  # inside a string: no depth
    assert not codec.shallow('["\\"' + '",' + "[" * 17 + "]" * 17 + "]")  # the quote escaped
    line = deep + "|%08x" % codec.crc_of(deep)  # a good checksum: only the depth says no
    try:
        codec.decode(line)
        raise AssertionError("a record nested 17 deep was read")
    except ValueError as e:
        assert "deep" in str(e)


def test_pages_head_and_same_agree_with_a_list():
    rng = Rng(5)
    for n in (0, 1, PAGE - 1, PAGE, PAGE + 1, 3 * PAGE, 3 * PAGE + 7):
        whole = [rng.num(-5, 1 << 30) for _ in range(n)]
        a = Pages(whole)
        for k in (0, n // 2, n - 1, n):
            if k < 0:
                continue
            h = a.head(k)
            assert list(h) == whole[:k] and len(h) == k
            h.extend(whole[k:])
            assert same(h, a) and list(h) == whole
        if n:
            b = Pages(whole)
            i = rng.num(0, n - 1)
            b[i] = b[i] + 1
            assert not same(a, b) and not same(b, a)
            b[i] = b[i] - 1
            assert same(a, b)
            b.pop()  # a spare page kept past the end counts for nothing
            b.append(whole[-1])
            assert same(a, b)
        assert not same(a, Pages(whole + [1]))
