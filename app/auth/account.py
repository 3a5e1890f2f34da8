"""One's own account security: confirming the password, changing it, turning two-step sign-in on and off.

Each step needs the current password as well as the access token: a stolen token alone must not
enrol the thief's authenticator or turn the owner's off. The password is checked under the sign-in
lockout and rate limits, so these calls are no way around them.
"""

from __future__ import annotations

from sqlalchemy import update
from sqlmodel import col, select

from app.auth import totp
from app.auth.base import SESSION_ENDED, AuthBase
from app.auth.identity import Principal
from app.errors import ApiError, invalid, unauthorized
from app.services import audit
from app.services.audit import Meta, user_actor
from schemas.base import utcnow
from schemas.users import AuthSession, TotpSetup, User

WRONG_CURRENT_PASSWORD = "Your current password is not correct."
INVALID_CODE = "Invalid code. Check your authenticator app and try again."


class AccountSecurity(AuthBase):
    async def confirm_password(self, principal: Principal, password: str, *, address: str) -> None:
        async with self.db.reader() as session:
            user = await session.get(User, principal.user_id)
        if user is None:
            raise unauthorized(SESSION_ENDED)
        correct = await self.check_password(
            name=user.username,
            password_hash=user.password_hash,
            password=password,
            address=address,
            two_step=user.totp_enabled,
            now=utcnow(),
        )
        if not correct:
            raise ApiError(403, WRONG_CURRENT_PASSWORD, errors={"password": "Incorrect password."})

    async def change_password(
        self, principal: Principal, current: str, new_password: str, *, address: str, meta: Meta
    ) -> list[str]:
        """Change one's own password: the current one first (under the lockout rules), then the same
        policy as the new-password step. The user's other sessions end; answers their ids."""
        await self.confirm_password(principal, current, address=address)
        async with self.db.session() as session:
            user = await session.get(User, principal.user_id, with_for_update=True)
            if user is None:
                raise unauthorized(SESSION_ENDED)
            await self.set_new_password(
                session, user, new_password, differ="Choose a password different from the current one."
            )
            others = [
                row
                for row in (
                    await session.exec(
                        select(AuthSession.id).where(
                            col(AuthSession.user_id) == user.id,
                            col(AuthSession.id) != principal.session_id,
                            col(AuthSession.revoked_at).is_(None),
                        )
                    )
                ).all()
            ]
            if others:
                await session.exec(
                    update(AuthSession)
                    .where(col(AuthSession.id).in_(others), col(AuthSession.revoked_at).is_(None))
                    .values(revoked_at=utcnow(), revoked_reason="password changed")
                )
            audit.record(
                session,
                "auth.password_changed",
                actor=user_actor(user, meta),
                target=user,
                detail={"otherSessionsEnded": len(others)},
            )
            await session.commit()
            return others

    async def totp_setup(self, principal: Principal) -> TotpSetup:
        async with self.db.session() as session:
            user = await session.get(User, principal.user_id)
            assert user is not None
            if user.totp_enabled:
                raise ApiError(409, "Two-step sign-in is already on. Turn it off first to set up a new device.")
            user.totp_secret = totp.new_secret()
            user.totp_last_step = None
            session.add(user)
            await session.commit()
            return TotpSetup(secret=user.totp_secret, uri=totp.provisioning_uri(user.totp_secret, user.email))

    async def totp_verify(self, principal: Principal, code: str, *, enable: bool, meta: Meta | None = None) -> None:
        """Turn TOTP on (after setup) or off, each time proving possession with a fresh code."""
        async with self.db.session() as session:
            user = await session.get(User, principal.user_id, with_for_update=True)
            assert user is not None
            if not user.totp_secret or (enable and user.totp_enabled) or (not enable and not user.totp_enabled):
                state = "already on" if user.totp_enabled else "not set up"
                raise ApiError(409, f"Two-step sign-in is {state}.")
            step = totp.matching_step(user.totp_secret, code, last_step=user.totp_last_step)
            if step is None:
                if not enable:  # guessing the code of an enrolled device: a sign-in failure like any other
                    await session.rollback()
                    await self.throttle.record_failure(session, user.username, utcnow())
                raise invalid(INVALID_CODE, {"code": "Invalid code."})
            user.totp_last_step = step
            user.totp_enabled = enable
            if not enable:
                user.totp_secret = None
            session.add(user)
            kind = "auth.mfa_enabled" if enable else "auth.mfa_disabled"
            audit.record(session, kind, actor=user_actor(user, meta or Meta()), target=user)
            await session.commit()
