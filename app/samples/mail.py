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
from typing import Any

from sqlmodel import col, select
from starlette.requests import Request
from starlette.routing import Route

from app.errors import invalid, not_found
from app.portal import limit
from app.samples.common import endpoint, listing, no_body, read
from app.samples.store import SampleStore
from schemas.meta import NoBody
from schemas.sample_areas.base import Handles
from schemas.sample_areas.mail import (
    INBOX,
    MAX_RECIPIENTS,
    SENT,
    FolderMove,
    LabelToggle,
    Mail,
    MailQuery,
    Mails,
    MailsQuery,
    Outgoing,
    Selection,
)
from schemas.users import User

AREA = "mail"
PREFIX = "/api/mail-app"
DEFAULT_FOLDER = "inbox"


async def _ids(store: SampleStore, kind: str) -> set[int]:
    return {item["id"] for item in await store.all(kind)}


async def _handle_id(store: SampleStore, kind: str, handle: str) -> int | None:
    return next((item["id"] for item in await store.all(kind) if item["handle"] == handle), None)


def mailbox(request: Request, store: SampleStore) -> SampleStore:
    """The caller's mails: the shared demo mails and their own (sent by them or delivered to them)."""
    return SampleStore(store.session, AREA, owner_id=request.state.principal.user_id, with_shared=True)


async def list_mails(request: Request, store: SampleStore, query: MailsQuery) -> list[dict[str, Any]]:
    """Label, then filter, then folder (inbox when nothing is asked); an unknown handle matches nothing."""
    mails = await mailbox(request, store).all("mails")
    if label_handle := query.label_handle:
        label_id = await _handle_id(store, "labels", label_handle)
        return [m for m in mails if label_id is not None and label_id in m.get("labels", [])]
    if filter_handle := query.filter_handle:
        # Only the defined filters (starred, important) name a flag; anything else matches nothing.
        if await _handle_id(store, "filters", filter_handle) is None:
            return []
        return [m for m in mails if m.get(filter_handle)]
    folder_id = await _handle_id(store, "folders", query.folder_handle or DEFAULT_FOLDER)
    return [m for m in mails if folder_id is not None and m.get("folder") == folder_id]


async def get_mail(request: Request, store: SampleStore, query: MailQuery) -> dict[str, Any]:
    if not query.mail_id:
        raise invalid("Send 'mailId' in the query.", {"mailId": "This field is required."})
    mail = await mailbox(request, store).get("mails", query.mail_id)
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
    Route(f"{PREFIX}/mails", endpoint(AREA, list_mails, answer=Mails, query=MailsQuery), methods=["GET"]),
    Route(f"{PREFIX}/mail", endpoint(AREA, get_mail, answer=Mail, query=MailQuery), methods=["GET"]),
    Route(f"{PREFIX}/update-mail", endpoint(AREA, update_mail, answer=Mail, body=Mail), methods=["POST"]),
    Route(f"{PREFIX}/set-folder", endpoint(AREA, set_folder, answer=NoBody, body=FolderMove), methods=["POST"]),
    Route(f"{PREFIX}/toggle-label", endpoint(AREA, toggle_label, answer=NoBody, body=LabelToggle), methods=["POST"]),
    Route(f"{PREFIX}/delete-mails", endpoint(AREA, delete_mails, answer=NoBody, body=Selection), methods=["POST"]),
    Route(f"{PREFIX}/send", endpoint(AREA, send, answer=Mail, body=Outgoing), methods=["POST"]),
    *(
        Route(f"{PREFIX}/{kind}", listing(AREA, kind, Handles), methods=["GET"])
        for kind in ("folders", "filters", "labels")
    ),
]
