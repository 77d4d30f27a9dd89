# A key script played on virtual time (tools/pawsim/script.py), keeping every frame the
# panel showed: the same code runs in the page (on the WebAssembly port, with the web
# board) and on the unix port (tools/web/web_frames.py, with the terminal simulator's
# board), and the browser test compares the two lists byte for byte.
# A frame is one line: "<t_ms> <screen> <on> <contrast> <inverted> <the 1024 bytes of
# display RAM, hex>".
from binascii import hexlify

from pawsim.script import Player, parse


class FramePlayer(Player):
    """A script's player that notes each new frame after every step; on_frame(line), if
    given, is told of each (the page draws and reads back its canvas there)."""

    def __init__(self, world, hw, device_factory, out_dir, on_frame=None):
        self.frames = []
        self.events = []  # (t_ms, action, args) as played
        self.before = []  # per event: how many frames had been drawn when it came
        self.on_frame = on_frame
        self._last = None
        super().__init__(world, hw, device_factory, out_dir)

    def _observe(self):
        super()._observe()
        p = self.world.panel
        line = "%d %d %d %s" % (1 if p.on else 0, p.contrast, 1 if p.inverted else 0,
                                hexlify(p.ram).decode())
        if line != self._last:
            self._last = line
            frame = "%d %s %s" % (self.t, self._screen, line)
            self.frames.append(frame)
            if self.on_frame is not None:
                self.on_frame(frame)

    def apply(self, action, args):
        self.events.append((self.t, action, args))
        self.before.append(len(self.frames))
        super().apply(action, args)

    def snap(self, name):
        pass  # the frames are the record here (and the page has no PNG writer's folder)


def play(world, hw, text, on_frame=None):
    """Plays the script `text` on a box built on `hw`; returns the player (its frames,
    and how many of them came before each event)."""
    from pawpad.app.device.device import Device

    player = FramePlayer(world, hw, Device, "", on_frame)
    player.play(parse(text))
    return player


def play_in_page(text, data_dir):
    """The page's script mode: the web board on virtual time, its flash in data_dir."""
    import pawpage
    import webboard

    import pawsim.board as simboard

    world, hw = webboard.make(pawpage, simboard.Clock(True), data_dir)
    return "\n".join(play(world, hw, text, pawpage.frame).frames)
