"""Scrumboard sample area (``/api/scrumboard-app``): boards of lists of cards.

A board is one document (its lists, cards, members and labels), as the spec's calls read and
answer it. Rules from the spec: cards are added to the end of the chosen list; removing a card
also removes its id from every list; removing a list removes it from the board; lists and cards
are reordered by sending the lists; an unknown board answers 404 'Requested board do not exist.'.

Every write is checked against the whole board before it is stored, so a board stays coherent:
ids are unique, a list only holds cards of the board and a card sits in at most one list, a card
only names members, labels and a cover image the board and the card have.
"""

from __future__ import annotations

import copy
import re
import unicodedata
import uuid
from collections import Counter
from typing import Any

from pydantic import BaseModel
from starlette.requests import Request
from starlette.routing import Route

from app.errors import invalid, not_found
from app.portal import portal_of
from app.samples.common import Area, SampleModel
from app.samples.store import SampleStore
from app.services.users import staff_member
from app.validation import parse
from schemas.sample_areas.scrumboard import (
    Board,
    BoardCopy,
    BoardNew,
    BoardQuery,
    BoardRename,
    BoardSummaries,
    BoardSummary,
    Card,
    CardNew,
    CardRemove,
    CardUpdate,
    Done,
    Label,
    LabelNew,
    LabelRemove,
    Labels,
    LabelUpdate,
    ListNew,
    ListRemove,
    ListRename,
    Lists,
    ListsOrder,
    MemberAdd,
    MemberRemove,
    Members,
    OnBoard,
    Renamed,
    Settings,
    SettingsUpdate,
)

AREA = "scrumboard"
PREFIX = "/api/scrumboard-app"
KIND = "boards"
BOARD_MISSING = "Requested board do not exist."


MAX_LABELS = 50
MAX_MEMBERS = 100


# --- whole-board checks ---------------------------------------------------------------------------


def _dump(model: SampleModel) -> dict[str, Any]:
    return model.model_dump(mode="json", by_alias=True)


def _repeated(ids: list[str]) -> list[str]:
    return sorted(key for key, count in Counter(ids).items() if count > 1)


def _unknown(ids: list[str], known: set[str]) -> list[str]:
    return sorted(set(ids) - known)


def _lists_problem(board: dict[str, Any]) -> str | None:
    card_ids = [card["id"] for card in board["cards"]]
    listed = [card_id for lst in board["lists"] for card_id in lst["idCards"]]
    if repeated := _repeated(card_ids):
        return f"Repeated card ids: {repeated}."
    if repeated := _repeated([lst["id"] for lst in board["lists"]]):
        return f"Repeated list ids: {repeated}."
    if unknown := _unknown(listed, set(card_ids)):
        return f"Lists name cards the board does not have: {unknown}."
    if repeated := _repeated(listed):
        return f"A card can sit in one list only: {repeated}."
    return None


def _card_problem(card: dict[str, Any], members: set[str], labels: set[str]) -> str | None:
    if unknown := _unknown(card["idMembers"], members):
        return f"Card {card['id']} names members the board does not have: {unknown}."
    if unknown := _unknown(card["idLabels"], labels):
        return f"Card {card['id']} names labels the board does not have: {unknown}."
    if card["idAttachmentCover"] not in {"", *(a["id"] for a in card["attachments"])}:
        return f"The cover of card {card['id']} must be one of its attachments."
    return None


def check_board(board: dict[str, Any]) -> None:
    """Refuse a board whose parts do not fit together (422, naming what is wrong)."""
    members = {member["id"] for member in board["members"]}
    labels = {label["id"] for label in board["labels"]}
    problems = {"lists": _lists_problem(board)}
    problems.update({f"cards.{card['id']}": _card_problem(card, members, labels) for card in board["cards"]})
    errors = {field: message for field, message in problems.items() if message}
    if errors:
        raise invalid(" ".join(errors.values()), errors)


# --- storage helpers ------------------------------------------------------------------------------


async def load(store: SampleStore, board_id: str, *, for_update: bool = True) -> dict[str, Any]:
    """A private copy of the board to change (the stored one must not change until it is put back).

    ``for_update`` locks the board's row until commit, so two processes editing one board at once
    apply their changes one after the other instead of one overwriting the other.
    """
    board = await store.get(KIND, board_id, lock=for_update)
    if board is None:
        raise not_found(BOARD_MISSING)
    return copy.deepcopy(board)


async def save(store: SampleStore, board: dict[str, Any]) -> None:
    check_board(board)
    await store.put(KIND, board["id"], board)


def find_list(board: dict[str, Any], list_id: str) -> dict[str, Any]:
    found = next((lst for lst in board["lists"] if lst["id"] == list_id), None)
    if found is None:
        raise not_found("List not found.")
    return found


def find_card(board: dict[str, Any], card_id: str) -> dict[str, Any]:
    found = next((card for card in board["cards"] if card["id"] == card_id), None)
    if found is None:
        raise not_found("Card not found.")
    return found


# --- boards ---------------------------------------------------------------------------------------


def slugify(name: str) -> str:
    """A board's address from its name (the page's rule too: ui/src/features/scrumboard/board-utils.ts)."""
    text = "".join(c for c in unicodedata.normalize("NFKD", name.lower()) if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:80].strip("-") or "board"


def new_board_id() -> str:
    return uuid.uuid4().hex[:24]


def summary(board: dict[str, Any]) -> dict[str, Any]:
    return {"id": board["id"], "name": board["name"], "uri": board["uri"]}


async def _staff_entry(request: Request, store: SampleStore, user_id: int) -> dict[str, Any] | None:
    return await staff_member(session=store.session, settings=portal_of(request).settings, user_id=user_id)


def _member_of(entry: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": f"user-{entry['id']}",
        "name": entry["displayName"],
        "avatar": entry["photoURL"] or "",
        "userId": entry["id"],
    }


async def list_boards(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
    return [summary(board) for board in await store.all(KIND)]


async def new_board(request: Request, store: SampleStore, body: BoardNew) -> dict[str, Any]:
    """Add a board; its address (uri) follows from its name and whoever creates it is its first member."""
    board = _dump(body.board)
    if await store.get(KIND, board["id"]) is not None:
        raise invalid("A board with this id already exists.", {"board.id": "Use a new id."})
    board["uri"] = slugify(board["name"])
    creator = await _staff_entry(request, store, request.state.principal.user_id)
    if creator is not None and not any(m.get("userId") == creator["id"] for m in board["members"]):
        board["members"].insert(0, _member_of(creator))
    await save(store, board)
    return summary(board)


async def get_board(_request: Request, store: SampleStore, query: BoardQuery) -> dict[str, Any]:
    """The board with this ``boardId``, whatever address (uri) the page was opened at."""
    return await load(store, query.board_id, for_update=False)


async def rename_board(request: Request, store: SampleStore, body: BoardRename) -> str:
    """Rename a board; its address (uri) follows the new name (the old address still opens it by id)."""
    board = await load(store, body.boardId)
    board["name"] = body.boardTitle
    board["uri"] = slugify(body.boardTitle)
    await save(store, board)
    return body.boardTitle


async def copy_board(request: Request, store: SampleStore, body: BoardCopy) -> dict[str, Any]:
    """Copy a board with its lists, cards, labels, members and settings (``boardTitle``, or 'Copy of ...')."""
    board = await load(store, body.boardId, for_update=False)
    board["id"] = new_board_id()
    board["name"] = body.boardTitle or f"Copy of {board['name']}"[:200]
    board["uri"] = slugify(board["name"])
    await save(store, board)
    return summary(board)


async def update_settings(request: Request, store: SampleStore, body: SettingsUpdate) -> dict[str, Any]:
    board = await load(store, body.boardId)
    board["settings"] = _dump(body.settings)
    await save(store, board)
    return board["settings"]


async def delete_board(request: Request, store: SampleStore, body: OnBoard) -> bool:
    await load(store, body.boardId)
    await store.remove(KIND, [body.boardId])
    return True


# --- members and labels ---------------------------------------------------------------------------


async def add_member(request: Request, store: SampleStore, body: MemberAdd) -> list[dict[str, Any]]:
    """Add a member from the staff directory (``userId``); answers the board's members."""
    board = await load(store, body.boardId)
    entry = await _staff_entry(request, store, body.userId)
    if entry is None:
        raise invalid("No active staff member has this id.", {"userId": "Pick someone from the staff directory."})
    if not any(m.get("userId") == body.userId for m in board["members"]):
        if len(board["members"]) >= MAX_MEMBERS:
            raise invalid(f"A board has at most {MAX_MEMBERS} members.", {"userId": "The board is full."})
        board["members"].append(_member_of(entry))
    await save(store, board)
    return board["members"]


async def remove_member(request: Request, store: SampleStore, body: MemberRemove) -> list[dict[str, Any]]:
    """Remove a member; the cards they were on lose them. Answers the board's members."""
    return await _take_off(store, body.boardId, "members", body.memberId, "idMembers", "Member not found.")


async def _take_off(
    store: SampleStore, board_id: str, part: str, item_id: str, card_field: str, missing: str
) -> list[dict[str, Any]]:
    """Remove the board's ``part`` entry ``item_id``, take it off every card that has it, and answer
    what is left of ``part``."""
    board = await load(store, board_id)
    if not any(item["id"] == item_id for item in board[part]):
        raise not_found(missing)
    board[part] = [item for item in board[part] if item["id"] != item_id]
    for card in board["cards"]:
        card[card_field] = [i for i in card[card_field] if i != item_id]
    await save(store, board)
    left: list[dict[str, Any]] = board[part]
    return left


def _check_label_name(label: Label, field: str) -> None:
    if not label.name.strip():
        raise invalid("Give the label a name.", {f"{field}.name": "This field is required."})


async def new_label(request: Request, store: SampleStore, body: LabelNew) -> list[dict[str, Any]]:
    """Add a label to the board; answers the board's labels."""
    _check_label_name(body.data, "data")
    board = await load(store, body.boardId)
    if any(label["id"] == body.data.id for label in board["labels"]):
        raise invalid("A label with this id already exists.", {"data.id": "Use a new id."})
    if len(board["labels"]) >= MAX_LABELS:
        raise invalid(f"A board has at most {MAX_LABELS} labels.", {"data": "Remove a label first."})
    board["labels"].append(_dump(body.data))
    await save(store, board)
    return board["labels"]


async def update_label(request: Request, store: SampleStore, body: LabelUpdate) -> list[dict[str, Any]]:
    """Rename or recolour a label; answers the board's labels."""
    _check_label_name(body.label, "label")
    board = await load(store, body.boardId)
    if not any(label["id"] == body.label.id for label in board["labels"]):
        raise not_found("Label not found.")
    changed = _dump(body.label)
    board["labels"] = [changed if label["id"] == changed["id"] else label for label in board["labels"]]
    await save(store, board)
    return board["labels"]


async def remove_label(request: Request, store: SampleStore, body: LabelRemove) -> list[dict[str, Any]]:
    """Remove a label; the cards that had it lose it. Answers the board's labels."""
    return await _take_off(store, body.boardId, "labels", body.labelId, "idLabels", "Label not found.")


# --- cards ----------------------------------------------------------------------------------------


async def new_card(request: Request, store: SampleStore, body: CardNew) -> dict[str, Any]:
    board = await load(store, body.boardId)
    target = find_list(board, body.listId)
    if any(card["id"] == body.data.id for card in board["cards"]):
        raise invalid("A card with this id already exists.", {"data.id": "Use a new id."})
    board["cards"].append(_dump(body.data))
    target["idCards"].append(body.data.id)  # the end of the chosen list
    await save(store, board)
    return board


async def update_card(request: Request, store: SampleStore, body: CardUpdate) -> dict[str, Any]:
    board = await load(store, body.boardId)
    current = find_card(board, body.card.id)
    merged = _dump(parse(Card, {**current, **body.card.model_dump(mode="json", exclude_unset=True)}))
    board["cards"] = [merged if card["id"] == merged["id"] else card for card in board["cards"]]
    await save(store, board)
    return merged


async def remove_card(request: Request, store: SampleStore, body: CardRemove) -> str:
    board = await load(store, body.boardId)
    find_card(board, body.cardId)
    board["cards"] = [card for card in board["cards"] if card["id"] != body.cardId]
    for lst in board["lists"]:  # from every list, not only the one showing it
        lst["idCards"] = [card_id for card_id in lst["idCards"] if card_id != body.cardId]
    await save(store, board)
    return body.cardId


async def order(request: Request, store: SampleStore, body: ListsOrder) -> list[dict[str, Any]]:
    """``card/order`` and ``list/order``: the board's lists, in their new order with their cards in theirs.

    Only an order changes: the same lists and the same cards must come back, or the call is refused.
    """
    board = await load(store, body.boardId)
    lists = [_dump(lst) for lst in body.lists]
    same_lists = sorted(lst["id"] for lst in lists) == sorted(lst["id"] for lst in board["lists"])
    same_cards = sorted(c for lst in lists for c in lst["idCards"]) == sorted(
        c for lst in board["lists"] for c in lst["idCards"]
    )
    if not (same_lists and same_cards):
        raise invalid(
            "Send the board's lists and cards, only reordered (reload the board if it changed).",
            {"lists": "The lists or their cards differ from the board's."},
        )
    board["lists"] = lists
    await save(store, board)
    return lists


# --- lists ----------------------------------------------------------------------------------------


async def new_list(request: Request, store: SampleStore, body: ListNew) -> list[dict[str, Any]]:
    board = await load(store, body.boardId)
    if any(lst["id"] == body.data.id for lst in board["lists"]):
        raise invalid("A list with this id already exists.", {"data.id": "Use a new id."})
    board["lists"].append(_dump(body.data))
    await save(store, board)
    return board["lists"]


async def rename_list(request: Request, store: SampleStore, body: ListRename) -> str:
    board = await load(store, body.boardId)
    find_list(board, body.listId)["name"] = body.listTitle
    await save(store, board)
    return body.listTitle


async def remove_list(request: Request, store: SampleStore, body: ListRemove) -> bool:
    board = await load(store, body.boardId)
    removed = find_list(board, body.listId)
    # Its cards go with it: a card sits in one list, and one in none would be on the board unseen.
    gone = set(removed["idCards"])
    board["lists"] = [lst for lst in board["lists"] if lst["id"] != body.listId]
    board["cards"] = [card for card in board["cards"] if card["id"] not in gone]
    await save(store, board)
    return True


def post(path: str, handler: Any, body: type[BaseModel], answer: type[BaseModel]) -> Route:
    return area.post("{path}", handler, answer, body=body)


area = Area(AREA, PREFIX)
routes = [
    area.get("/boards", list_boards, BoardSummaries),
    area.get("/board", get_board, Board, query=BoardQuery),
    area.post("/board/new", new_board, BoardSummary, body=BoardNew),
    area.post("/board/rename", rename_board, Renamed, body=BoardRename),
    area.post("/board/settings/update", update_settings, Settings, body=SettingsUpdate),
    area.post("/board/delete", delete_board, Done, body=OnBoard),
    area.post("/board/copy", copy_board, BoardSummary, body=BoardCopy),
    area.post("/board/member/add", add_member, Members, body=MemberAdd),
    area.post("/board/member/remove", remove_member, Members, body=MemberRemove),
    area.post("/label/new", new_label, Labels, body=LabelNew),
    area.post("/label/update", update_label, Labels, body=LabelUpdate),
    area.post("/label/remove", remove_label, Labels, body=LabelRemove),
    area.post("/card/new", new_card, Board, body=CardNew),
    area.post("/card/update", update_card, Card, body=CardUpdate),
    area.post("/card/remove", remove_card, Renamed, body=CardRemove),
    area.post("/card/order", order, Lists, body=ListsOrder),
    area.post("/list/order", order, Lists, body=ListsOrder),
    area.post("/list/new", new_list, Lists, body=ListNew),
    area.post("/list/rename", rename_list, Renamed, body=ListRename),
    area.post("/list/remove", remove_list, Done, body=ListRemove),
]
