# Long games checkpointed and resumed, and the check that a resume is the same game
# (from test_checkpoints.py).

from pawpad.store.log import checkpoint, scan
from pawpad.store.resume import resume
from pawsim import robots


def long_game(name, players, settings, seed, moves):
    chooser = robots.Even(seed) if name == "top_dog" else robots.Chooser(seed)
    _, events = robots.play(name, players, settings, chooser, moves)
    return events


def same_game(a, b):
    """Two sessions (or a session and a reading) hold the same game."""
    assert a.state == b.state
    assert list(a.events()) == list(b.events())


def whole_reading(store):
    r = scan.read(store, fast=True)
    assert r.state is not None and r.problem is None
    return r


def check_resume(store, live):
    """Resumes the log on `store` both ways and compares with the live session."""
    quick = checkpoint.read_from_checkpoint(store)
    whole = whole_reading(store)
    s, messages = resume(store)
    assert messages == [], messages
    same_game(s, live)
    assert s.timeline.events == whole.timeline.events
    assert s.timeline.undone == whole.timeline.undone
    assert (s.ck_at, s.ck_keep, s.ck_due) == (whole.chain, whole.keep, whole.since)
    assert s.acked == whole.kept and s.size == whole.size
    if quick is not None:
        assert quick.state == whole.state and quick.kept == whole.kept
        assert quick.timeline.events == whole.timeline.events
        assert quick.size == whole.size and quick.ms == whole.ms
    return s, quick
