# "Record" in the hardware check: the stages' samples as CSV lines, `t_ms,stage1,stage2`
# (one sample a line, the other stage's column empty), the format tools/bench/stage_replay.py
# reads back. Pure: the lines wait in one fixed buffer until the app writes them to
# flash, which it does between samples (a flash write stalls the RP2040) and not during
# a game. Nothing grows: when the buffer is full, samples are counted as dropped.
HEADER = "t_ms,stage1,stage2\n"


def line(t_ms, stage, grams, stages=2):
    """One sample as a CSV line (stage is 0-based)."""
    return "%d%s%.3f%s\n" % (t_ms, "," * (stage + 1), grams, "," * (stages - 1 - stage))


class Recorder:
    def __init__(self, size=2048, stages=2):
        self.buf = bytearray(size)
        self.n = 0  # bytes waiting
        self.stages = stages
        self.count = 0  # samples recorded
        self.dropped = 0  # samples that found the buffer full

    def add(self, t_ms, stage, grams):
        b = line(t_ms, stage, grams, self.stages).encode()
        end = self.n + len(b)
        if end > len(self.buf):
            self.dropped += 1
            return False
        self.buf[self.n:end] = b
        self.n = end
        self.count += 1
        return True

    def due(self):
        """Half full: time to write (at 80 SPS on two stages, about every half second)."""
        return self.n * 2 >= len(self.buf)

    def flush(self, write):
        """Hands the waiting bytes to write(memoryview) (a file's write), then empties."""
        if self.n:
            write(memoryview(self.buf)[:self.n])
            self.n = 0
