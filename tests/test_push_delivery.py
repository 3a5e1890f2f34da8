"""Notifications leave the portal through real RQ workers: to a local Web Push service (tests/push_service.py,
which checks the VAPID JWT and decrypts each payload with the device's keys) and to a local SMTP
server (aiosmtpd). Each device gets a notification exactly once; do-not-disturb and an open portal
hold pushes back; 410 removes a device; a failing service is retried; the daily inspection run sends
one notice per asset per day with two workers racing for it."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from datetime import timedelta
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from redis import Redis
from rq import Queue
from sqlmodel import col, select
from starlette.applications import Starlette

from app.services import inspections
from app.services.push.queue import INSPECTIONS_JOB, QUEUE_NAME
from app.services.push.vapid import keys_for
from app.settings import Settings
from schemas.chat import Notification
from schemas.inspections import DailyNotice
from schemas.options import Department, Role
from schemas.push import PushSubscription
from tests.processes import WorkerProcess, clear_document_jobs, free_port, process_env, running_workers
from tests.push_service import Device, PushService
from tests.realtime_support import Cluster, Sockets
from tests.support import Account, create_account, running_app, sign_in, stored_user, unique

pytestmark = pytest.mark.db

UI = "http://ui.test"


class Mailbox:
    """aiosmtpd's handler: every message the portal's workers send."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(message_from_bytes(envelope.content))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[Message]:
        return [m for m in self.messages if m["To"] == address]


@pytest.fixture(scope="module")
def mailbox() -> Iterator[Mailbox]:
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    box.port = controller.port  # type: ignore[attr-defined]
    yield box
    controller.stop()


@pytest.fixture(scope="module")
def service(settings: Settings) -> Iterator[PushService]:
    with PushService(expected_key=keys_for(settings).application_server_key) as started:
        yield started


@pytest.fixture(scope="module")
async def push_api(settings: Settings, service: PushService) -> AsyncIterator[tuple[Starlette, httpx.AsyncClient]]:
    custom = settings.model_copy(update={"web_push_allowed_endpoints": [f"{service.origin}/push/"]})
    async with running_app(custom) as pair:
        yield pair


@pytest.fixture(scope="module")
def workers(
    settings: Settings, service: PushService, mailbox: Mailbox, run_dir: Path, redis_url: str
) -> Iterator[list[WorkerProcess]]:
    logs = run_dir / "push-workers"
    logs.mkdir(exist_ok=True)
    clear_document_jobs(redis_url, settings.effective_database_url)
    env = process_env(
        settings,
        WORKER_HEARTBEAT_SECONDS="1",
        WORKER_MAINTENANCE_SECONDS="2",
        WEB_PUSH_ALLOWED_ENDPOINTS=json.dumps([f"{service.origin}/push/"]),
        WEB_PUSH_RETRIES="3",
        WEB_PUSH_RETRY_BACKOFF="[1, 1, 1]",
        EMAIL_BACKEND="smtp",
        SMTP_HOST="127.0.0.1",
        SMTP_PORT=str(mailbox.port),  # type: ignore[attr-defined]
        SMTP_SECURITY="none",
        SMTP_FROM="Staff portal <portal@ui.test>",
        PUBLIC_UI_URL=UI,
        INSPECTION_NOTICE_TIME="00:00",  # always past: the run is due as soon as a worker looks
        INSPECTION_TIMEZONE="UTC",
    )
    with running_workers(env, logs, redis_url, count=2) as started:
        yield started


async def eventually(check: Callable[[], Awaitable[bool]] | Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        result = check()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return
        await asyncio.sleep(0.2)
    raise AssertionError(f"not within {seconds} s")


async def person(push_api: tuple[Starlette, httpx.AsyncClient], role: Role = Role.TECHNICIAN) -> Account:
    app, client = push_api
    return await sign_in(client, await create_account(app, role))


async def subscribe(client: httpx.AsyncClient, who: Account, device: Device) -> int:
    answer = await client.post("/push/subscriptions", json=device.subscription(), headers=who.headers)
    assert answer.status_code == 201, answer.text
    return int(answer.json()["id"])


async def assign(client: httpx.AsyncClient, manager: Account, technician: Account, **fields: Any) -> dict[str, Any]:
    """A new asset assigned to the technician: the 'Asset assigned to you' notification."""
    body = {
        "tag": unique("PSH-"), "name": "Chain hoist", "category": "Lifting equipment", "department": "Hardware",
        "assignedTechnicianId": technician.user_id, **fields,
    }  # fmt: skip
    created = await client.post("/assets", json=body, headers=manager.headers)
    assert created.status_code == 201, created.text
    return dict(created.json())


async def delivery_of(app: Starlette, user_id: int, link: str) -> str | None:
    async with app.state.portal.db.session() as session:
        row = (
            await session.exec(select(Notification).where(Notification.user_id == user_id, Notification.link == link))
        ).first()
        return row.delivery if row else None


async def test_a_notification_reaches_each_device_exactly_once(
    push_api: tuple[Starlette, httpx.AsyncClient], service: PushService, workers: list[WorkerProcess]
) -> None:
    app, client = push_api
    manager, tech = await person(push_api, Role.MANAGER), await person(push_api)
    phone, tablet = service.device(), service.device()
    for device in (phone, tablet):
        await subscribe(client, tech, device)
    asset = await assign(client, manager, tech)
    await eventually(lambda: len(phone.received) >= 1 and len(tablet.received) >= 1)
    await asyncio.sleep(3)  # time for a duplicate to arrive, were there one
    for device in (phone, tablet):
        assert len(device.received) == 1, device.received
        message = device.received[0]
        assert message["title"] == "Asset assigned to you"
        assert message["url"] == f"/assets/{asset['id']}" and message["tag"] == f"assets-{asset['id']}"
        assert asset["tag"] in message["body"] and message["kind"] == "asset.assigned"
        assert device.headers[0]["ttl"].isdigit() and device.headers[0]["topic"]
    assert service.refusals == []  # every push had a valid VAPID JWT and a payload the device could decrypt
    assert await delivery_of(app, tech.user_id, f"/assets/{asset['id']}") == "pushed"
    listed = (await client.get("/push/subscriptions", headers=tech.headers)).json()["items"]
    assert len(listed) == 2 and all(d["lastPushAt"] and d["lastError"] is None for d in listed)


async def test_do_not_disturb_holds_pushes_back_but_keeps_the_notification(
    push_api: tuple[Starlette, httpx.AsyncClient], service: PushService, workers: list[WorkerProcess]
) -> None:
    app, client = push_api
    manager, tech = await person(push_api, Role.MANAGER), await person(push_api)
    phone = service.device()
    await subscribe(client, tech, phone)
    answer = await client.post("/api/chat/user/data", json={"status": "do-not-disturb"}, headers=tech.headers)
    assert answer.status_code == 200, answer.text
    asset = await assign(client, manager, tech)
    link = f"/assets/{asset['id']}"

    async def planned() -> bool:
        return await delivery_of(app, tech.user_id, link) == "dnd"

    await eventually(planned)
    await asyncio.sleep(2)
    assert phone.received == [] and phone.attempts == 0
    listed = (await client.get("/notifications?unread=1", headers=tech.headers)).json()["items"]
    assert any(n["link"] == link for n in listed)  # stored, and shown when they come back


async def test_no_push_while_the_portal_is_open_unless_always(
    push_api: tuple[Starlette, httpx.AsyncClient],
    service: PushService,
    workers: list[WorkerProcess],
    cluster: Cluster,
    connect: Sockets,
) -> None:
    app, client = push_api
    manager, tech = await person(push_api, Role.MANAGER), await person(push_api)
    phone = service.device()
    await subscribe(client, tech, phone)
    await connect(cluster.urls[0], tech.tokens["accessToken"])  # a portal tab, in use
    first = await assign(client, manager, tech)

    async def seen() -> bool:
        return await delivery_of(app, tech.user_id, f"/assets/{first['id']}") == "seen"

    await eventually(seen)
    assert phone.received == []
    await client.patch("/notifications/preferences", json={"push": "always"}, headers=tech.headers)
    second = await assign(client, manager, tech)
    await eventually(lambda: len(phone.received) == 1)
    assert phone.received[0]["url"] == f"/assets/{second['id']}"


async def test_a_gone_subscription_is_removed_and_the_others_still_get_it(
    push_api: tuple[Starlette, httpx.AsyncClient], service: PushService, workers: list[WorkerProcess]
) -> None:
    app, client = push_api
    manager, tech = await person(push_api, Role.MANAGER), await person(push_api)
    expired, current = service.device(answers=[410]), service.device()
    expired_id = await subscribe(client, tech, expired)
    await subscribe(client, tech, current)
    await assign(client, manager, tech)
    await eventually(lambda: len(current.received) == 1 and expired.attempts == 1)

    async def removed() -> bool:
        async with app.state.portal.db.session() as session:
            return await session.get(PushSubscription, expired_id) is None

    await eventually(removed)
    ids = [d["id"] for d in (await client.get("/push/subscriptions", headers=tech.headers)).json()["items"]]
    assert expired_id not in ids and len(ids) == 1


async def test_a_failing_push_service_is_retried_with_backoff_and_bounded(
    push_api: tuple[Starlette, httpx.AsyncClient], service: PushService, workers: list[WorkerProcess]
) -> None:
    _, client = push_api
    manager, tech = await person(push_api, Role.MANAGER), await person(push_api)
    flaky = service.device(answers=[503, 503])  # then 201
    down = service.device(answers=[503] * 20)  # never takes it
    flaky_id = await subscribe(client, tech, flaky)
    down_id = await subscribe(client, tech, down)
    await assign(client, manager, tech)
    await eventually(lambda: len(flaky.received) == 1 and down.attempts == 4, seconds=45)
    assert flaky.attempts == 3  # two refusals, then taken: one message, not three
    await asyncio.sleep(4)
    assert down.attempts == 4  # the first try and WEB_PUSH_RETRIES=3 more, then it stops
    devices = {d["id"]: d for d in (await client.get("/push/subscriptions", headers=tech.headers)).json()["items"]}
    assert devices[flaky_id]["lastError"] is None and devices[flaky_id]["lastPushAt"]
    assert devices[down_id]["lastError"].startswith("HTTP 503") and devices[down_id]["lastPushAt"] is None


async def test_the_test_button_pushes_each_device(
    push_api: tuple[Starlette, httpx.AsyncClient], service: PushService, workers: list[WorkerProcess]
) -> None:
    _, client = push_api
    tech = await person(push_api)
    phone, laptop = service.device(), service.device()
    await subscribe(client, tech, phone)
    await subscribe(client, tech, laptop)
    answer = await client.post("/push/test", headers=tech.headers)
    assert answer.status_code == 202 and answer.json() == {"devices": 2}
    await eventually(lambda: len(phone.received) == 1 and len(laptop.received) == 1)
    assert phone.received[0]["title"] == "Test notification" and phone.received[0]["url"] == "/"


async def test_people_without_a_device_get_assignments_by_email(
    push_api: tuple[Starlette, httpx.AsyncClient], mailbox: Mailbox, workers: list[WorkerProcess]
) -> None:
    app, client = push_api
    manager, tech, quiet = (
        await person(push_api, Role.MANAGER),
        await person(push_api),
        await person(push_api),
    )
    await client.patch("/notifications/preferences", json={"email": False}, headers=quiet.headers)
    asset = await assign(client, manager, tech)
    muted = await assign(client, manager, quiet)
    address = f"{tech.username}@example.test"
    await eventually(lambda: len(mailbox.to(address)) == 1)
    mail = mailbox.to(address)[0]
    assert mail["Subject"].startswith("Asset assigned to you") and asset["tag"] in mail["Subject"]
    body = mail.get_payload(decode=True).decode()  # type: ignore[union-attr]
    assert f"{UI}/assets/{asset['id']}" in body and "Settings > Notifications" in body
    assert mail["Auto-Submitted"] == "auto-generated"

    async def none_for_quiet() -> bool:
        return await delivery_of(app, quiet.user_id, f"/assets/{muted['id']}") == "none"

    await eventually(none_for_quiet)
    await asyncio.sleep(1)
    assert mailbox.to(f"{quiet.username}@example.test") == []
    assert len(mailbox.to(address)) == 1


async def test_the_daily_run_notifies_once_per_asset_and_day_with_two_workers(
    push_api: tuple[Starlette, httpx.AsyncClient],
    service: PushService,
    mailbox: Mailbox,
    workers: list[WorkerProcess],
    settings: Settings,
    redis_url: str,
) -> None:
    app, client = push_api
    assert len(workers) == 2
    manager, tech, offline = (
        await person(push_api, Role.MANAGER),
        await person(push_api),
        await person(push_api),
    )
    async with stored_user(app, manager.user_id) as (_, boss):
        boss.department = Department.HARDWARE
    phone = service.device()
    await subscribe(client, tech, phone)
    day = inspections.today(settings)
    overdue = await assign(client, manager, tech, nextInspection=(day - timedelta(days=3)).isoformat())
    tomorrow = await assign(client, manager, tech, nextInspection=(day + timedelta(days=1)).isoformat())
    later = await assign(client, manager, tech, nextInspection=(day + timedelta(days=10)).isoformat())
    mailed = await assign(client, manager, offline, nextInspection=day.isoformat())
    # The assignments were pushed and mailed; what follows counts the daily run's alone.
    await eventually(lambda: len(phone.received) == 3 and len(mailbox.to(f"{offline.username}@example.test")) == 1)
    phone.received.clear()
    mails_before = len(mailbox.to(f"{offline.username}@example.test"))

    # The workers ran today's run when they started (the time is 00:00): free the day's key so they
    # race for it again, and also enqueue the run twice more by hand, as if the key had been lost.
    connection = Redis.from_url(redis_url)
    try:
        connection.delete(f"portal:daily:inspections:{day.isoformat()}")
        queue = Queue(QUEUE_NAME, connection=connection)
        for n in range(2):
            queue.enqueue(INSPECTIONS_JOB, day.isoformat(), job_id=f"inspections-again-{n}-{unique('')}")

        async def key_taken() -> bool:
            return bool(connection.exists(f"portal:daily:inspections:{day.isoformat()}"))

        await eventually(key_taken)
    finally:
        connection.close()

    async def notices() -> dict[int, int]:
        async with app.state.portal.db.session() as session:
            rows = (
                await session.exec(
                    select(Notification).where(
                        col(Notification.user_id).in_([tech.user_id, offline.user_id]),
                        Notification.kind == "inspection.due",
                    )
                )
            ).all()
        counted: dict[int, int] = {}
        for row in rows:
            asset_id = int((row.link or "/assets/0").rsplit("/", 1)[1])
            counted[asset_id] = counted.get(asset_id, 0) + 1
        return counted

    async def all_noticed() -> bool:
        return set(await notices()) == {overdue["id"], tomorrow["id"], mailed["id"]}

    await eventually(all_noticed)
    await asyncio.sleep(5)  # the other runs finish (they find every key taken)
    assert await notices() == {overdue["id"]: 1, tomorrow["id"]: 1, mailed["id"]: 1}
    assert later["id"] not in await notices()  # due in ten days: not yet
    pushed = sorted(m["url"] for m in phone.received)
    assert pushed == sorted([f"/assets/{overdue['id']}", f"/assets/{tomorrow['id']}"])
    titles = {m["url"]: m["title"] for m in phone.received}
    assert titles[f"/assets/{overdue['id']}"] == "Inspection overdue"
    assert titles[f"/assets/{tomorrow['id']}"] == "Inspection due"
    # One daily mail for the technician without a device, with the asset's link.
    daily = [m for m in mailbox.to(f"{offline.username}@example.test")[mails_before:]]
    assert len(daily) == 1 and daily[0]["Subject"].startswith("Inspections due: 1 asset")
    assert f"{UI}/assets/{mailed['id']}" in daily[0].get_payload(decode=True).decode()  # type: ignore[union-attr]
    async with app.state.portal.db.session() as session:
        summaries = (
            await session.exec(
                select(Notification).where(
                    Notification.user_id == manager.user_id, Notification.kind == "inspection.summary"
                )
            )
        ).all()
        keys = (
            await session.exec(select(DailyNotice).where(DailyNotice.day == day, DailyNotice.kind == "summary"))
        ).all()
    assert len(summaries) == 1 and "in Hardware" in summaries[0].message  # once, though the run ran three times
    assert manager.user_id in {k.subject_id for k in keys}
