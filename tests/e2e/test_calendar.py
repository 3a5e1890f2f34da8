"""The calendar in Chromium: create by selecting a slot, drag to move, drag to resize, edit, move in
the month view, the agenda, and delete; every change is stored."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from typing import Any

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at
from tests.e2e.test_mail import close_snackbars, settle, watch_failures

PX_PER_MIN = 48 / 60


def event_titled(api: Api, title: str) -> dict[str, Any] | None:
    events: list[dict[str, Any]] = api.get("/api/calendar-app/events")
    return next((e for e in events if e["title"] == title), None)


def at(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


async def drag(page: Page, x: float, y: float, to_x: float, to_y: float) -> None:
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move((x + to_x) / 2, (y + to_y) / 2, steps=4)
    await page.mouse.move(to_x, to_y, steps=4)
    await page.mouse.up()


async def test_select_a_slot_then_move_resize_edit_and_delete(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    api = Api(stack.api_url, "admin")
    title = f"Relay test {uuid.uuid4().hex[:5]}"
    await signed_in_at(page, "manager", "/apps/calendar?view=week&date=2027-09-15")
    await expect(page.get_by_test_id("calendar-title")).to_have_text("Sep 12 – Sep 18, 2027")

    # Select Wednesday 10:00–11:00.
    column = page.get_by_test_id("day-column-2027-09-15")
    box = await column.bounding_box()
    assert box
    x = box["x"] + box["width"] / 2
    await drag(page, x, box["y"] + 600 * PX_PER_MIN + 4, x, box["y"] + 630 * PX_PER_MIN + 4)
    dialog = page.get_by_test_id("event-dialog")
    await expect(dialog.get_by_test_id("event-form-start")).to_have_value("2027-09-15T10:00")
    await expect(dialog.get_by_test_id("event-form-end")).to_have_value("2027-09-15T11:00")
    await dialog.get_by_test_id("event-form-title").fill(title)
    await dialog.get_by_test_id("event-form-desc").fill("Bench 3, bring the scope.")
    await dialog.get_by_test_id("event-form-save").click()
    await expect(dialog).to_have_count(0)
    created = event_titled(api, title)
    assert created and created["allDay"] is False and created["desc"] == "Bench 3, bring the scope."
    start, end = at(created["start"]), at(created["end"])
    assert end - start == timedelta(hours=1)
    event = page.get_by_test_id(f"event-{created['id']}")
    await expect(event).to_be_visible()
    await close_snackbars(page)

    # Drag it one hour later.
    box = await event.bounding_box()
    assert box
    await drag(
        page, box["x"] + box["width"] / 2, box["y"] + 10, box["x"] + box["width"] / 2, box["y"] + 10 + 60 * PX_PER_MIN
    )
    await expect(page.get_by_text("Event moved.")).to_be_visible()
    moved = event_titled(api, title)
    assert moved and at(moved["start"]) == start + timedelta(hours=1) and at(moved["end"]) == end + timedelta(hours=1)
    await close_snackbars(page)

    # Drag its bottom edge 30 minutes down.
    handle = page.get_by_test_id(f"event-{created['id']}-resize")
    box = await handle.bounding_box()
    assert box
    await drag(
        page, box["x"] + box["width"] / 2, box["y"] + 3, box["x"] + box["width"] / 2, box["y"] + 3 + 30 * PX_PER_MIN
    )
    await expect(page.get_by_text("Event moved.")).to_be_visible()
    resized = event_titled(api, title)
    assert resized and at(resized["end"]) == end + timedelta(hours=1, minutes=30)
    assert at(resized["start"]) == start + timedelta(hours=1)

    # Reload: still there; click to edit.
    await settle(page)
    await page.reload()
    await event.click()
    await expect(dialog.get_by_test_id("event-form-title")).to_have_value(title)
    await dialog.get_by_test_id("event-form-title").fill(f"{title} (moved)")
    await dialog.get_by_test_id("event-form-save").click()
    await expect(event).to_contain_text(f"{title} (moved)")

    # Month view: drag it to the next day.
    await page.get_by_test_id("calendar-view-month").click()
    chip = page.get_by_test_id("month-cell-2027-09-15").get_by_test_id(f"event-{created['id']}")
    await expect(chip).to_be_visible()
    await close_snackbars(page)
    await expect(chip).to_be_in_viewport()
    box = await chip.bounding_box()
    target = await page.get_by_test_id("month-cell-2027-09-16").bounding_box()
    assert box and target
    await drag(
        page,
        box["x"] + 20,
        box["y"] + box["height"] / 2,
        target["x"] + target["width"] / 2,
        target["y"] + target["height"] / 2,
    )
    await expect(page.get_by_test_id("month-cell-2027-09-16").get_by_test_id(f"event-{created['id']}")).to_be_visible()
    await expect(page.get_by_text("Event moved.")).to_be_visible()  # stored (the cell moves at once)
    shifted = event_titled(api, f"{title} (moved)")
    assert shifted and at(shifted["start"]) == start + timedelta(days=1, hours=1)

    # Agenda shows it; delete it from there.
    # Each step waits for the page to have drawn the new view and date (data-view, data-date), not
    # only for the address: the address changes before React renders, and a click in between runs the
    # previous view's handler (a month step instead of an agenda step).
    calendar = page.get_by_test_id("calendar-page")
    await page.get_by_test_id("calendar-view-agenda").click()
    await expect(calendar).to_have_attribute("data-view", "agenda")
    range_start = await calendar.get_attribute("data-date")
    await page.get_by_test_id("calendar-prev").click()  # back 30 days and forward again: the same range
    await expect(calendar).not_to_have_attribute("data-date", range_start or "")
    await page.get_by_test_id("calendar-next").click()
    await expect(calendar).to_have_attribute("data-date", range_start or "")
    await expect(calendar).to_have_attribute("data-view", "agenda")
    await expect(page.get_by_test_id(f"agenda-event-{created['id']}")).to_be_visible(timeout=20_000)
    await page.get_by_test_id(f"agenda-event-{created['id']}").click()
    await dialog.get_by_test_id("event-form-delete").click()
    await page.get_by_test_id("global-dialog-confirm").click()
    await expect(page.get_by_test_id(f"agenda-event-{created['id']}")).to_have_count(0)
    assert event_titled(api, f"{title} (moved)") is None
    assert not failures, failures


async def test_all_day_event_from_the_month_view_and_day_view(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    api = Api(stack.api_url, "admin")
    title = f"Plant shutdown {uuid.uuid4().hex[:5]}"
    await signed_in_at(page, "technician", "/apps/calendar?date=2027-10-05")
    await expect(page.get_by_test_id("calendar-title")).to_have_text("October 2027")
    first = await page.get_by_test_id("month-cell-2027-10-12").bounding_box()
    last = await page.get_by_test_id("month-cell-2027-10-14").bounding_box()
    assert first and last
    await drag(
        page, first["x"] + 30, first["y"] + first["height"] - 10, last["x"] + 30, last["y"] + last["height"] - 10
    )
    dialog = page.get_by_test_id("event-dialog")
    await expect(dialog.get_by_test_id("event-form-start")).to_have_value("2027-10-12")
    await expect(dialog.get_by_test_id("event-form-end")).to_have_value("2027-10-14")
    await dialog.get_by_test_id("event-form-title").fill(title)
    await dialog.get_by_test_id("event-form-save").click()
    created = None
    for _ in range(20):
        created = event_titled(api, title)
        if created:
            break
        await page.wait_for_timeout(100)
    assert created and created["allDay"] is True
    assert created["start"].startswith("2027-10-12T00:00:00") and created["end"].startswith("2027-10-15T00:00:00")
    for day in ("12", "13", "14"):
        await expect(
            page.get_by_test_id(f"month-cell-2027-10-{day}").get_by_test_id(f"event-{created['id']}")
        ).to_be_visible()
    # The day view lists it in the all-day row; today / previous / next move the range.
    await page.get_by_test_id("calendar-view-day").click()
    # The day view is drawn before Next is pressed (on a busy machine a quick click moved the month).
    await expect(page.get_by_test_id("calendar-title")).to_have_text("Tuesday, October 5, 2027")
    await page.get_by_test_id("calendar-next").click()
    await expect(page.get_by_test_id("calendar-title")).to_have_text("Wednesday, October 6, 2027")
    await page.goto("/apps/calendar?view=day&date=2027-10-13")
    await expect(page.get_by_test_id("allday-2027-10-13").get_by_test_id(f"event-{created['id']}")).to_be_visible()
    await page.get_by_test_id("calendar-view-work_week").click()
    await expect(page.get_by_test_id("calendar-title")).to_have_text("Oct 11 – Oct 15, 2027")
    await page.get_by_test_id("calendar-today").click()
    await expect(page.get_by_test_id("calendar-page")).to_have_attribute(
        "data-date", datetime.now().strftime("%Y-%m-%d")
    )
    assert not failures, failures
