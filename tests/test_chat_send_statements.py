"""A chat send costs at most three statements (PostgreSQL: one, then the commit; SQLite: three, then
the commit), and a refused send leaves nothing written on either database."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from sqlalchemy import event
from sqlmodel import select
from starlette.applications import Starlette

from schemas.chat import Chat, ChatMessage, ChatReadMark
from schemas.options import UserState
from tests.support import stored_user
from tests.test_chat import account, open_chat, send

pytestmark = pytest.mark.db


@contextmanager
def counted(app: Starlette) -> Iterator[list[str]]:
    """Every statement the API's database engine sends meanwhile, commits included."""
    engine = app.state.portal.db.engine.sync_engine
    seen: list[str] = []

    def statement(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        seen.append(sql)

    def commit(_conn: Any) -> None:
        seen.append("COMMIT")

    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine, "commit", commit)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        event.remove(engine, "commit", commit)


async def test_a_send_is_at_most_three_statements(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob = await account(app, client), await account(app, client)
    chat_id = (await open_chat(client, alice, bob))["chat"]["id"]
    assert (await send(client, alice, chat_id, bob, "first")).status_code == 200  # the session is known now
    assert (await client.get("/api/chat/user", headers=bob.headers)).status_code == 200  # and bob's
    postgresql = app.state.portal.db.engine.dialect.name == "postgresql"
    for sender, contact in [(alice, bob), (bob, alice)]:  # bob has no read mark yet: the upsert inserts it
        with counted(app) as statements:
            sent = await send(client, sender, chat_id, contact, "counted")
        assert sent.status_code == 200, sent.text
        assert len(statements) <= (2 if postgresql else 4), statements
        assert statements[-1] == "COMMIT" and len(statements) <= 4
    history = (await open_chat(client, alice, bob))["chat"]["dialog"]
    assert [m["message"] for m in history] == ["first", "counted", "counted"]
    unread = (await client.get("/api/chat/contacts", headers=bob.headers)).json()
    assert next(c for c in unread if c["id"] == alice.user_id)["unread"] == 0  # bob read up to his own message


async def test_a_refused_send_writes_nothing(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob, eve = await account(app, client), await account(app, client), await account(app, client)
    chat_id = (await open_chat(client, alice, bob))["chat"]["id"]
    assert (await send(client, eve, chat_id, bob, "intruding")).status_code == 403
    assert (await send(client, alice, chat_id, eve, "misrouted")).status_code == 422
    assert (await send(client, alice, "no-such-chat", bob, "lost")).status_code == 404
    answer = await open_chat(client, alice, bob)
    assert answer["chat"]["dialog"] == [] and answer["userChatData"]["lastMessageTime"] is None


async def test_a_send_to_a_disabled_contact_is_refused_and_rolled_back(
    app: Starlette, client: httpx.AsyncClient
) -> None:
    alice, bob = await account(app, client), await account(app, client)
    chat_id = (await open_chat(client, alice, bob))["chat"]["id"]
    async with stored_user(app, bob.user_id) as (_, user):
        user.state = UserState.DISABLED
    refused = await send(client, alice, chat_id, bob, "too late")
    assert refused.status_code == 403 and "disabled" in refused.json()["message"]
    async with app.state.portal.db.session() as session:
        chat = await session.get(Chat, chat_id)
        stored = (await session.exec(select(ChatMessage).where(ChatMessage.chat_id == chat_id))).all()
        mark = await session.get(ChatReadMark, (chat_id, alice.user_id))
    assert chat is not None and chat.last_message_at is None and stored == []
    assert mark is None or mark.last_read_id == 0
