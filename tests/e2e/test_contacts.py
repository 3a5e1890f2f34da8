"""The contacts area in Chromium: add and edit in the dialog, search, sort, paging, stars, bulk actions."""

from __future__ import annotations

import re
import uuid
from typing import Any

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at
from tests.e2e.test_mail import close_snackbars, settle, watch_failures


def contact_named(api: Api, name: str) -> dict[str, Any] | None:
    contacts: list[dict[str, Any]] = api.get("/api/contacts-app/contacts", id="all")
    return next((c for c in contacts if c["name"] == name), None)


async def add_contact(page: Page, name: str, last: str, company: str) -> None:
    await page.get_by_test_id("contacts-add").click()
    dialog = page.get_by_test_id("contact-dialog")
    await dialog.get_by_test_id("contact-form-name").fill(name)
    await dialog.get_by_test_id("contact-form-lastName").fill(last)
    await dialog.get_by_test_id("contact-form-company").fill(company)
    await dialog.get_by_test_id("contact-form-email").fill(f"{name.lower()}@{company.lower()}.example")
    await dialog.get_by_test_id("contact-form-save").click()
    await expect(dialog).to_have_count(0)


async def test_add_edit_star_and_delete_a_contact(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    api = Api(stack.api_url, "admin")
    name = f"Zed{uuid.uuid4().hex[:5]}"
    await signed_in_at(page, "manager", "/apps/contacts/all")
    await page.get_by_test_id("contacts-add").click()
    dialog = page.get_by_test_id("contact-dialog")
    await dialog.get_by_test_id("contact-form-email").fill("not-an-email")
    await dialog.get_by_test_id("contact-form-save").click()
    await expect(dialog).to_contain_text("Enter a first name.")
    await expect(dialog).to_contain_text("Enter an email address like name@example.com.")
    await dialog.get_by_test_id("contact-form-name").fill(name)
    await dialog.get_by_test_id("contact-form-lastName").fill("Ortiz")
    await dialog.get_by_test_id("contact-form-nickname").fill("Zo")
    await dialog.get_by_test_id("contact-form-company").fill("Voltline")
    await dialog.get_by_test_id("contact-form-jobTitle").fill("Site Engineer")
    await dialog.get_by_test_id("contact-form-email").fill("zed.ortiz@voltline.example")
    await dialog.get_by_test_id("contact-form-phone").fill("+1-202-555-0199")
    await dialog.get_by_test_id("contact-form-address").fill("12 Quay Street, Leeds")
    await dialog.get_by_test_id("contact-form-birthday").fill("1988-04-12")
    await dialog.get_by_test_id("contact-form-notes").fill("Prefers calls after 10.")
    await dialog.get_by_test_id("contact-form-save").click()
    await expect(dialog).to_have_count(0)
    created = contact_named(api, name)
    assert created and created["birthday"] == "1988-04-12" and created["nickname"] == "Zo"

    await page.get_by_test_id("contacts-search").fill(name)
    row = page.get_by_test_id(f"contact-row-{created['id']}")
    await expect(row).to_be_visible()
    await expect(page.get_by_test_id("contacts-count")).to_have_text("1 contact")
    # Edit.
    await page.get_by_test_id(f"contact-row-{created['id']}-name").click()
    await dialog.get_by_test_id("contact-form-jobTitle").fill("Lead Site Engineer")
    await dialog.get_by_test_id("contact-form-save").click()
    await expect(dialog).to_have_count(0)
    saved = contact_named(api, name)
    assert saved and saved["jobTitle"] == "Lead Site Engineer"
    # Star: it shows under Starred, also after a reload.
    await page.get_by_test_id(f"contact-row-{created['id']}-star").click()
    await expect(row).to_have_attribute("data-starred", "true")
    await page.get_by_test_id("contacts-view-starred").click()
    await expect(row).to_be_visible()
    await settle(page)
    await page.reload()
    await expect(row).to_have_attribute("data-starred", "true")
    # Delete.
    await page.get_by_test_id(f"contact-row-{created['id']}-delete").click()
    await page.get_by_test_id("global-dialog-confirm").click()
    await expect(row).to_have_count(0)
    assert contact_named(api, name) is None
    assert created["id"] not in api.get("/api/contacts-app/user")["starred"]
    assert not failures, failures


async def test_bulk_star_unstar_and_remove_with_sorting_and_paging(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    api = Api(stack.api_url, "admin")
    tag = uuid.uuid4().hex[:5]
    await signed_in_at(page, "admin", "/apps/contacts/all")
    await expect(page.get_by_test_id("contacts-range")).to_contain_text("1–10 of")
    await page.get_by_test_id("contacts-next").click()
    await expect(page.get_by_test_id("contacts-range")).to_contain_text("11–20 of")
    # Sort by name, descending: the first row is the last name alphabetically.
    contacts: list[dict[str, Any]] = api.get("/api/contacts-app/contacts", id="all")
    await page.get_by_test_id("contacts-sort-name").click()  # name is the default order: this turns it round
    last = max(contacts, key=lambda c: f"{c['name']} {c['lastName']}".lower())
    first_row = page.locator("[data-testid^='contact-row-'][data-starred]").first
    await expect(first_row).to_have_attribute("data-testid", f"contact-row-{last['id']}")

    for i in range(2):
        await add_contact(page, f"Bulk{tag}{i}", "Test", "Gridworks")
    await page.get_by_test_id("contacts-search").fill(f"Bulk{tag}")
    await expect(page.get_by_test_id("contacts-count")).to_have_text("2 contacts")
    await close_snackbars(page)
    await page.get_by_test_id("contacts-select-page").check()
    await expect(page.get_by_test_id("contacts-selected-count")).to_have_text("2 selected")
    await page.get_by_test_id("contacts-bulk-star").click()
    rows = page.locator("[data-testid^='contact-row-'][data-starred]")
    await expect(rows.nth(0)).to_have_attribute("data-starred", "true")
    await expect(rows.nth(1)).to_have_attribute("data-starred", "true")
    await close_snackbars(page)
    await page.get_by_test_id("contacts-bulk-unstar").click()
    await expect(rows.nth(0)).to_have_attribute("data-starred", "false")
    await expect(rows.nth(1)).to_have_attribute("data-starred", "false")
    await close_snackbars(page)
    await page.get_by_test_id("contacts-bulk-delete").click()
    await page.get_by_test_id("global-dialog-confirm").click()
    await expect(page.get_by_test_id("contacts-empty")).to_be_visible()
    assert contact_named(api, f"Bulk{tag}0") is None and contact_named(api, f"Bulk{tag}1") is None
    assert not failures, failures


async def test_column_filters_combine_with_the_search_and_survive_a_reload(page: Page, stack: Stack) -> None:
    """Issue 23: a text filter under each column, as in Fuse's table, together with the search box."""
    failures = watch_failures(page)
    contacts: list[dict[str, Any]] = Api(stack.api_url, "admin").get("/api/contacts-app/contacts", id="all")
    company = "Emtrac"
    at_company = [c for c in contacts if company.lower() in c["company"].lower()]
    title = at_company[0]["jobTitle"]
    both = [c for c in at_company if title.lower() in c["jobTitle"].lower()]
    assert 1 <= len(both) < len(at_company) <= 10
    await page.set_viewport_size({"width": 1600, "height": 900})  # every column (job title shows from 1536 px)
    await signed_in_at(page, "contractor", "/apps/contacts/all")
    rows = page.locator("[data-testid^='contact-row-'][data-testid$='-name']")
    await expect(rows).to_have_count(10)
    await page.get_by_test_id("contacts-filter-company").fill(company.lower()[:4])
    await expect(rows).to_have_count(len(at_company))
    await page.get_by_test_id("contacts-filter-jobTitle").fill(title.upper())
    await expect(rows).to_have_count(len(both))
    for c in both:
        await expect(page.get_by_test_id(f"contact-row-{c['id']}")).to_be_visible()
    # The search box narrows the filtered rows further.
    await page.get_by_test_id("contacts-search").fill(both[0]["email"])
    await expect(rows).to_have_count(1)
    await page.get_by_test_id("contacts-search").fill("")
    await page.get_by_test_id("contacts-filter-email").fill("no-such-address")
    await expect(page.get_by_test_id("contacts-empty")).to_contain_text("column filters")
    await page.get_by_test_id("contacts-filter-email").fill("")
    await page.get_by_test_id("contacts-filter-name").fill(both[0]["name"])
    await expect(rows.first).to_contain_text(both[0]["name"])

    # The filters are in the address: a reload keeps them.
    await expect(page).to_have_url(re.compile(r"[?&]name="))
    await page.reload()
    await expect(page.get_by_test_id("contacts-filter-name")).to_have_value(both[0]["name"])
    await expect(page.get_by_test_id("contacts-filter-company")).to_have_value(company.lower()[:4])
    await expect(page.get_by_test_id("contacts-filter-jobTitle")).to_have_value(title.upper())
    await expect(rows.first).to_contain_text(both[0]["name"])
    await page.get_by_test_id("contacts-filters-clear").click()
    await expect(page.get_by_test_id("contacts-filter-company")).to_have_value("")
    await expect(rows).to_have_count(10)
    assert not failures, failures
