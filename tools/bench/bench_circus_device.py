# Circus Puppy's turns on the emulated Pico (tools/rp2emu), the frozen UF2: does a turn
# where the table does what the action says ask nothing, as in the simulator
# (tools/bench/circus_turns.py)? The firmware alone runs (main.py after a reset); the
# table's hands are the emulator's control port: the menu and player buttons pulled to
# ground (`press`), the stages' loads in grams (`load`, `after MS load` for hands a
# little apart), and what the box decided is read off its panel (the title bar and the
# text lines, decoded with Pawpad's own font). The game is mirrored on the host by the
# rules engine (games/circus_puppy.py): the events the table meant, applied, say where
# the dogs are and what each player scored; after each turn the board's "pts/cards"
# and the performance's "dogs: low N high M" are held to them.
#
# Per action (a row, each in a game of its own: a reset with no game saved, Circus
# Puppy started through the menus for PLAYERS players, Red starting): Dogee Show (a
# dog stacked), Double Dog (two dogs of a card's weight put on one stage at once),
# Helper, New Stage (a stage card put on, then the dog), Acrobatics (a top dog moved
# across, then the dog), a fall (a Dogee Show whose top two dogs are taken off in the
# 5-second hold). --stagger MS: Double Dog's two dogs MS apart (hands are not
# simultaneous); --finger: Double Dog's turns played with one dog and a finger pressing
# on it (more than a dog's weight, a tremor, released after 1.2 s), then the second
# dog: the box should ask. Noise is the emulator's own (start it with --noise 0.1).
# The box is calibrated from the hardware check first when its settings do not fit the
# emulator's load cells (--per-gram counts a gram) and the dog cards (--card-g).
#
# Usage (an emulator of your own, the frozen UF2, flashed with FROZEN=1):
#   node tools/rp2emu/pico.mjs --serial tcp:47101 --control 47102 \
#       --firmware build/pawpad-pico.uf2 --quiet [--noise 0.1] &
#   make bench-circus-device PORT=socket://127.0.0.1:47101 [CONTROL=127.0.0.1:47102] \
#       [BENCH_ARGS="--turns 5 --stagger 150 --finger --kinds double dog"]
import argparse
import json
import os
import re
import subprocess
import sys
import time

import pins

from bench.bench_resume_device import Control, control_of, mp
from install.flash import STOP_WATCHDOG
from pawpad.games import circus_puppy as cp
from pawpad.ui import font5x8

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
UP, DOWN, OK, BACK = pins.MENU
KINDS = ("dogee show", "double dog", "helper", "new stage", "acrobatics", "fall")
NAMES = {"dogee show": "stack (Dogee Show)", "double dog": "Double Dog", "helper": "Helper",
         "new stage": "New Stage", "acrobatics": "Acrobatics", "fall": "a fall"}
PRESS_MS = 80
KEY_MS = 350  # emulated ms after a key for the screen to follow
SETTLE_MS = 1500  # a dog put on or taken off, reported (10 SPS: about 0.8 s after)
HOLD_MS = 5000

# --- the panel, read back with the firmware's font (any x, either ink) ---
_GLYPHS = {}
for _i in range(len(font5x8.GLYPHS) // 5):
    _k = bytes(font5x8.GLYPHS[_i * 5:_i * 5 + 5])
    if any(_k):
        _GLYPHS.setdefault(_k, chr(font5x8.FIRST + _i))


def screen_rows(ram):
    """The panel's text lines, top to bottom, as (text, dark): every row of pixels a
    line of text may start at, each column tried as a glyph's first in both inks
    (dark: the text of a lit bar, a title or the selected row)."""
    out = []
    for y in range(0, 57):
        p, s = y >> 3, y & 7
        cols = []
        for x in range(128):
            w = ram[p * 128 + x] | ((ram[(p + 1) * 128 + x] << 8) if p < 7 else 0)
            cols.append(((w >> s) & 0xFF, (~w >> s) & 0xFF))
        text, x, last, dark = "", 0, None, 0
        while x <= 123:
            ch = None
            for ink in (0, 1):
                ch = _GLYPHS.get(bytes(cols[x + j][ink] for j in range(5)))
                if ch is not None:
                    dark += ink
                    break
            if ch is None:
                x += 1
                continue
            if last is not None:
                text += " " * int((x - last + 1) / 6 + 0.01)
            text += ch
            last = x + 6
            x += 6
        if sum(ch.isalnum() for ch in text) >= 2:
            out.append((text, dark * 2 > len(text.replace(" ", ""))))
    return out


def screen_lines(ram):
    return [x for x, _ in screen_rows(ram)]


class Table:
    """The emulated box and the hands around it."""

    def __init__(self, ctl, card_g, log):
        self.ctl = ctl
        self.card = card_g
        self.grams = [0.0, 0.0]  # what lies on each stage (the tare makes it zero)
        self.log = log

    def now(self):
        return self.ctl("stats")["emu_ms"]

    def wait(self, ms):
        """Until `ms` more emulated ms have passed."""
        end = self.now() + ms
        wall, last = time.time(), None
        while True:
            t = self.now()
            if t >= end:
                return
            if t != last:
                wall, last = time.time(), t
            elif time.time() - wall > 60:
                raise RuntimeError("the emulator's clock stood still for a minute")
            time.sleep(0.02)

    def press(self, pin, after=KEY_MS):
        self.ctl("press %d %d" % (pin, PRESS_MS))
        self.wait(PRESS_MS + after)

    def lines(self):
        return screen_lines(bytes.fromhex(self.ctl("oled")["ram"]))

    def title(self):
        x = self.lines()
        return x[0] if x else ""

    def put(self, stage, grams, after_ms=0):
        """The stage's load set to `grams` now, or `after_ms` emulated ms from now."""
        cmd = "load %d %.3f" % (stage + 1, grams)
        self.ctl(("after %d " % after_ms + cmd) if after_ms else cmd)
        self.say("  %s%s" % (cmd, " (+%d ms)" % after_ms if after_ms else ""))

    def add(self, stage, n, stagger=0):
        for k in range(n):
            self.grams[stage] += self.card
            self.put(stage, self.grams[stage], stagger * k)

    def say(self, s):
        self.log.write(s + "\n")
        self.log.flush()

    def until(self, test, limit_ms=15000, step_ms=250):
        t = 0
        while t < limit_ms:
            lines = self.lines()
            if test(lines):
                return lines
            self.wait(step_ms)
            t += step_ms
        raise RuntimeError("the panel never showed what was waited for: %r" % self.lines())


def row_of(lines, label):
    for i, x in enumerate(lines):
        if x.startswith(label):
            return i
    return None


def goto(t, label, limit=14):
    """DOWN through a list until the row `label` is the selected one (its text dark on
    the bar, under the title)."""
    for _ in range(limit):
        rows = screen_rows(bytes.fromhex(t.ctl("oled")["ram"]))
        if any(dark and x.startswith(label) for x, dark in rows[1:]):
            return
        t.press(DOWN, 150)
    raise RuntimeError("no row %r: %r" % (label, t.lines()))


# --- the box's settings and the calibration ---
SETTINGS = STOP_WATCHDOG + """import json, os
try:
    os.remove('/data/game.log')
except OSError:
    pass
for _n in os.listdir('/data'):
    if _n.startswith('draft') or _n.startswith('game'):
        try:
            os.remove('/data/' + _n)
        except OSError:
            pass
try:
    print('SETTINGS', json.dumps(json.load(open('/data/settings.json'))))
except (OSError, ValueError):
    print('SETTINGS {}')
"""


def fresh(connect, ctl, t):
    """No game saved, then a reset: the firmware boots to its menu. The settings."""
    out = mp(connect, "exec", SETTINGS)
    line = [x for x in out.split("\n") if x.startswith("SETTINGS")]
    settings = json.loads(line[0][9:]) if line else {}
    t.grams = [0.0, 0.0]
    t.ctl("load 1 0")
    t.ctl("load 2 0")
    before = t.ctl("stats")["resets"]
    t.ctl("reset")
    deadline = time.time() + 120
    while t.ctl("stats")["resets"] == before and time.time() < deadline:
        time.sleep(0.1)
    t.wait(2500)
    t.until(lambda x: x and x[0].startswith("Pawpad"), 20000)
    return settings


def calibrate(t):
    """Check hardware > Calibrate stages: the low stage as it is, then five dog cards."""
    goto(t, "Check hardware")
    t.press(OK)
    goto(t, "Calibrate")
    t.press(OK)
    t.press(OK)  # weigh it as it is
    t.until(lambda x: any("Put 5 dog" in y for y in x), 20000)
    t.ctl("load 1 %.3f" % (5 * t.card))
    t.wait(1000)
    t.press(OK)
    lines = t.until(lambda x: any("counts a gram" in y for y in x), 20000)
    t.say("  calibrated: %s" % " / ".join(lines))
    t.press(OK)  # keep it
    t.ctl("load 1 0")
    t.wait(1500)
    t.press(BACK)
    t.until(lambda x: x and x[0].startswith("Pawpad"))
    return [y for y in lines if "counts a gram" in y][0]


def players_to(t, n):
    goto(t, "Players")
    t.press(OK)
    lines = t.lines()
    m = re.search(r"Players +(\d+)", " ".join(lines[1:]))
    have = int(m.group(1)) if m else 4
    t.press(OK)  # edit the count
    for _ in range(abs(have - n)):
        t.press(UP if n > have else DOWN, 150)
    t.press(OK)
    t.press(BACK)
    t.until(lambda x: x and x[0].startswith("Pawpad"))


def start_game(t, players):
    goto(t, "Circus Puppy")
    t.press(OK, 800)
    t.until(lambda x: any(y.startswith("Start game") for y in x))
    t.press(OK, 800)  # Start game: who starts
    t.until(lambda x: any("Who starts" in y for y in x))
    t.press(pins.PLAYERS[0], 800)  # Red, the youngest
    t.until(lambda x: any("draw a dog" in y for y in x))
    return cp.start(players)


# --- a turn ---
class Turn:
    def __init__(self, t, st, kind, opts):
        self.t, self.st, self.kind, self.o = t, st, kind, opts
        self.asked = []  # the questions the box asked (their titles and guesses)
        self.meant = []
        self.last_stage = 0
        self.before_pair = None  # the stages before Double Dog's pair, while it waits

    def apply(self, event):
        self.meant.append(event)
        self.st = cp.step(self.st, event)

    def look(self):
        """After the hands: did the box ask? The question answered as the table would
        (the truth: `self.truth` dogs on, negative off)."""
        lines = self.t.lines()
        title = lines[0] if lines else ""
        if title.startswith("The ") and "stage?" in title:
            guess = " ".join(lines[1:])
            self.asked.append("%s %s" % (title, guess[guess.find("<"):guess.find(">") + 1]))
            self.t.say("    ASKED: %s" % " / ".join(lines))
            m = re.search(r"<(\d+) dogs? (put on|fell)>", guess)
            have = 0 if not m else int(m.group(1)) * (1 if m.group(2) == "put on" else -1)
            want = self.truth
            for _ in range(abs(want - have)):
                self.t.press(UP if want > have else DOWN, 150)
            self.t.press(OK, 600)
            return True
        if title.startswith("Dogs fell"):
            self.asked.append(title)
            self.t.say("    ASKED: %s" % " / ".join(lines))
        return False

    def hands(self, stage, n, stagger=0):
        self.truth = n
        if n > 0:
            self.t.add(stage, n, stagger)
        else:
            self.t.grams[stage] -= -n * self.t.card
            self.t.put(stage, self.t.grams[stage])
        self.t.wait(SETTLE_MS + stagger * max(0, abs(n) - 1))
        self.look()

    def pick(self, action):
        t = self.t
        lines = t.until(lambda x: x and (x[0].startswith("The dog says") or
                                         x[0].startswith("+1 repeat")))
        repeat = lines[0].startswith("+1 repeat")
        if not repeat:  # UP adds one to the action shown, round the list
            for _ in range(2 * len(cp.ACTIONS)):
                m = re.search(r"Action +([a-z ]+)", " | ".join(t.lines()))
                if m and m.group(1).strip() == action:
                    break
                t.press(UP, 150)
            else:
                raise RuntimeError("the action never showed %r: %r" % (action, t.lines()))
        st = self.st
        seat = st["active"]
        event = {"t": "perform", "action": action,
                 "from": "deck" if st["decks"][seat] else "faceup"}
        fields = 1
        if action == "helper":
            helper = (seat + 1) % st["players"]
            event["helper"] = helper
            fields += 1
        if st["faceup"][seat]:
            fields += 1
        for _ in range(fields):
            t.press(OK)
        self.apply(event)

    def stage_of(self):
        low, high = cp.dogs_on(self.st["stages"][0]), cp.dogs_on(self.st["stages"][1])
        return 0 if low <= high else 1

    def stack(self):
        stage = self.stage_of()
        n = 2 if self.st["turn"]["pair"] else 1
        if n == 2 and self.o.finger:
            self.finger(stage)
        else:
            # Double Dog's pair is taken at the player's Done (their hands are off),
            # or after 5 s still: the performance shows the stages before it until
            # then, and the board's points after the Done say it was taken
            self.before_pair = (cp.dogs_on(self.st["stages"][0]),
                                cp.dogs_on(self.st["stages"][1])) if n == 2 else None
            self.hands(stage, n, self.o.stagger if n == 2 else 0)
        self.last_stage = stage
        self.apply({"t": "stack", "stage": stage})

    def finger(self, stage):
        """One dog of the pair, and a finger pressing on it (more than a dog, with a
        tremor), released after 1.2 s; then the second dog."""
        t, card = self.t, self.t.card
        self.truth = 1
        t.add(stage, 1)
        base = t.grams[stage]
        press = base + self.o.finger_g
        for k, wob in enumerate((0.0, 0.12, -0.08, 0.1, -0.1, 0.05, 0.0, 0.08, -0.05, 0.1,
                                 -0.06, 0.02)):
            t.put(stage, press + wob * self.o.tremor, 300 + 100 * k)
        t.put(stage, base, 1500)
        t.wait(1500 + SETTLE_MS)
        asked = self.look()
        self.truth = 1
        t.add(stage, 1)  # the second dog
        t.wait(SETTLE_MS)
        self.look()
        self.finger_asked = asked or bool(self.asked)
        del card

    def move(self):
        st = self.st
        tops = [i for i in (0, 1) if st["stages"][i] and st["stages"][i][-1] == cp.DOG]
        if not tops:
            return
        src = tops[0]
        self.hands(src, -1)
        self.hands(1 - src, 1)
        self.apply({"t": "move", "from": src})

    def new_stage(self):
        st = self.st
        if not st["stage_cards"]:
            return
        card = st["stage_cards"][0]
        low, high = cp.dogs_on(st["stages"][0]), cp.dogs_on(st["stages"][1])
        stage = (0 if low > high else 1) if low != high else 0
        self.hands(stage, 1)
        t = self.t
        lines = t.until(lambda x: x and x[0].startswith("Stage card drawn"))
        t.press(OK)  # the first card of the pile
        lines = t.lines()
        if lines and lines[0].startswith("Put it on"):
            self.asked.append("Put it on (which stage)")
            if stage == 0:
                t.press(DOWN, 150)
            t.press(OK)
        self.apply({"t": "new_stage", "card": card, "stage": stage})

    def perform(self, action):
        while True:
            self.pick(action)
            if action == "acrobatics":
                self.move()
            elif action == "new stage":
                self.new_stage()
            while self.st["turn"]["held"]:
                self.stack()
            turn = self.st["turn"]
            if not (turn["repeat"] and not turn["held"]):
                return

    def play(self):
        t = self.t
        t.until(lambda x: any("draw a dog" in y for y in x))
        t.press(OK)
        action = "dogee show" if self.kind == "fall" else self.kind
        self.perform(action)
        shown = " ".join(t.lines())
        m = re.search(r"dogs: low (\d+) +high (\d+)", shown)
        self.stages_shown = (int(m.group(1)), int(m.group(2))) if m else None
        self.stages_meant = (cp.dogs_on(self.st["stages"][0]),
                             cp.dogs_on(self.st["stages"][1]))
        if self.before_pair is not None and self.stages_shown == self.before_pair:
            self.stages_meant = self.before_pair  # the pair waits for the Done below
        t.press(pins.PLAYERS[self.st["active"]], 200)  # the active player's button: done
        self.apply({"t": "done", "t_ms": 0})
        if self.kind == "fall":
            t.wait(800)
            stage = self.last_stage
            items = cp.can_fall(self.st, stage)
            count = min(2, len(items))
            top = items[len(items) - count:]
            event = {"t": "fall", "stage": stage, "dogs": max(1, cp.dogs_on(top)),
                     "t_ms": 1000}
            if len(top) > cp.dogs_on(top) and cp.dogs_on(top):
                event["cards"] = len(top) - cp.dogs_on(top)
            self.hands(stage, -count)
            self.apply(event)
        t.until(lambda x: any("draw a dog" in y for y in x) or
                (x and x[0].startswith("The ")), HOLD_MS + 12000)
        self.look()
        lines = t.until(lambda x: any("draw a dog" in y for y in x) or
                        (x and x[0].startswith("Circus Puppy") and len(x) < 3), 15000)
        if self.meant[-1]["t"] == "done":
            self.apply({"t": "settled"})
        self.scores_shown = scores_of(lines, self.st["players"])
        self.scores_meant = list(self.st["scores"])
        self.wrong = (self.stages_shown != self.stages_meant or
                      self.scores_shown != self.scores_meant)
        return self.st


COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "White", "Pink")


def scores_of(lines, players):
    """The board's pts/cards: each seat's points, read off its cell."""
    text = " ".join(lines[1:])
    out = []
    for seat in range(players):
        m = re.search(r"%s +(\d+)/(\d+)" % COLOURS[seat][:3] + r"|%s +(\d+)/(\d+)"
                      % COLOURS[seat], text)
        out.append(None if m is None else int(m.group(1) or m.group(3)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpremote", default="mpremote")
    ap.add_argument("--port", required=True)
    ap.add_argument("--control", help="HOST:PORT (default: the serial port's + 1)")
    ap.add_argument("--turns", type=int, default=5, help="turns of each action")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--card-g", type=float, default=2.0, help="a dog card's weight")
    ap.add_argument("--per-gram", type=float, default=420, help="the emulator's counts a gram")
    ap.add_argument("--stagger", type=int, default=0, help="Double Dog's two dogs MS apart")
    ap.add_argument("--finger", action="store_true", help="Double Dog: a dog and a finger")
    ap.add_argument("--finger-g", type=float, default=2.6,
                    help="what the finger adds (more than a dog)")
    ap.add_argument("--tremor", type=float, default=1.0,
                    help="the finger's tremor, times +-0.1 g every 100 ms (0: it rests still)")
    ap.add_argument("--label", default="", help="what the emulator runs at (its --noise)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench-circus-device.txt"))
    a = ap.parse_args()
    address = control_of(a.port, a.control)
    if address is None:
        sys.exit("bench-circus-device: the emulated Pico's control port is needed (--control)")
    ctl = Control(address)
    connect = [a.mpremote, "connect", a.port]
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    log = open(a.out, "w")
    t = Table(ctl, a.card_g, log)
    rev = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                         capture_output=True, text=True).stdout.strip()
    cells = ctl("cells")
    if a.finger:
        doubles = "a dog and a finger of %.1f g (tremor x%.1f)" % (a.finger_g, a.tremor)
    else:
        doubles = "two dogs %d ms apart" % a.stagger if a.stagger else "two dogs at once"
    head = ("== Circus Puppy's turns on the emulated Pico (%s, frozen UF2), tree %s; HX711 "
            "at %s SPS%s; dog cards of %.1f g; %d players; Double Dog %s" % (
                a.port, rev, cells[0]["sps"], ", " + a.label if a.label else "", a.card_g,
                a.players, doubles))
    print(head, flush=True)
    t.say(head)
    rows = []
    calibrated = None
    for kind in [k for k in a.kinds.split(",") if k]:
        settings = fresh(connect, ctl, t)
        per = settings.get("counts_per_gram", 420) * settings.get("card_decigrams", 40) / 10
        if abs(per - a.per_gram * a.card_g) > 0.03 * a.per_gram * a.card_g:
            calibrated = calibrate(t)
            print("  calibrated from the hardware check: %s" % calibrated, flush=True)
        if settings.get("players") != a.players:
            players_to(t, a.players)
        st = start_game(t, a.players)
        played, asked, wrong, notes = 0, 0, 0, []
        for n in range(a.turns):
            if st["ended"]:
                break
            t.say("-- %s, turn %d (%s)" % (kind, n + 1, COLOURS[st["active"]]))
            turn = Turn(t, st, kind, a)
            try:
                st = turn.play()
            except RuntimeError as e:
                notes.append("turn %d: %s" % (n + 1, e))
                t.say("   STOPPED: %s" % e)
                wrong += 1
                played += 1
                break
            played += 1
            asked += len(turn.asked)
            wrong += turn.wrong
            t.say("   asked %r; stages shown %s meant %s; scores shown %s meant %s" % (
                turn.asked, turn.stages_shown, turn.stages_meant, turn.scores_shown,
                turn.scores_meant))
            if turn.asked:
                notes.append("turn %d: %s" % (n + 1, "; ".join(turn.asked)))
            if turn.wrong:
                notes.append("turn %d: stages %s (meant %s), scores %s (meant %s)" % (
                    n + 1, turn.stages_shown, turn.stages_meant, turn.scores_shown,
                    turn.scores_meant))
        row = (NAMES[kind], played, asked, wrong, notes)
        rows.append(row)
        print("  %-20s turns %2d  questions %2d  wrong %2d  %s" % (
            row[0], played, asked, wrong, " | ".join(notes)), flush=True)
    print("\n%-20s %6s %10s %6s" % ("action", "turns", "questions", "wrong"))
    for name, played, asked, wrong, _ in rows:
        print("%-20s %6d %10d %6d" % (name, played, asked, wrong))
    print("(the hands and the panel, turn by turn: %s)" % os.path.relpath(a.out, ROOT))
    log.close()
    ctl.close()


if __name__ == "__main__":
    main()
