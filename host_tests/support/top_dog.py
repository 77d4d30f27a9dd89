# Top Dog through the device's menus: the keys that open it, two players, a statistics
# entry (from test_device_top_dog.py).

from pawsim.scripts import timed
from support.device import fresh_dir

OPEN = "1600 down\n1700 down\n1800 ok\n"  # menu row 3


def two_players():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 2}')
    return data


def stats_entry(t, rows):
    """The play screen: for each seat (how, [P, A, W, S]); UP raises a stat from ?.
    how: "new" (no previous dog: the box does not ask), "new?" or "breed" (asked)."""
    names = ["ok"]  # from the board
    for how, stats in rows:
        if how == "breed":
            names.append("up")
        if how != "new":
            names.append("ok")
        for v in stats:
            names += ["up"] * (v + 1)  # ? -> 0 -> v
            names.append("ok")
    return timed(t, names)
