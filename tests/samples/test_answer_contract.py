"""The answer contract (tests/contract.py): every /api/* answer the tests receive is validated against
the model its route declares, so a handler that answers another shape fails the test that called it."""

from __future__ import annotations

import httpx
import pytest
from starlette.applications import Starlette

from tests.contract import AnswerContract
from tests.support import Account

pytestmark = pytest.mark.db

AREA = "calendar"
EVENTS = "http://api.test/api/calendar-app/events"


async def test_real_answers_are_checked(app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    contract = app.state.answer_contract
    before = contract.checked
    answer = await client.get(EVENTS, headers=staff["technician"].headers)
    assert answer.status_code == 200 and answer.json()
    refused = await client.post(f"{EVENTS[:-7]}/add-event", headers=staff["technician"].headers, json={})
    assert refused.status_code == 422
    assert contract.checked == before + 2  # the list, and the refusal in the {message, errors} shape


async def test_an_answer_of_another_shape_fails(app: Starlette) -> None:
    contract = AnswerContract(app)
    request = httpx.Request("GET", EVENTS)
    good = [{"id": "e1", "title": "Commissioning", "allDay": False, "start": "2026-11-24T09:00:00Z", "end": "x"}]
    await contract(httpx.Response(200, json=good, request=request))
    with pytest.raises(AssertionError, match=r"declared answer model does not describe .*'0/title'"):
        await contract(httpx.Response(200, json=[{**good[0], "title": 7}], request=request))
    with pytest.raises(AssertionError, match="is not of type 'array'"):
        await contract(httpx.Response(200, json={"events": good}, request=request))
    # A refusal without its message is not the documented error shape.
    with pytest.raises(AssertionError, match="'message' is a required property"):
        await contract(httpx.Response(422, json={"errors": {}}, request=request))
    assert contract.checked == 1
