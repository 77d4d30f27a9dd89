# The firmware's manifests, read without a MicroPython tree: what they freeze, at which
# optimisation level, and their metadata. They are executed as MicroPython's
# tools/manifestfile.py executes them (in their own folder, with the same functions), for
# the part of that API they use; a path of the port's own ($(PORT_DIR)/...) is left to
# the real build and listed in `skipped`.
#   python tools/install/manifests.py check --mpy-cross M   make test: every module the manifests
#       name compiles for the Pico at its level, the metadata's version is pawpad's, and
#       package.json is what the manifests say
#   python tools/install/manifests.py package-json          writes package.json (mpremote mip)
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE_MANIFEST = os.path.join(ROOT, "firmware", "manifest.py")
BOARD = "pico"
PACKAGE_JSON = os.path.join(ROOT, "package.json")


class _Options:
    """The `options` of an included manifest: include(path, name=value) sets them."""

    def __init__(self, kwargs):
        self.__dict__.update(kwargs)

    def defaults(self, **kwargs):
        for k, v in kwargs.items():
            self.__dict__.setdefault(k, v)


class Manifest:
    """A manifest and those it includes, executed: `files` [(source, target, opt)],
    `metadata` {version, description, ...} of the top-level one, `skipped` paths."""

    def __init__(self, path):
        self.files = []
        self.metadata = {}
        self.skipped = []
        self._visited = set()
        self.include(path)

    def _api(self, kwargs):
        return {"metadata": self._metadata, "include": self.include,
                "package": self.package, "module": self.module,
                "options": _Options(kwargs)}

    def _metadata(self, **kwargs):
        if kwargs and self.metadata:
            raise ValueError("duplicate call to metadata()")
        self.metadata.update(kwargs)
        return self.metadata

    def include(self, path, **kwargs):
        if "$(" in path:
            self.skipped.append(path)  # the port's own manifest: the real build's
            return
        path = os.path.abspath(path)
        if os.path.isdir(path):
            path = os.path.join(path, "manifest.py")
        if path in self._visited:
            return
        self._visited.add(path)
        with open(path) as f:
            code = f.read()
        here = os.getcwd()
        os.chdir(os.path.dirname(path))  # paths in a manifest are relative to it
        try:
            exec(compile(code, path, "exec"), self._api(kwargs))
        finally:
            os.chdir(here)

    def package(self, package_path, files=None, base_path=".", opt=None):
        base = os.path.abspath(base_path)
        if files is None:
            files = []
            for root, dirs, names in os.walk(os.path.join(base, package_path)):
                dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                files += [os.path.relpath(os.path.join(root, n), os.path.join(
                    base, package_path)) for n in sorted(names) if n.endswith(".py")]
        for name in files:
            target = os.path.join(package_path, name).replace(os.sep, "/")
            self.files.append((os.path.join(base, package_path, name), target, opt))

    def module(self, module_path, base_path=".", opt=None):
        self.files.append((os.path.join(os.path.abspath(base_path), module_path),
                           module_path, opt))


def firmware_opt():
    """The optimisation level the firmware is frozen at: make flash compiles at it too."""
    levels = {opt for _, _, opt in Manifest(FIRMWARE_MANIFEST).files}
    if len(levels) != 1 or None in levels:
        raise ValueError("firmware/manifest.py: one opt= for every module, not %r" % levels)
    return levels.pop()


def board_files(board=BOARD):
    """[(source, target)] that stay unfrozen: main.py, the rules file beside it (a UF2
    holds no file: Rules here reads it from flash) and the board's own modules."""
    folder = os.path.join(ROOT, "boards", board)
    files = [(os.path.join(ROOT, "firmware", "main.py"), "main.py"),
             (os.path.join(ROOT, "firmware", "rules.bin"), "rules.bin")]
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py") and name != "manifest.py":
            files.append((os.path.join(folder, name), name))
    return files


def package_json(board=BOARD):
    """mip's package.json: every module of the firmware and the board's files, at the
    paths they have on the Pico, with URLs relative to this repository's root (mip
    resolves them beside package.json: `mpremote mip install --target / github:...`)."""
    m = Manifest(FIRMWARE_MANIFEST)
    pairs = [(src, dst) for src, dst, _ in m.files] + board_files(board)
    urls = [[dst, os.path.relpath(src, ROOT).replace(os.sep, "/")] for src, dst in pairs]
    return {"urls": urls, "deps": [], "version": m.metadata["version"]}


def package_json_text(board=BOARD):
    """package.json as committed: one file to a line."""
    pj = package_json(board)
    urls = ",\n".join("    " + json.dumps(u) for u in pj["urls"])
    return '{\n  "urls": [\n%s\n  ],\n  "deps": [],\n  "version": %s\n}\n' % (
        urls, json.dumps(pj["version"]))


def pawpad_version():
    import pawpad

    return pawpad.VERSION


def check_manifest(mpy_cross, path):
    """(problems, manifest): every module the manifest names compiled for the Pico at its
    level, and its version checked against pawpad.VERSION."""
    problems = []
    m = Manifest(path)
    if m.metadata.get("version") != pawpad_version():
        problems.append("%s says version %r, pawpad.VERSION is %r"
                        % (os.path.relpath(path, ROOT), m.metadata.get("version"),
                           pawpad_version()))
    with tempfile.TemporaryDirectory() as out:
        for src, target, opt in m.files:
            cmd = [mpy_cross, "-march=armv6m", "-o", os.path.join(out, "x.mpy"),
                   "-s", target]
            if opt is not None:
                cmd.append("-O%d" % opt)
            r = subprocess.run(cmd + [src], capture_output=True, text=True)
            if r.returncode:
                problems.append("%s does not compile:\n%s" % (target, r.stderr.strip()))
    return problems, m


def check(mpy_cross, board=BOARD):
    """Problems found (an empty list when all is well); prints a summary line."""
    problems, m = check_manifest(mpy_cross, os.path.join(ROOT, "boards", board, "manifest.py"))
    try:
        with open(PACKAGE_JSON) as f:
            current = f.read()
    except OSError:
        current = None
    if current != package_json_text(board):
        problems.append("package.json is not what the manifests say: "
                        "run python tools/install/manifests.py package-json")
    print("manifests: %d modules named, compiled with mpy-cross -march=armv6m, version %s%s"
          % (len(m.files), m.metadata.get("version"),
             "; left to the port's build: " + ", ".join(m.skipped) if m.skipped else ""))
    return problems


def main(argv):
    if argv[:1] == ["package-json"]:
        with open(PACKAGE_JSON, "w") as f:
            f.write(package_json_text())
        print("package.json: %d files" % len(package_json()["urls"]))
        return 0
    if argv[:1] == ["check"]:
        mpy_cross = argv[argv.index("--mpy-cross") + 1] if "--mpy-cross" in argv \
            else "mpy-cross"
        problems = check(mpy_cross)
        for p in problems:
            print("manifests:", p)
        return 1 if problems else 0
    print("usage: manifests.py check [--mpy-cross M] | package-json")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
