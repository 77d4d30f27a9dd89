# `make web`: the static page of Pawpad on MicroPython's WebAssembly port, in one folder
# that any static server can serve (nothing is fetched from elsewhere at run time).
#   index.html, pawpad.css, pawpad.js     the page (web/)
#   micropython.mjs, micropython.wasm     the port, from the npm package pinned in
#                                         web/package-lock.json (`npm ci` in web/)
#   python.pack                           every module the box runs, as bytecode, and
#                                         its rules file: one JSON index line ([path,
#                                         size], ...), then the files' bytes one after
#                                         another
# The modules are firmware/ (main.py and pawpad/), the pin map of boards/pico, the
# terminal simulator's board model (tools/pawsim) and the page's own (web/py), compiled
# by mpy-cross to plain bytecode (no -march: the port runs no machine code, so the
# @micropython.viper modules, _fast.py, stay out and the firmware's plain-Python twins
# draw, as on CPython).
import argparse
import json
import os
import shutil
import subprocess

from install.compile_all import sources

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PORT = "web/node_modules/@micropython/micropython-webassembly-pyscript"
PAGE = ("index.html", "pawpad.css", "pawpad.js")
RUNTIME = ("micropython.mjs", "micropython.wasm")
# (folder, where its modules go in the pack)
MODULES = (("firmware", ""), ("boards/pico/pins.py", ""), ("tools/pawsim", "pawsim"),
           ("web/py", ""))
RULES = "firmware/rules.bin"  # not a module: packed as it is (pawsim.board.rules_file)
NO_EMITTER = "_fast.py"  # viper: needs a native emitter, which this port has not


def modules():
    """(source file, path in the pack without the extension), in a fixed order."""
    for spec, prefix in MODULES:
        src = os.path.join(ROOT, spec)
        if os.path.isfile(src):
            yield src, os.path.splitext(os.path.basename(src))[0]
            continue
        for path in sources(src):
            if os.path.basename(path) == NO_EMITTER:
                continue
            rel = os.path.splitext(os.path.relpath(path, src))[0]
            yield path, os.path.join(prefix, rel).replace(os.sep, "/")


def compile_one(mpy_cross, src, tmp):
    dst = os.path.join(tmp, "m.mpy")
    r = subprocess.run([mpy_cross, "-O1", "-o", dst, "-s", os.path.basename(src), src],
                       capture_output=True, text=True)
    if r.returncode:
        raise SystemExit("mpy-cross failed on %s:\n%s" % (src, r.stderr.strip()))
    with open(dst, "rb") as f:
        return f.read()


def write_pack(mpy_cross, out):
    index, blobs = [], []
    tmp = os.path.join(out, ".tmp")
    os.makedirs(tmp, exist_ok=True)
    try:
        for src, name in modules():
            data = compile_one(mpy_cross, src, tmp)
            index.append([name + ".mpy", len(data)])
            blobs.append(data)
    finally:
        shutil.rmtree(tmp)
    n = len(index)
    with open(os.path.join(ROOT, RULES), "rb") as f:  # Rules here's pages, beside main
        data = f.read()
    index.append([os.path.basename(RULES), len(data)])
    blobs.append(data)
    with open(os.path.join(out, "python.pack"), "wb") as f:
        f.write(json.dumps({"files": index}, separators=(",", ":")).encode() + b"\n")
        for data in blobs:
            f.write(data)
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpy-cross", default="mpy-cross")
    ap.add_argument("--out", default="build/web")
    a = ap.parse_args()
    port = os.path.join(ROOT, PORT)
    if not os.path.isdir(port):
        raise SystemExit("web: %s is missing: run `npm ci` in web/ (make web does)" % PORT)
    if os.path.isdir(a.out):
        shutil.rmtree(a.out)
    os.makedirs(a.out)
    for name in PAGE:
        shutil.copy(os.path.join(ROOT, "web", name), a.out)
    for name in RUNTIME:
        shutil.copy(os.path.join(port, name), a.out)
    n = write_pack(a.mpy_cross, a.out)
    size = sum(os.path.getsize(os.path.join(a.out, f)) for f in os.listdir(a.out))
    print("web: %s: %d modules, %d bytes in all" % (a.out, n, size))


if __name__ == "__main__":
    main()
