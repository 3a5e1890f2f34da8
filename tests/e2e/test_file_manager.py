"""The file manager in Chromium: the table with types, owners, sizes; filters, search, sorting and
the details panel with the offline choice kept after a reload."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at
from tests.e2e.test_mail import settle, watch_failures


async def test_files_table_details_and_offline_choice(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    files: list[dict[str, Any]] = Api(stack.api_url, "admin").get("/api/file-manager-app/files")
    folders = [f for f in files if f["type"] == "folder"]
    await signed_in_at(page, "contractor", "/apps/file-manager")
    await expect(page.get_by_test_id("files-summary")).to_have_text(
        f"{len(folders)} folders, {len(files) - len(folders)} files"
    )
    rows = page.locator("[data-testid^='file-row-']")
    await expect(rows).to_have_count(len(files))
    # Folders come first.
    await expect(rows.first).to_contain_text(sorted(f["name"] for f in folders)[0])

    await page.get_by_test_id("files-filter-spreadsheet").click()
    await expect(rows).to_have_count(sum(f["type"] == "spreadsheet" for f in files))
    await page.get_by_test_id("files-filter-all").click()
    await page.get_by_test_id("files-search").fill("method statement")
    target = next(f for f in files if f["name"].lower().startswith("method statement"))
    await expect(rows).to_have_count(1)
    await page.get_by_test_id(f"file-row-{target['id']}").click()
    details = page.get_by_test_id("file-details")
    await expect(details.get_by_test_id("file-details-name")).to_have_text(target["name"])
    await expect(details.get_by_test_id("file-details-size")).to_have_text(target["size"])
    await expect(details.get_by_test_id("file-details-owner")).to_have_text(target["owner"])
    await expect(details.get_by_test_id("file-details-location")).to_have_text(target["location"])
    await expect(details.get_by_test_id("file-details-created")).to_have_text(target["created"])
    offline = details.get_by_test_id("file-details-offline")
    if target["offline"]:
        await expect(offline).to_be_checked()
    else:
        await expect(offline).not_to_be_checked()
    await details.get_by_text("Available offline").click()
    await expect(offline).to_be_checked(checked=not target["offline"])
    await settle(page)
    await page.reload()
    await page.get_by_test_id(f"file-row-{target['id']}").click()
    await expect(page.get_by_test_id("file-details-offline")).to_be_checked(checked=not target["offline"])

    # Sort by size, largest first (folders stay on top).
    await page.get_by_test_id("files-search").fill("")
    await page.get_by_test_id("files-sort-size").click()
    await page.get_by_test_id("files-sort-size").click()
    biggest = max(
        (f for f in files if f["type"] != "folder"),
        key=lambda f: float(f["size"].split()[0]) * {"Kb": 1, "Mb": 1024, "Gb": 1024**2}[f["size"].split()[1]],
    )
    await expect(rows.nth(len(folders))).to_have_attribute("data-testid", f"file-row-{biggest['id']}")
    assert not failures, failures


async def test_file_details_on_a_phone(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    await page.set_viewport_size({"width": 390, "height": 844})
    await signed_in_at(page, "technician", "/apps/file-manager")
    await page.locator("[data-testid^='file-row-']").nth(4).click()
    await expect(page.get_by_test_id("file-details")).to_be_visible()
    await page.get_by_role("button", name="Close details").click()
    await expect(page.get_by_test_id("file-details")).to_have_count(0)
    assert not failures, failures
