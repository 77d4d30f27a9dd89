# Pawpad as a MicroPython package: the `pawpad` package, at one optimisation level.
# boards/<name>/manifest.py includes this file to freeze the firmware into a UF2 (it
# then shares this metadata); tools/install/manifests.py reads it too: it writes package.json
# (mpremote mip install) from it, and `make flash` compiles at the same level (opt).
# Executed by MicroPython's tools/manifestfile.py, in this folder.


def _version():
    """The one source of the version: pawpad.VERSION, in pawpad/__init__.py."""
    with open("pawpad/__init__.py") as f:
        for line in f:
            if line.startswith("VERSION"):
                return line.split('"')[1]
    raise ValueError("pawpad/__init__.py has no VERSION")


metadata(description="Pawpad: a table-side box that referees four dog card games",
         version=_version())
# -O3: no asserts, no line numbers in tracebacks: the least bytecode. make flash copies
# .mpy compiled at this level too, so a frozen and a copied firmware behave alike.
package("pawpad", opt=3)
