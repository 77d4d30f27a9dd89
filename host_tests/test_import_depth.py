# cpython only: no chain of nested imports the app runs can overflow the rp2 port's
# stack (tools/checks/import_depth.py holds the figures measured there).
import os

from checks import import_depth
from support.unix_port import ROOT


def test_every_chain_of_the_app_is_within_the_stack():
    found = import_depth.chains(os.path.join(ROOT, "firmware"))
    kinds = [kind for kind, _chain, _most in found]
    assert kinds[0] == "boot" and kinds.count("lazy") >= 4 + 4 + 6  # engines, flows, box
    for kind, chain, most in found:
        assert len(chain) <= most, (kind, " -> ".join(chain))
    flows = [c for k, c, _ in found if c[0].startswith("pawpad.app.flows.")]
    assert len([c for c in flows if c[0].endswith(".flow")]) == 4
    # a lazily loaded module's own lazy imports are checked too: Pick-a-Dog's round,
    # imported by its board when OK: GO is pressed
    assert any(c[0] == "pawpad.app.flows.pick_a_dog.countdown" for c in flows)


def _tree(tmp_path, files):
    for name, text in files.items():
        path = tmp_path / "pawpad" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return import_depth.Tree(str(tmp_path))


def test_the_check_follows_module_level_imports_only_and_counts_each_level_once(tmp_path):
    tree = _tree(tmp_path, {
        "__init__.py": "",
        "a.py": "import pawpad.b\nfrom pawpad.c import x\n",
        "b.py": "try:\n    import pawpad.d\nexcept ImportError:\n    pass\n",
        "c.py": "import pawpad.d\nx = 1\n",
        "d.py": "def later():\n    import pawpad.e\n",
        "e.py": "import pawpad.a\n",
    })
    # a -> b -> d is the deepest: c finds d loaded already; e is imported later, lazily
    assert tree.chain("pawpad.a", set()) == ["pawpad.a", "pawpad.b", "pawpad.d"]
    assert tree.deferred("pawpad.d") == ["pawpad.e"]
    assert tree.chain("pawpad.e", {"pawpad", "pawpad.a"}) == ["pawpad.e"]


def test_a_chain_past_the_budget_is_found(tmp_path):
    n = import_depth.LAZY_MOST + 1
    files = {"__init__.py": ""}
    for i in range(n):
        files["m%d.py" % i] = "import pawpad.m%d\n" % (i + 1) if i + 1 < n else ""
    tree = _tree(tmp_path, files)
    chain = tree.chain("pawpad.m0", set())
    assert chain == ["pawpad.m%d" % i for i in range(n)]  # the package is loaded first, apart
    assert len(chain) > import_depth.LAZY_MOST
