# Compiles every .py file under the given folders with mpy-cross, into --out with the
# same relative paths. Used by `make test` (every device file must compile for the
# Pico's Cortex-M0+: -march=armv6m), `make bench` (sizes) and `make sim` (the unix
# port then loads bytecode instead of compiling source, as the Pico does).
# Prints one line per failure and exits 1 if any file did not compile. The optimisation
# level is the frozen build's (firmware/manifest.py), so copied and frozen bytecode agree.
import argparse
import os
import subprocess
import sys

from install import manifests


def sources(folder):
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py") and name != "manifest.py":
                # manifest.py is read by MicroPython's freezing tool, not run on a device
                yield os.path.join(root, name)


def compile_tree(mpy_cross, specs, out, march="armv6m", opt=None):
    """specs: "folder" puts the folder's contents at the top of `out`;
    "folder:prefix" puts them under out/prefix. opt: mpy-cross -O (by default the
    firmware manifest's). Returns (total, failed, written)."""
    if opt is None:
        opt = manifests.firmware_opt()
    failed, total, done = [], 0, []
    for spec in specs:
        folder, _, prefix = spec.partition(":")
        for src in sources(folder):
            rel = os.path.join(prefix, os.path.relpath(src, folder))
            dst = os.path.join(out, os.path.splitext(rel)[0] + ".mpy")
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            cmd = [mpy_cross, "-O%d" % opt, "-march=" + march, "-o", dst,
                   "-s", os.path.basename(src), src]
            total += 1
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode:
                failed.append(src)
                print("mpy-cross failed on %s:\n%s" % (src, r.stderr.strip()))
            else:
                done.append(dst)
    return total, failed, done


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpy-cross", default="mpy-cross")
    ap.add_argument("--out", default="build/mpy")
    ap.add_argument("--march", default="armv6m")
    ap.add_argument("folders", nargs="+", help="folder or folder:prefix")
    a = ap.parse_args()
    total, failed, _ = compile_tree(a.mpy_cross, a.folders, a.out, a.march)
    print("mpy-cross -O%d -march=%s: %d files compiled, %d failed"
          % (manifests.firmware_opt(), a.march, total - len(failed), len(failed)))
    sys.exit(1 if failed or not total else 0)


if __name__ == "__main__":
    main()
