# Which rules engine plays which game, and its name on the screens. An engine is
# imported only when a game of it is played (a Pico has no heap to spare for all four).
import gc
import sys

GAMES = {
    "top_dogs": "Top Dogs",
    "top_dog": "Top Dog",
    "pick_a_dog": "Pick-a-Dog",
    "circus_puppy": "Circus Puppy",
}


def engine_for(name):
    """The rules engine module of the game `name`."""
    if name not in GAMES:
        raise ValueError("no game " + str(name))
    module = "pawpad.games." + name
    if module not in sys.modules:
        gc.collect()  # its code goes into a heap without the holes of what went before
    return __import__(module, None, None, (name,))
