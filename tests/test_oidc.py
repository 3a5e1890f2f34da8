"""Company sign-in (app/auth/oidc.py) against an OpenID Connect provider faked in-process.

The fake provider signs ID tokens with a key made here and serves discovery, JWKS and a token
endpoint that checks the PKCE verifier and takes each code once; each test says what ID token the
token endpoint answers, so the portal's refusals (forged signature, wrong nonce, audience, issuer,
expired, replayed code or token) are each seen end to end: start, callback, exchange.
The browser test with a real provider is tests/e2e/test_oidc_sign_in.py.
"""

from __future__ import annotations

import base64
import hashlib
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import httpx2
import pytest
from joserfc import jwt
from joserfc.jwk import KeySet, OctKey, RSAKey
from pydantic import ValidationError
from sqlmodel import col, select
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.auth.oidc import FLOW_COOKIE, CompanySignIn, portal_groups, username_base
from app.settings import Settings
from schemas.audit import AuditEvent
from schemas.options import Role
from tests.support import PASSWORD, create_account, make_settings, running_app, unique

pytestmark = pytest.mark.db  # users, identities and one-time codes: on PostgreSQL too

ISSUER = "https://idp.test/realms/staff"
CLIENT_ID = "staff-portal"
CLIENT_SECRET = "client-secret-for-tests"
UI = "http://ui.test"


@dataclass
class FakeProvider:
    """Discovery, JWKS and token endpoint of an OpenID Connect provider; the test decides the ID token."""

    key: RSAKey = field(default_factory=lambda: RSAKey.generate_key(2048, parameters={"kid": "idp-1"}))
    codes: dict[str, tuple[str, str]] = field(default_factory=dict)  # code -> (code_challenge, id_token)
    token_requests: int = 0
    discoveries: int = 0

    def sign(self, claims: dict[str, Any], *, key: Any = None, alg: str = "RS256", kid: str = "idp-1") -> str:
        return jwt.encode({"alg": alg, "kid": kid}, claims, key or self.key, algorithms=[alg])

    def claims(self, nonce: str, /, **changes: Any) -> dict[str, Any]:
        now = int(time.time())
        base = {"iss": ISSUER, "aud": CLIENT_ID, "sub": "sub-1", "iat": now, "exp": now + 300, "nonce": nonce}
        base.update(changes)
        return {k: v for k, v in base.items() if v is not None}

    def app(self) -> Starlette:
        async def discovery(_request: Request) -> Response:
            self.discoveries += 1
            return JSONResponse(
                {
                    "issuer": ISSUER,
                    "authorization_endpoint": f"{ISSUER}/auth",
                    "token_endpoint": f"{ISSUER}/token",
                    "jwks_uri": f"{ISSUER}/jwks",
                    "id_token_signing_alg_values_supported": ["RS256", "HS256", "none"],
                    "code_challenge_methods_supported": ["S256"],
                }
            )

        async def jwks(_request: Request) -> Response:
            return JSONResponse(KeySet([self.key]).as_dict(private=False))

        async def token(request: Request) -> Response:
            self.token_requests += 1
            form = await request.form()
            expected = "Basic " + base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
            if request.headers.get("authorization") != expected:
                return JSONResponse({"error": "invalid_client"}, status_code=401)
            issued = self.codes.pop(str(form.get("code")), None)  # a code works once
            if issued is None:
                return JSONResponse({"error": "invalid_grant", "error_description": "code used or unknown"}, 400)
            challenge, id_token = issued
            verifier = str(form.get("code_verifier", ""))
            digest = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
            if digest != challenge:
                return JSONResponse({"error": "invalid_grant", "error_description": "PKCE verifier"}, 400)
            return JSONResponse({"access_token": "at", "token_type": "Bearer", "id_token": id_token})

        return Starlette(
            routes=[
                Route("/realms/staff/.well-known/openid-configuration", discovery),
                Route("/realms/staff/jwks", jwks),
                Route("/realms/staff/token", token, methods=["POST"]),
            ]
        )


@dataclass
class Flow:
    binding: str
    state: str
    nonce: str
    challenge: str
    cookie: str


@pytest.fixture(scope="module")
def provider() -> FakeProvider:
    return FakeProvider()


@pytest.fixture(scope="module")
async def oidc_api(
    settings: Settings, run_dir: Path, redis_url: str, provider: FakeProvider
) -> AsyncIterator[tuple[Starlette, httpx.AsyncClient]]:
    configured = make_settings(
        run_dir,
        redis_url,
        oidc_issuer=ISSUER,
        oidc_client_id=CLIENT_ID,
        oidc_client_secret=CLIENT_SECRET,
        oidc_display_name="Example SSO",
        public_ui_url=UI,
    )
    async with running_app(configured) as (app, client):
        portal = app.state.portal
        portal.oidc = CompanySignIn(
            settings=configured,
            redis=portal.redis,
            db=portal.db,
            auth=portal.auth,
            transport=httpx2.ASGITransport(app=provider.app()),
        )
        yield app, client


@pytest.fixture
def sso(oidc_api: tuple[Starlette, httpx.AsyncClient]) -> httpx.AsyncClient:
    return oidc_api[1]


async def start(sso: httpx.AsyncClient) -> Flow:
    binding = uuid.uuid4().hex
    response = await sso.get("/auth/oidc/start", params={"binding": binding})
    assert response.status_code == 303, response.text
    target = urlsplit(response.headers["location"])
    assert f"{target.scheme}://{target.netloc}{target.path}" == f"{ISSUER}/auth"
    query = {k: v[0] for k, v in parse_qs(target.query).items()}
    assert query["client_id"] == CLIENT_ID
    assert query["redirect_uri"] == "http://localhost:5000/auth/oidc/callback"
    assert query["code_challenge_method"] == "S256" and query["response_type"] == "code"
    assert "openid" in query["scope"].split()
    set_cookie = response.headers["set-cookie"]
    assert "HttpOnly" in set_cookie and "Path=/auth/oidc" in set_cookie and "SameSite=lax" in set_cookie
    cookie = response.cookies[FLOW_COOKIE]
    sso.cookies.clear()
    return Flow(binding, query["state"], query["nonce"], query["code_challenge"], cookie)


async def come_back(sso: httpx.AsyncClient, flow: Flow, params: dict[str, str], *, cookie: bool = True) -> str:
    """The browser's return to the callback: where it is sent next (the login page's query)."""
    sso.cookies.clear()
    if cookie:
        sso.cookies.set(FLOW_COOKIE, flow.cookie)
    response = await sso.get("/auth/oidc/callback", params=params)
    sso.cookies.clear()
    assert response.status_code == 303, response.text
    target = urlsplit(response.headers["location"])
    assert f"{target.scheme}://{target.netloc}{target.path}" == f"{UI}/login"
    assert "Max-Age=0" in response.headers.get("set-cookie", "") or 'portal_oidc=""' in response.headers.get(
        "set-cookie", ""
    )
    return target.query


async def sign_in(sso: httpx.AsyncClient, provider: FakeProvider, id_token_for: Any) -> tuple[str, Flow]:
    """One round trip; ``id_token_for(flow)`` is what the token endpoint answers."""
    flow = await start(sso)
    code = uuid.uuid4().hex
    provider.codes[code] = (flow.challenge, id_token_for(flow))
    return await come_back(sso, flow, {"code": code, "state": flow.state}), flow


async def exchange(sso: httpx.AsyncClient, query: str, flow: Flow) -> httpx.Response:
    code = parse_qs(query)["oidc"][0]
    return await sso.post("/auth/oidc/exchange", json={"code": code, "binding": flow.binding})


async def me(sso: httpx.AsyncClient, tokens: dict[str, Any]) -> httpx.Response:
    return await sso.get("/me", headers={"Authorization": f"Bearer {tokens['accessToken']}"})


def refused(query: str) -> str:
    assert "oidc=" not in query.replace("oidc_error=", ""), query
    return parse_qs(query)["oidc_error"][0]


async def test_first_sign_in_creates_the_user_and_the_role_follows_the_groups(
    oidc_api: tuple[Starlette, httpx.AsyncClient], provider: FakeProvider
) -> None:
    app, sso = oidc_api
    subject = unique("alice-")
    claims = {"sub": subject, "preferred_username": "Alice.Smith@corp.example", "name": "Alice Smith"}
    query, flow = await sign_in(
        sso,
        provider,
        lambda f: provider.sign(
            provider.claims(f.nonce, **claims, email=f"{subject}@corp.example", groups=["staff", "/x/portal-Manager"])
        ),
    )
    answer = await exchange(sso, query, flow)
    assert answer.status_code == 200, answer.text
    first = answer.json()
    mine = (await me(sso, first)).json()
    assert mine["role"] == "manager" and mine["displayName"] == "Alice Smith"
    assert mine["username"].startswith("alice.smith") and mine["email"] == f"{subject}@corp.example"
    # The code worked once.
    again = await exchange(sso, query, flow)
    assert again.status_code == 401

    # The provider moves Alice to portal-contractor: the next sign-in is the same user, now a contractor,
    # and the session with the manager's token ends.
    query, flow = await sign_in(
        sso,
        provider,
        lambda f: provider.sign(
            provider.claims(f.nonce, **claims, email=f"{subject}@corp.example", groups=["portal-contractor"])
        ),
    )
    second = (await exchange(sso, query, flow)).json()
    now = (await me(sso, second)).json()
    assert now["role"] == "contractor" and now["id"] == mine["id"] and now["username"] == mine["username"]
    assert (await me(sso, first)).status_code == 401

    # The audit log has it all: created by the provider, each sign-in (via oidc), the role change.
    async with app.state.portal.db.reader() as session:
        rows = (
            await session.exec(
                select(AuditEvent).where(col(AuditEvent.target_user_id) == mine["id"]).order_by(col(AuditEvent.id))
            )
        ).all()
    seen = [(row.kind, row.actor_label, row.detail) for row in rows]
    assert seen[0] == ("user.created", "company sign-in", {"role": "manager"})
    assert [kind for kind, _, _ in seen].count("auth.signed_in") == 2
    assert all(detail == {"via": "oidc"} for kind, _, detail in seen if kind == "auth.signed_in")
    changed = [detail for kind, _, detail in seen if kind == "user.role_changed"]
    assert changed == [{"from": "manager", "to": "contractor", "sessionsEnded": 1, "via": "oidc"}]


async def test_no_portal_group_gives_no_role(sso: httpx.AsyncClient, provider: FakeProvider) -> None:
    query, flow = await sign_in(
        sso, provider, lambda f: provider.sign(provider.claims(f.nonce, sub=unique("norole-"), groups=["staff"]))
    )
    tokens = (await exchange(sso, query, flow)).json()
    mine = (await me(sso, tokens)).json()
    # The spec's "no role": the login page signs such a user out with "no access" (ui/src/features/auth/use-login.ts).
    assert mine["role"] is None and mine["roles"] == []
    assert mine["username"] == "user" or mine["username"].startswith("user-")
    assert mine["email"].endswith("@idp.test.invalid")


def _wrong(provider: FakeProvider, kind: str, nonce: str) -> str:
    sub = {"sub": unique("mallory-"), "groups": ["portal-admin"]}
    if kind == "forged signature":
        return provider.sign(provider.claims(nonce, **sub), key=RSAKey.generate_key(2048))
    if kind == "wrong nonce":
        return provider.sign(provider.claims("another-browsers-nonce", **sub))
    if kind == "no nonce":
        return provider.sign(provider.claims(nonce, nonce=None, **sub))
    if kind == "wrong audience":
        return provider.sign(provider.claims(nonce, aud="another-app", **sub))
    if kind == "wrong audience, our azp":
        return provider.sign(provider.claims(nonce, aud="another-app", azp=CLIENT_ID, **sub))
    if kind == "another azp":
        return provider.sign(provider.claims(nonce, aud=[CLIENT_ID, "another-app"], azp="another-app", **sub))
    if kind == "wrong issuer":
        return provider.sign(provider.claims(nonce, iss="https://evil.test", **sub))
    if kind == "expired":
        past = int(time.time()) - 3600
        return provider.sign(provider.claims(nonce, iat=past, exp=past + 300, **sub))
    if kind == "issued long ago":
        return provider.sign(provider.claims(nonce, iat=int(time.time()) - 3600, **sub))
    if kind == "unsigned":
        header = base64.urlsafe_b64encode(b'{"alg":"none","kid":"idp-1"}').rstrip(b"=").decode()
        body = jwt.encode({"alg": "RS256"}, provider.claims(nonce, **sub), provider.key).split(".")[1]
        return f"{header}.{body}."
    if kind == "HMAC with the client secret":
        return provider.sign(provider.claims(nonce, **sub), key=OctKey.import_key(CLIENT_SECRET * 2), alg="HS256")
    if kind == "not a token":
        return "not.a.token"
    raise AssertionError(kind)


@pytest.mark.parametrize(
    "kind",
    [
        "forged signature",
        "wrong nonce",
        "no nonce",
        "wrong audience",
        "wrong audience, our azp",
        "another azp",
        "wrong issuer",
        "expired",
        "issued long ago",
        "unsigned",
        "HMAC with the client secret",
        "not a token",
    ],
)
async def test_a_bad_id_token_is_refused(
    sso: httpx.AsyncClient, provider: FakeProvider, kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    query, _flow = await sign_in(sso, provider, lambda f: _wrong(provider, kind, f.nonce))
    assert refused(query) == "invalid"
    assert any("the ID token is not valid" in r.getMessage() for r in caplog.records)


async def test_replays_are_refused(sso: httpx.AsyncClient, provider: FakeProvider) -> None:
    # An ID token from an earlier sign-in, answered again (a replay): its nonce is the earlier flow's.
    earlier: dict[str, str] = {}

    def keep(flow: Flow) -> str:
        earlier["token"] = provider.sign(provider.claims(flow.nonce, sub=unique("bob-"), groups=["portal-admin"]))
        return earlier["token"]

    query, flow = await sign_in(sso, provider, keep)
    assert (await exchange(sso, query, flow)).status_code == 200
    query, _ = await sign_in(sso, provider, lambda _f: earlier["token"])
    assert refused(query) == "invalid"

    # The same callback again (state and code replayed): the flow was answered already.
    flow = await start(sso)
    code = uuid.uuid4().hex
    provider.codes[code] = (flow.challenge, provider.sign(provider.claims(flow.nonce, sub=unique("bob-"))))
    assert "oidc=" in await come_back(sso, flow, {"code": code, "state": flow.state})
    assert refused(await come_back(sso, flow, {"code": code, "state": flow.state})) == "expired"

    # A code the provider gave already, in a new flow: the provider refuses it.
    flow = await start(sso)
    assert refused(await come_back(sso, flow, {"code": code, "state": flow.state})) == "invalid"


async def test_state_cookie_and_binding_tie_the_flow_to_one_browser(
    sso: httpx.AsyncClient, provider: FakeProvider
) -> None:
    flow = await start(sso)
    code = uuid.uuid4().hex
    provider.codes[code] = (flow.challenge, provider.sign(provider.claims(flow.nonce, sub=unique("carol-"))))
    # Without the flow cookie (another browser, a forged link): refused, and the code is never redeemed.
    requests = provider.token_requests
    assert refused(await come_back(sso, flow, {"code": code, "state": flow.state}, cookie=False)) == "expired"
    flow = await start(sso)
    assert refused(await come_back(sso, flow, {"code": code, "state": "forged-state"})) == "expired"
    assert provider.token_requests == requests

    # The one-time code needs the binding of the page that started.
    query, flow = await sign_in(sso, provider, lambda f: provider.sign(provider.claims(f.nonce, sub=unique("dan-"))))
    code = parse_qs(query)["oidc"][0]
    wrong = await sso.post("/auth/oidc/exchange", json={"code": code, "binding": uuid.uuid4().hex})
    assert wrong.status_code == 401 and "Sign in again" in wrong.json()["message"]
    # ... and is no answer to a password challenge.
    as_challenge = {"session": f"{code}.{flow.binding}", "code": "123456"}
    assert (await sso.post("/auth/challenge", json=as_challenge)).status_code == 401
    assert (await exchange(sso, query, flow)).status_code == 200


async def test_the_provider_answer_denied(sso: httpx.AsyncClient) -> None:
    flow = await start(sso)
    query = await come_back(sso, flow, {"error": "access_denied", "state": flow.state})
    assert refused(query) == "denied"


async def test_a_disabled_user_is_refused(
    oidc_api: tuple[Starlette, httpx.AsyncClient], provider: FakeProvider
) -> None:
    app, sso = oidc_api
    subject = unique("erin-")
    query, flow = await sign_in(
        sso, provider, lambda f: provider.sign(provider.claims(f.nonce, sub=subject, groups=["portal-technician"]))
    )
    tokens = (await exchange(sso, query, flow)).json()
    user_id = (await me(sso, tokens)).json()["id"]
    from app.services import users
    from schemas.users import User

    async with app.state.portal.db.session() as session:
        user = await session.get(User, user_id)
        assert user is not None
        await users.set_disabled(session=session, user=user, disabled=True)
    query, _ = await sign_in(
        sso, provider, lambda f: provider.sign(provider.claims(f.nonce, sub=subject, groups=["portal-technician"]))
    )
    assert refused(query) == "disabled"


async def test_an_email_of_a_local_account_is_not_taken_over(
    oidc_api: tuple[Starlette, httpx.AsyncClient], provider: FakeProvider
) -> None:
    app, sso = oidc_api
    local = await create_account(app, Role.ADMIN)
    query, _ = await sign_in(
        sso,
        provider,
        lambda f: provider.sign(
            provider.claims(f.nonce, sub=unique("x-"), email=f"{local.username}@example.test", groups=["portal-admin"])
        ),
    )
    assert refused(query) == "email-taken"


async def test_password_sign_in_for_admins_only(oidc_api: tuple[Starlette, httpx.AsyncClient]) -> None:
    app, sso = oidc_api
    admin = await create_account(app, Role.ADMIN)
    manager = await create_account(app, Role.MANAGER)
    settings = app.state.portal.settings
    settings.local_sign_in = "admins-only"
    try:
        refused_answer = await sso.post("/auth/sign-in", json={"username": manager.username, "password": PASSWORD})
        assert refused_answer.status_code == 403
        assert refused_answer.json()["message"] == (
            "Password sign-in is for administrators only. Use “Sign in with Example SSO”."
        )
        # A wrong password still answers as a wrong password (nothing said about the account).
        wrong = await sso.post("/auth/sign-in", json={"username": manager.username, "password": "nope-nope-nope"})
        assert wrong.status_code == 401
        ok = await sso.post("/auth/sign-in", json={"username": admin.username, "password": PASSWORD})
        assert ok.status_code == 200
    finally:
        settings.local_sign_in = "everyone"
    again = await sso.post("/auth/sign-in", json={"username": manager.username, "password": PASSWORD})
    assert again.status_code == 200


async def test_start_needs_a_binding_and_company_sign_in_configured(
    sso: httpx.AsyncClient, client: httpx.AsyncClient
) -> None:
    assert (await sso.get("/auth/oidc/start")).status_code == 422
    assert (await sso.get("/auth/oidc/start", params={"binding": "short"})).status_code == 422
    off = await client.get("/auth/oidc/start", params={"binding": uuid.uuid4().hex})
    assert off.status_code == 404 and "not configured" in off.json()["message"]
    assert (await client.post("/auth/oidc/exchange", json={"code": "x", "binding": "y" * 20})).status_code == 404


async def test_discovery_is_read_once_then_again_after_a_day(
    oidc_api: tuple[Starlette, httpx.AsyncClient], provider: FakeProvider
) -> None:
    app, sso = oidc_api
    await start(sso)
    read = provider.discoveries
    await start(sso)
    assert provider.discoveries == read
    app.state.portal.oidc.client.server_metadata["_loaded_at"] -= 25 * 3600
    await start(sso)
    assert provider.discoveries == read + 1


def test_groups_and_usernames() -> None:
    assert portal_groups(["portal-Admin", "/corp/portal-manager", "staff", 3, "portal-admin"], "portal-") == [
        "portal-Admin",
        "portal-manager",
        "portal-admin",
    ]
    assert portal_groups("portal-contractor", "portal-") == ["portal-contractor"]
    assert portal_groups({"a": 1}, "portal-") == []
    assert len(portal_groups([f"portal-{n}" for n in range(5000)], "portal-")) == 20
    assert username_base({"preferred_username": "Jane Doe@corp.example"}) == "jane-doe"
    assert username_base({"email": "j.o'neil@corp.example"}) == "j.o-neil"
    assert username_base({}) == "user"


def test_settings_refuse_an_incomplete_or_unsafe_provider(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="OIDC_CLIENT_SECRET together"):
        Settings(oidc_issuer=ISSUER, oidc_client_id=CLIENT_ID)
    with pytest.raises(ValidationError, match="scopes must include openid"):
        Settings(oidc_scopes="profile email")
    with pytest.raises(ValidationError, match="issuer's URL"):
        Settings(oidc_issuer="idp.example.com", oidc_client_id=CLIENT_ID, oidc_client_secret=CLIENT_SECRET)
    assert not Settings().oidc_enabled
    configured = Settings(oidc_issuer=ISSUER + "/", oidc_client_id=CLIENT_ID, oidc_client_secret=CLIENT_SECRET)
    assert configured.oidc_enabled and configured.oidc_issuer == ISSUER
    with pytest.raises(ValidationError, match="OIDC_ISSUER over https"):
        Settings(
            portal_env="production",
            database_url="postgresql://db/portal",
            redis_url="redis://redis",
            jwt_private_key="x",
            jwt_issuer="https://api.example.com",
            vapid_private_key="x",
            vapid_subject="mailto:ops@example.com",
            email_backend="log",
            oidc_issuer="http://idp.example.com",
            oidc_client_id=CLIENT_ID,
            oidc_client_secret=CLIENT_SECRET,
            data_dir=tmp_path,
        )
