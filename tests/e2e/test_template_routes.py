"""Issue 23 in Chromium: every address of the original template's navigation opens a page (none is
the 404 page), the forgotten-password flow through the e-mail the worker writes to its log, the
lock screen, and the coming-soon subscription. Screenshots of the new pages at 1440 and 390 px go
to docs/screenshots/ with SCREENSHOTS=docs."""

from __future__ import annotations

import contextlib
import re
import time
import uuid
from pathlib import Path

import httpx
from playwright.async_api import Browser, Page, expect
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from app.operations.seed import DEMO_PASSWORD
from tests.e2e.conftest import Stack
from tests.e2e.helpers import screenshots_dir, sign_in, signed_in_at

#: Every page address of the navigation of Fuse React v4.0.1 (src/app/fuse-configs/navigationConfig.js
#: and MaterialUIComponentsNavigation.js at commit 353834a0), in its order; '#' items, outside links
#: and /logout (it signs out) left out.
TEMPLATE_ROUTES = [
    "/apps/dashboards/analytics",
    "/apps/dashboards/project",
    "/apps/calendar",
    "/apps/e-commerce",
    "/apps/e-commerce/products",
    "/apps/e-commerce/products/1/a-walk-amongst-friends-canvas-print",
    "/apps/e-commerce/products/new",
    "/apps/e-commerce/orders",
    "/apps/e-commerce/orders/1",
    "/apps/academy",
    "/apps/mail",
    "/apps/todo",
    "/apps/file-manager",
    "/apps/contacts/all",
    "/apps/chat",
    "/apps/scrumboard",
    "/apps/notes",
    "/pages/auth/login",
    "/pages/auth/login-2",
    "/pages/auth/register",
    "/pages/auth/register-2",
    "/pages/auth/forgot-password",
    "/pages/auth/forgot-password-2",
    "/pages/auth/reset-password",
    "/pages/auth/reset-password-2",
    "/pages/auth/lock",
    "/pages/auth/mail-confirm",
    "/pages/coming-soon",
    "/pages/errors/error-404",
    "/pages/errors/error-500",
    "/pages/invoices/modern",
    "/pages/invoices/compact",
    "/pages/maintenance",
    "/pages/pricing/style-1",
    "/pages/pricing/style-2",
    "/pages/pricing/style-3",
    "/pages/profile",
    "/pages/search/classic",
    "/pages/search/modern",
    "/pages/faq",
    "/pages/knowledge-base",
    "/ui/icons",
    "/ui/typography",
    "/ui/helper-classes",
    "/ui/page-layouts/carded/full-width",
    "/ui/page-layouts/carded/full-width-tabbed",
    "/ui/page-layouts/carded/full-width-2",
    "/ui/page-layouts/carded/full-width-2-tabbed",
    "/ui/page-layouts/carded/left-sidebar",
    "/ui/page-layouts/carded/left-sidebar-tabbed",
    "/ui/page-layouts/carded/left-sidebar-2",
    "/ui/page-layouts/carded/left-sidebar-2-tabbed",
    "/ui/page-layouts/carded/right-sidebar",
    "/ui/page-layouts/carded/right-sidebar-tabbed",
    "/ui/page-layouts/carded/right-sidebar-2",
    "/ui/page-layouts/carded/right-sidebar-2-tabbed",
    "/ui/page-layouts/simple/full-width",
    "/ui/page-layouts/simple/left-sidebar",
    "/ui/page-layouts/simple/left-sidebar-2",
    "/ui/page-layouts/simple/left-sidebar-3",
    "/ui/page-layouts/simple/right-sidebar",
    "/ui/page-layouts/simple/right-sidebar-2",
    "/ui/page-layouts/simple/right-sidebar-3",
    "/ui/page-layouts/simple/tabbed",
    "/ui/page-layouts/blank",
    "/documentation/changelog",
    "/documentation/getting-started/introduction",
    "/documentation/getting-started/installation",
    "/documentation/working-with-fuse-react/development",
    "/documentation/working-with-fuse-react/production",
    "/documentation/working-with-fuse-react/project-structure",
    "/documentation/working-with-fuse-react/updating-fuse-react",
    "/documentation/working-with-fuse-react/theming",
    "/documentation/working-with-fuse-react/theme-layouts",
    "/documentation/working-with-fuse-react/page-layouts",
    "/documentation/working-with-fuse-react/settings",
    "/documentation/working-with-fuse-react/routing",
    "/documentation/working-with-fuse-react/code-splitting",
    "/documentation/working-with-fuse-react/rtl-support",
    "/documentation/working-with-fuse-react/multi-language",
    "/documentation/working-with-fuse-react/ides-vscode-webstorm",
    "/documentation/authentication/jwt",
    "/documentation/authentication/firebase",
    "/documentation/authentication/auth0",
    "/documentation/fuse-components/fuse-authorization",
    "/documentation/fuse-components/fuse-theme",
    "/documentation/fuse-components/fuse-layout",
    "/documentation/fuse-components/fuse-page-carded",
    "/documentation/fuse-components/fuse-page-simple",
    "/documentation/fuse-components/fuse-navigation",
    "/documentation/fuse-components/fuse-scrollbars",
    "/documentation/fuse-components/fuse-highlight",
    "/documentation/fuse-components/fuse-countdown",
    "/documentation/fuse-components/fuse-message",
    "/documentation/fuse-components/fuse-dialog",
    "/documentation/fuse-components/fuse-animate",
    "/documentation/fuse-components/fuse-animate-group",
    "/documentation/fuse-components/fuse-chip-select",
    "/documentation/third-party-components/datatables/react-table",
    "/documentation/third-party-components/formsy",
    "/documentation/third-party-components/google-map-react",
    "/documentation/third-party-components/react-chartjs-2",
    "/login",
    "/register",
    "/auth/admin-role-example",
    "/auth/staff-role-example",
    "/auth/guest-role-example",
    "/documentation/material-ui-components/alert",
    "/documentation/material-ui-components/app-bar",
    "/documentation/material-ui-components/autocomplete",
    "/documentation/material-ui-components/avatars",
    "/documentation/material-ui-components/backdrop",
    "/documentation/material-ui-components/badges",
    "/documentation/material-ui-components/bottom-navigation",
    "/documentation/material-ui-components/box",
    "/documentation/material-ui-components/breadcrumbs",
    "/documentation/material-ui-components/button-group",
    "/documentation/material-ui-components/buttons",
    "/documentation/material-ui-components/cards",
    "/documentation/material-ui-components/checkboxes",
    "/documentation/material-ui-components/chips",
    "/documentation/material-ui-components/click-away-listener",
    "/documentation/material-ui-components/container",
    "/documentation/material-ui-components/css-baseline",
    "/documentation/material-ui-components/dialogs",
    "/documentation/material-ui-components/dividers",
    "/documentation/material-ui-components/drawers",
    "/documentation/material-ui-components/expansion-panels",
    "/documentation/material-ui-components/floating-action-button",
    "/documentation/material-ui-components/grid",
    "/documentation/material-ui-components/grid-list",
    "/documentation/material-ui-components/hidden",
    "/documentation/material-ui-components/links",
    "/documentation/material-ui-components/lists",
    "/documentation/material-ui-components/menus",
    "/documentation/material-ui-components/modal",
    "/documentation/material-ui-components/no-ssr",
    "/documentation/material-ui-components/paper",
    "/documentation/material-ui-components/pickers",
    "/documentation/material-ui-components/popover",
    "/documentation/material-ui-components/popper",
    "/documentation/material-ui-components/portal",
    "/documentation/material-ui-components/progress",
    "/documentation/material-ui-components/radio-buttons",
    "/documentation/material-ui-components/selects",
    "/documentation/material-ui-components/slider",
    "/documentation/material-ui-components/snackbars",
    "/documentation/material-ui-components/steppers",
    "/documentation/material-ui-components/switches",
    "/documentation/material-ui-components/tables",
    "/documentation/material-ui-components/tabs",
    "/documentation/material-ui-components/text-fields",
    "/documentation/material-ui-components/textarea-autosize",
    "/documentation/material-ui-components/tooltips",
    "/documentation/material-ui-components/transfer-list",
    "/documentation/material-ui-components/transitions",
    "/documentation/material-ui-components/typography",
]

LOADING = (
    "() => !document.querySelector('[aria-label=\"Loading page\"]')"
    " && !document.querySelector('[data-testid=splash-screen]')"
)

SETTLED = """() => {
  const now = location.href
  const seen = window.__settled || (window.__settled = { href: '', polls: 0 })
  if (seen.href === now) seen.polls += 1
  else Object.assign(seen, { href: now, polls: 0 })
  return seen.polls >= 3
}"""


async def go(page: Page, path: str) -> None:
    """Client-side navigation (no reload), then wait until the new page has arrived.

    The router keeps the old page on screen while a lazy page loads (a transition), so the old
    page's elements are marked first and the wait is for them to go (at most a second: a page of
    the same component re-renders in place at once)."""
    await page.evaluate(
        "() => ['#main-content [data-testid]', '[data-testid=empty-layout] [data-testid]']"
        ".forEach(s => document.querySelector(s)?.setAttribute('data-stale', '1'))"
    )
    await page.evaluate(
        "path => { history.pushState({}, '', path); dispatchEvent(new PopStateEvent('popstate')) }", path
    )
    with contextlib.suppress(PlaywrightTimeoutError):
        await page.wait_for_function("() => !document.querySelector('[data-stale]')", timeout=1000)
    await page.wait_for_function(LOADING)
    # A redirect lands a moment later: the address must hold still for a few polls.
    await page.wait_for_function(SETTLED, polling=100)


async def test_every_route_of_the_templates_navigation_opens_a_page(page: Page, stack: Stack) -> None:
    server_errors: list[str] = []
    page.on("response", lambda r: server_errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    await signed_in_at(page, "admin")
    not_found: list[str] = []
    for path in TEMPLATE_ROUTES:
        await go(page, path)
        if path == "/pages/auth/lock":
            await expect(page.get_by_test_id("auth-lock")).to_be_visible()
            await page.evaluate("() => localStorage.removeItem('portal.locked')")  # the sweep goes on unlocked
            continue
        shows_404 = await page.get_by_test_id("error-404-page").count() > 0
        if path == "/pages/errors/error-404":
            assert shows_404
            continue
        if shows_404 or page.url.endswith("/pages/errors/error-404"):
            not_found.append(path)
        else:
            await expect(page.locator("[data-testid=main-layout], [data-testid=empty-layout]").first).to_be_visible()
    assert not not_found, not_found
    assert not server_errors, server_errors


async def test_old_template_addresses_redirect_with_their_parameters(page: Page, stack: Stack) -> None:
    await signed_in_at(page, "manager")
    for old, new, title in [
        ("/apps/dashboards/analytics", "/dashboards/analytics", "Analytics dashboard"),
        ("/pages/invoices/compact", "/pages/invoice/compact", "Invoice"),
        ("/apps/e-commerce/products/2/some-handle", "/apps/e-commerce/products/2", "Product"),
        ("/pages/search/classic?q=pump", "/pages/search?q=pump", "Search"),
        ("/documentation/working-with-fuse-react/theming", "/documentation/working-with-the-portal/theming", "Theming"),
    ]:
        await go(page, old)
        await expect(page).to_have_url(re.compile(re.escape(new) + "$"))
        await expect(page).to_have_title(re.compile(f"^{title} "))  # the page itself is drawn
    await expect(page.get_by_test_id("doc-theming")).to_be_visible()


def _new_user(stack: Stack) -> tuple[str, str]:
    admin = httpx.post(f"{stack.api_url}/auth/sign-in", json={"username": "admin", "password": DEMO_PASSWORD}).json()
    name = f"reset{uuid.uuid4().hex[:8]}"
    email = f"{name}@example.test"
    created = httpx.post(
        f"{stack.api_url}/admin/users",
        json={"username": name, "email": email, "displayName": "Reset Tester", "role": "technician"},
        headers={"Authorization": f"Bearer {admin['accessToken']}"},
    )
    assert created.status_code == 201, created.text
    return name, email


def _mailed_link(stack: Stack, email: str, timeout: float = 20.0) -> str:
    """The reset link from the mail the worker wrote to its log (EMAIL_BACKEND=log in development)."""
    logs = Path(stack.env["DATA_DIR"])
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for log in logs.glob("worker*.log"):
            text = log.read_text(errors="replace")
            for part in text.split("e-mail (EMAIL_BACKEND=log, not sent) to ")[1:]:
                if part.startswith(email):
                    found = re.search(r"http\S*/pages/auth/reset-password\?token=[\w-]+", part)
                    if found:
                        return found.group(0)
        time.sleep(0.3)
    raise AssertionError(f"no reset mail to {email} in the worker's log")


async def test_forgot_then_reset_password_through_the_mailed_link(page: Page, stack: Stack) -> None:
    name, email = _new_user(stack)
    await page.goto("/pages/auth/forgot-password")
    await page.get_by_test_id("forgot-password-email").fill(email)
    await page.get_by_test_id("forgot-password-submit").click()
    await expect(page.get_by_test_id("forgot-password-sent")).to_contain_text("If an account with that e-mail address")

    link = _mailed_link(stack, email)
    path = link[link.index("/pages/") :]
    await page.goto(path)
    await expect(page.get_by_test_id("auth-reset-password")).to_be_visible()
    await page.get_by_test_id("reset-password-new").fill("password123")
    await expect(page.get_by_test_id("password-strength")).to_have_attribute("data-ok", "false")
    new_password = "copper-valley-lantern-58"
    await page.get_by_test_id("reset-password-new").fill(new_password)
    await expect(page.get_by_test_id("password-strength")).to_have_attribute("data-ok", "true")
    await page.get_by_test_id("reset-password-confirm").fill(new_password)
    await page.get_by_test_id("reset-password-submit").click()
    await expect(page.get_by_test_id("reset-password-done")).to_contain_text("Your password is changed")

    # The link works once.
    await page.reload()
    await page.get_by_test_id("reset-password-new").fill("another-river-stone-91")
    await page.get_by_test_id("reset-password-confirm").fill("another-river-stone-91")
    await page.get_by_test_id("reset-password-submit").click()
    await expect(page.get_by_test_id("reset-password-error")).to_contain_text("not valid any more")

    await page.goto("/login")
    await sign_in(page, name, new_password)
    await expect(page).to_have_url(re.compile(r"/dashboard$"))


async def test_lock_screen_holds_every_page_until_the_password_is_entered(page: Page, stack: Stack) -> None:
    await signed_in_at(page, "manager", "/assets")
    await go(page, "/pages/auth/lock?from=/assets")
    await expect(page.get_by_test_id("auth-lock")).to_be_visible()
    await expect(page.get_by_test_id("lock-username")).to_have_value("manager")
    # Locked: a reload or another page still lands on the lock screen.
    await page.goto("/dashboard")
    await expect(page).to_have_url(re.compile(r"/pages/auth/lock\?from=%2Fdashboard$"))
    await page.get_by_test_id("lock-password").fill("not-the-password")
    await page.get_by_test_id("lock-unlock").click()
    await expect(page.get_by_test_id("lock-error")).to_contain_text("not correct")
    await page.get_by_test_id("lock-password").fill(DEMO_PASSWORD)
    await page.get_by_test_id("lock-unlock").click()
    await expect(page).to_have_url(re.compile(r"/dashboard$"))
    await page.reload()
    await expect(page.get_by_test_id("main-layout")).to_be_visible()
    await expect(page).to_have_url(re.compile(r"/dashboard$"))


async def test_coming_soon_counts_down_and_keeps_the_subscription(page: Page, stack: Stack) -> None:
    await signed_in_at(page, "technician", "/pages/coming-soon")
    seconds = page.get_by_test_id("countdown-seconds")
    first = await seconds.text_content()
    await expect(seconds).not_to_have_text(first or "")
    address = f"launch-{uuid.uuid4().hex[:6]}@example.com"
    await page.get_by_test_id("coming-soon-email").fill("not-an-address")
    await page.get_by_test_id("coming-soon-subscribe").click()
    await expect(page.get_by_test_id("coming-soon-error")).to_contain_text("valid email")
    await page.get_by_test_id("coming-soon-email").fill(address)
    await page.get_by_test_id("coming-soon-subscribe").click()
    await expect(page.get_by_test_id("coming-soon-done")).to_contain_text(f"we will write to {address}")
    await page.reload()
    await page.get_by_test_id("coming-soon-email").fill(address)
    await page.get_by_test_id("coming-soon-subscribe").click()
    await expect(page.get_by_test_id("coming-soon-done")).to_contain_text("was already on the list")


SCREENSHOT_PAGES = [
    ("pricing-style-1", "/pages/pricing/style-1", "pricing-style-1"),
    ("pricing-style-2", "/pages/pricing/style-2", "pricing-style-2"),
    ("pricing-style-3", "/pages/pricing/style-3", "pricing-style-3"),
    ("coming-soon", "/pages/coming-soon", "coming-soon-page"),
    ("maintenance", "/pages/maintenance", "maintenance-page"),
    ("error-500", "/pages/errors/error-500", "error-500-page"),
    ("auth-login", "/pages/auth/login", "auth-login-demo"),
    ("auth-login-2", "/pages/auth/login-2", "auth-login-demo"),
    ("auth-register", "/pages/auth/register", "auth-register-demo"),
    ("auth-register-2", "/pages/auth/register-2", "auth-register-demo"),
    ("auth-forgot-password", "/pages/auth/forgot-password", "auth-forgot-password"),
    ("auth-forgot-password-2", "/pages/auth/forgot-password-2", "auth-forgot-password"),
    ("auth-reset-password", "/pages/auth/reset-password?token=example", "auth-reset-password"),
    ("auth-reset-password-2", "/pages/auth/reset-password-2?token=example", "auth-reset-password"),
    ("auth-mail-confirm", "/pages/auth/mail-confirm", "auth-mail-confirm"),
    ("search-modern", "/pages/search/modern?q=asset", "modern-search-page"),
    ("layout-carded-left-sidebar-2", "/ui/page-layouts/carded/left-sidebar-2", "layout-demo-page"),
    ("layout-simple-left-sidebar", "/ui/page-layouts/simple/left-sidebar", "layout-demo-page"),
    ("layout-simple-right-sidebar-3", "/ui/page-layouts/simple/right-sidebar-3", "layout-demo-page"),
    ("doc-api-calls", "/documentation/working-with-the-portal/api-calls", "doc-api-calls"),
    ("auth-lock", "/pages/auth/lock", "auth-lock"),
]


async def test_screenshots_of_the_new_pages(browser: Browser, stack: Stack) -> None:
    target = screenshots_dir()
    for width, height in [(1440, 900), (390, 844)]:
        context = await browser.new_context(base_url=stack.ui_url, viewport={"width": width, "height": height})
        page = await context.new_page()
        await signed_in_at(page, "contractor")
        for name, path, test_id in SCREENSHOT_PAGES:
            await go(page, path)
            await expect(page.get_by_test_id(test_id).first).to_be_visible()
            await page.wait_for_timeout(300)  # fonts and transitions settle
            await page.screenshot(path=str(target / f"template-{name}-{width}.png"))
        await page.evaluate("() => localStorage.removeItem('portal.locked')")
        await context.close()


async def test_the_screen_locks_itself_after_half_an_hour_idle(page: Page, stack: Stack) -> None:
    await page.clock.install()
    await signed_in_at(page, "technician", "/assets")
    await page.clock.fast_forward("29:00")
    await expect(page).to_have_url(re.compile(r"/assets$"))
    await page.clock.fast_forward("02:00")
    await expect(page).to_have_url(re.compile(r"/pages/auth/lock\?from=%2Fassets$"))
    await page.get_by_test_id("lock-password").fill(DEMO_PASSWORD)
    await page.get_by_test_id("lock-unlock").click()
    await expect(page).to_have_url(re.compile(r"/assets$"))
