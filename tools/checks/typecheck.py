# Type-checks the boards and drivers against the rp2 port's stubs
# (micropython-rp2-rpi-pico-stubs, with micropython-stdlib-stubs as the standard
# library), so that every call on Pin, I2C, PWM, mem32 or bitstream is one the Pico
# really has. The stub files sit loose in site-packages, where mypy does not look, so
# they are copied to build/stubs first.
import os
import shutil
import subprocess
import sys
import sysconfig

SITE = sysconfig.get_paths()["purelib"]
DIST = "micropython_rp2_rpi_pico_stubs-"
OUT = os.path.join("build", "stubs")


def rp2_stub_files():
    for name in os.listdir(SITE):
        if name.startswith(DIST) and name.endswith(".dist-info"):
            with open(os.path.join(SITE, name, "RECORD")) as f:
                for line in f:
                    path = line.split(",")[0]
                    if path.endswith(".pyi"):
                        yield path
            return
    raise SystemExit("typecheck: micropython-rp2-rpi-pico-stubs is not installed")


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    # The stubs lean on micropython-stdlib-stubs' private helpers.
    shutil.copytree(os.path.join(SITE, "_mpy_shed"), os.path.join(OUT, "_mpy_shed"))
    for rel in rp2_stub_files():
        dst = os.path.join(OUT, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(SITE, rel), dst)
    cmd = [sys.executable, "-m", "mypy", "--config-file", "mypy.ini",
           "--custom-typeshed-dir", SITE] + (sys.argv[1:] or [
               "firmware/pawpad/drivers", "firmware/pawpad/hardware.py",
               "boards/pico/board.py"])
    env = dict(os.environ, MYPYPATH=os.pathsep.join([OUT, "firmware", "boards/pico"]))
    sys.exit(subprocess.call(cmd, env=env))


if __name__ == "__main__":
    main()
