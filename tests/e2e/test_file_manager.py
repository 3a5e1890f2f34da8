"""The file manager in Chromium: the table with types, owners, sizes; filters, search, sorting and
the details panel with the offline choice kept after a reload."""

from __future__ import annotations

import asyncio
import re
import uuid
from pathlib import Path
from typing import Any

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at
from tests.e2e.test_mail import settle, watch_failures


async def test_files_table_details_and_offline_choice(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    files: list[dict[str, Any]] = Api(stack.api_url, "admin").get("/api/file-manager-app/files")
    at_top = [f for f in files if not f.get("folderId")]  # the page opens on the top folder, "My Files"
    folders = [f for f in at_top if f["type"] == "folder"]
    await signed_in_at(page, "contractor", "/apps/file-manager")
    await expect(page.get_by_test_id("files-summary")).to_have_text(
        f"{len(folders)} folders, {len(at_top) - len(folders)} files"
    )
    rows = page.locator("[data-testid^='file-row-']:not([data-testid$='-details'])")
    await expect(rows).to_have_count(len(at_top))
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
    await page.get_by_test_id("files-search").fill("method statement")  # it sits in a folder: the search finds it
    await page.get_by_test_id(f"file-row-{target['id']}").click()
    await expect(page.get_by_test_id("file-details-offline")).to_be_checked(checked=not target["offline"])

    # Sort by size, largest first (folders stay on top).
    await page.get_by_test_id("files-search").fill("")
    await page.get_by_test_id("files-sort-size").click()
    await page.get_by_test_id("files-sort-size").click()
    biggest = max(
        (f for f in at_top if f["type"] != "folder"),
        key=lambda f: float(f["size"].split()[0]) * {"Kb": 1, "Mb": 1024, "Gb": 1024**2}[f["size"].split()[1]],
    )
    await expect(rows.nth(len(folders))).to_have_attribute("data-testid", f"file-row-{biggest['id']}")
    assert not failures, failures


async def test_file_details_on_a_phone(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    await page.set_viewport_size({"width": 390, "height": 844})
    await signed_in_at(page, "technician", "/apps/file-manager")
    await page.locator("[data-testid^='file-row-']:not([data-testid$='-details'])").nth(4).click()
    await expect(page.get_by_test_id("file-details")).to_be_visible()
    await page.get_by_role("button", name="Close details").click()
    await expect(page.get_by_test_id("file-details")).to_have_count(0)
    assert not failures, failures


async def test_folders_breadcrumb_upload_download_and_delete(page: Page, stack: Stack, tmp_path: Path) -> None:
    """Issue 23: Fuse's breadcrumb for folders, the Add button, the details' Download and Delete."""
    failures = watch_failures(page)
    files: list[dict[str, Any]] = Api(stack.api_url, "admin").get("/api/file-manager-app/files")
    work = next(f for f in files if f["name"] == "Work Documents")
    archive = next(f for f in files if f["name"] == "Archive" and f["folderId"] == work["id"])
    rows = page.locator("[data-testid^='file-row-']:not([data-testid$='-details'])")
    await signed_in_at(page, "technician", "/apps/file-manager")
    await page.get_by_test_id(f"file-row-{work['id']}").click()
    await expect(page).to_have_url(re.compile(rf"/apps/file-manager/{work['id']}$"))
    await expect(rows).to_have_count(sum(f.get("folderId") == work["id"] for f in files))
    await page.get_by_test_id(f"file-row-{archive['id']}").click()
    crumbs = page.get_by_test_id("files-breadcrumb")
    await expect(crumbs).to_contain_text("File Manager›Work Documents›Archive")
    await page.reload()  # the folder is in the address
    await expect(crumbs).to_contain_text("Archive")
    await page.get_by_test_id(f"files-breadcrumb-{work['id']}").click()
    await expect(page).to_have_url(re.compile(rf"/apps/file-manager/{work['id']}$"))

    # A sample entry has nothing to download, and says so.
    sample = next(f for f in files if f.get("folderId") == work["id"] and f["type"] != "folder")
    await page.get_by_test_id(f"file-row-{sample['id']}").click()
    await expect(page.get_by_test_id("file-details-download")).to_be_disabled()
    await expect(page.get_by_test_id("file-details-sample-note")).to_be_visible()

    # Add a file into this folder: it is listed, downloadable, and kept after a reload.
    name = f"crane-lift-plan-{uuid.uuid4().hex[:5]}.txt"
    content = b"Lift plan: 40 t crane, outrigger mats, exclusion zone 15 m."
    (tmp_path / name).write_bytes(content)
    await page.get_by_test_id("files-upload-input").set_input_files(tmp_path / name)
    details = page.get_by_test_id("file-details")
    await expect(details.get_by_test_id("file-details-name")).to_have_text(name)
    await expect(details.get_by_test_id("file-details-location")).to_have_text("My Files > Work Documents")
    await expect(details.get_by_test_id("file-details-owner")).to_have_text("Taylor Technician")
    async with page.expect_download() as download_info:
        await details.get_by_test_id("file-details-download").click()
    download = await download_info.value
    assert download.suggested_filename == name
    assert await asyncio.to_thread(Path(await download.path()).read_bytes) == content
    await settle(page)
    await page.reload()
    row = page.locator("[data-testid^='file-row-']", has_text=name)
    await expect(row).to_have_count(1)

    # A refused type never leaves the page.
    (tmp_path / "tool.exe").write_bytes(b"MZ")
    await page.get_by_test_id("files-upload-input").set_input_files(tmp_path / "tool.exe")
    await expect(page.get_by_text("'tool.exe' is not a kind of file kept here", exact=False)).to_be_visible()

    # Delete asks first, then the file is gone for good.
    await row.click()
    await page.get_by_test_id("file-details-delete").click()
    await page.get_by_test_id("global-dialog-cancel").click()
    await expect(row).to_have_count(1)
    await page.get_by_test_id("file-details-delete").click()
    await page.get_by_test_id("global-dialog-confirm").click()
    await expect(row).to_have_count(0)
    await page.reload()
    await expect(rows.first).to_be_visible()
    await expect(row).to_have_count(0)
    assert not failures, failures


async def test_contractors_browse_but_do_not_add_or_delete(page: Page, stack: Stack) -> None:
    await signed_in_at(page, "contractor", "/apps/file-manager")
    await expect(page.locator("[data-testid^='file-row-']").first).to_be_visible()
    await expect(page.get_by_test_id("files-add")).to_have_count(0)
    await page.locator("[data-testid^='file-row-']", has_text="Shopping list").click()
    await expect(page.get_by_test_id("file-details")).to_be_visible()
    await expect(page.get_by_test_id("file-details-delete")).to_have_count(0)
