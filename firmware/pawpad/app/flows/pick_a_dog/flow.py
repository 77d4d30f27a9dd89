# Pick-a-Dog, Pick-a-Pog and solo on the device: the flow (what the state calls for)
# and the scoreboard between rounds. The round itself is in countdown.py and stop.py, the
# examination and the counts in exam.py, solo's stopwatch in solo.py: each imported
# when first wanted, so that a new game's first screen (this scoreboard) loads only what it
# shows (about 20 ms of imports on a Pico wait for OK: GO instead).
from pawpad.app import registry
from pawpad.app.flows.pick_a_dog import tally
from pawpad.app.flows.pick_a_dog.common import title, variant
from pawpad.app.shell.flow import Flow
from pawpad.app.shell.scoreboard import Scoreboard
from pawpad.games import pick_a_dog as rules
from pawpad.store.records import draft
from pawpad.ui import widgets


class PickADog(Flow):
    id = "pick_a_dog"

    def title(self, state):
        return registry.title(self.id, state["settings"]["variant"])

    def screen(self, game):
        if game.state["phase"] == "exam":
            from pawpad.app.flows.pick_a_dog.exam import Exam

            return Exam(game)
        return Ready(game)

    def prompt(self, state):
        return rules.prompt(state)

    def scores(self, state):
        return [rules.score(state, s) for s in range(state["players"])]

    def winners(self, state):
        return [seat for place, seat in rules.standings(state) if place == 1]

    def score_line(self, state, game):
        # the prompt above names the round while one waits for GO ("Round 2: GO"):
        # then only the pile, else (the examination's "Was Red right?") both
        if state["phase"] == "ready" and not state["ended"]:
            where = "Pile %d" % state["pile"]
        else:
            where = "Round %d, pile %d" % (state["round"] + 1, state["pile"])
        return [where] + Flow.score_line(self, state, game)

    def places(self, state):
        return rules.standings(state)

    def result_lines(self, state, game):
        if state["settings"]["variant"] == "solo":
            return ["Cards set aside: %d" % state["scores"][0],
                    "Score: %d" % rules.score(state, 0)]
        return ["%d. %-7s %d cards" % (place, game.name(seat), state["scores"][seat])
                for place, seat in self.places(state)]

    def round_rows(self, game):
        n = 0
        for i, e in enumerate(game.session.events()):
            if e["t"] == "result":
                n += 1
                yield ("R%d" % n, " ".join(str(v) for v in e["collected"]), i)

    def draft_screen(self, game):
        if game.state["ended"]:
            return None
        if game.state["phase"] != "exam":
            if variant(game) != "solo":
                if draft.kind(game.session) != "tie":
                    return None
                from pawpad.app.flows.pick_a_dog.stop import kept_tie

                return kept_tie(game)  # a tie the players were choosing the caller of
            from pawpad.app.flows.pick_a_dog.solo import kept_count

            return kept_count(game)  # the stopwatch stopped, the cards being counted
        from pawpad.app.flows.pick_a_dog.exam import Counts, kept_counts

        kept = kept_counts(game)
        return None if kept is None else Counts(game, kept["right"], kept=kept)

    def edit_round(self, game, index, event):
        if event["t"] != "result":
            return None
        from pawpad.app.flows.pick_a_dog.exam import Counts

        return Counts(game, event.get("right"), fix=index, values=event["collected"],
                      broken=event.get("broken", ()))

    def history_extra(self, events):
        return tally.history_stops(events)

    def tally(self, events, settings=None):
        return tally.figures(events, (settings or {}).get("variant"))


class Ready(Scoreboard):
    """Between rounds: the scores, the draw pile, and OK for GO."""

    name = "pad-ready"

    def draw(self, c, app):
        st = self.game.state
        widgets.title_bar(c, title(self.game), "R%d" % (st["round"] + 1))
        widgets.score_grid(c, [(app.seat_name(s), v) for s, v in enumerate(FLOW.scores(st))],
                           short=app.seat_short)
        c.text("pile %d table %d" % (st["pile"], st["table"]), 2, widgets.UNDER_GRID)
        if st["last_round"]:
            c.text_right("LAST", 125, widgets.UNDER_GRID)
        widgets.footer(c, "OK: GO", self.game.timer_text())

    def begin(self, app, seat):
        if seat is not None:
            return  # a STOP button pressed between rounds does nothing
        if variant(self.game) == "solo":
            from pawpad.app.flows.pick_a_dog.solo import SoloRound

            app.nav.push(SoloRound(self.game, app.now))
        else:
            from pawpad.app.flows.pick_a_dog.countdown import Countdown

            app.nav.push(Countdown(self.game, app))


FLOW = PickADog()
