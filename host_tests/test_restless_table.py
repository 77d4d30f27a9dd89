# The restless table, short: random play of each game through the real menus with
# undo, redo, BACK, corrections, power cuts and watchdog resets; after every step the
# box must show the screen its game's state calls for, the state must be its log, and
# no event on flash may be lost (tools/pawsim/restless.py; `make restless` runs it
# long). Both runtimes.
from pawsim import restless
from support.device import fresh_dir


def _run(game, seeds, steps):
    fig = restless.Figures()
    for seed in seeds:
        restless.run(game, seed, steps, fresh_dir(), fig)
    assert not fig.failures, fig.line() + "\n" + "\n".join(fig.failures[:10])
    assert fig.steps >= steps * len(seeds) and fig.games >= len(seeds)
    return fig


def test_pick_a_dog_at_a_restless_table():
    fig = _run("pick_a_dog", (1, 2), 120)
    assert fig.undos and fig.cuts + fig.resets


def test_circus_puppy_at_a_restless_table():
    _run("circus_puppy", (3, 4), 120)


def test_top_dog_at_a_restless_table():
    _run("top_dog", (5, 6), 120)


def test_top_dogs_at_a_restless_table():
    _run("top_dogs", (7, 8), 120)
