"""Issue 23: forgotten password (a reset link by e-mail), reset with the policy, and the lock screen."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from sqlalchemy import update
from sqlmodel import col, select
from starlette.applications import Starlette

from app.auth.identity import digest
from app.auth.password_reset import PASSWORD_RESET, reset_link_user
from app.routes.auth import RESET_SENT
from schemas.audit import AuditEvent
from schemas.base import utcnow
from schemas.options import Role, UserState
from schemas.users import AuthChallenge, ExternalIdentity, User
from tests.support import Account, create_account, sign_in

pytestmark = pytest.mark.db

NEW_PASSWORD = "violet-harbour-lantern-42"


@pytest.fixture
def mailed(app: Starlette, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """The reset mails the API hands to the workers: (user id, token)."""
    sent: list[tuple[int, str]] = []
    monkeypatch.setattr(
        app.state.portal.deliveries, "password_reset_mail", lambda uid, token: sent.append((uid, token))
    )
    return sent


async def _ask(client: httpx.AsyncClient, email: str) -> httpx.Response:
    return await client.post("/auth/forgot-password", json={"email": email})


async def test_forgot_password_answers_alike_and_mails_only_real_accounts(
    app: Starlette, client: httpx.AsyncClient, mailed: list[tuple[int, str]]
) -> None:
    account = await create_account(app, Role.TECHNICIAN)
    known = await _ask(client, f"{account.username}@example.test")
    unknown = await _ask(client, "nobody-at-all@example.test")
    assert known.status_code == unknown.status_code == 202
    assert known.json() == unknown.json() == {"message": RESET_SENT}
    assert [uid for uid, _ in mailed] == [account.user_id]
    token = mailed[0][1]
    async with app.state.portal.db.reader() as session:
        stored = await session.get(AuthChallenge, digest(token))
        assert stored is not None and stored.kind == PASSWORD_RESET  # only the hash is kept
        assert await session.get(AuthChallenge, token) is None
        assert timedelta(minutes=29) < stored.expires_at - stored.created_at <= timedelta(minutes=30)
    user = await reset_link_user(app.state.portal.db, token)
    assert user is not None and user.id == account.user_id

    # Asking again replaces the first link.
    await _ask(client, account.username)
    assert len(mailed) == 2
    assert await reset_link_user(app.state.portal.db, token) is None
    assert await reset_link_user(app.state.portal.db, mailed[1][1]) is not None


async def test_forgot_password_validates(client: httpx.AsyncClient) -> None:
    empty = await client.post("/auth/forgot-password", json={"email": ""})
    assert empty.status_code == 422
    extra = await client.post("/auth/forgot-password", json={"email": "a@b.test", "admin": True})
    assert extra.status_code == 422


async def test_reset_password_applies_the_policy_is_single_use_and_ends_sessions(
    app: Starlette, client: httpx.AsyncClient, mailed: list[tuple[int, str]]
) -> None:
    account = await sign_in(client, await create_account(app, Role.MANAGER))
    assert (await client.get("/me", headers=account.headers)).status_code == 200
    await _ask(client, account.username)
    token = mailed[-1][1]

    weak = await client.post("/auth/reset-password", json={"token": token, "newPassword": "password123"})
    assert weak.status_code == 422 and "too common" in weak.json()["message"]
    same = await client.post("/auth/reset-password", json={"token": token, "newPassword": account.password})
    assert same.status_code == 422

    done = await client.post("/auth/reset-password", json={"token": token, "newPassword": NEW_PASSWORD})
    assert done.status_code == 200, done.text
    assert done.json()["sessionsEnded"] == 1
    # The old session ended, the old password is gone, the new one signs in.
    assert (await client.get("/me", headers=account.headers)).status_code == 401
    old = await client.post("/auth/sign-in", json={"username": account.username, "password": account.password})
    assert old.status_code == 401
    new = await client.post("/auth/sign-in", json={"username": account.username, "password": NEW_PASSWORD})
    assert new.status_code == 200 and "accessToken" in new.json()

    replay = await client.post("/auth/reset-password", json={"token": token, "newPassword": "another-good-phrase-77"})
    assert replay.status_code == 400
    assert "not valid any more" in replay.json()["message"]
    async with app.state.portal.db.reader() as session:
        kinds = (
            await session.exec(select(AuditEvent.kind).where(col(AuditEvent.target_user_id) == account.user_id))
        ).all()
    assert "auth.password_reset_requested" in kinds and "auth.password_reset" in kinds


async def test_reset_token_expires_and_unknown_tokens_are_refused(
    app: Starlette, client: httpx.AsyncClient, mailed: list[tuple[int, str]]
) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    await _ask(client, account.username)
    token = mailed[-1][1]
    async with app.state.portal.db.session() as session:
        await session.exec(
            update(AuthChallenge)
            .where(col(AuthChallenge.id) == digest(token))
            .values(expires_at=utcnow() - timedelta(seconds=1))
        )
        await session.commit()
    expired = await client.post("/auth/reset-password", json={"token": token, "newPassword": NEW_PASSWORD})
    assert expired.status_code == 400
    unknown = await client.post("/auth/reset-password", json={"token": "x" * 43, "newPassword": NEW_PASSWORD})
    assert unknown.status_code == 400
    missing = await client.post("/auth/reset-password", json={"token": token})
    assert missing.status_code == 422


async def test_unlock_needs_the_signed_in_users_password(app: Starlette, client: httpx.AsyncClient) -> None:
    account: Account = await sign_in(client, await create_account(app, Role.TECHNICIAN))
    assert (await client.post("/auth/unlock", json={"password": account.password})).status_code == 401
    wrong = await client.post("/auth/unlock", json={"password": "not-the-password"}, headers=account.headers)
    assert wrong.status_code == 403
    right = await client.post("/auth/unlock", json={"password": account.password}, headers=account.headers)
    assert right.status_code == 200 and right.json() == {"message": "Unlocked."}
    empty = await client.post("/auth/unlock", json={"password": ""}, headers=account.headers)
    assert empty.status_code == 422


async def test_disabled_and_company_sign_in_accounts_get_no_link(
    app: Starlette, client: httpx.AsyncClient, mailed: list[tuple[int, str]]
) -> None:
    company = await create_account(app, Role.TECHNICIAN)
    disabled = await create_account(app, Role.TECHNICIAN)
    async with app.state.portal.db.session() as session:
        session.add(
            ExternalIdentity(issuer="https://id.example.test", subject=company.username, user_id=company.user_id)
        )
        user = await session.get(User, disabled.user_id)
        assert user is not None
        user.state = UserState.DISABLED
        session.add(user)
        await session.commit()
    for account in (company, disabled):
        answer = await _ask(client, account.username)
        assert answer.status_code == 202 and answer.json() == {"message": RESET_SENT}
    assert mailed == []
