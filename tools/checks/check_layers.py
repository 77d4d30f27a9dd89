# Checks the layers (docs/app.md's "Layout", and ALLOWED below): each folder of
# firmware/pawpad may import only what is below it, and the modules inside one layer
# import each other without a circle (deferred imports inside functions, and __import__
# or loader.load of a fixed name, count too). Rules engines and core services touch no
# hardware, clock or screen. Prints each breach with its file and line; exits 1 if
# there is any.
import ast
import os
import sys

PKG = "pawpad"
# What each layer may import from pawpad (besides itself); pawpad.ticks, pawpad.loader
# (code into the heap), pawpad.hardware (the board contract) and the package root are
# below everything. Inside the app the registry (the games' and the box's rows) is below
# the kernel (shell), the kernel below the games' flows and the menus, and the device
# above all.
ALLOWED = {
    "drivers": set(),
    "core": set(),
    "games": {"core"},
    "ui": {"core", "games"},
    "store": {"core", "games"},
    "app.registry": {"games"},
    "app.shell": {"core", "games", "ui", "store", "app.registry"},
    "app.menus": {"core", "games", "ui", "store", "app.registry", "app.shell"},
    "app.flows": {"core", "games", "ui", "store", "app.registry", "app.shell"},
    "app.device": {"core", "games", "ui", "store", "drivers", "app.registry", "app.shell",
                   "app.menus"},
}
PURE = {"machine", "rp2", "time", "utime", "framebuf", "asyncio", "uasyncio"}
# Outside modules a layer must not import: hardware, clocks, the frame buffer.
FORBIDDEN = {
    "core": PURE,
    "games": PURE,
    "store": PURE,
    "drivers": set(),
    "ui": {"machine", "rp2"},
    "app.registry": PURE,
    "app.shell": PURE,
    "app.menus": {"machine", "rp2", "asyncio", "uasyncio"},
    "app.flows": {"machine", "rp2", "asyncio", "uasyncio"},
    "app.device": {"machine", "rp2"},
}


def layer_of(mod):
    """The layer of a module named pawpad.x.y...: "core", "app.shell"; None below."""
    parts = mod.split(".")
    if len(parts) < 2 or parts[0] != PKG:
        return None
    if parts[1] == "app" and len(parts) > 2:
        return "app." + parts[2] if "app." + parts[2] in ALLOWED else "app"
    return parts[1] if parts[1] in ALLOWED else None


def files(root):
    """(module name, path) of every module under the package folder `root`."""
    for folder, _dirs, names in os.walk(root):
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                mod = PKG + "." + os.path.relpath(path, root)[:-3].replace(os.sep, ".")
                if mod.endswith(".__init__"):
                    mod = mod[:-len(".__init__")]
                yield mod, path


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
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "load" and isinstance(node.func.value, ast.Name)
              and node.func.value.id == "loader"):
            for arg in node.args:  # pawpad.loader.load("pawpad.x.y", ...): imports by name
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    yield node.lineno, arg.value


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
    mods = dict(files(root))
    for layer in sorted(ALLOWED):
        names = sorted(m for m in mods if layer_of(m) == layer)
        graph = {}
        for name in names:
            deps = set()
            for _line, mod in imports(mods[name]):
                for dep in names:  # the module itself, or one it names inside it
                    if dep != name and (mod == dep or mod.startswith(dep + ".")):
                        deps.add(dep)
            graph[name] = sorted(deps)
        prefix = "%s.%s." % (PKG, layer)
        for cyc in cycles(graph):
            found.append("%s: import circle %s" % (layer, " -> ".join(
                c[len(prefix):] if c.startswith(prefix) else c for c in cyc)))
    return found


def breaches(root):
    found = []
    for name, path in files(root):
        layer = layer_of(name)
        if layer is None:
            continue
        said = set()  # one breach a line: `from pawpad.ui import canvas` is one
        for line, mod in imports(path):
            if line in said:
                continue
            dep = layer_of(mod)
            if mod.split(".")[0] == PKG:
                if dep is None or dep == layer or dep in ALLOWED[layer]:
                    continue  # below everything, its own layer, or one below it
                found.append("%s:%d: %s imports %s" % (path, line, layer, mod))
                said.add(line)
            elif mod.split(".")[0] in FORBIDDEN[layer]:
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
