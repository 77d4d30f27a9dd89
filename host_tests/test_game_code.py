# A game's code loaded from .mpy files is in RAM while it is played and leaves when
# another game's is loaded (the registry's groups, through pawpad.loader): each game's
# engine and flow are 30-40 KB of a Pico's heap there. Both runtimes.
import sys

from pawpad import games, loader
from pawpad.app import registry


def loaded_of(game_id):
    g = registry.game(game_id)
    flows = g.flow.rpartition(".")[0]
    return sorted(n for n in sys.modules
                  if n == g.engine or n == flows or n.startswith(flows + "."))


def every_games_code():
    """{name: module} of every game's code loaded now."""
    return dict((n, sys.modules[n]) for g in registry.GAMES for n in loaded_of(g.id))


def put_back(kept):
    """The games' code as it was before a test sent some away (other tests hold the
    modules they imported), their packages' attributes too."""
    for name in list(every_games_code()):
        loader.forget(name)
    for name, module in sorted(kept.items()):
        sys.modules[name] = module
        parent, _, leaf = name.rpartition(".")
        if parent in sys.modules:
            setattr(sys.modules[parent], leaf, module)


def test_loading_a_game_sends_the_others_code_away_and_it_comes_back():

    kept, in_ram = every_games_code(), loader.IN_RAM
    try:
        for name in kept:  # from nothing loaded, whatever other tests loaded before
            loader.forget(name)
        loader.IN_RAM = True  # the code from .mpy files
        sends_away_and_back()
        loader.IN_RAM = False  # frozen: every game's modules are left
        registry.prepare("circus_puppy")
        assert loaded_of("circus_puppy") and loaded_of("top_dogs")
    finally:
        loader.IN_RAM = in_ram
        put_back(kept)


def sends_away_and_back():
    registry.prepare("top_dogs")
    assert "pawpad.games.top_dogs" in sys.modules
    assert "pawpad.app.flows.top_dogs.flow" in sys.modules
    registry.prepare("circus_puppy")
    assert loaded_of("top_dogs") == []  # every module of it, the flow's package too
    import pawpad.app.flows as flows_package

    assert not hasattr(flows_package, "top_dogs") and not hasattr(games, "top_dogs")
    assert "pawpad.games.circus_puppy" in sys.modules
    kept = sys.modules["pawpad.games.circus_puppy"]
    assert games.engine_for("circus_puppy") is kept  # its own stay as they are
    engine = games.engine_for("top_dogs")  # back, a working engine
    state = engine.step(engine.start(3), {"t": "teams", "cards": [[1, 2, 3]] * 3})
    assert state["round"] == 1
    assert loaded_of("circus_puppy") == []


def test_a_module_of_no_game_sends_nothing_away():
    kept = every_games_code()
    try:
        registry.prepare("pick_a_dog")
        before = loaded_of("pick_a_dog")
        loader.forget("pawpad.games.shape")
        loader.load("pawpad.games.shape")
        assert loaded_of("pick_a_dog") == before and before
    finally:
        put_back(kept)


def test_code_loaded_into_ram_is_loaded_packed():
    # From .mpy files (make flash, make sim) the heap is collected every loader.PACK_BYTES
    # while code loads; frozen or source code is left to load as it is.
    import gc


    threshold = getattr(gc, "threshold", None)
    if threshold is None:
        from support.skipping import only_micropython

        only_micropython("CPython's gc has no allocation threshold")
    was, kept = threshold(), loader.IN_RAM
    try:
        loader.IN_RAM = True
        with loader.Packed():
            assert threshold() == loader.PACK_BYTES
        assert threshold() == was
        loader.IN_RAM = False
        with loader.Packed():
            assert threshold() == was
    finally:
        loader.IN_RAM = kept
        threshold(was)
