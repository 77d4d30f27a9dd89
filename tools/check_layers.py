# Checks the layers of DESIGN.md: each folder of firmware/pawpad may import only what
# is below it, and the modules inside one layer import each other without a circle
# (deferred imports inside functions and __import__ of a fixed name count too).
# Rules engines and core services touch no hardware, clock or screen. Prints each
# breach with its file and line; exits 1 if there is any.
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
    """(line, module) of every import in the file, at any depth; `from pawpad.x import
    y` also names pawpad.x.y, which may be a module."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, node.module + "." + alias.name
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            yield node.lineno, node.args[0].value


def cycles(graph):
    """Each circle met by a depth-first walk of {name: [names it imports]}."""
    out = []
    state = {}  # name -> 1 while on the path, 2 when done
    path = []

    def visit(n):
        state[n] = 1
        path.append(n)
        for d in graph[n]:
            if state.get(d) == 1:
                out.append(path[path.index(d):] + [d])
            elif d not in state:
                visit(d)
        path.pop()
        state[n] = 2

    for name in graph:
        if name not in state:
            visit(name)
    return out


def circles(root):
    """Import circles among the modules of each layer, as 'a -> b -> a' lines."""
    found = []
    for layer in sorted(ALLOWED):
        folder = os.path.join(root, layer)
        if not os.path.isdir(folder):
            continue
        names = [n[:-3] for n in sorted(os.listdir(folder)) if n.endswith(".py")]
        prefix = "%s.%s." % (PKG, layer)
        graph = {}
        for name in names:
            deps = set()
            for _line, mod in imports(os.path.join(folder, name + ".py")):
                if mod.startswith(prefix):
                    dep = mod[len(prefix):].split(".")[0]
                    if dep in names and dep != name:
                        deps.add(dep)
            graph[name] = sorted(deps)
        for cyc in cycles(graph):
            found.append("%s: import circle %s" % (layer, " -> ".join(cyc)))
    return found


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
            said = set()  # one breach a line: `from pawpad.ui import canvas` is one
            for line, mod in imports(path):
                if line in said:
                    continue
                parts = mod.split(".")
                if parts[0] == PKG:
                    if len(parts) < 2 or parts[1] in ("ticks", layer) or parts[1] not in ALLOWED:
                        continue  # the package root, pawpad.ticks, or its own layer
                    if parts[1] not in ALLOWED[layer]:
                        found.append("%s:%d: %s imports %s" % (path, line, layer, mod))
                        said.add(line)
                elif parts[0] in FORBIDDEN[layer]:
                    found.append("%s:%d: %s imports %s" % (path, line, layer, mod))
                    said.add(line)
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "firmware/pawpad"
    found = breaches(root)
    loops = circles(root)
    for line in found + loops:
        print(line)
    print("layers: %d breaches, %d import circles" % (len(found), len(loops)))
    found += loops
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
