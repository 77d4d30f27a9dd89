# cpython only
# The games a demanding table played through the real menus (issue 22's list), played
# again by the press-count benchmark's reader (tools/bench/bench_presses.py): every
# round keyed through the screens and checked against the rules engine as it is saved
# (the cups, the champions, the cards), at each player count of the list, with and
# without the keypad. Circus Puppy's and solo's are test_device_circus_puppy's and
# test_device_pick_a_dog's scripted games.
from bench import bench_presses as bp

TABLES = (
    ("top_dogs", 3, None, bp.play_top_dogs, 10), ("top_dogs", 4, None, bp.play_top_dogs, 10),
    ("top_dogs", 5, None, bp.play_top_dogs_keypad, 10),
    ("top_dog", 2, None, bp.play_top_dog, 12), ("top_dog", 3, None, bp.play_top_dog_keypad, 12),
    ("top_dog", 4, None, bp.play_top_dog_catalog, 12),
    ("pick_a_dog", 4, {"variant": "dog"}, bp.play_pick, 12),
    ("pick_a_dog", 8, {"variant": "pog"}, bp.play_pick, 8),
)


def test_every_table_of_the_list_keys_its_rounds_as_the_rules_count_them():
    for game, players, setup, player, rounds in TABLES:
        row = (game, "%s %dP" % (game, players), players, setup, player)
        counts, _once = bp.measure(row, rounds, seed=22)
        assert len(counts) == rounds, (game, players, len(counts))
        assert all(c > 0 for c in counts), (game, players, counts)
