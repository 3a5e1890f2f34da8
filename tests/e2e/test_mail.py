"""The mail area in Chromium: bulk moves, opening and flagging a mail, labels, search, compose."""

from __future__ import annotations

import re
import uuid
from typing import Any

from playwright.async_api import Browser, Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at

_IN_FLIGHT: dict[int, set[Any]] = {}


def watch_failures(page: Page) -> list[str]:
    """Requests that fail or answer >= 400 (aborted fetches of a page that moved on are not failures).

    Also counts the API calls in flight, for ``settle``.
    """
    pending: set[Any] = set()
    _IN_FLIGHT[id(page)] = pending
    page.on("request", lambda r: pending.add(r) if "/api/" in r.url else None)
    page.on("requestfinished", lambda r: pending.discard(r))
    page.on("requestfailed", lambda r: pending.discard(r))
    failures: list[str] = []
    page.on(
        "requestfailed",
        lambda r: None if "ERR_ABORTED" in (r.failure or "") else failures.append(f"{r.method} {r.url}: {r.failure}"),
    )
    page.on("response", lambda r: failures.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return failures


async def settle(page: Page) -> None:
    """Wait until no API call of the page is in flight (pages save changes optimistically, so a
    reload or a direct API check right after a click could race the save)."""
    pending = _IN_FLIGHT.get(id(page), set())
    quiet = 0
    for _ in range(200):
        quiet = 0 if pending else quiet + 1
        if quiet >= 4:
            return
        await page.wait_for_timeout(50)
    raise AssertionError(f"API calls still in flight: {[r.url for r in pending]}")


async def close_snackbars(page: Page) -> None:
    """Snackbars sit at the top centre, over toolbars: close them before clicking what they cover."""
    for _ in range(20):  # at most 4 show at once; queued ones follow as those close
        if not await page.get_by_test_id("snackbar").count():
            return
        await page.evaluate("document.querySelectorAll('[data-testid=snackbar-close]').forEach((b) => b.click())")
        await page.wait_for_timeout(250)
    await expect(page.get_by_test_id("snackbar")).to_have_count(0)


def inbox(api: Api) -> list[dict[str, Any]]:
    mails: list[dict[str, Any]] = api.get("/api/mail-app/mails", folderHandle="inbox")
    return mails


def row(page: Page, mail_id: str) -> Any:
    return page.get_by_test_id(f"mail-row-{mail_id}")


async def test_two_mails_move_to_spam_in_bulk_and_show_there(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    api = Api(stack.api_url, "admin")
    first, second = inbox(api)[-2:]
    await signed_in_at(page, "admin", "/apps/mail/inbox")
    await expect(row(page, first["id"])).to_be_visible()
    await page.get_by_test_id(f"mail-row-{first['id']}-check").check()
    await page.get_by_test_id(f"mail-row-{second['id']}-check").check()
    await expect(page.get_by_test_id("mail-selected-count")).to_have_text("2 selected")
    await page.get_by_test_id("mail-bulk-move").click()
    await page.get_by_test_id("mail-move-spam").click()
    await expect(page.get_by_text("2 mails moved to Spam.")).to_be_visible()
    await expect(row(page, first["id"])).to_have_count(0)
    await expect(row(page, second["id"])).to_have_count(0)

    await page.get_by_test_id("mail-folder-spam").click()
    await expect(page).to_have_url(re.compile(r"/apps/mail/spam$"))
    await expect(row(page, first["id"])).to_be_visible()
    await expect(row(page, second["id"])).to_be_visible()
    await settle(page)
    await page.reload()
    await expect(row(page, first["id"])).to_be_visible()
    spam_ids = {m["id"] for m in api.get("/api/mail-app/mails", folderHandle="spam")}
    assert {first["id"], second["id"]} <= spam_ids
    assert not failures, failures


async def test_open_a_mail_star_it_and_label_it(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    api = Api(stack.api_url, "admin")
    target = next(m for m in inbox(api) if not m["starred"])
    await signed_in_at(page, "admin", "/apps/mail/inbox")
    await row(page, target["id"]).click()
    await expect(page).to_have_url(re.compile(rf"/apps/mail/inbox/{target['id']}$"))
    details = page.get_by_test_id("mail-details")
    await expect(details.get_by_test_id("mail-details-subject")).to_have_text(target["subject"])
    # The body is shown as markup (paragraphs), sanitised.
    await expect(page.get_by_test_id("mail-body").locator("p").first).to_be_visible()
    await expect(page.get_by_test_id("mail-body").locator("script")).to_have_count(0)
    await expect(row(page, target["id"])).to_have_attribute("data-read", "true")

    await page.get_by_test_id("mail-details-star").click()
    await expect(page.get_by_test_id("mail-details-star")).to_have_attribute("aria-pressed", "true")
    labels = {label["handle"]: label for label in api.get("/api/mail-app/labels")}
    had_invoice = labels["invoice"]["id"] in target["labels"]
    await page.get_by_test_id("mail-details-labels").click()
    await page.get_by_test_id("mail-details-label-invoice").click()
    await page.keyboard.press("Escape")
    badge = page.get_by_test_id("mail-details-label-badge-invoice")
    await expect(badge).to_have_count(0 if had_invoice else 1)

    await page.get_by_test_id("mail-details-toggle").click()
    await expect(page.get_by_test_id("mail-details-info")).to_contain_text(target["from"]["email"])

    await settle(page)
    await page.reload()
    await expect(page.get_by_test_id("mail-details-star")).to_have_attribute("aria-pressed", "true")
    await expect(page.get_by_test_id("mail-details-label-badge-invoice")).to_have_count(0 if had_invoice else 1)
    saved = api.get("/api/mail-app/mail", mailId=target["id"])
    assert saved["starred"] is True and saved["read"] is True
    # And the starred filter lists it.
    await page.get_by_test_id("mail-filter-starred").click()
    await expect(row(page, target["id"])).to_be_visible()
    assert not failures, failures


async def test_search_shows_an_empty_list_message(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    await signed_in_at(page, "manager", "/apps/mail/inbox")
    await expect(page.locator("[data-testid^='mail-row-'][data-read]").first).to_be_visible()
    await page.get_by_test_id("mail-search").fill("zzqx nothing like this")
    await expect(page.get_by_test_id("mail-list-empty")).to_contain_text("No mails match your search")
    await page.get_by_test_id("mail-search").fill("")
    await expect(page.locator("[data-testid^='mail-row-'][data-read]").first).to_be_visible()
    assert not failures, failures


async def test_compose_checks_the_fields_and_sends_to_a_colleague_who_finds_it_after_a_reload(
    page: Page, browser: Browser, stack: Stack
) -> None:
    failures = watch_failures(page)
    subject = f"Panel B readings {uuid.uuid4().hex[:6]}"
    await signed_in_at(page, "technician", "/apps/mail/inbox")
    await page.get_by_test_id("mail-compose").click()
    dialog = page.get_by_test_id("compose-dialog")
    await expect(dialog).to_be_visible()
    await expect(dialog).not_to_contain_text("not available")
    await dialog.get_by_test_id("compose-to").fill("not an address")
    await dialog.get_by_test_id("compose-subject").click()
    await expect(dialog).to_contain_text("Not an email address: not an address")
    await dialog.get_by_test_id("compose-to").fill("manager@portal.example, garry.newman@voltline.example")
    await dialog.get_by_test_id("compose-subject").fill(subject)
    await dialog.get_by_test_id("compose-message").fill("Please check the readings.\n\nThanks, Taylor")
    await expect(dialog).not_to_contain_text("Not an email address")
    await expect(dialog.get_by_test_id("compose-send")).to_be_enabled()
    await dialog.get_by_test_id("compose-send").click()
    await expect(page.get_by_text("Message sent.")).to_be_visible()
    await expect(dialog).to_have_count(0)
    # The sender's copy is in Sent, first.
    await page.get_by_test_id("mail-folder-sent").click()
    await expect(page.locator("[data-testid^='mail-row-']").first).to_contain_text(subject)

    other_context = await browser.new_context(base_url=stack.ui_url, viewport={"width": 1280, "height": 800})
    try:
        other = await other_context.new_page()
        other_failures = watch_failures(other)
        await signed_in_at(other, "manager", "/apps/mail/inbox")
        await other.reload()
        first = other.locator("[data-testid^='mail-row-']").first
        await expect(first).to_contain_text(subject)
        await expect(first).to_contain_text("Taylor Technician")
        await first.click()
        await expect(other.get_by_test_id("mail-details")).to_contain_text("Please check the readings.")
        await expect(other.get_by_test_id("mail-details")).to_contain_text("Thanks, Taylor")
        await settle(other)
        assert not other_failures, other_failures
    finally:
        await other_context.close()
    # A staff member the mail was not sent to does not see it.
    contractor = Api(stack.api_url, "contractor")
    assert all(m["subject"] != subject for m in inbox(contractor))
    assert not failures, failures
