# Runs ON the device, sent by tools/bench/bench_resume_device.py with `mpremote run`
# after the host copied a long game's log to /data: the resume (store/resume.py) timed
# with time.ticks_us() and gc.mem_free() around it, then the score sheet made from the whole
# log (score_sheet.totals without its bound). Prints one RESULT line: events, resume us,
# free before, free after, messages, sheet us, sheet rows.
import gc
import time

from pawpad.store.files import Storage
from pawpad.store.resume import resume

gc.collect()
free0 = gc.mem_free()
t0 = time.ticks_us()
s, m = resume(Storage("/data"))
us = time.ticks_diff(time.ticks_us(), t0)
gc.collect()
free1 = gc.mem_free()
from pawpad.app.shell import flow  # noqa: E402  (after the resume's figures)
from pawpad.store.records import score_sheet  # noqa: E402

f = flow.load(s.name)
gc.collect()
t0 = time.ticks_us()
rows = score_sheet.totals(s, f, False)
sheet_us = time.ticks_diff(time.ticks_us(), t0)
print("RESULT", len(s.events()), us, free0, free1, len(m), sheet_us, len(rows))
