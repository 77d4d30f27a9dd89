# `make web-bench`: the figures of the box in a web page, in headless Chromium on this
# machine: the page's weight (the WebAssembly port and the firmware's bytecode), the
# time from loading the page to the main menu, and a STOP's time from the key event to
# the tone and to the canvas showing it. Times are the page's performance.now(); the
# key's time is the event's own timeStamp. Host figures: the Pico's are make bench-device.
#   python tools/web/web_bench.py [--loads 5] [--stops 10]
import argparse
import gzip
import json
import os

from web import web_browser as wb
from web import web_test

RUNTIME = ("micropython.wasm", "micropython.mjs")
PAGE = ("index.html", "pawpad.css", "pawpad.js")
SEAT_KEY = "2"  # Blue calls every STOP: web/round.keys has the unix port's frames of it


def spread(values):
    v = sorted(values)
    mid = v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2
    return "%7.1f ms  (%.1f - %.1f)" % (mid, v[0], v[-1])


def weight():
    def size(name):
        path = os.path.join(wb.PAGE_DIR, name)
        with open(path, "rb") as f:
            data = f.read()
        return len(data), len(gzip.compress(data, 9))

    with open(os.path.join(wb.PAGE_DIR, "python.pack"), "rb") as f:
        modules = len([p for p, _ in json.loads(f.readline())["files"] if p.endswith(".mpy")])
    rows = [(name, size(name)) for name in RUNTIME]
    rows.append(("python.pack (%d modules, bytecode)" % modules, size("python.pack")))
    page = [size(n) for n in PAGE]
    rows.append(("page: html, css, js", (sum(p[0] for p in page), sum(p[1] for p in page))))
    total = (sum(r[1][0] for r in rows), sum(r[1][1] for r in rows))
    print("page weight                              bytes   gzip -9")
    for name, (raw, gz) in rows + [("total", total)]:
        print("  %-36s %8d  %8d" % (name, raw, gz))


def boot_times(b, url, loads):
    times = []
    for _ in range(loads):
        page = wb.open_page(b, url)
        page.wait_for_function(wb.BOOTED, timeout=wb.TIMEOUT_MS)
        times.append(page.evaluate("pawpad.times"))
        page.context.close()
    print("load to the menu (%d loads in fresh profiles; median, min - max)" % loads)
    print("  MicroPython loaded           %s" % spread([t["runtime"] for t in times]))
    print("  boot screen on the canvas    %s" % spread([t["firstFrame"] for t in times]))
    print("  main menu on the canvas      %s" % spread([t["menu"] for t in times]))
    print("  (the boot screen is shown for 1500 ms by design: menus.BOOT_MS)")


def stop_times(b, url, stops, micropython):
    """STOP after STOP: OK to the countdown, the key at GO, BACK held to undo it."""
    frames, _ = web_test.unix_frames(micropython, os.path.join(wb.ROOT, "web", "round.keys"))
    stop = web_test.StopFrames(frames)
    page = wb.open_page(b, url)
    page.evaluate("pawpad.record = true")
    wb.wait_screen(page, "menu")
    for screen in ("pick-variant", "pad-ready"):  # Pick-a-Dog, the standard game
        wb.tap(page, "Enter")
        wb.wait_screen(page, screen)
    tone, written, first, name = [], [], [], []
    for _ in range(stops):
        wb.tap(page, "Enter")
        wb.wait_screen(page, "pad-live")
        page.wait_for_timeout(150)
        page.keyboard.down(SEAT_KEY)
        page.wait_for_timeout(wb.PRESS_MS)
        page.keyboard.up(SEAT_KEY)
        wb.wait_screen(page, "pad-stopped")
        page.wait_for_timeout(300)
        key, tones, writes, drawn = page.evaluate("""() => {
            const key = pawpad.keys[pawpad.keys.length - 1];
            const after = (list) => list.filter((x) => (x[0] ?? x) >= key);
            return [key, after(pawpad.tones), after(pawpad.writes), after(pawpad.drawn)];
        }""")
        sounding = [t for t, hz in tones if hz]
        named = [t for t, frame in drawn if stop.named(frame)]
        if not (sounding and writes and drawn and named):
            raise AssertionError("a STOP without a tone, a frame or the caller's name")
        for t, kept in ((sounding[0], tone), (writes[0], written), (drawn[0][0], first),
                        (named[0], name)):
            kept.append(t - key)
        page.keyboard.down("Backspace")  # held: undo the STOP, back to GO
        wb.wait_screen(page, "pad-ready")
        page.keyboard.up("Backspace")
    page.context.close()
    print("a STOP, from the key event (%d STOPs; median, min - max)" % stops)
    print("  the tone starts (Web Audio)  %s" % spread(tone))
    print("  the driver writes the panel  %s" % spread(written))
    print("  first frame on the canvas    %s" % spread(first))
    print("  caller's name on canvas      %s" % spread(name))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--loads", type=int, default=5)
    ap.add_argument("--stops", type=int, default=10)
    ap.add_argument("--micropython", default=os.path.join(wb.ROOT, ".venv", "bin",
                                                          "micropython"))
    a = ap.parse_args()
    try:
        with wb.browser() as b, wb.served() as url:
            print("Pawpad in a web page: headless Chromium %s, this machine (%d CPUs, "
                  "load average %.1f)" % (b.version, os.cpu_count(), os.getloadavg()[0]))
            weight()
            boot_times(b, url, a.loads)
            stop_times(b, url, a.stops, a.micropython)
    except wb.Missing as e:
        raise SystemExit("web-bench: %s" % e)


if __name__ == "__main__":
    main()
