# WS2812 player lights on one pin, sent with machine.bitstream (the board passes it in).
# 800 kHz timing in ns: high/low for a 0 bit, then high/low for a 1 bit.
_TIMING = (400, 850, 800, 450)


class Pixels:
    def __init__(self, pin, count, bitstream, brightness=64):
        self.pin = pin
        self.count = count
        self._bitstream = bitstream
        self.brightness = brightness  # 0..255, scales every colour
        self.buf = bytearray(3 * count)  # GRB order, as the WS2812 wants it
        self.rgb = [(0, 0, 0)] * count  # what was asked for, for the simulator

    def set(self, i, rgb):
        self.rgb[i] = rgb
        r, g, b = rgb
        k = self.brightness
        j = 3 * i
        self.buf[j] = g * k // 255
        self.buf[j + 1] = r * k // 255
        self.buf[j + 2] = b * k // 255

    def fill(self, rgb):
        for i in range(self.count):
            self.set(i, rgb)

    def show(self):
        self._bitstream(self.pin, 0, _TIMING, self.buf)
