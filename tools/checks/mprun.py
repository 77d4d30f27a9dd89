# Runs the plain-assert test files on the MicroPython unix port.
# Usage: micropython tools/checks/mprun.py [--quick] host_tests [test_file.py ...], with
# MICROPYPATH set (make exports it: tools/sim/unixport.py).
# Every test_*.py file whose first line is not "# cpython only" is imported and each
# test_* function in it called. Prints a line per failure and `N passed, N failed,
# N skipped` (a test that does not apply here raises support.skipping.Skipped). --quick (make
# check) leaves out the slow tests the folder's slow.py lists, and says how many.
import gc
import os
import sys

# The firmware, the host package and the board come from MICROPYPATH (the Makefile
# exports it; tools/sim/unixport.py); the folder of test files is this runner's argument
# and goes first, so that they import their shared helpers (host_tests/support).
HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
ROOT = HERE + "/../.."


def is_dual(path):
    with open(path) as f:
        return not f.readline().startswith("# cpython only")


def main(args):
    quick = "--quick" in args
    args = [a for a in args if a != "--quick"]
    folder = args[0] if args else ROOT + "/host_tests"
    names = args[1:] or sorted(n for n in os.listdir(folder)
                               if n.startswith("test_") and n.endswith(".py"))
    sys.path.insert(0, folder)  # the one path this runner sets: its argument
    slow = __import__("slow").is_slow if quick else None
    passed = failed = skipped = left = 0
    for name in names:
        if not is_dual(folder + "/" + name):
            continue
        mod = __import__(name[:-3])
        # Each file's own module-level data (caches of played games, say) goes with it:
        # what one file leaves behind never shapes the heap of the next.
        loaded = [m for m in sys.modules if m.startswith(("test_", "support"))]
        for attr in sorted(dir(mod)):
            if not attr.startswith("test_"):
                continue
            if slow and slow(name[:-3], attr):
                left += 1
                continue
            fn = getattr(mod, attr)
            gc.collect()  # each test starts on a heap without the last one's garbage
            try:
                fn()
                passed += 1
            except Exception as e:  # report every failure, keep going
                if type(e).__name__ == "Skipped":
                    skipped += 1
                    print("SKIP %s.%s: %s" % (name, attr, e))
                    continue
                failed += 1
                print("FAIL %s.%s: %r" % (name, attr, e))
                sys.print_exception(e)
        mod = fn = None
        for m in loaded:
            del sys.modules[m]
        gc.collect()
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped)
          + (", %d slow left out (make test runs them)" % left if quick else ""))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:]) else 0)
