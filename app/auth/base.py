"""What every sign-in step stands on: the stores, the password check under the lockout rules, and
the new-password policy. AuthService (app/auth/service.py) is this plus its parts
(app/auth/account.py, app/auth/password_reset.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

from sqlmodel import or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.identity import PORTAL_SESSION, normalize_username
from app.auth.live_sessions import LiveSessionCache
from app.auth.passwords import HashingGate, burn_verification_time, check_new_password, hash_password, verify_password
from app.auth.session_checks import SessionChecks
from app.auth.throttle import SignInThrottleStore, locked_error, pair_key
from app.auth.tokens import TokenService
from app.db import Database
from app.errors import invalid
from app.settings import Settings
from schemas.base import utcnow
from schemas.options import UserState
from schemas.users import User

SESSION_ENDED = "Your session has ended. Sign in again."


class AuthBase:
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

    async def set_new_password(
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
