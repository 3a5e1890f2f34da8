"""What the fault scenarios drive: API processes that can be killed one by one, and chat clients that
behave like the UI (reconnect by themselves, then fetch the messages they missed)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import socketio

from app.operations.launcher import api_command, free_port, start, stop, wait_until_up
from app.settings import Settings
from tests.processes import process_env
from tests.realtime_support import ORIGIN

log = logging.getLogger("tests.faults")

PUSH_MARGIN = 10.0  # seconds: same as PUSH_MARGIN_MS in ui/src/features/chat/catch-up.ts


async def poll(condition: Callable[[], bool], seconds: float, what: str) -> float:
    """Seconds until ``condition()`` held; fails the test when it does not within ``seconds``."""
    started = time.monotonic()
    while True:
        if condition():
            return time.monotonic() - started
        if time.monotonic() - started > seconds:
            raise AssertionError(f"{what} did not happen within {seconds} s")
        await asyncio.sleep(0.05)


class ApiProcess:
    """One uvicorn API process on a free port."""

    def __init__(self, settings: Settings, logs: Path, name: str, **env: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = logs / f"{name}.log"
        self.process = start(
            api_command(self.port), process_env(settings, CORS_ORIGINS=f'["{ORIGIN}"]', **env), self.log
        )
        wait_until_up(f"{self.url}/health", self.process, self.log)

    def kill(self) -> None:
        """SIGKILL: no goodbye to its clients, as when the process or its machine dies."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        stop([self.process])

    def errors_logged(self) -> list[str]:
        """Lines of the log that report an unhandled error (answered 500)."""
        return [line for line in self.log.read_text().splitlines() if "unhandled error" in line]


@dataclass
class ChatClient:
    """A signed-in user with one Socket.IO connection, kept alive like the UI keeps it: when the socket
    drops it tries the next URL every ``retry`` seconds; after each (re)connect it asks for the
    messages it missed (``GET /api/chat/messages?after=``) with the UI's rule (ui/src/features/chat/catch-up.ts):
    ``after`` is the highest id it holds everything up to, not the highest id it holds.

    Why not the highest id held: ids are handed out at insert, and messages commit and are pushed from
    two processes independently, so 101 can arrive (pushed, or in a catch-up answer while 100 is not
    yet committed) before 100; if the socket drops in between, 100 is never fetched. So an id
    received (pushed or fetched) is trusted as a mark only when it arrived ``PUSH_MARGIN`` seconds
    before the drop: any older message had that long to commit and be pushed. (Commit-ordered ids
    through a PostgreSQL advisory lock were tried: serialising the sends exhausted the pool.)"""

    urls: list[str]
    tokens: dict[str, Any]
    retry: float = 0.3
    received: dict[int, dict[str, Any]] = field(default_factory=dict)  # message id -> message
    pushed: set[int] = field(default_factory=set)
    fetched: set[int] = field(default_factory=set)
    connects: int = 0
    synced: int = 0  # it holds every message up to this id (the last catch-up's ``after``)
    recent: list[tuple[int, float]] = field(default_factory=list)  # (id received, arrived) since then
    dropped_at: float | None = None
    url: str = ""
    _client: socketio.AsyncClient | None = None
    _closing: bool = False
    _task: asyncio.Task[None] | None = None
    _dropped: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens['accessToken']}"}

    @property
    def connected(self) -> bool:
        return self._client is not None and self._client.connected

    async def start(self, seconds: float = 15) -> None:
        self._task = asyncio.get_running_loop().create_task(self._keep_connected())
        await poll(lambda: self.connected, seconds, "the first connection")

    async def _keep_connected(self) -> None:
        attempt = 0
        while not self._closing:
            if self.connected:
                await self._dropped.wait()  # set by the client's disconnect event
                continue
            url = self.urls[attempt % len(self.urls)]
            attempt += 1
            # Decided before connecting: a push that arrives between the connect and the fetch must not
            # hide older messages missed while it was away.
            after = self.catch_up_after()
            client = socketio.AsyncClient(reconnection=False)
            client.on("chat:message", self._on_push)
            client.on("disconnect", lambda *_reason: self._on_drop())
            try:
                await client.connect(
                    url, transports=["websocket"], auth={"token": self.tokens["accessToken"]},
                    headers={"Origin": ORIGIN}, wait_timeout=5,
                )  # fmt: skip
            except (socketio.exceptions.ConnectionError, OSError):
                with contextlib.suppress(Exception):
                    await client.disconnect()
                await asyncio.sleep(self.retry)
                continue
            self._dropped.clear()
            self._client, self.url = client, url
            self.connects += 1
            await self._catch_up(url, after)

    async def _catch_up(self, url: str, after: int) -> None:
        for _ in range(50):  # the API may still be coming back itself
            try:
                async with httpx.AsyncClient(base_url=url, timeout=10) as http:
                    response = await http.get("/api/chat/messages", params={"after": after}, headers=self.headers)
                if response.status_code == 200:
                    for item in response.json()["items"]:
                        message = item["message"]
                        self.received.setdefault(int(message["id"]), message)
                        self.fetched.add(int(message["id"]))
                    self.synced = max(self.synced, after)
                    self.recent = [(i, at) for i, at in self.recent if i > self.synced]
                    self.recent += [(int(i["message"]["id"]), time.monotonic()) for i in response.json()["items"][-1:]]
                    self.dropped_at = None
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.2)

    def catch_up_after(self) -> int:
        """The id to fetch after: everything up to it is held (see the class's comment)."""
        cutoff = (self.dropped_at or time.monotonic()) - PUSH_MARGIN
        return max([self.synced, *(i for i, at in self.recent if at <= cutoff)])

    def _on_drop(self) -> None:
        self.dropped_at = self.dropped_at or time.monotonic()  # the first drop since the last catch-up
        self._dropped.set()

    async def _on_push(self, data: dict[str, Any]) -> None:
        message = data["message"]
        self.received.setdefault(int(message["id"]), message)
        self.pushed.add(int(message["id"]))
        self.recent.append((int(message["id"]), time.monotonic()))

    async def wait_for(self, ids: set[int], seconds: float = 20) -> None:
        await poll(lambda: ids <= set(self.received), seconds, f"receiving {sorted(ids - set(self.received))}")

    async def close(self) -> None:
        self._closing = True
        self._dropped.set()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._client is not None and self._client.connected:
            await self._client.disconnect()
