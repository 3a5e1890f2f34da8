"""/openapi.json as a contract: every operation describes its parameters, body and answers with
schemas, the bodies and answers come from the pydantic models the server validates with, and real
answers of the running API validate against what the document says."""

from __future__ import annotations

import inspect
import json
from typing import Any

import httpx
import pytest
from jsonschema import Draft202012Validator
from starlette.applications import Starlette

from app.routes.endpoint import declared_of
from app.routes.openapi import ANY_JSON, BODY_METHODS, EMPTY_WHEN_UNKNOWN, _function, documented_methods, walk
from schemas.meta import NoBody
from schemas.options import Role
from tests.support import PASSWORD, Account, create_account, unique, upload
from tests.test_records import asset_body, lead_body

pytestmark = pytest.mark.db


@pytest.fixture(scope="module")
async def document(client: httpx.AsyncClient) -> dict[str, Any]:
    answer = await client.get("/openapi.json")
    assert answer.status_code == 200
    return dict(answer.json())


def _check(document: dict[str, Any], schema: dict[str, Any], value: Any) -> None:
    """Validate ``value`` against ``schema`` with the document's components in reach of its refs."""
    Draft202012Validator({"components": document["components"], **schema}).validate(value)


@pytest.fixture
def manager(staff: dict[str, Account]) -> Account:
    return staff["manager"]


def _answers(document: dict[str, Any], response: httpx.Response, path: str, status: int = 200) -> None:
    """``response`` has ``status``, and its body is valid against what /openapi.json says ``path``
    answers to the request's method with that status."""
    assert response.status_code == status, response.text
    _check(document, _schema(document, path, response.request.method.lower(), str(status)), response.json())


def _schema(document: dict[str, Any], path: str, method: str, status: str = "200") -> dict[str, Any]:
    response = document["paths"][path][method]["responses"][status]
    if "$ref" in response:
        response = document["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
    schema: dict[str, Any] = response["content"]["application/json"]["schema"]
    return schema


async def test_every_operation_describes_parameters_body_and_answers(app: Starlette, document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    error = schemas["Error"]
    assert set(error["properties"]) == {"message", "errors"} and error["required"] == ["message"]
    for path, route in walk(app.routes):
        declared = declared_of(route)
        assert declared is not None, path
        for method in documented_methods(route):
            operation = document["paths"][path][method.lower()]
            for parameter in operation.get("parameters", []):
                assert parameter["schema"], (method, path, parameter)
            assert operation["responses"], (method, path)
            for status, response in operation["responses"].items():
                if int(status) >= 400 and int(status) not in declared.answers:
                    assert response == {"$ref": "#/components/responses/Error"}, (method, path, status)
                    continue
                for media, content in response.get("content", {}).items():
                    assert "schema" in content, (method, path, status, media)
            if method in BODY_METHODS:
                body = operation["requestBody"]["content"]["application/json"]["schema"]
                assert body, (method, path)
                if declared.body is not None:
                    # The model the server validates the body with, as pydantic describes it.
                    assert body == {"$ref": f"#/components/schemas/{body['$ref'].rsplit('/', 1)[1]}"}
                    assert body["$ref"].rsplit("/", 1)[1] in schemas, (method, path)
                    assert operation["requestBody"]["required"] is True
            answer = declared.answer_for(method)
            # NoBody: 200 with no body; EMPTY_WHEN_UNKNOWN: JSON or an empty body, so no content type.
            if answer is not None and answer is not NoBody and path not in EMPTY_WHEN_UNKNOWN:
                success = next(r for s, r in operation["responses"].items() if s.startswith("2"))
                assert success["content"]["application/json"]["schema"]["$ref"].startswith("#/components/schemas/")
    # The declared models are pydantic's own schemas: field names are the camelCase aliases.
    assert "assignedTechnicianId" in schemas["AssetCreate"]["properties"]
    assert "purchaseCost" in schemas["AssetUpdate"]["properties"]
    assert schemas["AssetPublic"]["properties"]["status"]


async def test_real_answers_validate_against_the_document(
    staff: dict[str, Account], client: httpx.AsyncClient, document: dict[str, Any]
) -> None:
    manager = staff["manager"]
    me = await client.get("/me", headers=manager.headers)
    assert me.status_code == 200
    _check(document, _schema(document, "/me", "get"), me.json())
    settings = await client.get("/portal-settings", headers=manager.headers)
    _check(document, _schema(document, "/portal-settings", "get"), settings.json())
    preferences = await client.get("/notifications/preferences", headers=manager.headers)
    _check(document, _schema(document, "/notifications/preferences", "get"), preferences.json())
    verdict = await client.post("/auth/password-check", json={"username": "someone", "password": "correct horse 42"})
    assert verdict.status_code == 200
    _check(document, _schema(document, "/auth/password-check", "post"), verdict.json())
    changes = {"assets": {"location": "Lab 2"}, "leads": {"clientCompany": "Contoso Rail Ltd"}}
    for resource, body in (("assets", asset_body()), ("leads", lead_body())):
        created = await client.post(f"/{resource}", headers=manager.headers, json=body)
        _answers(document, created, f"/{resource}", 201)
        item = await client.get(f"/{resource}/{created.json()['id']}", headers=manager.headers)
        _check(document, _schema(document, f"/{resource}/{{id}}", "get"), item.json())
        changed = await client.patch(
            f"/{resource}/{created.json()['id']}",
            headers=manager.headers,
            json={"id": item.json()["id"], "version": item.json()["version"], **changes[resource]},
        )
        _answers(document, changed, f"/{resource}/{{id}}")
        history = await client.get(f"/{resource}/{created.json()['id']}/history", headers=manager.headers)
        _check(document, _schema(document, f"/{resource}/{{id}}/history", "get"), history.json())
        for params in ({"perPage": 5}, {"perPage": 5, "cursor": ""}, {"q": "Contoso", "perPage": 2}):
            listed = await client.get(f"/{resource}", headers=manager.headers, params=params)
            _answers(document, listed, f"/{resource}")
        if resource != "documents":
            gone = await client.delete(f"/{resource}/{created.json()['id']}", headers=manager.headers)
            _answers(document, gone, f"/{resource}/{{id}}")
    # Refusals have the {message, errors} shape the document gives every 4xx.
    missing = await client.get("/assets/2000000000", headers=manager.headers)
    assert missing.status_code == 404
    _check(document, _schema(document, "/assets/{id}", "get", "404"), missing.json())
    invalid = await client.post("/assets", headers=manager.headers, json={"name": ""})
    assert invalid.status_code == 422
    _check(document, _schema(document, "/assets", "post", "422"), invalid.json())
    assert invalid.json()["errors"]


async def test_chat_quick_panel_and_notification_answers_validate(
    staff: dict[str, Account], client: httpx.AsyncClient, document: dict[str, Any]
) -> None:
    alice, bob = staff["technician"], staff["technician2"]

    async def checked(method: str, path: str, template: str, who: Account, status: str = "200", **kw: Any) -> Any:
        answer = await client.request(method, path, headers=who.headers, **kw)
        assert answer.status_code == int(status), (method, path, answer.text)
        _check(document, _schema(document, template, method.lower(), status), answer.json())
        return answer.json()

    opened = await checked("GET", "/api/chat/get-chat", "/api/chat/get-chat", alice, params={"contactId": bob.user_id})
    chat_id = opened["chat"]["id"]
    message = {"chatId": chat_id, "contactId": bob.user_id, "message": {"who": alice.user_id, "message": "Hi"}}
    sent = await checked("POST", "/api/chat/send-message", "/api/chat/send-message", alice, json=message)
    await checked("GET", "/api/chat/get-chat", "/api/chat/get-chat", alice, params={"contactId": bob.user_id})
    await checked("GET", "/api/chat/messages", "/api/chat/messages", bob, params={"after": sent["message"]["id"] - 1})
    await checked("POST", "/api/chat/read", "/api/chat/read", bob, json={"chatId": chat_id})
    await checked("GET", "/api/chat/user", "/api/chat/user", alice)
    await checked("GET", "/api/chat/contacts", "/api/chat/contacts", alice)
    await checked("POST", "/api/chat/user/data", "/api/chat/user/data", alice, json={"mood": "On site"})
    note = await checked(
        "POST", "/api/quick-panel/notes", "/api/quick-panel/{kind}", alice, "201", json={"title": "Fuses"}
    )
    item = "/api/quick-panel/{kind}/{id}"
    await checked("PATCH", f"/api/quick-panel/notes/{note['id']}", item, alice, json={"title": "Fuses 10 A"})
    await checked("GET", "/api/quick-panel/data", "/api/quick-panel/data", alice)
    await checked("DELETE", f"/api/quick-panel/notes/{note['id']}", item, alice)
    listed = await checked("GET", "/notifications", "/notifications", alice, params={"unread": "1"})
    await checked("POST", "/notifications/read-all", "/notifications/read-all", alice)
    for entry in listed["items"][:1]:
        await checked("POST", f"/notifications/{entry['id']}/read", "/notifications/{id}/read", alice)
        await checked("DELETE", f"/notifications/{entry['id']}", "/notifications/{id}", alice)
    # A query the model refuses: 422 naming the parameter, in the documented error shape.
    refused = await client.get("/api/chat/get-chat", headers=alice.headers, params={"contactId": "²"})
    assert refused.status_code == 422 and "whole number" in refused.json()["errors"]["contactId"]
    _check(document, _schema(document, "/api/chat/get-chat", "get", "422"), refused.json())


def test_declared_query_models_are_the_described_parameters(app: Starlette, document: dict[str, Any]) -> None:
    """A route that declares a query model is described by it, parameter for parameter."""
    declared_queries = 0
    for path, route in walk(app.routes):
        declared = declared_of(route)
        if declared is None or declared.query is None:
            continue
        declared_queries += 1
        for method in documented_methods(route):
            query = declared.query_for(method)
            if query is None:
                continue
            fields = query.model_json_schema(by_alias=True)
            described = {p["name"]: p for p in document["paths"][path][method.lower()].get("parameters", [])}
            for name in fields["properties"]:
                assert described[name]["in"] == "query", (path, name)
                assert described[name]["required"] == (name in fields.get("required", [])), (path, name)
                assert "null" not in str(described[name]["schema"]), (path, name)
    assert declared_queries >= 3


# Operations answering "any JSON" and calls reading their query string by hand: none (issue 16). A new
# call declares its answer model and its query model (schemas/) on its route.
UNTYPED_ANSWER_LIMIT = 0
UNTYPED_QUERY_LIMIT = 0


def _untyped(document: dict[str, Any]) -> list[tuple[str, str]]:
    found = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for response in operation["responses"].values():
                for content in response.get("content", {}).values():
                    if content.get("schema") == ANY_JSON:
                        found.append((method, path))
    return sorted(set(found))


def _reads_query_by_hand(app: Starlette) -> list[str]:
    found = []
    for path, route in walk(app.routes):
        declared = declared_of(route)
        source = inspect.getsource(_function(route.endpoint))
        if "query_params" in source and (declared is None or declared.query is None):
            found.append(path)
    return sorted(found)


def test_untyped_operations_only_shrink(app: Starlette, document: dict[str, Any]) -> None:
    untyped = _untyped(document)
    assert len(untyped) <= UNTYPED_ANSWER_LIMIT, untyped
    by_hand = _reads_query_by_hand(app)
    assert len(by_hand) <= UNTYPED_QUERY_LIMIT, by_hand
    # Every call of the product's chat, quick panel and notifications is typed.
    assert not [p for _, p in untyped if p.startswith(("/api/chat", "/api/quick-panel", "/notifications"))]
    assert not [p for p in by_hand if p.startswith(("/api/chat", "/notifications"))]


async def test_account_push_and_audit_answers_validate(
    app: Starlette, staff: dict[str, Account], client: httpx.AsyncClient, document: dict[str, Any]
) -> None:
    admin = staff["admin"]

    async def checked(method: str, path: str, who: dict[str, str], status: str = "200", **kw: Any) -> Any:
        answer = await client.request(method, path, headers=who, **kw)
        assert answer.status_code == int(status), (method, path, answer.text)
        _check(document, _schema(document, path, method.lower(), status), answer.json())
        return answer.json()

    fresh = await create_account(app, Role.TECHNICIAN)
    tokens = await checked("POST", "/auth/sign-in", {}, json={"username": fresh.username, "password": PASSWORD})
    bearer = {"Authorization": f"Bearer {tokens['accessToken']}"}
    other = await checked("POST", "/auth/sign-in", {}, json={"username": fresh.username, "password": PASSWORD})
    sessions = await checked("GET", "/me/sessions", bearer)
    assert len(sessions["items"]) == 2
    ended = next(s["id"] for s in sessions["items"] if not s["current"])
    answer = await client.delete(f"/me/sessions/{ended}", headers=bearer)
    assert answer.status_code == 200
    _check(document, _schema(document, "/me/sessions/{sid}", "delete"), answer.json())
    assert (await client.get("/me", headers={"Authorization": f"Bearer {other['accessToken']}"})).status_code == 401
    await checked("GET", "/push/config", bearer)
    await checked("GET", "/push/subscriptions", bearer)
    await checked("POST", "/auth/forgot-password", {}, "202", json={"email": "nobody@example.com"})
    await checked("GET", "/admin/audit", admin.headers, params={"perPage": 5})
    await checked("GET", "/admin/audit/kinds", admin.headers)
    await checked("POST", "/auth/sign-out-everywhere", bearer)


async def test_staff_directory_and_inspection_answers_validate(
    staff: dict[str, Account], client: httpx.AsyncClient, document: dict[str, Any]
) -> None:
    manager, technician = staff["manager"], staff["technician"]

    async def checked(method: str, path: str, template: str, who: Account, **kw: Any) -> Any:
        answer = await client.request(method, path, headers=who.headers, **kw)
        assert answer.status_code == 200, (method, path, answer.text)
        _check(document, _schema(document, template, method.lower()), answer.json())
        return answer.json()

    await checked("GET", "/users", "/users", manager)
    technicians = await checked("GET", "/users", "/users", manager, params={"role": "technician"})
    assert {row["role"] for row in technicians["items"]} == {"technician"}
    refused = await client.get("/users", headers=manager.headers, params={"role": "wizard"})
    assert refused.status_code == 422 and "role" in refused.json()["errors"]
    body = asset_body(assignedTechnicianId=technician.user_id)
    asset = (await client.post("/assets", headers=manager.headers, json=body)).json()
    await checked("GET", "/my-work", "/my-work", technician)
    inspection = {"version": asset["version"], "result": "GOOD"}
    await checked("POST", f"/assets/{asset['id']}/inspections", "/assets/{id}/inspections", technician, json=inspection)
    # (PUT answers the same Intervals; not called here: it would make a category's interval custom
    # for the tests after this one.)
    await checked("GET", "/inspection-intervals", "/inspection-intervals", technician)


async def test_document_answers_validate(manager: Account, client: httpx.AsyncClient, document: dict[str, Any]) -> None:
    uploaded = await upload(client, manager, ("contract.txt", b"Pump 4 checked"))
    _answers(document, uploaded, "/documents/upload", 201)
    document_id = uploaded.json()["items"][0]["id"]
    text = await client.get(f"/documents/{document_id}/text", headers=manager.headers, params={"q": "pump"})
    _answers(document, text, "/documents/{id}/text")
    gone = await client.delete(f"/documents/{document_id}", headers=manager.headers)
    _answers(document, gone, "/documents/{id}")


async def test_import_answers_validate(manager: Account, client: httpx.AsyncClient, document: dict[str, Any]) -> None:
    content = b"tag,name,category,department\nIMP-C1,Hoist,Lifting equipment,Hardware\n"
    started = await client.post(
        "/assets/import",
        headers=manager.headers,
        data={"dryRun": "true", "mapping": '{"tag": "tag", "name": null}'},
        files={"file": ("assets.csv", content)},
    )
    _answers(document, started, "/assets/import", 202)
    job = await client.get(f"/imports/{started.json()['jobId']}", headers=manager.headers)
    _answers(document, job, "/imports/{id}")


async def test_search_answers_validate(manager: Account, client: httpx.AsyncClient, document: dict[str, Any]) -> None:
    await client.post("/assets", headers=manager.headers, json=asset_body(name="Searchable winch"))
    for q in ("winch", "", "Contoso"):
        found = await client.get("/search", headers=manager.headers, params={"q": q})
        _answers(document, found, "/search")
    assert (await client.get("/search", headers=manager.headers, params={"q": "winch"})).json()["groups"]


async def test_admin_console_answers_validate(
    staff: dict[str, Account], client: httpx.AsyncClient, document: dict[str, Any]
) -> None:
    admin = staff["admin"]

    async def checked(method: str, path: str, template: str, status: str = "200", **kw: Any) -> Any:
        answer = await client.request(method, path, headers=admin.headers, **kw)
        assert answer.status_code == int(status), (method, path, answer.text)
        _check(document, _schema(document, template, method.lower(), status), answer.json())
        return answer.json()

    await checked("GET", "/admin/users", "/admin/users", params={"perPage": 5, "sort": "username"})
    name = unique("contract")
    body = {"username": name, "email": f"{name}@example.com", "displayName": "Contract Check", "role": "contractor"}
    created = await checked("POST", "/admin/users", "/admin/users", "201", json=body)
    user = f"/admin/users/{created['user']['id']}"
    await checked("PATCH", user, "/admin/users/{id}", json={"displayName": "Contract Checked"})
    await checked("POST", f"{user}/reset-password", "/admin/users/{id}/reset-password")
    await checked("POST", f"{user}/unlock", "/admin/users/{id}/unlock")
    await checked("GET", f"{user}/sessions", "/admin/users/{id}/sessions")
    await checked("DELETE", f"{user}/sessions", "/admin/users/{id}/sessions")


async def test_public_fact_answers_validate(client: httpx.AsyncClient, document: dict[str, Any]) -> None:
    for path in ("/options", "/.well-known/jwks.json", "/health", "/healthz", "/readyz", "/openapi.json"):
        answer = await client.get(path)
        assert answer.status_code == 200, (path, answer.text)
        _check(document, _schema(document, path, "get"), answer.json())


async def test_dashboard_answer_validates(
    staff: dict[str, Account], client: httpx.AsyncClient, document: dict[str, Any]
) -> None:
    manager = staff["manager"]
    assert (await client.post("/assets", headers=manager.headers, json=asset_body())).status_code == 201
    answer = await client.get("/dashboard/summary", headers=manager.headers)
    _answers(document, answer, "/dashboard/summary")
    assert answer.json()["recent"]


def test_the_document_is_deterministic(app: Starlette) -> None:
    """Built twice, the same document: generated TypeScript changes only when the contract does."""
    from app.routes.openapi import build_document

    first = build_document(app.routes, server_url="http://api.test")
    second = build_document(app.routes, server_url="http://api.test")
    assert json.dumps(first) == json.dumps(second)
    names = list(first["components"]["schemas"])
    assert names == sorted(names)
    assert list(first["x-events"]) == sorted(first["x-events"])
    # Every event payload is a named component, typed down to its leaves (no free-form object).
    for channel, event in first["x-events"].items():
        name = event["payload"]["$ref"].rsplit("/", 1)[1]
        assert first["components"]["schemas"][name]["additionalProperties"] is False, channel
