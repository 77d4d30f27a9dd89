# Pawpad: firmware for a table-side box that referees four dog card games.
VERSION = "0.1.0"


class Packed:
    """While a `with` block of it lasts, the heap is collected after every BYTES
    allocated (gc.threshold): code loaded from .mpy files (make flash) then fills the
    holes its own loading leaves, instead of spreading over the heap. The boot's
    imports on the emulated Pico: largest free block after them 140 KB instead of
    66 KB, for 0.1 s. Frozen code allocates little and collects seldom; on CPython it
    does nothing."""

    BYTES = 16384

    def __enter__(self):
        import gc

        self.set = getattr(gc, "threshold", None)
        if self.set is not None:
            self.was = self.set()
            self.set(self.BYTES)
        return self

    def __exit__(self, *_exc):
        if self.set is not None:
            self.set(self.was)
        return False
