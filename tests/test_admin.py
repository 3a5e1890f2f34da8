"""The admin console (issue 19): who may call it, one audit row per event in the change's own
transaction, the CLI and the API through the same services, sessions, the merged log and its export."""

from __future__ import annotations

import asyncio
import csv
import io
import subprocess
import sys
from datetime import timedelta
from typing import Any

import httpx
import pyotp
import pytest
from sqlalchemy import func, update
from sqlmodel import col, select
from starlette.applications import Starlette

from app.errors import ApiError
from app.routes.openapi import documented_methods, walk
from app.services import audit, users
from app.settings import ROOT, Settings
from schemas.audit import AuditEvent
from schemas.base import utcnow
from schemas.options import Role
from schemas.users import SignInThrottle, User
from tests.processes import process_env
from tests.realtime_support import Cluster, tokens_for
from tests.support import PASSWORD, Account, create_account, sign_in, unique

pytestmark = pytest.mark.db

OTHER_ROLES = ["manager", "technician", "contractor", "norole"]


async def _events(app: Starlette, *, target: int | None = None, kind: str | None = None) -> list[AuditEvent]:
    async with app.state.portal.db.session() as session:
        statement = select(AuditEvent).order_by(col(AuditEvent.id))
        if target is not None:
            statement = statement.where(AuditEvent.target_user_id == target)
        if kind is not None:
            statement = statement.where(AuditEvent.kind == kind)
        return list((await session.exec(statement)).all())


async def _kinds(app: Starlette, target: int) -> list[str]:
    return [event.kind for event in await _events(app, target=target)]


def _admin_calls(app: Starlette) -> list[tuple[str, str]]:
    return [
        (method, path.replace("{id}", "1").replace("{sid}", "x"))
        for path, route in walk(app.routes)
        if path.startswith("/admin/")
        for method in documented_methods(route)
    ]


# --- authorization -------------------------------------------------------------------------------


async def test_every_admin_call_is_refused_to_the_other_roles_and_to_strangers(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    calls = _admin_calls(app)
    assert len(calls) >= 12
    for method, path in calls:
        body = {} if method in ("POST", "PATCH") else None
        stranger = await client.request(method, path, json=body)
        assert stranger.status_code == 401, (method, path, stranger.text)
        for role in OTHER_ROLES:
            answer = await client.request(method, path, headers=staff[role].headers, json=body)
            assert answer.status_code == 403, (role, method, path, answer.status_code, answer.text)
            assert answer.json()["message"]
    # The log is append-only: no call changes or deletes an entry.
    for path, route in walk(app.routes):
        if path.startswith("/admin/audit"):
            assert set(route.methods or ()) <= {"GET", "HEAD"}, path


async def test_audit_entries_reach_admin_sockets_only(
    cluster: Cluster, app: Starlette, settings: Settings, connect: Any
) -> None:
    admin = await create_account(app, Role.ADMIN)
    watchers = {}
    for role in (Role.ADMIN, Role.MANAGER, Role.TECHNICIAN, Role.CONTRACTOR):
        account = admin if role == Role.ADMIN else await create_account(app, role)
        tokens = await tokens_for(cluster.urls[1], account.username)
        watchers[role] = await connect(cluster.urls[1], tokens["accessToken"])
    admin_tokens = await tokens_for(cluster.urls[0], admin.username)
    name = unique("live-")
    async with httpx.AsyncClient(base_url=cluster.urls[0]) as http:
        created = await http.post(
            "/admin/users",
            headers={"Authorization": f"Bearer {admin_tokens['accessToken']}"},
            json={"username": name, "email": f"{name}@example.test", "role": "technician"},
        )
        assert created.status_code == 201, created.text
    entry = await watchers[Role.ADMIN].wait_for(
        lambda e: e["entry"]["kind"] == "user.created" and e["entry"]["target"]["username"] == name, "audit"
    )
    assert entry["entry"]["actor"]["username"] == admin.username
    # The CLI's changes reach the admins live too (through Redis).
    command = [sys.executable, "-m", "app.cli", "users", "unlock", name]
    await asyncio.to_thread(
        subprocess.run, command, cwd=ROOT, env=process_env(settings), check=True, capture_output=True
    )
    by_cli = await watchers[Role.ADMIN].wait_for(
        lambda e: e["entry"]["kind"] == "user.unlocked" and e["entry"]["target"]["username"] == name, "audit"
    )
    assert by_cli["entry"]["actor"]["username"] == "cli"
    await asyncio.sleep(0.5)
    for role in (Role.MANAGER, Role.TECHNICIAN, Role.CONTRACTOR):
        assert watchers[role].channels["audit"] == [], role


# --- one row per event, in the change's own transaction -------------------------------------------


async def test_sign_in_events_write_one_row_each(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.TECHNICIAN)
    headers = {"user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36"}
    wrong = await client.post(
        "/auth/sign-in", json={"username": account.username, "password": "nope-nope"}, headers=headers
    )
    assert wrong.status_code == 401
    failed = await _events(app, target=account.user_id, kind="auth.sign_in_failed")
    assert [e.detail["reason"] for e in failed] == ["wrong password"]
    assert failed[0].user_agent and failed[0].user_agent.startswith("Mozilla") and failed[0].ip
    unknown_name = unique("ghost-")
    assert (await client.post("/auth/sign-in", json={"username": unknown_name, "password": "x"})).status_code == 401
    ghosts = [e for e in await _events(app, kind="auth.sign_in_failed") if e.target_label == unknown_name]
    assert len(ghosts) == 1 and ghosts[0].detail["reason"] == "unknown user"

    signed = await client.post(
        "/auth/sign-in", json={"username": account.username, "password": PASSWORD}, headers=headers
    )
    assert signed.status_code == 200
    tokens = signed.json()
    assert await _kinds(app, account.user_id) == ["user.created", "auth.sign_in_failed", "auth.signed_in"]
    # A rotated refresh token coming back: reuse detected, once.
    first = await client.post("/auth/refresh", json={"refreshToken": tokens["refreshToken"]})
    assert first.status_code == 200
    again = await client.post("/auth/refresh", json={"refreshToken": tokens["refreshToken"]})
    assert again.status_code == 401
    assert (await _kinds(app, account.user_id))[-1] == "auth.refresh_reuse"
    # Signing out, and out everywhere.
    fresh = await sign_in(client, account)
    assert (await client.post("/auth/sign-out", headers=fresh.headers)).status_code == 200
    fresh = await sign_in(client, account)
    assert (await client.post("/auth/sign-out-everywhere", headers=fresh.headers)).status_code == 200
    assert (await _kinds(app, account.user_id))[-4:] == [
        "auth.signed_in",
        "auth.signed_out",
        "auth.signed_in",
        "auth.sessions_ended",
    ]


async def test_lockout_and_the_unlock(app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    for _ in range(5):
        await client.post("/auth/sign-in", json={"username": account.username, "password": "wrong-wrong"})
    locked = await client.post("/auth/sign-in", json={"username": account.username, "password": PASSWORD})
    assert locked.status_code == 429
    kinds = await _kinds(app, account.user_id)
    assert kinds.count("auth.locked_out") == 1
    reasons = [e.detail["reason"] for e in await _events(app, target=account.user_id, kind="auth.sign_in_failed")]
    assert reasons == ["wrong password"] * 5 + ["locked"]
    # The address's lock lasts a second or two: hold it longer, as a long lock would.
    portal = app.state.portal
    async with portal.db.session() as session:
        user = await session.get(User, account.user_id)
        assert user is not None
        keys = await users.lock_keys(session, user, portal.settings)
        await session.exec(
            update(SignInThrottle)
            .where(col(SignInThrottle.username).in_(keys))
            .values(locked_until=utcnow() + timedelta(minutes=5))
        )
        await session.commit()
    listed = await client.get("/admin/users", headers=staff["admin"].headers, params={"q": account.username})
    assert listed.json()["items"][0]["lockedUntil"]
    assert (
        await client.post("/auth/sign-in", json={"username": account.username, "password": PASSWORD})
    ).status_code == 429
    unlocked = await client.post(f"/admin/users/{account.user_id}/unlock", headers=staff["admin"].headers)
    assert unlocked.status_code == 200, unlocked.text
    assert (
        await client.post("/auth/sign-in", json={"username": account.username, "password": PASSWORD})
    ).status_code == 200
    assert (await _kinds(app, account.user_id))[-2:] == ["user.unlocked", "auth.signed_in"]


async def test_new_password_and_mfa_write_rows_and_failures_write_none(
    app: Starlette, client: httpx.AsyncClient
) -> None:
    account = await create_account(app, Role.TECHNICIAN, confirmed=False)
    challenge = (
        await client.post("/auth/sign-in", json={"username": account.username, "password": account.password})
    ).json()
    too_short = await client.post("/auth/challenge", json={"session": challenge["session"], "newPassword": "short"})
    assert too_short.status_code == 422
    assert "auth.password_chosen" not in await _kinds(app, account.user_id)
    chosen = await client.post("/auth/challenge", json={"session": challenge["session"], "newPassword": PASSWORD})
    assert chosen.status_code == 200, chosen.text
    assert (await _kinds(app, account.user_id))[-2:] == ["auth.password_chosen", "auth.signed_in"]
    account.password = PASSWORD
    signed = await sign_in(client, account)
    setup = await client.post("/auth/totp/setup", headers=signed.headers, json={"password": PASSWORD})
    totp = pyotp.TOTP(setup.json()["secret"])
    bad = await client.post("/auth/totp/verify", headers=signed.headers, json={"code": "000000", "password": PASSWORD})
    assert bad.status_code == 422
    assert "auth.mfa_enabled" not in await _kinds(app, account.user_id)
    good = await client.post(
        "/auth/totp/verify", headers=signed.headers, json={"code": totp.now(), "password": PASSWORD}
    )
    assert good.status_code == 200
    assert (await _kinds(app, account.user_id)).count("auth.mfa_enabled") == 1


async def test_admin_changes_write_one_row_each_and_refusals_none(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    admin = staff["admin"].headers
    name = unique("made-")
    body = {"username": name, "email": f"{name}@example.test", "displayName": "Made Up", "role": "contractor"}
    created = await client.post("/admin/users", headers=admin, json=body)
    assert created.status_code == 201, created.text
    user_id = created.json()["user"]["id"]
    assert created.json()["temporaryPassword"] and created.json()["user"]["status"] == "must-change-password"
    assert (await client.post("/admin/users", headers=admin, json=body)).status_code == 409
    steps: list[tuple[str, dict[str, Any], str]] = [
        ("PATCH", {"role": "manager"}, "user.role_changed"),
        ("PATCH", {"disabled": True}, "user.disabled"),
        ("PATCH", {"disabled": False}, "user.enabled"),
        ("PATCH", {"displayName": "Renamed", "email": f"x-{name}@example.test"}, "user.profile_edited"),
        ("PATCH", {"department": "Hardware"}, "user.department_changed"),
    ]
    for method, change, kind in steps:
        answer = await client.request(method, f"/admin/users/{user_id}", headers=admin, json=change)
        assert answer.status_code == 200, answer.text
        assert (await _kinds(app, user_id))[-1] == kind
    reset = await client.post(f"/admin/users/{user_id}/reset-password", headers=admin)
    assert reset.status_code == 200 and reset.json()["temporaryPassword"]
    assert (await _kinds(app, user_id))[-1] == "user.password_reset"
    off = await client.post(f"/admin/users/{user_id}/disable-mfa", headers=admin)
    assert off.status_code == 409  # it is not on: nothing written
    assert await _kinds(app, user_id) == [
        "user.created",
        "user.role_changed",
        "user.disabled",
        "user.enabled",
        "user.profile_edited",
        "user.department_changed",
        "user.password_reset",
    ]
    listed = (await client.get("/admin/users", headers=admin, params={"q": name})).json()["items"][0]
    assert listed["department"] == "Hardware" and listed["displayName"] == "Renamed"
    row = (await _events(app, target=user_id, kind="user.role_changed"))[0]
    assert row.detail["from"] == "contractor" and row.detail["to"] == "manager"
    assert row.actor_id == staff["admin"].user_id and row.ip


async def test_admins_cannot_demote_or_disable_themselves_or_the_last_admin(
    app: Starlette, client: httpx.AsyncClient
) -> None:
    admin = await sign_in(client, await create_account(app, Role.ADMIN))
    for change in ({"role": "manager"}, {"disabled": True}):
        refused = await client.patch(f"/admin/users/{admin.user_id}", headers=admin.headers, json=change)
        assert refused.status_code == 409 and "your own account" in refused.json()["message"]
    assert await _kinds(app, admin.user_id) == ["user.created", "auth.signed_in"]
    # The last admin, in a pool of its own (another group prefix): the CLI cannot demote or disable them either.
    portal = app.state.portal
    pool = portal.settings.model_copy(update={"role_group_prefix": unique("pool") + "-"})
    only_id = (await create_account(app, Role.CONTRACTOR)).user_id
    second_id = (await create_account(app, Role.CONTRACTOR)).user_id
    async with portal.db.session() as session:
        only = await session.get(User, only_id)
        assert only is not None
        only.groups = [users.group_for(Role.ADMIN, pool)]
        await session.commit()
        for change in ("demote", "disable"):
            only = await session.get(User, only_id, populate_existing=True)
            assert only is not None
            with pytest.raises(ApiError, match="last admin") as refused:
                if change == "demote":
                    await users.set_role(session=session, settings=pool, user=only, role=Role.MANAGER, actor=audit.CLI)
                else:
                    await users.set_disabled(session=session, user=only, disabled=True, actor=audit.CLI, settings=pool)
            assert refused.value.status == 409
            await session.rollback()
        second = await session.get(User, second_id)
        assert second is not None
        await users.set_role(session=session, settings=pool, user=second, role=Role.ADMIN, actor=audit.CLI)
        only = await session.get(User, only_id, populate_existing=True)
        assert only is not None
        await users.set_role(session=session, settings=pool, user=only, role=Role.MANAGER, actor=audit.CLI)
    assert (await _kinds(app, only_id))[-1] == "user.role_changed"
    assert await _kinds(app, admin.user_id) == ["user.created", "auth.signed_in"]


async def test_the_audit_row_commits_or_rolls_back_with_its_change(
    app: Starlette, monkeypatch: pytest.MonkeyPatch
) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    portal = app.state.portal

    async def broken(*_args: Any, **_kwargs: Any) -> int:
        raise RuntimeError("the database went away mid-change")

    monkeypatch.setattr(users, "revoke_sessions", broken)
    async with portal.db.session() as session:
        user = await session.get(User, account.user_id)
        assert user is not None
        with pytest.raises(RuntimeError):
            await users.set_role(session=session, settings=portal.settings, user=user, role=Role.MANAGER)
        await session.rollback()
    async with portal.db.session() as session:
        stored = await session.get(User, account.user_id)
        assert stored is not None and users.role_of(stored, portal.settings) == Role.CONTRACTOR
    assert await _kinds(app, account.user_id) == ["user.created"]


# --- the CLI and the API give the same results ------------------------------------------------------


async def test_the_cli_and_the_api_change_users_alike(
    app: Starlette, client: httpx.AsyncClient, settings: Settings, staff: dict[str, Account]
) -> None:
    by_cli, by_api = await create_account(app, Role.CONTRACTOR), await create_account(app, Role.CONTRACTOR)
    env = process_env(settings)
    for args in (["set-role", by_cli.username, "manager"], ["disable", by_cli.username], ["unlock", by_cli.username]):
        command = [sys.executable, "-m", "app.cli", "users", *args]
        await asyncio.to_thread(subprocess.run, command, cwd=ROOT, env=env, check=True, capture_output=True)
    admin = staff["admin"].headers
    assert (
        await client.patch(f"/admin/users/{by_api.user_id}", headers=admin, json={"role": "manager"})
    ).status_code == 200
    assert (
        await client.patch(f"/admin/users/{by_api.user_id}", headers=admin, json={"disabled": True})
    ).status_code == 200
    assert (await client.post(f"/admin/users/{by_api.user_id}/unlock", headers=admin)).status_code == 200
    rows = {}
    for account in (by_cli, by_api):
        listed = await client.get("/admin/users", headers=admin, params={"q": account.username})
        rows[account.username] = {
            k: v for k, v in listed.json()["items"][0].items() if k in ("role", "status", "mfaEnabled")
        }
    assert (
        rows[by_cli.username] == rows[by_api.username] == {"role": "manager", "status": "disabled", "mfaEnabled": False}
    )
    cli_rows, api_rows = await _events(app, target=by_cli.user_id), await _events(app, target=by_api.user_id)
    assert [(e.kind, e.detail.get("to")) for e in cli_rows] == [(e.kind, e.detail.get("to")) for e in api_rows]
    assert {e.actor_label for e in cli_rows[1:]} == {"cli"}
    assert {e.actor_id for e in api_rows[1:]} == {staff["admin"].user_id}


# --- sessions ---------------------------------------------------------------------------------------


async def test_sessions_are_listed_and_ended_one_or_all(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    account = await create_account(app, Role.TECHNICIAN)
    phone = {
        "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1"
    }
    first = (
        await client.post("/auth/sign-in", json={"username": account.username, "password": PASSWORD}, headers=phone)
    ).json()
    second = await sign_in(client, account)
    admin = staff["admin"].headers
    listed = (await client.get(f"/admin/users/{account.user_id}/sessions", headers=admin)).json()["items"]
    assert len(listed) == 2
    iphone = next(s for s in listed if "iOS" in s["device"])
    ended = await client.delete(f"/admin/users/{account.user_id}/sessions/{iphone['id']}", headers=admin)
    assert ended.status_code == 200, ended.text
    assert (await client.get("/me", headers={"Authorization": f"Bearer {first['accessToken']}"})).status_code == 401
    assert (await client.get("/me", headers=second.headers)).status_code == 200
    again = await client.delete(f"/admin/users/{account.user_id}/sessions/{iphone['id']}", headers=admin)
    assert again.status_code == 404
    mine = (await client.get("/me/sessions", headers=second.headers)).json()
    assert [s["current"] for s in mine["items"]] == [True] and mine["pushDevices"] == []
    assert (await client.delete(f"/admin/users/{account.user_id}/sessions", headers=admin)).json()["ended"] == 1
    assert (await client.get("/me", headers=second.headers)).status_code == 401
    assert (await _kinds(app, account.user_id))[-2:] == ["auth.sessions_ended", "auth.sessions_ended"]


async def test_changing_ones_own_password(app: Starlette, client: httpx.AsyncClient) -> None:
    account = await create_account(app, Role.CONTRACTOR)
    other = await sign_in(client, account)
    here = await sign_in(client, Account(account.username, PASSWORD, account.role, account.user_id))
    wrong = await client.post(
        "/me/password",
        headers=here.headers,
        json={"currentPassword": "not-it-at-all", "newPassword": "Another-pass-77"},
    )
    assert wrong.status_code == 403
    weak = await client.post(
        "/me/password", headers=here.headers, json={"currentPassword": PASSWORD, "newPassword": "short"}
    )
    assert weak.status_code == 422 and "newPassword" in weak.json()["errors"]
    assert "auth.password_changed" not in await _kinds(app, account.user_id)
    changed = await client.post(
        "/me/password", headers=here.headers, json={"currentPassword": PASSWORD, "newPassword": "Another-pass-77"}
    )
    assert changed.status_code == 200 and changed.json()["otherSessionsEnded"] == 1
    assert (await client.get("/me", headers=other.headers)).status_code == 401
    assert (await client.get("/me", headers=here.headers)).status_code == 200
    assert (await _kinds(app, account.user_id))[-1] == "auth.password_changed"


async def test_photo_upload_is_checked_shrunk_and_served(app: Starlette, client: httpx.AsyncClient) -> None:
    from PIL import Image

    account = await sign_in(client, await create_account(app, Role.TECHNICIAN))
    picture = io.BytesIO()
    Image.new("RGB", (800, 600), (200, 30, 30)).save(picture, format="JPEG")
    sent = await client.post(
        "/me/photo", headers={**account.headers, "content-type": "image/jpeg"}, content=picture.getvalue()
    )
    assert sent.status_code == 200, sent.text
    url = sent.json()["photoURL"]
    assert (await client.get("/me", headers=account.headers)).json()["photoURL"] == url
    served = await client.get("/photos/" + url.rsplit("/", 1)[-1])
    assert served.status_code == 200 and served.headers["content-type"] == "image/png"
    assert Image.open(io.BytesIO(served.content)).size == (256, 256)
    not_image = await client.post(
        "/me/photo", headers={**account.headers, "content-type": "image/png"}, content=b"<svg onload=alert(1)>"
    )
    assert not_image.status_code == 422
    assert (
        await client.post("/me/photo", headers={**account.headers, "content-type": "text/html"}, content=b"x")
    ).status_code == 415
    assert (await client.get("/photos/../../etc")).status_code == 404


# --- the merged log ---------------------------------------------------------------------------------


async def test_the_log_merges_record_history_pages_filters_and_exports(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    admin, manager = staff["admin"].headers, staff["manager"]
    started = (utcnow() - timedelta(seconds=1)).isoformat()
    asset = {"tag": unique("AUD-"), "name": "Pump", "category": "Power", "department": "Hardware"}
    assert (await client.post("/assets", headers=manager.headers, json=asset)).status_code == 201
    account = await create_account(app, Role.CONTRACTOR)
    await client.post("/auth/sign-in", json={"username": account.username, "password": "wrong-wrong"})
    page = (await client.get("/admin/audit", headers=admin, params={"from": started, "perPage": 2})).json()
    seen = page["items"]
    while page["nextCursor"]:
        page = (
            await client.get(
                "/admin/audit", headers=admin, params={"from": started, "perPage": 2, "cursor": page["nextCursor"]}
            )
        ).json()
        seen += page["items"]
    kinds = [entry["kind"] for entry in seen]
    assert "record.create" in kinds and "auth.sign_in_failed" in kinds and "user.created" in kinds
    assert len({entry["id"] for entry in seen}) == len(seen)
    assert [entry["at"] for entry in seen] == sorted((entry["at"] for entry in seen), reverse=True)
    by_target = (await client.get("/admin/audit", headers=admin, params={"target": account.user_id})).json()["items"]
    assert [e["kind"] for e in by_target] == ["auth.sign_in_failed", "user.created"]
    records_only = (
        await client.get("/admin/audit", headers=admin, params={"kind": "record", "actor": manager.user_id})
    ).json()
    assert records_only["items"] and {e["source"] for e in records_only["items"]} == {"record"}
    bad = await client.get("/admin/audit", headers=admin, params={"cursor": "garbage", "from": "yesterday"})
    assert bad.status_code == 422 and "from" in bad.json()["errors"]
    wrong_query = await client.get(
        "/admin/audit", headers=admin, params={"cursor": page["nextCursor"] or "x", "kind": "auth"}
    )
    assert wrong_query.status_code == 422
    exported = await client.get(
        "/admin/audit/export", headers=admin, params={"format": "csv", "target": account.user_id}
    )
    assert exported.status_code == 200 and exported.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(exported.text)))
    assert rows[0][:3] == ["at", "kind", "label"] and [r[1] for r in rows[1:]] == [
        "auth.sign_in_failed",
        "user.created",
    ]


async def test_retention_prunes_only_old_entries(app: Starlette) -> None:
    portal = app.state.portal
    async with portal.db.session() as session:
        old = audit.record(session, "user.unlocked", target_label="old-one")
        old.at = utcnow() - timedelta(days=400)
        await session.commit()
        removed = await audit.prune(session, days=365)
        remaining = (await session.exec(select(func.min(AuditEvent.at)))).one()
    assert removed == 1
    assert remaining is None or remaining > utcnow() - timedelta(days=365)


async def test_the_console_calls_are_described(client: httpx.AsyncClient) -> None:
    paths = (await client.get("/openapi.json")).json()["paths"]
    for path, method in [
        ("/admin/users", "get"),
        ("/admin/users", "post"),
        ("/admin/users/{id}", "patch"),
        ("/admin/users/{id}/sessions", "delete"),
        ("/admin/users/{id}/sessions/{sid}", "delete"),
        ("/admin/audit", "get"),
        ("/admin/audit/export", "get"),
        ("/me/sessions", "get"),
        ("/me/password", "post"),
        ("/me/photo", "post"),
    ]:
        assert method in paths[path], (path, method)


async def test_ending_one_session_closes_its_socket_on_the_other_process(
    cluster: Cluster, app: Starlette, connect: Any
) -> None:
    admin, account = await create_account(app, Role.ADMIN), await create_account(app, Role.TECHNICIAN)
    ended, kept = (
        await tokens_for(cluster.urls[0], account.username),
        await tokens_for(cluster.urls[0], account.username),
    )
    doomed = await connect(cluster.urls[1], ended["accessToken"])
    other = await connect(cluster.urls[1], kept["accessToken"])
    admin_tokens = await tokens_for(cluster.urls[0], admin.username)
    headers = {"Authorization": f"Bearer {admin_tokens['accessToken']}"}
    async with httpx.AsyncClient(base_url=cluster.urls[0], headers=headers) as http:
        sessions = (await http.get(f"/admin/users/{account.user_id}/sessions")).json()["items"]
        assert len(sessions) == 2
        # The newest first: the second sign-in is the one kept.
        answer = await http.delete(f"/admin/users/{account.user_id}/sessions/{sessions[1]['id']}")
        assert answer.status_code == 200, answer.text
    await asyncio.wait_for(doomed.disconnected.wait(), 3)
    assert doomed.sessions and doomed.sessions[0]["reason"] == "revoked"
    await asyncio.sleep(0.3)
    assert other.client.connected and not other.disconnected.is_set()
