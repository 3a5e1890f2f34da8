"""The notes area in Chromium: a note with a checklist and a reminder, archived and back; labels."""

from __future__ import annotations

import base64
import re
import uuid
from typing import Any

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at
from tests.e2e.test_mail import settle, watch_failures

# A 2 x 2 PNG (red, green / blue, white).
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC"
)


def note_titled(api: Api, title: str) -> dict[str, Any] | None:
    notes: list[dict[str, Any]] = api.get("/api/notes-app/notes")
    return next((n for n in notes if n["title"] == title), None)


async def test_create_a_note_with_a_checklist_and_archive_it(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    api = Api(stack.api_url, "admin")
    title = f"Rig checks {uuid.uuid4().hex[:6]}"
    await signed_in_at(page, "technician", "/apps/notes")
    await page.get_by_test_id("note-composer-open").click()
    composer = page.get_by_test_id("note-composer")
    await composer.get_by_test_id("note-form-title").fill(title)
    await composer.get_by_test_id("note-form-description").fill("Before the Monday run.")
    await composer.get_by_test_id("note-form-checklist-toggle").click()
    await composer.get_by_test_id("note-form-new-item").fill("Torque the flanges")
    await composer.get_by_test_id("note-form-new-item").press("Enter")
    await composer.get_by_test_id("note-form-new-item").fill("Log the pressures")
    await composer.get_by_test_id("note-form-add-item").click()
    await composer.get_by_test_id("note-form-reminder").click()
    await page.get_by_test_id("note-form-reminder-input").fill("2026-12-07T08:30")
    await page.get_by_test_id("note-form-reminder-save").click()
    await expect(composer.get_by_test_id("note-form-reminder-badge")).to_be_visible()
    await composer.get_by_test_id("note-form-image-input").set_input_files(
        {"name": "gauge.png", "mimeType": "image/png", "buffer": PNG}
    )
    await expect(composer.get_by_test_id("note-form-image")).to_be_visible()
    await composer.get_by_test_id("note-form-labels").click()
    await page.get_by_test_id("note-form-label-work").click()
    await page.keyboard.press("Escape")
    await composer.get_by_test_id("note-form-submit").click()
    await expect(page.get_by_text("Note added.")).to_be_visible()

    created = note_titled(api, title)
    assert created, "the note was not stored"
    assert [c["text"] for c in created["checklist"]] == ["Torque the flanges", "Log the pressures"]
    assert created["reminder"] and created["archive"] is False
    assert created["image"].startswith("data:image/jpeg;base64,")
    card = page.get_by_test_id(f"note-card-{created['id']}")
    await expect(card).to_be_visible()
    await expect(card).to_contain_text("0/2")
    # Tick an item straight on the card.
    await page.get_by_test_id(f"note-card-{created['id']}-item-0").check()
    await expect(card).to_contain_text("1/2")
    # It shows among the reminders and under its label.
    await page.get_by_test_id("notes-view-reminders").click()
    await expect(card).to_be_visible()
    await page.get_by_test_id("notes-view-label-work").click()
    await expect(card).to_be_visible()

    # Archive it from the dialog: it leaves Notes and waits in Archive, also after a reload.
    await page.get_by_test_id("notes-view-notes").click()
    await page.get_by_test_id(f"note-card-{created['id']}-title").click()
    dialog = page.get_by_test_id("note-dialog")
    await expect(dialog.get_by_test_id("note-form-title")).to_have_value(title)
    await dialog.get_by_test_id("note-form-archive").click()
    await expect(dialog).to_have_count(0)
    await expect(card).to_have_count(0)
    await page.get_by_test_id("notes-view-archive").click()
    await expect(page).to_have_url(re.compile(r"/apps/notes/archive$"))
    await settle(page)
    await page.reload()
    await expect(card).to_be_visible()
    await expect(card).to_have_attribute("data-archived", "true")
    saved = note_titled(api, title)
    assert saved and saved["archive"] is True and saved["checklist"][0]["checked"] is True

    # Unarchive from the card, then search for it in Notes.
    await page.get_by_test_id(f"note-card-{created['id']}-archive").click()
    await expect(card).to_have_count(0)
    await page.get_by_test_id("notes-view-notes").click()
    await page.get_by_test_id("notes-search").fill(title)
    await expect(card).to_be_visible()
    await expect(page.locator("[data-testid^='note-card-'][data-archived]")).to_have_count(1)
    assert not failures, failures


async def test_create_rename_and_delete_a_label(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    api = Api(stack.api_url, "admin")
    name = f"Site {uuid.uuid4().hex[:5]}"
    await signed_in_at(page, "manager", "/apps/notes")
    await page.get_by_test_id("notes-edit-labels").click()
    dialog = page.get_by_test_id("labels-dialog")
    await dialog.get_by_test_id("labels-new-name").fill(name)
    await dialog.get_by_test_id("labels-add").click()
    await dialog.get_by_test_id("labels-save").click()
    await expect(dialog).to_have_count(0)
    labels: list[dict[str, Any]] = api.get("/api/notes-app/labels")
    created = next(label for label in labels if label["name"] == name)
    link = page.get_by_test_id(f"notes-view-label-{created['handle']}")
    await expect(link).to_have_text(name)

    # Rename it.
    await page.get_by_test_id("notes-edit-labels").click()
    index = [label["name"] for label in labels].index(name)
    await dialog.get_by_test_id(f"labels-name-{index}").fill(f"{name} renamed")
    await dialog.get_by_test_id("labels-save").click()
    await expect(link).to_have_text(f"{name} renamed")
    await settle(page)
    await page.reload()
    await expect(link).to_have_text(f"{name} renamed")

    # Delete it.
    await page.get_by_test_id("notes-edit-labels").click()
    await dialog.get_by_test_id(f"labels-delete-{index}").click()
    await dialog.get_by_test_id("labels-save").click()
    await expect(link).to_have_count(0)
    assert all(label["id"] != created["id"] for label in api.get("/api/notes-app/labels"))
    assert not failures, failures
