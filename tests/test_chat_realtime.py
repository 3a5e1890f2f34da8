"""Team Chat, presence, quick panel and notifications live across two API processes."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from schemas.options import Role
from tests.realtime_support import Cluster, Sockets, bearer, signed_in
from tests.support import unique

pytestmark = pytest.mark.db


async def members(
    app: Starlette, cluster: Cluster, count: int = 1, *, roles: tuple[Role, ...] = ()
) -> list[tuple[int, dict[str, Any]]]:
    """New accounts signed in, ``count`` technicians or one per role of ``roles``: each its id and tokens."""
    signed = [await signed_in(app, cluster.urls[0], role) for role in roles or (Role.TECHNICIAN,) * count]
    return [(account.user_id, tokens) for account, tokens in signed]


async def test_a_message_reaches_every_device_of_both_members(
    app: Starlette, cluster: Cluster, connect: Sockets
) -> None:
    (alice_id, alice), (bob_id, bob) = await members(app, cluster, 2)
    bob_phone = await connect(cluster.urls[0], bob["accessToken"])
    bob_laptop = await connect(cluster.urls[1], bob["accessToken"])
    alice_tablet = await connect(cluster.urls[1], alice["accessToken"])
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=bearer(alice)) as http:
        chat = (await http.get("/api/chat/get-chat", params={"contactId": bob_id})).json()["chat"]
        sent = await http.post(
            "/api/chat/send-message",
            json={"chatId": chat["id"], "contactId": bob_id, "message": {"who": alice_id, "message": "Gate code 4411"}},
        )
        message_id = sent.json()["message"]["id"]
    for device in (bob_phone, bob_laptop, alice_tablet):
        pushed = await device.wait_for(lambda e: e["message"]["id"] == message_id, channel="chat:message")
        assert pushed["chatId"] == chat["id"] and pushed["message"]["message"] == "Gate code 4411"
    # Each member sees the chat-list entry from their side.
    bob_side = (await bob_laptop.wait_for(lambda e: True, channel="chat:message"))["userChatData"]
    assert bob_side["contactId"] == alice_id


async def test_typing_is_relayed_to_the_other_member_only(app: Starlette, cluster: Cluster, connect: Sockets) -> None:
    (alice_id, alice), (bob_id, bob), (eve_id, eve) = await members(app, cluster, 3)
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=bearer(alice)) as http:
        chat_id = (await http.get("/api/chat/get-chat", params={"contactId": bob_id})).json()["chat"]["id"]
    alice_socket = await connect(cluster.urls[0], alice["accessToken"])
    bob_socket = await connect(cluster.urls[1], bob["accessToken"])
    eve_socket = await connect(cluster.urls[1], eve["accessToken"])
    await alice_socket.client.emit("chat:typing", {"chatId": chat_id})
    typing = await bob_socket.wait_for(lambda e: e["chatId"] == chat_id, channel="chat:typing")
    assert typing["userId"] == alice_id
    # Someone outside the chat cannot make the members see them typing.
    await eve_socket.client.emit("chat:typing", {"chatId": chat_id})
    await asyncio.sleep(0.3)
    assert all(e["userId"] != eve_id for e in bob_socket.channels["chat:typing"])
    assert alice_socket.channels["chat:typing"] == []


async def test_presence_follows_sockets_idle_and_do_not_disturb(
    app: Starlette, cluster: Cluster, connect: Sockets
) -> None:
    (_, watcher), (bob_id, bob) = await members(app, cluster, 2)
    watching = await connect(cluster.urls[0], watcher["accessToken"])

    async def status(expected: str) -> None:
        await watching.wait_for(lambda e: e["userId"] == bob_id and e["status"] == expected, channel="presence")
        watching.channels["presence"].clear()

    first = await connect(cluster.urls[1], bob["accessToken"])
    await status("online")
    second = await connect(cluster.urls[0], bob["accessToken"])
    await first.client.emit("presence", {"idle": True})
    await second.client.emit("presence", {"idle": True})
    await status("away")
    await second.client.emit("presence", {"idle": False})
    await status("online")
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=bearer(bob)) as http:
        await http.post("/api/chat/user/data", json={"status": "do-not-disturb", "mood": "In a design review"})
    pushed = await watching.wait_for(lambda e: e["userId"] == bob_id, channel="presence")
    assert pushed == {"userId": bob_id, "status": "do-not-disturb", "mood": "In a design review"}
    watching.channels["presence"].clear()
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=bearer(watcher)) as http:
        contacts = (await http.get("/api/chat/contacts")).json()
        assert next(c for c in contacts if c["id"] == bob_id)["status"] == "do-not-disturb"
    # Offline only when the last socket, on whichever process, is gone.
    await first.client.disconnect()
    await asyncio.sleep(0.3)
    assert all(e["status"] != "offline" for e in watching.channels["presence"])
    await second.client.disconnect()
    await status("offline")


async def test_presence_reaches_others_within_a_second_even_when_changes_come_quickly(
    app: Starlette, cluster: Cluster, connect: Sockets
) -> None:
    """Issue 22: a second change soon after a first one waited for the storm batch (2.3 s to show)."""
    (_, watcher), (bob_id, bob) = await members(app, cluster, 2)
    watching = await connect(cluster.urls[0], watcher["accessToken"])
    await connect(cluster.urls[1], bob["accessToken"])
    await watching.wait_for(lambda e: e["userId"] == bob_id and e["status"] == "online", channel="presence")
    loop = asyncio.get_running_loop()
    async with httpx.AsyncClient(base_url=cluster.urls[1], headers=bearer(bob)) as http:
        for status in ("do-not-disturb", "away", "online", "do-not-disturb"):  # each within a second of the last
            started = loop.time()
            await http.post("/api/chat/user/data", json={"status": status})
            await watching.wait_for(lambda e, s=status: e["userId"] == bob_id and e["status"] == s, channel="presence")
            took = loop.time() - started
            assert took < 1.0, f"{status} reached the other process's socket after {took:.2f} s"
            watching.channels["presence"].clear()


async def test_quick_panel_changes_show_on_the_users_other_devices(
    app: Starlette, cluster: Cluster, connect: Sockets
) -> None:
    [(_, alice)] = await members(app, cluster)
    other_tab = await connect(cluster.urls[1], alice["accessToken"])
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=bearer(alice)) as http:
        note = (await http.post("/api/quick-panel/notes", json={"title": "Buy fuses", "detail": "10 A"})).json()
        await http.delete(f"/api/quick-panel/notes/{note['id']}")
    saved = await other_tab.wait_for(lambda e: e["action"] == "saved", channel="quick-panel")
    assert saved == {"action": "saved", "kind": "notes", "id": note["id"], "item": note}
    removed = await other_tab.wait_for(lambda e: e["action"] == "removed", channel="quick-panel")
    assert removed["id"] == note["id"] and removed["item"] is None


async def test_notifications_are_pushed_and_silent_in_do_not_disturb(
    app: Starlette, cluster: Cluster, connect: Sockets
) -> None:
    (_, manager), (tech_id, tech) = await members(app, cluster, roles=(Role.MANAGER, Role.TECHNICIAN))
    device = await connect(cluster.urls[1], tech["accessToken"])
    async with httpx.AsyncClient(base_url=cluster.urls[0]) as http:
        body = {"tag": unique("P-"), "name": "Winch", "category": "Lifting equipment", "department": "Hardware"}
        await http.post("/assets", headers=bearer(manager), json={**body, "assignedTechnicianId": tech_id})
        loud = await device.wait_for(lambda e: True, channel="notification")
        assert loud["silent"] is False and loud["unread"] == 1
        assert loud["notification"]["kind"] == "asset.assigned"
        await http.post("/api/chat/user/data", headers=bearer(tech), json={"status": "do-not-disturb"})
        body["tag"] = unique("P-")
        await http.post("/assets", headers=bearer(manager), json={**body, "assignedTechnicianId": tech_id})
        quiet = await device.wait_for(lambda e: e["unread"] == 2, channel="notification")
        assert quiet["silent"] is True
        stored = (await http.get("/notifications", headers=bearer(tech))).json()
        assert stored["unread"] == 2
