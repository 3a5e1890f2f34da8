"""Session checks asked together share one read, and each still gets its own answer (app/auth/session_checks.py).

What matters after a restart: a process starts with an empty memory of live sessions, thousands of
sockets come back at once, and a revoked session, a disabled user or a token naming another user
must still be refused while the live ones pass.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

import pytest
from sqlmodel.ext.asyncio.session import AsyncSession
from starlette.applications import Starlette

from app.auth.service import AuthService
from app.auth.session_checks import SessionChecks
from app.errors import ApiError
from schemas.base import utcnow
from schemas.options import Role, UserState
from schemas.users import AuthSession, User
from tests.support import create_account

pytestmark = pytest.mark.db


async def _session_of(app: Starlette, user_id: int, *, revoked: bool = False, disabled: bool = False) -> str:
    """A portal session of the user (revoked, or its user disabled, when asked)."""
    now = utcnow()
    session_id = secrets.token_hex(16)
    async with app.state.portal.db.session() as db:
        db.add(
            AuthSession(
                id=session_id,
                user_id=user_id,
                expires_at=now + timedelta(days=1),
                revoked_at=now if revoked else None,
                revoked_reason="signed out" if revoked else None,
            )
        )
        if disabled:
            user = await db.get(User, user_id)
            assert user is not None
            user.state = UserState.DISABLED
            db.add(user)
        await db.commit()
    return session_id


async def test_checks_at_once_share_one_read_and_each_gets_its_own_row(app: Starlette) -> None:
    portal = app.state.portal
    live_user = (await create_account(app, Role.TECHNICIAN)).user_id
    other_user = (await create_account(app, Role.TECHNICIAN)).user_id
    disabled_user = (await create_account(app, Role.TECHNICIAN)).user_id
    live = [await _session_of(app, live_user) for _ in range(3)]
    revoked = await _session_of(app, other_user, revoked=True)
    of_disabled = await _session_of(app, disabled_user, disabled=True)
    reads = 0
    real_reader = portal.db.reader

    @asynccontextmanager
    async def counted() -> AsyncIterator[AsyncSession]:
        nonlocal reads
        reads += 1
        async with real_reader() as session:
            yield session

    portal.db.reader = counted
    try:
        checks = SessionChecks(portal.db, kind="portal")
        asked = [(s, live_user) for s in live] + [(revoked, other_user), (of_disabled, disabled_user)]
        asked += [(live[0], other_user), ("no-such-session", live_user), (live[1], live_user)]
        rows = await asyncio.gather(*(checks.row(s, u) for s, u in asked))
    finally:
        portal.db.reader = real_reader
    assert reads == 1
    assert all(row is not None and row[0] is None for row in rows[:3])  # live
    assert rows[3] is not None and rows[3][0] is not None  # revoked
    assert rows[4] is None  # the user is disabled
    assert rows[5] is None and rows[6] is None  # another user's session, no session
    assert rows[7] == rows[1]  # the same session asked twice


async def test_a_restarted_process_refuses_revoked_sessions_among_many_live_ones(app: Starlette) -> None:
    """A fresh AuthService is a process just started: nothing remembered, every check at once."""
    portal = app.state.portal
    restarted = AuthService(db=portal.db, tokens=portal.auth.tokens, settings=portal.settings)
    restarted.live.hearing(True)  # subscribed to the control channel, as after start-up
    tokens: list[tuple[str, bool]] = []
    for n in range(12):
        account = await create_account(app, Role.TECHNICIAN)
        revoked = n % 4 == 0
        session_id = await _session_of(app, account.user_id, revoked=revoked)
        async with portal.db.session() as db:
            user = await db.get(User, account.user_id)
        assert user is not None
        access, _ = portal.auth.tokens.issue(user=user, session_id=session_id, now=utcnow())
        tokens.append((access, revoked))
    answers = await asyncio.gather(*(restarted.authenticate(t) for t, _ in tokens), return_exceptions=True)
    for (_, revoked), answer in zip(tokens, answers, strict=True):
        if revoked:
            assert isinstance(answer, ApiError) and answer.status == 401
        else:
            assert not isinstance(answer, BaseException)
            assert restarted.live.is_live(answer.session_id, answer.user_id)  # remembered: no read next time
