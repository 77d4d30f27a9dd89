# Circus Puppy through the device's menus: the game's state (from
# test_device_circus_puppy.py).


def state(p):
    return p.dev.app.session.state
