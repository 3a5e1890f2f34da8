"""Every route declares who may call it (app/routes/endpoint.py), and each declared rule holds.

A route made without the endpoint wrapper has no rule: this test lists it and fails, so a new call
cannot be added without saying whether it is public, for anyone signed in, for staff or for a role.
Then each rule is tried on the running API: no token → 401 on every call that is not public; a
signed-in role below the declared one → 403.
"""

from __future__ import annotations

import httpx
import pytest
from starlette.applications import Starlette
from starlette.routing import BaseRoute, Route

from app.routes.endpoint import PUBLIC, STAFF, Call, declared_of, route
from app.routes.openapi import documented_methods, walk
from schemas.options import Role
from tests.support import Account, create_account, sign_in

pytestmark = pytest.mark.db


def undeclared(routes: list[BaseRoute]) -> list[str]:
    """The paths of the routes made without the endpoint wrapper (so without a rule)."""
    return [path for path, item in walk(routes) if declared_of(item) is None]


def _url(path: str) -> str:
    return (
        path.replace("{kind:str}", "notes")
        .replace("{kind}", "notes")
        .replace("{category}", "PUMP")
        .replace("{name}", "missing.png")
        .replace("{sid}", "none")
        .replace("{id}", "1")
    )


def _calls(app: Starlette) -> list[tuple[str, str, Route]]:
    return [(method, path, item) for path, item in walk(app.routes) for method in documented_methods(item)]


async def _nothing(_call: Call) -> None:
    return None


def test_a_route_without_a_rule_is_found() -> None:
    plain = Route("/plain", _nothing, methods=["GET"])  # type: ignore[arg-type]
    declared = route("/declared", _nothing, ["GET"], rule=STAFF)
    assert undeclared([plain, declared]) == ["/plain"]


def test_every_route_declares_its_rule(app: Starlette) -> None:
    assert undeclared(app.routes) == []
    rules = {declared.rule.name for _, _, item in _calls(app) if (declared := declared_of(item))}
    assert {"public", "credentials", "signed-in", "staff", "role:admin", "own-token"} <= rules


async def test_no_token_is_401_on_every_call_that_is_not_public(app: Starlette, client: httpx.AsyncClient) -> None:
    tried = 0
    for method, path, item in _calls(app):
        declared = declared_of(item)
        assert declared is not None
        if declared.rule.public:
            continue
        body = {} if method in ("POST", "PATCH", "PUT") else None
        answer = await client.request(method, _url(path), json=body)
        assert answer.status_code == 401, (method, path, answer.status_code, answer.text[:200])
        assert answer.json()["message"], (method, path)
        tried += 1
    assert tried > 100


async def test_a_role_below_the_declared_one_is_403(app: Starlette, client: httpx.AsyncClient) -> None:
    below = {Role.ADMIN: Role.MANAGER, Role.MANAGER: Role.TECHNICIAN, Role.TECHNICIAN: Role.CONTRACTOR}
    accounts: dict[Role, Account] = {}
    tried = 0
    for method, path, item in _calls(app):
        declared = declared_of(item)
        assert declared is not None
        needed = declared.rule.role
        if needed is None:
            continue
        role = below[needed]
        if role not in accounts:
            accounts[role] = await sign_in(client, await create_account(app, role))
        body = {} if method in ("POST", "PATCH", "PUT") else None
        answer = await client.request(method, _url(path), headers=accounts[role].headers, json=body)
        assert answer.status_code == 403, (method, path, role, answer.status_code, answer.text[:200])
        tried += 1
    assert tried >= 10


async def test_public_calls_need_no_token(app: Starlette, client: httpx.AsyncClient) -> None:
    for method, path, item in _calls(app):
        declared = declared_of(item)
        if declared is None or declared.rule != PUBLIC or method != "GET" or "{" in path:
            continue
        if path.startswith("/auth/oidc") or path == "/api/auth":  # redirects / credentials in the query
            continue
        answer = await client.get(path)
        assert answer.status_code in (200, 503), (path, answer.status_code)
