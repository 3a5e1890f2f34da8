"""My work on a phone (390 x 844): a technician opens it from the navigation, marks an inspection done
with a note; the asset's history and next inspection show it, and a manager's dashboard in another
browser updates live. Saves my-work-phone.png and settings-notifications-phone.png (under
docs/screenshots with SCREENSHOTS=docs, ./ops/screenshots)."""

from __future__ import annotations

import re
from datetime import date, timedelta

from playwright.async_api import Browser, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, screenshots_dir, signed_in_at

PHONE = {"width": 390, "height": 844}


async def test_a_technician_records_an_inspection_from_my_work(browser: Browser, stack: Stack) -> None:
    as_technician = Api(stack.api_url, "technician")
    technician_id = as_technician.get("/me")["id"]
    today = date.fromisoformat(as_technician.get("/my-work")["today"])  # the inspection time zone's day
    long_ago = (today - timedelta(days=400)).isoformat()  # first on the dashboard's list of inspections
    asset = Api(stack.api_url, "manager").create_asset(
        name="Pressure gauge", category="Test equipment", assignedTechnicianId=technician_id, nextInspection=long_ago
    )

    desk = await browser.new_context(base_url=stack.ui_url, viewport={"width": 1280, "height": 800})
    phone = await browser.new_context(base_url=stack.ui_url, viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        manager = await desk.new_page()
        await signed_in_at(manager, "manager", "/dashboard")
        due = manager.get_by_test_id(f"inspection-{asset['id']}")
        await expect(due).to_be_visible()

        page = await phone.new_page()
        await signed_in_at(page, "technician", "/dashboard")
        await page.get_by_test_id("navbar-toggle").click()
        navigation = page.get_by_test_id("navbar")
        await expect(navigation.get_by_role("link").first).to_have_text(re.compile("My work"))
        await navigation.get_by_role("link", name="My work").click()
        await expect(page).to_have_url(re.compile(r"/my-work$"))
        row = page.get_by_test_id(f"my-work-row-{asset['id']}")
        await expect(row).to_be_visible()
        await expect(page.get_by_test_id(f"my-work-due-{asset['id']}")).to_have_text("Overdue 400 days")
        # One column of large rows: each row spans the list, its button at least 48 px high.
        box, listed = await row.bounding_box(), await page.get_by_test_id("my-work-list").bounding_box()
        assert box and listed and abs(box["width"] - listed["width"]) < 2
        button = await page.get_by_test_id(f"my-work-inspect-{asset['id']}").bounding_box()
        assert button and button["height"] >= 44
        assert await page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        await page.screenshot(path=str(screenshots_dir() / "my-work-phone.png"))

        await page.get_by_test_id(f"my-work-inspect-{asset['id']}").click()
        dialog = page.get_by_test_id("inspection-dialog")
        await expect(dialog).to_be_visible()
        await expect(dialog.get_by_test_id("inspection-save")).to_be_disabled()  # nothing chosen yet
        await dialog.get_by_test_id("inspection-result-BAD").click()
        await dialog.get_by_test_id("inspection-note").fill("Needle sticks at 6 bar; recalibrated.")
        await dialog.get_by_test_id("inspection-save").click()
        await expect(dialog).to_be_hidden()
        await expect(page.get_by_test_id(f"my-work-due-{asset['id']}")).to_have_text("Due in 365 days")

        # The manager's dashboard, in another browser, follows without a reload.
        await expect(due).to_be_hidden(timeout=15_000)
        activity = manager.get_by_test_id(f"activity-assets-{asset['id']}").first
        await expect(activity).to_contain_text("Taylor Technician")

        await page.get_by_test_id(f"my-work-open-{asset['id']}").click()
        await expect(page).to_have_url(re.compile(rf"/assets/{asset['id']}$"))
        next_date = today + timedelta(days=365)  # Test equipment: inspected once a year
        await expect(page.get_by_text(next_date.strftime("%b %-d, %Y")).first).to_be_visible()
        history = page.get_by_test_id("history")
        await expect(history).to_contain_text("Taylor Technician")
        await expect(history).to_contain_text("Needle sticks at 6 bar; recalibrated.")
        await expect(history).to_contain_text("Inspection result")

        # The settings panel's Notifications section, on the phone (opened from the toolbar there).
        await page.get_by_test_id("settings-toggle").click()
        section = page.get_by_test_id("settings-panel").get_by_role("region", name="Notifications", exact=True)
        await section.scroll_into_view_if_needed()
        await expect(section.get_by_test_id("push-settings")).to_be_visible()
        await expect(section.get_by_test_id("push-mode-away")).to_have_attribute("aria-checked", "true")
        await section.screenshot(path=str(screenshots_dir() / "settings-notifications-phone.png"))
        await section.get_by_test_id("push-mode-always").click()
        await expect(section.get_by_test_id("push-mode-always")).to_have_attribute("aria-checked", "true")
        assert as_technician.get("/notifications/preferences")["push"] == "always"
    finally:
        await phone.close()
        await desk.close()
