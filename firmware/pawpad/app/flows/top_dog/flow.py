# Top Dog on the device: each round every player with a dog in hand lays one, as a
# new contestant or bred onto their previous one, with its P, A, W and S when the
# players key them in (then the box judges every medal, rule 4.1 included) or without
# (then the players say who won each medal). Champions, the Pound and the rescue
# order follow from the rules engine. The state's phase picks the screen: laying
# dogs (the scoreboard), judging, or the rescue.
from pawpad.app.flows.top_dog.catalog import Catalog
from pawpad.app.flows.top_dog.entry import PlayEntry
from pawpad.app.flows.top_dog.judge import Judge, Rescue, kept_rescue
from pawpad.app.shell.flow import Flow
from pawpad.app.shell.scoreboard import Scoreboard
from pawpad.games import top_dog as rules
from pawpad.games.common import ranking
from pawpad.store.records import draft
from pawpad.ui import widgets


class TopDog(Flow):
    id = "top_dog"

    def screen(self, game):
        phase = game.state["phase"]
        if phase == "judge":
            return Judge(game)
        if phase == "rescue":
            return Rescue(game)
        return TopDogScoreboard(game)

    def prompt(self, state):
        return rules.prompt(state)

    def draft_screen(self, game):
        """The step a power cut came in, as far as it had gone: the round's dogs, the
        medals the players gave, who walked a dog for the rescue. The medals and the
        rescue are the state's own screens (their phase set): they come back as it."""
        phase = game.state["phase"]
        if phase == "rescue":
            return kept_rescue(game)
        if phase == "judge":
            screen, kind = Judge(game), "medals"
            screen.phase = phase
        else:
            screen, kind = PlayEntry(game), "plays"
        kept = draft.read(game.session, kind, screen.kept_shape(), game.state["players"])
        return screen if screen.restore(kept) else None

    def scores(self, state):
        return list(state["champions"])

    def winners(self, state):
        return [] if state["winner"] is None else [state["winner"]]

    def score_line(self, state, game):
        return ["Champions:"] + Flow.score_line(self, state, game)

    def places(self, state):
        return ranking(state["champions"])  # by Champions, equal counts sharing the place

    def result_lines(self, state, game):
        champs = state["champions"]
        return ["%d. %-7s %d champ%s" % (place, game.name(s), champs[s],
                                         "" if champs[s] == 1 else "s")
                for place, s in self.places(state)]

    def sheet_mark(self, state):
        """Changes once per row of the score sheet (store/records/score_sheet.py): a round
        counts once its medals are judged."""
        return state["round"] - (1 if state["phase"] == "judge" else 0)

    def round_rows(self, game):
        r = 0
        for i, e in enumerate(game.session.events()):
            if e["t"] == "play":
                r += 1
                yield ("R%d dogs" % r, len(e["plays"]), i)
            elif e["t"] == "medals":
                won = sum(1 for w in e["won"].values() if w)
                yield ("R%d medals" % r, won, i)

    def menu_extras(self, game):
        return [("Dog catalog", Catalog)]

    def edit_round(self, game, index, event):
        if event["t"] not in ("play", "medals"):
            return None
        before = game.session.state_before(index)
        screen = PlayEntry if event["t"] == "play" else Judge
        return screen(game, fix=index, before=before, event=event)


def medal_line(state):
    """The medals still to win this round (the covered ones were won): "To win: P W S"
    (all four again once all are covered, as the next round begins)."""
    covered = state["covered"] if len(state["covered"]) < 4 else ""
    return "To win: " + " ".join(m for m in rules.MEDALS if m not in covered)


class TopDogScoreboard(Scoreboard):
    name = "top-dog"

    def draw(self, c, app):
        st = self.game.state
        widgets.title_bar(c, "Top Dog", "R%d" % (st["round"] + 1))
        widgets.score_grid(c, [(app.seat_name(s), st["champions"][s])
                               for s in range(st["players"])], short=app.seat_short)
        c.text(medal_line(st), 2, 38)
        c.text("Pound %d" % st["pound"], 2, 47)
        widgets.footer(c, "OK: play dogs", self.game.timer_text())

    def begin(self, app, seat):
        app.nav.push(PlayEntry(self.game, seat))


FLOW = TopDog()
