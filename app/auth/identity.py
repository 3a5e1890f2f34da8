"""Who is asking, and the small helpers every part of sign-in shares."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.tokens import AccessClaims, roles_from_groups
from app.settings import Settings
from schemas.options import Role
from schemas.users import AuthChallenge, User

#: sessions of the portal; a mock sign-in of a portal user gets a session of its own kind (app/samples/auth.py)
PORTAL_SESSION = "portal"


def digest(value: str) -> str:
    """What is stored of a one-time secret (refresh token, challenge, reset link): its SHA-256."""
    return hashlib.sha256(value.encode()).hexdigest()


def new_challenge(session: AsyncSession, *, user_id: int, kind: str, now: datetime, ttl: int) -> str:
    """Add a one-time challenge (stored as its digest) to the session's transaction; answers its
    value, for the caller to hand out once (a sign-in step, a password reset link)."""
    value = secrets.token_urlsafe(32)
    expires_at = now + timedelta(seconds=ttl)
    session.add(AuthChallenge(id=digest(value), user_id=user_id, kind=kind, created_at=now, expires_at=expires_at))
    return value


def normalize_username(username: str) -> str:
    return username.strip().lower()


@dataclass(frozen=True)
class Principal(AccessClaims):
    """Who is asking: established once per request from a verified access token's claims."""

    expires_at: int = 0  # when the access token that proved it expires (epoch seconds)


def roles_of(user: User, settings: Settings) -> list[Role]:
    return roles_from_groups(user.groups, settings.role_group_prefix)
