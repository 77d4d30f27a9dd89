# `make report`: the box's history and statistics as one HTML page with charts.
#   python tools/report/make_report.py --port /dev/ttyACM0 [--mpremote M]   from a Pico
#   python tools/report/make_report.py --data sim_data                      from a folder
# Writes OUT/report.html (self-contained: the charts are in it) and each chart as
# OUT/<name>.png; the files read are kept in OUT/data.
import argparse
import os
import shutil
import sys

import boxdata
import charts
import page


def make(box, out, source):
    """Draws the charts and writes the page; returns (page path, [PNG paths])."""
    images = [p for p in (chart(box, out) for chart in charts.ALL) if p]
    path = os.path.join(out, "report.html")
    with open(path, "w") as f:
        f.write(page.page(box, images, source))
    return path, images


def main(argv=None):
    ap = argparse.ArgumentParser(description="the box's games as a page of charts")
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--data", help="a folder holding the box's files (sim_data)")
    src.add_argument("--port", help="a Pico's serial port, for mpremote")
    ap.add_argument("--mpremote", default="mpremote")
    ap.add_argument("--out", default="build/report")
    a = ap.parse_args(argv)
    for name in os.listdir(a.out) if os.path.isdir(a.out) else ():
        if name.endswith(".png") or name == "report.html":
            os.remove(os.path.join(a.out, name))  # nothing left from an earlier report
    copy = os.path.join(a.out, "data")
    shutil.rmtree(copy, ignore_errors=True)
    if a.data:
        if not os.path.isdir(a.data):
            sys.exit("report: no folder %s" % a.data)
        found, source = boxdata.copy_folder(a.data, copy), a.data
    else:
        found, source = boxdata.fetch(a.mpremote, a.port, copy), "the Pico on " + a.port
    box = boxdata.read(copy)
    path, images = make(box, a.out, source)
    print("report: %s (%d charts) from %s: %s" % (path, len(images), source,
                                                  ", ".join(found) or "no files"))


if __name__ == "__main__":
    main()
