# cpython only: the panel model checked against an independent driver.
# adafruit_ssd1306 and our driver draw the same picture; the panel model decodes both
# byte streams into the same display RAM, so the model is not just agreeing with us.
import adafruit_framebuf
import adafruit_ssd1306

from pawpad.drivers.ssd1306 import SSD1306
from pawsim.fakes import I2C
from pawsim.panel import Panel


class Busio:
    """CircuitPython's busio.I2C face (start/end slices, locking) over the rp2 fake."""

    def __init__(self, bus):
        self.bus = bus

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def writeto(self, addr, buf, start=0, end=None):
        self.bus.writeto(addr, bytes(buf)[start:end])

    def readfrom_into(self, addr, buf, start=0, end=None):
        self.bus.readfrom_into(addr, buf)


def picture(fb):
    fb.fill(0)
    fb.rect(0, 0, 128, 64, 1)
    fb.line(0, 0, 127, 63, 1)
    fb.fill_rect(40, 20, 30, 9, 1)
    for x in range(0, 128, 3):
        fb.pixel(x, 40 + x % 17, 1)


def test_model_decodes_adafruit_and_ours_alike():
    theirs_panel = Panel()
    theirs = adafruit_ssd1306.SSD1306_I2C(128, 64, Busio(I2C(0, devices=[theirs_panel])))
    picture(theirs)
    theirs.show()

    ours_panel = Panel()
    ours = SSD1306(I2C(0, devices=[ours_panel]))
    fb = adafruit_framebuf.FrameBuffer(ours.buffer, 128, 64, adafruit_framebuf.MVLSB)
    picture(fb)
    ours.show()

    assert theirs_panel.on and ours_panel.on
    assert bytes(theirs.buffer[1:]) == bytes(ours.buffer)
    assert theirs_panel.ram == ours_panel.ram == ours.buffer
    assert sum(bin(b).count("1") for b in ours_panel.ram) > 300  # a real picture
