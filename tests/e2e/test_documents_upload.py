"""Uploading documents in Chromium: files dropped on the upload dialog, each one's transfer and
processing progress pushed live to ready, the detail page's preview and text, an upload from an
asset's page (a duplicate), a mislabelled file refused with the server's message, and no upload
controls for a contractor. Saves screenshots documents-upload-*.png (docs/screenshots/ with SCREENSHOTS=docs)."""

from __future__ import annotations

import base64
import re
import uuid
from typing import Any

from playwright.async_api import Locator, Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, screenshots_dir, signed_in_at
from tests.fixtures import files

SHOTS = screenshots_dir()
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
PROCESSING = 30_000  # ms: a worker processes each file, pausing at each stage


async def drop_files(page: Page, target: Locator, dropped: list[tuple[str, bytes, str]]) -> None:
    """Drag files from the desktop onto ``target``: the drag events carry a real DataTransfer."""
    payload = [{"name": n, "type": t, "data": base64.b64encode(b).decode()} for n, b, t in dropped]
    transfer = await page.evaluate_handle(
        """(files) => {
            const transfer = new DataTransfer()
            for (const f of files) {
                const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))
                transfer.items.add(new File([bytes], f.name, { type: f.type }))
            }
            return transfer
        }""",
        payload,
    )
    for event in ("dragenter", "dragover", "drop"):
        await target.dispatch_event(event, {"dataTransfer": transfer})


async def clear_snackbars(page: Page) -> None:
    """The 'Document ready' notifications sit over the top of the screen: closed for the screenshots."""
    await page.evaluate("document.querySelectorAll('[data-testid=snackbar-close]').forEach((b) => b.click())")
    await expect(page.get_by_test_id("snackbar")).to_have_count(0)


async def shoot_down_to(page: Page, element: Locator, width: int, name: str) -> None:
    """A screenshot of the page from the top down to the end of ``element`` (the shell scrolls inside
    itself, so the window is made tall enough instead of shooting the 'full page')."""
    await page.set_viewport_size({"width": width, "height": 800})
    await page.evaluate("document.querySelectorAll('*').forEach((e) => { if (e.scrollTop) e.scrollTop = 0 })")
    box = await element.bounding_box()
    assert box, "nothing to shoot"
    await page.set_viewport_size({"width": width, "height": max(800, int(box["y"] + box["height"] + 96))})
    await expect(element).to_be_visible()
    await page.screenshot(path=str(SHOTS / name))


def upload_item(page: Page, name: str) -> Locator:
    return page.locator(f'[data-testid="upload-item"][data-file="{name}"]')


async def document_id_of(item: Locator) -> int:
    href = await item.get_by_test_id("upload-item-open").get_attribute("href")
    assert href, "the upload has no link to its document"
    return int(href.rsplit("/", 1)[1])


async def test_upload_watch_progress_to_ready_and_open_the_document(page: Page, stack: Stack) -> None:
    marker = f"zq{uuid.uuid4().hex[:8]}"  # a word that is only inside the PDF's text
    pdf_bytes = files.pdf(2, marker=marker)
    note_marker = f"log{uuid.uuid4().hex[:6]}"
    await signed_in_at(page, "technician", "/documents")
    await page.evaluate("window.__sameLoad = true")
    search = page.get_by_test_id("list-search")
    await expect(search).to_have_attribute("placeholder", "Search titles and text inside documents")

    # Drop two files on the dialog, pick the department, send.
    await page.get_by_test_id("upload-open").click()
    dialog = page.get_by_test_id("upload-dialog")
    await expect(dialog).to_be_visible()
    await dialog.get_by_test_id("upload-department").select_option("Hardware")
    await drop_files(
        page,
        dialog.get_by_test_id("upload-dropzone"),
        [
            ("Pump inspection.pdf", pdf_bytes, "application/pdf"),
            ("site-log.txt", files.text(note_marker), "text/plain"),
        ],
    )
    await expect(dialog.get_by_test_id("upload-chosen-item")).to_have_count(2)
    await expect(dialog.get_by_test_id("upload-submit")).to_have_text("Upload 2 files")
    await dialog.get_by_test_id("upload-submit").click()

    # Each file: its transfer, then the processing stages, pushed live, to ready.
    pdf_item, text_item = upload_item(page, "Pump inspection.pdf"), upload_item(page, "site-log.txt")
    await expect(pdf_item.get_by_test_id("upload-item-transfer")).to_be_visible()
    await expect(pdf_item.get_by_test_id("upload-item-processing")).to_have_attribute(
        "data-state", re.compile("queued|processing"), timeout=PROCESSING
    )
    stages: list[str] = []
    # A stage in between ('received', 'type-check', 'text', 'thumbnail'): the bar follows the worker.
    await expect(pdf_item.get_by_test_id("upload-item-processing")).to_have_attribute(
        "data-stage", re.compile("received|type-check|text|thumbnail"), timeout=PROCESSING
    )
    stages.append(await pdf_item.get_by_test_id("upload-item-processing").get_attribute("data-stage") or "")
    await dialog.screenshot(path=str(SHOTS / "documents-upload-dialog-desktop.png"))
    for item in (pdf_item, text_item):
        await expect(item.get_by_test_id("upload-item-result")).to_have_attribute(
            "data-status", "ready", timeout=PROCESSING
        )
        await expect(item.get_by_test_id("upload-item-processing")).to_have_attribute("data-value", "100")
    assert stages and stages[0] != "done"
    await page.set_viewport_size(PHONE)
    await expect(dialog).to_be_visible()
    await clear_snackbars(page)
    await page.screenshot(path=str(SHOTS / "documents-upload-dialog-phone.png"))
    await page.set_viewport_size(DESKTOP)
    pdf_id, text_id = await document_id_of(pdf_item), await document_id_of(text_item)

    # The list shows the new rows in their final state without a reload.
    await dialog.get_by_test_id("upload-close").click()
    await expect(dialog).to_have_count(0)
    await expect(page.get_by_test_id(f"row-{pdf_id}")).to_be_visible(timeout=10_000)
    await expect(page.get_by_test_id(f"cell-{pdf_id}-state").locator("[data-value]")).to_have_attribute(
        "data-value", "ready"
    )
    assert await page.evaluate("window.__sameLoad === true"), "the page was reloaded"
    await clear_snackbars(page)
    await page.screenshot(path=str(SHOTS / "documents-upload-list-desktop.png"))

    # The search finds the PDF by a word that is only inside it.
    await search.fill(marker)
    await expect(page.get_by_test_id("list-total")).to_have_text("1 document", timeout=10_000)
    await expect(page.get_by_test_id(f"row-{pdf_id}")).to_be_visible()

    # Its page: the first page as a preview, the file's facts, the extracted text, the download.
    await page.get_by_test_id(f"row-{pdf_id}").get_by_role("link").first.click()
    await expect(page).to_have_url(re.compile(rf"/documents/{pdf_id}$"))
    thumbnail = page.get_by_test_id("doc-thumbnail")
    await expect(thumbnail).to_be_visible()
    assert await thumbnail.evaluate("(img) => img.complete && img.naturalWidth > 0 && img.naturalWidth <= 320")
    await expect(page.get_by_test_id("doc-meta-pages")).to_have_text("2")
    await expect(page.get_by_test_id("doc-meta-name")).to_have_text("Pump inspection.pdf")
    await expect(page.get_by_test_id("doc-text-summary")).to_contain_text(
        "characters of text were extracted from 2 pages"
    )
    async with page.expect_download() as waiting:
        await page.get_by_test_id("doc-download").click()
    download = await waiting.value
    assert download.suggested_filename == "Pump inspection.pdf"
    assert (await download.path()).read_bytes() == pdf_bytes
    await clear_snackbars(page)
    await shoot_down_to(page, page.get_by_test_id("doc-panel"), DESKTOP["width"], "documents-upload-detail-desktop.png")
    await shoot_down_to(page, page.get_by_test_id("doc-panel"), PHONE["width"], "documents-upload-detail-phone.png")
    await page.set_viewport_size(DESKTOP)

    # A text file's page shows its text.
    await page.goto(f"/documents/{text_id}")
    await expect(page.get_by_test_id("doc-text")).to_contain_text(f"Site log {note_marker}")
    await expect(page.get_by_test_id("doc-text-preview")).to_contain_text(note_marker)


async def test_upload_from_an_asset_page_links_it_and_reports_a_duplicate(page: Page, stack: Stack) -> None:
    api = Api(stack.api_url, "technician")
    asset: dict[str, Any] = api.get("/assets", perPage=1)["items"][0]
    body = files.pdf(1, marker=f"dup{uuid.uuid4().hex[:8]}")
    first = api.client.post(
        "/documents/upload",
        data={"department": "Hardware"},
        files=[("file", ("Original.pdf", body, "application/pdf"))],
    )
    assert first.status_code == 201, first.text
    original_id = first.json()["items"][0]["id"]

    await signed_in_at(page, "technician", f"/assets/{asset['id']}")
    linked = page.get_by_test_id("linked-documents")
    await linked.get_by_test_id("linked-documents-upload").click()
    dialog = page.get_by_test_id("upload-dialog")
    await expect(dialog.get_by_test_id("upload-context")).to_contain_text(asset["tag"])
    await expect(dialog.get_by_test_id("upload-department")).to_have_value(asset["department"])
    await dialog.get_by_test_id("upload-input").set_input_files(
        [{"name": "Copy.pdf", "mimeType": "application/pdf", "buffer": body}]
    )
    await dialog.get_by_test_id("upload-submit").click()
    item = upload_item(page, "Copy.pdf")
    await expect(item.get_by_test_id("upload-item-result")).to_have_attribute(
        "data-status", "duplicate", timeout=PROCESSING
    )
    await expect(item.get_by_test_id("upload-item-duplicate")).to_contain_text(f"document #{original_id}")
    copy_id = await document_id_of(item)
    await dialog.get_by_test_id("upload-close").click()
    row = linked.get_by_test_id(f"linked-document-{copy_id}")
    await expect(row).to_be_visible(timeout=10_000)
    await expect(row.locator("[data-value]")).to_have_attribute("data-value", "ready")
    assert api.get(f"/documents/{copy_id}")["assetId"] == asset["id"]

    await row.get_by_role("link").click()
    await expect(page.get_by_test_id("doc-duplicate")).to_be_visible()
    await expect(page.get_by_test_id("doc-linked-asset")).to_contain_text(asset["tag"])


async def test_a_mislabelled_file_shows_the_servers_message(page: Page, stack: Stack) -> None:
    api = Api(stack.api_url, "technician")
    png = files.image()
    refused = api.client.post(
        "/documents/upload", data={"department": "Hardware"}, files=[("file", ("photo.pdf", png, "application/pdf"))]
    )
    assert refused.status_code == 415, refused.text
    message = refused.json()["message"]

    await signed_in_at(page, "technician", "/documents")
    await page.get_by_test_id("upload-open").click()
    dialog = page.get_by_test_id("upload-dialog")
    await dialog.get_by_test_id("upload-department").select_option("Software and Firmware")
    await dialog.get_by_test_id("upload-input").set_input_files(
        [{"name": "photo.pdf", "mimeType": "application/pdf", "buffer": png}]
    )
    await dialog.get_by_test_id("upload-submit").click()
    item = upload_item(page, "photo.pdf")
    await expect(item.get_by_test_id("upload-item-result")).to_have_attribute("data-status", "refused")
    await expect(item.get_by_test_id("upload-item-reason")).to_have_text(message)
    await dialog.screenshot(path=str(SHOTS / "documents-upload-refused-desktop.png"))


async def test_a_contractor_sees_no_upload_control(page: Page, stack: Stack) -> None:
    asset_id = Api(stack.api_url, "contractor").get("/assets", perPage=1)["items"][0]["id"]
    await signed_in_at(page, "contractor", "/documents")
    await expect(page.get_by_test_id("record-table")).to_be_visible()
    await expect(page.get_by_test_id("upload-open")).to_have_count(0)
    await page.goto(f"/assets/{asset_id}")
    await expect(page.get_by_test_id("linked-documents")).to_be_visible()
    await expect(page.get_by_test_id("linked-documents-upload")).to_have_count(0)
