"""Team Chat, quick panel and notifications over HTTP: every rule, and privacy between users."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from schemas.options import Role
from tests.support import Account, create_account, sign_in, unique

pytestmark = pytest.mark.db


async def account(app: Starlette, client: httpx.AsyncClient, role: Role = Role.TECHNICIAN) -> Account:
    return await sign_in(client, await create_account(app, role))


async def open_chat(client: httpx.AsyncClient, me: Account, other: Account) -> dict[str, Any]:
    response = await client.get(
        "/api/chat/get-chat", headers=me.headers, params={"contactId": other.user_id, "userId": me.user_id}
    )
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


async def send(client: httpx.AsyncClient, me: Account, chat_id: str, other: Account, text: str) -> httpx.Response:
    return await client.post(
        "/api/chat/send-message",
        headers=me.headers,
        json={
            "chatId": chat_id,
            "contactId": other.user_id,
            "message": {"who": me.user_id, "message": text, "time": ""},
        },
    )


async def test_get_chat_creates_one_empty_chat_per_pair(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob = await account(app, client), await account(app, client)
    first = await open_chat(client, alice, bob)
    assert first["chat"]["dialog"] == []
    assert first["userChatData"]["lastMessageTime"] is None  # no message yet: listed with the other contacts
    assert first["userChatData"]["contactId"] == bob.user_id and first["userChatData"]["chatId"] == first["chat"]["id"]
    again = await open_chat(client, bob, alice)
    assert again["chat"]["id"] == first["chat"]["id"]
    chat_list = (await client.get("/api/chat/user", headers=alice.headers)).json()["chatList"]
    assert [entry["chatId"] for entry in chat_list] == [first["chat"]["id"]]


async def test_send_message_stores_answers_and_orders(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob = await account(app, client), await account(app, client)
    chat_id = (await open_chat(client, alice, bob))["chat"]["id"]
    sent = await send(client, alice, chat_id, bob, "  Pump 3 is leaking  ")
    assert sent.status_code == 200
    message = sent.json()["message"]
    assert message["who"] == alice.user_id and message["message"] == "Pump 3 is leaking" and message["time"]
    assert sent.json()["userChatData"] == {
        "chatId": chat_id, "contactId": bob.user_id, "lastMessageTime": message["time"]
    }  # fmt: skip
    await send(client, bob, chat_id, alice, "On my way")
    dialog = (await open_chat(client, alice, bob))["chat"]["dialog"]
    assert [(m["who"], m["message"]) for m in dialog] == [
        (alice.user_id, "Pump 3 is leaking"),
        (bob.user_id, "On my way"),
    ]


async def test_empty_messages_are_not_sent(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob = await account(app, client), await account(app, client)
    chat_id = (await open_chat(client, alice, bob))["chat"]["id"]
    for text in ["", "   "]:
        refused = await send(client, alice, chat_id, bob, text)
        assert refused.status_code == 422
        assert refused.json()["message"] == "Type a message before sending."
    assert (await open_chat(client, alice, bob))["chat"]["dialog"] == []
    malformed = await client.post("/api/chat/send-message", headers=alice.headers, json={"chatId": chat_id})
    assert malformed.status_code == 422


async def test_unread_counts_clear_when_read(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob = await account(app, client), await account(app, client)
    chat_id = (await open_chat(client, bob, alice))["chat"]["id"]
    for text in ("one", "two"):
        await send(client, bob, chat_id, alice, text)

    async def unread_from_bob() -> int:
        contacts = (await client.get("/api/chat/contacts", headers=alice.headers)).json()
        return int(next(c for c in contacts if c["id"] == bob.user_id)["unread"])

    assert await unread_from_bob() == 2
    await open_chat(client, alice, bob)
    assert await unread_from_bob() == 0
    await send(client, bob, chat_id, alice, "three")
    assert await unread_from_bob() == 1
    read = await client.post("/api/chat/read", headers=alice.headers, json={"chatId": chat_id})
    assert read.json() == {"chatId": chat_id, "contactId": bob.user_id, "unread": 0}
    assert await unread_from_bob() == 0
    # Bob's own messages never count as unread for him.
    contacts = (await client.get("/api/chat/contacts", headers=bob.headers)).json()
    assert next(c for c in contacts if c["id"] == alice.user_id)["unread"] == 0


async def test_contacts_are_the_staff_with_status_and_mood(app: Starlette, client: httpx.AsyncClient) -> None:
    alice = await account(app, client)
    contacts = (await client.get("/api/chat/contacts", headers=alice.headers)).json()
    assert alice.user_id not in {c["id"] for c in contacts}
    assert all(set(c) >= {"id", "name", "avatar", "status", "mood", "unread"} for c in contacts)
    assert all(c["status"] == "offline" for c in contacts)  # nobody has a socket open in this test


async def test_user_data_merges_status_and_mood(app: Starlette, client: httpx.AsyncClient) -> None:
    alice = await account(app, client)
    saved = await client.post("/api/chat/user/data", headers=alice.headers, json={"mood": "On site at Harbour"})
    assert saved.status_code == 200 and saved.json()["mood"] == "On site at Harbour"
    bad = await client.post("/api/chat/user/data", headers=alice.headers, json={"status": "asleep"})
    assert bad.status_code == 422
    kept = (await client.get("/api/chat/user", headers=alice.headers)).json()
    assert kept["mood"] == "On site at Harbour"


async def test_nobody_reads_or_writes_a_chat_they_are_not_part_of(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob, eve = await account(app, client), await account(app, client), await account(app, client)
    chat_id = (await open_chat(client, alice, bob))["chat"]["id"]
    await send(client, alice, chat_id, bob, "private")
    intrude = await send(client, eve, chat_id, bob, "hello")
    assert intrude.status_code == 403
    spoof = await client.get(
        "/api/chat/get-chat", headers=eve.headers, params={"contactId": bob.user_id, "userId": alice.user_id}
    )
    assert spoof.status_code == 403
    assert (await client.post("/api/chat/read", headers=eve.headers, json={"chatId": chat_id})).status_code == 403
    missed = (await client.get("/api/chat/messages", headers=eve.headers, params={"after": 0})).json()["items"]
    assert all(item["chatId"] != chat_id for item in missed)
    wrong_contact = await send(client, alice, chat_id, eve, "misrouted")
    assert wrong_contact.status_code == 422
    assert (await client.get("/api/chat/contacts")).status_code == 401


async def test_missed_messages_since_an_id(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob = await account(app, client), await account(app, client)
    chat_id = (await open_chat(client, alice, bob))["chat"]["id"]
    first = (await send(client, bob, chat_id, alice, "first")).json()["message"]
    await send(client, bob, chat_id, alice, "second")
    await send(client, alice, chat_id, bob, "third")
    missed = (await client.get("/api/chat/messages", headers=alice.headers, params={"after": first["id"]})).json()
    assert [item["message"]["message"] for item in missed["items"]] == ["second", "third"]
    bad = await client.get("/api/chat/messages", headers=alice.headers, params={"after": "x"})
    assert bad.status_code == 422


async def test_get_chat_parameters(app: Starlette, client: httpx.AsyncClient) -> None:
    alice = await account(app, client)
    missing = await client.get("/api/chat/get-chat", headers=alice.headers)
    assert missing.status_code == 422
    self_chat = await client.get("/api/chat/get-chat", headers=alice.headers, params={"contactId": alice.user_id})
    assert self_chat.status_code == 422
    ghost = await client.get("/api/chat/get-chat", headers=alice.headers, params={"contactId": 987654})
    assert ghost.status_code == 404


# --- quick panel ----------------------------------------------------------------------------------


async def test_quick_panel_items_are_per_user(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob = await account(app, client), await account(app, client)
    assert (await client.get("/api/quick-panel/data", headers=alice.headers)).json() == {"events": [], "notes": []}
    note = await client.post(
        "/api/quick-panel/notes", headers=alice.headers, json={"title": "Order filters", "detail": "x4"}
    )
    assert note.status_code == 201
    event = await client.post(
        "/api/quick-panel/events", headers=alice.headers, json={"title": "Site visit", "detail": "9:00"}
    )
    data = (await client.get("/api/quick-panel/data", headers=alice.headers)).json()
    assert data["notes"] == [note.json()] and data["events"] == [event.json()]
    edited = await client.patch(
        f"/api/quick-panel/notes/{note.json()['id']}",
        headers=alice.headers,
        json={"title": "Order filters", "detail": "x6"},
    )
    assert edited.json()["detail"] == "x6"
    # Bob sees none of it and cannot touch it.
    assert (await client.get("/api/quick-panel/data", headers=bob.headers)).json() == {"events": [], "notes": []}
    assert (await client.delete(f"/api/quick-panel/notes/{note.json()['id']}", headers=bob.headers)).status_code == 404
    # A note id is not an event id.
    assert (
        await client.delete(f"/api/quick-panel/events/{note.json()['id']}", headers=alice.headers)
    ).status_code == 404
    assert (await client.post("/api/quick-panel/notes", headers=alice.headers, json={"title": ""})).status_code == 422
    assert (await client.post("/api/quick-panel/todos", headers=alice.headers, json={"title": "x"})).status_code == 404
    removed = await client.delete(f"/api/quick-panel/notes/{note.json()['id']}", headers=alice.headers)
    assert removed.status_code == 200
    assert (await client.get("/api/quick-panel/data", headers=alice.headers)).json()["notes"] == []


# --- notifications --------------------------------------------------------------------------------


async def notes_of(client: httpx.AsyncClient, who: Account) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = (await client.get("/notifications", headers=who.headers)).json()["items"]
    return items


async def test_technician_hears_of_assignment_and_worse_condition(app: Starlette, client: httpx.AsyncClient) -> None:
    manager = await account(app, client, Role.MANAGER)
    tech = await account(app, client, Role.TECHNICIAN)
    body = {"tag": unique("N-"), "name": "Crane", "category": "Lifting equipment", "department": "Hardware"}
    created = (
        await client.post("/assets", headers=manager.headers, json={**body, "assignedTechnicianId": tech.user_id})
    ).json()
    notes = await notes_of(client, tech)
    assert [n["kind"] for n in notes] == ["asset.assigned"] and notes[0]["link"] == f"/assets/{created['id']}"

    async def patch(who: Account, version: int, **fields: Any) -> None:
        response = await client.patch(
            f"/assets/{created['id']}", headers=who.headers, json={"id": created["id"], "version": version, **fields}
        )
        assert response.status_code == 200, response.text

    await patch(manager, 1, status="POOR", risk="HH")  # GOOD -> POOR, L -> HH: worse
    notes = await notes_of(client, tech)
    assert notes[0]["kind"] == "asset.worse" and "status GOOD → POOR" in notes[0]["message"]
    assert "risk L → HH" in notes[0]["message"]
    await patch(manager, 2, status="GREAT", risk="LL")  # better: no notification
    assert len(await notes_of(client, tech)) == 2
    await patch(tech, 3, status="BAD")  # worse, but the technician did it: no notification to themselves
    assert len(await notes_of(client, tech)) == 2


async def test_managers_hear_of_stage_changes(app: Starlette, client: httpx.AsyncClient) -> None:
    mover = await account(app, client, Role.MANAGER)
    other_manager = await account(app, client, Role.MANAGER)
    admin = await account(app, client, Role.ADMIN)
    contractor = await account(app, client, Role.CONTRACTOR)
    body = {"title": unique("Deal "), "clientCompany": "Contoso", "department": "Hardware", "stage": "proposal"}
    lead = (await client.post("/leads", headers=mover.headers, json=body)).json()
    moved = await client.patch(
        f"/leads/{lead['id']}", headers=mover.headers, json={"id": lead["id"], "version": 1, "stage": "won"}
    )
    assert moved.status_code == 200

    def about(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [n for n in items if n["link"] == f"/leads/{lead['id']}"]

    heard = about(await notes_of(client, other_manager))
    assert len(heard) == 1 and heard[0]["message"].endswith("proposal → won") and heard[0]["variant"] == "success"
    assert len(about(await notes_of(client, admin))) == 1
    assert about(await notes_of(client, mover)) == []
    assert about(await notes_of(client, contractor)) == []


async def test_reading_and_dismissing_notifications(app: Starlette, client: httpx.AsyncClient) -> None:
    manager = await account(app, client, Role.MANAGER)
    tech = await account(app, client, Role.TECHNICIAN)
    for _ in range(3):
        body = {"tag": unique("R-"), "name": "Drill", "category": "Tooling", "department": "Hardware"}
        await client.post("/assets", headers=manager.headers, json={**body, "assignedTechnicianId": tech.user_id})
    listed = (await client.get("/notifications", headers=tech.headers)).json()
    assert listed["unread"] == 3
    first = listed["items"][0]["id"]
    assert (await client.post(f"/notifications/{first}/read", headers=tech.headers)).json() == {"unread": 2}
    unread_only = (await client.get("/notifications", headers=tech.headers, params={"unread": 1})).json()
    assert len(unread_only["items"]) == 2
    # Someone else's notification is not found for another user.
    assert (await client.post(f"/notifications/{first}/read", headers=manager.headers)).status_code == 404
    assert (await client.delete(f"/notifications/{first}", headers=manager.headers)).status_code == 404
    assert (await client.post("/notifications/read-all", headers=tech.headers)).json() == {"unread": 0}
    assert (await client.delete(f"/notifications/{first}", headers=tech.headers)).status_code == 200
    assert len((await client.get("/notifications", headers=tech.headers)).json()["items"]) == 2
