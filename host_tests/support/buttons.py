# A flag an interrupt handler sets, for the drivers' tests (from test_drivers_buttons.py).


class Flag:
    def __init__(self):
        self.count = 0

    def set(self):
        self.count += 1
