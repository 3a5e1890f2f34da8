"""Mail sample area (``/api/mail-app``): mails in folders, with labels, starred and important flags.

Rules from the spec: a list is chosen by label, else by filter, else by folder (inbox by default);
``update-mail`` replaces the mail with the same id; the bulk calls (``set-folder``,
``toggle-label``, ``delete-mails``) answer 200 with no body; ``toggle-label`` adds the label where
it is absent and removes it where it is present.

Each user's mailbox is the shared demo mails plus their own (``owner_id``): ``send`` (not in the
spec's mock, which could not send) files the mail in the sender's Sent folder and delivers a copy to
the inbox of every recipient who is a portal user (matched by email). Addresses outside the portal
keep only the sender's copy: the server never sends mail anywhere. Another user's mails are not
found by any call.
"""

from __future__ import annotations

import html
import re
import uuid
from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import Field, field_validator
from sqlmodel import col, select
from starlette.requests import Request
from starlette.routing import Route

from app.errors import invalid, not_found
from app.portal import limit
from app.samples.common import LONG_TEXT, SampleModel, endpoint, listing, no_body, read
from app.samples.store import SampleStore
from schemas.users import User

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


MAX_RECIPIENTS = 50
MAX_SUBJECT = 200
MAX_MESSAGE = 10_000
INBOX, SENT = 0, 1
EMAIL = re.compile(r"^[^\s@<>(),;:\"]+@[^\s@<>(),;:\"]+\.[^\s@<>(),;:\"]+$")
Address = Annotated[str, Field(min_length=3, max_length=254)]


class Outgoing(SampleModel):
    """A new mail: addresses (to at least one; cc and bcc optional), subject and plain-text message."""

    to: Annotated[list[Address], Field(min_length=1)]
    cc: list[Address] = Field(default_factory=list)
    bcc: list[Address] = Field(default_factory=list)
    subject: Annotated[str, Field(max_length=MAX_SUBJECT)]
    message: Annotated[str, Field(max_length=MAX_MESSAGE)]

    @field_validator("to", "cc", "bcc")
    @classmethod
    def _addresses(cls, values: list[str]) -> list[str]:
        cleaned = [value.strip().lower() for value in values]
        wrong = [value for value in cleaned if not EMAIL.match(value)]
        if wrong:
            raise ValueError(f"Not an email address: {', '.join(wrong[:5])}.")
        return cleaned

    @field_validator("subject", "message")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("Write something here.")
        return value.strip()


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


def mailbox(request: Request, store: SampleStore) -> SampleStore:
    """The caller's mails: the shared demo mails and their own (sent by them or delivered to them)."""
    return SampleStore(store.session, AREA, owner_id=request.state.principal.user_id, with_shared=True)


async def list_mails(request: Request, store: SampleStore) -> list[dict[str, Any]]:
    """Label, then filter, then folder (inbox when nothing is asked); an unknown handle matches nothing."""
    query = request.query_params
    mails = await mailbox(request, store).all("mails")
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
    mail = await mailbox(request, store).get("mails", mail_id)
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
    mine = mailbox(request, store)
    if await mine.get("mails", mail.id) is None:
        raise not_found("Mail not found.")
    await _check_refs(store, folder=mail.folder, labels=mail.labels)
    return await mine.put("mails", mail.id, mail.model_dump(mode="json", by_alias=True))


async def _selected(store: SampleStore, ids: list[str]) -> list[dict[str, Any]]:
    """The selected mails of this mailbox that still exist (another user may have deleted some meanwhile)."""
    wanted = set(ids)
    return [m for m in await store.all("mails") if m["id"] in wanted]


async def set_folder(request: Request, store: SampleStore) -> Any:
    body = await read(request, FolderMove)
    if body.folderId not in await _ids(store, "folders"):
        raise invalid(f"Unknown folder: {body.folderId}.", {"folderId": "Use the id of an existing folder."})
    mine = mailbox(request, store)
    for mail in await _selected(mine, body.selectedMailIds):
        await mine.put("mails", mail["id"], {**mail, "folder": body.folderId})
    return no_body()


def _toggled(labels: list[int], label_id: int) -> list[int]:
    return [x for x in labels if x != label_id] if label_id in labels else [*labels, label_id]


async def toggle_label(request: Request, store: SampleStore) -> Any:
    body = await read(request, LabelToggle)
    if body.labelId not in await _ids(store, "labels"):
        raise invalid(f"Unknown label: {body.labelId}.", {"labelId": "Use the id of an existing label."})
    mine = mailbox(request, store)
    for mail in await _selected(mine, body.selectedMailIds):
        await mine.put("mails", mail["id"], {**mail, "labels": _toggled(mail.get("labels", []), body.labelId)})
    return no_body()


async def delete_mails(request: Request, store: SampleStore) -> Any:
    body = await read(request, Selection)
    await mailbox(request, store).remove("mails", body.selectedMailIds)
    return no_body()


def _as_html(text: str) -> str:
    """Plain text as the mails' HTML: escaped, a paragraph per blank-line block, line breaks kept."""
    blocks = [block.strip() for block in re.split(r"\n\s*\n", text.replace("\r\n", "\n")) if block.strip()]
    return "".join(f"<p>{html.escape(block).replace(chr(10), '<br>')}</p>" for block in blocks)


async def send(request: Request, store: SampleStore) -> dict[str, Any]:
    """Send a mail: {to, cc?, bcc?, subject, message (plain text)}; answers the sender's copy (in Sent).

    Recipients who are portal users (matched by email) find a copy in their inbox; other addresses
    are kept on the sender's copy only: nothing leaves the portal.
    """
    principal = request.state.principal
    await limit(request, "write", principal)
    body = await read(request, Outgoing)
    everyone = list(dict.fromkeys([*body.to, *body.cc, *body.bcc]))
    if len(everyone) > MAX_RECIPIENTS:
        raise invalid(f"Send to at most {MAX_RECIPIENTS} addresses.", {"to": f"At most {MAX_RECIPIENTS} addresses."})
    session = store.session
    sender = await session.get(User, principal.user_id)
    if sender is None:  # pragma: no cover - the token's user exists while its session is live
        raise not_found("Your account no longer exists.")
    found = (await session.exec(select(User).where(col(User.email).in_(everyone)))).all()  # stored lowercase
    users = {user.email.lower(): user for user in found}

    def person(address: str) -> dict[str, str]:
        user = users.get(address)
        return {"name": user.display_name if user else address.split("@")[0], "email": address}

    shown = [person(a) for a in dict.fromkeys([*body.to, *body.cc])]
    now = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    mail = {
        "from": {"name": sender.display_name, "avatar": sender.photo_url or "", "email": sender.email},
        "to": shown,
        "subject": body.subject,
        "message": _as_html(body.message),
        "time": now,
        "read": True,
        "starred": False,
        "important": False,
        "hasAttachments": False,
        "attachments": [],
        "labels": [],
    }
    for address in everyone:
        user = users.get(address)
        if user is None or user.id is None or user.id == sender.id:
            continue
        inbox = SampleStore(session, AREA, owner_id=user.id, with_shared=True)
        key = _new_id()
        await inbox.put("mails", key, {**mail, "id": key, "read": False, "folder": INBOX}, front=True)
    outbox = mailbox(request, store)
    if sender.email.lower() in users:  # mailing oneself: a copy in one's own inbox too
        key = _new_id()
        await outbox.put("mails", key, {**mail, "id": key, "read": False, "folder": INBOX}, front=True)
    key = _new_id()
    own = {**mail, "id": key, "folder": SENT, "to": [person(a) for a in everyone]}
    return await outbox.put("mails", key, own, front=True)


def _new_id() -> str:
    return uuid.uuid4().hex[:24]


routes = [
    Route(f"{PREFIX}/mails", endpoint(AREA, list_mails), methods=["GET"]),
    Route(f"{PREFIX}/mail", endpoint(AREA, get_mail), methods=["GET"]),
    Route(f"{PREFIX}/update-mail", endpoint(AREA, update_mail), methods=["POST"]),
    Route(f"{PREFIX}/set-folder", endpoint(AREA, set_folder), methods=["POST"]),
    Route(f"{PREFIX}/toggle-label", endpoint(AREA, toggle_label), methods=["POST"]),
    Route(f"{PREFIX}/delete-mails", endpoint(AREA, delete_mails), methods=["POST"]),
    Route(f"{PREFIX}/send", endpoint(AREA, send), methods=["POST"]),
    *(Route(f"{PREFIX}/{kind}", listing(AREA, kind), methods=["GET"]) for kind in ("folders", "filters", "labels")),
]
