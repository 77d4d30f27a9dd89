# The games the box plays: this table is the one list of them. The main menu, the game
# start, the log's header check, the history and the flows all read it; a new game is a
# row here, its rules engine and its flow. An engine and a flow are imported only when a
# game of theirs is played (a Pico has no heap to spare for all four).
import gc
import sys

import pawpad

# (id, title, rules engine, flow, variants): the flow is the app's screens for the
# game (pawpad.app.flows, named here and imported only by the app); variants are the
# rulebook's ways to play chosen before the game starts ((value of the "variant"
# setting, its title)), or none.
GAMES = (
    ("pick_a_dog", "Pick-a-Dog", "pawpad.games.pick_a_dog", "pawpad.app.flows.pick_a_dog.flow",
     (("dog", "Pick-a-Dog"), ("pog", "Pick-a-Pog"), ("solo", "Solo"))),
    ("circus_puppy", "Circus Puppy", "pawpad.games.circus_puppy",
     "pawpad.app.flows.circus_puppy.flow", ()),
    ("top_dog", "Top Dog", "pawpad.games.top_dog", "pawpad.app.flows.top_dog.flow", ()),
    ("top_dogs", "Top Dogs", "pawpad.games.top_dogs", "pawpad.app.flows.top_dogs.flow", ()),
)
IDS = tuple(g[0] for g in GAMES)  # in the main menu's order
# {id: {variant: title}} (None: the game's own), for the screens that draw a title often
_TITLES = dict((g[0], dict([(None, g[1])] + list(g[4]))) for g in GAMES)


def entry(game_id):
    """The game's row; ValueError for a game the box does not play."""
    for g in GAMES:
        if g[0] == game_id:
            return g
    raise ValueError("no game " + str(game_id))


def title(game_id, variant=None):
    """The game's name on the screens (its variant's, for a variant)."""
    titles = _TITLES.get(game_id)
    if titles is None:
        raise ValueError("no game " + str(game_id))
    return titles.get(variant) or titles[None]


def load(*modules):
    """The last of `modules`, each imported on first use, into a heap collected once
    just before (a module's code is one long-lived block, best not put in a hole). A
    game's engine or flow loaded from .mpy files (pawpad.IN_RAM) sends every other
    game's out of RAM first: one game is played at a time, and its code is 30-40 KB of
    the heap there. Frozen code is in flash: its modules are left (sending them away
    would cost a first screen 20 ms and free little)."""
    fresh = [m for m in modules if m not in sys.modules]
    if fresh:
        if pawpad.IN_RAM:
            forget_others(modules)
        gc.collect()
        with pawpad.Packed():  # and the holes the loading leaves filled as it goes (.mpy)
            for m in fresh:
                __import__(m)
    return sys.modules[modules[-1]]


def forget_others(modules):
    """The engines and flows (with their screens' modules) of the games `modules` are
    not of leave sys.modules and their packages; a module of no game: nothing goes."""
    mine = [g for g in GAMES if g[2] in modules or g[3] in modules]
    if not mine:
        return
    for g in GAMES:
        if g in mine:
            continue
        flows = g[3].rpartition(".")[0]  # pawpad.app.flows.<game>, and all it holds
        for name in [n for n in sys.modules if n == g[2] or n == flows or
                     n.startswith(flows + ".")]:
            drop_module(name)


def drop_module(name):
    """`name` out of sys.modules and out of its package, so that its code can be freed
    (a package keeps its submodules as attributes)."""
    sys.modules.pop(name, None)
    parent, _, leaf = name.rpartition(".")
    package = sys.modules.get(parent)
    if package is not None and hasattr(package, leaf):
        delattr(package, leaf)


def prepare(game_id):
    """A game about to start: its engine and its flow imported together, after one
    collection instead of one each (a collection takes 10-20 ms on a Pico)."""
    g = entry(game_id)
    load(g[2], g[3])


def engine_for(game_id):
    """The rules engine module of the game."""
    return load(entry(game_id)[2])
