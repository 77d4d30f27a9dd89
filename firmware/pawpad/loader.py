# Code coming into the heap, and the heap made ready for it: every lazy import (by a
# module's name), every collection the firmware asks for, every module sent out of
# sys.modules and the collection threshold are here, so that what each costs is said
# once. Below every layer: the engines' package, the store and the app use it alike.
#
# What it costs depends on the install:
# - the frozen UF2 (the box's install): a module's code is in flash, and importing it
#   costs the heap only its globals, so nothing is sent away (it would free little and
#   cost a first screen 20 ms to import again) and the threshold is left alone;
# - the .mpy development install (make flash, make sim): a module's code is loaded into
#   the heap, 30-40 KB for one game's engine and screens, so a game's code sends every
#   other game's out (one game is played at a time), and while code loads the heap is
#   collected every PACK_BYTES allocated, so that it fills the holes its own loading
#   leaves instead of spreading.
# On both, the code of a whole reading of the log leaves sys.modules once the reading is
# done (store/session.py): a game being played never needs it again.
# A collection takes 10-20 ms on a Pico: one is made before code is loaded (a module is
# one long-lived block, best not put in a hole), before a Pick-a-Dog round (so that none
# falls into it) and while the box is idle (so that none falls into a menu step).
import gc
import sys

# Is this code loaded from .mpy files into RAM (make flash, make sim), not frozen into
# the firmware (its __file__ is then the source's name) nor run from source?
IN_RAM = __file__.endswith(".mpy")

# Plain ints, not const(): the engines' package imports this, and the engines import on
# a plain CPython with no micropython module.
PACK_BYTES = 16384
IDLE_BYTES = 8192

kept = 0  # bytes in use after the last collection made while idle
idle_collections = 0  # collections collect_while_idle() made (benchmarks, tests)


def collect():
    """A collection now: before a round or a reading that must not be interrupted by
    one."""
    gc.collect()


def collect_while_idle():
    """A collection now, while nobody waits for the screen, once 8 KB or more were
    allocated since the last: so that the collection an allocation would force in
    the middle of a menu step or a game's first screen (10-12 ms frozen, 20-24 ms
    from .mpy on a Pico) seldom has to come there."""
    global kept, idle_collections
    if not hasattr(gc, "mem_alloc"):  # CPython (the tests' boot screen): its own gc
        return
    if gc.mem_alloc() - kept >= IDLE_BYTES:
        gc.collect()
        kept = gc.mem_alloc()
        idle_collections += 1


def free():
    """Bytes free on the heap after a collection; None where the runtime cannot say
    (CPython)."""
    gc.collect()
    mem_free = getattr(gc, "mem_free", None)
    return mem_free() if mem_free is not None else None


class Packed:
    """While a `with` block of it lasts, the heap is collected after every PACK_BYTES
    allocated (gc.threshold), where the code is loaded into RAM (IN_RAM). The boot's
    imports from .mpy on the emulated Pico: largest free block after them 140 KB
    instead of 66 KB, for 0.1 s. Frozen: nothing to pack, and the collections would
    only slow the boot."""

    def __enter__(self):
        self.set = getattr(gc, "threshold", None) if IN_RAM else None
        if self.set is not None:
            self.was = self.set()
            self.set(PACK_BYTES)
        return self

    def __exit__(self, *_exc):
        if self.set is not None:
            self.set(self.was)
        return False


# Groups of code never needed in RAM together (the registry's games: each game's engine
# and its flow's package), by module or package name.
_groups = []


def group(names):
    """`names` (modules or packages) are one group: loading any of them sends every
    other group's out of RAM first, where code is loaded into RAM."""
    _groups.append(tuple(names))


def _in(name, names):
    for n in names:
        if name == n or name.startswith(n + "."):
            return True
    return False


def _others(modules):
    """The names of the groups `modules` are not of; none for a module of no group."""
    mine = [g for g in _groups for m in modules if _in(m, g)]
    if not mine:
        return ()
    return [name for g in _groups if g not in mine for name in g]


def load(*modules):
    """The last of `modules`, each imported on first use, after one collection, packed.
    Where code is loaded into RAM (the frozen install keeps it all), a module of a group
    first sends the other groups' modules out, with all they hold."""
    fresh = [m for m in modules if m not in sys.modules]
    if fresh:
        if IN_RAM:
            for name in _others(modules):
                forget(name)
        gc.collect()
        with Packed():
            for m in fresh:
                __import__(m)
    return sys.modules[modules[-1]]


def forget(name):
    """`name` and every module under it out of sys.modules and out of their packages
    (a package keeps its submodules as attributes), so that their code can be freed."""
    below = name + "."
    for n in [n for n in sys.modules if n == name or n.startswith(below)]:
        sys.modules.pop(n, None)
        parent, _, leaf = n.rpartition(".")
        package = sys.modules.get(parent)
        if package is not None and hasattr(package, leaf):
            delattr(package, leaf)
