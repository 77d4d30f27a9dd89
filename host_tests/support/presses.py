# The Top Dogs screens the fewer-presses tests read: the game's state (from
# test_fewer_presses.py).


def state(p):
    return p.dev.app.session.state
