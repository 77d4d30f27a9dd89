# The stages' load cells and the tilt switch, polled by their own task only while a
# screen wants the stages weighed (Circus Puppy, the hardware check): asleep otherwise,
# tared when weighing starts, a silent load cell tried again every few seconds, and the
# samples recorded to a CSV file on flash when the hardware check asks.
from micropython import const

from pawpad.drivers.hx711 import SensorError
from pawpad.ticks import add, diff

RETRY_MS = const(5000)
POLL_MS = const(12)  # the HX711 at 80 Hz has a sample every 12.5 ms
IDLE_MS = const(250)  # how often to look whether a screen wants the stages


class Sensors:
    def __init__(self, hw):
        self.hw = hw
        n = len(hw.scales)
        self.sense = None  # both stages and the tilt, made when a screen starts weighing
        self.grams = [None] * n
        self.raw = [None] * n  # the last raw reading of each load cell (calibration)
        self._retry = [None] * n  # when to try a silent load cell again
        self._tared = [False] * n
        self._missing = [False] * n  # told already: not again at each retry
        self._seen = [False] * n  # answered since power-on (else: none fitted)
        self._on = None  # None at first: the load cells' state is not known yet
        self.restart = True  # the next weighing starts afresh (the settings changed)
        self.tilt = None if hw.tilt is None else hw.tilt.tipped
        self._recorder = None  # (Recorder, file, name) while the hardware check records
        self._expect = (None, 0)  # what the game expects: (stage, dogs at once)

    def apply(self, settings):
        for scale in self.hw.scales:
            if scale is not None:
                scale.per_gram = settings["counts_per_gram"]
        self.restart = True  # the next weighing starts afresh, with the card weight

    def poll(self, app, now_ms, card_decigrams):
        """One look at the stages, their events to the app; ms until the next."""
        hw = self.hw
        if not app.nav.top.sensing:
            self.record_stop()  # the hardware check was left
            # What a performance expected ends with it (an undo, the game menu): the
            # next screen that weighs says its own, or nothing.
            self._expect = (None, 0)
            if self._on is not False:
                # Nobody weighs: the HX711s sleep (about 1.5 mA each saved).
                for scale in hw.scales:
                    if scale is not None:
                        scale.power_down()
                self._on = False
            return IDLE_MS
        if not self._on or self.restart:
            # The stages may have changed while nobody watched: start from what they
            # weigh now, not from what they weighed then.
            if not self._on:
                for scale in hw.scales:
                    if scale is not None:
                        scale.power_up(now_ms)
            self._on = True
            self.restart = False
            self._tared = [False] * len(hw.scales)
            # The detector's code is loaded the first time a screen weighs: a box that
            # never plays Circus Puppy never holds it (5 KB on a Pico).
            from pawpad.core.stage.sense import StageSense

            self.sense = StageSense(card_decigrams / 10, len(hw.scales))
            self.sense.expect(*self._expect)
        for i, scale in enumerate(hw.scales):
            if scale is not None:
                self._weigh(app, i, scale, now_ms)
        if hw.tilt is not None:
            tipped = hw.tilt.poll(now_ms)
            if tipped is not None:
                self.tilt = tipped
                for ev in self.sense.tilt(now_ms, tipped):
                    app.stage(ev, now_ms)
        for ev in self.sense.poll(now_ms):  # a tip no stage explained, in time
            app.stage(ev, now_ms)
        rec = self._recorder
        if rec is not None and rec[0].due():
            try:
                rec[0].flush(rec[1].write)  # between two samples: the HX711 waits
            except OSError:
                self.record_stop()
        return POLL_MS

    def _weigh(self, app, i, scale, now_ms):
        retry = self._retry[i]
        if retry is not None:
            if diff(now_ms, retry) < 0:
                return
            self._retry[i] = None
            scale.power_up(now_ms)
        try:
            raw = scale.poll(now_ms)
        except SensorError as e:
            self._retry[i] = add(now_ms, RETRY_MS)
            self.grams[i] = None
            # Said once, and only of a load cell that answered before (a cable come
            # loose): a box without load cells is never interrupted about them; the
            # hardware check shows them missing.
            if not self._missing[i] and self._seen[i]:
                print("pawpad:", e)
                if app.session is not None:
                    app.toast(str(e))  # in a game: say it, do not stop it
                else:
                    app.notify(str(e) + "; retrying.")
            self._missing[i] = True
            return
        if raw is None:
            return
        self._missing[i] = False  # it answers again
        self._seen[i] = True
        if not self._tared[i]:
            scale.offset = raw  # what stands on the stage at start reads as zero
            self._tared[i] = True
        self.raw[i] = raw
        g = scale.grams(raw)
        self.grams[i] = g
        if self._recorder is not None:
            self._recorder[0].add(now_ms, i, g)
        for ev in self.sense.feed(i, now_ms, g):
            app.stage(ev, now_ms)

    def stages(self):
        """Each stage as the hardware check shows it: its weight, "-" or "missing"."""
        out = []
        for i, g in enumerate(self.grams):
            if self.hw.scales[i] is None or self._missing[i]:
                out.append("missing")
            else:
                out.append("-" if g is None else "%dg" % int(g))
        return out

    def pending_since(self):
        """When a change on the stages began that is not settled yet, or None: the
        5-second rule waits for it (a fall is reported a little after it began)."""
        if self.sense is None or not self._on:
            return None
        return self.sense.pending_since()

    def still(self, stage):
        """Does the stage hold still now, as its detector sees it? Never while it is not
        weighed or its load cell is silent: a detector fed nothing keeps what it last
        saw."""
        if self.sense is None or not self._on or not 0 <= stage < len(self._missing):
            return False
        if self.hw.scales[stage] is None or self._missing[stage]:
            return False
        return self.sense.still(stage)

    def told(self, stage, cards):
        """The players' answer to a stage's "unsure", for its detector."""
        if self.sense is not None:
            self.sense.told(stage, cards)

    def expect(self, stage, cards):
        """What the game expects next on the stages, for the detectors."""
        if self._expect != (stage, cards):
            self._expect = (stage, cards)
            if self.sense is not None:
                self.sense.expect(stage, cards)

    def pair_ready(self):
        """The stage holding still at the pile the game expects, or None."""
        if self.sense is None or not self._on:
            return None
        stage = self.sense.pair_ready()
        return stage if stage is not None and self._answers(stage) else None

    def hands_off(self, stage):
        """The players' hands are off: the expected pile on `stage` taken now; its
        events (the caller handles them: they are not sent to the app). The stage's
        detector takes it only if it holds still at it (ChangeDetector.hands_off)."""
        if self.sense is None or not self._on or not self._answers(stage):
            return []
        return self.sense.hands_off(stage)

    def _answers(self, stage):
        """Is `stage`'s load cell fitted and answering?"""
        scales = self.hw.scales
        return 0 <= stage < len(scales) and scales[stage] is not None and not self._missing[stage]

    # --- "Record" in the hardware check: the stages' samples as CSV on flash ---
    def record(self, store):
        """Starts recording into a new stages-N.csv; None, or why it cannot."""
        if store is None:
            return "Flash not usable"
        from pawpad.core.stage import recording

        n = 1
        while store.exists("stages-%d.csv" % n):
            n += 1
        name = "stages-%d.csv" % n
        try:
            f = open(store.path(name), "wb")
            f.write(recording.HEADER.encode())
        except OSError as e:
            return "Not recorded (%s)" % e
        self._recorder = (recording.Recorder(2048, len(self.hw.scales)), f, name)
        return None

    def recording(self):
        """Samples recorded so far, or None when not recording."""
        return None if self._recorder is None else self._recorder[0].count

    def record_stop(self):
        if self._recorder is None:
            return
        rec, f, name = self._recorder
        self._recorder = None
        try:
            rec.flush(f.write)
            f.close()
        except OSError:
            pass
        print("pawpad: %s: %d samples, %d dropped" % (name, rec.count, rec.dropped))
