# The bytes read of each file, counted: the history's index is proved to read the rows
# it shows, not the file (host_tests/test_history_index.py), and make bench says what
# each step read (tools/bench/bench_history.py). Both runtimes.


class Counted:
    """A file whose reads are counted, by the file's name, in `read`."""

    def __init__(self, f, name, read):
        self.f = f
        self.name = name
        self.counts = read

    def _count(self, n):
        self.counts[self.name] = self.counts.get(self.name, 0) + (n or 0)

    def read(self, *n):
        data = self.f.read(*n)
        self._count(len(data))
        return data

    def readinto(self, buf):
        n = self.f.readinto(buf)
        self._count(n)
        return n

    def seek(self, *a):
        return self.f.seek(*a)

    def write(self, data):
        return self.f.write(data)

    def flush(self):
        return self.f.flush()

    def close(self):
        return self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


class Counting:
    """Every file the `modules` open, its reads counted: `with Counting(mods) as read:`
    read is {file name: bytes}, emptied on entering."""

    def __init__(self, modules, read=None):
        self.modules = modules
        self.read = {} if read is None else read

    def _open(self, *a, **k):
        return Counted(open(*a, **k), a[0].split("/")[-1], self.read)

    def __enter__(self):
        self.read.clear()
        for m in self.modules:
            m.open = self._open
        return self.read

    def __exit__(self, *exc):
        for m in self.modules:
            del m.open
