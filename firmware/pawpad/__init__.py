# Pawpad: firmware for a table-side box that referees four dog card games.
VERSION = "0.1.0"


# Is this code loaded from .mpy files into RAM (make flash, make sim), not frozen into
# the firmware (its __file__ is then the source's name) nor run from source?
IN_RAM = __file__.endswith(".mpy")


class Packed:
    """While a `with` block of it lasts, the heap is collected after every BYTES
    allocated (gc.threshold), where the code is loaded into RAM (IN_RAM): it then
    fills the holes its own loading leaves, instead of spreading over the heap. The
    boot's imports from .mpy on the emulated Pico: largest free block after them
    140 KB instead of 66 KB, for 0.1 s. Frozen code stays in flash: nothing to pack,
    and the collections would only slow the boot."""

    BYTES = 16384

    def __enter__(self):
        import gc

        self.set = getattr(gc, "threshold", None) if IN_RAM else None
        if self.set is not None:
            self.was = self.set()
            self.set(self.BYTES)
        return self

    def __exit__(self, *_exc):
        if self.set is not None:
            self.set(self.was)
        return False
