# Both stages and the tilt switch read together: one ChangeDetector per stage, and what
# the sensors say jointly. Pure and clock-free like the detector: samples and the tilt
# come in with their times, `poll(now)` lets held decisions time out.
#
# Events out: (kind, stage, cards, began_ms), kind one of
#   "added", "removed"  a settled change on one stage (as ChangeDetector reports it);
#   "fell"              a removal that the tilt switch saw too: surely a fall, never a
#                       dog lifted to be moved;
#   "moved"             one card off one stage, then one card onto `stage` (the other)
#                       within move_ms: the Acrobatics move, reported in place of its
#                       "added" (the "removed" before it was reported when it settled);
#   "tilt"              the switch tipped and no stage saw anything leave within
#                       hold_ms: how many fell is unknown (cards is 1; 0 when level again);
#   "unsure"            a stage settled at a weight its detector cannot name (a finger
#                       resting on a dog weighs a second dog): cards is its guess, dogs
#                       on (negative: off). The box asks the players, and told() passes
#                       their answer back; the stage says nothing more until then.
from pawpad.core.stage.detector import REMOVED, UNSURE, ChangeDetector
from pawpad.ticks import diff

FELL = "fell"
MOVED = "moved"
TILT = "tilt"


class StageSense:
    # A tip and a removal that began this close together are one fall.
    tilt_ms = 1500
    # A tip is held this long for a stage to report what left (its detector answers
    # within about 800 ms of the stage settling).
    hold_ms = 2500
    # A card lifted off one stage has this long to land on the other.
    move_ms = 10000

    def __init__(self, card_grams, stages=2):
        self.detectors = [ChangeDetector(card_grams) for _ in range(stages)]
        self.tipped = False
        self._tip_at = None  # a tip held, waiting for a stage to see the fall
        self._last_tip = None  # when the switch last tipped
        self._lifted = None  # (stage, began) of one card off, maybe to be moved

    def quiet(self):
        """Every stage settled, nothing pending: what the 5-second rule may count on."""
        for d in self.detectors:
            if not d.quiet():
                return False
        return self._tip_at is None

    def still(self, stage):
        """Does `stage` hold still now (its detector's test: see ChangeDetector.still)?"""
        return 0 <= stage < len(self.detectors) and self.detectors[stage].still()

    def pending_since(self):
        """The earliest start of a change still pending on either stage (or of a tip
        held for a stage to explain), None when there is none."""
        first = self._tip_at
        for d in self.detectors:
            t = d.pending_since()
            if t is not None and (first is None or diff(t, first) < 0):
                first = t
        return first

    def feed(self, stage, t_ms, grams):
        """One sample of one stage; returns a list of events."""
        out = []
        for kind, began, cards in self.detectors[stage].feed(t_ms, grams):
            if kind == REMOVED:
                out.append(self._removed(stage, began, cards))
            elif kind == UNSURE:
                self._lifted = None
                out.append((UNSURE, stage, cards, began))
            else:
                out.append(self._added(stage, began, cards))
        return out

    def told(self, stage, cards):
        """The players' answer to an "unsure" of this stage: `cards` dogs came on
        (negative: came off)."""
        if 0 <= stage < len(self.detectors):
            self.detectors[stage].told(cards)

    def expect(self, stage, cards):
        """What the game's turn makes likely: `cards` dogs put on at once on `stage`
        (None: either stage), taken without a question; 0 takes it back."""
        for i, d in enumerate(self.detectors):
            d.expect(cards if stage is None or stage == i else 0)

    def pair_ready(self):
        """The stage whose detector holds still at the pile the game expects now
        (ChangeDetector.pair_ready), or None (none, or both)."""
        found = None
        for i, d in enumerate(self.detectors):
            if d.pair_ready():
                if found is not None:
                    return None
                found = i
        return found

    def hands_off(self, stage):
        """The players' hands are off the stages (the active player's Done): the pile
        `stage` holds as expected is taken now; its events, as feed() gives them."""
        if not 0 <= stage < len(self.detectors):
            return []
        out = []
        for _kind, began, cards in self.detectors[stage].hands_off():
            out.append(self._added(stage, began, cards))
        return out

    def _removed(self, stage, began, cards):
        tip = self._last_tip
        if self.tipped or (tip is not None and abs(diff(began, tip)) <= self.tilt_ms):
            self._tip_at = None  # the tip is this fall: no need to ask
            self._lifted = None
            return (FELL, stage, cards, began)
        self._lifted = (stage, began) if cards == 1 else None
        return (REMOVED, stage, cards, began)

    def _added(self, stage, began, cards):
        lifted = self._lifted
        self._lifted = None
        if (cards == 1 and lifted is not None and lifted[0] != stage
                and 0 <= diff(began, lifted[1]) <= self.move_ms):
            return (MOVED, stage, 1, began)
        return ("added", stage, cards, began)

    def tilt(self, t_ms, tipped):
        """The switch changed; returns a list of events."""
        self.tipped = tipped
        if not tipped:
            return [(TILT, 0, 0, t_ms)]
        self._last_tip = t_ms
        lifted = self._lifted
        if lifted is not None and abs(diff(t_ms, lifted[1])) <= self.tilt_ms:
            # the card that just left fell: that removal already counted it
            self._lifted = None
            return []
        self._tip_at = t_ms
        return []

    def poll(self, now_ms):
        """Call now and then (every tick of the screen): a held tip times out."""
        tip = self._tip_at
        if tip is not None and diff(now_ms, tip) >= self.hold_ms:
            self._tip_at = None
            return [(TILT, 0, 1, tip)]
        return []
