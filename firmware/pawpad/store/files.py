# Files on the device's flash: where they live, how they are written so that a power
# cut never leaves half a file, and what happens to a file that cannot be read.
#
# Every reading is total: whatever bytes are on flash, of whatever size, a reader gives
# data or says what is wrong, and never raises for the content. Files are read in
# binary and decoded here (MicroPython's text files raise UnicodeError on one bad
# byte), a file read whole is size-checked first, and logs are read a line at a time
# through one small buffer (lines.py).
import json
import os
from errno import ENOMEM  # a file too big for the heap as it is now: never set aside

from micropython import const

from pawpad.core import settings as settings_rules
from pawpad.store import blame
from pawpad.store.log import codec
from pawpad.store.log.codec import DEPTH_MAX, Depth
from pawpad.store.log.lines import Lines, borrow_buffer, return_buffer

SETTINGS = "settings.json"


TEXT_MAX = const(16384)  # the biggest file read whole (stats.json with 8 players is ~1 KB)


SETTINGS_MAX = const(4096)  # settings.json is about 420 bytes


_COPY = const(512)  # copy_bytes' buffer
_COPY_SLICE = const(4096)  # a flash block: copying() yields after each


_RESTORE = ".restore"  # a copy on its way back (put_back): a boot finishes the move
_REPAIR = ".repair"  # a file's good part on its way in (keeping_part): likewise


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _is_file(path):
    try:
        return not os.stat(path)[0] & 0x4000  # S_IFDIR
    except OSError:
        return False


def _number(s):
    """Is `s` a copy's number after ".bad" ("" for the newest)? ASCII digits only."""
    for ch in s:
        if ch not in "0123456789":
            return False
    return True


def original_of(copy):
    """The file a set-aside copy was (game.log for game.log.bad2), or None when `copy`
    is no such copy."""
    cut = copy.find(".bad")
    if cut <= 0:
        return None
    return copy[:cut] if _number(copy[cut + 4:]) else None


def _by_file_then_newest(pair):
    copy = pair[0]
    cut = copy.find(".bad")
    number = copy[cut + 4:]
    return (copy[:cut], int(number) if number else 0)  # ASCII digits: _number


class Stream:
    """A file being written: into `tmp`, renamed to `path` when the `with` ends well;
    when it ends by an exception (the flash full, say) the old file stays and the
    temporary one goes."""

    def __init__(self, tmp, path, binary=False):
        self.tmp = tmp
        self.dest = path
        self.f = open(tmp, "wb" if binary else "w")

    def __enter__(self):
        return self.f  # the file itself: MicroPython's json.dump writes only to a stream

    def __exit__(self, kind, *exc):
        try:
            self.f.close()  # the last bytes reach flash: ENOSPC may come here
            if kind is None:
                os.rename(self.tmp, self.dest)
                return False
        except OSError:
            self._drop()
            if kind is None:
                raise
        self._drop()
        return False  # the exception that ended the writing goes on

    def _drop(self):
        try:
            os.remove(self.tmp)
        except OSError:
            pass


class Storage:
    def __init__(self, root):
        self.root = root.rstrip("/") if root != "/" else ""
        if self.root and not _exists(self.root):
            os.mkdir(self.root)

    def path(self, name):
        return self.root + "/" + name if self.root else "/" + name

    def size(self, name):
        """The file's size in bytes, or None when there is no such file."""
        try:
            return os.stat(self.path(name))[6]
        except OSError:
            return None

    def read_text(self, name, limit=TEXT_MAX):
        """A small file's whole text. OSError when it cannot be read (or is not there);
        ValueError, saying why, when it is bigger than `limit` bytes, is not UTF-8
        text, or is JSON nested deeper than DEPTH_MAX (every file read whole here is
        JSON; none of them need be nested deeply)."""
        size = self.size(name)
        if size is None:
            raise OSError(2)  # ENOENT
        blame.read(name)
        if size > limit:
            raise ValueError("is too big (%d bytes)" % size)
        if not self._shallow(name):  # looked at through the line buffer: before the
            raise ValueError("is nested too deep")  # file's text is made, of any size
        try:
            with open(self.path(name), "rb") as f:
                # As much as the file holds, and a byte more to see it grow: read(n)
                # makes its n-byte buffer first, and a heap after boot on the .mpy
                # install may have no 4 KB hole for a 420-byte settings file.
                data = f.read(size + 1)
            if len(data) > limit:
                raise ValueError("is too big")
            text = data.decode()
        except UnicodeError:
            raise ValueError("is not text")
        except MemoryError:  # the heap now, not the file: the file stays where it is
            raise OSError(ENOMEM)
        return text

    def _shallow(self, name, limit=DEPTH_MAX):
        """Is the file's JSON nested no deeper than `limit` (see shallow())? Read a
        buffer at a time; only a file with more brackets than `limit` is walked."""
        buf = borrow_buffer()
        try:
            brackets = 0
            with open(self.path(name), "rb") as f:
                while brackets <= limit:
                    got = f.readinto(buf)
                    if not got:
                        return True
                    brackets += buf.count(b"[", 0, got) + buf.count(b"{", 0, got)
                f.seek(0)
                walk = Depth(limit)
                while True:
                    got = f.readinto(buf)
                    if not got:
                        return True
                    if not walk.feed(buf, got):
                        return False
        finally:
            return_buffer(buf)

    def read_json(self, name, limit=TEXT_MAX, kind=dict):
        """(value, message) from a small JSON file. (None, None) when there is no file.
        A file that is too big (never read whole), not text, not JSON, or not of
        `kind` (None: any) gives (None, a message) and is kept aside."""
        if not self.exists(name):
            return None, None
        try:
            return self._json(name, limit, kind), None
        except OSError as e:
            return None, "%s could not be read (%s)." % (name, e)
        except ValueError as e:
            return None, self.set_aside(name, str(e))
        except Exception as e:
            blame.came_through(name, e)  # a crash out of here names the file
            raise

    def _json(self, name, limit, kind):
        text = self.read_text(name, limit)
        try:
            value = json.loads(text)
        except codec.JSON_ERRORS:
            raise ValueError("is not valid JSON")
        except MemoryError:
            raise OSError(ENOMEM)
        if kind is not None and not isinstance(value, kind):
            raise ValueError("is not a JSON object" if kind is dict else "is of the wrong kind")
        return value

    def set_aside(self, name, why):
        """Keeps a bad file aside; the message says why and where it went."""
        try:
            return "%s %s; kept as %s." % (name, why, self.keep_aside(name))
        except OSError:
            return "%s %s; could not keep it aside." % (name, why)

    def write_text(self, name, text):
        """The file's whole text, written as write_stream() writes."""
        with self.write_stream(name) as f:
            f.write(text)

    def write_json(self, name, value):
        """A JSON file, written a piece at a time (json.dump streams): no copy of its
        text is built in RAM."""
        with self.write_stream(name) as f:
            json.dump(value, f)

    def write_stream(self, name, binary=False):
        """`with store.write_stream(name) as f: f.write(...)`: the file is written a
        piece at a time into name.tmp, then renamed over the old one, so a file of any
        size is never held whole in RAM and a power cut leaves either the old file or
        the new one, never a torn one (littlefs renames are atomic)."""
        return Stream(self.path(name + ".tmp"), self.path(name), binary)

    def open_text(self, name, start=0):
        """The file's lines (from byte `start`), for `with store.open_text(name) as f:
        for line in f`: see Lines. OSError when there is no such file."""
        blame.read(name)
        return Lines(self.path(name), start=start)

    def copy_bytes(self, src, dst, n):
        """The first n bytes of src become dst (through a temporary file and a rename,
        so a power cut leaves the old dst or the new one), through a small buffer."""
        for _ in self.copying(src, dst, n):
            pass

    def copying(self, src, dst, n):
        """copy_bytes as a generator: it yields the bytes copied so far every
        _COPY_SLICE bytes, so a long copy (a 300 KB log repaired: seconds of flash
        writes on a Pico) can share the loop with the screen that says so."""
        tmp = self.path(dst + ".tmp")
        buf = bytearray(_COPY)
        mv = memoryview(buf)
        done = 0
        with open(self.path(src), "rb") as f, open(tmp, "wb") as out:
            while done < n:
                got = f.readinto(mv[:min(n - done, _COPY)])
                if not got:
                    break
                out.write(mv[:got])
                done += got
                if done % _COPY_SLICE < _COPY:
                    yield done
        os.rename(tmp, self.path(dst))

    def exists(self, name):
        return _exists(self.path(name))

    def append_line(self, name, line):
        """Appends one line and flushes it to flash before returning."""
        with open(self.path(name), "a") as f:
            f.write(line)
            f.flush()

    def append_bytes(self, name, data):
        """Appends bytes (the history's index entries) and flushes them to flash."""
        with open(self.path(name), "ab") as f:
            f.write(data)
            f.flush()

    def ends_whole(self, name):
        """Does the file end with a whole line (or not exist)? After a power cut in a
        write its last line may be cut short."""
        size = self.size(name)
        if not size:
            return True  # no file yet, or an empty one
        with open(self.path(name), "rb") as f:
            f.seek(size - 1)
            return f.read(1) == b"\n"

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def keep_copy(self, name):
        """A copy of a damaged file set aside (as keep_aside names it) while the file
        itself stays, to be rewritten: no moment without it. Returns the copy's name."""
        aside = self._rotate(name)
        self.copy_bytes(name, aside, self.size(name) or 0)
        return aside

    def keep_aside(self, name):
        """Renames a bad file, to `name`.bad; returns that name. The copies set aside
        before move down (.bad1, .bad2, ...): every copy is kept, for Settings > Set
        aside to list and put back."""
        aside = self._rotate(name)
        os.rename(self.path(name), self.path(aside))
        return aside

    def _rotate(self, name):
        """Makes room for name.bad: the copies set aside before move down one, the
        oldest first, so a power cut between two renames leaves every copy."""
        aside = name + ".bad"
        top = 0
        while _exists(self.path(aside + (str(top) if top else ""))):
            top += 1
        for n in range(top, 0, -1):
            os.rename(self.path(aside + (str(n - 1) if n > 1 else "")),
                      self.path(aside + str(n)))
        return aside

    def keeping_part(self, name, n):
        """The file's first n bytes go on as the file and the whole of it is kept aside
        (as keep_aside names it): a generator, as copying(), whose value is the copy's
        name. The part is written first (name.repair), so a power cut at any moment
        leaves the whole file as it was or the part in its place (tidy finishes)."""
        yield from self.copying(name, name + _REPAIR, n)
        aside = self.keep_aside(name)
        os.rename(self.path(name + _REPAIR), self.path(name))
        return aside

    def copies_aside(self):
        """The set-aside copies on flash, [(copy, bytes)], by the file's name and then
        newest first."""
        out = []
        for name in os.listdir(self.root or "/"):  # put in order below
            if original_of(name) is not None and _is_file(self.path(name)):
                out.append((name, self.size(name) or 0))
        out.sort(key=_by_file_then_newest)
        return out

    def put_back(self, copy):
        """Puts a set-aside copy back in its file's place; the file there now, if any, is
        set aside in turn (kept like any other). Returns (the file, where the file that
        was there went, or None). Through `.restore`, which a boot finishes."""
        name = original_of(copy)
        if name is None or not _is_file(self.path(copy)):
            raise OSError(2)
        os.rename(self.path(copy), self.path(name + _RESTORE))
        return name, self._finish_put_back(name)

    def _finish_put_back(self, name):
        there = self.keep_aside(name) if self.exists(name) else None
        os.rename(self.path(name + _RESTORE), self.path(name))
        return there

    def tidy(self):
        """At boot: removes what a power cut left of a write (name.tmp: the rename that
        would have finished it never came, so the file itself is whole) and finishes a
        copy's way back (name.restore) and a good part's way in (name.repair).
        Set-aside copies are never removed. Returns how many files went."""
        gone = 0
        for name in os.listdir(self.root or "/"):
            try:
                if name.endswith(".tmp"):
                    os.remove(self.path(name))
                    gone += 1
                elif not _is_file(self.path(name)):
                    continue  # a folder: nothing of ours to finish
                elif name.endswith(_RESTORE) and len(name) > len(_RESTORE):
                    self._finish_put_back(name[:-len(_RESTORE)])
                elif name.endswith(_REPAIR) and len(name) > len(_REPAIR):
                    whole = name[:-len(_REPAIR)]  # still there: the repair is done again
                    if self.exists(whole):
                        os.remove(self.path(name))
                    else:
                        os.rename(self.path(name), self.path(whole))
            except OSError:
                pass
        return gone

    def load_settings(self):
        """(settings, messages). A missing file is the first boot: defaults, no message.
        A bad file gives what could be read, a message, and is kept aside; whatever
        its bytes (not text, huge, nested deep, wrong types) this never raises."""
        if not self.exists(SETTINGS):
            return settings_rules.defaults(), []
        try:
            values, problems = settings_rules.from_json(self._json(SETTINGS, SETTINGS_MAX,
                                                                   None))
        except ValueError as e:
            values, problems = settings_rules.defaults(), ["settings file " + str(e)]
        except OSError as e:
            return settings_rules.defaults(), ["Settings not read (%s):" % e,
                                               "defaults in use."]
        if not problems:
            return values, []
        messages = ["Settings file had errors:"] + problems
        try:
            aside = self.keep_aside(SETTINGS)
            messages.append("Kept as " + aside + ";")
            messages.append("fixed values in use.")
            self.save_settings(values)
        except OSError:
            messages.append("Could not keep it aside.")
        return values, messages

    def save_settings(self, values):
        """Returns None, or a message when the flash refused the write."""
        try:
            self.write_json(SETTINGS, values)
        except OSError as e:
            return "Settings not saved (%s)" % e
        return None
