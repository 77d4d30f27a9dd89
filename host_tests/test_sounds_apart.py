# Every sound that matters in a race has a pitch of its own: the countdown's beep, GO,
# STOP and a false start share no pitch with each other or with any other sound the
# box plays (a timer's warning just before GO is never taken for GO). Both runtimes.
from pawpad.app.flows.pick_a_dog import common as pad
from pawpad.ui import screen

RACE = {"countdown": pad.BEEP, "GO": pad.GO, "STOP": pad.STOP, "false start": pad.FALSE}
OTHERS = {"click": screen.CLICK, "press": screen.PRESS, "boot": screen.BOOT,
          "error": screen.ERROR, "done": screen.DONE, "timer warning": screen.WARN,
          "time up": screen.TIME_UP}


def pitches(notes):
    return set(hz for hz, _ms in notes if hz)


def test_the_race_sounds_have_pitches_no_other_sound_plays():
    for name, notes in RACE.items():
        mine = pitches(notes)
        assert mine, name
        for other, theirs in list(RACE.items()) + list(OTHERS.items()):
            if other != name:
                assert not (mine & pitches(theirs)), (name, other)


def test_the_timers_warning_and_time_up_differ_in_pitch_and_rhythm():
    assert not pitches(screen.WARN) & pitches(screen.TIME_UP)
    assert len(screen.WARN) != len(pad.BEEP) and len(screen.TIME_UP) != len(pad.BEEP)
