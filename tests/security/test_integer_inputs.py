"""Whole numbers from outside (issue 15, item 7): every route of the app, from its routing table, with
ids and integer parameters beyond the database's range or written in other scripts' digits.

A path id that cannot exist is 404; an integer query parameter out of range is a 422 naming it;
nothing is ever a 500. Runs on SQLite and PostgreSQL (``-m db``): PostgreSQL's ``integer`` is 32 bits,
SQLite's 64, so "2147483648" and "9223372036854775808" fail differently on each.
"""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from pydantic.alias_generators import to_camel
from starlette.applications import Starlette

from app.params import whole_number
from app.routes.endpoint import declared_of
from app.routes.openapi import documented_methods, walk
from app.services.resources import RESOURCES
from app.settings import ROOT
from tests.support import Account

pytestmark = pytest.mark.db

HOSTILE = [
    "99999999999999999999999",  # beyond 64 bits
    "9223372036854775808",  # 2**63: one past SQLite's (and Python's sqlite3's) range
    "2147483648",  # 2**31: one past PostgreSQL's integer
    "-99999999999999999999",
    "-1",
    "0",
    "²",  # str.isdigit() is true, int() refuses it
    "١٢",  # Arabic-Indic digits: isdigit() and int() both accept them
    "1e3",
    "0x1F",
    "+1",
    " 7",
]
# Calls that end the caller's sessions (their own tests cover them).
SKIPPED = {"/auth/sign-out", "/auth/sign-out-everywhere"}
# Routes that read integer query parameters, and the parameters they read.
LIST_PARAMETERS = ["page", "perPage"]
INTEGER_QUERIES: dict[str, list[str]] = {
    **{f"/{name}": [*LIST_PARAMETERS, *(to_camel(c) for c in spec.id_filters)] for name, spec in RESOURCES.items()},
    **{f"/{name}/export": [to_camel(c) for c in spec.id_filters] for name, spec in RESOURCES.items()},
    "/api/chat/get-chat": ["contactId", "userId", "before"],
    "/api/chat/messages": ["after"],
    "/documents/{id}/text": ["offset", "limit"],
    "/admin/users": LIST_PARAMETERS,
    "/admin/audit": ["actor", "target", "perPage"],
    "/admin/audit/export": ["actor", "target"],
    "/api/profile/timeline": ["userId"],
    "/api/profile/person": ["userId"],
}
ID_LISTS = {to_camel(c) for spec in RESOURCES.values() for c in spec.id_filters}
READERS = re.compile(r"query_(?:int|ids)\(\s*[\w.]+,\s*\"(\w+)\"")


def test_the_parser_takes_ascii_digits_within_the_database_range() -> None:
    assert whole_number("2147483647") == 2_147_483_647
    assert whole_number("-2147483648") == -2_147_483_648
    assert whole_number("007") == 7
    for raw in ["2147483648", "²", "١٢", "1e3", "+1", " 7", "7\n", "", "-", "1_000", "９"]:
        assert whole_number(raw) is None, raw
    assert whole_number("0", minimum=1) is None and whole_number("101", maximum=100) is None


def test_every_integer_query_parameter_the_code_reads_is_swept(app: Starlette) -> None:
    """A GET route's integer query parameter (a field of its declared query model, schemas/query.py)
    lands in this sweep or fails here; and no code reads an integer from a query string by hand."""
    assert not {name for path in (ROOT / "app").rglob("*.py") for name in READERS.findall(Path(path).read_text())}
    read: dict[str, set[str]] = {}
    for path, route in walk(app.routes):
        declared = declared_of(route)
        query = declared.query_for("GET") if declared is not None and "GET" in (route.methods or ()) else None
        if query is None:
            continue
        for name, field in query.model_json_schema(by_alias=True)["properties"].items():
            options = field.get("anyOf", [field])
            if any(option.get("type") == "integer" for option in options):
                read.setdefault(path, set()).add(name)
    assert sum(len(names) for names in read.values()) >= 20
    unswept = {path: names - set(INTEGER_QUERIES.get(path, [])) for path, names in read.items()}
    assert not {path: names for path, names in unswept.items() if names}


def _paths(template: str, value: str) -> list[str]:
    kinds = ["events", "notes"] if "{kind" in template else [""]
    paths = []
    for kind in kinds:
        path = re.sub(r"\{kind(:\w+)?\}", kind, template)
        paths.append(re.sub(r"\{\w+(:\w+)?\}", value.replace(" ", "%20"), path))
    return paths


async def test_path_ids_out_of_range_are_404_on_every_route(
    app: Starlette, staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    admin = staff["admin"]
    with_ids = [(p, r) for p, r in walk(app.routes) if set(r.param_convertors) - {"kind"} and p not in SKIPPED]
    assert len(with_ids) >= 12  # records, history, documents, quick panel, notifications
    for template, route in with_ids:
        for method in documented_methods(route):
            for value in HOSTILE:
                for path in _paths(template, value):
                    body = {} if method in ("POST", "PATCH", "PUT") else None
                    answer = await client.request(method, path, headers=admin.headers, json=body)
                    assert answer.status_code == 404, (method, path, answer.status_code, answer.text[:200])
                    assert answer.json()["message"]


async def test_integer_query_parameters_out_of_range_are_422_on_every_route(
    app: Starlette, staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    admin = staff["admin"]
    # Valid values for the other parameters a call needs, so each answer is about the swept one.
    needs = {"/api/chat/get-chat": {"contactId": str(staff["manager"].user_id)}}
    names = sorted({name for names in INTEGER_QUERIES.values() for name in names})
    swept = 0
    for path, route in walk(app.routes):
        if "{" in path or path in SKIPPED:
            continue
        for method in documented_methods(route):
            for value in HOSTILE:
                # Every integer name at once on every route: no route may trip over one it does not expect.
                every_name = dict.fromkeys(names, value)
                everything = await client.request(method, path, headers=admin.headers, params=every_name)
                assert everything.status_code < 500, (method, path, value, everything.text[:200])
                for name in INTEGER_QUERIES.get(path, []) if method == "GET" else []:
                    answer = await client.get(path, headers=admin.headers, params={**needs.get(path, {}), name: value})
                    swept += 1
                    # In range: "everything after 0"; an id list is split at commas and trimmed ("3, 7").
                    if (name, value) == ("after", "0") or (name in ID_LISTS and value == " 7"):
                        assert answer.status_code == 200, (path, name, value, answer.text[:200])
                        continue
                    assert answer.status_code == 422, (path, name, value, answer.status_code, answer.text[:200])
                    assert name in answer.json()["errors"], (path, name, answer.text[:200])
                    assert "whole number" in answer.json()["errors"][name], answer.text
    assert swept >= len(HOSTILE) * 10


async def test_ids_in_bodies_and_forms_beyond_the_database_are_422(
    staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    manager = staff["manager"]
    too_big = 2**40  # a 64-bit integer (JSON and pydantic take it) that PostgreSQL's integer does not
    asset = {"tag": "INT-1", "name": "Pump", "category": "Power", "department": "Hardware"}
    created = await client.post("/assets", headers=manager.headers, json={**asset, "assignedTechnicianId": too_big})
    assert created.status_code == 422 and "assignedTechnicianId" in created.json()["errors"], created.text
    lead = {"title": "Retrofit", "clientCompany": "Contoso", "department": "Hardware", "ownerId": too_big}
    assert (await client.post("/leads", headers=manager.headers, json=lead)).status_code == 422
    made = await client.post("/assets", headers=manager.headers, json={**asset, "tag": "INT-2"})
    assert made.status_code == 201, made.text
    record = made.json()
    for change in [{"version": too_big}, {"assignedTechnicianId": too_big}]:
        patched = await client.patch(
            f"/assets/{record['id']}", headers=manager.headers, json={"id": record["id"], "version": 1, **change}
        )
        assert patched.status_code == 422, (change, patched.text)
    for value in [str(too_big), "99999999999999999999999"]:
        upload = await client.post(
            "/documents/upload",
            headers=manager.headers,
            files={"file": ("note.txt", b"hello", "text/plain")},
            data={"department": "Hardware", "assetId": value},
        )
        assert upload.status_code == 422 and "assetId" in upload.json()["errors"], upload.text
    sent = await client.post(
        "/api/chat/send-message",
        headers=manager.headers,
        json={"chatId": "c", "contactId": too_big, "message": {"message": "hi"}},
    )
    assert sent.status_code == 422 and "contactId" in sent.json()["errors"], sent.text


async def test_a_content_length_in_other_digits_is_not_a_500(
    staff: dict[str, Account], client: httpx.AsyncClient
) -> None:
    # A header is bytes: 0xB2 reads as "²" in latin-1, which str.isdigit() took for a digit.
    for length in ["²".encode("latin-1"), b"9" * 5000]:
        headers = {**staff["manager"].headers, "content-type": "application/json", "content-length": length}
        answer = await client.patch("/me", headers=headers, content=b'{"shortcuts": []}')
        assert answer.status_code < 500, answer.text
