"""Issue 15, item 10 (part): disabled accounts and chats, answers no cache may keep, sockets per sign-in."""

from __future__ import annotations

import asyncio

import httpx
import pytest
import socketio
from starlette.applications import Starlette

from app.realtime.server import TOO_MANY_SOCKETS
from app.services import users
from schemas.options import Role
from tests.realtime_support import ORIGIN, Cluster, Sockets, tokens_for
from tests.support import PASSWORD, Account, create_account, sign_in, stored_user

pytestmark = pytest.mark.db


async def _disable(app: Starlette, account: Account) -> None:
    async with stored_user(app, account.user_id) as (session, user):
        await users.set_disabled(session=session, user=user, disabled=True)


async def test_chats_with_disabled_or_roleless_accounts_cannot_be_opened_or_written(
    app: Starlette, client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    """Was: a chat could be opened with any user id, disabled or without a portal role, and written to."""
    me = await sign_in(client, await create_account(app, Role.TECHNICIAN))
    leaving = await create_account(app, Role.TECHNICIAN)
    opened = await client.get("/api/chat/get-chat", params={"contactId": leaving.user_id}, headers=me.headers)
    assert opened.status_code == 200
    chat_id = opened.json()["chat"]["id"]
    body = {"chatId": chat_id, "contactId": leaving.user_id, "message": {"message": "still there?"}}
    assert (await client.post("/api/chat/send-message", json=body, headers=me.headers)).status_code == 200
    await _disable(app, leaving)
    again = await client.get("/api/chat/get-chat", params={"contactId": leaving.user_id}, headers=me.headers)
    assert again.status_code == 404
    sent = await client.post("/api/chat/send-message", json=body, headers=me.headers)
    assert sent.status_code == 403 and "disabled" in sent.json()["message"]
    roleless = await client.get("/api/chat/get-chat", params={"contactId": staff["norole"].user_id}, headers=me.headers)
    assert roleless.status_code == 404
    contacts = (await client.get("/api/chat/contacts", headers=me.headers)).json()
    assert leaving.user_id not in {contact["id"] for contact in contacts}


async def test_after_sign_out_everywhere_this_process_refuses_the_next_call_at_once(
    app: Starlette, client: httpx.AsyncClient
) -> None:
    """Was: the process that signed the user out still trusted its memory of the session until the
    announcement came back over Redis, so a chat message sent right after went through."""
    live = app.state.portal.auth.live
    for _ in range(50):  # the control listener subscribes as the app starts
        if live._hearing:
            break
        await asyncio.sleep(0.05)
    account = await sign_in(client, await create_account(app, Role.TECHNICIAN))
    other = await create_account(app, Role.TECHNICIAN)
    chat = await client.get("/api/chat/get-chat", params={"contactId": other.user_id}, headers=account.headers)
    assert live.is_live(_session_of(app, account), account.user_id)  # remembered: the next call skips the database
    body = {"chatId": chat.json()["chat"]["id"], "contactId": other.user_id, "message": {"message": "after"}}
    assert (await client.post("/auth/sign-out-everywhere", headers=account.headers)).status_code == 200
    sent = await client.post("/api/chat/send-message", json=body, headers=account.headers)
    assert sent.status_code == 401
    assert (await client.get("/api/chat/user", headers=account.headers)).status_code == 401


def _session_of(app: Starlette, account: Account) -> str:
    claims = app.state.portal.tokens.verify(account.tokens["accessToken"], use="access")
    return str(claims.session_id)


async def test_authenticated_and_token_answers_are_never_stored(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    """Was: no Cache-Control on any answer: tokens and records could sit in a browser or proxy cache."""
    account = staff["contractor"]
    signed = await client.post("/auth/sign-in", json={"username": account.username, "password": PASSWORD})
    refreshed = await client.post("/auth/refresh", json={"refreshToken": signed.json()["refreshToken"]})
    headers = {"Authorization": f"Bearer {refreshed.json()['accessToken']}"}
    answers = [
        signed,
        refreshed,
        await client.get("/me", headers=headers),
        await client.get("/assets", headers=headers),
        await client.get("/api/chat/user", headers=headers),
        await client.get("/api/auth", params={"email": account.username, "password": PASSWORD}),
        await client.get("/me"),  # refusals too
    ]
    for answer in answers:
        assert answer.headers.get("cache-control") == "no-store", (answer.request.url, answer.headers)
    # The public signing keys keep their own policy: they may be cached for a while.
    assert (await client.get("/.well-known/jwks.json")).headers["cache-control"] == "public, max-age=300"


async def test_sockets_per_sign_in_are_capped(app: Starlette, cluster: Cluster, connect: Sockets) -> None:
    """Was: no cap: one stolen token could hold any number of sockets. Now the extra connection is
    refused with a reason; closing one makes room again."""
    cap = app.state.portal.settings.max_sockets_per_session
    account = await create_account(app, Role.CONTRACTOR)
    tokens = await tokens_for(cluster.urls[0], account.username)
    opened = [await connect(cluster.urls[n % 2], tokens["accessToken"]) for n in range(cap)]
    extra = socketio.AsyncClient(reconnection=False)
    reasons: list[object] = []
    extra.on("connect_error", reasons.append)
    with pytest.raises(socketio.exceptions.ConnectionError):
        await extra.connect(
            cluster.urls[1], transports=["websocket"], auth={"token": tokens["accessToken"]},
            headers={"Origin": ORIGIN}, wait_timeout=5,
        )  # fmt: skip
    assert reasons and TOO_MANY_SOCKETS in str(reasons[0]), reasons
    # Another sign-in of the same user is another session, with room of its own.
    other_session = await tokens_for(cluster.urls[0], account.username)
    assert (await connect(cluster.urls[0], other_session["accessToken"])).client.connected
    await opened[0].client.disconnect()
    for _ in range(40):  # the server forgets the closed socket a moment later
        try:
            again = await connect(cluster.urls[0], tokens["accessToken"])
            break
        except socketio.exceptions.ConnectionError:
            await asyncio.sleep(0.1)
    else:
        raise AssertionError("no room after closing a socket")
    assert again.client.connected
