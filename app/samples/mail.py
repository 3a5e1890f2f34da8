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
from typing import Any

from sqlmodel import col, select
from starlette.requests import Request

from app.errors import invalid, not_found
from app.portal import limit
from app.samples import folders
from app.samples.common import Area, no_body
from app.samples.store import SampleStore
from schemas.meta import NoBody
from schemas.sample_areas.base import Handles, now_iso
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


def mailbox(request: Request, store: SampleStore) -> SampleStore:
    """The caller's mails: the shared demo mails and their own (sent by them or delivered to them)."""
    return SampleStore(store.session, AREA, owner_id=request.state.principal.user_id, with_shared=True)


async def list_mails(request: Request, store: SampleStore, query: MailsQuery) -> list[dict[str, Any]]:
    """Label, then filter, then folder (inbox when nothing is asked); an unknown handle matches nothing."""
    mails = await mailbox(request, store).all("mails")
    if label_handle := query.label_handle:
        label_id = await folders.handle_id(store, "labels", label_handle)
        return [m for m in mails if label_id is not None and label_id in m.get("labels", [])]
    if filter_handle := query.filter_handle:
        # Only the defined filters (starred, important) name a flag; anything else matches nothing.
        if await folders.handle_id(store, "filters", filter_handle) is None:
            return []
        return [m for m in mails if m.get(filter_handle)]
    folder_id = await folders.handle_id(store, "folders", query.folder_handle or DEFAULT_FOLDER)
    return [m for m in mails if folder_id is not None and m.get("folder") == folder_id]


async def get_mail(request: Request, store: SampleStore, query: MailQuery) -> dict[str, Any]:
    if not query.mail_id:
        raise invalid("Send 'mailId' in the query.", {"mailId": "This field is required."})
    mail = await mailbox(request, store).get("mails", query.mail_id)
    if mail is None:
        raise not_found("Mail not found.")
    return mail


async def update_mail(request: Request, store: SampleStore, mail: Mail) -> dict[str, Any]:
    mine = mailbox(request, store)
    if await mine.get("mails", mail.id) is None:
        raise not_found("Mail not found.")
    await folders.check_refs(store, folder=mail.folder, labels=mail.labels)
    return await mine.put("mails", mail.id, mail.model_dump(mode="json", by_alias=True))


async def set_folder(request: Request, store: SampleStore, body: FolderMove) -> Any:
    await folders.move(mailbox(request, store), store, "mails", body.selectedMailIds, body.folderId)
    return no_body()


async def toggle_label(request: Request, store: SampleStore, body: LabelToggle) -> Any:
    await folders.toggle_label(mailbox(request, store), store, "mails", body.selectedMailIds, body.labelId)
    return no_body()


async def delete_mails(request: Request, store: SampleStore, body: Selection) -> Any:
    await mailbox(request, store).remove("mails", body.selectedMailIds)
    return no_body()


def _as_html(text: str) -> str:
    """Plain text as the mails' HTML: escaped, a paragraph per blank-line block, line breaks kept."""
    blocks = [block.strip() for block in re.split(r"\n\s*\n", text.replace("\r\n", "\n")) if block.strip()]
    return "".join(f"<p>{html.escape(block).replace(chr(10), '<br>')}</p>" for block in blocks)


async def send(request: Request, store: SampleStore, body: Outgoing) -> dict[str, Any]:
    """Send a mail: {to, cc?, bcc?, subject, message (plain text)}; answers the sender's copy (in Sent).

    Recipients who are portal users (matched by email) find a copy in their inbox; other addresses
    are kept on the sender's copy only: nothing leaves the portal.
    """
    principal = request.state.principal
    await limit(request, "write", principal)
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
    now = now_iso()
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
        await _file(SampleStore(session, AREA, owner_id=user.id, with_shared=True), mail, INBOX)
    outbox = mailbox(request, store)
    if sender.email.lower() in users:  # mailing oneself: a copy in one's own inbox too
        await _file(outbox, mail, INBOX)
    return await _file(outbox, {**mail, "to": [person(a) for a in everyone]}, SENT)


async def _file(box: SampleStore, mail: dict[str, Any], folder: int) -> dict[str, Any]:
    """A copy of ``mail`` with its own id, first in ``folder`` of ``box`` (unread unless it is one's own)."""
    key = uuid.uuid4().hex[:24]
    return await box.put("mails", key, {**mail, "id": key, "read": folder == SENT, "folder": folder}, front=True)


area = Area(AREA, PREFIX)
routes = [
    area.get("/mails", list_mails, Mails, query=MailsQuery),
    area.get("/mail", get_mail, Mail, query=MailQuery),
    area.post("/update-mail", update_mail, Mail, body=Mail),
    area.post("/set-folder", set_folder, NoBody, body=FolderMove),
    area.post("/toggle-label", toggle_label, NoBody, body=LabelToggle),
    area.post("/delete-mails", delete_mails, NoBody, body=Selection),
    area.post("/send", send, Mail, body=Outgoing),
    *(area.listing(kind, Handles) for kind in ("folders", "filters", "labels")),
]
