"""Lists at real volumes (issue 17), on SQLite and PostgreSQL: keyset cursors that neither skip nor
repeat a row while rows are added between page loads, totals beyond the cap, tampered cursors, and
full-text search kept by the database itself (rows written with plain SQL are found at once)."""

from __future__ import annotations

import base64
import json
import random
from datetime import date, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from starlette.applications import Starlette

from app.services.listing import SEARCH_TOTAL_CAP, TOTAL_CAP
from schemas.options import Role
from tests.support import Account, create_account, sign_in, unique

pytestmark = pytest.mark.db

NOW = "2026-01-01 00:00:00.000000"  # how SQLAlchemy writes a UTC time on SQLite (PostgreSQL reads it as UTC)


async def sql(app: Starlette, statement: str, rows: list[dict[str, Any]] | dict[str, Any] | None = None) -> Any:
    """Plain SQL on the app's database, committed: the way a restore, a script or another tool writes."""
    async with app.state.portal.db.session() as session:
        result = await (await session.connection()).execute(text(statement), rows or {})
        await session.commit()
        return result


def asset_row(tag: str, **values: Any) -> dict[str, Any]:
    row = {
        "tag": tag,
        "name": f"Unit {tag}",
        "category": "Tooling",
        "serial_number": None,
        "department": "Hardware",
        "status": "GOOD",
        "risk": "L",
        "location": None,
        "assigned_technician_id": None,
        "next_inspection": None,
        "notes": None,
        "version": 1,
        "created_at": NOW,
        "updated_at": NOW,
    }
    row.update(values)
    return row


INSERT_ASSET = (
    "INSERT INTO assets (tag, name, category, serial_number, department, status, risk, location, "
    "assigned_technician_id, next_inspection, notes, version, created_at, updated_at) VALUES "
    "(:tag, :name, :category, :serial_number, :department, :status, :risk, :location, :assigned_technician_id, "
    ":next_inspection, :notes, :version, :created_at, :updated_at)"
)


@pytest.fixture
async def owner(app: Starlette, client: httpx.AsyncClient) -> Account:
    """A technician of the test's own: filtering on them isolates the test's rows."""
    return await sign_in(client, await create_account(app, Role.TECHNICIAN))


async def pages(
    client: httpx.AsyncClient, who: Account, params: dict[str, Any], between: Any = None, back: bool = False
) -> list[int]:
    """Every id of a list walked with cursors (forwards, or backwards from the last page)."""

    async def page(cursor: str | None = None) -> Any:
        return (
            await client.get("/assets", headers=who.headers, params={**params, "cursor": cursor} if cursor else params)
        ).json()

    answer = await page()
    if back:
        while answer["nextCursor"]:
            answer = await page(answer["nextCursor"])
        seen = [i["id"] for i in answer["items"]]
        while answer["prevCursor"]:
            if between:
                await between()
            answer = await page(answer["prevCursor"])
            seen = [i["id"] for i in answer["items"]] + seen
        return seen
    seen = [i["id"] for i in answer["items"]]
    while answer["nextCursor"]:
        if between:
            await between()
        answer = await page(answer["nextCursor"])
        assert answer["page"] is None
        seen += [i["id"] for i in answer["items"]]
    return seen


SORTS = [
    "tag",
    "name",
    "status",
    "location",
    "nextInspection",
    "purchaseCost",
    "updatedAt",
    "assignedTechnicianId",
    "id",
]


@pytest.mark.parametrize("sort", SORTS)
@pytest.mark.parametrize("order", ["asc", "desc"])
async def test_cursors_neither_skip_nor_repeat_while_rows_are_added(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account], owner: Account, sort: str, order: str
) -> None:
    rng = random.Random(f"{sort}{order}")
    marker = unique("cur")
    tech = owner.user_id
    rows = [
        asset_row(
            f"{marker}-{n:02d}",
            name=rng.choice(["Crane", "Pump", "Hoist", None]) or "Drill",  # ties on purpose
            status=rng.choice(["GOOD", "BAD"]),
            location=rng.choice(["Bay 1", "Bay 2", None]),  # nulls, and their place in the order
            next_inspection=rng.choice([None, "2030-01-01", "2030-06-30"]),
            assigned_technician_id=tech,
            notes=marker,
        )
        for n in range(23)
    ]
    await sql(app, INSERT_ASSET, rows)
    await sql(app, "UPDATE assets SET purchase_cost = id % 3 WHERE notes = :m AND id % 2 = 0", {"m": marker})
    params = {"assignedTechnicianId": tech, "sort": sort, "order": order, "perPage": 4, "q": ""}
    before = (
        await client.get("/assets", headers=staff["contractor"].headers, params={**params, "perPage": 100})
    ).json()
    expected = [i["id"] for i in before["items"]]
    assert len(set(expected)) == len(expected) >= 23
    present = [i.get(sort, "") is not None for i in before["items"]]
    assert present == sorted(present, reverse=True), f"empty values come last ({sort} {order})"

    added: list[int] = []

    async def add_one() -> None:  # a row lands somewhere in the order between two page loads
        tag = f"{marker}-x{len(added)}"
        await sql(
            app,
            INSERT_ASSET,
            asset_row(tag, assigned_technician_id=tech, location=rng.choice([None, "Bay 0", "Bay 9"])),
        )
        added.append(len(added))

    for back in (False, True):
        seen = await pages(client, staff["contractor"], params, between=add_one, back=back)
        assert len(seen) == len(set(seen)), f"a row was repeated ({sort} {order}, back={back})"
        missing = set(expected) - set(seen)
        assert not missing, f"rows were skipped ({sort} {order}, back={back}): {missing}"
        order_now = [i for i in seen if i in set(expected)]
        assert order_now == expected, "the rows that were there from the start keep their order"
    # the walk with page= gives the same order as with cursors (when nothing changes in between)
    after = [
        i["id"]
        for i in (
            await client.get("/assets", headers=staff["contractor"].headers, params={**params, "perPage": 100})
        ).json()["items"]
    ]
    by_page: list[int] = []
    for page in range(1, 100):
        items = (
            await client.get("/assets", headers=staff["contractor"].headers, params={**params, "page": page})
        ).json()["items"]
        if not items:
            break
        by_page += [i["id"] for i in items]
    assert by_page == after


def _tamper(cursor: str, change: Any) -> str:
    body = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    change(body)
    return base64.urlsafe_b64encode(json.dumps(body).encode()).decode().rstrip("=")


async def test_tampered_cursors_are_refused_with_422(
    client: httpx.AsyncClient, staff: dict[str, Account], owner: Account
) -> None:
    who = staff["contractor"]
    params = {"sort": "nextInspection", "perPage": 2}
    good = (await client.get("/assets", headers=who.headers, params=params)).json()["nextCursor"]
    assert good
    bad = [
        "not-a-cursor",
        "%%%%",
        "A" * 5000,
        base64.urlsafe_b64encode(b"[1, 2]").decode(),
        _tamper(good, lambda b: b.update(q="0" * 16)),  # another query's cursor
        _tamper(good, lambda b: b.update(k=["not a date", 1])),
        _tamper(good, lambda b: b.update(k=["2030-01-01", "1 OR 1=1"])),
        _tamper(good, lambda b: b.update(k=["2030-01-01", None])),
        _tamper(good, lambda b: b.update(k=[1, 2, 3])),
        _tamper(good, lambda b: b.update(d="sideways")),
        _tamper(good, lambda b: b.update(extra=True)),
    ]
    for cursor in bad:
        response = await client.get("/assets", headers=who.headers, params={**params, "cursor": cursor})
        assert response.status_code == 422, (cursor, response.text)
        assert "cursor" in response.json().get("errors", {})
    other = await client.get("/assets", headers=who.headers, params={"sort": "name", "perPage": 2, "cursor": good})
    assert other.status_code == 422  # a cursor of another sort
    both = await client.get("/assets", headers=who.headers, params={**params, "cursor": good, "page": 3})
    assert both.status_code == 422
    relevance = (await client.get("/assets", headers=who.headers, params={"q": "unit", "perPage": 1})).json()
    if relevance["nextCursor"]:
        forged = _tamper(relevance["nextCursor"], lambda b: b.update(k=[99, 1]))
        assert (
            await client.get("/assets", headers=who.headers, params={"q": "unit", "perPage": 1, "cursor": forged})
        ).status_code == 422


async def test_totals_are_exact_to_the_cap_and_say_so_beyond(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    tech = (await create_account(app, Role.TECHNICIAN)).user_id
    marker = unique("cap")
    rows = [asset_row(f"{marker}-{n:05d}", assigned_technician_id=tech, status="POOR") for n in range(TOTAL_CAP + 5)]
    for start in range(0, len(rows), 2000):
        await sql(app, INSERT_ASSET, rows[start : start + 2000])
    who = staff["contractor"].headers
    capped = (await client.get("/assets", headers=who, params={"assignedTechnicianId": tech, "perPage": 1})).json()
    assert capped["total"] == TOTAL_CAP and capped["totalIsExact"] is False
    assert len(capped["items"]) == 1 and capped["nextCursor"]
    # no filter, or one counted field: the database's counts make the total exact at any size
    everything = (await client.get("/assets", headers=who, params={"perPage": 1})).json()
    actual = (await sql(app, "SELECT count(*) FROM assets")).scalar_one()
    assert everything == {**everything, "total": actual, "totalIsExact": True}
    poor = (await client.get("/assets", headers=who, params={"status": "POOR", "perPage": 1})).json()
    assert poor["total"] == (await sql(app, "SELECT count(*) FROM assets WHERE status = 'POOR'")).scalar_one()
    assert poor["totalIsExact"] is True
    searched = (await client.get("/assets", headers=who, params={"q": marker, "perPage": 5})).json()
    assert searched["total"] == SEARCH_TOTAL_CAP and searched["totalIsExact"] is False
    # below the cap the count is exact
    few = (await client.get("/assets", headers=who, params={"q": f"{marker}-00012", "perPage": 5})).json()
    assert few["totalIsExact"] is True and few["items"][0]["tag"] == f"{marker}-00012"
    await sql(app, "DELETE FROM assets WHERE assigned_technician_id = :t", {"t": tech})


async def test_search_finds_rows_written_with_plain_sql(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    who = staff["contractor"].headers
    word = unique("kowari")
    await sql(app, INSERT_ASSET, asset_row(f"SQL-{word}", name=f"Gantry {word} crane", serial_number="SN-77Q123X"))
    await sql(
        app,
        "INSERT INTO leads (title, client_company, estimated_value, stage, probability, risk, department, version, "
        "created_at, updated_at) VALUES (:t, 'Quokka Rail', 10, 'new', 10, 'L', 'Hardware', 1, :n, :n)",
        {"t": f"Signalling {word}", "n": NOW},
    )
    await sql(
        app,
        "INSERT INTO documents (title, department, state, progress, version, created_at, updated_at, text) "
        "VALUES ('Site survey', 'Hardware', 'ready', '{}', 1, :n, :n, :t)",
        {"n": NOW, "t": "Page one.\n" + "filler words " * 500 + f"The {word} was inspected <b>twice</b>."},
    )
    for resource in ("assets", "leads", "documents"):
        found = (await client.get(f"/{resource}", headers=who, params={"q": word})).json()
        assert found["total"] == 1, (resource, found)
    # parts of a serial number (pg_trgm / FTS5 trigram), and a word's beginning
    assert (await client.get("/assets", headers=who, params={"q": "77Q12"})).json()["total"] >= 1
    assert (await client.get("/assets", headers=who, params={"q": f"gantry {word[:-2]}"})).json()["total"] == 1
    # the document's answer has a snippet of where the word is, as text segments (never HTML)
    doc = (await client.get("/documents", headers=who, params={"q": word})).json()["items"][0]
    snippet = doc["snippet"]
    assert any(part["match"] and part["text"].lower() == word.lower() for part in snippet)
    # plain text parts for the UI to render as text (PostgreSQL's ts_headline drops markup, FTS5 keeps it as text)
    assert all(set(part) == {"text", "match"} and isinstance(part["text"], str) for part in snippet)
    assert "twice" in "".join(part["text"] for part in snippet)
    # updates and deletes through plain SQL are followed too
    await sql(app, "UPDATE leads SET title = 'Renamed' WHERE title = :t", {"t": f"Signalling {word}"})
    assert (await client.get("/leads", headers=who, params={"q": word})).json()["total"] == 0
    await sql(app, "DELETE FROM assets WHERE tag = :t", {"t": f"SQL-{word}"})
    assert (await client.get("/assets", headers=who, params={"q": word})).json()["total"] == 0


async def test_relevance_puts_identifiers_and_titles_first(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    who = staff["contractor"].headers
    word = unique("bettong")
    tag = f"{word}-1".upper()
    await sql(
        app,
        INSERT_ASSET,
        [
            asset_row(unique("N-"), name="Pump", notes=f"see {word} manual"),  # rest, oldest
            asset_row(tag, name="Press"),  # the tag itself
            asset_row(f"X-{word}", name=f"{word} hoist"),  # head
            asset_row(unique("N-"), name="Drill", location=f"{word} yard"),  # rest, newest
        ],
    )
    items = (await client.get("/assets", headers=who, params={"q": tag})).json()["items"]
    assert items[0]["tag"] == tag
    ranked = (await client.get("/assets", headers=who, params={"q": word, "perPage": 2})).json()
    names = [i["name"] for i in ranked["items"]]
    nxt = (
        await client.get("/assets", headers=who, params={"q": word, "perPage": 2, "cursor": ranked["nextCursor"]})
    ).json()
    names += [i["name"] for i in nxt["items"]]
    # tags and names (head) before location and notes (rest); newest first within each
    assert names[:2] == [f"{word} hoist", "Press"] or names[:2] == ["Press", f"{word} hoist"]
    assert names[2:] == ["Drill", "Pump"]
    back = (
        await client.get("/assets", headers=who, params={"q": word, "perPage": 2, "cursor": nxt["prevCursor"]})
    ).json()
    assert [i["name"] for i in back["items"]] == names[:2]


async def test_document_text_pages_and_matches(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    who = staff["contractor"].headers
    word = unique("dunnart")
    body = ("lorem ipsum " * 900) + f"{word.upper()} here. " + ("dolor sit " * 900) + f"last {word}s."
    await sql(
        app,
        "INSERT INTO documents (title, department, state, progress, version, created_at, updated_at, text) "
        "VALUES (:title, 'Hardware', 'ready', '{}', 1, :n, :n, :t)",
        {"title": word, "n": NOW, "t": body},
    )
    doc_id = (await client.get("/documents", headers=who, params={"q": word})).json()["items"][0]["id"]
    first = (await client.get(f"/documents/{doc_id}/text", headers=who, params={"limit": 5000, "q": word})).json()
    assert first["length"] == len(body) and first["offset"] == 0 and first["nextOffset"] and first["prevOffset"] is None
    assert first["matchCount"] == 2 and len(first["matches"]) == 2
    assert "".join(p["text"] for p in first["segments"]) == body[: first["end"]]
    at = first["matches"][0]
    page = (
        await client.get(
            f"/documents/{doc_id}/text", headers=who, params={"offset": at - 100, "limit": 1000, "q": word}
        )
    ).json()
    marked = [p["text"] for p in page["segments"] if p["match"]]
    assert marked == [word.upper()]
    whole = []
    offset: int | None = 0
    while offset is not None:
        part = (
            await client.get(f"/documents/{doc_id}/text", headers=who, params={"offset": offset, "limit": 7000})
        ).json()
        whole.append("".join(p["text"] for p in part["segments"]))
        offset = part["nextOffset"]
    assert "".join(whole) == body  # pages end between words and lose nothing
    for bad in ({"limit": "1000000"}, {"offset": "-1"}, {"q": "x" * 201}):
        assert (await client.get(f"/documents/{doc_id}/text", headers=who, params=bad)).status_code == 422
    assert (await client.get("/documents/999999999/text", headers=who)).status_code == 404
    assert (await client.get(f"/documents/{doc_id}/text")).status_code == 401


async def test_global_search_groups(app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    who = staff["contractor"].headers
    word = unique("quoll")
    await sql(
        app, INSERT_ASSET, [asset_row(f"GS-{word}-{n}", name=f"{word} winch {n}", location="Yard") for n in range(12)]
    )
    await sql(
        app,
        "INSERT INTO documents (title, department, state, progress, version, created_at, updated_at, text) "
        "VALUES ('Winch manual', 'Hardware', 'ready', '{}', 1, :n, :n, :t)",
        {"n": NOW, "t": f"Grease the {word} drum weekly."},
    )
    answer = (await client.get("/search", headers=who, params={"q": word})).json()
    groups = {g["resource"]: g for g in answer["groups"]}
    assert set(groups) == {"assets", "documents"}
    assets = groups["assets"]
    assert len(assets["items"]) == 10 and assets["total"] == 12 and assets["more"]
    first = assets["items"][0]
    assert first["kind"] == "asset" and first["link"] == f"/assets/{first['id']}" and word in first["title"]
    assert "Yard" in first["context"]
    doc = groups["documents"]["items"][0]
    assert doc["kind"] == "document" and any(p["match"] for p in doc["snippet"])
    assert (await client.get("/search", headers=who, params={"q": ""})).json() == {"q": "", "groups": []}
    assert (await client.get("/search", headers=who, params={"q": "x" * 201})).status_code == 422
    assert (await client.get("/search", headers=staff["norole"].headers, params={"q": word})).status_code == 403


async def test_dashboard_counts_follow_plain_sql(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    who = staff["contractor"].headers

    async def summary() -> dict[str, Any]:
        body: dict[str, Any] = (await client.get("/dashboard/summary", headers=who)).json()
        return body

    before = await summary()
    marker = unique("dash")
    today = date.today()
    await sql(
        app,
        INSERT_ASSET,
        [
            asset_row(f"{marker}-1", status="BAD", next_inspection=(today - timedelta(days=2)).isoformat()),
            asset_row(f"{marker}-2", status="BAD", next_inspection=(today + timedelta(days=5)).isoformat()),
        ],
    )
    await sql(app, "UPDATE assets SET status = 'GREAT' WHERE tag = :t", {"t": f"{marker}-2"})
    after = await summary()
    status = {row["value"]: row["count"] for row in after["assets"]["byStatus"]}
    before_status = {row["value"]: row["count"] for row in before["assets"]["byStatus"]}
    assert status["BAD"] == before_status["BAD"] + 1 and status["GREAT"] == before_status["GREAT"] + 1
    assert after["assets"]["total"] == before["assets"]["total"] + 2
    assert after["assets"]["inspectionOverdue"] == before["assets"]["inspectionOverdue"] + 1
    assert after["assets"]["inspectionDueSoon"] == before["assets"]["inspectionDueSoon"] + 1
    # and the counts equal a real count of the table
    actual = dict((await sql(app, "SELECT status, count(*) FROM assets GROUP BY status")).all())
    assert {k: v for k, v in status.items() if v} == actual
    await sql(app, "DELETE FROM assets WHERE tag LIKE :t", {"t": f"{marker}-%"})
    assert (await summary())["assets"]["total"] == before["assets"]["total"]


async def test_counts_fold_into_one_row_per_value(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    """PostgreSQL appends a delta row per statement; a reader folds them once they pile up."""
    from app.services import counts

    marker = unique("fold")
    for n in range(counts.FOLD_AT // 2 + 10):  # each statement adds a delta row for status and for risk
        await sql(app, INSERT_ASSET, asset_row(f"{marker}-{n}", status="POOR"))
    pieces = (await sql(app, "SELECT count(*) FROM record_counts WHERE resource = 'assets'")).scalar_one()
    figures = (await client.get("/dashboard/summary", headers=staff["contractor"].headers)).json()
    after = (await sql(app, "SELECT count(*) FROM record_counts WHERE resource = 'assets'")).scalar_one()
    assert after <= pieces
    poor = next(r["count"] for r in figures["assets"]["byStatus"] if r["value"] == "POOR")
    assert poor == (await sql(app, "SELECT count(*) FROM assets WHERE status = 'POOR'")).scalar_one()
    await sql(app, "DELETE FROM assets WHERE tag LIKE :t", {"t": f"{marker}-%"})
