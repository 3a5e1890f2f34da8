"""A long conversation in Chromium (issue 15, item 10): the Team Chat panel and the chat app open at the
newest page and load older messages as the reader scrolls up, keeping their place, until the start."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from playwright.async_api import Locator, Page, expect
from sqlmodel import Session

from app.db import make_sync_engine
from app.services.chat import PAGE_SIZE
from schemas.base import utcnow
from schemas.chat import ChatMessage
from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at

COUNT = 2 * PAGE_SIZE + 20  # three pages: 20 + 50 + 50


def _long_conversation(stack: Stack, reader: str, writer_name: str) -> tuple[int, str]:
    """COUNT messages between ``reader`` and the contact named ``writer_name``, stored straight into
    the stack's database (a send per message would take a while); answers the contact's id and the
    messages' marker."""
    api = Api(stack.api_url, reader)
    contacts: list[dict[str, Any]] = api.get("/api/chat/contacts")
    contact = next(c for c in contacts if c["name"] == writer_name)
    chat_id = api.get("/api/chat/get-chat", contactId=contact["id"])["chat"]["id"]
    me = api.get("/api/chat/user")["id"]
    marker = uuid.uuid4().hex[:6]
    start = utcnow() - timedelta(hours=COUNT)
    engine = make_sync_engine(stack.env["DATABASE_URL"])
    with Session(engine) as session:
        for n in range(COUNT):
            sender = contact["id"] if n % 3 else me
            session.add(
                ChatMessage(
                    chat_id=chat_id, sender_id=sender, message=f"{marker} #{n}", time=start + timedelta(hours=n)
                )
            )
        session.commit()
    engine.dispose()
    return int(contact["id"]), marker


async def _scroll_to_top(messages: Locator) -> None:
    await messages.evaluate("el => { el.scrollTop = 0; el.dispatchEvent(new Event('scroll')) }")


# Each surface reads a conversation of its own (no other test writes in these two).
@pytest.mark.parametrize(
    ("surface", "prefix", "reader", "writer"),
    [("/dashboard", "chat", "technician", "Casey Contractor"), ("/apps/chat", "chatapp", "contractor", "Sam Okafor")],
)
async def test_scrolling_up_loads_older_messages(
    page: Page, stack: Stack, surface: str, prefix: str, reader: str, writer: str
) -> None:
    contact_id, marker = _long_conversation(stack, reader, writer)
    await signed_in_at(page, reader, surface)
    await page.get_by_test_id(f"{prefix}-contact-{contact_id}").click()
    messages = page.get_by_test_id(f"{prefix}-messages")
    newest = messages.get_by_text(f"{marker} #{COUNT - 1}", exact=True)
    await expect(newest).to_be_visible()  # opened at the newest message
    first_page_oldest = messages.get_by_text(f"{marker} #{COUNT - PAGE_SIZE}", exact=True)
    await expect(first_page_oldest).to_be_attached()
    await expect(messages.get_by_text(f"{marker} #{COUNT - PAGE_SIZE - 1}", exact=True)).to_have_count(0)

    # Up to the top: the page before goes in above, and the reader keeps their place.
    await _scroll_to_top(messages)
    await expect(messages.get_by_text(f"{marker} #{COUNT - PAGE_SIZE - 1}", exact=True)).to_be_attached()
    await expect(first_page_oldest).to_be_in_viewport()
    assert await messages.evaluate("el => el.scrollTop") > 0
    await expect(page.get_by_test_id(f"{prefix}-history-start")).to_have_count(0)

    # And again, until the conversation's first message and its start.
    await _scroll_to_top(messages)
    await expect(messages.get_by_text(f"{marker} #{COUNT - 2 * PAGE_SIZE - 1}", exact=True)).to_be_attached()
    await _scroll_to_top(messages)
    await expect(messages.get_by_text(f"{marker} #0", exact=True)).to_be_attached()
    await expect(page.get_by_test_id(f"{prefix}-history-start")).to_be_attached()
    shown: list[str] = await messages.get_by_text(marker).all_inner_texts()
    numbers = [int(text.rsplit("#", 1)[1]) for text in shown if text.startswith(f"{marker} #")]
    assert numbers == list(range(COUNT)), numbers[:5]  # every message once, oldest first
