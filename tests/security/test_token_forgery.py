"""Tokens beyond tests/test_tokens.py: header tricks, tokens of the wrong kind, refresh races, sign-out everywhere.

tests/test_tokens.py already refuses alg none, HS256 signed with the public key, another key, a
wrong issuer or audience, expiry, not-before, an id token as access token, an unknown kid and a
tampered payload; tests/test_auth.py refuses a replayed rotated refresh token (and ends its family).
"""

from __future__ import annotations

import asyncio
import base64
import json
from typing import Any

import httpx
import pytest
import socketio
from joserfc import jwt
from joserfc.jwk import RSAKey
from starlette.applications import Starlette

from app.auth.tokens import TokenService
from schemas.options import Role
from tests.realtime_support import Cluster, Sockets, tokens_for
from tests.support import Account, create_account, sign_in

pytestmark = pytest.mark.db


def _claims(token: str) -> dict[str, Any]:
    claims: dict[str, Any] = json.loads(base64.urlsafe_b64decode(token.split(".")[1] + "=="))
    return claims


async def _status(client: httpx.AsyncClient, token: str) -> int:
    return (await client.get("/me", headers={"Authorization": f"Bearer {token}"})).status_code


@pytest.fixture
def service(app: Starlette) -> TokenService:
    tokens: TokenService = app.state.portal.tokens
    return tokens


async def test_a_key_carried_in_the_header_is_not_trusted(
    staff: dict[str, Account], client: httpx.AsyncClient, service: TokenService
) -> None:
    # The attacker signs with their own key and ships it in the header (``jwk``) or points at it (``jku``).
    stranger = RSAKey.generate_key(2048, private=True)
    claims = {**_claims(staff["contractor"].tokens["accessToken"]), "groups": ["portal-admin"]}
    public = stranger.as_dict(private=False)
    for header in [
        {"alg": "RS256", "kid": service._kid, "jwk": public},
        {"alg": "RS256", "kid": service._kid, "jku": "https://evil.example/jwks.json"},
        {"alg": "RS256", "kid": "../../../../dev/null"},
    ]:
        forged = jwt.encode(header, claims, stranger, algorithms=["RS256"])
        assert await _status(client, forged) == 401, header


async def test_the_portal_key_with_another_algorithm_is_refused(
    staff: dict[str, Account], client: httpx.AsyncClient, service: TokenService
) -> None:
    # Same key, same claims, but RS512 or PS256: only RS256 is accepted.
    claims = _claims(staff["manager"].tokens["accessToken"])
    unpinned = RSAKey.import_key({k: v for k, v in service._key.as_dict(private=True).items() if k != "alg"})
    for alg in ["RS512", "PS256"]:
        forged = jwt.encode({"alg": alg, "kid": service._kid}, claims, unpinned, algorithms=[alg])
        assert await _status(client, forged) == 401, alg


async def test_tokens_of_another_kind_are_not_access_tokens(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await sign_in(client, await create_account(app, Role.MANAGER))
    tokens = account.tokens
    assert await _status(client, tokens["refreshToken"]) == 401
    # An access or id token is not a refresh token either (too long to be one: 422 before any lookup).
    for wrong in [tokens["accessToken"], tokens["idToken"]]:
        refused = await client.post("/auth/refresh", json={"refreshToken": wrong})
        assert refused.status_code in (401, 422) and "accessToken" not in refused.json()
    # The template's mock token (token_use "mock") opens nothing of the product API.
    mock = await client.get(
        "/api/auth", params={"email": f"{account.username}@example.test", "password": account.password}
    )
    assert mock.status_code == 200, mock.text
    assert await _status(client, mock.json()["access_token"]) == 401
    assert await _status(client, tokens["accessToken"]) == 200


async def test_two_racing_refreshes_with_one_token_give_one_new_pair(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await sign_in(client, await create_account(app, Role.TECHNICIAN))
    body = {"refreshToken": account.tokens["refreshToken"]}
    answers = await asyncio.gather(*[client.post("/auth/refresh", json=body) for _ in range(4)])
    assert sorted(answer.status_code for answer in answers).count(200) <= 1
    # Whoever lost presented a rotated token: the family ends, so nobody keeps a working pair.
    for answer in answers:
        if answer.status_code == 200:
            assert await _status(client, answer.json()["accessToken"]) == 401


async def test_sign_out_everywhere_ends_every_session_and_socket(
    app: Starlette, cluster: Cluster, connect: Sockets
) -> None:
    account = await create_account(app, Role.TECHNICIAN)
    bystander = await create_account(app, Role.TECHNICIAN)
    laptop = await tokens_for(cluster.urls[0], account.username)
    phone = await tokens_for(cluster.urls[1], account.username)
    other = await tokens_for(cluster.urls[0], bystander.username)
    sockets = [await connect(url, tokens["accessToken"]) for url in cluster.urls for tokens in (laptop, phone)]
    unrelated = await connect(cluster.urls[1], other["accessToken"])
    async with httpx.AsyncClient(base_url=cluster.urls[1]) as http:
        out = await http.post("/auth/sign-out-everywhere", headers={"Authorization": f"Bearer {phone['accessToken']}"})
        assert out.status_code == 200, out.text
        for listener in sockets:
            await asyncio.wait_for(listener.disconnected.wait(), 5)
            assert listener.sessions == [{"type": "session.ended", "reason": "signed-out"}]
        for tokens in (laptop, phone):
            me = await http.get("/me", headers={"Authorization": f"Bearer {tokens['accessToken']}"})
            assert me.status_code == 401
            refreshed = await http.post("/auth/refresh", json={"refreshToken": tokens["refreshToken"]})
            assert refreshed.status_code == 401
        with pytest.raises(socketio.exceptions.ConnectionError):
            await connect(cluster.urls[0], laptop["accessToken"])
        # Another user is untouched, and the account itself can sign in again.
        assert unrelated.client.connected
        assert (await http.get("/me", headers={"Authorization": f"Bearer {other['accessToken']}"})).status_code == 200
        again = await tokens_for(cluster.urls[0], account.username)
        assert (await http.get("/me", headers={"Authorization": f"Bearer {again['accessToken']}"})).status_code == 200


async def test_sign_out_everywhere_needs_a_live_token(client: httpx.AsyncClient) -> None:
    assert (await client.post("/auth/sign-out-everywhere")).status_code == 401
    assert (await client.post("/auth/sign-out-everywhere", headers={"Authorization": "Bearer nope"})).status_code == 401
