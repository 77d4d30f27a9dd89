# The heap probe: how much a MicroPython heap has free after a collection, and its
# largest free block (the largest bytearray it gives now: fragmentation). One module for
# every place that looks: the restless table (pawsim/restless.py, make soak), the
# long-use test's driver (host_tests/test_long_use.py, the unix port) and the device
# benchmarks (tools/bench/bench_device_run.py, tools/bench/bench_long_run.py), which
# copy it to the device's flash as pawsim/heap.mpy (tools/bench/device_code.py).
# Runs on MicroPython (the unix port, the rp2 port); CPython imports it (its gc has no
# mem_free: probe() is for MicroPython only).
import gc

WITHIN = 64  # the search by halves stops this close to the largest block (bytes)


def largest_block(most=None, within=WITHIN):
    """The largest bytearray the heap gives now, within `within` bytes (a search by
    halves from `most`, by default what gc.mem_free() says)."""
    if most is None:
        most = gc.mem_free()
    lo, hi = 0, most
    while hi - lo > within:
        mid = (lo + hi) // 2
        try:
            b = bytearray(mid)
            del b
            lo = mid
        except MemoryError:
            hi = mid
    return lo


def probe():
    """(free bytes, largest free block) after a collection; the probe's own garbage is
    collected again before it returns."""
    gc.collect()
    free = gc.mem_free()
    block = largest_block(free)
    gc.collect()
    return free, block


def look(fig, where):
    """probe() at the step `where`, kept in the dict `fig`: the lowest free heap and
    the smallest largest block seen and where ("low_free", "low_free_at", "low_block",
    "low_block_at"), the looks taken ("looks"), and each step's lowest pair
    ("steps": {where: [free, block]}, in the order first seen: "order"). Returns the
    pair."""
    free, block = probe()
    fig["looks"] = fig.get("looks", 0) + 1
    if fig.get("low_free") is None or free < fig["low_free"]:
        fig["low_free"], fig["low_free_at"] = free, where
    if fig.get("low_block") is None or block < fig["low_block"]:
        fig["low_block"], fig["low_block_at"] = block, where
    steps = fig.setdefault("steps", {})
    mine = steps.get(where)
    if mine is None:
        steps[where] = [free, block]
        fig.setdefault("order", []).append(where)
    else:
        mine[0] = min(mine[0], free)
        mine[1] = min(mine[1], block)
    return free, block
