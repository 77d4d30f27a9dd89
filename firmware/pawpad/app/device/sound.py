# The buzzer's queue: a melody always plays whole (a STOP's tone is never cut by an
# error tone or a key's click); what comes while one plays waits for its end, and a
# click then is dropped. An urgent sound (the STOP) plays at once.
from pawpad.ui.screen import CLICK, PRESS


class Sound:
    def __init__(self, buzzer, now_ms):
        self.buzzer = buzzer  # None: a box without one
        self.now = now_ms  # the loop's time, set at each of its turns
        self._whole = False  # the buzzer plays a melody that is not to be cut
        self.queued = None  # the sound that waits for it

    def play(self, notes, urgent=False):
        bz = self.buzzer
        if bz is None:
            return
        whole = notes != CLICK and notes != PRESS  # no tuple made: the STOP's path
        if bz.playing and self._whole and not urgent:
            if whole:
                self.queued = notes
            return
        bz.play(notes, self.now)
        self._whole = whole

    def play_queued(self):
        """The melody that waited, now that the buzzer is quiet (the loop carries the
        buzzer on itself, and calls this only then); ms until the buzzer needs the
        loop again, or None."""
        notes, self.queued = self.queued, None
        self.play(notes)
        return self.buzzer.update(self.now)
