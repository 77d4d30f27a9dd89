# cpython only: the rules file (firmware/rules.bin) is what docs/rules.md's "Rules here"
# says, entry for entry, with one for every step of every title and none for a step no
# game has; the tool that makes it refuses a page it could not show; every install
# carries it.
import os

from install import flash, manifests, rules_file
from pawpad.store import rules_book
from support.rules import every_key
from support.unix_port import ROOT


def test_the_rules_file_is_docs_rules_md_s():
    with open(rules_file.OUT, "rb") as f:
        assert f.read() == rules_file.build(rules_file.read_doc()), \
            "firmware/rules.bin is not docs/rules.md's: run make rules"


def test_the_page_has_an_entry_for_each_step_and_no_other():
    assert sorted(rules_file.keys(rules_file.read_doc())) == sorted(every_key())


def test_the_tool_refuses_what_the_box_could_not_show():
    good = ("## Rules here\n\n### top_dogs/top-dogs: The cups\n\nStep: a.\n\n"
            "Rulebook: b.\n\nBox: c.\n")
    data = rules_file.build(good)
    path = os.path.join(ROOT, "build", "rules-test.bin")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    e = rules_book.find(path, "top_dogs/top-dogs")
    assert e.title == "The cups"
    assert rules_book.page(path, e, 0, 9) == ["Step: a.", "", "Rulebook: b.", "", "Box: c."]
    for bad, why in ((good.replace("Box: c.", "c."), "paragraphs"),
                     (good.replace("The cups", "A title far too long to fit"), "title"),
                     (good.replace("Step: a.", "Step: \u00e9t\u00e9."), "font"),
                     (good + "\n### top_dogs/top-dogs: Again\n\nStep: a.\n\nRulebook: b.\n\n"
                      "Box: c.\n", "twice"),
                     ("## Rules\n", "section")):
        try:
            rules_file.build(bad)
        except ValueError as e:
            assert why in str(e), (why, str(e))
        else:
            raise AssertionError("built: " + why)


def test_both_installs_and_mip_carry_the_rules_file():
    board = os.path.join(ROOT, "boards", "pico")
    main = os.path.join(ROOT, "firmware", "main.py")
    for frozen in (False, True):
        files = dict((d, s) for s, d in flash.plan(os.path.join(ROOT, "build", "mpy"),
                                                  board, main, frozen))
        assert files["rules.bin"] == rules_file.OUT
    assert ["rules.bin", "firmware/rules.bin"] in manifests.package_json()["urls"]
