"""Stored poison (issue 15, item 8): a stored JSON document must never make later reads fail.

A contractor's 1.5 KB note with an extra field nested 253 levels made ``GET /api/notes-app/notes``
a 500 for everyone; ``PATCH /me`` with settings 254 levels deep answered 500 but committed, after
which ``GET /me`` (the UI's start-up call) failed for that user; a 900 KB note was stored and sent
to every staff member. Each is refused now, and the reads stay 200. Runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.errors import ApiError
from app.http import MAX_BODY_DEPTH
from app.stored_json import MAX_DEPTH, check_stored, depth_exceeds
from tests.samples.test_notes import new_note, stored
from tests.support import Account, load_sample_area

pytestmark = pytest.mark.db

NOTES = "/api/notes-app"


def nested(levels: int) -> Any:
    """A value ``levels`` objects deep (built without recursion, as an attacker's body would be)."""
    value: Any = "x"
    for _ in range(levels):
        value = {"a": value}
    return value


@pytest.fixture(autouse=True)
async def fresh_notes(app: Starlette) -> None:
    await load_sample_area(app, "notes")


async def _notes_still_answer(client: httpx.AsyncClient, who: Account) -> list[dict[str, Any]]:
    listed = await client.get(f"{NOTES}/notes", headers=who.headers)
    assert listed.status_code == 200, listed.text
    notes: list[dict[str, Any]] = listed.json()
    return notes


def test_depth_is_measured_without_recursion() -> None:
    assert not depth_exceeds(nested(MAX_DEPTH - 1), MAX_DEPTH)  # the string leaf adds no level
    assert depth_exceeds(nested(MAX_DEPTH + 1), MAX_DEPTH)
    assert depth_exceeds([[[]]], 2) and not depth_exceeds([[[]]], 3)
    assert depth_exceeds(nested(100_000), MAX_DEPTH)  # far beyond Python's recursion limit
    with pytest.raises(ApiError, match="nested more than 32 levels") as deep:
        check_stored(nested(40), what="this", max_bytes=10_000)
    assert deep.value.status == 422
    with pytest.raises(ApiError, match="over the limit of 10 KB") as large:
        check_stored({"a": "x" * 20_000}, what="this", max_bytes=10_000)
    assert large.value.status == 422


async def test_a_deeply_nested_note_is_refused_and_the_notes_still_answer(
    app: Starlette, staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    contractor, manager = staff["contractor"], staff["manager"]
    before = await stored(app)
    poison = new_note(title="deep", extra=nested(253))
    answer = await client.post(f"{NOTES}/create-note", headers=contractor.headers, json={"note": poison})
    assert answer.status_code == 422, answer.text
    assert answer.json()["message"] == f"The body is nested too deeply (at most {MAX_BODY_DEPTH} levels)."
    assert await stored(app) == before
    assert await _notes_still_answer(client, manager) == before
    # Within the body limit, an unknown field is dropped: what is stored is only the note's own fields.
    kept = await client.post(
        f"{NOTES}/create-note", headers=contractor.headers, json={"note": new_note(extra=nested(MAX_BODY_DEPTH - 3))}
    )
    assert kept.status_code == 200, kept.text
    assert "extra" not in kept.json() and "extra" not in (await stored(app))[0]
    assert (await _notes_still_answer(client, manager))[0]["id"] == kept.json()["id"]


async def test_a_900_kb_note_is_refused_and_nothing_is_stored(
    app: Starlette, staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    contractor = staff["contractor"]
    before = await stored(app)
    for note in [
        new_note(description="x" * 900_000),
        new_note(image="data:image/jpeg;base64," + "A" * 900_000),
        new_note(checklist=[{"id": n, "checked": False, "text": "y" * 9_000} for n in range(100)]),
    ]:
        answer = await client.post(f"{NOTES}/create-note", headers=contractor.headers, json={"note": note})
        assert answer.status_code == 422, answer.text[:300]
        assert answer.json()["message"]
    target = before[0]
    grown = {**target, "checklist": [{"id": n, "checked": False, "text": "y" * 9_000} for n in range(100)]}
    updated = await client.post(f"{NOTES}/update-note", headers=contractor.headers, json={"note": grown})
    assert updated.status_code == 422, updated.text[:300]
    assert updated.json()["message"].startswith("Cannot store this note: it is 8"), updated.text[:300]
    assert await stored(app) == before
    assert await _notes_still_answer(client, contractor) == before


async def test_deep_settings_are_refused_and_me_still_answers(
    staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    me = staff["technician"]
    saved = await client.patch("/me", headers=me.headers, json={"settings": {"theme": {"main": "dark"}}})
    assert saved.status_code == 200, saved.text
    for depth, message in [(254, "The body is nested too deeply"), (40, "Cannot store your settings")]:
        answer = await client.patch("/me", headers=me.headers, json={"settings": nested(depth)})
        assert answer.status_code == 422, answer.text[:300]
        assert answer.json()["message"].startswith(message), answer.text[:300]
        start = await client.get("/me", headers=me.headers)
        assert start.status_code == 200, start.text
        assert start.json()["settings"] == {"theme": {"main": "dark"}}
    large = await client.patch("/me", headers=me.headers, json={"settings": {"notes": "z" * 40_000}})
    assert large.status_code == 422 and "over the limit of 31 KB" in large.text, large.text[:300]
    assert (await client.get("/me", headers=me.headers)).json()["settings"] == {"theme": {"main": "dark"}}


async def test_an_answer_that_cannot_be_built_leaves_nothing_committed(
    app: Starlette, staff: dict[str, Account], client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever else might break the answer, the write is committed only after it is built."""
    me = staff["admin"]
    before_settings = (await client.get("/me", headers=me.headers)).json()["settings"]
    before_notes = await stored(app)

    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError("the answer could not be written")

    import app.routes.endpoint as endpoint_wrapper  # builds the answers of /me and the sample areas

    monkeypatch.setattr(endpoint_wrapper, "json_response", broken)
    failed = await client.patch("/me", headers=me.headers, json={"settings": {"animations": False}})
    assert failed.status_code == 500
    created = await client.post(f"{NOTES}/create-note", headers=me.headers, json={"note": new_note(title="lost")})
    assert created.status_code == 500
    monkeypatch.undo()
    assert (await client.get("/me", headers=me.headers)).json()["settings"] == before_settings
    assert await stored(app) == before_notes
