# The benchmarks' code that runs on the device is kept in files, linted with the rest of
# tools/ and compiled for the Pico by host_tests/test_device_code.py (a syntax error
# fails make test), never in strings:
#   - MODULES, imported there: compiled here with mpy-cross (-march=armv6m) and copied to
#     the device's flash at their place (prepare(), then setup_code() and copy_args());
#   - SCRIPTS, sent whole with `mpremote run` (nothing left on the flash).
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, "tools", "bench")

# The module's name on the device: its source here.
MODULES = {
    "pawsim.heap": os.path.join(ROOT, "tools", "pawsim", "heap.py"),  # the heap probe
    "bench_long_run": os.path.join(BENCH, "bench_long_run.py"),  # make bench-long
}
SCRIPTS = [os.path.join(BENCH, n) for n in (
    "bench_device_run.py",  # make bench-device
    "bench_encoder_run.py",  # the rotary encoder's cost
    "bench_resume_run.py",  # bench_resume_device.py
)]


def compile_one(mpy_cross, src, out, march="armv6m"):
    """src compiled to out; raises subprocess.CalledProcessError (its stderr says
    where) on an error, OSError where there is no mpy-cross."""
    subprocess.run([mpy_cross, "-march=" + march, "-o", out, src], check=True,
                   capture_output=True, text=True, timeout=60)


def prepare(mpy_cross, work, names):
    """The modules `names` compiled into `work` for the Pico; as source where there is
    no mpy-cross. Returns [(local file, its path on the device)]."""
    os.makedirs(work, exist_ok=True)
    out = []
    for name in names:
        src = MODULES[name]
        remote = "/" + name.replace(".", "/")
        local = os.path.join(work, name + ".mpy")
        try:
            compile_one(mpy_cross, src, local)
            out.append((local, remote + ".mpy"))
        except (OSError, subprocess.TimeoutExpired):
            out.append((src, remote + ".py"))
    return out


def _stems(pairs):
    return sorted({remote.rsplit(".", 1)[0] for _local, remote in pairs})


def _dirs(pairs):
    dirs = set()
    for stem in _stems(pairs):
        parts = stem.strip("/").split("/")[:-1]
        for i in range(len(parts)):
            dirs.add("/" + "/".join(parts[:i + 1]))
    return sorted(dirs)


def setup_code(pairs):
    """Code for an exec on the device before copy_args(pairs): the modules' folders
    made, and any copy of them there already (a .py runs before an .mpy) removed."""
    return ("import os\n"
            "for _d in %r:\n"
            "    try:\n"
            "        os.mkdir(_d)\n"
            "    except OSError:\n"
            "        pass\n"
            "for _s in %r:\n"
            "    for _x in ('.py', '.mpy'):\n"
            "        try:\n"
            "            os.remove(_s + _x)\n"
            "        except OSError:\n"
            "            pass\n" % (_dirs(pairs), _stems(pairs)))


def cleanup_code(pairs):
    """Code for an exec on the device after the run: the modules and their folders
    (when empty) gone."""
    return setup_code(pairs) + ("for _d in %r:\n"
                                "    try:\n"
                                "        os.rmdir(_d)\n"
                                "    except OSError:\n"
                                "        pass\n" % sorted(_dirs(pairs), reverse=True))


def copy_args(pairs):
    """mpremote's arguments that copy them, each followed by "+" (a chain)."""
    args = []
    for local, remote in pairs:
        args += ["cp", local, ":" + remote, "+"]
    return args
