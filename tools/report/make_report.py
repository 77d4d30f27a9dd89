# `make report`: the box's history and statistics as one HTML page with charts.
#   python tools/report/make_report.py --port /dev/ttyACM0 [--mpremote M]   from a Pico
#   python tools/report/make_report.py --data sim_data                      from a folder
# Writes OUT/report.html (self-contained: the charts are in it, as SVG) and each chart as
# OUT/<name>.svg and OUT/<name>.png (a chart drawn across the page also as
# OUT/<name>-narrow.svg and .png, its form for a phone); the files read are kept in
# OUT/data.
import os

from report import boxdata, charts, page


def make(box, out, source):
    """Draws the charts and writes the page; returns (page path, [PNG paths])."""
    images = [p for p in (chart(box, out) for chart in charts.ALL) if p]
    path = os.path.join(out, "report.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page.page(box, images, source))
    return path, images


def main(argv=None):
    a = boxdata.arguments("the box's games as a page of charts", "build/report").parse_args(argv)
    for name in os.listdir(a.out) if os.path.isdir(a.out) else ():
        if name.endswith((".png", ".svg")) or name == "report.html":
            os.remove(os.path.join(a.out, name))  # nothing left from an earlier report
    box, source, found = boxdata.gather(a, "report")
    path, images = make(box, a.out, source)
    print("report: %s (%d charts) from %s: %s" % (path, len(images), source,
                                                  ", ".join(found) or "no files"))
    for p in box.problems:  # on the page too, under "What could not be read"
        print("report: " + p)


if __name__ == "__main__":
    main()
