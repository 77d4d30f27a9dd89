# Which files the store was reading, so that a crash can name the one it came out of.
# An exception that leaves the app is matched against the one that last came out of a
# reading (Lines' `with`, read_text): the same object means that file was being read.
# The files read last are kept too, newest first: a crash just after a reading (its
# records being used) most likely comes of them. Nothing here allocates per line.
from micropython import const

SEEN_MAX = const(3)

seen = []  # names of the files read lately, newest first (at most SEEN_MAX)
passed = [None, None]  # (name, exception) of the last exception out of a reading


def read(name):
    """The store begins to read the file `name`."""
    if seen and seen[0] == name:
        return
    if name in seen:
        seen.remove(name)
    seen.insert(0, name)
    del seen[SEEN_MAX:]


def came_through(name, exc):
    """The exception `exc` left a reading of `name`."""
    passed[0] = name
    passed[1] = exc


def file_of(exc):
    """The file the exception `exc` came out of, or None."""
    return passed[0] if passed[1] is exc else None


def name_of(path):
    """A file's name from its path on flash (the data folder is flat)."""
    return path[path.rfind("/") + 1:]


def forget():
    del seen[:]
    passed[0] = passed[1] = None
