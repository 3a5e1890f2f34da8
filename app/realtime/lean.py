"""A queue and an event for what every socket holds for its whole life, without their idle cost.

An ``asyncio.Queue`` makes three deques and an ``asyncio.Event`` (a fourth deque) when it is created,
and CPython gives every new deque a block of 64 slots (~0.6 KB): about 2.5 KB per queue before an
item is queued. An idle socket holds two queues (uvicorn's receive queue, Engine.IO's send queue)
and one more event (uvicorn's ``writable``): ~6 KB of the ~40 KB per socket measured (issue 20).
These make their containers only while something is queued or someone waits, and keep the parts
of the asyncio API the libraries call (``put``/``put_nowait``, ``get``/``get_nowait``, ``empty``,
``qsize``, ``task_done``, ``join``; ``set``/``clear``/``is_set``/``wait``), with the same order and
the same behaviour on cancellation. Unbounded, like the queues they replace.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


def _enlist(waiters: list[asyncio.Future[None]] | None) -> tuple[list[asyncio.Future[None]], asyncio.Future[None]]:
    """A new waiter added to ``waiters`` (made when there is none): the list and the waiter."""
    waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    if waiters is None:
        waiters = []
    waiters.append(waiter)
    return waiters, waiter


def _discard(waiters: list[asyncio.Future[None]] | None, waiter: asyncio.Future[None]) -> None:
    if waiters is not None and waiter in waiters:
        waiters.remove(waiter)


class LeanQueue(Generic[T]):
    """An unbounded FIFO queue for one event loop (``asyncio.Queue``'s methods, without ``maxsize``)."""

    __slots__ = ("_getters", "_items", "_joiners", "_unfinished")

    def __init__(self) -> None:
        self._items: deque[T] | None = None
        self._getters: list[asyncio.Future[None]] | None = None
        self._unfinished = 0
        self._joiners: list[asyncio.Future[None]] | None = None

    def qsize(self) -> int:
        return len(self._items) if self._items else 0

    def empty(self) -> bool:
        return not self._items

    def full(self) -> bool:
        return False

    def put_nowait(self, item: T) -> None:
        if self._items is None:
            self._items = deque()
        self._items.append(item)
        self._unfinished += 1
        self._wake_getter()

    async def put(self, item: T) -> None:
        self.put_nowait(item)

    def get_nowait(self) -> T:
        if not self._items:
            raise asyncio.QueueEmpty
        item = self._items.popleft()
        if not self._items:
            self._items = None  # an idle socket keeps no block of slots
        return item

    async def get(self) -> T:
        while not self._items:
            self._getters, getter = _enlist(self._getters)
            try:
                await getter
            except BaseException:
                getter.cancel()
                _discard(self._getters, getter)
                if self._items and not getter.cancelled():  # woken, then cancelled: wake the next one
                    self._wake_getter()
                raise
            finally:
                if not self._getters:
                    self._getters = None
        return self.get_nowait()

    def _wake_getter(self) -> None:
        while self._getters:
            getter = self._getters.pop(0)
            if not getter.done():
                getter.set_result(None)
                break
        if not self._getters:
            self._getters = None

    def task_done(self) -> None:
        if self._unfinished <= 0:
            raise ValueError("task_done() called too many times")
        self._unfinished -= 1
        if self._unfinished == 0 and self._joiners is not None:
            joiners, self._joiners = self._joiners, None
            for joiner in joiners:
                if not joiner.done():
                    joiner.set_result(None)

    async def join(self) -> None:
        if self._unfinished == 0:
            return
        self._joiners, joiner = _enlist(self._joiners)
        try:
            await joiner
        finally:
            _discard(self._joiners, joiner)


class LeanEvent:
    """``asyncio.Event`` with its list of waiters made only while someone waits."""

    __slots__ = ("_value", "_waiters")

    def __init__(self) -> None:
        self._value = False
        self._waiters: list[asyncio.Future[None]] | None = None

    def is_set(self) -> bool:
        return self._value

    def set(self) -> None:
        if self._value:
            return
        self._value = True
        for waiter in self._waiters or ():
            if not waiter.done():
                waiter.set_result(None)

    def clear(self) -> None:
        self._value = False

    async def wait(self) -> bool:
        if self._value:
            return True
        self._waiters, waiter = _enlist(self._waiters)
        try:
            await waiter
            return True
        finally:
            _discard(self._waiters, waiter)
            if not self._waiters:
                self._waiters = None
