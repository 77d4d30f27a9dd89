# The box's flash in a web page: the data folder lives in the port's in-memory
# filesystem, and what the box writes there is kept in the browser's localStorage by
# the page (web/pawpad.js). Files are kept from here, when the firmware flushes or
# closes them, so that a write the browser refuses (a full localStorage) fails in the
# firmware's own call: an OSError, ENOSPC for a full storage, from the flush() or
# close() that was to put the bytes on flash, as littlefs does on a Pico with a full
# flash (store/files.py and store/session.py handle it). Renames and removals are
# mirrored by the page itself (a rename the storage refuses fails there too).
import builtins
import io

_open = builtins.open  # the port's own open()
_WRITING = "wa+x"  # a mode with one of these writes


class Kept(io.IOBase):
    """A file of the flash folder open for writing. Its bytes are kept in the browser
    (keep(path): 0, or the errno of the refusal) at each flush() and at close(), if
    anything was written since they were last kept. A stream (io.IOBase): what writes
    only to a stream, such as json.dump, writes to it as to the port's own file."""

    def __init__(self, f, path, keep):
        self.f = f
        self.path = path
        self.keep = keep
        self.dirty = False
        self.shut = False

    def write(self, data):
        n = self.f.write(data)
        self.dirty = True
        return n

    def flush(self):
        self.f.flush()
        self._kept()

    def close(self):
        if self.shut:
            return
        self.shut = True
        self.f.close()
        self._kept()

    def _kept(self):
        if self.dirty:
            err = self.keep(self.path)
            if err:
                raise OSError(err)  # still dirty: a later flush or close tries again
            self.dirty = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    # reading and moving, for a file opened "r+" or "a+"
    def read(self, *n):
        return self.f.read(*n)

    def readinto(self, buf, *n):
        return self.f.readinto(buf, *n)

    def readline(self, *n):
        return self.f.readline(*n)

    def seek(self, *args):
        return self.f.seek(*args)

    def tell(self):
        return self.f.tell()

    def fileno(self):
        return self.f.fileno()

    def __iter__(self):
        return iter(self.f)


def install(keep, root):
    """open() of a file under `root` for writing gives a Kept file (every module of the
    firmware opens its files through the builtin); everything else is the port's."""
    prefix = root.rstrip("/") + "/"

    def opened(path, mode="r", *args, **kw):
        f = _open(path, mode, *args, **kw)
        if isinstance(path, str) and path.startswith(prefix):
            for m in _WRITING:
                if m in mode:
                    return Kept(f, path, keep)
        return f

    builtins.open = opened
    return opened
