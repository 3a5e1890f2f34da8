"""An opportunity's probability follows its stage unless a person set it by hand (issue 22, item 7)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from schemas.options import STAGE_PROBABILITY, LeadStage
from tests.support import Account

pytestmark = pytest.mark.db


async def _patch(client: httpx.AsyncClient, who: Account, lead: dict[str, Any], **changes: Any) -> dict[str, Any]:
    answer = await client.patch(
        f"/leads/{lead['id']}", json={"id": lead["id"], "version": lead["version"], **changes}, headers=who.headers
    )
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def test_a_stage_sets_its_probability_unless_a_person_chose_one(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    manager = staff["manager"]

    async def open_leads() -> int:
        return int((await client.get("/dashboard/summary", headers=manager.headers)).json()["leads"]["open"])

    before = await open_leads()
    body = {"title": "Crane hire", "clientCompany": "Acme", "department": "Hardware", "stage": "qualified"}
    created = await client.post("/leads", json=body, headers=manager.headers)
    assert created.status_code == 201, created.text
    lead = created.json()
    assert (lead["probability"], lead["probabilityManual"]) == (25, False)  # the stage's, not the model's 10
    # The column came with a plain ALTER TABLE: the leads' counts (and search) triggers are still there.
    assert await open_leads() == before + 1

    lead = await _patch(client, manager, lead, stage="proposal")
    assert (lead["probability"], lead["probabilityManual"]) == (50, False)

    lead = await _patch(client, manager, lead, probability=30)  # by hand
    assert (lead["probability"], lead["probabilityManual"]) == (30, True)
    lead = await _patch(client, manager, lead, stage="negotiation")  # kept: the person chose it
    assert (lead["stage"], lead["probability"], lead["probabilityManual"]) == ("negotiation", 30, True)
    # The UI's "take the stage's default": the default comes with the move, and follows stages again.
    lead = await _patch(client, manager, lead, stage="proposal", probability=50)
    assert (lead["probability"], lead["probabilityManual"]) == (50, False)
    lead = await _patch(client, manager, lead, stage="won", probability=50)  # unchanged value: not a choice
    assert (lead["probability"], lead["probabilityManual"]) == (100, False)

    history = (await client.get(f"/leads/{lead['id']}/history", headers=manager.headers)).json()["items"]
    assert history[0]["changes"] == {"stage": ["proposal", "won"], "probability": [50, 100]}
    assert all("probabilityManual" not in entry["changes"] for entry in history)

    typed = await client.post("/leads", json={**body, "probability": 40}, headers=manager.headers)
    assert (typed.json()["probability"], typed.json()["probabilityManual"]) == (40, True)
    options = (await client.get("/options")).json()["stages"]
    assert {s["value"]: s["probability"] for s in options} == {s.value: p for s, p in STAGE_PROBABILITY.items()}
    assert STAGE_PROBABILITY[LeadStage.PROPOSAL] == 50
