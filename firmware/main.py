# Pawpad device entry: build the board, run the app.
# On the Pico, boards/<name>/board.py is copied next to this file as board.py; the
# simulator puts its own `board` module in its place.
import asyncio

import micropython

micropython.alloc_emergency_exception_buf(100)  # tracebacks from the button interrupts


def main():
    import board

    from pawpad.app import runner

    hw = board.build()
    try:
        asyncio.run(runner.run(hw))
    finally:
        asyncio.new_event_loop()


if __name__ == "__main__":
    main()
