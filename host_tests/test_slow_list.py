# host_tests/slow.py (what `make check` leaves out) names only tests there are: a test
# renamed or removed leaves no stale name behind, which would put nothing out. Both
# runtimes.
from slow import SLOW, is_slow

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."


def test_every_slow_name_is_a_test_function_of_its_file():
    missing = []
    for module, names in SLOW.items():
        with open(HERE + "/" + module + ".py") as f:
            text = f.read()
        for name in names:
            if not name.startswith("test_") or ("\ndef %s(" % name) not in text:
                missing.append(module + "." + name)
    assert missing == [], missing


def test_a_listed_test_is_slow_and_others_are_not():
    module = sorted(SLOW)[0]
    assert is_slow(module, SLOW[module][0])
    assert not is_slow(module, "test_no_such_test")
    assert not is_slow("test_slow_list", "test_a_listed_test_is_slow_and_others_are_not")
