# cpython only: make firmware in one command (tools/install/firmware.sh). Without
# MICROPY it fetches MicroPython at the pinned release, with the submodules its rp2
# port builds with at the release's commits, from the local copies in MIRROR, and
# builds the UF2 there; a second run fetches nothing. Played on small stand-in
# repositories (their rp2 port's Makefile writes the "UF2"), with apt-get and sudo
# stood in for too, so that the test never installs anything on any machine.
import os
import subprocess

from support.unix_port import ROOT

SCRIPT = os.path.join(ROOT, "tools", "install", "firmware.sh")
SUBMODULES = {"lib/pico-sdk": "raspberrypi+pico-sdk", "lib/tinyusb": "hathach+tinyusb",
              "lib/micropython-lib": "micropython+micropython-lib",
              "lib/mbedtls": "Mbed-TLS+mbedtls"}
PORT_MAKEFILE = ("all:\n\tmkdir -p $(BUILD)\n"
                 "\techo $(BOARD) $(FROZEN_MANIFEST) > $(BUILD)/firmware.uf2\n")
GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t", "GIT_CONFIG_GLOBAL": "/dev/null"}


def git(cwd, *args):
    env = dict(os.environ, **GIT_ENV)
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True,
                          capture_output=True, text=True).stdout.strip()


def commit(work, files, message):
    for path, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(work, path)) or work, exist_ok=True)
        with open(os.path.join(work, path), "w") as f:
            f.write(text)
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", message)
    return git(work, "rev-parse", "HEAD")


def mirrored(tmp, name, work):
    """The work repository as the mirror keeps it: <owner>+<name>/repo, bare."""
    bare = os.path.join(tmp, "mirror", name, "repo")
    git(tmp, "clone", "-q", "--bare", work, bare)


def mirror(tmp):
    """The mirror's repositories; returns the commits the release names, by path."""
    named = {}
    for sub, name in SUBMODULES.items():
        work = os.path.join(tmp, "work", name)
        git(tmp, "init", "-q", "-b", "main", work)
        named[sub] = commit(work, {"README.md": "at the release\n"}, "the release's")
        commit(work, {"README.md": "later\n"}, "later")  # HEAD: not the one to take
        mirrored(tmp, name, work)
    work = os.path.join(tmp, "work", "micropython")
    git(tmp, "init", "-q", "-b", "main", work)
    commit(work, {"ports/rp2/Makefile": PORT_MAKEFILE, "mpy-cross/Makefile": "all:\n\t@true\n"},
           "v1.28.0")
    for sub, rev in named.items():
        git(work, "update-index", "--add", "--cacheinfo", "160000,%s,%s" % (rev, sub))
    git(work, "commit", "-q", "-m", "the submodules")
    git(work, "tag", "v1.28.0")
    commit(work, {"ports/rp2/Makefile": "all:\n\tfalse\n"}, "after the release")
    mirrored(tmp, "micropython+micropython", work)
    return named


def stand_ins(tmp):
    """apt-get and sudo that only say they were asked."""
    path = os.path.join(tmp, "bin")
    os.makedirs(path, exist_ok=True)
    for name in ("apt-get", "sudo"):
        with open(os.path.join(path, name), "w") as f:
            f.write('#!/bin/sh\necho "%s $*" >> %s/asked\n' % (name, tmp))
        os.chmod(os.path.join(path, name), 0o755)
    return path


def make_firmware(tmp, **env):
    run = {k: v for k, v in os.environ.items() if k not in ("MICROPY", "MAKEFLAGS")}
    run.update(PATH=stand_ins(tmp) + ":" + os.environ["PATH"], MIRROR=os.path.join(tmp, "mirror"),
               DEST=os.path.join(tmp, "emu"), FWBUILD=os.path.join(tmp, "fw"),
               OUT=os.path.join(tmp, "pawpad-pico.uf2"), JOBS="1", **GIT_ENV, **env)
    return subprocess.run(["bash", SCRIPT], env=run, capture_output=True, text=True,
                          timeout=120)


def test_make_firmware_fetches_the_release_and_builds_the_uf2(tmp_path):
    tmp = str(tmp_path)
    named = mirror(tmp)
    # picotool is built once, as make emulator builds it: here it is there already
    tool = os.path.join(tmp, "emu", "picotool-install", "bin")
    os.makedirs(tool)
    with open(os.path.join(tool, "picotool"), "w") as f:
        f.write("#!/bin/sh\n")
    os.chmod(os.path.join(tool, "picotool"), 0o755)

    r = make_firmware(tmp)
    assert r.returncode == 0, r.stdout + r.stderr
    mp = os.path.join(tmp, "emu", "micropython")
    assert git(mp, "describe", "--tags") == "v1.28.0"
    for sub, rev in named.items():  # each at the release's commit, not the copy's newest
        assert git(os.path.join(mp, sub), "rev-parse", "HEAD") == rev, sub
    with open(os.path.join(tmp, "pawpad-pico.uf2")) as f:
        assert f.read().split() == ["RPI_PICO", os.path.join(ROOT, "boards/pico/manifest.py")]
    out = r.stdout
    assert "micropython/micropython from " + os.path.join(tmp, "mirror") in out, out
    assert "pawpad-pico.uf2" in out and "BOOTSEL" in out, out

    # a second run keeps what is there: nothing fetched again, the UF2 built again
    os.remove(os.path.join(tmp, "pawpad-pico.uf2"))
    r = make_firmware(tmp)
    assert r.returncode == 0, r.stdout + r.stderr
    assert not [n for n in ["micropython/micropython"] + list(SUBMODULES.values())
                if n.replace("+", "/") + " from " in r.stdout], r.stdout
    assert os.path.exists(os.path.join(tmp, "pawpad-pico.uf2"))


def test_a_tree_of_ones_own_is_built_as_it_is(tmp_path):
    tmp = str(tmp_path)
    mirror(tmp)
    tree = os.path.join(tmp, "mine")
    git(tmp, "clone", "-q", os.path.join(tmp, "mirror", "micropython+micropython", "repo"), tree)
    git(tree, "checkout", "-q", "v1.28.0")
    r = make_firmware(tmp, MICROPY=tree)
    assert r.returncode == 0, r.stdout + r.stderr
    assert not os.path.exists(os.path.join(tmp, "emu", "micropython"))  # nothing fetched
    assert os.path.exists(os.path.join(tmp, "pawpad-pico.uf2"))
    r = make_firmware(tmp, MICROPY=os.path.join(tmp, "nothing"))
    assert r.returncode == 2 and "not a MicroPython tree" in r.stdout, r.stdout
