"""Team Chat history in pages, and messages that show nothing (issue 15, item 10).

``GET /api/chat/get-chat`` answered a conversation's whole history at once; now the first page holds
the newest messages in the spec's shape plus ``olderCursor``, and ``before=<message id>`` pages back.
A message of only whitespace or zero-width characters is refused like an empty one.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.services.chat import PAGE_SIZE, is_blank
from schemas.base import utcnow
from schemas.chat import ChatMessage
from tests.support import Account
from tests.test_chat import account, open_chat, send

pytestmark = pytest.mark.db

INVISIBLE = [
    "\u200b",  # zero width space
    "\u200b\u200c\u200d",  # zero width space, non-joiner, joiner
    "\u2060\ufeff",  # word joiner, zero width no-break space (BOM)
    " \u200b \t\u200b\n",
    "\u00a0\u2003\u3000",  # no-break, em and ideographic spaces
    "\u180e\u2061\u2062\u2063\u2064",  # Mongolian vowel separator, invisible operators
    "\u202e\u2066\u2069",  # bidi controls
    "\u3164\u115f\u2800",  # Hangul fillers, blank Braille
    "\u034f\ufe0f",  # combining grapheme joiner, variation selector: marks on nothing
]


def test_blank_means_nothing_a_reader_would_see() -> None:
    for text in ["", *INVISIBLE]:
        assert is_blank(text), repr(text)
    for text in ["a", "\u200bhi\u200b", "👍", "e\u0301", "٣", "\u2063x"]:
        assert not is_blank(text), repr(text)


async def test_messages_of_only_invisible_characters_are_refused(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob = await account(app, client), await account(app, client)
    chat_id = (await open_chat(client, alice, bob))["chat"]["id"]
    for text in INVISIBLE:
        refused = await send(client, alice, chat_id, bob, text)
        assert refused.status_code == 422, (repr(text), refused.text)
        assert refused.json()["message"] == "Type a message before sending."
    kept = await send(client, alice, chat_id, bob, "\u200bPump 3 is fixed")
    assert kept.status_code == 200
    assert [m["message"] for m in (await open_chat(client, alice, bob))["chat"]["dialog"]] == ["\u200bPump 3 is fixed"]


async def _history(app: Starlette, chat_id: str, alice: Account, bob: Account, count: int) -> list[int]:
    """``count`` messages stored at once (as if sent over days), alternating senders; their ids."""
    start = utcnow() - timedelta(days=3)
    async with app.state.portal.db.session() as session:
        rows = [
            ChatMessage(
                chat_id=chat_id,
                sender_id=(alice if n % 2 else bob).user_id,
                message=f"message {n}",
                time=start + timedelta(minutes=n),
            )
            for n in range(count)
        ]
        session.add_all(rows)
        await session.commit()
        return [row.id or 0 for row in rows]


async def _page(client: httpx.AsyncClient, me: Account, other: Account, **params: Any) -> dict[str, Any]:
    answer = await client.get(
        "/api/chat/get-chat", headers=me.headers, params={"contactId": other.user_id, "userId": me.user_id, **params}
    )
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


async def test_history_comes_in_pages_newest_first(app: Starlette, client: httpx.AsyncClient) -> None:
    alice, bob = await account(app, client), await account(app, client)
    chat_id = (await open_chat(client, alice, bob))["chat"]["id"]
    ids = await _history(app, chat_id, alice, bob, 2 * PAGE_SIZE + 7)
    first = await _page(client, alice, bob)
    # The spec's shape, with the newest page in order and the cursor for the page before it.
    assert set(first) == {"chat", "userChatData", "olderCursor"} and set(first["chat"]) == {"id", "dialog"}
    assert [m["id"] for m in first["chat"]["dialog"]] == ids[-PAGE_SIZE:]
    assert first["olderCursor"] == ids[-PAGE_SIZE]
    second = await _page(client, alice, bob, before=first["olderCursor"])
    assert [m["id"] for m in second["chat"]["dialog"]] == ids[-2 * PAGE_SIZE : -PAGE_SIZE]
    third = await _page(client, alice, bob, before=second["olderCursor"])
    assert [m["id"] for m in third["chat"]["dialog"]] == ids[:7] and third["olderCursor"] is None
    # A page of exactly PAGE_SIZE that reaches the start says so too.
    exact = await _page(client, alice, bob, before=ids[PAGE_SIZE])
    assert [m["id"] for m in exact["chat"]["dialog"]] == ids[:PAGE_SIZE] and exact["olderCursor"] is None
    assert (await _page(client, alice, bob, before=ids[0]))["chat"]["dialog"] == []


async def test_paging_back_does_not_mark_read_and_needs_an_existing_chat(
    app: Starlette, client: httpx.AsyncClient
) -> None:
    alice, bob, carol = await account(app, client), await account(app, client), await account(app, client)
    chat_id = (await open_chat(client, alice, bob))["chat"]["id"]
    await _history(app, chat_id, alice, bob, 3)

    def unread_from(contacts: list[dict[str, Any]], who: Account) -> int:
        return next(c["unread"] for c in contacts if c["id"] == who.user_id)

    before = unread_from((await client.get("/api/chat/contacts", headers=alice.headers)).json(), bob)
    assert before >= 1
    await _page(client, alice, bob, before=10**9)
    after = unread_from((await client.get("/api/chat/contacts", headers=alice.headers)).json(), bob)
    assert after == before
    none_yet = await client.get(
        "/api/chat/get-chat", headers=alice.headers, params={"contactId": carol.user_id, "before": 5}
    )
    assert none_yet.status_code == 404
    assert [e["contactId"] for e in (await client.get("/api/chat/user", headers=alice.headers)).json()["chatList"]] == [
        bob.user_id
    ]
