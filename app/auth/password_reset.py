"""Forgotten password, by e-mail link.

The request answers the same whatever was typed (no account is revealed). An account that can sign
in with a password (not disabled, not a company sign-in account) and has an address gets a one-time
token, kept only as its SHA-256, valid PASSWORD_RESET_TTL seconds. Asking again replaces the earlier
token. Setting the new password spends the token and ends every session of the user.
"""

from __future__ import annotations

from sqlalchemy import update
from sqlmodel import col, select

from app.auth.base import AuthBase
from app.auth.identity import digest, new_challenge
from app.db import Database
from app.errors import ApiError
from app.services import audit
from app.services.audit import Meta, user_actor
from schemas.base import utcnow
from schemas.options import UserState
from schemas.users import AuthChallenge, AuthSession, ExternalIdentity, User

#: a password reset by e-mail link (app/routes/auth.py): works once, for PASSWORD_RESET_TTL seconds
PASSWORD_RESET = "PASSWORD_RESET"
PASSWORD_RESET_TTL = 30 * 60
RESET_LINK_INVALID = "This password reset link is not valid any more. Ask for a new one."


class PasswordResets(AuthBase):
    async def request_password_reset(self, login: str, *, meta: Meta) -> tuple[int, str] | None:
        """Answers (user id, the token) when a reset mail should go out, else None."""
        user = await self.find_user(login)
        if (
            user is None
            or user.id is None
            or user.state == UserState.DISABLED
            or not user.email
            or not user.password_hash
        ):
            return None
        async with self.db.reader() as session:
            external = (
                await session.exec(select(ExternalIdentity.user_id).where(col(ExternalIdentity.user_id) == user.id))
            ).first()
        if external is not None:
            return None  # a company sign-in account has no local password to reset (app/auth/oidc.py)
        now = utcnow()
        async with self.db.session() as session:
            await session.exec(
                update(AuthChallenge)
                .where(
                    col(AuthChallenge.user_id) == user.id,
                    col(AuthChallenge.kind) == PASSWORD_RESET,
                    col(AuthChallenge.used_at).is_(None),
                )
                .values(used_at=now)
            )
            value = new_challenge(session, user_id=user.id, kind=PASSWORD_RESET, now=now, ttl=PASSWORD_RESET_TTL)
            audit.record(session, "auth.password_reset_requested", actor=user_actor(user, meta), target=user)
            await session.commit()
        return user.id, value

    async def reset_password(self, token: str, new_password: str, *, meta: Meta) -> tuple[int, int]:
        """Set a new password with a reset token: the policy applies, the token is spent, every session
        of the user ends (they sign in again everywhere). Answers (user id, sessions ended)."""
        now = utcnow()
        async with self.db.session() as session:
            challenge = await session.get(AuthChallenge, digest(token))
            if (
                challenge is None
                or challenge.kind != PASSWORD_RESET
                or challenge.used_at is not None
                or challenge.expires_at <= now
            ):
                raise ApiError(400, RESET_LINK_INVALID, errors={"token": "Expired, used or unknown."})
            user = await session.get(User, challenge.user_id, with_for_update=True)
            if user is None or user.id is None or user.state == UserState.DISABLED:
                raise ApiError(400, RESET_LINK_INVALID, errors={"token": "Expired, used or unknown."})
            await self.set_new_password(
                session, user, new_password, differ="Choose a password different from the current one."
            )
            spent = await session.exec(
                update(AuthChallenge)
                .where(col(AuthChallenge.id) == challenge.id, col(AuthChallenge.used_at).is_(None))
                .values(used_at=now)
            )
            if spent.rowcount != 1:  # a second use racing this one
                await session.rollback()
                raise ApiError(400, RESET_LINK_INVALID, errors={"token": "Expired, used or unknown."})
            ended = (
                await session.exec(
                    update(AuthSession)
                    .where(col(AuthSession.user_id) == user.id, col(AuthSession.revoked_at).is_(None))
                    .values(revoked_at=now, revoked_reason="password reset")
                )
            ).rowcount
            audit.record(
                session,
                "auth.password_reset",
                actor=user_actor(user, meta),
                target=user,
                detail={"sessionsEnded": ended},
            )
            user_id = user.id
            await session.commit()
        return user_id, ended


async def reset_link_user(db: Database, token: str) -> User | None:
    """The user a live password reset token belongs to (the mail job checks before sending)."""
    async with db.reader() as session:
        challenge = await session.get(AuthChallenge, digest(token))
        if (
            challenge is None
            or challenge.kind != PASSWORD_RESET
            or challenge.used_at is not None
            or challenge.expires_at <= utcnow()
        ):
            return None
        return await session.get(User, challenge.user_id)
