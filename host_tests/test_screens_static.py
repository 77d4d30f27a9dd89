# cpython only
# A screen that stores data under the name of one of its methods
# (self.stage = 1, self.key = "red") silently breaks the app's calls to it; twice
# already. Every assignment to self.<name> in the app's classes is checked.
import ast
import os

from support.unix_port import ROOT

METHODS = {"draw", "key", "player", "stage", "tick", "begin", "rows", "choose", "change",
           "edited", "editable", "corner", "busy", "sensing"}


def test_no_screen_attribute_shadows_a_screen_method():
    folder = os.path.join(ROOT, "firmware", "pawpad", "app")
    found = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".py"):
            continue
        path = os.path.join(folder, name)
        with open(path) as f:
            tree = ast.parse(f.read())
        # the screens: classes with a base class (plain holders such as Field have none)
        for cls in [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.bases]:
            for node in ast.walk(cls):
                if isinstance(node, ast.Assign):
                    for t in node.targets:
                        if (isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                                and t.value.id == "self" and t.attr in METHODS):
                            found.append("%s:%d %s.%s" % (name, node.lineno, cls.name, t.attr))
    assert found == []
