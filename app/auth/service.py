"""The sign-in flows: password, new-password and TOTP challenges, refresh rotation, sign-out.

A signed-in session is a token family: every refresh token issued since one sign-in belongs to
it. Presenting an already rotated refresh token is treated as theft and revokes the whole family;
signing out revokes it too, and access tokens stop working at once because every request checks
that its session is still live. One's own account security (app/auth/account.py) and the forgotten
password (app/auth/password_reset.py) are parts of the same service; what they share is
app/auth/base.py.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import update
from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth import totp
from app.auth.account import INVALID_CODE, AccountSecurity
from app.auth.base import SESSION_ENDED
from app.auth.identity import PORTAL_SESSION, Principal, digest, new_challenge, normalize_username, roles_of
from app.auth.password_reset import PasswordResets
from app.auth.throttle import pair_key
from app.auth.tokens import AccessClaims, InvalidToken
from app.errors import ApiError, invalid, unauthorized
from app.services import audit
from app.services.audit import Meta, user_actor
from schemas.base import utcnow
from schemas.options import Role, UserState
from schemas.users import (
    AuthChallenge,
    AuthSession,
    Challenge,
    RefreshToken,
    Tokens,
    User,
)

NEW_PASSWORD_REQUIRED = "NEW_PASSWORD_REQUIRED"
SOFTWARE_TOKEN_MFA = "SOFTWARE_TOKEN_MFA"
MAX_CHALLENGE_ATTEMPTS = 3
#: the one-time code that carries a company sign-in (app/auth/oidc.py) to the login page
EXTERNAL_SIGN_IN = "EXTERNAL_SIGN_IN"
EXTERNAL_CODE_TTL = 120

WRONG_CREDENTIALS = "Incorrect username or password."
CHALLENGE_EXPIRED = "Your sign-in session has expired. Sign in again."


class UnknownLogin(ApiError):
    """No account has this username or email (answered exactly like a wrong password)."""


class WrongPassword(ApiError):
    """The account exists but the password is not its password."""


class AuthService(AccountSecurity, PasswordResets):
    """Sign-in, challenges, sessions and tokens; with its parts, every authentication step."""

    # --- sign-in ---------------------------------------------------------------------------------

    async def failed_sign_in(self, *, user: User | None, name: str, meta: Meta, reason: str) -> None:
        """Write a failed sign-in to the audit log, in a transaction of its own (the sign-in fails)."""
        await self._audit_attempt("auth.sign_in_failed", user=user, name=name, meta=meta, detail={"reason": reason})

    async def _locked_out(self, *, user: User | None, name: str, meta: Meta, seconds: int) -> None:
        await self._audit_attempt("auth.locked_out", user=user, name=name, meta=meta, detail={"seconds": seconds})

    async def _audit_attempt(
        self, action: str, *, user: User | None, name: str, meta: Meta, detail: dict[str, Any]
    ) -> None:
        """An audit entry about a sign-in attempt by ``name`` (the user it named, if any), committed alone."""
        async with self.db.session() as session:
            actor = user_actor(user, meta) if user is not None else audit.Actor(None, name[:64], meta)
            audit.record(session, action, actor=actor, target=user, target_label=name, detail=detail)
            await session.commit()

    async def verify_credentials(
        self, *, login: str, password: str, address: str, now: datetime, meta: Meta | None = None
    ) -> User:
        """The user whose username or email and password these are, under the lockout rules.

        Failures are counted per account (username and email share one count) and, for names that
        match no account, per name typed; both answer alike and take about as long.
        """
        user = await self.find_user(login)
        name = user.username if user is not None else normalize_username(login)
        meta = meta or Meta(ip=address)
        locks: list[int] = []
        try:
            correct = await self.check_password(
                name=name,
                password_hash=user.password_hash if user is not None else None,
                password=password,
                address=address,
                two_step=bool(user is not None and user.totp_enabled and user.totp_secret),
                now=now,
                locks=locks,
            )
        except ApiError as exc:
            if exc.status == 429:
                await self.failed_sign_in(user=user, name=name, meta=meta, reason="locked")
            raise
        if not correct or user is None:
            reason = "unknown user" if user is None else "wrong password"
            await self.failed_sign_in(user=user, name=name, meta=meta, reason=reason)
            if locks:
                await self._locked_out(user=user, name=name, meta=meta, seconds=max(locks))
        if user is None:
            raise UnknownLogin(401, WRONG_CREDENTIALS, headers={"WWW-Authenticate": "Bearer"})
        if not correct:
            raise WrongPassword(401, WRONG_CREDENTIALS, headers={"WWW-Authenticate": "Bearer"})
        return user

    async def sign_in(
        self, *, username: str, password: str, address: str, user_agent: str | None = None
    ) -> Tokens | Challenge:
        now = utcnow()
        meta = Meta(ip=address, user_agent=user_agent)
        user = await self.verify_credentials(login=username, password=password, address=address, now=now, meta=meta)
        if user.state == UserState.DISABLED:
            await self.failed_sign_in(user=user, name=user.username, meta=meta, reason="disabled")
            raise ApiError(403, "This account is disabled. Ask an administrator to enable it.")
        if self.settings.local_sign_in == "admins-only" and Role.ADMIN not in roles_of(user, self.settings):
            await self.failed_sign_in(user=user, name=user.username, meta=meta, reason="password sign-in is for admins")
            where = (
                f"Use “Sign in with {self.settings.oidc_display_name}”."
                if self.settings.oidc_enabled
                else "Ask an administrator."
            )
            raise ApiError(403, f"Password sign-in is for administrators only. {where}")
        async with self.db.session() as session:
            return await self._next_step(session, user, now, meta)

    async def open_external_sign_in(self, user: User, *, binding: str) -> str:
        """A one-time code for a user an identity provider vouched for (app/auth/oidc.py): good for
        two minutes, and only together with ``binding``, the value the browser that started kept."""
        value = secrets.token_urlsafe(32)
        now = utcnow()
        async with self.db.session() as session:
            session.add(
                AuthChallenge(
                    id=digest(f"{value}.{binding}"),
                    user_id=user.id or 0,
                    kind=EXTERNAL_SIGN_IN,
                    created_at=now,
                    expires_at=now + timedelta(seconds=EXTERNAL_CODE_TTL),
                )
            )
            await session.commit()
        return value

    async def exchange_external(self, *, code: str, binding: str, meta: Meta) -> Tokens:
        """The portal's tokens for a one-time code of ``open_external_sign_in``: a session like any sign-in."""
        now = utcnow()
        async with self.db.session() as session:
            challenge = await session.get(AuthChallenge, digest(f"{code}.{binding}"))
            if (
                challenge is None
                or challenge.kind != EXTERNAL_SIGN_IN
                or challenge.used_at is not None
                or challenge.expires_at <= now
            ):
                raise unauthorized(CHALLENGE_EXPIRED)
            user = await session.get(User, challenge.user_id)
            if user is None or user.state == UserState.DISABLED:
                raise ApiError(403, "This account is disabled. Ask an administrator to enable it.")
            await self._consume(session, challenge, now)
            await session.refresh(user)
            return await self._start_session(session, user, now, meta, via="oidc")

    async def _next_step(self, session: AsyncSession, user: User, now: datetime, meta: Meta) -> Tokens | Challenge:
        if user.state == UserState.FORCE_CHANGE_PASSWORD:
            return await self._open_challenge(session, user, NEW_PASSWORD_REQUIRED, now)
        if user.totp_enabled and user.totp_secret:
            return await self._open_challenge(session, user, SOFTWARE_TOKEN_MFA, now)
        return await self._start_session(session, user, now, meta)

    async def _open_challenge(self, session: AsyncSession, user: User, kind: str, now: datetime) -> Challenge:
        assert user.id is not None
        value = new_challenge(session, user_id=user.id, kind=kind, now=now, ttl=self.settings.challenge_ttl)
        await session.commit()
        return Challenge(challenge=kind, session=value)

    async def answer_challenge(
        self,
        *,
        session_value: str,
        new_password: str | None,
        code: str | None,
        address: str,
        user_agent: str | None = None,
    ) -> Tokens | Challenge:
        now = utcnow()
        meta = Meta(ip=address, user_agent=user_agent)
        async with self.db.session() as session:
            challenge = await session.get(AuthChallenge, digest(session_value))
            if (
                challenge is None
                or challenge.kind not in (NEW_PASSWORD_REQUIRED, SOFTWARE_TOKEN_MFA)
                or challenge.used_at is not None
                or challenge.expires_at <= now
            ):
                raise unauthorized(CHALLENGE_EXPIRED)
            user = await session.get(User, challenge.user_id)
            if user is None or user.state == UserState.DISABLED:
                raise unauthorized(CHALLENGE_EXPIRED)
            if challenge.kind == NEW_PASSWORD_REQUIRED:
                await self.set_new_password(session, user, new_password)
                audit.record(session, "auth.password_chosen", actor=user_actor(user, meta), target=user)
            else:
                try:
                    await self._check_challenge_code(session, challenge, user, code, address, now)
                except ApiError as exc:
                    if exc.status == 401:
                        reason = "wrong code" if exc.message == INVALID_CODE else "challenge expired"
                        await self.failed_sign_in(user=user, name=user.username, meta=meta, reason=reason)
                    raise
            await self._consume(session, challenge, now)
            await session.refresh(user)
            if challenge.kind == SOFTWARE_TOKEN_MFA:
                # The whole sign-in is proven: the counts of this name start again.
                await self.throttle.clear(session, pair_key(address, user.username), user.username)
                return await self._start_session(session, user, now, meta)
            return await self._next_step(session, user, now, meta)

    async def _consume(self, session: AsyncSession, challenge: AuthChallenge, now: datetime) -> None:
        # Only the first answer wins: a replay of the same session finds used_at already set.
        result = await session.exec(
            update(AuthChallenge)
            .where(AuthChallenge.id == challenge.id, AuthChallenge.used_at.is_(None))  # type: ignore[arg-type,union-attr]
            .values(used_at=now)
        )
        if result.rowcount != 1:
            await session.rollback()
            raise unauthorized(CHALLENGE_EXPIRED)
        await session.commit()

    async def _check_challenge_code(
        self, session: AsyncSession, challenge: AuthChallenge, user: User, code: str | None, address: str, now: datetime
    ) -> None:
        """Check a code against one of the challenge's attempts, taken atomically: however many
        answers race, at most ``MAX_CHALLENGE_ATTEMPTS`` codes are ever compared. A wrong code counts
        as a sign-in failure of the name, which a correct password alone does not clear."""
        if not code:
            raise invalid("Enter the 6-digit code from your authenticator app.", {"code": "Required."})
        assert user.totp_secret is not None
        taken = (
            await session.exec(
                update(AuthChallenge)
                .where(
                    col(AuthChallenge.id) == challenge.id,
                    col(AuthChallenge.used_at).is_(None),
                    col(AuthChallenge.expires_at) > now,
                    col(AuthChallenge.attempts) < MAX_CHALLENGE_ATTEMPTS,
                )
                .values(attempts=col(AuthChallenge.attempts) + 1)
                .returning(col(AuthChallenge.attempts))
            )
        ).first()
        await session.commit()
        if taken is None:
            raise unauthorized(CHALLENGE_EXPIRED)
        step = totp.matching_step(user.totp_secret, code, last_step=user.totp_last_step)
        if step is not None:
            # A code works once, also when two answers with it race: the step moves forward once.
            accepted = await session.exec(
                update(User)
                .where(
                    col(User.id) == user.id,
                    or_(col(User.totp_last_step).is_(None), col(User.totp_last_step) < step),
                )
                .values(totp_last_step=step)
            )
            if accepted.rowcount == 1:
                return
            await session.rollback()
        if int(taken[0]) >= MAX_CHALLENGE_ATTEMPTS:
            await session.exec(
                update(AuthChallenge)
                .where(col(AuthChallenge.id) == challenge.id, col(AuthChallenge.used_at).is_(None))
                .values(used_at=now)
            )
            await session.commit()
        await self.throttle.record_failure(session, pair_key(address, user.username), now)
        await self.throttle.record_failure(session, user.username, now)
        raise unauthorized(INVALID_CODE)

    # --- sessions and tokens -----------------------------------------------------------------------

    async def _start_session(
        self, session: AsyncSession, user: User, now: datetime, meta: Meta, *, via: str | None = None
    ) -> Tokens:
        """Open a session and issue its tokens: every sign-in ends here (``via``: "oidc" for company sign-in)."""
        auth_session = AuthSession(
            id=secrets.token_hex(16),
            user_id=user.id or 0,
            created_at=now,
            expires_at=now + timedelta(seconds=self.settings.refresh_token_ttl),
            ip=(meta.ip or None) and meta.ip[:64],
            user_agent=(meta.user_agent or None) and meta.user_agent[:300],
            last_used_at=now,
        )
        session.add(auth_session)
        audit.record(
            session, "auth.signed_in", actor=user_actor(user, meta), target=user, detail={"via": via} if via else None
        )
        tokens = self._issue(session, user, auth_session, now)
        await session.commit()
        return tokens

    def _issue(self, session: AsyncSession, user: User, auth_session: AuthSession, now: datetime) -> Tokens:
        access, identity = self.tokens.issue(user=user, session_id=auth_session.id, now=now)
        refresh_value = secrets.token_urlsafe(32)
        session.add(
            RefreshToken(
                session_id=auth_session.id,
                token_hash=digest(refresh_value),
                created_at=now,
                expires_at=auth_session.expires_at,
            )
        )
        return Tokens(
            access_token=access,
            id_token=identity,
            refresh_token=refresh_value,
            issued_at=now,
            expires_in=self.settings.access_token_ttl,
            refresh_expires_in=int((auth_session.expires_at - now).total_seconds()),
        )

    async def refresh(self, *, refresh_token: str, address: str | None = None, user_agent: str | None = None) -> Tokens:
        now = utcnow()
        async with self.db.session() as session:
            result = await session.exec(select(RefreshToken).where(RefreshToken.token_hash == digest(refresh_token)))
            stored = result.first()
            if stored is None:
                raise unauthorized(SESSION_ENDED)
            auth_session = await session.get(AuthSession, stored.session_id)
            if (
                auth_session is None
                or auth_session.kind != PORTAL_SESSION
                or auth_session.revoked_at is not None
                or auth_session.expires_at <= now
            ):
                raise unauthorized(SESSION_ENDED)
            rotated = await session.exec(
                update(RefreshToken)
                .where(RefreshToken.id == stored.id, RefreshToken.rotated_at.is_(None))  # type: ignore[arg-type,union-attr]
                .values(rotated_at=now)
            )
            if rotated.rowcount != 1:
                # A rotated token came back: someone holds a copy. End the whole family.
                owner = await session.get(User, auth_session.user_id)
                audit.record(
                    session,
                    "auth.refresh_reuse",
                    actor=audit.Actor(None, "system"),
                    target=owner,
                    meta=Meta(ip=address, user_agent=user_agent),
                    detail={"sessionEnded": True},
                )
                await self._revoke(session, auth_session.id, "refresh token reuse", now)
                raise unauthorized(SESSION_ENDED)
            user = await session.get(User, auth_session.user_id)
            if user is None or user.state == UserState.DISABLED:
                await self._revoke(session, auth_session.id, "user disabled", now)
                raise unauthorized(SESSION_ENDED)
            auth_session.last_used_at = now
            session.add(auth_session)
            tokens = self._issue(session, user, auth_session, now)
            await session.commit()
            return tokens

    async def _revoke(self, session: AsyncSession, session_id: str, reason: str, now: datetime) -> None:
        await session.exec(
            update(AuthSession)
            .where(AuthSession.id == session_id, AuthSession.revoked_at.is_(None))  # type: ignore[arg-type,union-attr]
            .values(revoked_at=now, revoked_reason=reason)
        )
        await session.commit()
        self.live.forget_session(session_id)
        if self.announce_end is not None:
            await self.announce_end(session_id)

    async def sign_out(self, principal: Principal, meta: Meta | None = None) -> None:
        """End this session, and the user's sample-area mock sessions with it (app/samples/auth.py)."""
        now = utcnow()
        async with self.db.session() as session:
            user = await session.get(User, principal.user_id)
            if user is not None:
                audit.record(session, "auth.signed_out", actor=user_actor(user, meta or Meta()), target=user)
            await session.exec(
                update(AuthSession)
                .where(
                    col(AuthSession.user_id) == principal.user_id,
                    col(AuthSession.kind) != PORTAL_SESSION,
                    col(AuthSession.revoked_at).is_(None),
                )
                .values(revoked_at=now, revoked_reason="signed out")
            )
            await self._revoke(session, principal.session_id, "signed out", now)

    async def authenticate(self, token: str) -> Principal:
        """Verify an access token and check that its session and user are still live."""
        try:
            claims: AccessClaims = self.tokens.verify(token, use="access")
        except InvalidToken as exc:
            raise unauthorized("Your access token is invalid or has expired.") from exc
        if not self.live.is_live(claims.session_id, claims.user_id):
            await self._check_live(claims)
        return Principal(
            user_id=claims.user_id,
            session_id=claims.session_id,
            username=claims.username,
            roles=claims.roles,
            expires_at=claims.expires_at,
        )

    async def still_live(self, principal: Principal) -> bool:
        """Ask the database (never the memory) whether the principal's session is still live."""
        try:
            await self._check_live(
                AccessClaims(
                    user_id=principal.user_id,
                    session_id=principal.session_id,
                    username=principal.username,
                    roles=principal.roles,
                    expires_at=principal.expires_at,
                )
            )
        except ApiError:
            return False
        return True

    async def _check_live(self, claims: AccessClaims) -> None:
        now = utcnow()
        epoch = self.live.epoch  # an end heard while the query runs must win over its answer
        row = await self.session_checks.row(claims.session_id, claims.user_id)
        if row is None or row[0] is not None or row[1] <= now:  # None: no such session, or user disabled
            raise unauthorized(SESSION_ENDED)
        self.live.remember(
            claims.session_id, claims.user_id, epoch=epoch, session_ends_in=(row[1] - now).total_seconds()
        )
