# The navigator: the one owner of the screen stack. Outside a game the main menu is at
# the bottom and the box's own screens open above it. While a game is open the stack
# is the main menu, the game's screen for its state (its "base": the flow derives it
# from the state's phase), the results when the game is over, and whatever was opened
# on top (an entry, the game menu). Nothing can pop below the base: the only ways out
# of a game are its end and "End game".
from pawpad.app.shell.results import Results


class Navigator:
    def __init__(self, root, first):
        self._root = root  # makes the bottom screen (the main menu)
        self._menu = None  # the main menu once made: its cursor is kept
        # The screen on top: a plain attribute, set wherever the stack changes, as
        # every loop cycle asks for it several times (a property costs some 40 us a
        # call on the Pico: a menu step asked for 15 of them).
        self.top = first
        self._stack = [first]
        self.game = None  # the game on show, or None
        self.floor = 1  # screens that BACK never removes
        self.dirty = True

    @property
    def stack(self):
        return self._stack

    @stack.setter
    def stack(self, screens):
        self._stack = screens
        self.top = screens[-1]

    def push(self, screen):
        self._stack.append(screen)
        self.top = screen
        self.dirty = True

    def pop(self):
        if len(self._stack) > self.floor:
            self._stack.pop()
            self.top = self._stack[-1]
            self.dirty = True

    def replace(self, screen):
        """The top screen gives way to another (never the game's own screens)."""
        if len(self._stack) > self.floor:
            self._stack[-1] = screen
        else:
            self._stack.append(screen)
        self.top = screen
        self.dirty = True

    def close(self, screen):
        """Takes `screen` and whatever was opened over it off the stack."""
        for i in range(self.floor, len(self._stack)):
            if self._stack[i] is screen:
                del self._stack[i:]
                self.top = self._stack[-1]
                self.dirty = True
                return

    def home(self):
        """The main menu alone: no game is open."""
        self.game = None
        self.stack = [self._main_menu()]
        self.floor = 1
        self.dirty = True

    def show_game(self, game, over=None):
        """The screens the game's state calls for, with `over` on top. The base screen
        is kept while the state's phase is the one it was made for (it may hold what
        the player is doing, such as the stage weighed, or the medals being given), and
        is told the game changed under it (`again`: what it holds is fitted to the
        state and kept on flash again); otherwise it is made anew. An `over` made for
        the state's phase (its `phase` set: a step the state's screen itself keys,
        brought back by a resume) is the base. Whatever was open above the base is
        closed: it belonged to the state before."""
        flow, state = game.flow, game.state
        phase = flow.phase(state)
        base = self.stack[1] if self.game is game and len(self.stack) > 1 else None
        kept = base is not None and base.phase == phase
        if over is not None and over.phase == phase:
            base, over, kept = over, None, False  # the state's own screen, as it was
        elif not kept:
            base = flow.screen(game)
            base.phase = phase
        stack = [self._main_menu(), base]
        if state["ended"]:
            stack.append(Results(game))
        self.game = game
        self.floor = len(stack)
        if over is not None:
            stack.append(over)
        self.stack = stack
        self.dirty = True
        if kept:  # the game changed under it: what it holds of the step, fitted again
            base.again(game.app)

    def _main_menu(self):
        if self._menu is None:
            self._menu = self._root()
        return self._menu

    def in_game(self, screen):
        """Is `screen` one of the open game's (its base, results or anything above)?"""
        return self.game is not None and screen in self.stack[1:]
