"""Company sign-in through the organisation's OpenID Connect provider, with authlib.

The flow (authorization code with PKCE S256, state and nonce):

1. ``GET /auth/oidc/start?binding=...`` (a top-level navigation from the login page): authlib reads
   the issuer's discovery document (the configured issuer is the only one ever fetched) and builds
   the authorization URL. State, nonce and PKCE verifier stay server-side in Redis for ten minutes
   under a random flow id; the browser holds only that id, in an HttpOnly cookie scoped to
   ``/auth/oidc``. ``binding`` is a random value the login page keeps in its own storage.
2. ``GET /auth/oidc/callback``: the flow is taken (once) by the cookie, the state compared, the code
   exchanged with the verifier, and the ID token validated by authlib: signature from the provider's
   JWKS (asymmetric algorithms only), issuer, audience (our client id), azp when present, expiry,
   issued-at, nonce, at_hash. The user is matched by (issuer, subject), created at the first
   sign-in, and their groups (hence role) replaced by the token's at every sign-in.
3. The browser goes back to ``/login?oidc=<one-time code>``; the login page posts that code with its
   binding to ``/auth/oidc/exchange`` and gets the portal's own tokens, issued by the same session
   code as a password sign-in (app/auth/service.py). Tokens never travel in a URL.

Any refusal lands on ``/login?oidc_error=<reason>``: the reasons are a closed list the login page
turns into a message (ui/src/features/auth/oidc.ts); the details go to the log, not the URL.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode, urlsplit

import httpx2
import redis.asyncio as aioredis
from authlib.integrations.base_client import OAuthError
from authlib.integrations.starlette_client import OAuth
from joserfc.errors import JoseError
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from app.auth.identity import roles_of
from app.auth.service import AuthService
from app.db import Database
from app.realtime import control
from app.services import audit, users
from app.services.audit import Meta
from app.settings import Settings
from schemas.base import utcnow
from schemas.options import UserState
from schemas.users import ExternalIdentity, User

log = logging.getLogger("portal.auth.oidc")

FLOW_COOKIE = "portal_oidc"
FLOW_COOKIE_PATH = "/auth/oidc"
FLOW_TTL_SECONDS = 600  # from the login page to the provider and back
LEEWAY_SECONDS = 60  # clock difference tolerated on exp and iat
MAX_TOKEN_AGE_SECONDS = 600  # an ID token issued longer ago than this is refused, whatever its exp
METADATA_MAX_AGE_SECONDS = 24 * 3600  # discovery document and JWKS are read again after a day
MAX_GROUPS_READ = 1000  # of the groups claim; the rest are not looked at
MAX_GROUPS_KEPT = 20  # portal groups (ROLE_GROUP_PREFIX) stored on the user
# Only asymmetric signatures: "none" and HMAC (keyed with the client secret) are never accepted.
SIGNING_ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA")
BINDING = re.compile(r"[A-Za-z0-9_-]{16,200}")

PROVIDER_ACTOR = "company sign-in"  # who the audit log names for users created or changed by the provider
#: why a company sign-in was refused; the login page has a message for each (ui/src/features/auth/oidc.ts)
REASONS = ("denied", "expired", "invalid", "unavailable", "disabled", "email-taken")


class OidcRefused(Exception):
    """The sign-in is refused for ``reason`` (one of REASONS); ``detail`` is for the log only."""

    def __init__(self, reason: str, detail: str) -> None:
        assert reason in REASONS
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class Started:
    url: str  # the provider's authorization endpoint, with state, nonce and code_challenge
    flow_id: str  # for the browser's cookie


def _flow_key(flow_id: str) -> str:
    return "oidc:flow:" + hashlib.sha256(flow_id.encode()).hexdigest()


def valid_binding(value: str | None) -> bool:
    return bool(value and BINDING.fullmatch(value))


def portal_groups(claim: Any, prefix: str) -> list[str]:
    """The groups of the claim that name portal roles' groups (``portal-...``), as the provider spells
    them; Keycloak's full group paths (``/staff/portal-manager``) count by their last part."""
    if isinstance(claim, str):
        claim = [claim]
    if not isinstance(claim, list):
        return []
    kept: list[str] = []
    for group in claim[:MAX_GROUPS_READ]:
        if not isinstance(group, str):
            continue
        name = group.rsplit("/", 1)[-1].strip()
        if name and name.lower().startswith(prefix.lower()) and len(name) <= 100 and name not in kept:
            kept.append(name)
    return kept[:MAX_GROUPS_KEPT]


def username_base(claims: dict[str, Any]) -> str:
    """A username from preferred_username, else the e-mail, in the portal's alphabet."""
    for key in ("preferred_username", "email"):
        value = claims.get(key)
        if isinstance(value, str) and value.strip():
            name = value.strip().lower().split("@", 1)[0]
            name = re.sub(r"[^a-z0-9._-]+", "-", name).strip(".-_")[:48]
            if name:
                return name
    return "user"


class CompanySignIn:
    """The portal as an OpenID Connect relying party of one issuer (``OIDC_ISSUER``)."""

    def __init__(
        self,
        *,
        settings: Settings,
        redis: aioredis.Redis,
        db: Database,
        auth: AuthService,
        transport: httpx2.AsyncBaseTransport | None = None,  # tests: a provider served in-process
    ) -> None:
        self.settings = settings
        self.redis = redis
        self.db = db
        self.auth = auth
        self.issuer = settings.oidc_issuer
        self.redirect_uri = settings.public_api_url.rstrip("/") + "/auth/oidc/callback"
        client_kwargs: dict[str, Any] = {
            "scope": settings.oidc_scopes,
            "code_challenge_method": "S256",
            "timeout": settings.oidc_timeout,
            "follow_redirects": False,
        }
        if transport is not None:
            client_kwargs["transport"] = transport
        registry = OAuth()
        self.client: Any = registry.register(
            name="company",
            client_id=settings.oidc_client_id,
            client_secret=settings.oidc_client_secret,
            server_metadata_url=self.issuer + "/.well-known/openid-configuration",
            client_kwargs=client_kwargs,
        )

    # --- the provider's metadata ----------------------------------------------------------------

    async def _metadata(self) -> dict[str, Any]:
        cached = self.client.server_metadata
        if time.time() - cached.get("_loaded_at", time.time()) > METADATA_MAX_AGE_SECONDS:
            # Read discovery and keys again now and then: a provider may move an endpoint or retire a key.
            cached.pop("_loaded_at", None)
            cached.pop("jwks", None)
        try:
            metadata: dict[str, Any] = await self.client.load_server_metadata()
        except (httpx2.HTTPError, ValueError) as exc:
            raise OidcRefused("unavailable", f"discovery of {self.issuer} failed: {exc!r}") from exc
        if str(metadata.get("issuer", "")).rstrip("/") != self.issuer:
            self.client.server_metadata.pop("_loaded_at", None)  # read it again next time
            raise OidcRefused("unavailable", f"the discovery document names issuer {metadata.get('issuer')!r}")
        offered = metadata.get("id_token_signing_alg_values_supported") or ["RS256"]
        metadata["id_token_signing_alg_values_supported"] = [a for a in offered if a in SIGNING_ALGORITHMS]
        return metadata

    # --- 1. start ---------------------------------------------------------------------------------

    async def start(self, binding: str) -> Started:
        await self._metadata()
        try:
            created = await self.client.create_authorization_url(self.redirect_uri)
        except (httpx2.HTTPError, RuntimeError) as exc:
            raise OidcRefused("unavailable", f"no authorization endpoint: {exc!r}") from exc
        flow_id = secrets.token_urlsafe(32)
        flow = {
            "state": created["state"],
            "nonce": created["nonce"],
            "code_verifier": created["code_verifier"],
            "binding": binding,
        }
        await self.redis.set(_flow_key(flow_id), json.dumps(flow), ex=FLOW_TTL_SECONDS)
        return Started(url=created["url"], flow_id=flow_id)

    # --- 2. callback --------------------------------------------------------------------------------

    async def _take_flow(self, flow_id: str | None) -> dict[str, str]:
        if not flow_id or len(flow_id) > 100:
            raise OidcRefused("expired", "no flow cookie (another browser, or cookies blocked)")
        raw = await self.redis.getdel(_flow_key(flow_id))  # a flow is answered once
        if raw is None:
            raise OidcRefused("expired", "the flow is unknown, already answered or expired")
        flow: dict[str, str] = json.loads(raw)
        return flow

    async def callback(self, params: dict[str, str], flow_id: str | None, meta: Meta | None = None) -> str:
        """Check the provider's answer; the one-time code the login page exchanges for tokens."""
        flow = await self._take_flow(flow_id)
        if not hmac.compare_digest(params.get("state", "").encode(), flow["state"].encode()):
            raise OidcRefused("expired", "the state does not match this browser's sign-in")
        if "iss" in params and params["iss"].rstrip("/") != self.issuer:  # RFC 9207: the answer names its issuer
            raise OidcRefused("invalid", f"the answer comes from issuer {params['iss'][:200]!r}")
        if "error" in params:
            error = params.get("error", "")[:100]
            reason = "denied" if error in ("access_denied", "login_required", "consent_required") else "invalid"
            raise OidcRefused(reason, f"the provider answered {error}: {params.get('error_description', '')[:200]}")
        code = params.get("code", "")
        if not code or len(code) > 2000:
            raise OidcRefused("invalid", "the answer has no code")
        claims = await self._id_token(code, flow)
        user = await self._user_for(claims, meta or Meta())
        return await self.auth.open_external_sign_in(user, binding=flow["binding"])

    async def _id_token(self, code: str, flow: dict[str, str]) -> dict[str, Any]:
        metadata = await self._metadata()
        try:
            token = await self.client.fetch_access_token(
                redirect_uri=self.redirect_uri, code=code, code_verifier=flow["code_verifier"]
            )
        except OAuthError as exc:  # the provider refused the code (used already, expired, wrong verifier)
            raise OidcRefused("invalid", f"the token endpoint refused the code: {exc.error} {exc.description}") from exc
        except (httpx2.HTTPError, ValueError) as exc:
            raise OidcRefused("unavailable", f"the token endpoint failed: {exc!r}") from exc
        if not isinstance(token, dict) or not token.get("id_token"):
            raise OidcRefused("invalid", "the token endpoint sent no ID token")
        now = int(time.time())
        options: dict[str, Any] = {
            "iss": {"essential": True, "value": metadata["issuer"]},
            "aud": {"essential": True, "value": self.settings.oidc_client_id},
            "sub": {"essential": True},
            "exp": {"essential": True},
            "iat": {
                "essential": True,
                "validate": lambda _claims, value: (
                    isinstance(value, int | float) and now - MAX_TOKEN_AGE_SECONDS <= value <= now + LEEWAY_SECONDS
                ),
            },
            "nonce": {"essential": True},
        }
        try:
            claims = await self.client.parse_id_token(
                token, nonce=flow["nonce"], claims_options=options, leeway=LEEWAY_SECONDS
            )
        except (JoseError, ValueError, TypeError, KeyError) as exc:
            raise OidcRefused("invalid", f"the ID token is not valid: {exc!r}") from exc
        except httpx2.HTTPError as exc:
            raise OidcRefused("unavailable", f"the provider's keys could not be read: {exc!r}") from exc
        subject = claims.get("sub")
        if not isinstance(subject, str) or not subject or len(subject) > 255:
            raise OidcRefused("invalid", "the ID token's subject is missing or too long")
        return dict(claims)

    # --- the portal's user ----------------------------------------------------------------------------

    async def _user_for(self, claims: dict[str, Any], meta: Meta) -> User:
        """The user of this (issuer, subject), created at the first sign-in; groups follow the token."""
        prefix = self.settings.role_group_prefix
        groups = portal_groups(claims.get(self.settings.oidc_groups_claim), prefix)
        name = claims.get("name")
        display_name = name.strip()[:120] if isinstance(name, str) and name.strip() else ""
        for _attempt in range(2):  # a first sign-in racing another one of the same person: once more
            try:
                return await self._match_or_create(claims, groups, display_name, meta)
            except IntegrityError:
                continue
        raise OidcRefused("invalid", "the account could not be created (a concurrent sign-in)")

    async def _match_or_create(self, claims: dict[str, Any], groups: list[str], display_name: str, meta: Meta) -> User:
        now = utcnow()
        actor = audit.Actor(user_id=None, label=PROVIDER_ACTOR, meta=meta)
        subject = str(claims["sub"])
        async with self.db.session() as session:
            identity = (
                await session.exec(
                    select(ExternalIdentity).where(
                        col(ExternalIdentity.issuer) == self.issuer, col(ExternalIdentity.subject) == subject
                    )
                )
            ).first()
            if identity is not None:
                user = await session.get(User, identity.user_id)
                assert user is not None  # the identity goes with its user (ON DELETE CASCADE)
                if user.state == UserState.DISABLED:
                    raise OidcRefused("disabled", f"user {user.username} is disabled")
                before = roles_of(user, self.settings)
                user.groups = groups
                if display_name:
                    user.display_name = display_name
                user.updated_at = now
                session.add(user)
                after = roles_of(user, self.settings)
                changed = after != before
                if changed:
                    # Tokens issued earlier carry the old role: those sessions end, as on a role change.
                    ended = await users.revoke_sessions(session, user.id or 0, "role changed")
                    audit.record(
                        session,
                        "user.role_changed",
                        actor=actor,
                        target=user,
                        detail={
                            "from": before[0].value if before else None,
                            "to": after[0].value if after else None,
                            "sessionsEnded": ended,
                            "via": "oidc",
                        },
                    )
                identity.last_sign_in_at = now
                session.add(identity)
                await session.commit()
                if changed:  # every API process forgets them now and closes their sockets
                    self.auth.live.forget_user(user.id or 0)
                    await control.announce_end_user(self.redis, user.id or 0)
                return user
            email = self._email(claims)
            if email is not None:
                taken = (await session.exec(select(User.id).where(col(User.email) == email))).first()
                if taken is not None:
                    raise OidcRefused("email-taken", f"a portal account already uses {email}")
            username = await self._free_username(session, username_base(claims))
            user, _secret = await users.create_user(
                session=session,
                settings=self.settings,
                username=username,
                email=email or f"{username}@{self._placeholder_domain()}",
                display_name=display_name or username,
                role=None,
                groups=groups,
                must_change_password=False,  # the random password is never told: no local sign-in
                actor=actor,
                commit=False,
            )
            identity = ExternalIdentity(issuer=self.issuer, subject=subject, user_id=user.id or 0, last_sign_in_at=now)
            session.add(identity)
            await session.commit()
            await session.refresh(user)
            log.info("company sign-in created user %s for %s", user.username, self.issuer)
            return user

    @staticmethod
    def _email(claims: dict[str, Any]) -> str | None:
        value = claims.get("email")
        if isinstance(value, str) and "@" in value and len(value) <= 254:
            return value.strip().lower()
        return None

    def _placeholder_domain(self) -> str:
        """For an identity without an e-mail: a reserved domain (RFC 2606) that names the provider."""
        host = urlsplit(self.issuer).hostname or "provider"
        return f"{host}.invalid"

    @staticmethod
    async def _free_username(session: Any, base: str) -> str:
        similar = select(User.username).where(col(User.username).startswith(base, autoescape=True))
        taken = set((await session.exec(similar)).all())
        if base not in taken:
            return base
        for n in range(2, 100):
            if f"{base}-{n}" not in taken:
                return f"{base}-{n}"
        return f"{base}-{secrets.token_hex(3)}"

    # --- where the browser goes next -------------------------------------------------------------------

    def login_url(self, *, code: str | None = None, reason: str | None = None) -> str:
        query = {"oidc": code} if code else {"oidc_error": reason or "invalid"}
        return f"{self.settings.ui_url}/login?{urlencode(query)}"
