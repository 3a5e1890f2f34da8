"""Blocking calls (storage, Redis, CPU work) from async code, on the same worker threads and limit
Starlette's ``run_in_threadpool`` uses (anyio's), without importing the web framework."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import anyio.to_thread

P = ParamSpec("P")
T = TypeVar("T")


async def in_thread(func: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    return await anyio.to_thread.run_sync(functools.partial(func, *args, **kwargs))
