# PNG of the 128x64 panel, written by hand so that it runs on the MicroPython unix port
# (no Pillow, no zlib compressor there). Each image row is one stored deflate block and
# is streamed to the file, so even a large picture needs only a row of memory. Pixels
# are drawn as the OLED shows them: pale blue-white on black.
import struct

try:
    from binascii import crc32
except ImportError:  # pragma: no cover - both runtimes have it
    from zlib import crc32

ON = (200, 230, 255)
OFF = (8, 10, 14)
BORDER = 4


class _Adler:
    def __init__(self):
        self.a, self.b = 1, 0

    def update(self, data):
        a, b = self.a, self.b
        for x in data:
            a += x
            b += a
            if b > 0x3FFFFFFF:  # keep the numbers small on MicroPython
                a %= 65521
                b %= 65521
        self.a, self.b = a % 65521, b % 65521

    def value(self):
        return (self.b << 16) | self.a


def _rows(vlsb, width, height, scale):
    """Yields each RGB row of the picture, filter byte first."""
    w = (width + 2 * BORDER) * scale
    on, off = bytes(ON), bytes(OFF)
    blank = b"\x00" + off * w
    edge = off * (BORDER * scale)
    for y in range(-BORDER, height + BORDER):
        if y < 0 or y >= height:
            for _ in range(scale):
                yield blank
            continue
        line = bytearray(b"\x00")
        line += edge
        base = (y >> 3) * width
        bit = 1 << (y & 7)
        lit, dark = on * scale, off * scale
        for x in range(width):
            line += lit if vlsb[base + x] & bit else dark
        line += edge
        for _ in range(scale):
            yield line


def write_panel_png(path, vlsb, width=128, height=64, scale=3):
    """Writes a MONO_VLSB frame to `path` as a PNG, each pixel a scale x scale dot."""
    w = (width + 2 * BORDER) * scale
    h = (height + 2 * BORDER) * scale
    row_len = 1 + 3 * w
    idat_len = 2 + h * (5 + row_len) + 4
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        _chunk(f, b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        f.write(struct.pack(">I", idat_len))
        crc = crc32(b"IDAT")
        f.write(b"IDAT")
        head = b"\x78\x01"
        crc = crc32(head, crc)
        f.write(head)
        adler = _Adler()
        n = 0
        for row in _rows(vlsb, width, height, scale):
            n += 1
            block = struct.pack("<BHH", 1 if n == h else 0, row_len, row_len ^ 0xFFFF)
            crc = crc32(row, crc32(block, crc))
            adler.update(row)
            f.write(block)
            f.write(row)
        tail = struct.pack(">I", adler.value())
        crc = crc32(tail, crc)
        f.write(tail)
        f.write(struct.pack(">I", crc & 0xFFFFFFFF))
        _chunk(f, b"IEND", b"")


def _chunk(f, kind, data):
    f.write(struct.pack(">I", len(data)))
    f.write(kind)
    f.write(data)
    f.write(struct.pack(">I", crc32(data, crc32(kind)) & 0xFFFFFFFF))
