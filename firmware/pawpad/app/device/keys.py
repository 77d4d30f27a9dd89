# The four menu keys (and the encoder, whose clicks are UP/DOWN and push OK): UP, DOWN
# and OK act when pressed, and UP and DOWN held repeat, faster and faster. BACK acts
# when let go, or as UNDO once held for HOLD_MS. A press that only woke a dimmed screen
# does nothing else. Each method returns the key to hand to the app, or None.
from micropython import const

from pawpad.ticks import add, diff

MENU_KEYS = ("up", "down", "ok", "back")
_DOWN = const(1)
_BACK = const(3)
REPEAT_FIRST_MS = const(400)  # UP or DOWN held this long starts repeating...
REPEAT_FASTEST_MS = const(40)  # ... a quarter faster each time, down to this
HOLD_MS = const(800)  # BACK held this long is UNDO


class Keys:
    def __init__(self):
        # The loop asks repeat() and held() only while these say a key is held.
        self.back_down = None  # when BACK went down, while it is held
        self.repeating = None  # [key, next repeat due, interval] while UP/DOWN is held
        self._swallow = None  # the key whose press only woke the screen

    def edge(self, i, pressed, woke, now_ms):
        """Key i went down (pressed) or up; `woke`: its press woke the screen."""
        if pressed:
            if woke:
                self._swallow = i
            elif i == _BACK:
                self.back_down = now_ms
            else:
                if i <= _DOWN:
                    self.repeating = [i, add(now_ms, REPEAT_FIRST_MS), REPEAT_FIRST_MS]
                return MENU_KEYS[i]
            return None
        if self.repeating is not None and self.repeating[0] == i:
            self.repeating = None
        if self._swallow == i:
            self._swallow = None
        elif i == _BACK and self.back_down is not None:
            self.back_down = None
            return "back"
        return None

    def repeat(self, now_ms):
        """The held UP or DOWN, when its next repeat is due."""
        rep = self.repeating
        if rep is None or diff(now_ms, rep[1]) < 0:
            return None
        rep[2] = max(REPEAT_FASTEST_MS, rep[2] * 3 // 4)
        rep[1] = add(now_ms, rep[2])
        return MENU_KEYS[rep[0]]

    def held(self, now_ms):
        """"undo" once BACK has been held HOLD_MS."""
        if self.back_down is not None and diff(now_ms, self.back_down) >= HOLD_MS:
            self.back_down = None
            return "undo"
        return None

    def wait(self, now_ms, wait):
        """`wait`, or less when a repeat or the hold is due sooner."""
        if self.back_down is not None:
            wait = min(wait, max(1, HOLD_MS - diff(now_ms, self.back_down)))
        if self.repeating is not None:
            wait = min(wait, max(1, diff(self.repeating[1], now_ms)))
        return wait
