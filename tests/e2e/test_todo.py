"""The to-do area in Chromium: add and edit in the dialog, row toggles, ordering, soft and permanent delete."""

from __future__ import annotations

import re
import uuid
from typing import Any

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at
from tests.e2e.test_mail import settle, watch_failures


def find(api: Api, title: str, **query: str) -> dict[str, Any] | None:
    todos: list[dict[str, Any]] = api.get("/api/todo-app/todos", **query)
    return next((t for t in todos if t["title"] == title), None)


async def test_add_edit_toggle_delete_and_delete_for_good(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    api = Api(stack.api_url, "admin")
    title = f"Calibrate bench {uuid.uuid4().hex[:6]}"
    await signed_in_at(page, "admin", "/apps/todo/all")
    await page.get_by_test_id("todo-add").click()
    dialog = page.get_by_test_id("todo-dialog")
    await dialog.get_by_test_id("todo-form-save").click()
    await expect(dialog).to_contain_text("Give the task a title.")
    await dialog.get_by_test_id("todo-form-title").fill(title)
    await dialog.get_by_test_id("todo-form-notes").fill("Bring the reference meter.")
    await dialog.get_by_test_id("todo-form-start").fill("2026-12-01T09:00")
    await dialog.get_by_test_id("todo-form-due").fill("2026-11-30T09:00")
    await dialog.get_by_test_id("todo-form-save").click()
    await expect(dialog).to_contain_text("The due date must not be before the start date.")
    await dialog.get_by_test_id("todo-form-due").fill("2026-12-03T17:00")
    await dialog.get_by_test_id("todo-form-label-backend").click()
    await dialog.get_by_test_id("todo-form-important").check()
    await dialog.get_by_test_id("todo-form-save").click()
    await expect(dialog).to_have_count(0)

    created = find(api, title)
    assert created and created["important"] and created["notes"] == "Bring the reference meter."
    assert created["dueDate"] and created["startDate"]
    row = page.get_by_test_id(f"todo-row-{created['id']}")
    await expect(row).to_be_visible()
    await expect(page.get_by_test_id(f"todo-row-{created['id']}-label-backend")).to_be_visible()

    # Toggles on the row: star, done.
    await page.get_by_test_id(f"todo-row-{created['id']}-star").click()
    await expect(page.get_by_test_id(f"todo-row-{created['id']}-star")).to_have_attribute("aria-pressed", "true")
    await page.get_by_test_id(f"todo-row-{created['id']}-complete").check()
    await expect(row).to_have_attribute("data-completed", "true")
    # Edit in the dialog.
    await page.get_by_test_id(f"todo-row-{created['id']}-title").click()
    await dialog.get_by_test_id("todo-form-title").fill(f"{title} (rev)")
    await dialog.get_by_test_id("todo-form-save").click()
    await expect(page.get_by_test_id(f"todo-row-{created['id']}-title")).to_have_text(f"{title} (rev)")

    await settle(page)
    await page.reload()
    await expect(row).to_have_attribute("data-completed", "true")
    saved = find(api, f"{title} (rev)")
    assert saved and saved["starred"] and saved["completed"]

    # Soft delete: gone from All, waiting in Deleted.
    await page.get_by_test_id(f"todo-row-{created['id']}-delete").click()
    await expect(row).to_have_count(0)
    await page.get_by_test_id("todo-filter-deleted").click()
    await expect(page).to_have_url(re.compile(r"/apps/todo/filter/deleted$"))
    await expect(row).to_be_visible()
    assert find(api, f"{title} (rev)", filterHandle="deleted")
    # Delete for good.
    await page.get_by_test_id(f"todo-row-{created['id']}-destroy").click()
    await page.get_by_test_id("global-dialog-confirm").click()
    await expect(row).to_have_count(0)
    await settle(page)
    await page.reload()
    await expect(page.get_by_test_id("todo-list")).to_be_visible()
    await expect(row).to_have_count(0)
    assert find(api, f"{title} (rev)", filterHandle="deleted") is None
    assert not failures, failures


async def test_order_by_title_either_way(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    await signed_in_at(page, "manager", "/apps/todo/filter/starred")
    titles = page.locator("[data-testid$='-title'][data-testid^='todo-row-']")
    await expect(titles.first).to_be_visible()
    await page.get_by_test_id("todo-order").click()
    await page.get_by_test_id("todo-order-title").click()
    shown = await titles.all_inner_texts()
    assert shown == sorted(shown, key=str.lower)
    await page.get_by_test_id("todo-order-direction").click()
    await expect(page.get_by_test_id("todo-order-direction")).to_have_attribute("data-direction", "desc")
    shown = await titles.all_inner_texts()
    assert shown == sorted(shown, key=str.lower, reverse=True)
    assert not failures, failures
