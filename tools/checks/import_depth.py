# How deep the chains of nested imports go, against what the rp2 port's stack holds.
# An import that finds a module not yet loaded runs that module's own imports inside
# it: a chain of such imports nests, and each level takes 584 bytes of the C stack on
# the rp2 port (MicroPython v1.28.0 on the emulated Pico, .mpy modules). From a
# script's top level 13 levels fit (8.1 KB); past that, "RuntimeError: maximum
# recursion depth exceeded". The app imports in two places:
#   - main.py imports the device's loop (BOOT) before asyncio starts: that chain, with
#     nothing loaded yet, may nest BOOT_MOST deep;
#   - the rest is imported when first used, from inside the running app (a game's
#     engine and flow when it starts, the box's own screens when opened, the log's
#     whole reading at a resume): a key handler runs with about 3.9 KB of stack in use,
#     which leaves room for 7 levels; each such chain, with everything BOOT loaded
#     already loaded, may nest LAZY_MOST deep.
# The budgets keep two levels spare. Static: module-level imports (inside if/try too)
# are followed; imports inside functions are the lazy ones, as are the modules the
# game registry and the main menu name as text.
#   python tools/checks/import_depth.py [firmware]   prints each chain; exit 1 if over
import ast
import os
import sys

BOOT = "pawpad.app.device.loop"
BOOT_MOST = 10
LAZY_MOST = 5
PER_LEVEL = 584  # bytes of the rp2 port's C stack a nested import takes


class Tree:
    def __init__(self, root):
        self.root = root  # the folder that holds pawpad/
        self._top = {}

    def file(self, mod):
        p = os.path.join(self.root, *mod.split("."))
        if os.path.isdir(p):
            p = os.path.join(p, "__init__.py")
            return p if os.path.exists(p) else None
        return p + ".py" if os.path.exists(p + ".py") else None

    def modules(self):
        for folder, _dirs, files in os.walk(os.path.join(self.root, "pawpad")):
            for name in sorted(files):
                if name.endswith(".py"):
                    rel = os.path.relpath(os.path.join(folder, name), self.root)[:-3]
                    mod = rel.replace(os.sep, ".")
                    yield mod[:-len(".__init__")] if mod.endswith(".__init__") else mod

    def _named(self, node):
        """The pawpad modules an import statement loads, in order (a package's
        modules named in `from package import a, b` too)."""
        out = []
        if isinstance(node, ast.Import):
            out = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out = [node.module] + [node.module + "." + a.name for a in node.names
                                   if self.file(node.module + "." + a.name)]
        return [m for m in out if m.startswith("pawpad") and self.file(m)]

    def top_level(self, mod):
        """What importing `mod` imports in turn, in order: its packages first (loaded
        one after another, not nested), then its module-level imports."""
        if mod not in self._top:
            deps = []
            parts = mod.split(".")
            for i in range(1, len(parts)):
                deps.append(".".join(parts[:i]))
            with open(self.file(mod)) as f:
                tree = ast.parse(f.read())

            def walk(body):
                for n in body:
                    if isinstance(n, (ast.Import, ast.ImportFrom)):
                        deps.extend(self._named(n))
                    elif isinstance(n, ast.If):
                        walk(n.body)
                        walk(n.orelse)
                    elif isinstance(n, ast.Try):
                        walk(n.body)
                        for h in n.handlers:
                            walk(h.body)

            walk(tree.body)
            self._top[mod] = [d for d in deps if d != mod]
        return self._top[mod]

    def deferred(self, mod):
        """Modules `mod` imports from inside its functions, or names as a constant
        to __import__."""
        with open(self.file(mod)) as f:
            tree = ast.parse(f.read())
        out = []
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for n in ast.walk(fn):
                    out.extend(self._named(n))
        for n in ast.walk(tree):
            if (isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                    and n.func.id == "__import__" and n.args
                    and isinstance(n.args[0], ast.Constant)
                    and isinstance(n.args[0].value, str) and self.file(n.args[0].value)):
                out.append(n.args[0].value)
        return out

    def chain(self, mod, loaded):
        """The deepest chain of nested imports that importing `mod` runs, given the
        modules `loaded` already (which it adds to, as importing does)."""
        loaded.add(mod)
        best = [mod]
        for dep in self.top_level(mod):
            if dep not in loaded:
                sub = self.chain(dep, loaded)
                if len(sub) + 1 > len(best):
                    best = [mod] + sub
        return best


def named_as_text(root):
    """The modules the game registry (engines, flows) and the main menu (the box's
    own screens) import by name when they are first used."""
    sys.path.insert(0, root)  # the firmware tree asked about (an argument), first
    try:
        from pawpad.app import registry
    finally:
        sys.path.remove(root)
    out = []
    for g in registry.GAMES:
        out += [g.engine, g.flow]
    return out + ["pawpad.app.menus." + s.module for s in registry.BOX]


def chains(root):
    """(kind, chain, budget) of the boot and of every lazy import."""
    tree = Tree(root)
    booted = set()
    out = [("boot", tree.chain(BOOT, booted), BOOT_MOST)]
    lazy = []
    for mod in tree.modules():  # a lazily loaded module's own lazy imports too
        lazy += tree.deferred(mod)
    for mod in named_as_text(root):
        lazy.append(mod)
    seen = set()
    for mod in lazy:
        if mod in booted or mod in seen:
            continue
        seen.add(mod)
        out.append(("lazy", tree.chain(mod, set(booted)), LAZY_MOST))
    return out


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "firmware"
    over = 0
    for kind, chain, most in chains(root):
        bad = len(chain) > most
        over += bad
        print("%s%-4s %2d of %2d (%5d B): %s" % ("OVER " if bad else "", kind, len(chain), most,
                                                len(chain) * PER_LEVEL, " -> ".join(chain)))
    print("import depth: %d over budget" % over)
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
