"""Sign-in lockout, counted atomically and decided before the password is checked.

Two counts, each a row of ``sign_in_throttle``:

- per client address and name (``pair_key``): the 5th attempt in a row that was not a full sign-in
  locks that address out of that name for 1 s, the next for 2 s, doubling up to 15 minutes. It
  stops one address from guessing; it never touches the owner signing in from elsewhere.
- per name, from any address (the name itself): the same schedule, only after a much higher count
  (``LOCKOUT_ACCOUNT_FREE_FAILURES``), against guessing spread over many addresses. An address that
  has no failures on that name still gets its password and code checked for an account with
  two-step sign-in, so a stranger cannot keep a known user out (``AuthService.check_password``).

Names that match no account are counted alike, so the answers never tell which names are real.

Every attempt is counted *before* its password is checked, in one ``UPDATE ... RETURNING`` that
also refuses when the key is locked: concurrent attempts cannot read a stale count, and an attempt
that would cross into a lock first takes a short *pending* lock, so it is the only one checked
until its result sets the real lock (a race of 30 wrong passwords stores 30 and checks 5). Only a
full sign-in clears the counts: for an account with two-step sign-in, a correct password with no
code clears nothing, and wrong codes count as failures.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import case, delete, or_, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel.ext.asyncio.session import AsyncSession

from app.errors import ApiError
from app.settings import Settings
from schemas.users import SignInThrottle

LOCKED_MESSAGE = "Too many failed sign-in attempts. Try again later."
#: how long an attempt that crossed into a lock holds the key while its password is checked; a
#: process that dies meanwhile leaves the key locked this long at most
PENDING_SECONDS = 30

_table = SignInThrottle.__table__  # type: ignore[attr-defined]


def lock_seconds(failures: int, *, free_failures: int = 4, cap_seconds: int = 900) -> int:
    """How long the ``failures``-th failure in a row locks."""
    if failures <= free_failures:
        return 0
    return int(min(2 ** min(failures - free_failures - 1, 40), cap_seconds))


def pair_key(address: str, name: str) -> str:
    """The row of one client address guessing one name (hashed: the name may be 254 characters)."""
    return "@" + hashlib.sha256(f"{address}\n{name}".encode()).hexdigest()


def locked_error(until: datetime | None, now: datetime) -> ApiError:
    wait = max(1, math.ceil((until - now).total_seconds())) if until else 1
    return ApiError(429, LOCKED_MESSAGE, headers={"Retry-After": str(wait)})


@dataclass(frozen=True)
class Reservation:
    """One attempt counted on one key: the ``count``-th in a row, and whether the key was locked."""

    key: str
    count: int
    locked_until: datetime | None  # set when the attempt was refused: the lock that refused it
    pending_until: datetime | None  # set when this attempt holds the pending lock

    @property
    def refused(self) -> bool:
        return self.locked_until is not None


class SignInThrottleStore:
    def __init__(self, settings: Settings) -> None:
        self._settings = settings

    def _free(self, key: str) -> int:
        if key.startswith("@"):
            return self._settings.lockout_free_failures
        return self._settings.lockout_account_free_failures

    def _lock(self, key: str, count: int) -> int:
        return lock_seconds(count, free_failures=self._free(key), cap_seconds=self._settings.lockout_max_seconds)

    async def _ensure_row(self, session: AsyncSession, key: str) -> None:
        dialect = session.bind.dialect.name if session.bind is not None else "sqlite"
        insert = pg_insert if dialect == "postgresql" else sqlite_insert
        await session.exec(insert(_table).values(username=key, failures=0).on_conflict_do_nothing())

    async def reserve(self, session: AsyncSession, key: str, now: datetime) -> Reservation:
        """Count one attempt on ``key`` (committed); refused when the key is locked."""
        quiet = now - timedelta(seconds=self._settings.lockout_reset_seconds)
        fresh = or_(_table.c.last_failure_at.is_(None), _table.c.last_failure_at < quiet)
        count = case((fresh, 1), else_=_table.c.failures + 1)
        unlocked = or_(_table.c.locked_until.is_(None), _table.c.locked_until <= now)
        pending = now + timedelta(seconds=PENDING_SECONDS)
        take = (
            update(_table)
            .where(_table.c.username == key, unlocked)
            .values(
                failures=count,
                last_failure_at=now,
                locked_until=case((count > self._free(key), pending), else_=None),
            )
            .returning(_table.c.failures, _table.c.locked_until)
        )
        row = (await session.exec(take)).first()
        if row is None:
            await self._ensure_row(session, key)
            row = (await session.exec(take)).first()
        if row is not None:
            await session.commit()
            return Reservation(key=key, count=int(row[0]), locked_until=None, pending_until=row[1])
        # Locked: the attempt still counts (a hammering client keeps its count growing), unchecked.
        refused = (
            update(_table)
            .where(_table.c.username == key)
            .values(failures=_table.c.failures + 1, last_failure_at=now)
            .returning(_table.c.failures, _table.c.locked_until)
        )
        counted = (await session.exec(refused)).first()
        await session.commit()
        count_now, until = (int(counted[0]), counted[1]) if counted else (1, now)
        return Reservation(key=key, count=count_now, locked_until=until or now, pending_until=None)

    async def failed(self, session: AsyncSession, reservation: Reservation, now: datetime) -> None:
        """The reserved attempt failed: turn its pending lock into the lock its count earns."""
        if reservation.pending_until is None:
            return
        seconds = self._lock(reservation.key, reservation.count)
        await session.exec(
            update(_table)
            .where(_table.c.username == reservation.key, _table.c.locked_until == reservation.pending_until)
            .values(locked_until=now + timedelta(seconds=seconds) if seconds else None)
        )
        await session.commit()

    def lock_for(self, reservation: Reservation) -> int:
        """The lock (seconds) a failed reserved attempt earned: 0 when it locks nothing."""
        if reservation.pending_until is None:
            return 0
        return self._lock(reservation.key, reservation.count)

    async def record_failure(self, session: AsyncSession, key: str, now: datetime) -> int:
        """Count a failure found after the fact (a wrong code) and lock for what the count earns."""
        quiet = now - timedelta(seconds=self._settings.lockout_reset_seconds)
        fresh = or_(_table.c.last_failure_at.is_(None), _table.c.last_failure_at < quiet)
        bump = (
            update(_table)
            .where(_table.c.username == key)
            .values(failures=case((fresh, 1), else_=_table.c.failures + 1), last_failure_at=now)
            .returning(_table.c.failures)
        )
        row = (await session.exec(bump)).first()
        if row is None:
            await self._ensure_row(session, key)
            row = (await session.exec(bump)).first()
        count = int(row[0]) if row else 1
        seconds = self._lock(key, count)
        if seconds:
            until = now + timedelta(seconds=seconds)
            # Only ever lengthen a lock: a concurrent, longer one stays.
            await session.exec(
                update(_table)
                .where(
                    _table.c.username == key,
                    or_(_table.c.locked_until.is_(None), _table.c.locked_until < until),
                )
                .values(locked_until=until)
            )
        await session.commit()
        return count

    async def clear(self, session: AsyncSession, *keys: str) -> None:
        """A full sign-in: its keys start from zero."""
        await session.exec(delete(_table).where(_table.c.username.in_(keys)))
        await session.commit()

    async def state(self, session: AsyncSession, key: str) -> SignInThrottle | None:
        return await session.get(SignInThrottle, key, populate_existing=True)
