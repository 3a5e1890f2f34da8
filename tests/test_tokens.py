"""Token forgeries are refused: alg none, HMAC confusion, wrong key, issuer, audience, expiry, token use."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from typing import Any

import httpx
import pytest
from joserfc import jwt
from joserfc.jwk import RSAKey
from starlette.applications import Starlette

from app.auth.tokens import InvalidToken, TokenService, roles_from_groups
from app.settings import Settings
from schemas.options import Role
from tests.support import Account

pytestmark = pytest.mark.db


def _b64(data: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()


def _claims(account: Account, settings: Settings, **changes: Any) -> dict[str, Any]:
    real = json.loads(base64.urlsafe_b64decode(account.tokens["accessToken"].split(".")[1] + "=="))
    real.update(changes)
    return {k: v for k, v in real.items() if v is not None}


def _sign(service: TokenService, claims: dict[str, Any], key: Any = None, kid: str | None = None) -> str:
    signing_key = key or service._key
    header = {"alg": "RS256", "kid": kid or service._kid}
    return jwt.encode(header, claims, signing_key, algorithms=["RS256"])


@pytest.fixture
def service(app: Starlette) -> TokenService:
    tokens: TokenService = app.state.portal.tokens
    return tokens


async def _me_status(client: httpx.AsyncClient, token: str) -> int:
    return (await client.get("/me", headers={"Authorization": f"Bearer {token}"})).status_code


async def test_a_genuine_token_passes(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    assert await _me_status(client, staff["manager"].tokens["accessToken"]) == 200


async def test_alg_none_is_refused(staff: dict[str, Account], client: httpx.AsyncClient, settings: Settings) -> None:
    token = f"{_b64({'alg': 'none', 'typ': 'JWT'})}.{_b64(_claims(staff['manager'], settings))}."
    assert await _me_status(client, token) == 401


async def test_hmac_with_the_public_key_is_refused(
    staff: dict[str, Account], client: httpx.AsyncClient, settings: Settings, service: TokenService
) -> None:
    # The classic confusion attack: sign with HS256 using the published public key as the secret.
    public_pem = service._key.as_pem(private=False)
    signing_input = f"{_b64({'alg': 'HS256', 'kid': service._kid})}.{_b64(_claims(staff['admin'], settings))}"
    mac = hmac.new(public_pem, signing_input.encode(), hashlib.sha256).digest()
    forged = f"{signing_input}.{base64.urlsafe_b64encode(mac).rstrip(b'=').decode()}"
    assert await _me_status(client, forged) == 401


async def test_wrong_key_is_refused(
    staff: dict[str, Account], client: httpx.AsyncClient, settings: Settings, service: TokenService
) -> None:
    stranger = RSAKey.generate_key(2048, private=True)
    assert await _me_status(client, _sign(service, _claims(staff["manager"], settings), key=stranger)) == 401


@pytest.mark.parametrize(
    "changes",
    [
        {"aud": "someone-else"},
        {"iss": "https://evil.example"},
        {"exp": -60, "nbf": -4000, "iat": -4000},  # seconds from now, resolved when the test runs
        {"nbf": 600},
        {"token_use": "id"},
        {"token_use": None},
        {"sid": "not-a-real-session"},
        {"sid": None},
    ],
    ids=["audience", "issuer", "expired", "not-yet-valid", "id-token-use", "no-token-use", "unknown-session", "no-sid"],
)
async def test_claims_are_checked(
    changes: dict[str, Any],
    staff: dict[str, Account],
    client: httpx.AsyncClient,
    settings: Settings,
    service: TokenService,
) -> None:
    now = int(time.time())  # not at collection: a long run reaches the test minutes later
    timed = {k: now + v for k, v in changes.items() if k in ("exp", "nbf", "iat")}
    token = _sign(service, _claims(staff["manager"], settings, **{**changes, **timed}))
    assert await _me_status(client, token) == 401


async def test_id_token_cannot_be_used_as_access_token(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    assert await _me_status(client, staff["manager"].tokens["idToken"]) == 401


async def test_unknown_kid_is_refused(
    staff: dict[str, Account], client: httpx.AsyncClient, settings: Settings, service: TokenService
) -> None:
    assert await _me_status(client, _sign(service, _claims(staff["manager"], settings), kid="other")) == 401


async def test_tampered_payload_is_refused(
    staff: dict[str, Account], client: httpx.AsyncClient, settings: Settings
) -> None:
    header, _, signature = staff["contractor"].tokens["accessToken"].split(".")
    payload = _b64(_claims(staff["contractor"], settings, groups=["portal-admin"]))
    assert await _me_status(client, f"{header}.{payload}.{signature}") == 401


@pytest.mark.parametrize("garbage", ["", "abc", "a.b.c", "x" * 5000])
def test_garbage_is_an_invalid_token(service: TokenService, garbage: str) -> None:
    with pytest.raises(InvalidToken):
        service.verify(garbage)


def test_roles_from_groups() -> None:
    assert roles_from_groups(["portal-Admin", "portal-manager"], "portal-") == [Role.ADMIN, Role.MANAGER]
    assert roles_from_groups(["Portal-TECHNICIAN"], "portal-") == [Role.TECHNICIAN]
    assert roles_from_groups(["other-admin", "portal-wizard"], "portal-") == []
    assert roles_from_groups(["contractor"], "") == [Role.CONTRACTOR]
