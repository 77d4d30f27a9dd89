# Dating the games of a clock never set, the first time the box meets a computer (make
# export, report, roster and flash all do it, before they set the box's clock). A Pico
# keeps no time without power: a game finished on a clock never set keeps only the
# power-on it was played in and the seconds since that power-on (`on`, `up`:
# firmware/pawpad/store/power_on.py). Met by a computer, the box still runs in some
# power-on, on a clock that reads its uptime:
# - a game of that power-on is dated exactly: it ended (uptime now - its `up`) seconds
#   before now;
# - an older one (another power-on, or a record from before the box kept `on`) gets the
#   day of this meeting, before the running power-on began and in the history's order,
#   marked estimated (`est`: true).
# The dates are written into the history's records on the box (start, end, est), so
# every later export, from any computer, says the same, and a play's uuid is made
# without them (report/export.py play_key). Records that are dated, damaged or of
# another shape are left byte for byte as they were.
import datetime
import os
import subprocess
import tempfile

from pawpad.store import power_on
from pawpad.store.log import codec
from pawpad.store.log.lines import LINE_MAX
from pawpad.store.log.schema import CLOCK_SET_YEAR, check_summary
from pawpad.store.records import history as box_history
from pawpad.store.records.history_index import INDEX

STAMP = "%Y-%m-%d %H:%M:%S"


def now():
    """The computer's time, as the dates are written (tests set it)."""
    return datetime.datetime.now().replace(microsecond=0)


def undated(rec):
    # a record holding one of the history's times is dated already
    return isinstance(rec, dict) and not any(k in rec for k in box_history.TIMES)


def _seconds(rec, key):
    v = rec.get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None


def date_lines(lines, met, running=None):
    """The history's lines (each with its newline, or the last without) with its
    undated games dated: (lines, how many dated exactly, how many estimated). `met`:
    the computer's time now (a naive local datetime, to the second); `running`: (the
    power-on's id, its uptime in seconds) of the box as met, or None (a folder, or a
    box whose clock was set this power-on already)."""
    met = met.replace(microsecond=0)
    decoded = []
    for line in lines:
        body = line[:-1] if line.endswith("\n") else line
        try:
            rec = codec.decode(body)
        except ValueError:
            rec = None
        decoded.append(rec if undated(rec) and check_summary(rec) is None else None)
    try:
        began = met if running is None else met - datetime.timedelta(seconds=running[1])
    except OverflowError:  # an uptime beyond the calendar is no power-on of this box
        running, began = None, met
    older = [i for i, rec in enumerate(decoded) if rec is not None and not _exact(rec, running)]
    day = met.replace(hour=0, minute=0, second=0)
    out, exact, estimated = [], 0, 0
    for i, (line, rec) in enumerate(zip(lines, decoded)):
        if rec is None:
            out.append(line)
            continue
        ms = min(_seconds(rec, "ms") or 0, 10 ** 10)
        if _exact(rec, running):
            end = met - datetime.timedelta(seconds=running[1] - rec["up"])
            start, est = end - datetime.timedelta(seconds=ms // 1000), False
        else:  # the day of the meeting, in order, before the running power-on began
            k = older.index(i)
            start = day + datetime.timedelta(seconds=k)
            if start >= began:
                start = began - datetime.timedelta(seconds=len(older) - k)
            end, est = start, True
        dated = dict(rec, start=start.strftime(STAMP), end=end.strftime(STAMP), est=est)
        text = codec.encode(dated)
        if len(text) > LINE_MAX:  # no room left (a record of before DATING_BYTES)
            out.append(line)
            continue
        out.append(text if line.endswith("\n") else text[:-1])
        if est:
            estimated += 1
        else:
            exact += 1
    return out, exact, estimated


def _exact(rec, running):
    """Was the game played in the power-on the box is running, before now?"""
    up = _seconds(rec, "up")
    return (running is not None and rec.get("on") == running[0] and up is not None
            and up <= running[1])


def date_file(path, met, running=None):
    """The history at `path` dated (date_lines) and written back whole, through a
    temporary file and a rename; (exact, estimated), (0, 0) when nothing was undated
    (the file is then not written)."""
    try:
        with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
            lines = f.readlines()
    except OSError:
        return 0, 0
    out, exact, estimated = date_lines(lines, met, running)
    if exact or estimated:
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8", errors="surrogateescape", newline="") as f:
            f.writelines(out)
        os.replace(tmp, path)
    return exact, estimated


def said(exact, estimated):
    """The line a tool says when it dated games, or None."""
    if not exact + estimated:
        return None
    parts = []
    if exact:
        parts.append("%d to the second" % exact)
    if estimated:
        parts.append("%d by today's date (estimated: played before the box's last "
                     "power-on)" % estimated)
    return ("the box's clock was not set when %s played: dated %s, and the dates kept "
            "on the box" % ("these games were" if exact + estimated > 1 else "a game was",
                            " and ".join(parts)))


def run(cmd, timeout):
    """mpremote's run, its output as text; a run that cannot start or does not end is
    a failed one (dating then leaves the box as it was)."""
    try:
        return subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                              timeout=timeout)
    except (OSError, subprocess.SubprocessError) as e:
        return subprocess.CompletedProcess(cmd, 1, "", str(e))


def drop_index(data):
    """The history's index in the folder `data` removed: it names the old bytes' places
    (the box makes it again at its next boot)."""
    try:
        os.remove(os.path.join(data, INDEX))
    except OSError:
        pass


def meet(tool, data=None, connect=None, device_dir="/data", prefix=""):
    """Dates the box's history as `tool` meets it: a folder (`data`) or a Pico over
    mpremote (`connect`), saying what was dated."""
    if data is not None:
        counts = date_file(os.path.join(data, box_history.HISTORY), now())
        if sum(counts):
            drop_index(data)
    else:
        with tempfile.TemporaryDirectory(prefix="pawpad-dating-") as work:
            counts = meet_board(run, connect, device_dir, work, prefix)
    line = said(*counts)
    if line:
        print("%s: %s" % (tool, line))
    return counts


# What the box says of its clock and its power-on, asked before the clock is set.
PROBE = ("import time\nt = time.localtime()\n"
         "print('PAWPAD-CLOCK', t[0], int(time.time()) - %d)\n" % power_on.CLOCK_START +
         "try:\n    print('PAWPAD-ON', open(%r).read().strip())\nexcept OSError:\n"
         "    pass\n")


def running_of(out):
    """(power-on id, uptime) from PROBE's output, or None when the box's clock was set
    this power-on (its games then carry their times) or the answer is not one."""
    year = up = on = None
    for line in out.splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "PAWPAD-CLOCK":
            try:
                year, up = int(words[1]), int(words[2])
            except ValueError:
                return None
        elif line.startswith("PAWPAD-ON "):
            try:
                rec = codec.decode(line[len("PAWPAD-ON "):].strip())
            except ValueError:
                rec = None
            on = rec.get("on") if isinstance(rec, dict) else None
    if year is None or year >= CLOCK_SET_YEAR or up is None or up < 0:
        return None
    return (on, up) if power_on.id_ok(on) else None


def meet_board(run, connect, device_dir, work, prefix=""):
    """Dates the history on a Pico over mpremote (`run(cmd, timeout)`: a
    CompletedProcess; `connect`: mpremote's connect arguments), before the tool sets
    its clock: the box's clock and power-on asked, the history copied into `work`,
    dated, and put back through a temporary file and a rename on the box. (exact,
    estimated); (0, 0) when nothing was undated or the box did not answer (nothing
    is changed then). `prefix`: code to run first (flash.STOP_WATCHDOG)."""

    history = device_dir + "/" + box_history.HISTORY
    r = run(connect + ["exec", prefix + PROBE % (device_dir + "/" + power_on.RECORD)], 60)
    met = now()
    if r.returncode:
        return 0, 0
    running = running_of(r.stdout)
    local = os.path.join(work, box_history.HISTORY)
    os.makedirs(work, exist_ok=True)
    r = run(connect + ["cp", ":" + history, local], 120)
    if r.returncode or not os.path.isfile(local):
        return 0, 0
    exact, estimated = date_file(local, met, running)
    if exact + estimated:
        # The history's index (history_index.py) goes with the old bytes: the box makes
        # it again at its next boot.
        index = device_dir + "/" + INDEX
        r = run(connect + ["cp", local, ":" + history + ".tmp", "+", "exec",
                           "import os\nos.rename(%r, %r)\ntry:\n    os.remove(%r)\n"
                           "except OSError:\n    pass\n" % (history + ".tmp", history, index)],
                120)
        if r.returncode:
            return 0, 0
    return exact, estimated
