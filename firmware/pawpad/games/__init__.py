# The rules engines, by game id: where the store (a log's header, a resume, a replay)
# and the app find a game's rules. Nothing else lives here: a game's title, screens,
# variants and place in the menu are the app's registry (pawpad/app/registry.py), and
# what an engine costs in RAM is pawpad.loader's. The box's own engines are this
# package's modules, each named by its game's id; the registry adds any other.
from pawpad import loader

ENGINES = {}  # id -> the engine's module name
IDS = []  # the ids, in the order added (the main menu's)


def add(game_id, engine):
    """A game's engine: the module `engine` (a name) plays `game_id`."""
    if game_id not in ENGINES:
        IDS.append(game_id)
    ENGINES[game_id] = engine


for _id in ("pick_a_dog", "circus_puppy", "top_dog", "top_dogs"):
    add(_id, "pawpad.games." + _id)


def engine_for(game_id):
    """The rules engine module of the game (imported on first use); ValueError for a
    game the box does not play."""
    name = ENGINES.get(game_id)
    if name is None:
        raise ValueError("no game " + str(game_id))
    return loader.load(name)
