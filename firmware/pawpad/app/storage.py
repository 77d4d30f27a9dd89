# Files on the device's flash: where they live, how they are written so that a power
# cut never leaves half a file, and what happens to a file that cannot be read.
import os

from pawpad.core import settings as settings_rules

SETTINGS = "settings.json"


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class Storage:
    def __init__(self, root):
        self.root = root.rstrip("/") if root != "/" else ""
        if self.root and not _exists(self.root):
            os.mkdir(self.root)

    def path(self, name):
        return self.root + "/" + name if self.root else "/" + name

    def read_text(self, name):
        with open(self.path(name)) as f:
            return f.read()

    def write_text(self, name, text):
        """Write to a temporary file, then rename over the old one: a power cut leaves
        either the old file or the new one, never a torn one (littlefs renames are
        atomic)."""
        tmp = self.path(name + ".tmp")
        with open(tmp, "w") as f:
            f.write(text)
        os.rename(tmp, self.path(name))

    def open_text(self, name):
        return open(self.path(name))

    def copy_lines(self, src, dst, n):
        """The first n lines of src become dst (through a temporary file and a rename,
        so a power cut leaves the old dst or the new one)."""
        tmp = self.path(dst + ".tmp")
        with open(self.path(src)) as f, open(tmp, "w") as out:
            for _ in range(n):
                out.write(f.readline())
        os.rename(tmp, self.path(dst))

    def exists(self, name):
        return _exists(self.path(name))

    def append_line(self, name, line):
        """Appends one line and flushes it to flash before returning."""
        with open(self.path(name), "a") as f:
            f.write(line)
            f.flush()

    def ends_whole(self, name):
        """Does the file end with a whole line (or not exist)? After a power cut in a
        write its last line may be cut short."""
        path = self.path(name)
        try:
            size = os.stat(path)[6]
        except OSError:
            return True  # no file yet
        if size == 0:
            return True
        with open(path, "rb") as f:
            f.seek(size - 1)
            return f.read(1) == b"\n"

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def keep_aside(self, name):
        """Rename a bad file so that it is never overwritten; returns the new name."""
        n = 0
        while True:
            aside = name + (".bad" if n == 0 else ".bad%d" % n)
            if not _exists(self.path(aside)):
                os.rename(self.path(name), self.path(aside))
                return aside
            n += 1

    def load_settings(self):
        """(settings, messages). A missing file is the first boot: defaults, no message.
        A bad file gives what could be read, a message, and is kept aside."""
        try:
            text = self.read_text(SETTINGS)
        except OSError:
            return settings_rules.defaults(), []
        values, problems = settings_rules.parse(text)
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
            self.write_text(SETTINGS, settings_rules.dump(values))
        except OSError as e:
            return "Settings not saved (%s)" % e
        return None
