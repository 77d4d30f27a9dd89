# Per-player statistics and the small JSON files kept beside them. Both runtimes.
from test_session import store

from pawpad.app import stats


def test_stops_false_starts_and_the_fastest():
    s = {}
    stats.stop_called(s, "Red", True, 420)
    stats.stop_called(s, "Red", False, 300)
    stats.stop_called(s, "Red", True, None)
    stats.false_start(s, "Blue")
    assert s["Red"]["stops"] == 3 and s["Red"]["right"] == 2 and s["Red"]["wrong"] == 1
    assert s["Red"]["fastest_ms"] == 300
    assert s["Blue"]["false"] == 1 and s["Blue"]["stops"] == 0
    assert stats.lines(s, ["Red", "Blue", "Green"]) == ["Red 2/3 ok 0fs 300ms",
                                                       "Blu 0/0 ok 1fs"]
    assert stats.lines({}, ["Red"]) == ["No games yet."]


def test_best_solo_game_is_the_highest_score_then_the_quickest():
    s = {}
    assert stats.solo_result(s, -20, 90000)
    assert not stats.solo_result(s, -25, 10000)
    assert stats.solo_result(s, -20, 80000)
    assert not stats.solo_result(s, -20, 85000)
    assert s["solo_best"] == {"score": -20, "ms": 80000}


def test_saved_and_loaded_and_a_damaged_file_kept_aside():
    st = store()
    s = {}
    stats.stop_called(s, "Pink", True, 250)
    assert stats.save(st, s) is None
    assert stats.load(st) == s
    st.write_text(stats.STATS, "{not json")
    assert stats.load(st) == {}
    assert st.exists(stats.STATS + ".bad")
    assert stats.save(None, s) == "Flash not usable"
