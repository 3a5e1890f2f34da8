"""Authorization beyond the per-area tests: every secured call against a user without a role, and
per-user data (quick panel, notifications, chat) against other users.

Already proved elsewhere: the records role matrix (tests/test_records.py: read, create, update and
delete per role, technicians' own assets and documents), chat membership (tests/test_chat.py), quick
panel reads and deletes and notifications per user (tests/test_chat.py), uploads per role
(tests/test_documents.py), sample areas need a staff token (tests/samples/*: every_call_needs_a_staff_token).
"""

from __future__ import annotations

import httpx
import pytest
from starlette.applications import Starlette

from schemas.options import Role
from tests.support import Account, create_account, sign_in, unique

pytestmark = pytest.mark.db

# What a signed-in user without a role may still do: their own account and sign-in settings.
OWN_ACCOUNT = {
    ("GET", "/me"),
    ("PATCH", "/me"),
    ("POST", "/auth/totp/setup"),
    ("POST", "/auth/totp/verify"),
    ("POST", "/auth/totp/disable"),
    ("POST", "/api/auth/user/update"),
    ("POST", "/auth/sign-out"),
    ("POST", "/auth/sign-out-everywhere"),
    ("GET", "/me/sessions"),
    ("DELETE", "/me/sessions/{sid}"),
    ("POST", "/me/password"),
    ("POST", "/auth/unlock"),  # the lock screen: checks the own password, opens nothing
    ("POST", "/me/photo"),
}


async def test_a_user_without_a_role_opens_nothing_but_their_own_account(
    app: Starlette, client: httpx.AsyncClient
) -> None:
    roleless = await sign_in(client, await create_account(app, None))
    document = (await client.get("/openapi.json")).json()
    tried = 0
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if not operation["security"] or (method.upper(), path) in OWN_ACCOUNT:
                continue
            url = path.replace("{kind}", "notes").replace("{id}", "1")
            body = {} if method in ("post", "patch", "put") else None
            answer = await client.request(method.upper(), url, headers=roleless.headers, json=body)
            assert answer.status_code == 403, (method, path, answer.status_code, answer.text[:200])
            tried += 1
    assert tried > 100
    assert (await client.get("/me", headers=roleless.headers)).json()["role"] is None


async def _account(app: Starlette, client: httpx.AsyncClient, role: Role = Role.TECHNICIAN) -> Account:
    return await sign_in(client, await create_account(app, role))


async def test_quick_panel_items_cannot_be_changed_by_another_user(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob = await _account(app, client), await _account(app, client)
    note = (
        await client.post("/api/quick-panel/notes", headers=alice.headers, json={"title": "Keys", "detail": "desk"})
    ).json()
    hijack = await client.patch(
        f"/api/quick-panel/notes/{note['id']}", headers=bob.headers, json={"title": "Mine now", "detail": "x"}
    )
    assert hijack.status_code == 404
    assert (await client.get("/api/quick-panel/data", headers=alice.headers)).json()["notes"] == [note]


async def test_notifications_of_one_user_are_untouched_by_another(app: Starlette, client: httpx.AsyncClient) -> None:
    manager = await _account(app, client, Role.MANAGER)
    tech = await _account(app, client)
    body = {"tag": unique("AZ-"), "name": "Drill", "category": "Tooling", "department": "Hardware"}
    created = await client.post("/assets", headers=manager.headers, json={**body, "assignedTechnicianId": tech.user_id})
    assert created.status_code == 201
    mine = (await client.get("/notifications", headers=tech.headers)).json()
    assert mine["unread"] == 1
    # The manager reading "all" and listing their own sees nothing of the technician's.
    assert (await client.post("/notifications/read-all", headers=manager.headers)).status_code == 200
    theirs = (await client.get("/notifications", headers=manager.headers)).json()["items"]
    assert all(item["id"] != mine["items"][0]["id"] for item in theirs)
    assert (await client.get("/notifications", headers=tech.headers)).json()["unread"] == 1


async def test_chat_user_data_changes_only_the_caller(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob = await _account(app, client), await _account(app, client)
    before = (await client.get("/api/chat/user", headers=bob.headers)).json()
    # Naming another user's id in the body does not redirect the change to them.
    answer = await client.post(
        "/api/chat/user/data", headers=alice.headers, json={"id": bob.user_id, "status": "away", "mood": "hacked"}
    )
    assert answer.status_code in (200, 422)
    after = (await client.get("/api/chat/user", headers=bob.headers)).json()
    assert after["status"] == before["status"] and after.get("mood") == before.get("mood")


async def test_a_technician_cannot_reassign_or_promote_through_a_patch(
    staff: dict[str, Account], client: httpx.AsyncClient, app: Starlette
) -> None:
    manager = staff["manager"]
    tech = await _account(app, client)
    body = {"tag": unique("MA-"), "name": "Hoist", "category": "Power", "department": "Hardware"}
    asset = (
        await client.post("/assets", headers=manager.headers, json={**body, "assignedTechnicianId": tech.user_id})
    ).json()
    for change in [{"assignedTechnicianId": staff["technician2"].user_id}, {"purchaseCost": 1}, {"tag": "X"}]:
        answer = await client.patch(
            f"/assets/{asset['id']}", headers=tech.headers, json={"id": asset["id"], "version": 1, **change}
        )
        assert answer.status_code == 403, (change, answer.text)
    unchanged = (await client.get(f"/assets/{asset['id']}", headers=tech.headers)).json()
    assert unchanged["version"] == 1 and unchanged["assignedTechnicianId"] == tech.user_id
    # Unknown fields are refused, not silently applied (e.g. a role or an owner).
    sneaky = await client.patch("/me", headers=tech.headers, json={"groups": ["portal-admin"]})
    assert sneaky.status_code == 422
    assert (await client.get("/me", headers=tech.headers)).json()["role"] == "technician"
