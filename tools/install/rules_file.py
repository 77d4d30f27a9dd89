# Makes the box's rules file, firmware/rules.bin, from docs/rules.md's "Rules here"
# section: one entry a step (a game's screen), folded to the panel's width here, so the
# box only seeks and reads (pawpad/store/rules_book.py says the format).
#   python -m install.rules_file          writes firmware/rules.bin (make rules)
#   python -m install.rules_file check    exit 1 when the file is not what the page says
# An entry on the page:
#   ### pick_a_dog/pad-ready: Before the round
#   Step: what the screen is for ...
#   Rulebook: what the printed rules say of it ...
#   Box: how the box reads them ...
# Each paragraph is folded to the panel's 21 columns with a blank line between them.
import os
import re
import struct
import sys
from binascii import crc32

from pawpad.store import rules_book
from pawpad.ui.widgets import COLS, wrap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "rules.md")
OUT = os.path.join(ROOT, "firmware", "rules.bin")
SECTION = "## Rules here"
LABELS = ("Step:", "Rulebook:", "Box:")
TITLE_MOST = COLS - 5  # the title bar keeps room for the page, "1/9"
_HEADING = re.compile(r"^### ([a-z_]+/[a-z0-9-]+): (.+)$")


def entries(text):
    """[(key, title, [paragraph])] of the page's "Rules here" section, in its order."""
    lines = text.split("\n")
    try:
        i = lines.index(SECTION)
    except ValueError:
        raise ValueError("docs/rules.md has no %r section" % SECTION)
    out = []
    para = []
    for line in lines[i + 1:]:
        if line.startswith("## "):
            break
        m = _HEADING.match(line)
        if line.startswith("### ") and not m:
            raise ValueError("not an entry's heading: %r" % line)
        if m:
            out.append((m.group(1), m.group(2), []))
            continue
        if not out:
            continue  # the section's own words, before its first entry
        if line.strip():
            para.append(line.strip())
            continue
        if para:
            out[-1][2].append(" ".join(para))
            para = []
    if para and out:
        out[-1][2].append(" ".join(para))
    return out


def plain(s):
    """The page's markdown as the panel shows it: no backticks or stars."""
    return s.replace("`", "").replace("**", "").replace("*", "")


def problems(items):
    out = []
    seen = set()
    for key, title, paras in items:
        if key in seen:
            out.append("%s: twice" % key)
        seen.add(key)
        if len(key.encode()) > rules_book.KEY:
            out.append("%s: a key of more than %d bytes" % (key, rules_book.KEY))
        if len(plain(title)) > TITLE_MOST:
            out.append("%s: a title of more than %d characters" % (key, TITLE_MOST))
        labels = tuple(p.split(" ", 1)[0] for p in paras)
        if labels != LABELS:
            out.append("%s: paragraphs %r, not %r" % (key, labels, LABELS))
        for p in [title] + paras:
            bad = [c for c in p if not 32 <= ord(c) <= 126]
            if bad:
                out.append("%s: characters the panel's font lacks: %r" % (key, bad))
    return out


def body(title, paras):
    """An entry's bytes: lines, the title, where each line starts, the lines."""
    lines = []
    for p in paras:
        if lines:
            lines.append("")
        lines += wrap([plain(p)], COLS)
    title = plain(title).encode()
    texts = [s.encode() for s in lines]
    if len(texts) > rules_book.MOST_LINES or len(title) > 255:
        raise ValueError("%r: too long" % title)
    start = 2 + len(title) + 2 * (len(texts) + 1)
    offs, at = [], start
    for t in texts:
        offs.append(at)
        at += len(t)
    offs.append(at)
    return bytes([len(texts), len(title)]) + title + struct.pack(
        "<%dH" % len(offs), *offs) + b"".join(texts)


def build(text):
    """The rules file's bytes for the page `text`."""
    items = entries(text)
    found = problems(items)
    if found:
        raise ValueError("docs/rules.md, Rules here:\n" + "\n".join(found))
    items.sort(key=lambda e: e[0])
    if len(items) > 255:
        raise ValueError("more than 255 entries")
    bodies = [body(title, paras) for _, title, paras in items]
    at = rules_book.HEAD + rules_book.RECORD * len(items)
    index = b""
    for (key, _, _), b in zip(items, bodies):
        index += key.encode().ljust(rules_book.KEY, b"\0") + struct.pack(
            "<III", at, len(b), crc32(b))
        at += len(b)
    head = rules_book.MAGIC + bytes([rules_book.VERSION, len(items)]) + struct.pack(
        "<I", crc32(index))
    return head + index + b"".join(bodies)


def keys(text):
    return [key for key, _, _ in entries(text)]


def read_doc(path=DOC):
    with open(path) as f:
        return f.read()


def main(argv):
    data = build(read_doc())
    if argv[:1] == ["check"]:
        with open(OUT, "rb") as f:
            same = f.read() == data
        if not same:
            print("firmware/rules.bin is not docs/rules.md's: run make rules")
        return 0 if same else 1
    with open(OUT, "wb") as f:
        f.write(data)
    print("firmware/rules.bin: %d entries, %d bytes" % (len(entries(read_doc())), len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
