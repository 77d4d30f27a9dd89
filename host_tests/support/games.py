# Top Dogs through the device's menus: the keys that open it, a round's keys, three
# players and a whole game (from test_device_games.py).

from support.device import fresh_dir, play

# menu row 4, then Start on the house-rules screen
OPEN_TOP_DOGS = "1600 down\n1700 down\n1800 down\n1900 ok\n2000 ok\n"


def three_players():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3, "timer_s": 15}')
    return data


def round_keys(t, ups=(0, 0, 0)):
    """Keys for one round from the board: OK, then three values per seat (UP raises
    the first card of each seat); the last team's third OK saves the round. Returns
    (text, next time)."""
    lines = ["%d ok" % t]
    t += 100
    for seat in range(3):
        for _ in range(ups[seat]):
            lines.append("%d up" % t)
            t += 100
        for _ in range(3):
            lines.append("%d ok" % t)
            t += 100
    return "\n".join(lines) + "\n", t + 200


def whole_game(data, before=""):
    """Ten rounds of Top Dogs through the menus, OK on the last cup, and OK on the
    results (`before`: keys before 1600 ms, a notice to read, say)."""
    script = before + OPEN_TOP_DOGS
    t = 2100
    for r in range(10):
        keys, t = round_keys(t, ups=(r % 3, 1, 0))
        script += keys
    script += "%d ok\n%d ok\n" % (t + 300, t + 500)  # the last cup; the results: done
    return play(script, data)


def three_rounds(t=2100):
    """Keys for three rounds of Top Dogs for three from its start: seat 1's first card
    up in round 1, seat 2's in round 2, seat 3's in round 3; (text, next time)."""
    script = OPEN_TOP_DOGS
    for ups in ((1, 0, 0), (0, 1, 0), (0, 0, 1)):
        keys, t = round_keys(t, ups)
        script += keys
    return script, t
