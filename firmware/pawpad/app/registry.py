# The games the box plays and the box's own screens, each a named row: the one list the
# main menu, the game start, the flows, the history's titles and the host side (key
# scripts, benchmarks, tests) read. A new game is a row here (add()), its rules engine
# and its flow. A game's engine and flow are imported only when a game of theirs is
# played, through pawpad.loader, which keeps one game's code in RAM at a time on the
# .mpy install (a Pico has no heap to spare for all four).
from pawpad import games, loader


class Game:
    """A game's row: its id (in logs, history and settings), its title (the menu's),
    its rules engine's module, its flow's (the app's screens for it, holding FLOW) and
    its variants: the rulebook's ways to play chosen before the game starts, ((value of
    the "variant" setting, its title)), or none."""

    def __init__(self, id, title, engine, flow, variants=()):
        self.id = id
        self.title = title
        self.engine = engine
        self.flow = flow
        self.variants = variants


class BoxScreen:
    """A row of the box's own screens, after the games: its label, the module of
    pawpad.app.menus that holds it, the screen's class there."""

    def __init__(self, label, module, cls):
        self.label = label
        self.module = module
        self.cls = cls


GAMES = []  # in the main menu's order
_TITLES = {}  # {id: {variant: title}} (None: the game's own), for screens that draw often


def add(game):
    """A game into the box: its row after the others, its engine where the store finds
    it, its engine and screens one group of code in RAM (pawpad.loader)."""
    GAMES.append(game)
    _TITLES[game.id] = dict([(None, game.title)] + list(game.variants))
    games.add(game.id, game.engine)
    loader.group((game.engine, game.flow.rpartition(".")[0]))  # pawpad.app.flows.<id>


for _game in (
    Game("pick_a_dog", "Pick-a-Dog", "pawpad.games.pick_a_dog",
         "pawpad.app.flows.pick_a_dog.flow",
         (("dog", "Pick-a-Dog"), ("pog", "Pick-a-Pog"), ("solo", "Solo"))),
    Game("circus_puppy", "Circus Puppy", "pawpad.games.circus_puppy",
         "pawpad.app.flows.circus_puppy.flow"),
    Game("top_dog", "Top Dog", "pawpad.games.top_dog", "pawpad.app.flows.top_dog.flow"),
    Game("top_dogs", "Top Dogs", "pawpad.games.top_dogs", "pawpad.app.flows.top_dogs.flow"),
):
    add(_game)

BOX = (BoxScreen("Players", "players", "Players"),
       BoxScreen("Settings", "settings", "SettingsScreen"),
       BoxScreen("Statistics", "statistics", "Statistics"),
       BoxScreen("History", "history", "History"),
       BoxScreen("Check hardware", "hardware", "HardwareCheck"),
       BoxScreen("About", "about", "About"))


def game(game_id):
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


def labels():
    """The main menu's rows' labels, in order: the games', then the box's screens'
    (key scripts, benchmarks and tests find a row by its label here)."""
    return [g.title for g in GAMES] + [s.label for s in BOX]


def prepare(game_id):
    """A game about to start: its engine and its flow imported together, after one
    collection instead of one each (a collection takes 10-20 ms on a Pico)."""
    g = game(game_id)
    loader.load(g.engine, g.flow)


def flow(game_id):
    """The game's flow (its FLOW), its module imported on first use."""
    return loader.load(game(game_id).flow).FLOW


def screen(row):
    """A new screen of the box's own `row` (a BoxScreen), its module imported now."""
    return getattr(loader.load("pawpad.app.menus." + row.module), row.cls)()
