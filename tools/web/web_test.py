# The browser test (`make webtest`, part of `make test`): the page of `make web` in
# Debian's Chromium, headless, driven by Playwright.
# 1. Same screens: web/frames.keys played in the page (script mode, virtual time) gives
#    the very frames the unix port gives with the terminal simulator's board, byte for
#    byte, and the canvas shows each of them pixel for pixel.
# 2. A Pick-a-Dog round played with key events in real time (web/round.keys): before
#    each event the canvas must show the frame the unix port shows at that moment (the
#    STOP's details carry real reaction times: there the screen's name is checked, and
#    that the first frame drawn after the STOP's key is the unix port's STOP frame); the
#    buzzer sounds the STOP's tone; BACK held undoes; screenshots go to build/web-test.
# 3. A reload is a power cut: the game comes back from the browser's storage and the
#    box offers to resume it.
# 4. The browser's storage is not trusted: keys that are not a plain file name of the
#    flash folder ("..", a folder, an empty or overlong name) are skipped with a
#    warning, never written as paths; the page starts, its own code runs, and a good
#    file beside them is restored. A damaged settings file is kept aside and written
#    again (json.dump into the page's kept file, a rename), all of it in the browser.
# 5. A full storage is a full flash: the write the browser refuses fails in the
#    firmware (ENOSPC), and the box says "Flash full".
# 6. `make report`'s page on a phone (390 px): nothing goes past the screen's edge,
#    every table is whole on the screen (the last games' winners first), and every
#    chart label is at least 11 px tall as shown.
# 7. Names typed in the page go onto the box's roster as the box checks them (a name
#    it refuses says why and keeps nothing), are in players.json in the browser's
#    storage, come back after a power cut, and show on the box's Names screen; typing
#    presses no button of the box; a person seated on the box names their button.
#   python tools/web/web_test.py --micropython .venv/bin/micropython
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from pawpad.app.flows.pick_a_dog.common import STOP
from sim.unixport import micropypath
from web import web_browser as wb

ROOT = wb.ROOT

SHOTS = os.path.join(ROOT, "build", "web-test")
TIMED = ("pad-stopped",)  # screens showing real reaction times: never equal to a script's
PLAYER_KEYS = {"p%d" % n: str(n) for n in range(1, 9)}
MENU_KEYS = {"up": "ArrowUp", "down": "ArrowDown", "ok": "Enter", "back": "Backspace"}


def unix_frames(micropython, script):
    """The frames of `script` on the unix port, [(t_ms, screen, the rest of the line)],
    and its events, [(t_ms, action, args, the frame on the panel when it came)]."""
    with tempfile.TemporaryDirectory() as data:
        out = subprocess.run([micropython, "-X", "heapsize=4m",
                              os.path.join(ROOT, "tools", "web", "web_frames.py"), script, data,
                              "--events"],
                             capture_output=True, text=True, check=True,
                             env=dict(os.environ, MICROPYPATH=micropypath(extra=("web/py",)))
                             ).stdout
    frames, events = [], []
    for line in out.splitlines():
        if line.startswith("event "):
            _, n, t, action, *args = line.split()
            events.append((int(t), action, args, frames[max(int(n), 1) - 1]))
        elif line:
            frames.append(parse_frame(line))
    return frames, events


def parse_frame(line):
    t, screen, rest = line.split(" ", 2)
    return int(t), screen, rest


def shown(rest):
    """The panel's pixels as the canvas should show them, from a frame's rest of line:
    the display RAM, inverted if the panel is, dark if it is off."""
    on, _contrast, inverted, ram = rest.split(" ")
    if on == "0":
        return "00" * 1024
    if inverted == "1":
        return bytes(b ^ 0xFF for b in bytes.fromhex(ram)).hex()
    return ram


def check_frames(b, url, micropython):
    script = os.path.join(ROOT, "web", "frames.keys")
    want, _ = unix_frames(micropython, script)
    page = wb.open_page(b, url + "?script")
    with open(script) as f:
        got = page.evaluate("(text) => pawpad.play(text)", f.read())
    frames = [parse_frame(line) for line in got["frames"]]
    for i, (w, g) in enumerate(zip(want, frames)):
        if w != g:
            raise AssertionError("frame %d differs: unix port %d ms %s, page %d ms %s" % (
                i, w[0], w[1], g[0], g[1]))
    if len(want) != len(frames):
        raise AssertionError("the unix port drew %d frames, the page %d" % (len(want),
                                                                            len(frames)))
    for i, (frame, canvas) in enumerate(zip(frames, got["canvas"])):
        if shown(frame[2]) != canvas:
            raise AssertionError("the canvas does not show frame %d (%d ms, %s)" % (
                i, frame[0], frame[1]))
    if len(got["canvas"]) != len(frames):
        raise AssertionError("%d frames, %d drawn on the canvas" % (len(frames),
                                                                    len(got["canvas"])))
    page.context.close()
    return len(frames)


def canvas(page):
    return page.evaluate("pawpad.canvasHex()")


def wait_frame(page, frame, what):
    """Waits until the canvas shows the reference frame (or, on a TIMED screen, until
    the box shows that screen)."""
    t, screen, rest = frame
    wb.wait_screen(page, screen)
    if screen in TIMED:
        return
    want = shown(rest)
    deadline = time.monotonic() + wb.TIMEOUT_MS / 1000
    while canvas(page) != want:
        if time.monotonic() > deadline:
            page.screenshot(path=os.path.join(SHOTS, "failed.png"))
            raise AssertionError("before %s the canvas never showed the unix port's frame "
                                 "of %d ms (%s); see build/web-test/failed.png" % (
                                     what, t, screen))
        page.wait_for_timeout(20)


def send(page, action, args):
    kb = page.keyboard
    if action in PLAYER_KEYS or action in MENU_KEYS:
        wb.tap(page, PLAYER_KEYS.get(action) or MENU_KEYS[action])
    elif action in ("hold", "let"):
        key = MENU_KEYS.get(args[0]) or PLAYER_KEYS[args[0]]
        (kb.down if action == "hold" else kb.up)(key)
    elif action != "end":
        raise AssertionError("web/round.keys: %s is not played by keys here" % action)


NAME = slice(3 * 128 * 2, 6 * 128 * 2)  # pages 3-5 (rows 24-47), in hex digits: the
#                                        caller's name in large type (app/flows/pick_a_dog/stop.py)


class StopFrames:
    """The unix port's frames of a STOP. The caller's name is drawn where the live
    screen's "GO!" was (the frame prepared before GO), and stays there when the details
    come over it: the time above it and the margins below are the page's own (real
    reaction times), so only the name's pages are compared."""

    def __init__(self, frames):
        self.stops = [shown(f[2]) for f in frames if f[1] == "pad-stopped"]
        if not self.stops:
            raise AssertionError("web/round.keys: the unix port drew no STOP frame")
        self.name = self.stops[-1][NAME]

    def named(self, hex_frame):
        return hex_frame[NAME] == self.name

    def first(self, hex_frame):
        """Can this be the first frame drawn after the STOP's key?"""
        return hex_frame in self.stops or self.named(hex_frame)


def check_stop(page, frames):
    """The first frame drawn after the STOP's key is the unix port's STOP frame or
    names the caller as it does, the name is drawn, and the buzzer's tone is the
    STOP's."""
    key_at = page.evaluate("pawpad.keys[pawpad.keys.length - 1]")  # the event's own time
    drawn = page.evaluate("(t) => pawpad.drawn.filter(d => d[0] >= t).map(d => d[1])",
                          key_at)
    stop = StopFrames(frames)
    if not drawn or not stop.first(drawn[0]):
        raise AssertionError("the first frame after the STOP's key is not the unix "
                             "port's STOP frame")
    if not any(stop.named(d) for d in drawn):
        raise AssertionError("the caller's name (as the unix port draws it) was never drawn")
    tones = page.evaluate("(t) => pawpad.tones.filter(x => x[0] >= t).map(x => x[1])",
                          key_at)
    if STOP[0][0] not in tones:
        raise AssertionError("no STOP tone (%d Hz) after the key: %s" % (STOP[0][0], tones))


def check_round(b, url, micropython):
    script = os.path.join(ROOT, "web", "round.keys")
    frames, events = unix_frames(micropython, script)
    page = wb.open_page(b, url)
    page.evaluate("pawpad.record = true")
    stopped = False
    for t, action, args, frame in events:
        what = "%d ms %s" % (t, " ".join([action] + args))
        wait_frame(page, frame, what)
        send(page, action, args)
        if action == "p2" and not stopped:
            stopped = True
            wb.wait_screen(page, "pad-stopped")
            page.wait_for_timeout(100)  # the details are up, the tone still sounds
            page.screenshot(path=os.path.join(SHOTS, "stop.png"))
            page.wait_for_timeout(300)  # the tone's end
            check_stop(page, frames)
    wait_frame(page, frames[-1], "the end")
    page.screenshot(path=os.path.join(SHOTS, "undone.png"))
    if not stopped:
        raise AssertionError("web/round.keys has no STOP (p2)")
    if page.errors:
        raise AssertionError("errors in the page: %s" % page.errors)
    if page.evaluate("pawpad.flashErrors"):
        raise AssertionError("files not kept in the browser: %s" % page.evaluate("pawpad.log"))
    return page, len(events)


def check_power_cut(page):
    """Reloads: the game in progress comes back from localStorage; the box offers it."""
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.endsWith('game.log'))")
    if not kept:
        raise AssertionError("the game's log is not in the browser's storage")
    page.reload()
    if not page.evaluate("pawpad.ready"):
        raise AssertionError("the page did not start again")
    wb.wait_screen(page, "resume")
    page.screenshot(path=os.path.join(SHOTS, "resume.png"))
    wb.tap(page, "Enter")
    wb.wait_screen(page, "pad-exam")  # where the undo left the game
    page.context.close()


# Keys of the browser's storage that the box never wrote, each to be skipped: Python
# over the shipped module (it would run instead of it: it prints PWNED and has no
# start()), a file in a folder that is not there, an empty name, a name too long, an
# absolute path in the name and a name with a space.
CRAFTED = {
    "pawpad:/data/../lib/webmain.py": "print('PWNED: code from the storage ran')\n",
    "pawpad:/data/missing/settings.json": '{"players": 7}',
    "pawpad:/data/": "empty name",
    "pawpad:/data/" + "a" * 200: "{}",
    "pawpad:/data//lib/main.py": "print('PWNED')\n",
    "pawpad:/data/two words.json": "{}",
}
GOOD = ("pawpad:/data/settings.json", '{"players": 5}')  # restored beside them


def check_untrusted(b, url, micropython):
    """Crafted keys are skipped with a console warning; the page starts and runs its
    own code; the good file is restored (the box has 5 players)."""
    page = wb.open_page(b, url)
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.evaluate("([keys, good]) => { for (const k in keys) localStorage.setItem(k, keys[k]);"
                  " localStorage.setItem(good[0], good[1]); }", [CRAFTED, list(GOOD)])
    page.reload()
    if not page.evaluate("pawpad.ready"):
        raise AssertionError("the page did not start with crafted keys in its storage: %s"
                             % page.evaluate("pawpad.failed"))
    wb.wait_screen(page, "menu")
    log = page.evaluate("pawpad.log")
    if any("PWNED" in line for line in log):
        raise AssertionError("code from the browser's storage ran: %s" % log)
    if page.evaluate("typeof pawpad.said") != "function":
        raise AssertionError("the shipped webmain did not run")
    for key in CRAFTED:
        if not any("skipped" in w and key in w for w in warnings):
            raise AssertionError("no warning that %r was skipped: %s" % (key, warnings))
    playing = page.evaluate("document.querySelectorAll('.player:not(.out)').length")
    if playing != 5:
        raise AssertionError("settings.json beside them was not restored: %d players"
                             % playing)
    if page.errors:
        raise AssertionError("errors in the page: %s" % page.errors)
    page.context.close()
    return len(CRAFTED)


def check_rewritten(b, url, micropython):
    """A settings file with one bad value: the box keeps it aside (a rename, mirrored
    in the browser) and writes the good values again (json.dump streaming into the file
    the page keeps): both are in the browser's storage, and the box says so."""
    page = wb.open_page(b, url)
    key = "pawpad:/data/settings.json"
    bad = '{"players": 6, "players_are": "dogs"}'
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, bad])
    page.reload()
    if not page.evaluate("pawpad.ready"):
        raise AssertionError("the page did not start: %s" % page.evaluate("pawpad.failed"))
    wb.wait_screen(page, "notice")
    words = said(page) or ""
    if "Settings file had errors" not in words:
        raise AssertionError("the box did not say the settings were damaged: %r" % words)
    kept = page.evaluate("(k) => [localStorage.getItem(k), localStorage.getItem(k + '.bad')]",
                         key)
    if kept[1] != bad:
        raise AssertionError("the damaged file is not kept aside in the browser: %r" % kept)
    try:
        players = json.loads(kept[0])["players"]
    except (TypeError, ValueError, KeyError):
        raise AssertionError("settings.json was not written again in the browser: %r"
                             % kept[0])
    if players != 6:
        raise AssertionError("settings.json written again has %r players" % players)
    if page.evaluate("pawpad.flashErrors") or page.errors:
        raise AssertionError("errors: %s %s" % (page.errors, page.evaluate("pawpad.log")))
    page.context.close()
    return words.replace("\n", " ")


# Fills the browser's storage to the last character it takes (what a full flash is).
FILL = """() => {
  let n = 0;
  for (let size = 1 << 20; size >= 1; size >>= 1) {
    for (;;) {
      try { localStorage.setItem("filler" + n, "x".repeat(size)); n++; }
      catch (e) { if (e.name !== "QuotaExceededError") throw e; break; }
    }
  }
  return n;
}"""


def said(page):
    """The words of the notice or toast the box shows (webmain.said()), or None."""
    return page.evaluate("typeof pawpad.said === 'function' ? pawpad.said() : null")


def check_full(b, url, micropython):
    """A game started, then the storage filled: the STOP's record is refused, the
    firmware's write fails with ENOSPC and the box says the flash is full; the game log
    kept in the browser is the one before."""
    page = wb.open_page(b, url)
    wb.wait_screen(page, "menu")
    wb.tap(page, "Enter")
    wb.wait_screen(page, "pick-variant")
    wb.tap(page, "Enter")
    wb.wait_screen(page, "pad-ready")  # the game's log is on flash
    log_key = "pawpad:/data/game.log"
    kept = page.evaluate("(k) => localStorage.getItem(k)", log_key)
    if not kept:
        raise AssertionError("the new game's log is not in the browser's storage")
    page.evaluate(FILL)
    wb.tap(page, "Enter")  # GO, after the countdown
    deadline = time.monotonic() + wb.TIMEOUT_MS / 1000
    stopped = False
    while page.evaluate("pawpad.screen") != "notice":
        if time.monotonic() > deadline:
            page.screenshot(path=os.path.join(SHOTS, "failed.png"))
            raise AssertionError("the box never said its flash is full (it shows %r, says "
                                 "%r); its log:\n%s" % (
                                     page.evaluate("pawpad.screen"),
                                     said(page),
                                     "\n".join(page.evaluate("pawpad.log"))))
        if not stopped and page.evaluate("pawpad.screen") == "pad-live":
            wb.tap(page, "2")  # Blue calls STOP: a record for the flash
            stopped = True
        page.wait_for_timeout(20)
    words = said(page) or ""
    page.screenshot(path=os.path.join(SHOTS, "flash-full.png"))
    if "Flash full" not in words or "saved" not in words:
        raise AssertionError("the box's notice does not say the flash is full: %r" % words)
    if not page.evaluate("pawpad.flashErrors"):
        raise AssertionError("the page counted no write refused")
    if page.evaluate("(k) => localStorage.getItem(k)", log_key) != kept:
        raise AssertionError("the game log kept in the browser changed though the "
                             "storage was full")
    if page.errors:
        raise AssertionError("errors in the page: %s" % page.errors)
    page.context.close()
    return words.replace("\n", " / ")


ROSTER_KEY = "pawpad:/data/players.json"


def roster_kept(page):
    text = page.evaluate("(k) => localStorage.getItem(k)", ROSTER_KEY)
    return json.loads(text)["names"] if text else None


def check_names(b, url, micropython):
    """Names typed in the page: on the roster and in the browser's storage, refused ones
    said; after a reload the box has them; its Names screen lists them."""
    page = wb.open_page(b, url)
    wb.wait_screen(page, "menu")
    keys = page.evaluate("pawpad.keys.length")
    for name in ("Ann", "Bo 12", "Sebastian", "Yellow", "Ann", "Dr. J"):
        page.fill("#name", name)
        page.press("#name", "Enter")  # the form's submit, as a hand types it
    said_now = page.inner_text("#names-said")
    if roster_kept(page) != ["Ann", "Bo 12", "Dr. J"]:
        raise AssertionError("the roster kept in the browser is %r" % roster_kept(page))
    if page.evaluate("pawpad.keys.length") != keys or page.evaluate("pawpad.screen") != "menu":
        raise AssertionError("typing a name pressed the box's buttons")
    listed = page.evaluate("Array.from(document.querySelectorAll('#roster li'))"
                           ".map(li => li.firstChild.textContent)")
    if listed != ["Ann", "Bo 12", "Dr. J"] or "Dr. J is on the box" not in said_now:
        raise AssertionError("the page lists %r and says %r" % (listed, said_now))
    refused = []
    for name in ("Sebastian", "Yellow", "Ann"):  # each refused, and said why
        page.fill("#name", name)
        page.press("#name", "Enter")
        refused.append(page.inner_text("#names-said"))
    if "not a colour's name" not in refused[1] or "there already" not in refused[2]:
        raise AssertionError("the refusals say %r" % refused)
    page.click("#roster li:nth-child(2) button")  # Bo 12 off the box
    if roster_kept(page) != ["Ann", "Dr. J"]:
        raise AssertionError("taking Bo 12 off left %r" % roster_kept(page))
    page.reload()  # a power cut: the box reads players.json from the browser again
    if not page.evaluate("pawpad.ready"):
        raise AssertionError("the page did not start again")
    wb.wait_screen(page, "menu")
    page.wait_for_function("document.querySelectorAll('#roster li').length === 2")
    # on the box: Players (menu row 4), Who sits where (row 5 with four seats): Ann, the
    # first name, presses seat 1's button; the page's button 1 says so
    for key in ["ArrowDown"] * 4 + ["Enter"] + ["ArrowDown"] * 5 + ["Enter"]:
        wb.tap(page, key)
    wb.wait_screen(page, "seating")
    wb.tap(page, "1")
    wb.tap(page, "Enter")  # done: back to Players
    page.wait_for_function("document.querySelector('.player small').textContent === 'Ann'")
    # and Names, the row under it
    for key in ("ArrowDown", "Enter"):
        wb.tap(page, key)
    wb.wait_screen(page, "names")
    page.screenshot(path=os.path.join(SHOTS, "names.png"))
    rows = (said(page) or "").split("\n")
    if rows[:2] != ["Ann", "Dr. J"]:
        raise AssertionError("the box's Names screen lists %r" % rows)
    if page.errors or page.evaluate("pawpad.flashErrors"):
        raise AssertionError("errors: %s %s" % (page.errors, page.evaluate("pawpad.log")))
    page.context.close()
    return refused[0]


PHONE = {"width": 390, "height": 844}  # a phone's viewport, in CSS pixels
MIN_LABEL_PX = 11  # a chart's text at least, as shown (the report's page.py promises it)
# What the page shows at the viewport's width: the tables (the first header, and
# whether each scrolls in its place), and every chart text shown, its height as drawn:
# its font-size times the scale its SVG is shown at (getScreenCTM), and the height of
# its box (getBBox, as scaled).
REPORT_FIGURES = r"""() => {
  const out = {tables: [], labels: []};
  for (const t of document.querySelectorAll('table')) {
    const box = t.closest('.table') || t.parentElement;
    out.tables.push({first: t.rows[0].cells[0].textContent, scroll: box.scrollWidth,
                     seen: box.clientWidth, right: t.getBoundingClientRect().right});
  }
  for (const svg of document.querySelectorAll('figure svg')) {
    if (!svg.getClientRects().length) continue;  // a chart's form not shown at this width
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim() || !t.getClientRects().length) continue;
      const m = t.getScreenCTM(), scale = Math.hypot(m.a, m.b);
      out.labels.push({chart: svg.getAttribute('aria-label'), text: t.textContent,
                       em: parseFloat(getComputedStyle(t).fontSize) * scale,
                       box: t.getBBox().height * scale,
                       right: t.getBoundingClientRect().right});
    }
  }
  return out;
}"""


def report_at(page):
    """The report's figures in an open page (REPORT_FIGURES), with its widths."""
    got = page.evaluate(REPORT_FIGURES)
    got["wide"] = page.evaluate("document.documentElement.scrollWidth")
    got["seen"] = page.evaluate("document.documentElement.clientWidth")
    return got


def check_report_on_a_phone(b, url, micropython):
    """`make report`'s page at a phone's width: nothing past the right edge (no
    sideways scroll), every chart inside the screen, every table whole on the screen
    (none scrolling in its place; the last games' winners first), every chart label
    at least MIN_LABEL_PX tall. The box's data: an evening of Pick-a-Dog on the unix
    port, with a game left after one round (its chart too)."""
    from report import demo, make_report

    with tempfile.TemporaryDirectory() as tmp:
        keys = os.path.join(tmp, "evening.keys")
        with open(keys, "w") as f:
            f.write(demo.evening(3, 4, 1).text())
        data = os.path.join(tmp, "box")
        run = subprocess.run([micropython, "-X", "heapsize=512k", "tools/sim/sim.py",
                              "--script", keys, "--out", os.path.join(tmp, "sim"),
                              "--data", data], cwd=ROOT, capture_output=True, text=True)
        if run.returncode:
            raise AssertionError("the evening did not play: " + run.stderr[-500:])
        out = os.path.join(tmp, "report")
        make_report.main(["--data", data, "--out", out])
        context = b.new_context(viewport=PHONE)
        page = context.new_page()
        page.goto("file://" + os.path.join(out, "report.html"))
        got = report_at(page)
        past = page.evaluate(
            "Array.from(document.querySelectorAll('figure, svg, h1, h2, p, .table, table'))"
            ".filter(e => e.getClientRects().length && "
            "e.getBoundingClientRect().right > %d + 0.5)"
            ".map(e => e.tagName + ' ' + (e.getAttribute('aria-label') || ''))" % got["seen"])
        charts = page.evaluate("Array.from(document.querySelectorAll('figure svg'))"
                               ".filter(e => e.getClientRects().length).length")
        page.screenshot(path=os.path.join(SHOTS, "report-390.png"), full_page=True)
        context.close()
    if got["wide"] > got["seen"] or past:
        raise AssertionError("at %d px the page is %d px wide; past the edge: %s"
                             % (got["seen"], got["wide"], past))
    scrolled = [t for t in got["tables"] if t["scroll"] > t["seen"]]
    if scrolled or [t["first"] for t in got["tables"]] != ["player", "won"]:
        raise AssertionError("tables at %d px: %s" % (got["seen"], got["tables"]))
    small = [t for t in got["labels"] if min(t["em"], t["box"]) < MIN_LABEL_PX]
    if charts != 8 or len({t["chart"] for t in got["labels"]}) != charts or small:
        raise AssertionError("%d charts shown, labels under %d px: %s"
                             % (charts, MIN_LABEL_PX, small[:5]))
    return charts, got["wide"], min(t["em"] for t in got["labels"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--micropython", default=os.path.join(ROOT, ".venv", "bin", "micropython"))
    a = ap.parse_args()
    os.makedirs(SHOTS, exist_ok=True)
    passed = failed = 0
    try:
        with wb.browser() as b, wb.served() as url:
            for name, check in (("same frames as the unix port", check_frames),
                                ("a Pick-a-Dog round by keys", check_round)):
                try:
                    result = check(b, url, a.micropython)
                except AssertionError as e:
                    failed += 1
                    print("web: FAILED %s: %s" % (name, e))
                    continue
                passed += 1
                if name.startswith("same"):
                    print("web: %s: %d frames equal, byte for byte" % (name, result))
                else:
                    page, n = result
                    print("web: %s: %d events, frames equal where untimed" % (name, n))
                    try:
                        check_power_cut(page)
                        passed += 1
                        print("web: a reload is a power cut: the game is offered again")
                    except AssertionError as e:
                        failed += 1
                        print("web: FAILED power cut: %s" % e)
            for name, check, done in (
                    ("untrusted storage", check_untrusted,
                     "%d crafted keys skipped, the page started with its own code"),
                    ("the box's own writes", check_rewritten,
                     "a damaged settings file kept aside and written again; the box "
                     "says: %s"),
                    ("a full storage is a full flash", check_full, "the box says: %s"),
                    ("the report on a phone", check_report_on_a_phone,
                     "%d charts, nothing past a 390 px screen's edge (the page %d px "
                     "wide), the tables whole, the smallest chart label %.1f px tall"),
                    ("names typed in the page", check_names,
                     "on the box's roster and flash, back after a power cut, on its "
                     "Names screen; a name refused says: %s")):
                try:
                    result = check(b, url, a.micropython)
                except AssertionError as e:
                    failed += 1
                    print("web: FAILED %s: %s" % (name, e))
                    continue
                passed += 1
                print("web: %s: %s" % (name, done % result))
    except wb.Missing as e:
        print("web: FAILED: cannot run the browser test: %s" % e)
        sys.exit(1)
    print("web: screenshots in build/web-test")
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
