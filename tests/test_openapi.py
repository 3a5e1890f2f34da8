"""GET /openapi.json lists every route of the app with its methods, summaries and security."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.routes.openapi import IF_NONE_MATCH, documented_methods, walk

# Calls answered without a token: health and keys, the sign-in steps, the template's mock sign-in.
# Each route declares its rule (app/routes/endpoint.py); this list is what those declarations must add up to.
PUBLIC_PATHS = frozenset(
    {
        "/openapi.json",
        "/options",
        "/health",
        "/healthz",
        "/readyz",
        "/metrics",  # no Bearer token: open to the configured networks or the metrics token (403 otherwise)
        "/.well-known/jwks.json",
        "/auth/sign-in",
        "/auth/challenge",
        "/auth/password-check",
        "/auth/forgot-password",
        "/auth/reset-password",
        "/auth/refresh",
        "/auth/oidc/start",
        "/auth/oidc/callback",
        "/auth/oidc/exchange",
        "/api/auth",
        "/api/auth/access-token",
        "/api/auth/register",
        "/photos/{name}",  # a profile photo by its unguessable name (an <img> sends no token)
    }
)

pytestmark = pytest.mark.db


@pytest.fixture
async def document(client: httpx.AsyncClient) -> dict[str, Any]:
    response = await client.get("/openapi.json")
    assert response.status_code == 200
    answer: dict[str, Any] = response.json()
    return answer


async def test_every_route_appears_with_its_methods(app: Starlette, document: dict[str, Any]) -> None:
    routes = list(walk(app.routes))
    assert len(routes) > 50  # product, sample areas and the mock auth
    expected: dict[str, set[str]] = {}
    for path, route in routes:  # one path may be served by several routes (e.g. DELETE /documents/{id})
        expected.setdefault(path, set()).update(m.lower() for m in route.methods or set())
    for path, methods in expected.items():
        assert set(document["paths"][path]) == methods - {"head"}, path
    assert set(document["paths"]) == set(expected)


async def test_product_and_sample_calls_are_listed(document: dict[str, Any]) -> None:
    paths = document["paths"]
    for path, method in [
        ("/assets", "post"),
        ("/assets/{id}", "patch"),
        ("/me", "get"),
        ("/auth/sign-in", "post"),
        ("/api/auth", "get"),
        ("/api/auth/register", "post"),
        ("/api/analytics-dashboard-app/widgets", "get"),
        ("/api/project-dashboard-app/projects", "get"),
        ("/api/profile/about", "get"),
        ("/api/search", "get"),
        ("/openapi.json", "get"),
    ]:
        assert method in paths[path], (path, method)


async def test_summaries_parameters_and_security(document: dict[str, Any]) -> None:
    assert document["openapi"].startswith("3.1")
    operations = [(path, op) for path, item in document["paths"].items() for op in item.values()]
    assert len({op["operationId"] for _, op in operations}) == len(operations)
    for path, op in operations:
        assert op["summary"], path
        expected: list[dict[str, list[str]]] = [] if path in PUBLIC_PATHS else [{"bearerAuth": []}]
        assert op["security"] == expected, path
        names = [p["name"] for p in op.get("parameters", []) if p["in"] == "path"]
        assert names == [part[1:-1] for part in path.split("/") if part.startswith("{")], path
    # Integer query parameters, with the bounds app/params.py holds them to (issue 15, item 7).
    chat = {p["name"]: p for p in document["paths"]["/api/chat/get-chat"]["get"]["parameters"]}
    assert set(chat) == {"contactId", "userId", "before"} and chat["contactId"]["required"]
    assert chat["before"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 2_147_483_647}
    assert "404" in document["paths"]["/api/chat/get-chat"]["get"]["responses"]
    listed = [p["name"] for p in document["paths"]["/assets"]["get"]["parameters"]]
    assert listed[:2] == ["page", "perPage"] and "assignedTechnicianId" in listed
    item = document["paths"]["/assets/{id}"]["get"]
    assert item["parameters"] == [
        {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
        IF_NONE_MATCH,  # list and item answers are conditional (app/services/answers.py)
    ]
    assert "304" in item["responses"] and "304" in document["paths"]["/assets"]["get"]["responses"]
    assert "304" not in document["paths"]["/assets/{id}/history"]["get"]["responses"]
    # Sample-area summaries come from the handlers' docstrings through the shared endpoint wrapper.
    widgets = document["paths"]["/api/analytics-dashboard-app/widgets"]["get"]
    assert widgets["summary"].startswith("The analytics widgets 1 to 9")
    assert widgets["tags"] == ["analytics-dashboard"]
    assert document["paths"]["/api/auth"]["get"]["summary"].startswith("Mock sign-in")
    assert document["paths"]["/api/auth"]["get"]["tags"] == ["mock-auth"]
    assert document["paths"]["/auth/sign-in"]["post"]["tags"] == ["auth"]
    assert document["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"


async def test_is_built_once_per_process(app: Starlette, client: httpx.AsyncClient) -> None:
    first = (await client.get("/openapi.json")).json()
    assert app.state.openapi_document == first
    assert (await client.get("/openapi.json")).json() == first


def test_head_is_implicit_for_get_routes(app: Starlette) -> None:
    for _, route in walk(app.routes):
        assert "HEAD" not in documented_methods(route) or "GET" not in (route.methods or set())
