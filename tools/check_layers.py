# Checks the layers of DESIGN.md: each folder of firmware/pawpad may import only what
# is below it. Rules engines and core services touch no hardware, clock or screen.
# Prints each breach with its file and line; exits 1 if there is any.
import ast
import os
import sys

PKG = "pawpad"
# What each layer may import from pawpad (besides itself); pawpad.ticks and the
# package root are below everything.
ALLOWED = {
    "drivers": set(),
    "core": set(),
    "games": {"core"},
    "ui": {"core", "games"},
    "app": {"core", "games", "ui", "drivers"},
}
# Outside modules a layer must not import: hardware, clocks, the frame buffer.
FORBIDDEN = {
    "core": {"machine", "rp2", "time", "utime", "framebuf", "asyncio", "uasyncio"},
    "games": {"machine", "rp2", "time", "utime", "framebuf", "asyncio", "uasyncio"},
    "drivers": set(),
    "ui": {"machine", "rp2"},
    "app": {"machine", "rp2"},
}


def imports(path):
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module


def breaches(root):
    found = []
    for layer in sorted(ALLOWED):
        folder = os.path.join(root, layer)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            for line, mod in imports(path):
                parts = mod.split(".")
                if parts[0] == PKG:
                    if len(parts) < 2 or parts[1] in ("ticks", layer):
                        continue
                    if parts[1] not in ALLOWED[layer]:
                        found.append("%s:%d: %s imports %s" % (path, line, layer, mod))
                elif parts[0] in FORBIDDEN[layer]:
                    found.append("%s:%d: %s imports %s" % (path, line, layer, mod))
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "firmware/pawpad"
    found = breaches(root)
    for line in found:
        print(line)
    print("layers: %d breaches" % len(found))
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
