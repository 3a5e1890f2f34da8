"""One of two API processes killed (SIGKILL) while its clients chat: they reconnect to the other
process within seconds, and every message a client was told was sent (200) reaches its recipient,
pushed live or fetched after the reconnection. A send cut off by the kill is sent again to the
other process, as the UI does after a network error."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import httpx
import pytest

from app.settings import Settings
from tests.faults.conftest import signed_in_users
from tests.faults.stack import ApiProcess, ChatClient, poll

pytestmark = pytest.mark.faults

USERS = 6


class Sender:
    """Sends a message every ``pause`` seconds to the next contact, through its client's current API;
    on a network error or a 5xx it tries the other API. Notes the ids of the answered messages."""

    def __init__(self, user: dict[str, Any], client: ChatClient, chats: dict[int, str], pause: float) -> None:
        self.user, self.client, self.chats, self.pause = user, client, chats, pause
        self.delivered: dict[int, set[int]] = {contact: set() for contact in chats}  # contact -> message ids
        self.retried = 0
        self.stopping = False

    async def run(self) -> None:
        contacts = itertools.cycle(sorted(self.chats))
        n = 0
        while not self.stopping:
            contact = next(contacts)
            n += 1
            body = {
                "chatId": self.chats[contact],
                "contactId": contact,
                "message": {"who": self.user["id"], "message": f"m{n}"},
            }
            for url in [self.client.url or self.client.urls[0], *self.client.urls] * 3:
                try:
                    async with httpx.AsyncClient(base_url=url, headers=self.user["headers"], timeout=10) as http:
                        response = await http.post("/api/chat/send-message", json=body)
                except httpx.HTTPError:
                    self.retried += 1
                    await asyncio.sleep(0.2)
                    continue
                assert response.status_code == 200, response.text  # a live API never refuses
                self.delivered[contact].add(int(response.json()["message"]["id"]))
                break
            await asyncio.sleep(self.pause)


async def test_killing_one_api_process_loses_no_answered_message(
    fault_settings: Settings, apis: list[ApiProcess]
) -> None:
    users = await signed_in_users(fault_settings, USERS)
    chats: dict[tuple[int, int], str] = {}
    async with httpx.AsyncClient(base_url=apis[1].url, timeout=10) as http:
        for a, b in itertools.combinations(users, 2):
            answer = await http.get("/api/chat/get-chat", params={"contactId": b["id"]}, headers=a["headers"])
            chats[(a["id"], b["id"])] = chats[(b["id"], a["id"])] = answer.json()["chat"]["id"]
    # Half the users start on each process; each falls back to the other one.
    order = [[apis[0].url, apis[1].url], [apis[1].url, apis[0].url]]
    clients = [ChatClient(order[n % 2], user["tokens"]) for n, user in enumerate(users)]
    for client in clients:
        await client.start()
    senders = [
        Sender(
            user, client, {other["id"]: chats[(user["id"], other["id"])] for other in users if other is not user}, 0.1
        )
        for user, client in zip(users, clients, strict=True)
    ]
    tasks = [asyncio.create_task(sender.run()) for sender in senders]
    try:
        await asyncio.sleep(2)
        on_killed = [c for c in clients if c.url == apis[0].url]
        assert on_killed, "no client was on the process to kill"
        apis[0].kill()
        moved = await poll(lambda: all(c.connected and c.url == apis[1].url for c in clients), 15, "reconnecting")
        await asyncio.sleep(2)
    finally:
        for sender in senders:
            sender.stopping = True
        await asyncio.gather(*tasks)
    try:
        for user, client in zip(users, clients, strict=True):
            expected = set().union(*(s.delivered.get(user["id"], set()) for s in senders))
            assert expected, "nobody wrote to this user"
            await client.wait_for(expected, seconds=15)
    finally:
        for client in clients:
            await client.close()
    assert apis[1].errors_logged() == []
    sent = sum(len(ids) for s in senders for ids in s.delivered.values())
    print(f"\n{sent} messages answered, {sum(s.retried for s in senders)} sends retried; reconnected in {moved:.1f} s")
