"""Sign-in lockout: after the 5th failure in a row, the n-th failure locks for 2^(n-5) s (capped).

Counted per username whether or not the user exists, so the answer never tells which names are
real. A success, or a quiet period, clears the count.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import delete
from sqlmodel.ext.asyncio.session import AsyncSession

from app.errors import ApiError
from app.settings import Settings
from schemas.users import SignInThrottle

LOCKED_MESSAGE = "Too many failed sign-in attempts. Try again later."


def lock_seconds(failures: int, *, free_failures: int = 4, cap_seconds: int = 900) -> int:
    """How long the ``failures``-th failure in a row locks the account."""
    if failures <= free_failures:
        return 0
    return int(min(2 ** (failures - free_failures - 1), cap_seconds))


def _locked_error(until: datetime, now: datetime) -> ApiError:
    wait = max(1, math.ceil((until - now).total_seconds()))
    return ApiError(429, LOCKED_MESSAGE, headers={"Retry-After": str(wait)})


class SignInThrottleStore:
    def __init__(self, settings: Settings) -> None:
        self._settings = settings

    async def ensure_not_locked(self, session: AsyncSession, username: str, now: datetime) -> None:
        row = await session.get(SignInThrottle, username)
        if row and row.locked_until and row.locked_until > now:
            raise _locked_error(row.locked_until, now)

    async def record_failure(self, session: AsyncSession, username: str, now: datetime) -> int:
        """Count one more failure and set the lock it earns; returns the count."""
        quiet = now - timedelta(seconds=self._settings.lockout_reset_seconds)
        row = await session.get(SignInThrottle, username, with_for_update=True)
        if row is None:
            try:
                async with session.begin_nested():
                    session.add(SignInThrottle(username=username, failures=0))
            except IntegrityError:
                pass
            row = await session.get(SignInThrottle, username, with_for_update=True, populate_existing=True)
            assert row is not None
        failures = 1 if row.last_failure_at is None or row.last_failure_at < quiet else row.failures + 1
        seconds = lock_seconds(
            failures,
            free_failures=self._settings.lockout_free_failures,
            cap_seconds=self._settings.lockout_max_seconds,
        )
        await session.exec(
            update(SignInThrottle)
            .where(SignInThrottle.username == username)  # type: ignore[arg-type]
            .values(
                failures=failures,
                last_failure_at=now,
                locked_until=now + timedelta(seconds=seconds) if seconds else None,
            )
        )
        await session.commit()
        return failures

    async def record_success(self, session: AsyncSession, username: str) -> None:
        await session.exec(delete(SignInThrottle).where(SignInThrottle.username == username))  # type: ignore[arg-type]
        await session.commit()

    async def state(self, session: AsyncSession, username: str) -> SignInThrottle | None:
        return await session.get(SignInThrottle, username)
