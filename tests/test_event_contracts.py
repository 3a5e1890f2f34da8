"""Event contracts, as zulip's test_events.py: for every Socket.IO event type in schemas/events.py,
do what should emit it through the running API (and worker), capture what a client receives, and
check each payload against the schema ``/openapi.json`` gives it under ``x-events`` and against
the event's own model. An event type without a contract here fails
``test_every_event_type_has_a_contract``."""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from jsonschema import Draft202012Validator
from starlette.applications import Starlette

from app.settings import Settings
from schemas.events import EVENTS
from schemas.options import Role
from tests.processes import WorkerProcess, process_env, running_workers
from tests.realtime_support import Cluster, Listener, Sockets, tokens_for
from tests.support import create_account, unique
from tests.test_records import lead_body

pytestmark = pytest.mark.db

Payloads = list[dict[str, Any]]


@dataclass
class World:
    """The running portal as a client sees it: two API processes, a worker, sockets to open."""

    app: Starlette
    cluster: Cluster
    connect: Sockets

    async def user(self, role: Role | None = Role.TECHNICIAN) -> tuple[int, dict[str, Any]]:
        account = await create_account(self.app, role)
        return account.user_id, await tokens_for(self.cluster.urls[0], account.username)

    async def listen(self, tokens: dict[str, Any], process: int = 1) -> Listener:
        return await self.connect(self.cluster.urls[process], tokens["accessToken"])

    async def watched(self, actor: Role, watcher: Role = Role.CONTRACTOR) -> tuple[int, dict[str, Any], int, Listener]:
        """A new user of role ``actor`` (id, tokens) and the socket of a new user of role ``watcher``
        (id, listener on the second process)."""
        actor_id, tokens = await self.user(actor)
        watcher_id, watching = await self.user(watcher)
        return actor_id, tokens, watcher_id, await self.listen(watching)

    def http(self, tokens: dict[str, Any]) -> httpx.AsyncClient:
        headers = {"Authorization": f"Bearer {tokens['accessToken']}"}
        return httpx.AsyncClient(base_url=self.cluster.urls[0], headers=headers, timeout=30)


async def sent(listener: Listener, channel: str, match: Callable[[Any], bool], count: int = 1) -> Payloads:
    """At least ``count`` payloads the server sent on ``channel`` matching ``match`` (up to 20 s)."""
    try:
        async with asyncio.timeout(20):
            while True:
                found = [p for p in listener.sent(channel) if match(p)]
                if len(found) >= count:
                    return found
                await asyncio.sleep(0.05)
    except TimeoutError:
        raise AssertionError(f"no {channel!r} payload matched; got {listener.received}") from None


Contract = Callable[[World], Awaitable[Payloads]]
CONTRACTS: dict[str, Contract] = {}


def contract(channel: str) -> Callable[[Contract], Contract]:
    def register(function: Contract) -> Contract:
        CONTRACTS[channel] = function
        return function

    return register


def asset_body(**extra: Any) -> dict[str, Any]:
    return {"tag": unique("EC-"), "name": "Winch", "category": "Lifting equipment", "department": "Hardware", **extra}


@contract("record")
async def record_changes(world: World) -> Payloads:
    _, manager, _, watcher = await world.watched(Role.MANAGER)
    async with world.http(manager) as http:
        asset = (await http.post("/assets", json=asset_body(purchaseCost=1200.5))).json()
        changed = await http.patch(f"/assets/{asset['id']}", json={"id": asset["id"], "version": 1, "status": "POOR"})
        assert changed.status_code == 200, changed.text
        assert (await http.delete(f"/assets/{asset['id']}")).status_code == 200
        lead = (await http.post("/leads", json=lead_body())).json()
    assets = await sent(watcher, "record", lambda p: p["resource"] == "assets" and p["id"] == asset["id"], 3)
    assert [p["type"] for p in assets] == ["record.created", "record.updated", "record.deleted"]
    assert assets[0]["record"] == asset  # the pushed record is the one the API answered
    leads = await sent(watcher, "record", lambda p: p["resource"] == "leads" and p["id"] == lead.get("id"))
    return assets + leads


@contract("records")
async def import_batch(world: World) -> Payloads:
    manager_id, manager, _, watcher = await world.watched(Role.MANAGER)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["tag", "name", "category", "department"])
    writer.writerows([[unique("EC-"), "Hoist", "Lifting equipment", "Hardware"] for _ in range(3)])
    async with world.http(manager) as http:
        started = await http.post("/assets/import", files={"file": ("a.csv", out.getvalue().encode())})
        assert started.status_code == 202, started.text
    return await sent(watcher, "records", lambda p: p["actorId"] == manager_id)


@contract("session")
async def signed_out(world: World) -> Payloads:
    _, tokens = await world.user()
    device = await world.listen(tokens)
    async with world.http(tokens) as http:
        assert (await http.post("/auth/sign-out")).status_code == 200
    return await sent(device, "session", lambda p: True)


async def chat_between(world: World) -> tuple[int, dict[str, Any], int, dict[str, Any], str]:
    alice_id, alice = await world.user()
    bob_id, bob = await world.user()
    async with world.http(alice) as http:
        chat_id = (await http.get("/api/chat/get-chat", params={"contactId": bob_id})).json()["chat"]["id"]
    return alice_id, alice, bob_id, bob, str(chat_id)


@contract("chat:message")
async def chat_message(world: World) -> Payloads:
    alice_id, alice, bob_id, bob, chat_id = await chat_between(world)
    bob_device = await world.listen(bob)
    message = {"chatId": chat_id, "contactId": bob_id, "message": {"who": alice_id, "message": "Gate 4411"}}
    async with world.http(alice) as http:
        assert (await http.post("/api/chat/send-message", json=message)).status_code == 200
    return await sent(bob_device, "chat:message", lambda p: p["chatId"] == chat_id)


@contract("chat:typing")
async def chat_typing(world: World) -> Payloads:
    _, alice, _, bob, chat_id = await chat_between(world)
    alice_device = await world.listen(alice, 0)
    bob_device = await world.listen(bob)
    await alice_device.client.emit("chat:typing", {"chatId": chat_id})
    return await sent(bob_device, "chat:typing", lambda p: p["chatId"] == chat_id)


@contract("chat:read")
async def chat_read(world: World) -> Payloads:
    _, alice, _, _, chat_id = await chat_between(world)
    other_tab = await world.listen(alice)
    async with world.http(alice) as http:
        assert (await http.post("/api/chat/read", json={"chatId": chat_id})).status_code == 200
    return await sent(other_tab, "chat:read", lambda p: p["chatId"] == chat_id)


@contract("presence")
async def presence(world: World) -> Payloads:
    bob_id, bob, _, watching = await world.watched(Role.TECHNICIAN, Role.TECHNICIAN)
    async with world.http(bob) as http:
        answer = await http.post("/api/chat/user/data", json={"status": "away", "mood": "At the depot"})
        assert answer.status_code == 200, answer.text
    return await sent(watching, "presence", lambda p: p["userId"] == bob_id)


@contract("presence:batch")
async def presence_batch(world: World) -> Payloads:
    _, watcher = await world.user()
    people = [await world.user() for _ in range(3)]
    watching = await world.listen(watcher)
    ids = {user_id for user_id, _ in people}

    async def away(tokens: dict[str, Any]) -> None:
        async with world.http(tokens) as http:
            assert (await http.post("/api/chat/user/data", json={"status": "away"})).status_code == 200

    # Changes that come together (a storm) go out as one batch (app/realtime/presence.py).
    await asyncio.gather(*(away(tokens) for _, tokens in people))
    return await sent(watching, "presence:batch", lambda p: bool(ids & {c["userId"] for c in p["changes"]}))


@contract("quick-panel")
async def quick_panel(world: World) -> Payloads:
    _, alice = await world.user()
    other_tab = await world.listen(alice)
    async with world.http(alice) as http:
        note = (await http.post("/api/quick-panel/notes", json={"title": "Buy fuses", "detail": "10 A"})).json()
        assert (await http.delete(f"/api/quick-panel/notes/{note['id']}")).status_code == 200
    return await sent(other_tab, "quick-panel", lambda p: p["id"] == note["id"], 2)


@contract("notification")
async def notification(world: World) -> Payloads:
    _, manager, tech_id, device = await world.watched(Role.MANAGER, Role.TECHNICIAN)
    async with world.http(manager) as http:
        assert (await http.post("/assets", json=asset_body(assignedTechnicianId=tech_id))).status_code == 201
    return await sent(device, "notification", lambda p: True)


@contract("document-progress")
async def document_progress(world: World) -> Payloads:
    _, uploader, _, watcher = await world.watched(Role.TECHNICIAN)
    async with world.http(uploader) as http:
        answer = await http.post(
            "/documents/upload", data={"department": "Hardware"}, files=[("file", ("notes.txt", b"Pump 4 checked"))]
        )
        assert answer.status_code == 201, answer.text
        document_id = answer.json()["items"][0]["id"]
    # Queued by the API, then processed to the end by the worker.
    return await sent(watcher, "document-progress", lambda p: p["id"] == document_id and p["state"] == "ready")


@contract("audit")
async def audit(world: World) -> Payloads:
    _, admin = await world.user(Role.ADMIN)
    console = await world.listen(admin)
    someone_id, _ = await world.user()  # signing in is an audited event
    return await sent(console, "audit", lambda p: p["entry"]["target"] and p["entry"]["target"]["id"] == someone_id)


@contract("portal-settings")
async def portal_settings(world: World) -> Payloads:
    _, admin, _, portal = await world.watched(Role.ADMIN)
    async with world.http(admin) as http:
        for hidden in (True, False):  # and back, for the tests after this one
            answer = await http.patch("/portal-settings", json={"templateHidden": hidden})
            assert answer.status_code == 200, answer.text
    return await sent(portal, "portal-settings", lambda p: True, 2)


@pytest.fixture(scope="module")
def worker(settings: Settings, run_dir: Path, redis_url: str) -> Iterator[list[WorkerProcess]]:
    logs = run_dir / "event-contract-workers"
    logs.mkdir(exist_ok=True)
    with running_workers(process_env(settings), logs, redis_url) as started:
        yield started


@pytest.fixture
async def world(app: Starlette, cluster: Cluster, connect: Sockets) -> AsyncIterator[World]:
    yield World(app=app, cluster=cluster, connect=connect)


def test_every_event_type_has_a_contract() -> None:
    assert sorted(CONTRACTS) == sorted(EVENTS)


def test_event_payloads_are_typed_to_their_leaves() -> None:
    """No ``Any`` in a payload's fields (the nested shapes are models: records, messages, entries)."""
    for channel, model in EVENTS.items():
        for name, field in model.model_fields.items():
            assert "Any" not in str(field.annotation), (channel, name, field.annotation)


@pytest.mark.parametrize("channel", sorted(EVENTS))
async def test_event_is_emitted_valid_against_its_schema(
    channel: str, world: World, worker: list[WorkerProcess]
) -> None:
    async with httpx.AsyncClient(base_url=world.cluster.urls[0]) as http:
        document = (await http.get("/openapi.json")).json()
    described = document["x-events"][channel]
    validator = Draft202012Validator({"components": document["components"], **described["payload"]})
    payloads = await CONTRACTS[channel](world)
    assert payloads, channel
    for payload in payloads:
        validator.validate(payload)
        # The model reads the payload back to the same JSON: nothing was left out or added.
        assert EVENTS[channel].model_validate(payload).payload() == payload
