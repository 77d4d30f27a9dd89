# Per-player statistics and the small JSON files kept beside them. Both runtimes.
from pawpad.app.menus.statistics import lines
from pawpad.store.records import stats
from support.session import store


def test_a_game_is_merged_once_by_its_id():
    s = {}
    rec = {"scores": [3, 1, 0], "winners": [0]}
    tally = {0: {"stops": 2, "right": 1, "wrong": 1, "fastest_ms": 300},
             1: {"false": 1}}
    colours = ["Red", "Blue", "Green"]
    assert stats.merge(s, "g1", tally, colours, "pick_a_dog", rec)
    assert not stats.merge(s, "g1", tally, colours, "pick_a_dog", rec)  # replayed ending
    assert stats.merge(s, "g2", {0: {"stops": 1, "right": 1, "fastest_ms": 420}}, colours,
                       "pick_a_dog", rec)
    assert s["Red"]["stops"] == 3 and s["Red"]["right"] == 2 and s["Red"]["wrong"] == 1
    assert s["Red"]["fastest_ms"] == 300 and s["Red"]["games"] == 2
    assert s["Blue"]["false"] == 1 and s["Blue"]["stops"] == 0 and s["Green"]["games"] == 2
    assert s["Red"]["wins"] == 2 and s["Blue"]["wins"] == 0
    assert lines(s, ["Red", "Blue", "Pink"]) == [
        "Red won 2 of 2", " STOPs right 2/3", " fastest 300 ms",
        "Blue won 0 of 2", " false starts 1"]
    assert lines({}, ["Red"]) == ["No games yet."]


def test_figures_damaged_on_flash_count_as_nothing():
    s = {"Red": {"stops": "x", "right": 1e300, "wrong": -4, "games": True, "fastest_ms": "1"},
         "merged": 5}
    assert stats.merge(s, "g", {0: {"stops": 1}}, ["Red"], "top_dogs", {"scores": [1]})
    assert s["Red"] == {"stops": 1, "right": 0, "wrong": 0, "false": 0, "games": 1, "wins": 0}
    assert lines(s, ["Red"]) == ["Red won 0 of 1", " STOPs right 0/1"]


def test_best_solo_game_is_the_highest_score_then_the_quickest():
    s = {}
    assert stats.solo_result(s, -20, 90000)
    assert not stats.solo_result(s, -25, 10000)
    assert stats.solo_result(s, -20, 80000)
    assert not stats.solo_result(s, -20, 85000)
    assert s[stats.SOLO_BEST] == {"score": -20, "ms": 80000}


def test_saved_and_loaded_and_a_damaged_file_kept_aside():
    st = store()
    s = {}
    stats.add(s, "Pink", {"stops": 1, "right": 1, "fastest_ms": 250})
    assert stats.save(st, s) is None
    assert stats.load(st) == s
    st.write_text(stats.STATS, "{not json")
    assert stats.load(st) == {}
    assert st.exists(stats.STATS + ".bad")
    assert stats.save(None, s) == "Flash not usable"


def test_a_players_usual_count_is_kept_by_variant():
    s = {}
    colours = ["Red", "Blue"]
    rec = {"scores": [5, 2], "winners": [0]}
    # Red 7 cards in 2 rounds of Pick-a-Dog, then 4 in 1 round of Pick-a-Pog
    assert stats.merge(s, "g1", {0: {"cards_dog": 7, "rounds_dog": 2},
                                 1: {"cards_dog": 0, "rounds_dog": 2}}, colours,
                       "pick_a_dog", rec)
    assert stats.merge(s, "g2", {0: {"cards_pog": 4, "rounds_pog": 1}}, colours,
                       "pick_a_dog", rec)
    assert stats.usual_count(s, "Red", "dog") == 4  # 3.5, halves up
    assert stats.usual_count(s, "Red", "pog") == 4
    assert stats.usual_count(s, "Blue", "dog") == 0
    assert stats.usual_count(s, "Blue", "pog") is None  # never played it
    assert stats.usual_count(s, "Pink", "dog") is None
    s["Blue"]["rounds_dog"] = "2"  # damaged on flash: nothing known
    assert stats.usual_count(s, "Blue", "dog") is None
    assert lines(s, ["Red"]) == ["Red won 2 of 2", " cards/round 3.5",
                                       " Pog cards/round 4.0"]


def test_a_person_called_merged_is_a_person_and_every_game_counts_once():
    s = {}
    rec = {"scores": [3, 1], "winners": [0]}
    for gid in ("g1", "g2"):
        assert stats.merge(s, gid, {}, ["merged", "Bob"], "top_dogs", rec)
        assert not stats.merge(s, gid, {}, ["merged", "Bob"], "top_dogs", rec)  # replayed
    assert s["merged"]["games"] == 2 and s["merged"]["wins"] == 2
    assert lines(s, stats.people(s, ["merged", "Bob"])) == ["merged won 2 of 2",
                                                           "Bob won 0 of 2"]


def test_a_file_of_before_keeps_its_games_counted_and_its_best_solo():
    st = store()
    old = {"merged": ["g1"], "solo_best": {"score": -20, "ms": 80000},
           "Ann": {"stops": 1, "right": 1, "wrong": 0, "false": 0, "games": 1, "wins": 1}}
    st.write_json(stats.STATS, old)
    s = stats.load(st)
    assert not stats.merge(s, "g1", {}, ["Ann"], "top_dogs", {"scores": [1]})  # counted
    assert s[stats.SOLO_BEST] == {"score": -20, "ms": 80000}
    assert stats.people(s) == ["Ann"]


def test_every_word_a_file_keeps_for_itself_is_only_a_name_as_a_name():
    # The words the box's files use for their own fields (the statistics', the roster's,
    # a log header's, the history's, the drafts' and the timer's), and the games' ids:
    # each one that the roster takes as a name is played as a person, saved and read
    # back, and stays a person with their own games, every game counted once.
    from pawpad import games
    from pawpad.store.catalogues import roster
    from pawpad.store.log import schema
    from pawpad.store.records import history

    words = ["merged", "solo_best", stats.MERGED, stats.SOLO_BEST, "fastest_ms", "names",
             "seats", "id", "ms", "left", "running", "kind", "at", "value", "score"]
    words += list(stats.FIELDS) + list(stats.HAULS) + list(schema._HEAD_KEYS)
    words += list(history.TIMES) + list(games.IDS)
    names = []
    for w in words:
        if roster.valid(w) and w not in names:
            names.append(w)
    assert "merged" in names and "games" in names and "wins" in names  # the ones that bit
    st = store()
    for i in range(0, len(names), 2):
        pair = names[i:i + 2] + (["Bob"] if len(names[i:i + 2]) == 1 else [])
        s = stats.load(st)
        rec = {"scores": [2, 1], "winners": [0]}
        for gid in ("a%d" % i, "b%d" % i):
            assert stats.merge(s, gid, {0: {"stops": 1, "right": 1}}, pair, "pick_a_dog", rec)
            assert not stats.merge(s, gid, {}, pair, "pick_a_dog", rec)
        assert stats.save(st, s) is None
        back = stats.load(st)
        assert back[pair[0]]["games"] == 2 and back[pair[0]]["wins"] == 2, pair
        assert back[pair[0]]["right"] == 2 and back[pair[1]]["games"] == 2, pair
        assert set(pair) <= set(stats.people(back)), pair
        assert stats.people(back) == [p for p in stats.people(back) if p[:1] != "_"]
