# A long reading run a slice at a time, so that the box's loop goes round while it
# reads (the boot screen shows how far it has come): a saved game's (store/resume.py)
# and the history's index made again (store/records/history_index.py).


class Sliced:
    """Runs a generator that yields how far it has come (per mille) and returns its
    result: advance(n) takes n more steps and says when it is over; `result` is then
    the generator's value; `permille`, how far it has come."""

    def __init__(self, steps):
        self.permille = 0
        self.result = None
        self._steps = steps

    def advance(self, n):
        steps = self._steps
        if steps is None:
            return True
        for _ in range(n):
            try:
                self.permille = next(steps)
            except StopIteration as e:
                self.result = e.value
                self._steps = None
                return True
        return False
