"""The dashboard figures and the staff directory."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import httpx
import pytest

from tests.support import Account, unique

pytestmark = pytest.mark.db


def _pick(rows: list[dict[str, Any]], key: str, value: str) -> dict[str, Any]:
    return next(row for row in rows if row[key] == value)


async def test_summary_follows_changes(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    manager = staff["manager"]

    async def summary() -> dict[str, Any]:
        response = await client.get("/dashboard/summary", headers=staff["contractor"].headers)
        assert response.status_code == 200
        body: dict[str, Any] = response.json()
        return body

    before = await summary()
    overdue = (date.today() - timedelta(days=3)).isoformat()
    asset = {"tag": unique("D-"), "name": "Hoist", "category": "Lifting equipment", "department": "Hardware"}
    created = await client.post(
        "/assets", headers=manager.headers, json={**asset, "status": "POOR", "risk": "HH", "nextInspection": overdue}
    )
    assert created.status_code == 201
    lead = {"title": "Telemetry", "clientCompany": "Coho", "department": "Hardware", "stage": "proposal"}
    made = await client.post(
        "/leads", headers=manager.headers, json={**lead, "estimatedValue": 200000, "probability": 50}
    )
    assert made.status_code == 201
    after = await summary()

    assert after["assets"]["total"] == before["assets"]["total"] + 1
    for group, key, value in [("byStatus", "value", "POOR"), ("byRisk", "value", "HH")]:
        assert (
            _pick(after["assets"][group], key, value)["count"]
            == _pick(before["assets"][group], key, value)["count"] + 1
        )
    assert after["assets"]["inspectionOverdue"] == before["assets"]["inspectionOverdue"] + 1
    proposal_before = _pick(before["leads"]["byStage"], "stage", "proposal")
    proposal_after = _pick(after["leads"]["byStage"], "stage", "proposal")
    assert proposal_after["count"] == proposal_before["count"] + 1
    assert proposal_after["total"] == pytest.approx(proposal_before["total"] + 200000)
    assert proposal_after["weighted"] == pytest.approx(proposal_before["weighted"] + 100000)
    assert after["leads"]["open"] == before["leads"]["open"] + 1
    assert after["leads"]["weightedValue"] == pytest.approx(before["leads"]["weightedValue"] + 100000)
    newest = after["recent"][0]
    assert newest["resource"] == "leads" and newest["recordId"] == made.json()["id"] and newest["action"] == "create"
    assert newest["title"] == "Telemetry"
    due = {row["id"]: row for row in after["assets"]["inspections"]}
    first_due = after["assets"]["inspections"][0]
    assert first_due["overdue"] and first_due["nextInspection"] <= overdue  # soonest first
    assert created.json()["id"] in due or len(due) == 10
    assert newest["actor"]["id"] == manager.user_id
    assert [row["value"] for row in after["documents"]["byState"]] == ["queued", "processing", "ready", "failed"]


async def test_summary_needs_a_staff_role(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    assert (await client.get("/dashboard/summary")).status_code == 401
    assert (await client.get("/dashboard/summary", headers=staff["norole"].headers)).status_code == 403


async def test_staff_directory(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    everyone = (await client.get("/users", headers=staff["contractor"].headers)).json()["items"]
    ids = {row["id"] for row in everyone}
    assert {staff[k].user_id for k in ("admin", "manager", "technician", "contractor")} <= ids
    assert staff["norole"].user_id not in ids
    technicians = (await client.get("/users", headers=staff["manager"].headers, params={"role": "technician"})).json()
    assert {row["role"] for row in technicians["items"]} == {"technician"}
    assert staff["technician"].user_id in {row["id"] for row in technicians["items"]}
    bad = await client.get("/users", headers=staff["manager"].headers, params={"role": "wizard"})
    assert bad.status_code == 422


async def test_recent_activity_names_deleted_records_too(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    manager = staff["manager"]
    tag = unique("GONE-")
    body = {"tag": tag, "name": "Scrapped welder", "category": "Tooling", "department": "Hardware"}
    asset = (await client.post("/assets", headers=manager.headers, json=body)).json()
    await client.delete(f"/assets/{asset['id']}", headers=manager.headers)
    recent = (await client.get("/dashboard/summary", headers=manager.headers)).json()["recent"]
    assert recent[0]["action"] == "delete" and recent[0]["title"] == f"{tag} Scrapped welder"
    assert recent[1]["action"] == "create" and recent[1]["title"] == f"{tag} Scrapped welder"
