"""The installable app in Chromium: the service worker registers and takes control; a push delivered
through the DevTools protocol shows a notification whose click opens the record; offline, a reload
shows the app shell and the offline banner; the manifest is valid and the app installable.

A push is delivered with ``ServiceWorker.deliverPushMessage`` (CDP), as a push service would wake
the worker. A test cannot click the operating system's notification, so the click is dispatched
inside the service worker: ``new NotificationEvent('notificationclick', {notification})`` on
``self``, with the notification from ``registration.getNotifications()`` — the worker's own handler
then runs as for a real click (its ``waitUntil`` refuses an untrusted event, which does not stop it).
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, BrowserContext, CDPSession, Page, Worker, async_playwright, expect

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Stack
from tests.e2e.helpers import Api, signed_in_at

NOTIFICATIONS = """async () => {
  const registration = await navigator.serviceWorker.ready
  const shown = await registration.getNotifications()
  return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }))
}"""
CLICK_FIRST = """async () => {
  const [notification] = await self.registration.getNotifications()
  self.dispatchEvent(new NotificationEvent('notificationclick', { notification }))
  return notification.tag
}"""


async def _technician(browser: Browser, stack: Stack) -> tuple[BrowserContext, Page]:
    context = await browser.new_context(base_url=stack.ui_url, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    await context.grant_permissions(["notifications"], origin=stack.ui_url)
    page = await context.new_page()
    await signed_in_at(page, "technician", "/dashboard")
    # Registered after the shell's first paint; the first version takes control of the page at once.
    await page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    return context, page


async def _worker(context: BrowserContext) -> Worker:
    for _ in range(100):
        if context.service_workers:
            return context.service_workers[0]
        await asyncio.sleep(0.1)
    raise AssertionError("no service worker in the context")


async def _registration_id(cdp: CDPSession, origin: str) -> str:
    found: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: found.extend(event["registrations"]))
    await cdp.send("ServiceWorker.enable")
    for _ in range(100):
        for registration in found:
            if registration["scopeURL"].rstrip("/") == origin.rstrip("/") and not registration["isDeleted"]:
                return str(registration["registrationId"])
        await asyncio.sleep(0.1)
    raise AssertionError(f"no service worker registration for {origin}: {found}")


async def _notifications(page: Page, count: int) -> list[dict[str, Any]]:
    for _ in range(100):
        shown: list[dict[str, Any]] = await page.evaluate(NOTIFICATIONS)
        if len(shown) >= count:
            return shown
        await asyncio.sleep(0.1)
    raise AssertionError(f"{count} notification(s) expected; shown: {await page.evaluate(NOTIFICATIONS)}")


async def test_a_push_shows_a_notification_whose_click_opens_the_record(browser: Browser, stack: Stack) -> None:
    context, page = await _technician(browser, stack)
    try:
        assert await page.evaluate("() => navigator.serviceWorker.controller.scriptURL") == f"{stack.ui_url}/sw.js"
        asset = Api(stack.api_url, "manager").create_asset(name="Pressure rig")
        cdp = await context.new_cdp_session(page)
        registration = await _registration_id(cdp, stack.ui_url)
        message = {
            "title": "Asset assigned to you", "body": f"{asset['tag']} Pressure rig", "url": f"/assets/{asset['id']}",
            "tag": f"assets-{asset['id']}", "id": 1, "kind": "asset.assigned",
        }  # fmt: skip
        for body in ("first", "second"):  # the same record twice: one notification, the newer one
            data = json.dumps({**message, "body": f"{message['body']} ({body})"})
            await cdp.send(
                "ServiceWorker.deliverPushMessage",
                {"origin": stack.ui_url, "registrationId": registration, "data": data},
            )
        await asyncio.sleep(0.5)
        shown = await _notifications(page, 1)
        assert len(shown) == 1, shown
        assert shown[0]["title"] == "Asset assigned to you" and shown[0]["body"].endswith("(second)")
        assert shown[0]["tag"] == f"assets-{asset['id']}" and shown[0]["data"]["url"] == f"/assets/{asset['id']}"

        assert await (await _worker(context)).evaluate(CLICK_FIRST) == f"assets-{asset['id']}"
        await expect(page).to_have_url(re.compile(rf"/assets/{asset['id']}$"))
        await expect(page.get_by_text(asset["tag"]).first).to_be_visible()
        assert await page.evaluate(NOTIFICATIONS) == []  # the click closed it
    finally:
        await context.close()


async def test_offline_a_reload_shows_the_shell_and_says_so(browser: Browser, stack: Stack) -> None:
    context, page = await _technician(browser, stack)
    try:
        await page.goto("/my-work")
        await expect(page.get_by_test_id("my-work-list")).to_be_visible()
        await context.set_offline(True)
        await page.reload()
        await expect(page.get_by_test_id("main-layout")).to_be_visible()
        banner = page.get_by_test_id("offline-banner")
        await expect(banner).to_be_visible()
        await expect(banner).to_contain_text("You are offline")
        await context.set_offline(False)
        await expect(banner).to_be_hidden()
        await expect(page.get_by_test_id("my-work-list")).to_be_visible()
    finally:
        await context.close()


async def test_the_manifest_is_valid_and_the_app_installable(stack: Stack, tmp_path: Path) -> None:
    # A profile on disk: Chromium never offers to install from an incognito-like context.
    async with async_playwright() as playwright:
        context = await playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            base_url=stack.ui_url,
        )  # fmt: skip
        try:
            page = context.pages[0] if context.pages else await context.new_page()
            await signed_in_at(page, "technician", "/dashboard")
            await page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
            cdp = await context.new_cdp_session(page)
            manifest = await cdp.send("Page.getAppManifest")
            assert manifest["url"] == f"{stack.ui_url}/manifest.webmanifest"
            assert manifest["errors"] == [], manifest["errors"]
            parsed = json.loads(manifest["data"])
            assert parsed["display"] == "standalone" and parsed["start_url"] == "/"
            assert {icon["sizes"] for icon in parsed["icons"]} >= {"192x192", "512x512"}
            assert any(icon.get("purpose") == "maskable" for icon in parsed["icons"])
            # Chromium's own checks for installing: the manifest, its icons, a service worker in control.
            checks: dict[str, Any] = {}
            for _ in range(50):
                checks = await cdp.send("Page.getInstallabilityErrors")
                if not checks["installabilityErrors"]:
                    break
                await asyncio.sleep(0.2)
            assert checks["installabilityErrors"] == [], checks
        finally:
            await context.close()
