"""The scrumboard in Chromium: a new board with lists and cards, drag and drop kept after a reload,
the card dialog (labels, due date, checklist with progress, link, comment), settings and deletion."""

from __future__ import annotations

import re
import uuid
from typing import Any

from playwright.async_api import Page, expect

from tests.e2e.conftest import Stack
from tests.e2e.helpers import Api, signed_in_at
from tests.e2e.test_mail import close_snackbars, settle, watch_failures


def board_of(api: Api, board_id: str) -> dict[str, Any]:
    board: dict[str, Any] = api.get("/api/scrumboard-app/board", boardId=board_id)
    return board


async def add_list(page: Page, name: str) -> None:
    if not await page.get_by_test_id("board-new-list-name").is_visible():  # it stays open after an add
        await page.get_by_test_id("board-add-list").click()
    await page.get_by_test_id("board-new-list-name").fill(name)
    await page.get_by_test_id("board-new-list-save").click()
    await expect(page.locator("[data-list-column] [data-testid$='-name']", has_text=name)).to_be_visible()


async def test_new_board_lists_cards_and_drag_and_drop_kept_after_reload(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    api = Api(stack.api_url, "admin")
    await signed_in_at(page, "manager", "/apps/scrumboard/boards")
    await page.get_by_test_id("board-new").click()
    await expect(page).to_have_url(re.compile(r"/apps/scrumboard/boards/[0-9a-f]{24}/untitled-board$"))
    board_id = await page.get_by_test_id("board-page").get_attribute("data-board-id")
    assert board_id
    name = f"Plant upgrade {uuid.uuid4().hex[:5]}"
    await page.get_by_test_id("board-name").click()
    await page.get_by_test_id("board-name-input").fill(name)
    await page.get_by_test_id("board-name-input").press("Enter")
    await expect(page.get_by_test_id("board-name")).to_have_text(name)

    await add_list(page, "To do")
    await add_list(page, "Doing")
    await add_list(page, "Scrap")
    lists = board_of(api, board_id)["lists"]
    todo, doing, scrap = (lst["id"] for lst in lists)
    # Rename and remove a list.
    await page.get_by_test_id(f"list-{scrap}-name").click()
    await page.get_by_test_id(f"list-{scrap}-name-input").fill("Scrapped")
    await page.get_by_test_id(f"list-{scrap}-name-input").press("Enter")
    await expect(page.get_by_test_id(f"list-{scrap}-name")).to_have_text("Scrapped")
    await page.get_by_test_id(f"list-{scrap}-menu").click()
    await page.get_by_test_id(f"list-{scrap}-remove").click()
    await page.get_by_test_id("global-dialog-confirm").click()
    await expect(page.get_by_test_id(f"list-{scrap}")).to_have_count(0)

    for title in ("Order the valves", "Book the crane"):
        if not await page.get_by_test_id(f"list-{todo}-new-card-name").is_visible():  # it stays open after an add
            await page.get_by_test_id(f"list-{todo}-add-card").click()
        await page.get_by_test_id(f"list-{todo}-new-card-name").fill(title)
        await page.get_by_test_id(f"list-{todo}-new-card-save").click()
        await expect(page.get_by_test_id(f"list-{todo}-cards").get_by_text(title)).to_be_visible()
    cards = {c["name"]: c["id"] for c in board_of(api, board_id)["cards"]}
    crane = cards["Book the crane"]

    # Drag "Book the crane" to "Doing".
    await close_snackbars(page)
    await page.get_by_test_id(f"board-card-{crane}").drag_to(page.get_by_test_id(f"list-{doing}-cards"))
    await expect(page.get_by_test_id(f"list-{doing}-cards").get_by_test_id(f"board-card-{crane}")).to_be_visible()
    await expect(page.get_by_test_id(f"list-{doing}-count")).to_have_text("1")
    await settle(page)
    await page.reload()
    await expect(page.get_by_test_id(f"list-{doing}-cards").get_by_test_id(f"board-card-{crane}")).to_be_visible()
    await expect(page.get_by_test_id(f"list-{todo}-count")).to_have_text("1")
    stored = {lst["id"]: lst["idCards"] for lst in board_of(api, board_id)["lists"]}
    assert stored[doing] == [crane] and crane not in stored[todo]

    # Drag the "Doing" list before "To do".
    await page.get_by_test_id(f"list-{doing}-handle").drag_to(
        page.get_by_test_id(f"list-{todo}-handle"), target_position={"x": 20, "y": 10}
    )
    await expect(page.locator("[data-list-column]").first).to_have_attribute("data-testid", f"list-{doing}")
    await settle(page)
    await page.reload()
    await expect(page.locator("[data-list-column]").first).to_have_attribute("data-testid", f"list-{doing}")

    # Settings: cover images off, unsubscribe; then delete the board.
    await page.get_by_test_id("board-settings-open").click()
    settings = page.get_by_test_id("board-settings")
    await settings.get_by_text("Card cover images").click()
    await settings.get_by_text("Subscribe", exact=True).click()
    await expect(settings.get_by_test_id("board-settings-subscribed")).not_to_be_checked()
    await page.wait_for_timeout(300)
    assert board_of(api, board_id)["settings"]["cardCoverImages"] is False
    assert board_of(api, board_id)["settings"]["subscribed"] is False
    await settings.get_by_test_id("board-delete").click()
    await page.get_by_test_id("global-dialog-confirm").click()
    await expect(page).to_have_url(re.compile(r"/apps/scrumboard/boards$"))
    await expect(page.get_by_test_id(f"board-tile-{board_id}")).to_have_count(0)
    assert all(b["id"] != board_id for b in api.get("/api/scrumboard-app/boards"))
    assert not failures, failures


async def test_card_dialog_labels_due_checklist_link_and_comment(page: Page, stack: Stack) -> None:
    failures = watch_failures(page)
    api = Api(stack.api_url, "admin")
    board = api.get("/api/scrumboard-app/boards")[0]
    full = board_of(api, board["id"])
    lst = full["lists"][0]
    title = f"Inspect relay {uuid.uuid4().hex[:5]}"
    await signed_in_at(page, "technician", f"/apps/scrumboard/boards/{board['id']}/{board['uri']}")
    await page.get_by_test_id(f"list-{lst['id']}-add-card").click()
    await page.get_by_test_id(f"list-{lst['id']}-new-card-name").fill(title)
    await page.get_by_test_id(f"list-{lst['id']}-new-card-save").click()
    await expect(page.get_by_test_id(f"list-{lst['id']}-cards").get_by_text(title)).to_be_visible()
    card_id = next(c["id"] for c in board_of(api, board["id"])["cards"] if c["name"] == title)
    await page.get_by_test_id(f"board-card-{card_id}").click()
    dialog = page.get_by_test_id("card-dialog")
    await expect(dialog.get_by_test_id("card-name")).to_have_value(title)

    label = full["labels"][0]
    await dialog.get_by_test_id("card-labels-button").click()
    await page.get_by_test_id(f"card-label-{label['id']}").click()
    await page.keyboard.press("Escape")
    await expect(dialog.get_by_test_id(f"card-label-badge-{label['id']}")).to_be_visible()

    await dialog.get_by_test_id("card-due-button").click()
    await page.get_by_test_id("card-due-input").fill("2026-12-15T16:00")
    await page.get_by_test_id("card-due-save").click()
    await expect(dialog.get_by_test_id("card-due")).to_contain_text("Dec 15, 2026")

    await dialog.get_by_test_id("card-new-checklist-name").fill("Checks")
    await dialog.get_by_test_id("card-add-checklist").click()
    for item in ("Coil resistance", "Contact wear"):
        await dialog.get_by_test_id("card-checklist-0-new-item").fill(item)
        await dialog.get_by_test_id("card-checklist-0-add-item").click()
    await dialog.get_by_test_id("card-checklist-0-item-1").check()
    await expect(dialog.get_by_test_id("card-checklist-0-progress")).to_have_text("50%")

    await dialog.get_by_test_id("card-attach-button").click()
    await page.get_by_test_id("card-attach-url").fill("https://example.com/relay-datasheet")
    await page.get_by_test_id("card-attach-name").fill("Relay datasheet")
    await page.get_by_test_id("card-attach-link").click()
    await expect(dialog.get_by_test_id("card-attachments")).to_contain_text("Relay datasheet")

    await dialog.get_by_test_id("card-description").fill("Check both relays on panel B.")
    await dialog.get_by_test_id("card-comment-input").click()  # leaves the description: saved
    await dialog.get_by_test_id("card-comment-input").fill("Parts are in the store room.")
    await dialog.get_by_test_id("card-comment-save").click()
    await expect(dialog.get_by_test_id("card-activities")).to_contain_text("Parts are in the store room.")
    await expect(dialog.get_by_test_id("card-activities")).to_contain_text("Taylor Technician")
    await dialog.get_by_test_id("card-subscribe").click()
    await expect(dialog.get_by_test_id("card-subscribe")).to_have_attribute("aria-pressed", "true")
    await dialog.get_by_test_id("card-close").click()

    card_tile = page.get_by_test_id(f"board-card-{card_id}")
    await expect(card_tile).to_contain_text("1/2")
    await settle(page)
    await page.reload()
    await expect(card_tile).to_contain_text("1/2")
    stored = next(c for c in board_of(api, board["id"])["cards"] if c["id"] == card_id)
    assert stored["idLabels"] == [label["id"]] and stored["subscribed"] is True
    assert stored["due"] and stored["description"] == "Check both relays on panel B."
    assert [i["checked"] for i in stored["checklists"][0]["checkItems"]] == [False, True]
    assert stored["attachments"][0]["url"] == "https://example.com/relay-datasheet"
    assert any(a["type"] == "comment" and a["message"] == "Parts are in the store room." for a in stored["activities"])

    # Delete the card.
    await card_tile.click()
    await dialog.get_by_test_id("card-delete").click()
    await page.get_by_test_id("global-dialog-confirm").click()
    await expect(card_tile).to_have_count(0)
    assert all(c["id"] != card_id for c in board_of(api, board["id"])["cards"])
    assert not failures, failures


async def test_members_labels_copy_checklist_edits_and_the_address_follow_the_board(page: Page, stack: Stack) -> None:
    """Issue 23: members from the staff directory (the creator first), labels created/renamed/deleted,
    checklist names and items edited after creation, a renamed board's address, a copied board;
    each kept after a reload."""
    failures = watch_failures(page)
    api = Api(stack.api_url, "admin")
    staff = {u["displayName"]: u for u in api.get("/users")["items"]}
    me, tech = staff["Morgan Manager"], staff["Taylor Technician"]  # the demo users "manager" and "technician"
    await signed_in_at(page, "manager", "/apps/scrumboard/boards")
    await page.get_by_test_id("board-new").click()
    await expect(page).to_have_url(re.compile(r"/apps/scrumboard/boards/[0-9a-f]{24}/untitled-board$"))
    board_id = await page.get_by_test_id("board-page").get_attribute("data-board-id")
    assert board_id

    # A renamed board gets its own address; the old one still opens it and is replaced.
    name = f"Substation {uuid.uuid4().hex[:5]}"
    await page.get_by_test_id("board-name").click()
    await page.get_by_test_id("board-name-input").fill(name)
    await page.get_by_test_id("board-name-input").press("Enter")
    await expect(page).to_have_url(re.compile(rf"/apps/scrumboard/boards/{board_id}/{name.lower().replace(' ', '-')}$"))
    await page.goto(f"{stack.ui_url}/apps/scrumboard/boards/{board_id}/untitled-board")
    await expect(page.get_by_test_id("board-name")).to_have_text(name)
    await expect(page).to_have_url(re.compile(rf"/{name.lower().replace(' ', '-')}$"))

    # Members: the creator is there; add a technician from the staff directory, kept after a reload.
    await page.get_by_test_id("board-settings-open").click()
    settings = page.get_by_test_id("board-settings")
    await expect(settings.get_by_test_id(f"board-member-user-{me['id']}")).to_contain_text(me["displayName"])
    await settings.get_by_test_id("board-member-pick").select_option(str(tech["id"]))
    await settings.get_by_test_id("board-member-add").click()
    await expect(settings.get_by_test_id(f"board-member-user-{tech['id']}")).to_contain_text(tech["displayName"])

    # Labels: a new one, renamed and recoloured; a default one deleted (asks first).
    await settings.get_by_test_id("board-label-new-name").fill("Waiting on client")
    await settings.get_by_test_id("board-label-new-color").select_option("bg-teal text-white")
    await settings.get_by_test_id("board-label-new-save").click()
    await expect(settings.get_by_test_id("board-labels")).to_contain_text("Waiting on client")
    new_label = next(lb for lb in board_of(api, board_id)["labels"] if lb["name"] == "Waiting on client")
    await settings.get_by_test_id(f"board-label-{new_label['id']}-name").click()
    await settings.get_by_test_id(f"board-label-{new_label['id']}-name-input").fill("Blocked")
    await settings.get_by_test_id(f"board-label-{new_label['id']}-name-input").press("Enter")
    await expect(settings.get_by_test_id(f"board-label-{new_label['id']}-name")).to_have_text("Blocked")
    await settings.get_by_test_id(f"board-label-{new_label['id']}-color").select_option("bg-red text-white")
    bug = next(lb for lb in board_of(api, board_id)["labels"] if lb["name"] == "Bug")
    await settings.get_by_test_id(f"board-label-{bug['id']}-remove").click()
    await page.get_by_test_id("global-dialog-confirm").click()
    await expect(settings.get_by_test_id(f"board-label-{bug['id']}")).to_have_count(0)
    await settle(page)
    await page.reload()
    await page.get_by_test_id("board-settings-open").click()
    settings = page.get_by_test_id("board-settings")
    await expect(settings.get_by_test_id(f"board-member-user-{tech['id']}")).to_be_visible()
    await expect(settings.get_by_test_id(f"board-label-{new_label['id']}-name")).to_have_text("Blocked")
    await expect(settings.get_by_test_id(f"board-label-{new_label['id']}-color")).to_have_value("bg-red text-white")
    await expect(settings.get_by_test_id(f"board-label-{bug['id']}")).to_have_count(0)
    stored = board_of(api, board_id)
    assert [m.get("userId") for m in stored["members"]] == [me["id"], tech["id"]]
    # Remove the technician again.
    await settings.get_by_test_id(f"board-member-user-{tech['id']}-remove").click()
    await expect(settings.get_by_test_id(f"board-member-user-{tech['id']}")).to_have_count(0)
    await page.keyboard.press("Escape")

    # Checklist names and items are edited after creation.
    await add_list(page, "To do")
    first_list = board_of(api, board_id)["lists"][0]["id"]
    await page.get_by_test_id(f"list-{first_list}-add-card").click()
    await page.get_by_test_id(f"list-{first_list}-new-card-name").fill("Test the breakers")
    await page.get_by_test_id(f"list-{first_list}-new-card-save").click()
    await expect(page.get_by_test_id(f"list-{first_list}-cards").get_by_text("Test the breakers")).to_be_visible()
    card_id = board_of(api, board_id)["cards"][0]["id"]
    await page.get_by_test_id(f"board-card-{card_id}").click()
    dialog = page.get_by_test_id("card-dialog")
    await dialog.get_by_test_id("card-new-checklist-name").fill("Checks")
    await dialog.get_by_test_id("card-add-checklist").click()
    await dialog.get_by_test_id("card-checklist-0-new-item").fill("Insulation")
    await dialog.get_by_test_id("card-checklist-0-add-item").click()
    await dialog.get_by_test_id("card-checklist-0-name").click()
    await dialog.get_by_test_id("card-checklist-0-name-input").fill("Breaker checks")
    await dialog.get_by_test_id("card-checklist-0-name-input").press("Enter")
    await dialog.get_by_test_id("card-checklist-0-item-0-name").click()
    await dialog.get_by_test_id("card-checklist-0-item-0-name-input").fill("Insulation resistance")
    await dialog.get_by_test_id("card-checklist-0-item-0-name-input").press("Enter")
    await expect(dialog.get_by_test_id("card-checklist-0-item-0-name")).to_have_text("Insulation resistance")
    await dialog.get_by_test_id("card-close").click()
    await settle(page)
    await page.reload()
    await page.get_by_test_id(f"board-card-{card_id}").click()
    await expect(dialog.get_by_test_id("card-checklist-0-name")).to_have_text("Breaker checks")
    await expect(dialog.get_by_test_id("card-checklist-0-item-0-name")).to_have_text("Insulation resistance")
    await dialog.get_by_test_id("card-close").click()

    # Copy the board: its lists, cards and labels come along, under a new address.
    await page.get_by_test_id("board-settings-open").click()
    await page.get_by_test_id("board-settings").get_by_test_id("board-copy").click()
    await expect(page.get_by_test_id("board-name")).to_have_text(f"Copy of {name}")
    copy_id = await page.get_by_test_id("board-page").get_attribute("data-board-id")
    assert copy_id and copy_id != board_id
    await expect(page).to_have_url(re.compile(rf"/apps/scrumboard/boards/{copy_id}/copy-of-substation-"))
    await page.reload()
    await expect(page.get_by_test_id(f"board-card-{card_id}")).to_contain_text("Test the breakers")
    copied = board_of(api, copy_id)
    original = board_of(api, board_id)
    assert copied["lists"] == original["lists"] and copied["labels"] == original["labels"]
    assert copied["cards"] == original["cards"]
    for cleanup in (board_id, copy_id):
        api.client.post("/api/scrumboard-app/board/delete", json={"boardId": cleanup})
    assert not failures, failures
