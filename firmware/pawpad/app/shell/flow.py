# The flow protocol: what a game must give the device so that the box can play it.
# A game's flow is the module its row in the registry names (the four titles':
# app/flows/<id>/flow.py), holding FLOW, an instance of a Flow subclass. load() is the
# one place that asks for it (through the registry, lazily): a game's code stays out of
# RAM until it is played.
#
# The rule every flow keeps: the screen shown for a state comes from the state alone.
# phase(state) names the state's moment, screen(game) makes the screen for it; the
# navigator calls them after every event, undo, redo, correction and resume. Screens
# opened over it (an entry in progress, a STOP's details) are closed when the state
# changes, unless the screen that changed it asks to stay on top.
from pawpad.app import registry
from pawpad.ui.widgets import COLS


def packed(items, width=COLS):
    """Lines of `items` side by side, as many as fit each line, none broken."""
    lines = []
    for item in items:
        if lines and len(lines[-1]) + 1 + len(item) <= width:
            lines[-1] += " " + item
        else:
            lines.append(item)
    return lines


def load(game_id):
    """The game's flow: its module (the registry names it) is imported on first use."""
    return registry.flow(game_id)


class Flow:
    id = ""  # the game's id (the registry's)
    # Can an earlier round be corrected from the game menu (round_rows, edit_round)?
    corrects = True

    def title(self, state):
        return registry.title(self.id)

    # --- the state's screen ---
    def phase(self, state):
        """The name of the state's moment: a new one means a new base screen."""
        return state.get("phase", "")

    def screen(self, game):
        """The screen the state calls for."""
        raise NotImplementedError

    # --- what the state says, for the screens ---
    def prompt(self, state):
        """One line: what the table does next."""
        raise NotImplementedError

    def scores(self, state):
        """Each seat's points so far (the history keeps them)."""
        raise NotImplementedError

    def winners(self, state):
        """The seats that won, once the game is over."""
        raise NotImplementedError

    def said(self, state, game):
        """The prompt in the players' colours, as every screen names them: "Was Blue
        right?", not the engines' "Was seat 2 right?"."""
        text = self.prompt(state)
        if text.startswith("Shared win"):
            return "Shared win: " + ", ".join(game.name(s) for s in self.winners(state))
        for seat in range(state["players"] - 1, -1, -1):  # seat 1 after seat 10 and on
            text = text.replace("Seat %d" % (seat + 1), game.name(seat))
            text = text.replace("seat %d" % (seat + 1), game.name(seat))
        return text

    def score_line(self, state, game):
        """Lines under the prompt where the game is summed up (the resume offer): each
        seat's "Red 3" whole on one line, never broken between two; nothing the prompt
        says already (its round)."""
        return packed(["%s %d" % (game.short_name(s), v)
                       for s, v in enumerate(self.scores(state))])

    def places(self, state):
        """The standings as the game ranks them, [(place, seat)] best first; equal
        seats share the place (the history keeps them, and the export's ranks)."""
        raise NotImplementedError

    def result_lines(self, state, game):
        """The final standings, one line a seat, best first."""
        raise NotImplementedError

    # --- the score sheet (store/records/score_sheet.py): a row each time sheet_mark changes ---
    sheet_unit = "Round"

    def sheet_mark(self, state):
        """Changes once per row of the score sheet: by default, a round."""
        return state["round"]

    # --- corrections: the rounds list ---
    def round_rows(self, game):
        """(label, value, event index), oldest first, one at a time: the rounds that
        can be fixed (the list keeps the newest)."""
        return ()

    def edit_round(self, game, index, event):
        """The screen that corrects event `index` (its `fix` is the index); None for an
        event no correction is for. The screen keeps what it has taken in its draft
        (store/records/draft.py, save with fix=index) and gives back `kind`,
        `kept_shape()` and `restore(v)`: a power cut brings it back (game.kept_fix)."""
        return None

    # --- what the table holds, when an undo or a redo changes it ---
    def on_table(self, state):
        """A copy of what the state says is on the table that the box weighs (None:
        nothing is), taken before an undo or a redo."""
        return None

    def put_back(self, before, state):
        """Lines: what the table must put back or take off so that it holds what
        `state` says, where it held `before`; [] when nothing moves."""
        return []

    # --- a step keyed in part when the power went (store/records/draft.py) ---
    def draft_screen(self, game):
        """The screen of the step in progress, with the entries it had taken, to open
        over the state's screen on resume; None when there is none. A step the state's
        screen keys itself (Top Dog's medals) comes back as that screen: its `phase`
        set to the state's, it takes the base's place (Navigator.show_game), and is
        told when the game changes under it (Screen.again)."""
        return None

    # --- the game menu ---
    def menu_extras(self, game):
        """[(label, screen maker)]: the game's own rows in the game menu."""
        return []

    # --- statistics drawn from the log ---
    def tally(self, events, settings=None):
        """{seat: {figure: n}} this game adds to the players' statistics (`settings`:
        the game's own, from its log's header)."""
        return {}

    def history_final(self, state):
        """Fields of the record that the game's final state holds beyond the scores (the
        export's final score: Circus Puppy's cards left)."""
        return {}

    def history_extra(self, events):
        """Fields of this game's record in the history beyond the scores (the report
        reads them: the history outlives the game's log)."""
        return {}
