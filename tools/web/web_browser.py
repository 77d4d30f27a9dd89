# What the browser test and the web benchmark share: the built page served on the
# loopback address, and Debian's Chromium driven headless by Playwright (the system
# browser: Playwright's own browser downloads are never used). Missing pieces are said
# plainly (Missing), never skipped over.
import contextlib
import functools
import http.server
import os
import shutil
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE_DIR = os.path.join(ROOT, "build", "web")
BROWSERS = ("chromium", "chromium-browser")
# Sound without a click first (the page starts Web Audio on a gesture otherwise).
ARGS = ["--autoplay-policy=no-user-gesture-required"]
TIMEOUT_MS = 30000  # a step of the page that has not happened by then will not
BOOTED = "window.pawpad && pawpad.screen === 'menu'"
PRESS_MS = 80  # a tap, as tools/pawsim/script.py holds one
GAP_MS = 40  # and a hand's pause after it: a release counts once debounced (20 ms)


class Missing(Exception):
    """Something the browser test needs is not on this machine: says what and how."""


def chromium():
    """The system Chromium's path."""
    path = os.environ.get("CHROMIUM")
    if path and os.path.exists(path):
        return path
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    raise Missing("no Chromium on this machine: `apt-get install chromium` "
                  "(make webtest does it), or set CHROMIUM to the browser's path")


def check_page():
    if not os.path.exists(os.path.join(PAGE_DIR, "python.pack")):
        raise Missing("build/web is not built: run `make web`")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def served(folder=PAGE_DIR):
    """The folder on http://127.0.0.1:<a free port>/ while the block runs."""
    handler = functools.partial(_Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:%d/" % server.server_port
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def browser():
    """(playwright, browser): headless Chromium, closed after the block."""
    check_page()
    path = chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise Missing("Playwright is not installed: `make venv` installs it from "
                      "requirements.txt")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def open_page(b, url, log=None):
    """A new page in a fresh context (its own empty localStorage), loaded and started."""
    context = b.new_context(viewport={"width": 900, "height": 720})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    if log is not None:
        page.on("console", lambda m: log.append(m.text))
    page.goto(url)
    if not page.evaluate("pawpad.ready"):
        raise AssertionError("the page did not start: %s" % page.evaluate("pawpad.failed"))
    page.errors = errors
    return page


def wait_screen(page, name, timeout=TIMEOUT_MS):
    """Waits until the box shows the screen called `name` (screen.py's names)."""
    try:
        page.wait_for_function("pawpad.screen === %r" % name, timeout=timeout)
    except Exception:
        raise AssertionError("the box never showed %r (it shows %r); its log:\n%s" % (
            name, page.evaluate("pawpad.screen"), "\n".join(page.evaluate("pawpad.log"))))


def tap(page, key):
    """A key pressed and let go, as a hand does: the next press comes after a pause
    (a press right on the heels of a release is a bounce to the box's buttons)."""
    page.keyboard.press(key, delay=PRESS_MS)
    page.wait_for_timeout(GAP_MS)
