"""The answer cache (app/services/answers.py): no write path leaves a kept list or item stale, in the
process that wrote or in another one, and a 304 is answered only while nothing changed, for the
same query and the same view.

Each path test first asks both API processes of the cluster for the list (so each keeps it), then
writes by that path, then asks both again at once: no waiting, no retry. A kept answer that
survived the write fails the test.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text, update
from starlette.applications import Starlette

from app.db import is_sqlite, make_sync_engine
from app.errors import database_unreachable
from app.services.answers import AnswerCache, Versions, matches
from app.services.documents.processing import process_document
from app.services.records.batch import write_batch
from app.services.resources import ASSETS
from app.settings import Settings
from schemas.options import Role
from schemas.users import User
from tests.fixtures import files
from tests.realtime_support import Cluster
from tests.support import Account, create_account, prepare_database, running_app, sign_in, uploaded
from tests.test_backup import empty_instance, portal_cli
from tests.test_documents import context
from tests.test_records import create

pytestmark = pytest.mark.db

NEWEST = {"sort": "id", "order": "desc", "perPage": 20}


async def listed(url: str, who: Account, resource: str = "assets", **params: Any) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=url) as http:
        answer = await http.get(f"/{resource}", headers=who.headers, params={**NEWEST, **params})
    assert answer.status_code == 200, answer.text
    assert answer.headers["etag"]
    body: dict[str, Any] = answer.json()
    return body


async def everywhere(cluster: Cluster, who: Account, resource: str = "assets") -> list[dict[str, Any]]:
    """The newest rows as each process answers them, asked of all at once."""
    return list(await asyncio.gather(*(listed(url, who, resource) for url in cluster.urls)))


def by_id(answer: dict[str, Any], record_id: int) -> dict[str, Any] | None:
    return next((item for item in answer["items"] if item["id"] == record_id), None)


# --- the parts on their own ------------------------------------------------------------------------


def test_kept_answers_stay_within_their_entry_and_byte_caps() -> None:
    cache = AnswerCache(entries=3, max_bytes=800)
    for n in range(5):
        cache.put(("assets", n), 1, b"x" * 10)
    assert len(cache) == 3 and cache.get(("assets", 0), 1) is None and cache.get(("assets", 4), 1) == b"x" * 10
    cache.get(("assets", 2), 1)  # used: the least recently used is now 3
    cache.put(("assets", 5), 1, b"y" * 10)
    assert cache.get(("assets", 3), 1) is None and cache.get(("assets", 2), 1) is not None
    cache.put(("big", 0), 1, b"z" * 101)  # more than an eighth of the budget: not kept
    assert cache.get(("big", 0), 1) is None
    for n in range(8):
        cache.put(("bytes", n), 1, b"b" * 100)
    assert cache.bytes <= 800 and len(cache) <= 3
    cache.put(("assets", 9), 2, b"new")
    cache.put(("assets", 9), 1, b"old")  # an older read that finished later does not replace it
    assert cache.get(("assets", 9), 2) == b"new" and cache.get(("assets", 9), 1) is None


def test_if_none_match_uses_the_weak_comparison() -> None:
    tag = 'W/"abc"'
    assert matches('W/"abc"', tag) and matches('"abc"', tag) and matches('"x", W/"abc"', tag) and matches("*", tag)
    assert not matches(None, tag) and not matches("", tag) and not matches('W/"abd"', tag)


async def test_calls_arriving_together_share_one_version_read(app: Starlette) -> None:
    versions = Versions(app.state.portal.db)
    try:
        await _share_reads(versions)
    finally:
        await versions.close()


async def test_a_lost_connection_is_replaced_and_an_outage_is_a_503(app: Starlette) -> None:
    versions = Versions(app.state.portal.db)
    try:
        await versions.current()
        lost = versions._driver
        await lost.close()  # the database closed the reads' connection (a restart)
        assert set(await versions.current()) == {"assets", "documents", "leads"}
        assert versions._driver is not lost
        dbapi = versions._engine.dialect.loaded_dbapi
        wrapped = versions._wrapped(dbapi.OperationalError("server closed the connection"))
        assert database_unreachable(wrapped)  # answered 503 "try again", never 500
    finally:
        await versions.close()


async def _share_reads(versions: Versions) -> None:
    first = await asyncio.gather(*(versions.current() for _ in range(50)))
    assert versions.reads == 1 and all(found == first[0] for found in first)
    assert set(first[0]) == {"assets", "documents", "leads"}
    # A call that arrives while a read runs waits for the next read: it must see writes committed before it.
    reading = asyncio.ensure_future(versions.current())
    for _ in range(100):  # until the read has started
        await asyncio.sleep(0)
        if versions._waiting is None:
            break
    assert versions._waiting is None
    later = asyncio.ensure_future(versions.current())
    await asyncio.gather(reading, later)
    assert versions.reads == 3


# --- every write path, across two API processes ---------------------------------------------------


async def test_record_create_update_delete_reach_both_processes(cluster: Cluster, staff: dict[str, Account]) -> None:
    manager = staff["manager"]
    await everywhere(cluster, manager)
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=manager.headers) as http:
        made = await http.post("/assets", json={**_asset(), "tag": f"AC-{uuid.uuid4().hex[:8]}"})
        assert made.status_code == 201, made.text
    asset = made.json()
    assert all(by_id(answer, asset["id"]) for answer in await everywhere(cluster, manager))

    async with httpx.AsyncClient(base_url=cluster.urls[1], headers=manager.headers) as http:
        changed = await http.patch(f"/assets/{asset['id']}", json={"id": asset["id"], "version": 1, "name": "Renamed"})
        assert changed.status_code == 200, changed.text
    for answer in await everywhere(cluster, manager):
        assert (by_id(answer, asset["id"]) or {}).get("name") == "Renamed"

    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=manager.headers) as http:
        assert (await http.delete(f"/assets/{asset['id']}")).status_code == 200
    assert not any(by_id(answer, asset["id"]) for answer in await everywhere(cluster, manager))


async def test_the_workers_document_update_reaches_both_processes(
    app: Starlette, settings: Settings, client: httpx.AsyncClient, cluster: Cluster, staff: dict[str, Account]
) -> None:
    item = await uploaded(client, staff["technician"], "cache.txt", files.text("answer cache"))
    before = await everywhere(cluster, staff["manager"], "documents")
    assert all((by_id(answer, item["id"]) or {}).get("state") != "ready" for answer in before)
    # What the worker runs for every upload (worker/ calls this function).
    assert await process_document(context(app, settings), item["id"], job_id=item["progress"]["jobId"]) == "ready"
    for answer in await everywhere(cluster, staff["manager"], "documents"):
        assert (by_id(answer, item["id"]) or {}).get("state") == "ready"


async def test_an_import_batch_reaches_both_processes(
    app: Starlette, cluster: Cluster, staff: dict[str, Account]
) -> None:
    await everywhere(cluster, staff["manager"])
    tag = f"IMP-{uuid.uuid4().hex[:8]}"
    values = ASSETS.create_model.model_validate({**_asset(), "tag": tag}).model_dump()
    async with app.state.portal.db.session() as session:  # the import job's write path, as it commits
        batch = await write_batch(session=session, spec=ASSETS, creates=[values], updates=[], actor_id=None)
        await session.commit()
    for answer in await everywhere(cluster, staff["manager"]):
        assert (by_id(answer, batch.created[0]) or {}).get("tag") == tag


async def test_a_user_rename_reaches_both_processes(
    app: Starlette, client: httpx.AsyncClient, cluster: Cluster, staff: dict[str, Account]
) -> None:
    technician = await create_account(app, Role.TECHNICIAN)
    asset = await create(
        client, staff["manager"], "assets", tag=f"UR-{uuid.uuid4().hex[:8]}", assignedTechnicianId=technician.user_id
    )
    renamed = f"Renamed {uuid.uuid4().hex[:6]}"
    for answer in await everywhere(cluster, staff["manager"]):
        assert (by_id(answer, asset["id"]) or {})["assignedTechnician"]["displayName"] != renamed
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=staff["admin"].headers) as http:  # the admin console
        done = await http.patch(f"/admin/users/{technician.user_id}", json={"displayName": renamed})
        assert done.status_code == 200, done.text
    for answer in await everywhere(cluster, staff["manager"]):
        assert (by_id(answer, asset["id"]) or {})["assignedTechnician"]["displayName"] == renamed
    async with app.state.portal.db.session() as session:  # any other path that changes the row: a photo
        await session.exec(update(User).where(User.id == technician.user_id).values(photo_url="/photos/x.png"))  # type: ignore[arg-type]
        await session.commit()
    for answer in await everywhere(cluster, staff["manager"]):
        assert (by_id(answer, asset["id"]) or {})["assignedTechnician"]["photoURL"] == "/photos/x.png"


async def test_plain_sql_reaches_both_processes(
    client: httpx.AsyncClient, settings: Settings, cluster: Cluster, staff: dict[str, Account]
) -> None:
    asset = await create(client, staff["manager"], "assets", tag=f"SQL-{uuid.uuid4().hex[:8]}")
    await everywhere(cluster, staff["manager"])
    engine = make_sync_engine(settings.effective_database_url)
    try:
        with engine.begin() as conn:
            conn.execute(text("UPDATE assets SET location = 'Changed by SQL' WHERE id = :id"), {"id": asset["id"]})
    finally:
        engine.dispose()
    for answer in await everywhere(cluster, staff["manager"]):
        assert (by_id(answer, asset["id"]) or {}).get("location") == "Changed by SQL"


@pytest.fixture
def restored_instance(settings: Settings, tmp_path: Path) -> Iterator[Settings]:
    kind = "sqlite" if is_sqlite(settings.effective_database_url) else "postgresql"
    with empty_instance(kind, tmp_path, settings.redis_url) as target:
        prepare_database(target)
        yield target


async def test_a_restore_replaces_kept_answers(restored_instance: Settings, tmp_path: Path) -> None:
    target = restored_instance
    async with running_app(target) as (app, client):
        manager = await sign_in(client, await create_account(app, Role.MANAGER))
        kept = await create(client, manager, "assets", tag="KEPT-1")
        archive = tmp_path / "before.tar.gz"
        made = await asyncio.to_thread(portal_cli, target, "backup", str(archive))
        assert made.returncode == 0, made.stderr
        later = await create(client, manager, "assets", tag="LATER-1")
        answer = (await client.get("/assets", headers=manager.headers, params=NEWEST)).json()
        assert {i["id"] for i in answer["items"]} == {kept["id"], later["id"]}
        done = await asyncio.to_thread(portal_cli, target, "restore", "--force", str(archive))
        assert done.returncode == 0, done.stderr
        answer = (await client.get("/assets", headers=manager.headers, params=NEWEST)).json()
        assert [i["id"] for i in answer["items"]] == [kept["id"]]


# --- conditional requests -------------------------------------------------------------------------


async def test_304_only_while_nothing_changed_and_only_for_the_same_view_and_query(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    manager, technician = staff["manager"], staff["technician"]
    params = {"perPage": "50", "sort": "createdAt"}
    first = await client.get("/assets", headers=manager.headers, params=params)
    tag = first.headers["etag"]
    same = await client.get(
        "/assets", headers=manager.headers, params={"sort": "createdAt", "page": "1", "perPage": "50"}
    )
    assert same.headers["etag"] == tag and same.content == first.content  # one normal form of the query

    again = await client.get("/assets", headers={**manager.headers, "If-None-Match": tag}, params=params)
    assert again.status_code == 304 and again.headers["etag"] == tag and again.content == b""
    other_query = await client.get(
        "/assets", headers={**manager.headers, "If-None-Match": tag}, params={"perPage": "49"}
    )
    assert other_query.status_code == 200
    other_view = await client.get("/assets", headers={**technician.headers, "If-None-Match": tag}, params=params)
    assert other_view.status_code == 200 and other_view.headers["etag"] != tag
    other_resource = await client.get("/leads", headers={**manager.headers, "If-None-Match": tag}, params=params)
    assert other_resource.status_code == 200

    asset = await create(client, manager, "assets", tag=f"ET-{uuid.uuid4().hex[:8]}")
    changed = await client.get("/assets", headers={**manager.headers, "If-None-Match": tag}, params=params)
    assert changed.status_code == 200 and changed.headers["etag"] != tag

    item = await client.get(f"/assets/{asset['id']}", headers=manager.headers)
    item_tag = item.headers["etag"]
    assert (
        await client.get(f"/assets/{asset['id']}", headers={**manager.headers, "If-None-Match": item_tag})
    ).status_code == 304
    patched = await client.patch(
        f"/assets/{asset['id']}", headers=manager.headers, json={"id": asset["id"], "version": 1, "notes": "changed"}
    )
    assert patched.status_code == 200, patched.text
    fresh = await client.get(f"/assets/{asset['id']}", headers={**manager.headers, "If-None-Match": item_tag})
    assert fresh.status_code == 200 and fresh.json()["notes"] == "changed"


def _asset() -> dict[str, Any]:
    return {
        "name": "Answer cache hoist",
        "category": "Lifting equipment",
        "department": "Hardware",
        "status": "GOOD",
        "risk": "L",
        "location": "Bay 3",
        "nextInspection": "2030-01-31",
    }


# --- the dashboard summary: one answer made from every resource -----------------------------------


async def summaries(cluster: Cluster, who: Account) -> list[dict[str, Any]]:
    async def one(url: str) -> dict[str, Any]:
        async with httpx.AsyncClient(base_url=url) as http:
            answer = await http.get("/dashboard/summary", headers=who.headers)
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        return body

    return list(await asyncio.gather(*(one(url) for url in cluster.urls)))


async def test_the_dashboard_follows_each_resource_it_is_made_from_on_both_processes(
    client: httpx.AsyncClient, settings: Settings, cluster: Cluster, staff: dict[str, Account]
) -> None:
    manager = staff["manager"]
    before = (await summaries(cluster, manager))[0]  # both processes keep it
    lead = await create(client, manager, "leads", title="Cached dashboard", clientCompany="Coho", stage="proposal")
    for answer in await summaries(cluster, manager):
        assert answer["leads"]["open"] == before["leads"]["open"] + 1
        assert answer["recent"][0]["recordId"] == lead["id"]

    await create(client, manager, "assets", tag=f"DB-{uuid.uuid4().hex[:8]}")
    for answer in await summaries(cluster, manager):
        assert answer["assets"]["total"] == before["assets"]["total"] + 1

    item = await uploaded(client, staff["technician"], "dashboard.txt", files.text("dashboard"))
    counted = {row["value"]: row["count"] for row in (await summaries(cluster, manager))[0]["documents"]["byState"]}
    engine = make_sync_engine(settings.effective_database_url)
    try:  # a path that is neither the API nor the worker: plain SQL
        with engine.begin() as conn:
            conn.execute(text("UPDATE documents SET state = 'failed' WHERE id = :id"), {"id": item["id"]})
    finally:
        engine.dispose()
    for answer in await summaries(cluster, manager):
        assert {row["value"]: row["count"] for row in answer["documents"]["byState"]}["failed"] == counted["failed"] + 1

    first = await client.get("/dashboard/summary", headers=manager.headers)
    tag = first.headers["etag"]
    again = await client.get("/dashboard/summary", headers={**manager.headers, "If-None-Match": tag})
    assert again.status_code == 304 and again.content == b""
    await create(client, manager, "assets", tag=f"DB-{uuid.uuid4().hex[:8]}")
    changed = await client.get("/dashboard/summary", headers={**manager.headers, "If-None-Match": tag})
    assert changed.status_code == 200 and changed.json()["assets"]["total"] == before["assets"]["total"] + 2
