"""The sign-in flows: password, new-password and TOTP challenges, refresh rotation, sign-out.

A signed-in session is a token family: every refresh token issued since one sign-in belongs to
it. Presenting an already rotated refresh token is treated as theft and revokes the whole family;
signing out revokes it too, and access tokens stop working at once because every request checks
that its session is still live.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth import totp
from app.auth.live_sessions import LiveSessionCache
from app.auth.passwords import HashingGate, burn_verification_time, check_new_password, hash_password, verify_password
from app.auth.session_checks import SessionChecks
from app.auth.throttle import SignInThrottleStore, locked_error, pair_key
from app.auth.tokens import AccessClaims, InvalidToken, TokenService, roles_from_groups
from app.db import Database
from app.errors import ApiError, invalid, unauthorized
from app.services import audit
from app.services.audit import Meta, user_actor
from app.settings import Settings
from schemas.base import utcnow
from schemas.options import Role, UserState
from schemas.users import (
    AuthChallenge,
    AuthSession,
    Challenge,
    ExternalIdentity,
    RefreshToken,
    Tokens,
    TotpSetup,
    User,
)

NEW_PASSWORD_REQUIRED = "NEW_PASSWORD_REQUIRED"
SOFTWARE_TOKEN_MFA = "SOFTWARE_TOKEN_MFA"
MAX_CHALLENGE_ATTEMPTS = 3
#: the one-time code that carries a company sign-in (app/auth/oidc.py) to the login page
EXTERNAL_SIGN_IN = "EXTERNAL_SIGN_IN"
EXTERNAL_CODE_TTL = 120

WRONG_CREDENTIALS = "Incorrect username or password."
SESSION_ENDED = "Your session has ended. Sign in again."
CHALLENGE_EXPIRED = "Your sign-in session has expired. Sign in again."
INVALID_CODE = "Invalid code. Check your authenticator app and try again."
WRONG_CURRENT_PASSWORD = "Your current password is not correct."
#: a password reset by e-mail link (app/routes/auth.py): works once, for PASSWORD_RESET_TTL seconds
PASSWORD_RESET = "PASSWORD_RESET"
PASSWORD_RESET_TTL = 30 * 60
RESET_LINK_INVALID = "This password reset link is not valid any more. Ask for a new one."
#: sessions of the portal; a mock sign-in of a portal user gets a session of its own kind (app/samples/auth.py)
PORTAL_SESSION = "portal"


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def normalize_username(username: str) -> str:
    return username.strip().lower()


class UnknownLogin(ApiError):
    """No account has this username or email (answered exactly like a wrong password)."""


class WrongPassword(ApiError):
    """The account exists but the password is not its password."""


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


class AuthService:
    def __init__(self, *, db: Database, tokens: TokenService, settings: Settings) -> None:
        self.db = db
        self.tokens = tokens
        self.settings = settings
        self.throttle = SignInThrottleStore(settings)
        self.hashing = HashingGate(settings.password_hash_concurrency, settings.password_hash_wait_seconds)
        self.live = LiveSessionCache(settings.session_cache_seconds)
        self.session_checks = SessionChecks(db, kind=PORTAL_SESSION)  # checks at once share one read
        # Set by the portal: tells every API process that a session ended (Redis control channel).
        self.announce_end: Callable[[str], Awaitable[None]] | None = None

    # --- sign-in ---------------------------------------------------------------------------------

    async def check_password(
        self,
        *,
        name: str,
        password_hash: str | None,
        password: str,
        address: str,
        two_step: bool,
        now: datetime,
        locks: list[int] | None = None,
    ) -> bool:
        """Whether ``password`` is the password of the account ``name`` (``password_hash`` None: no such
        account), under the lockout rules (app/auth/throttle.py). 429 while locked.

        The attempt is counted before the password is checked, and the check waits in line for a
        hashing slot with no database connection held. A correct password clears the counts only
        when it is the whole sign-in (``two_step`` False); otherwise the code must follow. A failure
        that starts a lock appends its seconds to ``locks``.
        """
        pair = pair_key(address, name)
        async with self.db.session() as session:
            by_address = await self.throttle.reserve(session, pair, now)
            if by_address.refused:
                raise locked_error(by_address.locked_until, now)
            by_name = await self.throttle.reserve(session, name, now)
        # An address with no failures on this name may still answer for an account with two-step
        # sign-in: a stranger's failures elsewhere must not keep the owner out (the code guards it).
        hidden = by_name.refused
        if hidden and not (two_step and password_hash is not None and by_address.count == 1):
            if by_address.count == 1:  # answer as slowly as the check below would: the lock tells nothing
                await self.hashing.run(burn_verification_time, password)
            raise locked_error(by_name.locked_until, now)
        if password_hash is None:
            await self.hashing.run(burn_verification_time, password)
            correct = False
        else:
            correct = await self.hashing.run(verify_password, password_hash, password)
        async with self.db.session() as session:
            if correct and not two_step:
                await self.throttle.clear(session, pair, name)
            else:
                for reservation in (by_address, by_name):
                    await self.throttle.failed(session, reservation, utcnow())
                    seconds = self.throttle.lock_for(reservation)
                    if seconds and locks is not None:
                        locks.append(seconds)
        if hidden and not correct:
            raise locked_error(by_name.locked_until, now)
        return correct

    async def find_user(self, login: str) -> User | None:
        typed = normalize_username(login)
        async with self.db.reader() as session:
            found: User | None = (
                await session.exec(select(User).where(or_(User.username == typed, User.email == typed)))
            ).first()
            return found

    async def failed_sign_in(self, *, user: User | None, name: str, meta: Meta, reason: str) -> None:
        """Write a failed sign-in to the audit log, in a transaction of its own (the sign-in fails)."""
        async with self.db.session() as session:
            audit.record(
                session,
                "auth.sign_in_failed",
                actor=user_actor(user, meta) if user is not None else audit.Actor(None, name[:64], meta),
                target=user,
                target_label=name,
                detail={"reason": reason},
            )
            await session.commit()

    async def _locked_out(self, *, user: User | None, name: str, meta: Meta, seconds: int) -> None:
        async with self.db.session() as session:
            audit.record(
                session,
                "auth.locked_out",
                actor=user_actor(user, meta) if user is not None else audit.Actor(None, name[:64], meta),
                target=user,
                target_label=name,
                detail={"seconds": seconds},
            )
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
                    id=_digest(f"{value}.{binding}"),
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
            challenge = await session.get(AuthChallenge, _digest(f"{code}.{binding}"))
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
        value = secrets.token_urlsafe(32)
        assert user.id is not None
        session.add(
            AuthChallenge(
                id=_digest(value),
                user_id=user.id,
                kind=kind,
                created_at=now,
                expires_at=now + timedelta(seconds=self.settings.challenge_ttl),
            )
        )
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
            challenge = await session.get(AuthChallenge, _digest(session_value))
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
                await self._set_new_password(session, user, new_password)
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

    async def _set_new_password(
        self,
        session: AsyncSession,
        user: User,
        new_password: str | None,
        *,
        differ: str = "Choose a password different from the temporary one.",
    ) -> None:
        if not new_password:
            raise invalid("Enter a new password.", {"newPassword": "This field is required."})
        check_new_password(
            new_password,
            min_length=self.settings.password_min_length,
            max_length=self.settings.password_max_length,
            username=user.username,
        )
        if await self.hashing.run(verify_password, user.password_hash, new_password):
            raise invalid(
                differ,
                {"newPassword": "Must differ from the current password."},
            )
        user.password_hash = await self.hashing.run(hash_password, new_password)
        user.state = UserState.CONFIRMED
        user.updated_at = utcnow()
        session.add(user)

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
                token_hash=_digest(refresh_value),
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
            result = await session.exec(select(RefreshToken).where(RefreshToken.token_hash == _digest(refresh_token)))
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

    # --- TOTP enrolment ----------------------------------------------------------------------------
    # Each step needs the current password as well as the access token: a stolen token alone must not
    # enrol the thief's authenticator or turn the owner's off. The password is checked under the
    # sign-in lockout and rate limits, so these calls are no way around them.

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
            await self._set_new_password(
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

    # --- forgotten password -----------------------------------------------------------------------
    # The request answers the same whatever was typed (no account is revealed). An account that can
    # sign in with a password (not disabled, not a company sign-in account) and has an address gets
    # a one-time token, kept only as its SHA-256, valid PASSWORD_RESET_TTL seconds. Asking again
    # replaces the earlier token.

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
        value = secrets.token_urlsafe(32)
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
            session.add(
                AuthChallenge(
                    id=_digest(value),
                    user_id=user.id,
                    kind=PASSWORD_RESET,
                    created_at=now,
                    expires_at=now + timedelta(seconds=PASSWORD_RESET_TTL),
                )
            )
            audit.record(session, "auth.password_reset_requested", actor=user_actor(user, meta), target=user)
            await session.commit()
        return user.id, value

    async def reset_password(self, token: str, new_password: str, *, meta: Meta) -> tuple[int, int]:
        """Set a new password with a reset token: the policy applies, the token is spent, every session
        of the user ends (they sign in again everywhere). Answers (user id, sessions ended)."""
        now = utcnow()
        async with self.db.session() as session:
            challenge = await session.get(AuthChallenge, _digest(token))
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
            await self._set_new_password(
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


async def reset_link_user(db: Database, token: str) -> User | None:
    """The user a live password reset token belongs to (the mail job checks before sending)."""
    async with db.reader() as session:
        challenge = await session.get(AuthChallenge, _digest(token))
        if (
            challenge is None
            or challenge.kind != PASSWORD_RESET
            or challenge.used_at is not None
            or challenge.expires_at <= utcnow()
        ):
            return None
        return await session.get(User, challenge.user_id)


def roles_of(user: User, settings: Settings) -> list[Role]:
    return roles_from_groups(user.groups, settings.role_group_prefix)
