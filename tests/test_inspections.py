"""Inspections through the API: "Inspection done" is one versioned write with its history entry, the
next date comes from the category's interval, only the assigned technician (or a manager) may record
one; My work lists a technician's assets overdue first; admins set the intervals."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from starlette.applications import Starlette

from app.services import inspections
from app.settings import Settings
from schemas.inspections import DEFAULT_INTERVAL_DAYS
from schemas.options import AssetCategory, Role
from tests.support import Account, create_account, sign_in, unique

pytestmark = pytest.mark.db


async def _asset(
    client: httpx.AsyncClient, manager: Account, technician: Account | None, **fields: Any
) -> dict[str, Any]:
    body = {
        "tag": unique("INS-"), "name": "Torque wrench set", "category": "Tooling", "department": "Hardware",
        "assignedTechnicianId": technician.user_id if technician else None, "status": "GREAT", **fields,
    }  # fmt: skip
    created = await client.post("/assets", json=body, headers=manager.headers)
    assert created.status_code == 201, created.text
    return dict(created.json())


async def test_inspection_done_updates_the_asset_and_its_history(
    client: httpx.AsyncClient, staff: dict[str, Account], settings: Settings
) -> None:
    tech = staff["technician"]
    asset = await _asset(client, staff["manager"], tech)
    done = await client.post(
        f"/assets/{asset['id']}/inspections",
        json={"version": asset["version"], "result": "BAD", "note": "Ratchet slips at 40 Nm."},
        headers=tech.headers,
    )
    assert done.status_code == 200, done.text
    updated = done.json()
    today = inspections.today(settings)
    interval = DEFAULT_INTERVAL_DAYS[AssetCategory.TOOLING]
    assert updated["version"] == asset["version"] + 1
    assert updated["status"] == "BAD" and updated["lastInspectionResult"] == "BAD"
    assert updated["lastInspectedOn"] == today.isoformat()
    assert updated["nextInspection"] == (today + timedelta(days=interval)).isoformat()
    assert updated["lastInspectionNote"] == "Ratchet slips at 40 Nm."
    assert updated["updatedBy"]["id"] == tech.user_id
    history = (await client.get(f"/assets/{asset['id']}/history", headers=tech.headers)).json()["items"]
    entry = history[0]
    assert entry["action"] == "update" and entry["actor"]["id"] == tech.user_id
    assert entry["changes"]["lastInspectionNote"] == [None, "Ratchet slips at 40 Nm."]
    assert entry["changes"]["status"] == ["GREAT", "BAD"]
    assert entry["changes"]["nextInspection"][1] == updated["nextInspection"]
    assert len(history) == 2  # the create and this one: one history entry per inspection


async def test_only_the_assigned_technician_or_a_manager_records_one(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    asset = await _asset(client, staff["manager"], staff["technician"])
    body = {"version": asset["version"], "result": "GOOD"}
    for who in ("technician2", "contractor"):
        refused = await client.post(f"/assets/{asset['id']}/inspections", json=body, headers=staff[who].headers)
        assert refused.status_code == 403, (who, refused.text)
    assert (await client.post(f"/assets/{asset['id']}/inspections", json=body)).status_code == 401
    current = (await client.get(f"/assets/{asset['id']}", headers=staff["manager"].headers)).json()
    assert current["version"] == asset["version"] and current["lastInspectedOn"] is None  # nothing written
    by_manager = await client.post(f"/assets/{asset['id']}/inspections", json=body, headers=staff["manager"].headers)
    assert by_manager.status_code == 200
    assert (
        await client.post("/assets/2147483647/inspections", json=body, headers=staff["manager"].headers)
    ).status_code == 404


async def test_bad_inspections_are_refused_and_change_nothing(
    client: httpx.AsyncClient, staff: dict[str, Account], settings: Settings
) -> None:
    tech, manager = staff["technician"], staff["manager"]
    asset = await _asset(client, manager, tech)
    other = await _asset(client, manager, tech)
    today = inspections.today(settings)
    elsewhere = await client.post(
        "/documents", json={"title": "Photo", "department": "Hardware", "assetId": other["id"]}, headers=manager.headers
    )
    assert elsewhere.status_code == 201, elsewhere.text
    url = f"/assets/{asset['id']}/inspections"
    version = asset["version"]
    for body, status in [
        ({"version": version, "result": "GREAT"}, 422),  # GOOD, BAD or POOR
        ({"version": version}, 422),
        ({"version": version, "result": "GOOD", "inspectedOn": (today + timedelta(days=1)).isoformat()}, 422),
        ({"version": version, "result": "GOOD", "inspectedOn": (today - timedelta(days=400)).isoformat()}, 422),
        ({"version": version, "result": "GOOD", "note": "x" * 2001}, 422),
        ({"version": version, "result": "GOOD", "documentId": elsewhere.json()["id"]}, 422),  # not this asset's
        ({"version": version, "result": "GOOD", "documentId": 2147483647}, 422),
        ({"version": version + 5, "result": "GOOD"}, 409),  # someone changed it since
        ({"version": version, "result": "GOOD", "extra": 1}, 422),
    ]:
        answer = await client.post(url, json=body, headers=tech.headers)
        assert answer.status_code == status, (body, answer.text)
    assert (await client.get(f"/assets/{asset['id']}", headers=tech.headers)).json()["version"] == version
    # With its own photo and an earlier date, it is taken.
    photo = await client.post(
        "/documents", json={"title": "Photo", "department": "Hardware", "assetId": asset["id"]}, headers=tech.headers
    )
    earlier = today - timedelta(days=2)
    done = await client.post(
        url,
        json={
            "version": version,
            "result": "POOR",
            "inspectedOn": earlier.isoformat(),
            "documentId": photo.json()["id"],
        },
        headers=tech.headers,
    )
    assert done.status_code == 200, done.text
    assert done.json()["lastInspectionDocumentId"] == photo.json()["id"]
    assert done.json()["nextInspection"] == (earlier + timedelta(days=365)).isoformat()


async def test_my_work_lists_own_assets_overdue_first(
    client: httpx.AsyncClient, staff: dict[str, Account], settings: Settings, app: Starlette
) -> None:
    manager = staff["manager"]
    tech = await sign_in(client, await create_account(app, Role.TECHNICIAN))
    today = inspections.today(settings)
    undated = await _asset(client, manager, tech)
    later = await _asset(client, manager, tech, nextInspection=(today + timedelta(days=30)).isoformat())
    overdue = await _asset(client, manager, tech, nextInspection=(today - timedelta(days=5)).isoformat())
    soon = await _asset(client, manager, tech, nextInspection=(today + timedelta(days=1)).isoformat())
    await _asset(client, manager, staff["technician2"], nextInspection=today.isoformat())  # not theirs
    work = (await client.get("/my-work", headers=tech.headers)).json()
    assert [a["id"] for a in work["items"]] == [overdue["id"], soon["id"], later["id"], undated["id"]]
    assert work["total"] == 4 and work["today"] == today.isoformat()
    assert work["items"][0]["assignedTechnician"]["id"] == tech.user_id


async def test_admins_set_the_interval_per_category(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    listed = (await client.get("/inspection-intervals", headers=staff["technician"].headers)).json()["items"]
    assert {i["category"] for i in listed} == {c.value for c in AssetCategory}
    path = f"/inspection-intervals/{quote('Lifting equipment')}"
    for who in ("manager", "technician", "contractor"):
        assert (await client.put(path, json={"days": 30}, headers=staff[who].headers)).status_code == 403
    admin = staff["admin"].headers
    for days in (0, 3651, "ten"):
        assert (await client.put(path, json={"days": days}, headers=admin)).status_code == 422
    assert (await client.put("/inspection-intervals/Spaceships", json={"days": 30}, headers=admin)).status_code == 404
    changed = (await client.put(path, json={"days": 30}, headers=admin)).json()["items"]
    lifting = next(i for i in changed if i["category"] == "Lifting equipment")
    assert lifting == {"category": "Lifting equipment", "days": 30, "defaultDays": 180, "custom": True}
    asset = await _asset(client, staff["manager"], staff["technician"], category="Lifting equipment")
    done = await client.post(
        f"/assets/{asset['id']}/inspections", json={"version": 1, "result": "GOOD"}, headers=staff["technician"].headers
    )
    inspected = date.fromisoformat(done.json()["lastInspectedOn"])
    assert done.json()["nextInspection"] == (inspected + timedelta(days=30)).isoformat()
    assert (await client.put(path, json={"days": 180}, headers=admin)).status_code == 200
