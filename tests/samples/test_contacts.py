"""Contacts sample area: every call of /api/contacts-app (lists by id, contact edits, starring)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.samples.loader import read_area
from app.samples.store import SampleStore
from tests.samples.calls import AreaCalls

pytestmark = pytest.mark.db

calls = AreaCalls("contacts", "/api/contacts-app", who="admin")
AREA, API = calls.area, calls.api
get, post = calls.get, calls.ok


async def stored(app: Starlette) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    async with app.state.portal.db.session() as session:
        store = SampleStore(session, AREA)
        return await store.all("contacts"), (await store.all("user"))[0]


async def test_sample_data_is_alive() -> None:
    data = read_area(AREA)
    contacts, (user,) = data["contacts"], data["user"]
    assert len(contacts) >= 30
    fields = {"id", "name", "lastName", "avatar", "nickname", "company", "jobTitle", "email", "phone", "address"}
    assert all(fields | {"birthday", "notes"} <= set(c) for c in contacts)
    ids = {c["id"] for c in contacts}
    assert user["starred"] and set(user["starred"]) <= ids
    assert user["frequentContacts"] and set(user["frequentContacts"]) <= ids
    assert user["groups"] and all(set(g["contactIds"]) <= ids and g["name"] for g in user["groups"])


async def test_lists_by_id(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    contacts, user = await stored(app)
    assert await get(client, who, "contacts") == contacts
    assert await get(client, who, "contacts", id="all") == contacts
    assert await get(client, who, "contacts", id="starred") == [c for c in contacts if c["id"] in user["starred"]]
    frequent = await get(client, who, "contacts", id="frequent")
    assert frequent == [c for c in contacts if c["id"] in user["frequentContacts"]] and frequent
    assert await get(client, who, "user") == user
    assert {"id", "name", "avatar", "starred", "frequentContacts", "groups"} <= set(user)


async def test_add_contact_answers_the_list(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    before, _ = await stored(app)
    new = {"name": "Ada", "lastName": "Byron", "email": "ada@example.test", "id": before[0]["id"], "team": "R&D"}
    listed = await post(client, who, "add-contact", {"newContact": new})
    assert listed[:-1] == before
    added = listed[-1]
    assert added["id"] not in {c["id"] for c in before}
    assert added["name"] == "Ada" and added["company"] == "" and added["birthday"] is None
    assert "team" not in added  # an unknown field is dropped
    assert (await stored(app))[0] == listed


async def test_update_contact_answers_the_list(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    before, _ = await stored(app)
    changed = {**before[3], "jobTitle": "Chief Inspector", "notes": "Promoted."}
    listed = await post(client, who, "update-contact", {"contact": changed})
    assert listed == [*before[:3], changed, *before[4:]]
    assert (await stored(app))[0] == listed
    missing = await client.post(f"{API}/update-contact", headers=who, json={"contact": {**changed, "id": "nope"}})
    assert missing.status_code == 404 and missing.json()["message"] == "Contact not found."


async def test_remove_contact_and_contacts(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    before, user = await stored(app)
    starred = user["starred"][0]
    listed = await post(client, who, "remove-contact", {"contactId": starred})
    assert listed == [c for c in before if c["id"] != starred]
    after, user_after = await stored(app)
    assert after == listed and starred not in user_after["starred"]
    assert all(starred not in g["contactIds"] for g in user_after["groups"])
    missing = await client.post(f"{API}/remove-contact", headers=who, json={"contactId": starred})
    assert missing.status_code == 404 and missing.json()["message"] == "Contact not found."

    several = [after[0]["id"], after[1]["id"], "already-gone"]
    listed = await post(client, who, "remove-contacts", {"contactIds": several})
    assert listed == after[2:] == (await stored(app))[0]


async def test_toggle_starred_contact(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    contacts, user = await stored(app)
    starred = user["starred"][0]
    plain = next(c["id"] for c in contacts if c["id"] not in user["starred"])
    answered = await post(client, who, "toggle-starred-contact", {"contactId": starred})
    assert answered == {**user, "starred": user["starred"][1:]}
    answered = await post(client, who, "toggle-starred-contact", {"contactId": plain})
    assert answered["starred"] == [*user["starred"][1:], plain]
    assert (await stored(app))[1] == answered


async def test_toggle_starred_contacts(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    contacts, user = await stored(app)
    starred = user["starred"][0]
    plain = next(c["id"] for c in contacts if c["id"] not in user["starred"])
    answered = await post(client, who, "toggle-starred-contacts", {"contactIds": [starred, plain]})
    assert answered["starred"] == [*user["starred"][1:], plain]
    assert (await stored(app))[1] == answered


async def test_set_starred_and_unstarred(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    contacts, user = await stored(app)
    already = user["starred"][0]
    plain = [c["id"] for c in contacts if c["id"] not in user["starred"]][:2]
    answered = await post(client, who, "set-contacts-starred", {"contactIds": [already, *plain]})
    assert answered["starred"] == [*user["starred"], *plain]  # setting is idempotent: no duplicates
    answered = await post(client, who, "set-contacts-unstarred", {"contactIds": [already, plain[0]]})
    assert answered["starred"] == [*user["starred"][1:], plain[1]]
    assert (await stored(app))[1] == answered
    assert {c["id"] for c in await get(client, who, "contacts", id="starred")} == set(answered["starred"])


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("add-contact", {"name": "not wrapped"}),
        ("add-contact", {"newContact": {"lastName": "No first name"}}),
        ("add-contact", {"newContact": {"name": ""}}),
        ("add-contact", {"newContact": {"name": "Ada", "email": 42}}),
        ("add-contact", {"newContact": "Ada"}),
        ("update-contact", {"contact": {"name": "No id"}}),
        ("update-contact", {"contact": {"id": "FIRST", "name": None}}),
        ("update-contact", {"contact": {"id": "FIRST", "name": "A", "phone": 5550175}}),
        ("remove-contact", {"contactId": 3}),
        ("remove-contact", {"id": "FIRST"}),
        ("remove-contacts", {"contactIds": "FIRST"}),
        ("remove-contacts", {"contactIds": [None]}),
        ("toggle-starred-contact", {"contactId": ["FIRST"]}),
        ("toggle-starred-contact", {"contactId": "nope"}),
        ("toggle-starred-contacts", {"contactIds": ["FIRST", "nope"]}),
        ("toggle-starred-contacts", {"contactId": "FIRST"}),
        ("set-contacts-starred", {"contactIds": ["nope"]}),
        ("set-contacts-starred", {"contactIds": "FIRST"}),
        ("set-contacts-unstarred", {"contactIds": [1]}),
        ("set-contacts-unstarred", []),
    ],
)
async def test_writes_refuse_malformed_bodies(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str], path: str, body: Any
) -> None:
    before = await stored(app)
    first = before[0][0]["id"]

    def fill(value: Any) -> Any:
        if value == "FIRST":
            return first
        if isinstance(value, list):
            return [fill(v) for v in value]
        if isinstance(value, dict):
            return {k: fill(v) for k, v in value.items()}
        return value

    response = await client.post(f"{API}/{path}", headers=who, json=fill(body))
    assert response.status_code == 422, response.text
    assert response.json()["message"]
    assert await stored(app) == before


test_every_call_needs_a_staff_token = calls.staff_only()
