"""The Java bench's workloads (switch, timers, spawn, memory) for two Python schedulers:

- the lecture's own generator-based Scheduler, as printed (lecture_scheduler.py);
- CPython's asyncio.

Same shapes as `java -jar mini-asyncio.jar bench`: warm-up, several timed runs, median with min
and max; timers on a virtual clock so that only CPU is measured. Writes one flat JSON object
(--json FILE) with keys like `asyncio.switch_ns_per_step`, which mini-asyncio/peers/compare.sh sets beside
the Java figures. Absolute numbers vary by machine; compare ratios.

    python3 mini-asyncio/peers/python/bench.py [--quick] [--json FILE]
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import platform
import random
import selectors
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lecture_scheduler as lecture  # noqa: E402

FULL = dict(warmups=2, iterations=5, switch_tasks=1000, switch_steps=200,
            lecture_timer_tasks=[100, 1000, 3000], asyncio_timer_tasks=[1000, 10000, 100000], timer_ops=200_000,
            lecture_spawn=100_000, asyncio_spawn=100_000, lecture_memory=3000, asyncio_memory=100_000)
QUICK = dict(warmups=1, iterations=3, switch_tasks=1000, switch_steps=50,
             lecture_timer_tasks=[100, 1000], asyncio_timer_tasks=[1000, 10000], timer_ops=20_000,
             lecture_spawn=20_000, asyncio_spawn=20_000, lecture_memory=1000, asyncio_memory=20_000)


# ----------------------------------------------------------------------------- measuring

def measure(warmups, iterations, ops, body):
    """ns per op: median, min, max over the timed runs, after the warm-up runs."""
    for _ in range(warmups):
        body()
    samples = []
    for _ in range(iterations):
        gc.collect()
        start = time.perf_counter_ns()
        body()
        samples.append((time.perf_counter_ns() - start) / ops)
    return statistics.median(samples), min(samples), max(samples)


def put(figures, key, stats, label, unit="ns"):
    figures[key], figures[key + ".min"], figures[key + ".max"] = stats
    print(f"  {label:<46} {stats[0]:>10.1f} {unit}  (min {stats[1]:.1f}, max {stats[2]:.1f})")


def label(n):
    return f"{n // 1_000_000}m" if n >= 1_000_000 and n % 1_000_000 == 0 else \
        f"{n // 1000}k" if n >= 1000 and n % 1000 == 0 else str(n)


# ------------------------------------------------------------------- virtual clocks

class VirtualTime:
    """Stands in for the `time` module inside lecture_scheduler: sleeping jumps the clock."""

    def __init__(self):
        self.now = 0.0

    def monotonic(self):
        return self.now

    def sleep(self, seconds):
        self.now += seconds


class _JumpingSelector(selectors.DefaultSelector):
    """Waiting for I/O with a timeout moves the loop's virtual clock instead of sleeping."""

    def __init__(self, clock):
        super().__init__()
        self.clock = clock

    def select(self, timeout=None):
        if timeout:
            self.clock.now += timeout
        return super().select(0)


class VirtualTimeLoop(asyncio.SelectorEventLoop):
    """asyncio on virtual time: timers fire in order, at once, and only CPU is measured."""

    def __init__(self):
        self.clock = VirtualTime()
        super().__init__(_JumpingSelector(self.clock))

    def time(self):
        return self.clock.now


def run_virtual(main):
    loop = VirtualTimeLoop()
    try:
        return loop.run_until_complete(main)
    finally:
        loop.close()


# ------------------------------------------------------------------------ the lecture

def lecture_switch(n, k):
    def worker():
        for _ in range(k):
            yield from lecture.sleep(0)

    def main():
        for _ in range(n):
            lecture.create_task(worker())
        yield from ()

    lecture.run(main())


def lecture_timers(n, k, seed=42):
    rnd = random.Random(seed)

    def worker():
        for _ in range(k):
            yield from lecture.sleep(rnd.randint(1, 1000) / 1000)

    def main():
        for _ in range(n):
            lecture.create_task(worker())
        yield from ()

    lecture.run(main())


def lecture_spawn(n):
    def once():
        yield from lecture.sleep(0)  # yields once, as the Java spawn's tasks do, then returns

    def main():
        for _ in range(n):
            lecture.create_task(once())
        yield from ()

    lecture.run(main())


def lecture_memory(n):
    out = {}

    def sleeper():
        yield from lecture.sleep(10)

    def main():
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(n):
            lecture.create_task(sleeper())
        yield from lecture.sleep(1)
        gc.collect()
        out["bytes"] = (tracemalloc.get_traced_memory()[0] - before) / n

    tracemalloc.start()
    try:
        lecture.run(main())
    finally:
        tracemalloc.stop()
    return out["bytes"]


# ---------------------------------------------------------------------------- asyncio

def asyncio_switch(n, k):
    async def worker():
        for _ in range(k):
            await asyncio.sleep(0)

    async def main():
        await asyncio.gather(*(worker() for _ in range(n)))

    run_virtual(main())


def asyncio_timers(n, k, seed=42):
    rnd = random.Random(seed)

    async def worker():
        for _ in range(k):
            await asyncio.sleep(rnd.randint(1, 1000) / 1000)

    async def main():
        tasks = [asyncio.create_task(worker()) for _ in range(n)]
        for t in tasks:
            await t

    run_virtual(main())


def asyncio_spawn(n):
    async def once():
        await asyncio.sleep(0)  # yields once, as the Java spawn's tasks do, then returns

    async def main():
        tasks = [asyncio.create_task(once()) for _ in range(n)]
        for t in tasks:
            await t

    run_virtual(main())


def asyncio_memory(n):
    out = {}

    async def sleeper():
        await asyncio.sleep(10)

    async def main():
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        tasks = [asyncio.create_task(sleeper()) for _ in range(n)]
        await asyncio.sleep(1)
        gc.collect()
        out["bytes"] = (tracemalloc.get_traced_memory()[0] - before) / n
        for t in tasks:
            await t

    tracemalloc.start()
    try:
        run_virtual(main())
    finally:
        tracemalloc.stop()
    return out["bytes"]


# ------------------------------------------------------------------------------- main

def main(argv=None):
    parser = argparse.ArgumentParser(description="The Java bench's workloads on the lecture's scheduler and asyncio.")
    parser.add_argument("--quick", action="store_true", help="fewer and smaller runs (about half a minute)")
    parser.add_argument("--json", metavar="FILE", help="write every figure to FILE as one JSON object")
    args = parser.parse_args(argv)
    if args.json and not Path(args.json).resolve().parent.is_dir():
        parser.error(f"--json {args.json}: the directory does not exist")
    s = QUICK if args.quick else FULL
    w, it = s["warmups"], s["iterations"]
    f = {"env.python_version": platform.python_version(), "env.python_implementation": platform.python_implementation(),
         "env.sizes": "quick" if args.quick else "full"}
    print(f"Python bench ({f['env.sizes']}): {platform.python_implementation()} {platform.python_version()}")

    n, k = s["switch_tasks"], s["switch_steps"]
    print(f"\nswitch: {n} tasks x {k} sleep(0)")
    put(f, "lecture.switch_ns_per_step", measure(w, it, n * k, lambda: lecture_switch(n, k)), "lecture Scheduler, yield from sleep(0)")
    put(f, "asyncio.switch_ns_per_step", measure(w, it, n * k, lambda: asyncio_switch(n, k)), "asyncio, await asyncio.sleep(0)")

    print(f"\ntimers: N tasks x K random sleeps (1 ms..1 s) on a virtual clock, about {s['timer_ops']} ops at each N")
    real_time = lecture.time
    lecture.time = VirtualTime()  # the lecture's scheduler reads time through its module
    try:
        for n in s["lecture_timer_tasks"]:
            k = max(2, s["timer_ops"] // n // (n // 100 or 1))  # the list is O(N) per op: fewer ops at larger N
            put(f, f"lecture.timers_ns_per_op_at_{label(n)}",
                measure(0, max(1, it // 2), n * k, lambda: lecture_timers(n, k)),
                f"lecture (list), per op, {n} sleepers (K={k})")
    finally:
        lecture.time = real_time
    for n in s["asyncio_timer_tasks"]:
        k = max(2, s["timer_ops"] // n)
        put(f, f"asyncio.timers_ns_per_op_at_{label(n)}", measure(0, max(1, it // 2), n * k, lambda: asyncio_timers(n, k)),
            f"asyncio (heap), per op, {n} sleepers (K={k})")

    print("\nspawn: tasks created, yielding once and run to their end")
    n = s["lecture_spawn"]
    put(f, "lecture.spawn_ns_per_task", measure(w, it, n, lambda: lecture_spawn(n)), f"lecture, {n} tasks")
    n = s["asyncio_spawn"]
    put(f, "asyncio.spawn_ns_per_task", measure(w, it, n, lambda: asyncio_spawn(n)), f"asyncio, {n} tasks")

    print("\nmemory: tasks all asleep at once, traced bytes per task (tracemalloc)")
    lecture.time = VirtualTime()
    try:
        n = s["lecture_memory"]
        f["lecture.memory_bytes_per_sleeping_task"] = lecture_memory(n)
        print(f"  {'lecture, ' + str(n) + ' sleeping tasks':<46} {f['lecture.memory_bytes_per_sleeping_task']:>10.1f} bytes")
    finally:
        lecture.time = real_time
    n = s["asyncio_memory"]
    f["asyncio.memory_bytes_per_sleeping_task"] = asyncio_memory(n)
    print(f"  {'asyncio, ' + str(n) + ' sleeping tasks':<46} {f['asyncio.memory_bytes_per_sleeping_task']:>10.1f} bytes")

    if args.json:
        Path(args.json).write_text(json.dumps(f, indent=2) + "\n")
        print(f"figures written to {args.json}")


if __name__ == "__main__":
    main()
