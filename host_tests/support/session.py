# A game's store on a fresh flash folder (from test_session.py).

from pawpad.store.files import Storage
from support.device import fresh_dir


def store():
    return Storage(fresh_dir())
