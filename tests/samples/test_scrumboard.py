"""Scrumboard sample area: every call of /api/scrumboard-app and the spec's rules."""

from __future__ import annotations

import copy
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.samples.store import SampleStore
from tests.samples.calls import AreaCalls
from tests.support import Account

pytestmark = pytest.mark.db

calls = AreaCalls("scrumboard", "/api/scrumboard-app", who="technician")
AREA, API = calls.area, calls.api
post, ok = calls.post, calls.ok
MISSING = "Requested board do not exist."


async def stored_boards(app: Starlette) -> list[dict[str, Any]]:
    return await calls.stored(app, "boards")


async def first_board(app: Starlette) -> dict[str, Any]:
    return (await stored_boards(app))[0]


async def refused(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str], path: str, body: Any, status: int = 422
) -> dict[str, Any]:
    """The call is refused with ``status`` and a message, and no board changed."""
    before = await stored_boards(app)
    response = await post(client, who, path, body)
    assert response.status_code == status, response.text
    assert await stored_boards(app) == before
    answer: dict[str, Any] = response.json()
    assert answer["message"]
    return answer


def new_card(card_id: str, **fields: Any) -> dict[str, Any]:
    return {"id": card_id, "name": f"Card {card_id}", **fields}


# --- sample data and reads -----------------------------------------------------------------------


async def test_two_boards_that_look_alive(app: Starlette) -> None:
    boards = await stored_boards(app)
    assert len(boards) == 2
    for board in boards:
        assert len(board["lists"]) >= 4 and len(board["cards"]) >= 8
        assert board["members"] and board["labels"]
        assert {"color", "subscribed", "cardCoverImages"} <= set(board["settings"])
        listed = [card_id for lst in board["lists"] for card_id in lst["idCards"]]
        assert sorted(listed) == sorted(card["id"] for card in board["cards"])
        ids = [board["id"], *listed, *(lst["id"] for lst in board["lists"]), *(m["id"] for m in board["members"])]
        assert all(isinstance(i, str) and i for i in ids)
        for card in board["cards"]:
            assert {"description", "idAttachmentCover", "subscribed", "due", "checklists", "activities"} <= set(card)
            assert card["idMembers"]
    cards = [card for board in boards for card in board["cards"]]
    assert any(card["idLabels"] for card in cards)
    assert any(card["checklists"] for card in cards)
    assert any(card["idAttachmentCover"] for card in cards)
    assert {a["type"] for card in cards for a in card["attachments"]} == {"image", "link"}
    assert {a["type"] for card in cards for a in card["activities"]} == {"comment", "attachment"}
    assert any(card["due"] for card in cards) and any(card["due"] is None for card in cards)


async def test_boards_lists_id_name_and_uri(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    response = await client.get(f"{API}/boards", headers=who)
    assert response.status_code == 200
    assert response.json() == [{"id": b["id"], "name": b["name"], "uri": b["uri"]} for b in await stored_boards(app)]


async def test_board_answers_the_whole_board(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    for board in await stored_boards(app):
        response = await client.get(f"{API}/board", headers=who, params={"boardId": board["id"]})
        assert response.status_code == 200 and response.json() == board


@pytest.mark.parametrize("params", [{"boardId": "no-such-board"}, {}])
async def test_unknown_board_is_404(params: dict[str, str], client: httpx.AsyncClient, who: dict[str, str]) -> None:
    response = await client.get(f"{API}/board", headers=who, params=params)
    assert response.status_code == 404
    assert response.json()["message"] == MISSING


# --- boards --------------------------------------------------------------------------------------


async def directory_entry(client: httpx.AsyncClient, who: dict[str, str], user_id: int) -> dict[str, Any]:
    items = (await client.get("/users", headers=who)).json()["items"]
    entry: dict[str, Any] = next(item for item in items if item["id"] == user_id)
    return entry


async def member_of(client: httpx.AsyncClient, who: dict[str, str], account: Account) -> dict[str, Any]:
    entry = await directory_entry(client, who, account.user_id)
    return {"id": f"user-{account.user_id}", "name": entry["displayName"], "avatar": "", "userId": account.user_id}


async def test_new_board(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str], staff: dict[str, Account]
) -> None:
    board = {"id": "b-new", "name": "Untitled Board", "uri": "untitled-board"}
    assert await ok(client, who, "board/new", {"board": {**board, "extra": {"dropped": True}}}) == {
        "id": "b-new",
        "name": "Untitled Board",
        "uri": "untitled-board",
    }
    boards = await stored_boards(app)
    assert [b["id"] for b in boards][-1] == "b-new"
    fetched = (await client.get(f"{API}/board", headers=who, params={"boardId": "b-new"})).json()
    assert fetched == {  # the unknown field is not stored
        **board,
        "settings": {"color": "", "subscribed": True, "cardCoverImages": True},
        "lists": [],
        "cards": [],
        "members": [await member_of(client, who, staff["technician"])],  # whoever creates it is its first member
        "labels": [],
    }


async def test_new_board_with_its_parts(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str], staff: dict[str, Account]
) -> None:
    template = copy.deepcopy(await first_board(app))
    template.update(id="b-copy", name="Copy", uri="copy")
    await ok(client, who, "board/new", {"board": template})
    template["members"].insert(0, await member_of(client, who, staff["technician"]))
    assert (await stored_boards(app))[-1] == template


async def test_new_board_address_follows_its_name(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    board = {"id": "b-slug", "name": "Plant Upgrade: Phase 2 (Süd)", "uri": "anything/../else"}
    assert (await ok(client, who, "board/new", {"board": board}))["uri"] == "plant-upgrade-phase-2-sud"


@pytest.mark.parametrize(
    "body",
    [
        {"id": "b-x", "name": "X", "uri": "x"},  # not wrapped in "board"
        {"board": {"name": "X", "uri": "x"}},
        {"board": {"id": "b-x", "name": "", "uri": "x"}},
        {"board": {"id": "b-x", "name": "X"}},
        {"board": {"id": 7, "name": "X", "uri": "x"}},
        {"board": {"id": "b-x", "name": "X", "uri": "x", "settings": {"subscribed": "yes"}}},
        {"board": {"id": "b-x", "name": "X", "uri": "x", "lists": [{"id": "l1", "name": "L", "idCards": ["c9"]}]}},
        {"board": {"id": "b-x", "name": "X", "uri": "x", "cards": [{"id": "c1", "name": "C", "idMembers": ["m9"]}]}},
    ],
)
async def test_malformed_new_board_changes_nothing(
    body: Any, app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    await refused(app, client, who, "board/new", body)


async def test_new_board_with_a_taken_id(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    taken = (await first_board(app))["id"]
    answer = await refused(app, client, who, "board/new", {"board": {"id": taken, "name": "X", "uri": "x"}})
    assert answer["message"] == "A board with this id already exists."


async def test_rename_board(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    board = await first_board(app)
    assert (
        await ok(client, who, "board/rename", {"boardId": board["id"], "boardTitle": "Renamed Board!"})
        == "Renamed Board!"
    )
    # The address follows the name; the board is still found by its id whatever address the page had.
    assert (await first_board(app)) == {**board, "name": "Renamed Board!", "uri": "renamed-board"}
    assert (await client.get(f"{API}/boards", headers=who)).json()[0]["uri"] == "renamed-board"
    await refused(app, client, who, "board/rename", {"boardId": board["id"], "boardTitle": ""})
    await refused(app, client, who, "board/rename", {"boardId": board["id"], "boardTitle": 5})
    await refused(app, client, who, "board/rename", {"boardId": board["id"]})


async def test_update_settings(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    board = await first_board(app)
    settings = {"color": "blue", "subscribed": False, "cardCoverImages": False}
    assert await ok(client, who, "board/settings/update", {"boardId": board["id"], "settings": settings}) == settings
    assert (await first_board(app)) == {**board, "settings": settings}
    await refused(
        app, client, who, "board/settings/update", {"boardId": board["id"], "settings": {"cardCoverImages": 1}}
    )
    await refused(app, client, who, "board/settings/update", {"boardId": board["id"], "settings": "dark"})


async def test_delete_board(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    first, second = await stored_boards(app)
    assert await ok(client, who, "board/delete", {"boardId": first["id"]}) is True
    assert await stored_boards(app) == [second]
    response = await client.get(f"{API}/board", headers=who, params={"boardId": first["id"]})
    assert response.status_code == 404 and response.json()["message"] == MISSING
    await refused(app, client, who, "board/delete", {"boardId": first["id"]}, status=404)
    await refused(app, client, who, "board/delete", {})


async def test_copy_board(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    board = await first_board(app)
    answer = await ok(client, who, "board/copy", {"boardId": board["id"]})
    assert answer["name"] == f"Copy of {board['name']}" and answer["id"] != board["id"]
    copied = (await stored_boards(app))[-1]
    assert copied == {**board, "id": answer["id"], "name": answer["name"], "uri": answer["uri"]}
    assert (await first_board(app)) == board  # the original is untouched
    named = await ok(client, who, "board/copy", {"boardId": board["id"], "boardTitle": "Next sprint"})
    assert named["name"] == "Next sprint" and named["uri"] == "next-sprint"
    await refused(app, client, who, "board/copy", {"boardId": board["id"], "boardTitle": ""})
    await refused(app, client, who, "board/copy", {"boardId": board["id"], "boardTitle": 3})


# --- members and labels --------------------------------------------------------------------------


async def test_members_from_the_staff_directory(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str], staff: dict[str, Account]
) -> None:
    board = await first_board(app)
    manager = await member_of(client, who, staff["manager"])
    members = await ok(client, who, "board/member/add", {"boardId": board["id"], "userId": staff["manager"].user_id})
    assert members == [*board["members"], manager]
    # Adding someone twice keeps one; the member can then be put on a card.
    assert (
        await ok(client, who, "board/member/add", {"boardId": board["id"], "userId": staff["manager"].user_id})
        == members
    )
    card = board["cards"][0]
    await ok(
        client, who, "card/update", {"boardId": board["id"], "card": {"id": card["id"], "idMembers": [manager["id"]]}}
    )
    members = await ok(client, who, "board/member/remove", {"boardId": board["id"], "memberId": manager["id"]})
    assert members == board["members"]
    stored = await first_board(app)
    assert stored["cards"][0]["idMembers"] == []  # the card lost the removed member too


@pytest.mark.parametrize(
    "body",
    [
        {"userId": 999_999},  # nobody
        {"userId": "1"},
        {"userId": 0},
        {"userId": 2**40},
        {},
    ],
)
async def test_malformed_member_add_changes_nothing(
    body: dict[str, Any], app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    board = await first_board(app)
    await refused(app, client, who, "board/member/add", {"boardId": board["id"], **body})


async def test_a_user_without_a_role_cannot_be_a_member(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str], staff: dict[str, Account]
) -> None:
    board = await first_board(app)
    answer = await refused(
        app, client, who, "board/member/add", {"boardId": board["id"], "userId": staff["norole"].user_id}
    )
    assert answer["errors"]["userId"]
    await refused(app, client, who, "board/member/remove", {"boardId": board["id"], "memberId": "nobody"}, 404)


async def test_labels_created_edited_and_removed(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    board = await first_board(app)
    label = {"id": "lab-new", "name": "Waiting on client", "class": "bg-teal text-white"}
    labels = await ok(client, who, "label/new", {"boardId": board["id"], "data": label})
    assert labels == [*board["labels"], label]
    card = board["cards"][0]
    await ok(client, who, "card/update", {"boardId": board["id"], "card": {"id": card["id"], "idLabels": ["lab-new"]}})
    changed = {**label, "name": "Blocked", "class": "bg-red text-white"}
    assert (await ok(client, who, "label/update", {"boardId": board["id"], "label": changed}))[-1] == changed
    assert await ok(client, who, "label/remove", {"boardId": board["id"], "labelId": "lab-new"}) == board["labels"]
    assert (await first_board(app))["cards"][0]["idLabels"] == []


async def test_malformed_label_calls_change_nothing(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    board = await first_board(app)
    taken = board["labels"][0]
    on = {"boardId": board["id"]}
    await refused(app, client, who, "label/new", {**on, "data": {"id": "x", "name": "  "}})
    await refused(app, client, who, "label/new", {**on, "data": {"id": "x"}})
    await refused(app, client, who, "label/new", {**on, "data": {"id": taken["id"], "name": "Dup"}})
    await refused(app, client, who, "label/update", {**on, "label": {"id": "nope", "name": "N"}}, 404)
    await refused(app, client, who, "label/update", {**on, "label": {"id": taken["id"], "name": ""}})
    await refused(app, client, who, "label/remove", {**on, "labelId": "nope"}, 404)
    await refused(app, client, who, "label/remove", on)


# --- cards ---------------------------------------------------------------------------------------


async def test_new_card_goes_to_the_end_of_the_chosen_list(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    board = await first_board(app)
    target = board["lists"][1]
    member, label = board["members"][0]["id"], board["labels"][0]["id"]
    card = new_card("c-new", idMembers=[member], idLabels=[label], due="2025-12-01T00:00:00.000Z")
    answer = await ok(client, who, "card/new", {"boardId": board["id"], "listId": target["id"], "data": card})
    stored = await first_board(app)
    assert answer == stored  # the whole board
    assert stored["lists"][1]["idCards"] == [*target["idCards"], "c-new"]
    assert [lst for i, lst in enumerate(stored["lists"]) if i != 1] == [
        lst for i, lst in enumerate(board["lists"]) if i != 1
    ]
    added = stored["cards"][-1]
    assert stored["cards"][:-1] == board["cards"]
    assert added["id"] == "c-new" and added["idMembers"] == [member] and added["idLabels"] == [label]
    assert added["attachments"] == [] and added["checklists"] == [] and added["subscribed"] is False


async def test_malformed_new_card_changes_nothing(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    board = await first_board(app)
    base = {"boardId": board["id"], "listId": board["lists"][0]["id"]}
    existing = board["cards"][0]["id"]
    for data in [
        {"name": "No id"},
        new_card("c1", name=""),
        new_card("c1", subscribed="true"),
        new_card("c1", idMembers=["not-a-member"]),
        new_card("c1", idLabels=["not-a-label"]),
        new_card("c1", idAttachmentCover="not-an-attachment"),
        new_card("c1", due="next week"),
        new_card("c1", attachments=[{"id": "a1", "name": "x", "type": "video", "src": "/x.jpg"}]),
        new_card("c1", attachments=[{"id": "a1", "name": "x", "type": "image", "url": "https://x.example"}]),
        new_card("c1", attachments=[{"id": "a1", "name": "x", "type": "link", "url": 5}]),
        new_card("c1", activities=[{"id": "1", "type": "like", "idMember": "m", "message": "x"}]),
        new_card("c1", checklists=[{"id": "k1", "name": "K", "checkItems": [{"id": "1", "name": "x", "checked": 0}]}]),
    ]:
        await refused(app, client, who, "card/new", {**base, "data": data})
    answer = await refused(app, client, who, "card/new", {**base, "data": new_card(existing)})
    assert answer["message"] == "A card with this id already exists."
    await refused(app, client, who, "card/new", {"boardId": board["id"], "data": new_card("c1")})
    answer = await refused(app, client, who, "card/new", {**base, "listId": "nope", "data": new_card("c1")}, 404)
    assert answer["message"] == "List not found."


async def test_update_card(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    board = await first_board(app)
    card = next(c for c in board["cards"] if c["checklists"])
    checklists = copy.deepcopy(card["checklists"])
    checklists[0]["checkItems"][0]["checked"] = not checklists[0]["checkItems"][0]["checked"]
    changes = {"id": card["id"], "subscribed": not card["subscribed"], "checklists": checklists}
    answer = await ok(client, who, "card/update", {"boardId": board["id"], "card": changes})
    expected = {**card, **changes}
    assert answer == expected
    stored = await first_board(app)
    assert stored["cards"] == [expected if c["id"] == card["id"] else c for c in board["cards"]]
    assert stored["lists"] == board["lists"]
    # The whole card, as the card dialog sends it, replaces every field.
    whole = {**expected, "name": "Renamed card", "description": "Now with a description", "due": None}
    assert await ok(client, who, "card/update", {"boardId": board["id"], "card": whole}) == whole


async def test_attach_an_image_and_make_it_the_cover(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    board = await first_board(app)
    card = next(c for c in board["cards"] if not c["idAttachmentCover"])
    image = {"id": "a-new", "name": "cover-9.jpg", "src": "/assets/images/scrumboard/cover-9.jpg", "type": "image"}
    link = {"id": "a-link", "name": "Spec", "url": "https://example.com/spec", "type": "link", "time": 1700000000}
    changes = {"id": card["id"], "attachments": [*card["attachments"], image, link], "idAttachmentCover": "a-new"}
    answer = await ok(client, who, "card/update", {"boardId": board["id"], "card": changes})
    assert answer["idAttachmentCover"] == "a-new"
    assert answer["attachments"][-2:] == [{**image, "time": ""}, link]
    stored = next(c for c in (await first_board(app))["cards"] if c["id"] == card["id"])
    assert stored == answer


async def test_malformed_card_update_changes_nothing(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    board = await first_board(app)
    card_id = board["cards"][0]["id"]
    for card in [
        {"name": "No id"},
        {"id": card_id, "name": ""},
        {"id": card_id, "subscribed": "yes"},
        {"id": card_id, "idMembers": ["not-a-member"]},
        {"id": card_id, "idAttachmentCover": "not-an-attachment"},
        {"id": card_id, "due": "tomorrow"},
        {"id": card_id, "checklists": {"id": "k"}},
    ]:
        await refused(app, client, who, "card/update", {"boardId": board["id"], "card": card})
    answer = await refused(app, client, who, "card/update", {"boardId": board["id"], "card": new_card("nope")}, 404)
    assert answer["message"] == "Card not found."


async def test_remove_card_takes_it_out_of_every_list(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    board = await first_board(app)
    card_id = board["lists"][0]["idCards"][0]
    assert await ok(client, who, "card/remove", {"boardId": board["id"], "cardId": card_id}) == card_id
    stored = await first_board(app)
    assert card_id not in {c["id"] for c in stored["cards"]}
    assert all(card_id not in lst["idCards"] for lst in stored["lists"])
    assert len(stored["cards"]) == len(board["cards"]) - 1
    assert [len(lst["idCards"]) for lst in stored["lists"]] == [
        len(lst["idCards"]) - (i == 0) for i, lst in enumerate(board["lists"])
    ]


async def test_remove_card_cleans_lists_even_where_it_was_listed_twice(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    # Data written before the checks existed may name a card in two lists: removal clears both.
    board = copy.deepcopy(await first_board(app))
    card_id = board["lists"][0]["idCards"][0]
    board["lists"][1]["idCards"].append(card_id)
    async with app.state.portal.db.session() as session:
        await SampleStore(session, AREA).put("boards", board["id"], board)
        await session.commit()
    await ok(client, who, "card/remove", {"boardId": board["id"], "cardId": card_id})
    assert all(card_id not in lst["idCards"] for lst in (await first_board(app))["lists"])


async def test_remove_card_refusals(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    board = await first_board(app)
    answer = await refused(app, client, who, "card/remove", {"boardId": board["id"], "cardId": "nope"}, 404)
    assert answer["message"] == "Card not found."
    await refused(app, client, who, "card/remove", {"boardId": board["id"], "cardId": 3})
    await refused(app, client, who, "card/remove", {"boardId": board["id"]})


async def test_card_order_moves_a_card_between_lists(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    board = await first_board(app)
    lists = copy.deepcopy(board["lists"])
    moved = lists[0]["idCards"].pop()
    lists[2]["idCards"].insert(0, moved)
    lists[1]["idCards"].reverse()
    assert await ok(client, who, "card/order", {"boardId": board["id"], "lists": lists}) == lists
    assert (await first_board(app)) == {**board, "lists": lists}


async def test_list_order_reorders_the_lists(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    board = await first_board(app)
    lists = list(reversed(board["lists"]))
    assert await ok(client, who, "list/order", {"boardId": board["id"], "lists": lists}) == lists
    assert (await first_board(app))["lists"] == lists


@pytest.mark.parametrize("path", ["card/order", "list/order"])
async def test_an_order_that_is_not_only_an_order_is_refused(
    path: str, app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    board = await first_board(app)
    other_card = (await stored_boards(app))[1]["cards"][0]["id"]

    def changed(change: Any) -> list[dict[str, Any]]:
        lists = copy.deepcopy(board["lists"])
        change(lists)
        return lists

    for lists in [
        changed(lambda ls: ls.pop()),  # a list left out
        changed(lambda ls: ls[0]["idCards"].pop()),  # a card left out
        changed(lambda ls: ls[1]["idCards"].append(ls[0]["idCards"][0])),  # a card twice
        changed(lambda ls: ls[0]["idCards"].append(other_card)),  # a card of another board
        changed(lambda ls: ls.append({"id": "l-new", "name": "New", "idCards": []})),  # a list added
        changed(lambda ls: ls[0].update(idCards="c1")),
    ]:
        await refused(app, client, who, path, {"boardId": board["id"], "lists": lists})
    await refused(app, client, who, path, {"boardId": board["id"]})


# --- lists ---------------------------------------------------------------------------------------


async def test_new_list_answers_all_lists(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    board = await first_board(app)
    data = {"id": "l-new", "name": "Ideas", "idCards": []}
    answer = await ok(client, who, "list/new", {"boardId": board["id"], "data": data})
    assert answer == [*board["lists"], data]
    assert (await first_board(app)) == {**board, "lists": answer}
    # A list may start without idCards.
    answer = await ok(client, who, "list/new", {"boardId": board["id"], "data": {"id": "l-2", "name": "More"}})
    assert answer[-1] == {"id": "l-2", "name": "More", "idCards": []}


async def test_malformed_new_list_changes_nothing(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    board = await first_board(app)
    taken_list, listed_card = board["lists"][0]["id"], board["lists"][0]["idCards"][0]
    for data in [
        {"name": "No id"},
        {"id": "l-x"},
        {"id": "l-x", "name": "X", "idCards": ["no-such-card"]},
        {"id": "l-x", "name": "X", "idCards": [listed_card]},
        {"id": "l-x", "name": 3},
    ]:
        await refused(app, client, who, "list/new", {"boardId": board["id"], "data": data})
    answer = await refused(
        app, client, who, "list/new", {"boardId": board["id"], "data": {"id": taken_list, "name": "X"}}
    )
    assert answer["message"] == "A list with this id already exists."


async def test_rename_list(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    board = await first_board(app)
    target = board["lists"][2]
    body = {"boardId": board["id"], "listId": target["id"], "listTitle": "Later"}
    assert await ok(client, who, "list/rename", body) == "Later"
    stored = await first_board(app)
    assert stored["lists"][2] == {**target, "name": "Later"}
    assert stored == {**board, "lists": [*board["lists"][:2], {**target, "name": "Later"}, *board["lists"][3:]]}
    await refused(app, client, who, "list/rename", {**body, "listTitle": ""})
    answer = await refused(app, client, who, "list/rename", {**body, "listId": "nope"}, 404)
    assert answer["message"] == "List not found."


async def test_remove_list(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    board = await first_board(app)
    gone = board["lists"][0]
    assert await ok(client, who, "list/remove", {"boardId": board["id"], "listId": gone["id"]}) is True
    stored = await first_board(app)
    assert stored["lists"] == board["lists"][1:]
    # Its cards go with it: a card that sits in no list would stay on the board unseen.
    assert stored["cards"] == [c for c in board["cards"] if c["id"] not in gone["idCards"]]
    await refused(app, client, who, "list/remove", {"boardId": board["id"], "listId": gone["id"]}, 404)
    await refused(app, client, who, "list/remove", {"boardId": board["id"]})


# --- unknown boards and tokens -------------------------------------------------------------------

WRITES = {
    "board/rename": {"boardTitle": "X"},
    "board/settings/update": {"settings": {"color": "", "subscribed": True, "cardCoverImages": True}},
    "board/delete": {},
    "card/new": {"listId": "l", "data": {"id": "c", "name": "C"}},
    "card/update": {"card": {"id": "c", "name": "C"}},
    "card/remove": {"cardId": "c"},
    "card/order": {"lists": []},
    "list/order": {"lists": []},
    "list/new": {"data": {"id": "l", "name": "L"}},
    "list/rename": {"listId": "l", "listTitle": "L"},
    "list/remove": {"listId": "l"},
    "board/copy": {},
    "board/member/add": {"userId": 1},
    "board/member/remove": {"memberId": "m"},
    "label/new": {"data": {"id": "x", "name": "X"}},
    "label/update": {"label": {"id": "x", "name": "X"}},
    "label/remove": {"labelId": "x"},
}


@pytest.mark.parametrize("path", sorted(WRITES))
async def test_writes_to_an_unknown_board_are_404(
    path: str, app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    answer = await refused(app, client, who, path, {"boardId": "no-such-board", **WRITES[path]}, 404)
    assert answer["message"] == MISSING


@pytest.mark.parametrize("path", sorted(WRITES))
async def test_writes_without_a_board_id_are_422(
    path: str, app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    await refused(app, client, who, path, WRITES[path])


test_every_call_needs_a_staff_token = calls.staff_only()
