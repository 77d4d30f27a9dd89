# A game of Top Dogs played from a script with the box's own rules engine: three
# players, ten rounds, each laying a team of three cards; the engine values the teams,
# settles ties by the rulebook's cascade and hands out the cups. After `pip install .`
# (from the repository's top folder) it runs anywhere:
#   python examples/play_top_dogs.py [seed]
# What an engine takes and gives: docs/events.md.
import random
import sys

from pawpad.games import top_dogs


def main(seed=1):
    rnd = random.Random(seed)
    players = 3
    state = top_dogs.start(players, {"rounds": 10})
    while not state["ended"]:
        teams = [[rnd.randint(1, 9) for _ in range(3)] for _ in range(players)]
        state = top_dogs.step(state, {"t": "teams", "cards": teams})
        values = [top_dogs.team_value(t) for t in teams]
        print("round %2d: teams %s, values %s" % (state["round"], teams, values))
    for place, seat in top_dogs.standings(state):
        print("%d. player %d: %d cup(s), %d point(s)" % (
            place, seat + 1, state["cups"][seat], state["points"][seat]))
    print("winner(s):", ", ".join("player %d" % (s + 1) for s in top_dogs.winners(state)))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
