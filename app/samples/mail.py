"""Mail sample area (``/api/mail-app``): mails in folders, with labels, starred and important flags.

Rules from the spec: a list is chosen by label, else by filter, else by folder (inbox by default);
``update-mail`` replaces the mail with the same id; the bulk calls (``set-folder``,
``toggle-label``, ``delete-mails``) answer 200 with no body; ``toggle-label`` adds the label where
it is absent and removes it where it is present.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from starlette.requests import Request
from starlette.routing import Route

from app.errors import invalid, not_found
from app.samples.common import LONG_TEXT, SampleModel, endpoint, listing, no_body, read
from app.samples.store import SampleStore

AREA = "mail"
PREFIX = "/api/mail-app"
DEFAULT_FOLDER = "inbox"

Id = Annotated[str, Field(min_length=1)]


class Recipient(SampleModel):
    name: str
    email: str


class Sender(Recipient):
    avatar: str = ""


class Attachment(SampleModel):
    type: str
    fileName: str
    preview: str = ""
    url: str = ""
    size: str = ""


class Mail(SampleModel):
    id: Id
    from_: Sender = Field(alias="from")
    to: list[Recipient]
    subject: str
    message: Annotated[str, Field(max_length=LONG_TEXT)]
    time: str
    read: bool
    starred: bool
    important: bool
    hasAttachments: bool
    attachments: list[Attachment]
    labels: list[int]
    folder: int


class Selection(SampleModel):
    selectedMailIds: list[Id]


class FolderMove(Selection):
    folderId: int


class LabelToggle(Selection):
    labelId: int


async def _ids(store: SampleStore, kind: str) -> set[int]:
    return {item["id"] for item in await store.all(kind)}


async def _handle_id(store: SampleStore, kind: str, handle: str) -> int | None:
    return next((item["id"] for item in await store.all(kind) if item["handle"] == handle), None)


async def list_mails(request: Request, store: SampleStore) -> list[dict[str, Any]]:
    """Label, then filter, then folder (inbox when nothing is asked); an unknown handle matches nothing."""
    query = request.query_params
    mails = await store.all("mails")
    if label_handle := query.get("labelHandle"):
        label_id = await _handle_id(store, "labels", label_handle)
        return [m for m in mails if label_id is not None and label_id in m.get("labels", [])]
    if filter_handle := query.get("filterHandle"):
        # Only the defined filters (starred, important) name a flag; anything else matches nothing.
        if await _handle_id(store, "filters", filter_handle) is None:
            return []
        return [m for m in mails if m.get(filter_handle)]
    folder_id = await _handle_id(store, "folders", query.get("folderHandle") or DEFAULT_FOLDER)
    return [m for m in mails if folder_id is not None and m.get("folder") == folder_id]


async def get_mail(request: Request, store: SampleStore) -> dict[str, Any]:
    mail_id = request.query_params.get("mailId")
    if not mail_id:
        raise invalid("Send 'mailId' in the query.", {"mailId": "This field is required."})
    mail = await store.get("mails", mail_id)
    if mail is None:
        raise not_found("Mail not found.")
    return mail


async def _check_refs(store: SampleStore, *, folder: int | None = None, labels: list[int] | None = None) -> None:
    if folder is not None and folder not in await _ids(store, "folders"):
        raise invalid(f"Unknown folder: {folder}.", {"folder": "Use the id of an existing folder."})
    unknown = sorted(set(labels or []) - await _ids(store, "labels"))
    if unknown:
        raise invalid(f"Unknown labels: {unknown}.", {"labels": "Use the ids of existing labels."})


async def update_mail(request: Request, store: SampleStore) -> dict[str, Any]:
    mail = await read(request, Mail)
    if await store.get("mails", mail.id) is None:
        raise not_found("Mail not found.")
    await _check_refs(store, folder=mail.folder, labels=mail.labels)
    return await store.put("mails", mail.id, mail.model_dump(mode="json", by_alias=True))


async def _selected(store: SampleStore, ids: list[str]) -> list[dict[str, Any]]:
    """The selected mails that still exist (another user may have deleted some meanwhile)."""
    wanted = set(ids)
    return [m for m in await store.all("mails") if m["id"] in wanted]


async def set_folder(request: Request, store: SampleStore) -> Any:
    body = await read(request, FolderMove)
    if body.folderId not in await _ids(store, "folders"):
        raise invalid(f"Unknown folder: {body.folderId}.", {"folderId": "Use the id of an existing folder."})
    for mail in await _selected(store, body.selectedMailIds):
        await store.put("mails", mail["id"], {**mail, "folder": body.folderId})
    return no_body()


def _toggled(labels: list[int], label_id: int) -> list[int]:
    return [x for x in labels if x != label_id] if label_id in labels else [*labels, label_id]


async def toggle_label(request: Request, store: SampleStore) -> Any:
    body = await read(request, LabelToggle)
    if body.labelId not in await _ids(store, "labels"):
        raise invalid(f"Unknown label: {body.labelId}.", {"labelId": "Use the id of an existing label."})
    for mail in await _selected(store, body.selectedMailIds):
        await store.put("mails", mail["id"], {**mail, "labels": _toggled(mail.get("labels", []), body.labelId)})
    return no_body()


async def delete_mails(request: Request, store: SampleStore) -> Any:
    body = await read(request, Selection)
    await store.remove("mails", body.selectedMailIds)
    return no_body()


routes = [
    Route(f"{PREFIX}/mails", endpoint(AREA, list_mails), methods=["GET"]),
    Route(f"{PREFIX}/mail", endpoint(AREA, get_mail), methods=["GET"]),
    Route(f"{PREFIX}/update-mail", endpoint(AREA, update_mail), methods=["POST"]),
    Route(f"{PREFIX}/set-folder", endpoint(AREA, set_folder), methods=["POST"]),
    Route(f"{PREFIX}/toggle-label", endpoint(AREA, toggle_label), methods=["POST"]),
    Route(f"{PREFIX}/delete-mails", endpoint(AREA, delete_mails), methods=["POST"]),
    *(Route(f"{PREFIX}/{kind}", listing(AREA, kind), methods=["GET"]) for kind in ("folders", "filters", "labels")),
]
