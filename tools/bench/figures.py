# docs/benchmarks.md, the benchmarks' figures in one place: each benchmark writes its own
# section there when it runs, replaced in place between its two markers, and leaves the
# others as they are (host_tests/test_bench_figures.py holds it to that). A section
# says when it was measured, at which commit, where (the unix port, the Pico or the
# emulated one; .mpy files or the frozen UF2) and its figures as tables. The README and
# the comments point there instead of restating numbers.
#   section(name, title, where, parts) -> the section's text; write(name, text) puts it in.
import os
import re
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "benchmarks.md")

# The sections in the order a new file lists them: name, title, how to make it.
SECTIONS = (
    ("bench", "make bench: size, heap, replay, STOP path, I2C", "make bench"),
    ("bench-stage", "make bench-stage: the stage change detector",
     "make bench (or make bench-stage)"),
    ("bench-saved", "What is shown, on flash", "make bench (tools/bench/bench_saved.py)"),
    ("bench-presses", "Key presses for a round", "make bench (tools/bench/bench_presses.py)"),
    ("bench-device", "make bench-device: on the device, .mpy install",
     "make bench-device PORT=..."),
    ("bench-device-frozen", "make bench-device FROZEN=1: on the device, frozen UF2",
     "make bench-device PORT=... FROZEN=1"),
    ("bench-long", "make bench-long: the long run on the device", "make bench-long PORT=..."),
    ("bench-resume", "Resuming a long game on the device",
     ".venv/bin/python tools/bench/bench_resume_device.py --mpremote .venv/bin/mpremote "
     "--port PORT"),
    # bench_encoder_run.py runs on the device alone and prints its figures: this
    # section is copied from its output by hand
    ("bench-encoder", "The rotary encoder on the device",
     ".venv/bin/mpremote connect PORT run tools/bench/bench_encoder_run.py"),
)
HEAD = """# Benchmark figures

Every benchmark writes its own section of this file when it runs (`tools/bench/figures.py`),
between its two markers; the rest of the file is left as it is. Each section says when
and where it was measured (the MicroPython unix port, or the Pico or the emulated Pico
of `tools/rp2emu`, with the firmware as `.mpy` files or frozen into the UF2) and at
which commit. The goals are in `docs/budgets.md`; on the unix port objects are 64-bit
and times are the host's (50 to 100 times faster than a Pico): the figures that count
come from the device.
"""


def begin(name):
    return "<!-- bench:%s begin (written by the benchmark: edits here are lost) -->" % name


def end(name):
    return "<!-- bench:%s end -->" % name


def replace(text, name, body):
    """`text` with the section `name` (markers included) holding `body`; added at the
    end when the file has none. Raises ValueError on markers out of order or twice."""
    b, e = begin(name), end(name)
    block = b + "\n" + body.strip("\n") + "\n" + e
    i, j = text.find(b), text.find(e)
    if text.count(b) > 1 or text.count(e) > 1 or (i < 0) != (j < 0) or j < i:
        raise ValueError("docs/benchmarks.md: the markers of section %r are damaged" % name)
    if i < 0:
        return text.rstrip("\n") + "\n\n" + block + "\n"
    return text[:i] + block + text[j + len(e):]


def read(path=None):
    try:
        with open(path or DOC) as f:
            return f.read()
    except OSError:
        return HEAD


def write(name, body, path=None):
    """The section `name` of the file at `path` replaced by `body`, the rest kept."""
    path = path or DOC
    text = replace(read(path), name, body)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
    return path


def shown(path):
    """A path as the output names it: from the checkout's root."""
    return os.path.relpath(path, ROOT)


def commit():
    """The checkout's short commit, "+changes" when the firmware or tools differ."""
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                             capture_output=True, text=True, timeout=30).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "firmware", "boards", "tools"],
                               cwd=ROOT, capture_output=True, text=True,
                               timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"
    return (rev or "?") + (" +changes" if dirty else "")


def unix_port(micropython):
    """'the MicroPython unix port (v1.29.0, ...)' as that binary says."""
    try:
        out = subprocess.run([micropython, "-c", "import sys; print('v%d.%d.%d' % "
                              "sys.implementation.version[:3], sys.version.split('; ')[-1])"],
                             capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        out = ""
    return "the MicroPython unix port" + (" (%s)" % out if out else "")


def device(port, frozen):
    """Where a device benchmark ran, and which build."""
    chip = ("the emulated Pico of tools/rp2emu (%s)" % port if port.startswith("socket://")
            else "a Pico (%s)" % port)
    return chip + (", the firmware frozen into the UF2 (boards/pico/manifest.py)" if frozen
                   else ", the firmware as .mpy files on its flash (make flash)")


def table(header, rows):
    """A Markdown table; cells are str()-ed, a | in one escaped."""
    def cells(r):
        return "| " + " | ".join(str(c).replace("|", "\\|") for c in r) + " |"

    return "\n".join([cells(header), "|" + "---|" * len(header)] + [cells(r) for r in rows])


def from_text(lines, heads=()):
    """Printed lines as Markdown: a run of two or more lines of the same count (3 or
    more) of cells apart by two or more spaces is a table (its first line the header
    when it has no digit, else the next of `heads`, or columns unnamed); a line
    "== what" a heading of bold text; any other line a list item."""
    heads = list(heads)
    split = [[c for c in re.split(r"\s{2,}", x.strip()) if c] for x in lines if x.strip()]
    out, run = [], []

    def flush():
        if len(run) >= 2:
            named = not any(ch.isdigit() for ch in "".join(run[0]))
            rows = run[1:] if named else run
            head = run[0] if named else (heads.pop(0) if heads else [""] * len(run[0]))
            out.append("\n" + table(head, rows) + "\n")
        else:
            out.extend("- " + "  ".join(r) for r in run)
        run.clear()

    for cells in split:
        if cells[0].startswith("=="):
            flush()
            out.append("\n**%s**\n" % "  ".join(cells).lstrip("= "))
            continue
        if len(cells) >= 3 and (not run or len(cells) == len(run[0])):
            run.append(cells)
            continue
        flush()
        if len(cells) >= 3:
            run.append(cells)
        else:
            out.append("- " + "  ".join(cells))
    flush()
    return "\n".join(out).strip("\n")


def title(name):
    for n, t, _how in SECTIONS:
        if n == name:
            return t
    raise KeyError(name)


def pairs(lines):
    """Free-form printed lines (a device's) as a table of two columns: each line's words
    up to its first ": " (else its first gap of two spaces) and the rest; "== what"
    lines as headings of bold text between tables; a traceback as one row, its
    exception and where it was raised."""
    out, rows = [], []
    where = []  # the File lines of a traceback being read

    def flush():
        if rows:
            out.append(table(["figure", "measured"], rows))
            rows.clear()

    for x in lines:
        x = x.strip()
        if not x:
            continue
        if x.startswith("=="):
            flush()
            out.append("**%s**" % x.lstrip("= "))
            continue
        if x.startswith("Traceback (most recent call last)"):
            where.append("")
            continue
        if where:
            if x.startswith("File "):
                where.append(x)
                continue
            last = where[-1]
            where.clear()
            rows.append(["traceback", " ".join(x.split()) + (" (%s)" % last if last else "")])
            continue
        what, sep, rest = x.partition(": ")
        if not sep:
            what, rest = (re.split(r"\s{2,}", x, maxsplit=1) + [""])[:2]
        rows.append([" ".join(what.split()), " ".join(rest.split())])
    flush()
    return "\n\n".join(out)


def section(name, where, parts, when=None):
    """The section's text: its title, a line of when, where and at which commit, then
    `parts` [(heading or None, Markdown)]."""
    when = when or time.strftime("%Y-%m-%d")
    out = ["## " + title(name), "", "Measured %s on %s, commit %s." % (when, where, commit())]
    for heading, text in parts:
        out.append("")
        if heading:
            out += ["**%s**" % heading, ""]
        out.append(text.strip("\n"))
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out))


def pending(name):
    """The text of a section not measured yet: how to make it."""
    for n, t, how in SECTIONS:
        if n == name:
            return "## %s\n\nNot measured in this file yet: `%s` writes it." % (t, how)
    raise KeyError(name)
