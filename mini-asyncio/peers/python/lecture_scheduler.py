"""The lecture's mini_asyncio Scheduler with the Sleep syscall, as printed in the lecture (§3b).

Nothing here is tuned: `sleeping` is the lecture's plain list, scanned and rebuilt on every pass
of the loop, which is exactly what the Java port replaces with a heap. The only addition is that
`time` is looked up through this module, so the bench can swap in a virtual clock
(`lecture_scheduler.time = VirtualTime()`) and measure CPU cost only, as the Java bench does,
and the `type` alias statement is written as a plain assignment so that Python 3.11 runs it.
"""
from __future__ import annotations

import time
from collections import deque
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Generator

# The lecture writes `type Task = ...` (Python 3.12); this form also runs on 3.8 to 3.11.
Task = Generator[object, object, object]


@dataclass
class Sleep:
    duration: float


_current: ContextVar[Scheduler | None] = ContextVar("mini_asyncio.current", default=None)


class Scheduler:
    def __init__(self):
        self.ready: deque[tuple[int, Task, object]] = deque()
        self.sleeping: list[tuple[float, int, Task]] = []
        self.results: dict[int, object] = {}
        self.next_id = 0

    def _new_tid(self):
        self.next_id += 1
        return self.next_id

    def create_task(self, coro):
        tid = self._new_tid()
        self.ready.append((tid, coro, None))
        return tid

    def run(self, main):
        token = _current.set(self)
        try:
            self.create_task(main)
            while self._has_work():
                self._wake_sleeping()
                if not self.ready:
                    self._idle_wait_or_deadlock()
                    continue
                self._step_one()
        finally:
            _current.reset(token)

    def _has_work(self):
        return bool(self.ready or self.sleeping)

    def _wake_sleeping(self):
        now = time.monotonic()
        still = []
        for wake_at, tid, task in self.sleeping:
            if wake_at <= now:
                self.ready.append((tid, task, None))
            else:
                still.append((wake_at, tid, task))
        self.sleeping = still

    def _idle_wait_or_deadlock(self):
        if self.sleeping:
            next_wake = min(w for w, _, _ in self.sleeping)
            time.sleep(max(0.0, next_wake - time.monotonic()))

    def _step_one(self):
        tid, task, value = self.ready.popleft()
        try:
            syscall = task.send(value)
        except StopIteration as e:
            self._finish_task(tid, e.value)
            return
        self._handle_syscall(tid, task, syscall)

    def _finish_task(self, tid, result):
        self.results[tid] = result

    def _handle_syscall(self, tid, task, syscall):
        if isinstance(syscall, Sleep):
            self.sleeping.append((time.monotonic() + syscall.duration, tid, task))
        else:
            raise RuntimeError(f"unknown syscall: {syscall!r}")


def sleep(duration):            # called from generators: yield from sleep(0.1)
    yield Sleep(duration)


def create_task(coro):          # registers a task without suspending
    scheduler = _current.get()
    if scheduler is None:
        raise RuntimeError("no running event loop; call create_task() inside run()")
    return scheduler.create_task(coro)


def run(main):                  # runs until ALL registered tasks finish
    Scheduler().run(main)
