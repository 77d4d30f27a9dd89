# Copied to the device by `make bench-device BENCH_ARGS="--arm --prepare"`: the calls the
# speed work asks of the app (pawpad/app/device.py and flow_pick_a_dog.py, which other
# hands are restructuring), made here on the app's behalf so that the benchmark can
# measure what they give. Each does what the report asks the app to do, at the point
# it names:
#   --arm      while a Pick-a-Dog round is live (Live.__init__): buzzer.arm(STOP's tone)
#              and players.arm(buzzer.fire, seats in play); disarmed when it ends.
#   --prepare  during the countdown (Countdown.__init__): every seat's STOP frame drawn
#              ahead (pawpad.ui.prepared.prepare_frames, over the live frame); at the
#              STOP (Live.player, right after sound(STOP)): display.send_prepared().
#              Then gc.collect() once, still in the countdown, so that no collection
#              falls into the STOP's hot path.
from pawpad.core.lockout import first_press


def install(rig, opts):
    dev, hw = rig.dev, rig.hw
    from pawpad.app import flow_pick_a_dog as flow

    state = {"armed": False, "prepared": None, "round": None}
    step = dev.step
    sound = dev.sound

    def arm_step(now_ms, now_us):
        wait = step(now_ms, now_us)
        app = dev.app
        name = app.screen_name()
        if opts.get("arm"):
            if name == "pad-live" and not state["armed"]:
                hw.buzzer.arm(flow.STOP[0][0])
                hw.players.arm(hw.buzzer.fire, range(app.settings["players"]))
                state["armed"] = True
            elif name != "pad-live" and state["armed"]:
                hw.buzzer.disarm()
                hw.players.disarm()
                state["armed"] = False
        if opts.get("prepare") and name == "pad-countdown":
            top = app.top
            if state["round"] is not top:
                state["round"] = top
                state["prepared"] = prepare(app, top.host)
                import gc

                gc.collect()  # room made now: no collection in the STOP's hot path
        return wait

    def prepare(app, host):
        from pawpad.ui.prepared import prepare_frames

        draws = {}
        for seat in range(app.settings["players"]):
            draws[seat] = _stop_draw(flow, app, host, app.colour(seat).upper())
        return prepare_frames(hw.display, _stop_draw(flow, app, host, "GO!"), draws)

    def stop_sound(notes):
        sound(notes)
        prepared = state["prepared"]
        top = dev.app.top
        if notes is flow.STOP and prepared and top.name == "pad-live":
            winners, _ = first_press(top.presses, top.armed, 0)
            if len(winners) == 1 and winners[0] in prepared:
                hw.display.send_prepared(prepared[winners[0]])

    dev.step = arm_step
    dev.sound = stop_sound


def _stop_draw(flow, app, host, big):
    return lambda c: flow.stop_frame(c, app, host, big)
