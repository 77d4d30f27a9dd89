# Timers on wrapping ticks. Both runtimes.
from pawpad.core.timers import Timer, clock_text, stopwatch_text
from pawpad.ticks import PERIOD, add


def test_stopwatch_pause_resume():
    t = Timer()
    t.start(1000)
    assert t.elapsed(1500) == 500
    t.pause(1600)
    assert t.elapsed(9000) == 600 and not t.running
    t.resume(10000)
    assert t.elapsed(10400) == 1000
    assert t.remaining(10400) is None and not t.poll(10400)


def test_countdown_warnings_and_end():
    t = Timer(30000)
    t.start(0)
    assert not t.poll(19000)
    assert t.poll(20000) == [("warn", 10)]
    assert not t.poll(20500)
    assert t.poll(25000) == [("warn", 5)]
    assert t.poll(27500) == [("warn", 4), ("warn", 3)]
    # polled late, after the end: the missed warnings are not beeped any more
    assert t.poll(31000) == [("end", 0)]
    assert t.remaining(40000) == 0 and not t.running
    assert not t.poll(50000)


def test_countdown_paused_does_not_run_out():
    t = Timer(5000)
    t.start(0)
    t.pause(900)
    assert not t.poll(100000) and t.remaining(100000) == 4100
    t.resume(100000)
    assert t.next_due(100000) == 100  # the 4 s warning is 100 ms away
    assert t.poll(104000)[-1] == ("warn", 1)
    assert t.poll(104100) == [("end", 0)]


def test_across_the_wrap_of_ticks_ms():
    start = PERIOD - 2000
    t = Timer(10000)
    t.start(start)
    now = add(start, 9000)  # past the wrap: a small number
    assert now < start
    assert t.elapsed(now) == 9000
    assert t.remaining(now) == 1000
    assert t.poll(add(start, 10000))[-1] == ("end", 0)
    s = Timer()
    s.start(start)
    assert s.elapsed(add(start, 123456)) == 123456


def test_no_drift_over_many_polls():
    t = Timer(600000)
    t.start(5)
    now = 5
    for _ in range(10000):
        now += 37
        t.poll(now)
    assert t.elapsed(now) == 370000


def test_short_countdown_skips_warnings_beyond_its_length():
    t = Timer(3000)
    t.start(0)
    assert t.poll(1000) == [("warn", 2)]
    t2 = Timer(3000)
    t2.start(0)
    seen = []
    for now in range(0, 3100, 100):
        seen += t2.poll(now)
    assert seen == [("warn", 2), ("warn", 1), ("end", 0)]


def test_texts():
    assert clock_text(61000) == "1:01"
    assert clock_text(9500) == "0:10"
    assert clock_text(0) == "0:00"
    assert clock_text(None) == "--:--"
    assert stopwatch_text(83450) == "1:23.4"
