# A fifth game is a row, an engine and a flow: a toy coin toss (support/coin_toss.py,
# support/coin_toss_flow.py) added through the registry alone, from this test, and
# played through the real menus: the main menu's row, its house rules, the board, the
# results and the history; the key scripts reach the box's own rows by label, so the
# new row shifts none of them. Both runtimes.
from pawpad import games, loader
from pawpad.app import registry
from pawpad.store.files import Storage
from pawpad.store.records.history import read_history
from support.device import play
from support.pick_a_dog import data_with, log_records

TOY = registry.Game("coin_toss", "Coin Toss", "support.coin_toss", "support.coin_toss_flow")


def added():
    registry.add(TOY)


def taken_out():
    """The registry as the box has it (other tests read its rows)."""
    registry.GAMES.remove(TOY)
    games.IDS.remove(TOY.id)
    del games.ENGINES[TOY.id]
    loader._groups.remove((TOY.engine, "support"))


def test_a_game_added_by_its_row_alone_is_played_through_the_menus():
    before = registry.labels()
    added()
    try:
        assert registry.labels() == before[:4] + ["Coin Toss"] + before[4:]
        data = data_with('{"players": 2}')
        p = play("1600 goto Coin Toss\n1700 ok\n"  # its house rules, then Start
                 "1900 ok\n2100 p1\n2300 p2\n2500 p1\n2700 end", data)
        app = p.dev.app
        assert app.session.state["ended"] and app.session.state["won"] == [2, 1]
        assert [r["e"] for r in log_records(data)[1:] if "e" in r] == [
            {"t": "toss", "seat": 0}, {"t": "toss", "seat": 1}, {"t": "toss", "seat": 0}]
        assert log_records(data)[0]["game"] == "coin_toss"
        p.play([(2800, "ok", []), (3200, "end", [])])  # the results' OK: into the history
        games_kept = list(read_history(Storage(data)))
        assert [(g["game"], g["scores"], g["winners"]) for g in games_kept] == [
            ("coin_toss", [2, 1], [0])]
        assert app.screen_name() == "menu"
        p.play([(3300, "goto", ["Settings"]), (3400, "ok", []), (3600, "end", [])])
        assert app.screen_name() == "settings"  # a row after the games, by its label
    finally:
        taken_out()
    assert registry.labels() == before and "coin_toss" not in games.IDS
