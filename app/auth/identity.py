"""Who is asking, and the small helpers every part of sign-in shares."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from app.auth.tokens import roles_from_groups
from app.settings import Settings
from schemas.options import Role
from schemas.users import User

#: sessions of the portal; a mock sign-in of a portal user gets a session of its own kind (app/samples/auth.py)
PORTAL_SESSION = "portal"


def digest(value: str) -> str:
    """What is stored of a one-time secret (refresh token, challenge, reset link): its SHA-256."""
    return hashlib.sha256(value.encode()).hexdigest()


def normalize_username(username: str) -> str:
    return username.strip().lower()


@dataclass(frozen=True)
class Principal:
    """Who is asking: established once per request from a verified access token."""

    user_id: int
    session_id: str
    username: str
    roles: tuple[Role, ...]
    expires_at: int = 0  # when the access token that proved it expires (epoch seconds)

    @property
    def role(self) -> Role | None:
        return self.roles[0] if self.roles else None


def roles_of(user: User, settings: Settings) -> list[Role]:
    return roles_from_groups(user.groups, settings.role_group_prefix)
