"""HTML and script from the API are shown safely in Chromium: mail bodies and course steps (HTML by
design) are sanitised, and chat messages, notes and record fields are plain text, shown as typed.

Every payload, if it ever ran, would bump ``window.__xss`` or open a dialog; the test fails on either.
"""

from __future__ import annotations

import asyncio
import re
import uuid
from typing import Any

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at

BUMP = "window.__xss=(window.__xss||0)+1"
PAYLOAD = (
    f'<img src="x-missing.png" onerror="{BUMP}">'
    f"<script>{BUMP}</script>"
    f'<svg onload="{BUMP}"></svg>'
    f'<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>'
    '<a href="javascript:window.__xss=1" data-xss-link>click me</a>'
    f'<details open ontoggle="{BUMP}"></details>'
)
TEXT = f'<img src=x onerror="{BUMP}"><b>bold?</b>'  # for plain-text fields: must show literally


def _post(api: Api, path: str, body: dict[str, Any]) -> Any:
    answer = api.client.post(path, json=body)
    assert answer.status_code in (200, 201), answer.text
    return answer.json()


async def _nothing_ran(page: Page, dialogs: list[str]) -> None:
    await asyncio.sleep(0.5)  # let image errors and toggles fire, if anything could
    assert await page.evaluate("window.__xss") is None, "a payload ran"
    assert dialogs == []


async def test_html_from_the_api_never_runs_in_the_browser(page: Page, stack: Stack) -> None:
    marker = uuid.uuid4().hex[:6]
    admin = Api(stack.api_url, "admin")
    manager = Api(stack.api_url, "manager")
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), asyncio.ensure_future(dialog.dismiss())))

    # Mail: the body is HTML (sanitised); the subject is text.
    mail = admin.get("/api/mail-app/mails", folderHandle="inbox")[0]
    _post(
        admin,
        "/api/mail-app/update-mail",
        {**mail, "subject": f"{marker} {TEXT}", "message": f"<p>{marker}</p>{PAYLOAD}"},
    )
    # Academy: a step's content is HTML (sanitised).
    course = admin.get("/api/academy-app/course", courseId=admin.get("/api/academy-app/courses")[0]["id"])
    steps = [{**course["steps"][0], "content": f"<p>{marker}</p>{PAYLOAD}"}, *course["steps"][1:]]
    _post(admin, "/api/academy-app/course/save", {**course, "steps": steps, "activeStep": 0})
    # Notes, chat, records: plain text.
    note = _post(admin, "/api/notes-app/create-note", {"note": {"title": f"{marker} {TEXT}", "description": PAYLOAD}})
    asset = admin.create_asset(name=f"{marker} {TEXT}", notes=PAYLOAD)
    admin_id = admin.get("/me")["id"]
    chat = manager.get("/api/chat/get-chat", contactId=admin_id)["chat"]
    manager_id = manager.get("/me")["id"]
    _post(
        manager,
        "/api/chat/send-message",
        {"chatId": chat["id"], "contactId": admin_id, "message": {"who": manager_id, "message": f"{marker} {TEXT}"}},
    )

    await page.add_init_script("window.alert = window.confirm = window.prompt = (m) => { window.__xss = 'dialog' }")
    await signed_in_at(page, "admin", f"/apps/mail/inbox/{mail['id']}")
    body = page.get_by_test_id("mail-body")
    await expect(body).to_contain_text(marker)
    await expect(page.get_by_test_id("mail-details-subject")).to_have_text(f"{marker} {TEXT}")
    for selector in ["script", "iframe", "svg", "[onerror]", "[onload]", "[ontoggle]", "a[href^='javascript']"]:
        await expect(body.locator(selector)).to_have_count(0)
    await _nothing_ran(page, dialogs)

    await page.goto(f"/apps/academy/courses/{course['id']}/{course['slug']}")
    content = page.get_by_test_id("course-step-content")
    await expect(content).to_contain_text(marker)
    for selector in ["script", "iframe", "[onerror]", "[onload]", "[ontoggle]", "a[href^='javascript']"]:
        await expect(content.locator(selector)).to_have_count(0)
    await _nothing_ran(page, dialogs)

    await page.goto("/apps/notes")
    await expect(page.get_by_test_id(f"note-card-{note['id']}-title")).to_have_text(f"{marker} {TEXT}")
    await expect(page.get_by_test_id(f"note-card-{note['id']}")).to_contain_text("<script>")
    await _nothing_ran(page, dialogs)

    await page.goto(f"/assets/{asset['id']}")
    await expect(page.get_by_test_id("detail-title")).to_have_text(f"{asset['tag']} · {marker} {TEXT}")
    await expect(page.locator("main")).to_contain_text("<iframe srcdoc=")
    await _nothing_ran(page, dialogs)

    await page.goto("/apps/chat")
    await page.get_by_test_id(f"chatapp-contact-{manager_id}").click()
    message = page.locator("[data-testid^='chatapp-message-']", has_text=marker)
    await expect(message).to_contain_text(TEXT)
    await expect(message.locator("img")).to_have_count(0)
    await _nothing_ran(page, dialogs)
    await expect(page).to_have_url(re.compile(r"/apps/chat"))
