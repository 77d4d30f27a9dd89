# The games the box plays: this table is the one list of them. The main menu, the game
# start, the log's header check, the history and the flows all read it; a new game is a
# row here, its rules engine and its flow. An engine and a flow are imported only when a
# game of theirs is played (a Pico has no heap to spare for all four): pawpad.loader
# imports them and, on the .mpy install, sends the other games' out.
from pawpad import loader


class Entry:
    """A game's row: its id (in logs, history and settings), its title (the menu's),
    its rules engine's module, its flow's (the app's screens for it: pawpad.app.flows,
    named here and imported only by the app) and its variants: the rulebook's ways to
    play chosen before the game starts, ((value of the "variant" setting, its title)),
    or none."""

    def __init__(self, id, title, engine, flow, variants=()):
        self.id = id
        self.title = title
        self.engine = engine
        self.flow = flow
        self.variants = variants


GAMES = (
    Entry("pick_a_dog", "Pick-a-Dog", "pawpad.games.pick_a_dog",
          "pawpad.app.flows.pick_a_dog.flow",
          (("dog", "Pick-a-Dog"), ("pog", "Pick-a-Pog"), ("solo", "Solo"))),
    Entry("circus_puppy", "Circus Puppy", "pawpad.games.circus_puppy",
          "pawpad.app.flows.circus_puppy.flow"),
    Entry("top_dog", "Top Dog", "pawpad.games.top_dog", "pawpad.app.flows.top_dog.flow"),
    Entry("top_dogs", "Top Dogs", "pawpad.games.top_dogs", "pawpad.app.flows.top_dogs.flow"),
)
IDS = tuple(g.id for g in GAMES)  # in the main menu's order
# {id: {variant: title}} (None: the game's own), for the screens that draw a title often
_TITLES = dict((g.id, dict([(None, g.title)] + list(g.variants))) for g in GAMES)


def entry(game_id):
    """The game's row; ValueError for a game the box does not play."""
    for g in GAMES:
        if g.id == game_id:
            return g
    raise ValueError("no game " + str(game_id))


def title(game_id, variant=None):
    """The game's name on the screens (its variant's, for a variant)."""
    titles = _TITLES.get(game_id)
    if titles is None:
        raise ValueError("no game " + str(game_id))
    return titles.get(variant) or titles[None]


def load(*modules):
    """The last of `modules`, imported on first use (pawpad.loader): a game's engine or
    flow sends every other game's out of RAM first, where code is loaded into RAM."""
    return loader.load(*modules, evict=_others)


def _others(modules):
    """The engines and flows' packages of the games `modules` are not of; none for a
    module of no game."""
    mine = [g for g in GAMES if g.engine in modules or g.flow in modules]
    if not mine:
        return ()
    return [name for g in GAMES if g not in mine
            for name in (g.engine, g.flow.rpartition(".")[0])]  # pawpad.app.flows.<game>


def prepare(game_id):
    """A game about to start: its engine and its flow imported together, after one
    collection instead of one each (a collection takes 10-20 ms on a Pico)."""
    g = entry(game_id)
    load(g.engine, g.flow)


def engine_for(game_id):
    """The rules engine module of the game."""
    return load(entry(game_id).engine)
