# cpython only: `make test` says what the machine lacks, and how to get it, before it
# installs anything (tools/checks/prereqs.py, run on the machine's own python3).
import sys

from checks import prereqs


def which_of(*present):
    return lambda name: "/usr/bin/" + name if name in present else None


def test_a_complete_machine_lacks_nothing():
    have = which_of("npm", "chromium", "apt-get")
    assert prereqs.missing("test", (3, 11), have, {}, False) == []
    assert prereqs.missing("dev", (3, 12), which_of(), {}, False) == []


def test_each_lack_is_named_with_how_to_get_it():
    lacking = prereqs.missing("test", (3, 9), which_of(), {}, False)
    assert len(lacking) == 3
    py, npm, chrome = lacking
    assert "3.11" in py and "3.9" in py and "PYTHON=" in py
    assert npm.startswith("npm") and "apt-get install npm" in npm
    assert chrome.startswith("Chromium") and "apt-get install chromium" in chrome
    # the development set needs only the Python
    assert prereqs.missing("dev", (3, 9), which_of(), {}, False) == [py]


def test_chromium_is_not_lacking_where_make_can_install_it_or_one_is_named(tmp_path):
    assert prereqs.missing("test", (3, 11), which_of("npm", "apt-get"), {}, True) == []
    lacking = prereqs.missing("test", (3, 11), which_of("npm", "apt-get"), {}, False)
    assert len(lacking) == 1 and lacking[0].startswith("Chromium")  # not root
    browser = tmp_path / "chrome"
    browser.write_text("")
    named = {"CHROMIUM": str(browser)}
    assert prereqs.missing("test", (3, 11), which_of("npm"), named, False) == []


def test_the_unix_ports_wheel_doubt():
    assert prereqs.unix_port_doubt((3, 11), "Linux", "x86_64") is None
    for version, system, machine in (((3, 12), "Linux", "x86_64"),
                                     ((3, 11), "Darwin", "arm64"),
                                     ((3, 11), "Linux", "aarch64")):
        said = prereqs.unix_port_doubt(version, system, machine)
        assert said and "3.11" in said and "x86-64 Linux" in said


def test_the_script_exits_1_and_says_so(monkeypatch, capsys):
    monkeypatch.setattr(prereqs, "missing", lambda kind: ["npm: get it"])
    monkeypatch.setattr(sys, "argv", ["prereqs.py", "test"])
    assert prereqs.main() == 1
    err = capsys.readouterr().err
    assert "nothing was installed" in err and "npm: get it" in err
    monkeypatch.setattr(sys, "argv", ["prereqs.py", "sim"])
    assert prereqs.main() == 0  # make sim needs nothing beyond python3 and make
