"""Access and id tokens: JWTs signed with the portal's RSA key, verified strictly.

The algorithm is pinned (RS256; ``none`` and HMAC are refused), and issuer, audience, expiry,
not-before, the key id and the token use (access vs id) are all checked.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet, RSAKey
from joserfc.jwt import ClaimsOption

from app.auth.keys import ALGORITHM
from app.settings import Settings
from schemas.options import Role
from schemas.users import User

LEEWAY_SECONDS = 5
SESSION_TOKEN_USES = ("access", "id")
#: "mock" is the sample area's 2-day token (app/samples/auth.py): same key, never accepted as access
TOKEN_USES = (*SESSION_TOKEN_USES, "mock")


class InvalidToken(Exception):
    pass


@dataclass(frozen=True)
class AccessClaims:
    user_id: int
    session_id: str
    username: str
    roles: tuple[Role, ...]
    expires_at: int

    @property
    def role(self) -> Role | None:
        return self.roles[0] if self.roles else None


def roles_from_groups(groups: list[str], prefix: str) -> list[Role]:
    """Groups like ``portal-Manager`` become roles: prefix removed, lowercased, unknown ones dropped."""
    roles: list[Role] = []
    known = {role.value for role in Role}
    for group in groups:
        if prefix and not group.lower().startswith(prefix.lower()):
            continue
        name = group[len(prefix) :].lower()
        if name in known and Role(name) not in roles:
            roles.append(Role(name))
    return roles


class TokenService:
    def __init__(self, key: RSAKey, settings: Settings) -> None:
        self._key = key
        self._kid = str(key.kid)
        self._settings = settings
        self._public_jwks: dict[str, Any] = KeySet([RSAKey.import_key(key.as_dict(private=False))]).as_dict(
            private=False
        )  # type: ignore[assignment]
        # One registry per token use; session tokens (access, id) must also name their session.
        self._registry = {use: self._claims_registry(use) for use in TOKEN_USES}

    def _claims_registry(self, use: str) -> jwt.JWTClaimsRegistry:
        options: dict[str, ClaimsOption] = {
            "iss": {"essential": True, "value": self._settings.jwt_issuer},
            "aud": {"essential": True, "value": self._settings.jwt_audience},
            "exp": {"essential": True},
            "nbf": {"essential": True},
            "iat": {"essential": True},
            "sub": {"essential": True},
            "token_use": {"essential": True, "value": use},
        }
        if use in SESSION_TOKEN_USES:
            options["sid"] = {"essential": True}
        return jwt.JWTClaimsRegistry(leeway=LEEWAY_SECONDS, **cast(dict[str, Any], options))

    @property
    def jwks(self) -> dict[str, Any]:
        return self._public_jwks

    def sign(self, claims: dict[str, Any]) -> str:
        """Sign claims with the portal's key (the caller sets every claim, including ``token_use``)."""
        header = {"alg": ALGORITHM, "kid": self._kid, "typ": "JWT"}
        return jwt.encode(header, claims, self._key, algorithms=[ALGORITHM])

    def decode(self, token: str, *, use: str) -> dict[str, Any]:
        """The claims of a token of this ``use``, after checking signature, key, algorithm and claims."""
        try:
            decoded = jwt.decode(token, self._key, algorithms=[ALGORITHM])
        except (JoseError, ValueError, TypeError) as exc:
            raise InvalidToken(str(exc)) from exc
        if decoded.header.get("kid") != self._kid or decoded.header.get("alg") != ALGORITHM:
            raise InvalidToken("unknown key or algorithm")
        try:
            self._registry[use].validate(decoded.claims)
        except JoseError as exc:
            raise InvalidToken(str(exc)) from exc
        return dict(decoded.claims)

    def issue(self, *, user: User, session_id: str, now: datetime) -> tuple[str, str]:
        issued = int(now.timestamp())
        common = {
            "iss": self._settings.jwt_issuer,
            "aud": self._settings.jwt_audience,
            "sub": str(user.id),
            "iat": issued,
            "nbf": issued,
            "exp": issued + self._settings.access_token_ttl,
            "sid": session_id,
            "username": user.username,
            "groups": list(user.groups),
        }
        access = self.sign({**common, "token_use": "access", "jti": secrets.token_hex(8)})
        identity = self.sign(
            {
                **common,
                "token_use": "id",
                "email": user.email,
                "name": user.display_name,
                "picture": user.photo_url,
            }
        )
        return access, identity

    def verify(self, token: str, *, use: str = "access") -> AccessClaims:
        claims = self.decode(token, use=use)
        try:
            return AccessClaims(
                user_id=int(claims["sub"]),
                session_id=str(claims["sid"]),
                username=str(claims.get("username", "")),
                roles=tuple(roles_from_groups(list(claims.get("groups") or []), self._settings.role_group_prefix)),
                expires_at=int(claims["exp"]),
            )
        except (KeyError, ValueError, TypeError) as exc:
            raise InvalidToken("malformed claims") from exc
