# The STOP, made fast: the tone starts in the button interrupt itself, and the frames
# of every possible caller are made before GO, ready to go on the bus at once.


class Stop:
    def __init__(self, hw, panel):
        self.hw = hw
        self.panel = panel

    def arm(self, hz, seats):
        """Until disarmed, the first press of one of `seats` starts the tone of hz in
        the button interrupt."""
        hw = self.hw
        if hw.buzzer is not None and hw.players is not None:
            hw.players.arm(hw.buzzer.arm(hz), seats)

    def disarm(self):
        hw = self.hw
        if hw.buzzer is not None:
            hw.buzzer.disarm()
        if hw.players is not None:
            hw.players.disarm()

    def prepare(self, draw_base, draws, loose=0):
        """{key: writes ready to send} for the frames draws[key] would draw over the
        frame draw_base draws ({} without a display); `loose`: pages that may change
        meanwhile."""
        disp = self.hw.display
        if disp is None:
            return {}
        from pawpad.ui.prepared import prepare_frames

        return prepare_frames(disp, draw_base, draws, loose)

    def send(self, prep):
        """Puts prepared writes on the bus at once (nothing if the panel changed);
        True when they went out."""
        disp = self.hw.display
        if disp is None or prep is None:
            return False
        sent = self.panel.send_prepared(prep)
        return sent is not None and sent >= 0

    @staticmethod
    def draw(prep, c):
        """Draws on canvas c the frame `prep` makes (what the panel shows once it is
        sent); False, drawing nothing, when there is no such frame."""
        if prep is None or prep.base is None:
            return False
        prep.frame_into(c.buf)
        return True
