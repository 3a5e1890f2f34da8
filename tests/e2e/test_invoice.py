"""Invoice in Chromium: the sample invoice in the modern and compact layouts, figures formatted,
the switch between layouts, printing, and an unknown id."""

from __future__ import annotations

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, go, signed_in_at, watch_requests

SAMPLE = "5725a6802d10e277a0f35724"


def money(text: str) -> str:
    return f"${float(text):,.2f}"


async def test_the_invoice_in_both_layouts_with_formatted_figures(page: Page, stack: Stack) -> None:
    failures = watch_requests(page)
    invoice = Api(stack.api_url, "admin").get("/api/invoices/get-invoice", id=SAMPLE)
    await signed_in_at(page, "admin", "/pages/invoice/modern")
    sheet = page.get_by_test_id("invoice-sheet")
    await expect(sheet.get_by_test_id("invoice-number")).to_have_text(invoice["number"])
    await expect(sheet.get_by_test_id("invoice-due-date")).to_have_text(invoice["dueDate"])
    await expect(sheet.get_by_test_id("invoice-total")).to_have_text("$9,000.00")
    await expect(sheet.get_by_test_id("invoice-tax")).to_have_text(money(invoice["tax"]))
    await expect(sheet.get_by_test_id("invoice-discount")).to_have_text(f"-{money(invoice['discount'])}")
    await expect(sheet.get_by_test_id("invoice-subtotal")).to_have_text(money(invoice["subtotal"]))
    await expect(sheet.get_by_test_id("invoice-lines").locator("tbody tr")).to_have_count(len(invoice["services"]))
    line = invoice["services"][0]
    await expect(sheet.get_by_test_id(f"invoice-line-{line['id']}")).to_contain_text(money(line["total"]))
    await expect(sheet.get_by_test_id(f"invoice-line-{line['id']}")).to_contain_text(f"{line['quantity']} Hours")

    await page.get_by_test_id("invoice-layout-compact").click()
    await expect(page.get_by_test_id("invoice-page-compact")).to_be_visible()
    await expect(page.get_by_test_id("invoice-sheet").get_by_test_id("invoice-total")).to_have_text("$9,000.00")

    # Printing shows the invoice alone, on white paper.
    await page.emulate_media(media="print")
    await expect(page.locator("[data-print-portal]")).to_be_visible()
    await expect(page.locator("[data-print-portal]")).to_contain_text(invoice["number"])
    await expect(page.locator("#root")).to_be_hidden()
    await page.emulate_media(media="screen")

    await go(page, "/pages/invoice/modern?id=no-such-invoice")
    await expect(page.get_by_test_id("invoice-not-found")).to_be_visible()
    assert not failures, failures
