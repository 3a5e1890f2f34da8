"""Racing writes (issue 15, item 9): ten simultaneous deletes of one item commit once.

The requests run concurrently against the app (``asyncio.gather`` through the ASGI client, each on
its own database connection): one answers 200, the rest 404, with one history entry, one push and,
for a document, one deletion of its stored file. Quick-panel edits racing a delete answer 404, never
500. Runs on SQLite and PostgreSQL (``-m db``).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.realtime.sink import EventSink
from app.storage import StoredFileMissing
from schemas.events import Event
from tests.support import Account, uploaded
from tests.test_records import create

pytestmark = pytest.mark.db

RACERS = 10


class CountingSink:
    """The app's own event sink, with a note of every event published through it."""

    def __init__(self, inner: EventSink) -> None:
        self.inner = inner
        self.events: list[Event] = []

    async def publish(self, event: Event, *, room: str) -> None:
        self.events.append(event)
        await self.inner.publish(event, room=room)

    def count(self, **fields: Any) -> int:
        return sum(all(getattr(event, k, None) == v for k, v in fields.items()) for event in self.events)


@pytest.fixture
def pushes(app: Starlette, monkeypatch: pytest.MonkeyPatch) -> Iterator[CountingSink]:
    portal = app.state.portal
    sink = CountingSink(portal.events)
    monkeypatch.setattr(portal, "events", sink)
    yield sink


async def _delete_at_once(client: httpx.AsyncClient, who: Account, path: str) -> list[int]:
    answers = await asyncio.gather(*(client.delete(path, headers=who.headers) for _ in range(RACERS)))
    for answer in answers:
        assert answer.status_code in (200, 404), answer.text
        assert answer.status_code == 200 or answer.json()["message"].startswith("No ")
    return sorted(answer.status_code for answer in answers)


async def _deletes_in_history(client: httpx.AsyncClient, who: Account, resource: str, record_id: int) -> int:
    history = await client.get(f"/{resource}/{record_id}/history", headers=who.headers)
    assert history.status_code == 200, history.text
    return sum(entry["action"] == "delete" for entry in history.json()["items"])


@pytest.mark.parametrize("resource", ["assets", "leads", "documents"])
async def test_simultaneous_record_deletes_commit_once(
    resource: str, staff: dict[str, Account], client: httpx.AsyncClient, pushes: CountingSink
) -> None:
    manager = staff["manager"]
    record = await create(client, manager, resource)
    statuses = await _delete_at_once(client, manager, f"/{resource}/{record['id']}")
    assert statuses == [200] + [404] * (RACERS - 1)
    assert await _deletes_in_history(client, manager, resource, record["id"]) == 1
    assert pushes.count(type="record.deleted", resource=resource, id=record["id"]) == 1
    assert (await client.get(f"/{resource}/{record['id']}", headers=manager.headers)).status_code == 404


async def test_simultaneous_document_deletes_remove_the_stored_file_once(
    app: Starlette,
    staff: dict[str, Account],
    client: httpx.AsyncClient,
    pushes: CountingSink,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    manager = staff["manager"]
    item = await uploaded(client, manager, "race.txt", b"deleted by ten people at once")
    storage = app.state.portal.storage
    deleted: Counter[str] = Counter()
    real_delete = storage.delete

    def counting_delete(key: str) -> None:
        deleted[key] += 1
        real_delete(key)

    monkeypatch.setattr(storage, "delete", counting_delete)
    statuses = await _delete_at_once(client, manager, f"/documents/{item['id']}")
    assert statuses == [200] + [404] * (RACERS - 1)
    assert await _deletes_in_history(client, manager, "documents", item["id"]) == 1
    assert pushes.count(type="record.deleted", resource="documents", id=item["id"]) == 1
    assert deleted and set(deleted.values()) == {1}, deleted  # the file (and thumbnail, if any) once each
    for key in deleted:
        with pytest.raises(StoredFileMissing):
            storage.size(key)


@pytest.mark.parametrize("kind", ["notes", "events"])
async def test_quick_panel_edits_racing_a_delete_are_404_not_500(
    kind: str, staff: dict[str, Account], client: httpx.AsyncClient, pushes: CountingSink
) -> None:
    me = staff["technician"]
    made = await client.post(f"/api/quick-panel/{kind}", headers=me.headers, json={"title": "Call the vendor"})
    assert made.status_code == 201, made.text
    path = f"/api/quick-panel/{kind}/{made.json()['id']}"
    edits = [client.patch(path, headers=me.headers, json={"title": f"edit {n}"}) for n in range(RACERS)]
    deletes = [client.delete(path, headers=me.headers) for _ in range(RACERS)]
    mixed = [call for pair in zip(edits, deletes, strict=True) for call in pair]
    answers = await asyncio.gather(*mixed)
    assert all(a.status_code in (200, 404) for a in answers), [(a.status_code, a.text[:100]) for a in answers]
    assert sorted(a.status_code for a in answers[1::2]) == [200] + [404] * (RACERS - 1)  # the deletes
    assert pushes.count(channel="quick-panel", action="removed", id=made.json()["id"]) == 1
    listed = (await client.get("/api/quick-panel/data", headers=me.headers)).json()[kind]
    assert made.json()["id"] not in [entry["id"] for entry in listed]
