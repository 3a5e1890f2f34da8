"""/openapi.json as a contract: every operation describes its parameters, body and answers with
schemas, the bodies and answers come from the pydantic models the server validates with, and real
answers of the running API validate against what the document says."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from jsonschema import Draft202012Validator
from starlette.applications import Starlette

from app.routes.endpoint import declared_of
from app.routes.openapi import BODY_METHODS, documented_methods, walk
from tests.support import Account
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
                if int(status) >= 400:
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
            if answer is not None:
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
        assert created.status_code == 201, created.text
        _check(document, _schema(document, f"/{resource}", "post", "201"), created.json())
        item = await client.get(f"/{resource}/{created.json()['id']}", headers=manager.headers)
        _check(document, _schema(document, f"/{resource}/{{id}}", "get"), item.json())
        changed = await client.patch(
            f"/{resource}/{created.json()['id']}",
            headers=manager.headers,
            json={"id": item.json()["id"], "version": item.json()["version"], **changes[resource]},
        )
        assert changed.status_code == 200, changed.text
        _check(document, _schema(document, f"/{resource}/{{id}}", "patch"), changed.json())
    # Refusals have the {message, errors} shape the document gives every 4xx.
    missing = await client.get("/assets/2000000000", headers=manager.headers)
    assert missing.status_code == 404
    _check(document, _schema(document, "/assets/{id}", "get", "404"), missing.json())
    invalid = await client.post("/assets", headers=manager.headers, json={"name": ""})
    assert invalid.status_code == 422
    _check(document, _schema(document, "/assets", "post", "422"), invalid.json())
    assert invalid.json()["errors"]
