"""The records API: role x call matrix, lists, validation, versions, history and errors."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col
from starlette.applications import Starlette

from schemas.records import Asset
from tests.support import Account, unique

pytestmark = pytest.mark.db

ROLES = ["admin", "manager", "technician", "contractor"]


ASSET = {
    "name": "Fluke Thermal camera",
    "category": "Instrumentation",
    "department": "Hardware",
    "status": "GOOD",
    "risk": "L",
    "location": "Lab 1",
    "purchaseCost": 1234.5,
    "nextInspection": "2030-01-31",
}
LEAD = {
    "title": "SCADA upgrade for Contoso Rail",
    "clientCompany": "Contoso Rail",
    "contactEmail": "ops@contoso.example",
    "estimatedValue": 120000,
    "stage": "qualified",
    "probability": 25,
    "department": "Software and Firmware",
}


def asset_body(**overrides: Any) -> dict[str, Any]:
    """A valid new asset (a tag of its own), with ``overrides``."""
    return {"tag": unique("T-"), **ASSET, **overrides}


def lead_body(**overrides: Any) -> dict[str, Any]:
    return {**LEAD, **overrides}


def document_body(**overrides: Any) -> dict[str, Any]:
    return {"title": "Inspection report", "department": "Hardware", **overrides}


BODIES = {"assets": asset_body, "leads": lead_body, "documents": document_body}


async def create(client: httpx.AsyncClient, who: Account, resource: str, **overrides: Any) -> dict[str, Any]:
    response = await client.post(f"/{resource}", headers=who.headers, json=BODIES[resource](**overrides))
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


async def patch(
    client: httpx.AsyncClient, who: Account, resource: str, record: dict[str, Any], **body: Any
) -> httpx.Response:
    """PATCH ``record`` of ``resource`` as ``who`` with ``body`` (its id added)."""
    return await client.patch(f"/{resource}/{record['id']}", headers=who.headers, json={"id": record["id"], **body})


# --- role x call matrix ---------------------------------------------------------------------------

CREATE_ALLOWED = {
    "assets": {"admin", "manager"},
    "leads": {"admin", "manager"},
    "documents": {"admin", "manager", "technician"},
}


@pytest.mark.parametrize("resource", ["assets", "documents", "leads"])
@pytest.mark.parametrize("role", ROLES)
async def test_every_role_reads(resource: str, role: str, staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    record = await create(client, staff["manager"], resource)
    listed = await client.get(f"/{resource}", headers=staff[role].headers)
    assert listed.status_code == 200
    one = await client.get(f"/{resource}/{record['id']}", headers=staff[role].headers)
    assert one.status_code == 200 and one.json()["id"] == record["id"]
    history = await client.get(f"/{resource}/{record['id']}/history", headers=staff[role].headers)
    assert history.status_code == 200


@pytest.mark.parametrize("resource", ["assets", "documents", "leads"])
@pytest.mark.parametrize("role", ROLES)
async def test_create_matrix(resource: str, role: str, staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    response = await client.post(f"/{resource}", headers=staff[role].headers, json=BODIES[resource]())
    expected = 201 if role in CREATE_ALLOWED[resource] else 403
    assert response.status_code == expected, response.text
    if expected == 403:
        assert "cannot create" in response.json()["message"]


@pytest.mark.parametrize("resource", ["assets", "documents", "leads"])
@pytest.mark.parametrize("role", ROLES)
async def test_update_matrix_on_records_of_others(
    resource: str, role: str, staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    record = await create(client, staff["manager"], resource)
    response = await patch(client, staff[role], resource, record, version=record["version"], notes="changed")
    assert response.status_code == (200 if role in ("admin", "manager") else 403), response.text


@pytest.mark.parametrize("resource", ["assets", "documents", "leads"])
@pytest.mark.parametrize("role", ROLES)
async def test_delete_matrix(resource: str, role: str, staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    record = await create(client, staff["manager"], resource)
    response = await client.delete(f"/{resource}/{record['id']}", headers=staff[role].headers)
    allowed = role in ("admin", "manager")
    assert response.status_code == (200 if allowed else 403)
    after = await client.get(f"/{resource}/{record['id']}", headers=staff["manager"].headers)
    assert after.status_code == (404 if allowed else 200)


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_calls_need_a_token_and_a_role(method: str, staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    anonymous = await client.request(method, "/assets", json=asset_body())
    assert anonymous.status_code == 401
    no_role = await client.request(method, "/assets", headers=staff["norole"].headers, json=asset_body())
    assert no_role.status_code == 403
    assert "no role" in no_role.json()["message"]


async def test_technician_edits_field_work_on_assets_assigned_to_them(
    staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    tech = staff["technician"]
    mine = await create(client, staff["manager"], "assets", assignedTechnicianId=tech.user_id)
    ok = await patch(client, tech, "assets", mine, version=1, status="BAD", risk="H", notes="Bearing noise")
    assert ok.status_code == 200, ok.text
    assert ok.json()["status"] == "BAD" and ok.json()["version"] == 2
    # Not the fields that belong to managers (assignment, tag, cost...).
    refused = await patch(client, tech, "assets", mine, version=2, assignedTechnicianId=staff["technician2"].user_id)
    assert refused.status_code == 403
    assert "assigned_technician_id" in refused.json()["message"]
    # Not assets assigned to someone else.
    theirs = await create(client, staff["manager"], "assets", assignedTechnicianId=staff["technician2"].user_id)
    other = await patch(client, tech, "assets", theirs, version=1, status="BAD")
    assert other.status_code == 403
    assert other.json()["message"] == "Technicians can only edit assets assigned to them."


async def test_technician_edits_own_documents_only(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    tech = staff["technician"]
    own = await create(client, tech, "documents")
    assert own["uploadedBy"]["id"] == tech.user_id
    ok = await patch(client, tech, "documents", own, version=1, title="Renamed")
    assert ok.status_code == 200
    other = await create(client, staff["technician2"], "documents")
    refused = await patch(client, tech, "documents", other, version=1, title="X")
    assert refused.status_code == 403
    assert (await client.delete(f"/documents/{own['id']}", headers=tech.headers)).status_code == 403


# --- lists ----------------------------------------------------------------------------------------


async def test_list_pagination_sort_filter_and_search(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    manager = staff["manager"]
    marker = unique("zq")
    made = [
        await create(client, manager, "assets", name=f"{marker} unit {word}", status=status, risk="HH")
        for word, status in zip(
            ["alpha", "bravo", "charlie", "delta", "echo"], ["POOR", "GOOD", "POOR", "BAD", "POOR"], strict=True
        )
    ]
    base = {"q": marker}
    everything = (await client.get("/assets", headers=manager.headers, params=base)).json()
    assert everything["total"] == 5 and {i["id"] for i in everything["items"]} == {m["id"] for m in made}

    poor = (await client.get("/assets", headers=manager.headers, params={**base, "status": "POOR"})).json()
    assert poor["total"] == 3 and all(i["status"] == "POOR" for i in poor["items"])
    two = (await client.get("/assets", headers=manager.headers, params={**base, "status": "POOR,BAD"})).json()
    assert two["total"] == 4

    page2 = (
        await client.get(
            "/assets",
            headers=manager.headers,
            params={**base, "perPage": 2, "page": 2, "sort": "name", "order": "desc"},
        )
    ).json()
    assert page2["page"] == 2 and page2["perPage"] == 2 and page2["total"] == 5
    assert [i["name"] for i in page2["items"]] == [f"{marker} unit charlie", f"{marker} unit bravo"]

    words = (await client.get("/assets", headers=manager.headers, params={"q": f"{marker} UNIT DELTA"})).json()
    assert [i["name"] for i in words["items"]] == [f"{marker} unit delta"]
    nothing = (await client.get("/assets", headers=manager.headers, params={"q": f"{marker} absent"})).json()
    assert nothing == {
        "items": [],
        "total": 0,
        "totalIsExact": True,
        "page": 1,
        "perPage": 25,
        "nextCursor": None,
        "prevCursor": None,
    }


async def test_search_treats_wildcards_literally(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    """Search words are words: LIKE's % and _ match nothing by themselves (not every row)."""
    marker = unique("pct")
    await create(client, staff["manager"], "assets", name=f"{marker} 100% duty")
    await create(client, staff["manager"], "assets", name=f"{marker} 1000 duty")
    headers = staff["manager"].headers
    for wildcard in ("%", "_", "%_%"):
        found = (await client.get("/assets", headers=headers, params={"q": wildcard})).json()
        assert found["total"] == 0 and found["items"] == [], wildcard
    found = (await client.get("/assets", headers=headers, params={"q": f"{marker} 100% duty"})).json()
    assert found["total"] == 2  # '100' begins a word of both; the % is punctuation


async def test_sort_by_every_column_either_way(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    for column in ["tag", "name", "status", "risk", "nextInspection", "purchaseCost", "updatedAt", "location"]:
        for order in ("asc", "desc"):
            response = await client.get(
                "/assets", headers=staff["contractor"].headers, params={"sort": column, "order": order, "perPage": 5}
            )
            assert response.status_code == 200, (column, response.text)
    leads = await client.get("/leads", headers=staff["contractor"].headers, params={"sort": "estimatedValue"})
    assert leads.status_code == 200
    values = [i["estimatedValue"] for i in leads.json()["items"]]
    assert values == sorted(values)


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"perPage": "101"}, "perPage"),
        ({"perPage": "0"}, "perPage"),
        ({"page": "-1"}, "page"),
        ({"page": "two"}, "page"),
        ({"sort": "password"}, "sort"),
        ({"order": "sideways"}, "order"),
        ({"status": "SHINY"}, "status"),
        ({"assignedTechnicianId": "me"}, "assignedTechnicianId"),
    ],
)
async def test_bad_list_parameters_are_422(
    params: dict[str, str], field: str, staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    response = await client.get("/assets", headers=staff["contractor"].headers, params=params)
    assert response.status_code == 422
    assert field in response.json()["errors"]


async def test_documents_and_leads_filters(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    manager = staff["manager"]
    won = await create(client, manager, "leads", stage="won", probability=100, title=unique("Won deal "))
    listed = (await client.get("/leads", headers=manager.headers, params={"stage": "won", "q": won["title"]})).json()
    assert [i["id"] for i in listed["items"]] == [won["id"]]
    asset = await create(client, manager, "assets")
    doc = await create(client, manager, "documents", assetId=asset["id"])
    by_asset = (await client.get("/documents", headers=manager.headers, params={"assetId": asset["id"]})).json()
    assert [i["id"] for i in by_asset["items"]] == [doc["id"]]


# --- writes: validation, versions, history --------------------------------------------------------


async def test_create_validation_is_422_with_field_errors(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/assets",
        headers=staff["manager"].headers,
        json={"tag": "", "name": "x", "category": "Spaceship", "department": "Hardware", "status": "MEH", "extra": 1},
    )
    assert response.status_code == 422
    errors = response.json()["errors"]
    assert set(errors) == {"tag", "category", "status", "extra"}
    assert errors["extra"] == "Unknown field."


async def test_validation_messages_are_sentences_with_field_labels(
    staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    asset = await create(client, staff["manager"], "assets")
    response = await patch(
        client, staff["manager"], "assets", asset, version=1, purchaseCost="abc", nextInspection="soon"
    )
    assert response.status_code == 422
    body = response.json()
    assert body["errors"] == {
        "purchaseCost": "Purchase cost must be a number.",
        "nextInspection": "Next inspection must be a date (YYYY-MM-DD).",
    }
    assert "Input should be" not in body["message"] and "purchaseCost" not in body["message"]
    assert "Purchase cost must be a number." in body["message"]


async def test_lost_opportunity_needs_a_reason(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    refused = await client.post("/leads", headers=staff["manager"].headers, json=lead_body(stage="lost"))
    assert refused.status_code == 422
    lead = await create(client, staff["manager"], "leads")
    lost = await patch(client, staff["manager"], "leads", lead, version=1, stage="lost")
    assert lost.status_code == 422
    assert "lost" in lost.json()["message"]
    unchanged = (await client.get(f"/leads/{lead['id']}", headers=staff["manager"].headers)).json()
    assert unchanged["stage"] == "qualified" and unchanged["version"] == 1


async def test_unique_tag_and_references_are_checked(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    first = await create(client, staff["manager"], "assets")
    clash = await client.post("/assets", headers=staff["manager"].headers, json=asset_body(tag=first["tag"]))
    assert clash.status_code == 422 and "tag" in clash.json()["errors"]
    ghost = await client.post("/assets", headers=staff["manager"].headers, json=asset_body(assignedTechnicianId=999999))
    assert ghost.status_code == 422 and "assignedTechnicianId" in ghost.json()["errors"]
    doc = await client.post("/documents", headers=staff["manager"].headers, json=document_body(leadId=999999))
    assert doc.status_code == 422 and "leadId" in doc.json()["errors"]


async def test_asset_tags_are_unique_without_regard_to_case(
    app: Starlette, staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    manager = staff["manager"]
    tag = unique("Case-")
    first = await create(client, manager, "assets", tag=tag)
    for other in (tag.lower(), tag.upper()):
        clash = await client.post("/assets", headers=manager.headers, json=asset_body(tag=other))
        assert clash.status_code == 422, clash.text
        assert clash.json()["errors"]["tag"] == (
            f"'{other}' is already used by another asset ('{tag}'); tags are compared without regard to case."
        )
    second = await create(client, manager, "assets")
    renamed = await patch(client, manager, "assets", second, version=1, tag=tag.upper())
    assert renamed.status_code == 422 and "tag" in renamed.json()["errors"], renamed.text
    # The asset itself may change the case of its own tag.
    recased = await patch(client, manager, "assets", first, version=1, tag=tag.upper())
    assert recased.status_code == 200 and recased.json()["tag"] == tag.upper(), recased.text
    # The database holds the rule too (a race past the check): a unique index on lower(tag).
    async with app.state.portal.db.session() as session:
        with pytest.raises(IntegrityError):
            await session.exec(update(Asset).where(col(Asset.id) == second["id"]).values(tag=tag.lower()))
            await session.commit()


async def test_stale_version_is_409_and_changes_nothing(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    manager = staff["manager"]
    asset = await create(client, manager, "assets")
    first = await patch(client, manager, "assets", asset, version=1, location="Yard")
    assert first.status_code == 200 and first.json()["version"] == 2
    stale = await patch(client, manager, "assets", asset, version=1, location="Lab 2")
    assert stale.status_code == 409
    assert "Someone else changed this asset" in stale.json()["message"]
    assert stale.json()["current"]["location"] == "Yard"
    now = (await client.get(f"/assets/{asset['id']}", headers=manager.headers)).json()
    assert now["location"] == "Yard" and now["version"] == 2


async def test_patch_needs_matching_id_and_a_version(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    manager = staff["manager"]
    asset = await create(client, manager, "assets")
    mismatch = await client.patch(
        f"/assets/{asset['id']}", headers=manager.headers, json={"id": asset["id"] + 1, "version": 1, "name": "x"}
    )
    assert mismatch.status_code == 422 and "id" in mismatch.json()["errors"]
    no_version = await client.patch(f"/assets/{asset['id']}", headers=manager.headers, json={"id": asset["id"]})
    assert no_version.status_code == 422 and "version" in no_version.json()["errors"]


async def test_history_records_who_what_from_and_to(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    manager, admin = staff["manager"], staff["admin"]
    asset = await create(client, manager, "assets", status="GOOD")
    await patch(client, admin, "assets", asset, version=1, status="POOR", risk="HH", name=asset["name"])
    history = (await client.get(f"/assets/{asset['id']}/history", headers=manager.headers)).json()["items"]
    assert [h["action"] for h in history] == ["update", "create"]
    update = history[0]
    assert update["actor"]["id"] == admin.user_id
    assert update["changes"] == {"status": ["GOOD", "POOR"], "risk": ["L", "HH"]}  # unchanged name not listed
    assert history[1]["actor"]["id"] == manager.user_id
    # Deleting keeps the history and adds the deletion.
    await client.delete(f"/assets/{asset['id']}", headers=manager.headers)
    after = (await client.get(f"/assets/{asset['id']}/history", headers=manager.headers)).json()["items"]
    assert after[0]["action"] == "delete"


async def test_a_patch_that_changes_nothing_keeps_the_version(
    staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    asset = await create(client, staff["manager"], "assets")
    same = await patch(client, staff["manager"], "assets", asset, version=1, name=asset["name"])
    assert same.status_code == 200 and same.json()["version"] == 1


@pytest.mark.parametrize("resource", ["assets", "documents", "leads"])
async def test_unknown_ids_are_404(resource: str, staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    headers = staff["manager"].headers
    for response in [
        await client.get(f"/{resource}/987654", headers=headers),
        await client.get(f"/{resource}/not-a-number", headers=headers),
        await client.delete(f"/{resource}/987654", headers=headers),
        await client.patch(f"/{resource}/987654", headers=headers, json={"id": 987654, "version": 1}),
        await client.get(f"/{resource}/987654/history", headers=headers),
    ]:
        assert response.status_code == 404
        assert response.json()["message"]


async def test_bodies_that_are_not_objects_or_too_large(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    headers = staff["manager"].headers
    assert (await client.post("/assets", headers=headers, json=[1, 2])).status_code == 422
    assert (await client.post("/assets", headers=headers, content=b"")).status_code == 422
    huge = {"notes": "x" * 1_100_000, **asset_body()}
    assert (await client.post("/assets", headers=headers, json=huge)).status_code == 413


async def test_options_lists(client: httpx.AsyncClient) -> None:
    options = (await client.get("/options")).json()
    assert options["statuses"] == [
        {"value": "GREAT", "label": "Great", "color": "white"},
        {"value": "GOOD", "label": "Good", "color": "green"},
        {"value": "BAD", "label": "Bad", "color": "orange"},
        {"value": "POOR", "label": "Poor", "color": "darkred"},
    ]
    assert [r["value"] for r in options["risks"]] == ["LL", "L", "H", "HH"]
    assert [d["value"] for d in options["departments"]] == ["Software and Firmware", "Hardware"]
    assert [s["value"] for s in options["stages"]] == ["new", "qualified", "proposal", "negotiation", "won", "lost"]


async def test_unknown_routes_and_methods_answer_json(client: httpx.AsyncClient) -> None:
    missing = await client.get("/nope")
    assert missing.status_code == 404 and missing.json() == {"message": "Not found."}
    wrong = await client.put("/assets")
    assert wrong.status_code == 405 and wrong.json()["message"] == "Method not allowed."


async def test_cors_allows_only_the_configured_ui_origin(client: httpx.AsyncClient) -> None:
    preflight = {"Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization"}
    good = await client.options("/assets", headers={"Origin": "http://ui.test", **preflight})
    assert good.status_code == 200
    assert good.headers["access-control-allow-origin"] == "http://ui.test"
    evil = await client.options("/assets", headers={"Origin": "http://evil.example", **preflight})
    assert evil.status_code == 400
    assert "access-control-allow-origin" not in evil.headers
