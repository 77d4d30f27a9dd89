# The events in force after undo, redo and corrections, as the records of a log
# give them (each kept as whatever the log's reader makes of it: the event, or its
# place in the log). Pure: plain CPython reads a log with it too.
from pawpad.store.log.pages import same


class Timeline:
    """The events in force after undo, redo and corrections. `make` makes the two
    sequences (a list; a game's log keeps places in store/log/pages.Pages)."""

    def __init__(self, make=list):
        self.make = make
        self.events = make()
        self.undone = make()

    def apply(self, record):
        if "undo" in record:
            if not self.events:
                raise ValueError("nothing to undo")
            self.undone.append(self.events.pop())
        elif "redo" in record:
            if not self.undone:
                raise ValueError("nothing to redo")
            self.events.append(self.undone.pop())
        elif "fix" in record:
            i = record["fix"]
            if not (isinstance(i, int) and 0 <= i < len(self.events)):
                raise ValueError("no event %s to correct" % i)
            self.events[i] = record["e"]
        elif "e" in record:
            self.events.append(record["e"])
            if len(self.undone):
                self.undone = self.make()
        else:
            raise ValueError("unknown record")

    def preview(self, record):
        """The events in force if `record` were applied, without applying it: a view
        of them (len, index, iterate), not a copy. ValueError as apply()."""
        events, undone = self.events, self.undone
        n = len(events)
        if "undo" in record:
            if not n:
                raise ValueError("nothing to undo")
            return Edited(events, n - 1)
        if "redo" in record:
            if not len(undone):
                raise ValueError("nothing to redo")
            return Edited(events, n + 1, n, undone[-1])
        if "fix" in record:
            i = record["fix"]
            if not (isinstance(i, int) and 0 <= i < n):
                raise ValueError("no event %s to correct" % i)
            return Edited(events, n, i, record["e"])
        if "e" in record:
            return Edited(events, n + 1, n, record["e"])
        raise ValueError("unknown record")


class Edited:
    """The first `n` items of `base`, with item `at` reading `value`."""

    def __init__(self, base, n, at=-1, value=None):
        self.base = base
        self.n = n
        self.at = at
        self.value = value

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        return self.value if i == self.at else self.base[i]

    def __iter__(self):
        for i in range(self.n):
            yield self[i]

    def __eq__(self, other):
        return same(self, other)


def mark_fixed(fixed, j, keep):
    """Event j was corrected: when it is one of the first `keep` (those of the last
    checkpoint still in force), it joins `fixed` (ascending, once): the next
    checkpoint lists its place, not the places of every event after it."""
    if j >= keep:
        return
    i = len(fixed)
    while i and fixed[i - 1] > j:
        i -= 1
    if not i or fixed[i - 1] != j:
        fixed.insert(i, j)


def trim_fixed(fixed, keep):
    """Only the corrections among the first `keep` (an undo left fewer)."""
    while fixed and fixed[-1] >= keep:
        fixed.pop()
