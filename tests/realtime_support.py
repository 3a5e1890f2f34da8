"""Socket.IO clients for tests: a listener that records every pushed event, per channel."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import httpx
import socketio

from schemas.options import Role
from tests.support import PASSWORD, Account, create_account

ORIGIN = "http://ui.test"


@dataclass
class Cluster:
    """Two API processes sharing one database and one Redis."""

    urls: list[str]


@dataclass
class Listener:
    client: socketio.AsyncClient
    channels: dict[str, list[Any]] = field(default_factory=lambda: defaultdict(list))
    disconnected: asyncio.Event = field(default_factory=asyncio.Event)
    #: every event as it arrived (``channels`` also lists a batch's presence changes under ``presence``)
    received: list[tuple[str, Any]] = field(default_factory=list)

    def receive(self, event: str, data: Any) -> None:
        self.received.append((event, data))
        self.channels[event].append(data)
        if event == "presence:batch":  # the server groups changes that happen together
            self.channels["presence"].extend(data["changes"])

    @property
    def events(self) -> list[dict[str, Any]]:
        """Record changes (the ``record`` channel)."""
        return self.channels["record"]

    @property
    def sessions(self) -> list[dict[str, Any]]:
        return self.channels["session"]

    def sent(self, channel: str) -> list[Any]:
        """The payloads the server sent on ``channel``, exactly as they arrived."""
        return [data for event, data in self.received if event == channel]

    async def wait_for(self, predicate: Any, channel: str = "record") -> dict[str, Any]:
        """The first event on ``channel`` matching ``predicate``, waiting up to 5 seconds for it."""
        try:
            async with asyncio.timeout(5):
                while True:
                    for event in self.channels[channel]:
                        if predicate(event):
                            return dict(event)
                    await asyncio.sleep(0.02)
        except TimeoutError:
            raise AssertionError(f"no matching {channel!r} event; got {dict(self.channels)}") from None


class Sockets:
    """Opens listeners and closes them all at the end of a test."""

    def __init__(self) -> None:
        self.opened: list[socketio.AsyncClient] = []

    async def __call__(self, url: str, token: str | None, origin: str = ORIGIN) -> Listener:
        client = socketio.AsyncClient(reconnection=False)
        listener = Listener(client)
        client.on("*", lambda event, data: listener.receive(event, data))
        client.on("disconnect", lambda *args: listener.disconnected.set())
        self.opened.append(client)
        await client.connect(
            url, transports=["websocket"], auth={"token": token} if token else None, headers={"Origin": origin},
            wait_timeout=5,
        )  # fmt: skip
        return listener

    async def close(self) -> None:
        for client in self.opened:
            if client.connected:
                await client.disconnect()


async def tokens_for(url: str, username: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=url) as http:
        response = await http.post("/auth/sign-in", json={"username": username, "password": PASSWORD})
        assert response.status_code == 200, response.text
        tokens: dict[str, Any] = response.json()
        return tokens


def bearer(tokens: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {tokens['accessToken']}"}


async def signed_in(app: Any, url: str, role: Role = Role.TECHNICIAN) -> tuple[Account, dict[str, Any]]:
    """A new account of ``role`` and the tokens it signs in with at ``url``."""
    account = await create_account(app, role)
    return account, await tokens_for(url, account.username)


async def everywhere(connect: Sockets, cluster: Cluster, tokens: dict[str, Any]) -> list[Listener]:
    """One socket on every API process, connected with ``tokens``."""
    return [await connect(url, tokens["accessToken"]) for url in cluster.urls]


async def all_dropped(sockets: list[Listener], seconds: float = 5) -> None:
    """Every socket of ``sockets`` is disconnected by the server within ``seconds``."""
    for listener in sockets:
        await asyncio.wait_for(listener.disconnected.wait(), seconds)
