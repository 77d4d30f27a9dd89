# The registry's rows (pawpad/app/registry.py): each game's engine is the one the store
# finds by its id, its flow plays that id, Pick-a-Dog's variants are named as its
# engine names them in its messages, and the main menu is the rows in order. Both
# runtimes.
from pawpad import games
from pawpad.app import registry


def test_every_row_names_the_engine_the_store_finds_and_a_flow_of_its_id():
    assert [g.id for g in registry.GAMES] == games.IDS
    for g in registry.GAMES:
        assert games.ENGINES[g.id] == g.engine
        assert games.engine_for(g.id).__name__ == g.engine
        assert registry.flow(g.id).id == g.id


def test_pick_a_dogs_variants_are_named_as_its_engine_names_them():
    rules = games.engine_for("pick_a_dog")
    assert dict(registry.game("pick_a_dog").variants) == dict(
        (v, rules.VARIANTS[v]["title"]) for v in rules.VARIANTS)
    assert rules.players_text("pog") == "Pick-a-Pog is for 2 to 8 players"
    assert registry.title("pick_a_dog", "solo") == "Solo"


def test_an_unknown_game_is_said_to_be_one():
    for ask in (registry.game, registry.title, games.engine_for):
        try:
            ask("chess")
        except ValueError as e:
            assert "chess" in str(e)
        else:
            raise AssertionError(ask)


def test_the_main_menu_is_the_rows_in_order():
    assert registry.labels() == [g.title for g in registry.GAMES] + [
        "Players", "Settings", "Statistics", "History", "Check hardware", "About"]
