"""Mail sample area: every call of /api/mail-app and the spec's rules (precedence, bulk calls, toggles)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from app.samples.loader import read_area
from app.samples.store import SampleStore
from tests.samples.calls import AreaCalls
from tests.support import Account

pytestmark = pytest.mark.db

calls = AreaCalls("mail", "/api/mail-app", who="technician", kind="mails")
AREA, API = calls.area, calls.api
get = calls.get
all_mails = calls.stored  # every mail as stored (the API lists only one folder, label or filter at a time)


async def test_catalogues_have_the_spec_ids(client: httpx.AsyncClient, who: dict[str, str]) -> None:
    folders = await get(client, who, "folders")
    assert [(f["id"], f["handle"]) for f in folders] == [
        (0, "inbox"),
        (1, "sent"),
        (2, "drafts"),
        (3, "spam"),
        (4, "trash"),
    ]
    assert all({"title", "translate", "icon"} <= set(f) for f in folders)
    filters = await get(client, who, "filters")
    assert [(f["id"], f["handle"]) for f in filters] == [(0, "starred"), (1, "important")]
    labels = await get(client, who, "labels")
    assert [label["handle"] for label in labels] == ["note", "paypal", "invoice", "amazon"]
    assert all(label["color"].startswith("#") and label["title"] for label in labels)


async def test_sample_data_is_alive() -> None:
    data = read_area(AREA)
    mails = data["mails"]
    assert len(mails) >= 40
    assert {m["folder"] for m in mails} == {0, 1, 2, 3, 4}
    assert {label for m in mails for label in m["labels"]} == {0, 1, 2, 3}
    assert any(m["starred"] for m in mails) and any(m["important"] for m in mails)
    assert all(m["hasAttachments"] == bool(m["attachments"]) for m in mails)
    fields = {"id", "from", "to", "subject", "message", "time", "read", "starred", "important", "hasAttachments"}
    assert all(fields | {"attachments", "labels", "folder"} <= set(m) for m in mails)


async def test_inbox_is_the_default_folder(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    stored = await all_mails(app)
    default = await get(client, who, "mails")
    assert default == [m for m in stored if m["folder"] == 0] and default
    assert await get(client, who, "mails", folderHandle="inbox") == default
    for handle, folder_id in [("sent", 1), ("drafts", 2), ("spam", 3), ("trash", 4)]:
        listed = await get(client, who, "mails", folderHandle=handle)
        assert listed == [m for m in stored if m["folder"] == folder_id] and listed


async def test_filters_and_labels_select_mails(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    stored = await all_mails(app)
    for flag in ("starred", "important"):
        assert await get(client, who, "mails", filterHandle=flag) == [m for m in stored if m[flag]]
    for handle, label_id in [("note", 0), ("paypal", 1), ("invoice", 2), ("amazon", 3)]:
        listed = await get(client, who, "mails", labelHandle=handle)
        assert listed == [m for m in stored if label_id in m["labels"]] and listed
    assert await get(client, who, "mails", labelHandle="nope") == []
    assert await get(client, who, "mails", filterHandle="read") == []  # only defined filters name a flag
    assert await get(client, who, "mails", folderHandle="nope") == []


async def test_label_beats_filter_beats_folder(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    stored = await all_mails(app)
    by_label = [m for m in stored if 2 in m["labels"]]
    by_filter = [m for m in stored if m["starred"]]
    trash = [m for m in stored if m["folder"] == 4]
    assert by_label != by_filter != trash
    both = await get(client, who, "mails", labelHandle="invoice", filterHandle="starred", folderHandle="trash")
    assert both == by_label
    assert await get(client, who, "mails", filterHandle="starred", folderHandle="trash") == by_filter
    # An empty handle counts as not given.
    assert await get(client, who, "mails", labelHandle="", filterHandle="", folderHandle="trash") == trash


async def test_get_one_mail(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    mail = (await all_mails(app))[5]
    assert await get(client, who, "mail", mailId=mail["id"]) == mail
    missing = await client.get(f"{API}/mail", headers=who, params={"mailId": "nope"})
    assert missing.status_code == 404 and missing.json()["message"] == "Mail not found."
    unnamed = await client.get(f"{API}/mail", headers=who)
    assert unnamed.status_code == 422 and "mailId" in unnamed.json()["message"]


async def test_update_mail_replaces_by_id(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    before = await all_mails(app)
    mail = before[3]
    changed = {**mail, "read": not mail["read"], "starred": True, "important": True, "labels": [0, 3]}
    response = await client.post(f"{API}/update-mail", headers=who, json={**changed, "extra": 1})
    assert response.status_code == 200 and response.json() == changed  # the unknown field is dropped
    after = await all_mails(app)
    assert after[3] == changed  # replaced in place, order kept
    assert after[:3] + after[4:] == before[:3] + before[4:]
    assert changed in await get(client, who, "mails", filterHandle="starred")


@pytest.mark.parametrize(
    "change",
    [
        {"read": "yes"},
        {"folder": "1"},
        {"labels": ["note"]},
        {"to": "me"},
        {"from": {"name": "x"}},
        {"id": ""},
        {"folder": 9},
        {"labels": [7]},
    ],
)
async def test_update_mail_refuses_a_malformed_mail(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str], change: dict[str, Any]
) -> None:
    before = await all_mails(app)
    response = await client.post(f"{API}/update-mail", headers=who, json={**before[0], **change})
    assert response.status_code == 422 and response.json()["message"]
    assert await all_mails(app) == before


async def test_update_mail_needs_every_field_and_a_known_id(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    before = await all_mails(app)
    partial = {k: v for k, v in before[0].items() if k != "subject"}
    assert (await client.post(f"{API}/update-mail", headers=who, json=partial)).status_code == 422
    assert (await client.post(f"{API}/update-mail", headers=who, content=b"not json")).status_code == 422
    unknown = await client.post(f"{API}/update-mail", headers=who, json={**before[0], "id": "nope"})
    assert unknown.status_code == 404 and unknown.json()["message"] == "Mail not found."
    assert await all_mails(app) == before


async def test_set_folder_moves_in_bulk_without_a_body(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    inbox = await get(client, who, "mails")
    moved = [m["id"] for m in inbox[:3]]
    response = await client.post(
        f"{API}/set-folder", headers=who, json={"selectedMailIds": [*moved, "gone"], "folderId": 3}
    )
    assert response.status_code == 200 and response.content == b""
    spam_ids = {m["id"] for m in await get(client, who, "mails", folderHandle="spam")}
    assert set(moved) <= spam_ids
    assert [m["id"] for m in await get(client, who, "mails")] == [m["id"] for m in inbox[3:]]


async def test_toggle_label_adds_where_absent_and_removes_where_present(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    selection = await calls.toggles_label(app, client, who, "selectedMailIds", 1)
    with_label, without = selection["selectedMailIds"]
    # Toggling again restores both.
    await client.post(f"{API}/toggle-label", headers=who, json=selection)
    again = {m["id"]: m for m in await all_mails(app)}
    assert 1 in again[with_label]["labels"] and 1 not in again[without]["labels"]


async def test_delete_mails_removes_them(app: Starlette, client: httpx.AsyncClient, who: dict[str, str]) -> None:
    stored = await all_mails(app)
    gone = [stored[0]["id"], stored[-1]["id"]]
    response = await client.post(f"{API}/delete-mails", headers=who, json={"selectedMailIds": gone})
    assert response.status_code == 200 and response.content == b""
    assert await all_mails(app) == stored[1:-1]
    missing = await client.get(f"{API}/mail", headers=who, params={"mailId": gone[0]})
    assert missing.status_code == 404


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("set-folder", {"selectedMailIds": "abc", "folderId": 1}),
        ("set-folder", {"selectedMailIds": [], "folderId": "1"}),
        ("set-folder", {"folderId": 1}),
        ("set-folder", {"selectedMailIds": ["x"], "folderId": 17}),
        ("toggle-label", {"selectedMailIds": ["x"]}),
        ("toggle-label", {"selectedMailIds": ["x"], "labelId": 9}),
        ("toggle-label", {"selectedMailIds": [1], "labelId": 1}),
        ("delete-mails", {"selectedMailIds": None}),
        ("delete-mails", {}),
        ("delete-mails", []),
    ],
)
async def test_bulk_calls_refuse_malformed_bodies(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str], path: str, body: Any
) -> None:
    before = await all_mails(app)
    if path != "delete-mails" and isinstance(body.get("selectedMailIds"), list) and body["selectedMailIds"] == ["x"]:
        body["selectedMailIds"] = [before[0]["id"]]
    response = await client.post(f"{API}/{path}", headers=who, json=body)
    assert response.status_code == 422 and response.json()["message"]
    assert await all_mails(app) == before


async def test_changes_are_shared_through_the_database(
    app: Starlette, client: httpx.AsyncClient, who: dict[str, str]
) -> None:
    """What one call writes is what a fresh session (any other API process) reads."""
    mail = (await all_mails(app))[0]
    await client.post(f"{API}/set-folder", headers=who, json={"selectedMailIds": [mail["id"]], "folderId": 2})
    async with app.state.portal.db.session() as session:
        assert (await SampleStore(session, AREA).get("mails", mail["id"]) or {})["folder"] == 2


test_every_call_needs_a_staff_token = calls.staff_only()


# --- Send: the sender's Sent folder, the recipients' inboxes (portal users only) -----------------


def email_of(account: Account) -> str:
    return f"{account.username}@example.test"


async def send(client: httpx.AsyncClient, headers: dict[str, str], **body: Any) -> httpx.Response:
    return await client.post(f"{API}/send", headers=headers, json=body)


async def test_send_files_in_sent_and_delivers_to_portal_users(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    sender, receiver, other = staff["technician"], staff["manager"], staff["contractor"]
    response = await send(
        client,
        sender.headers,
        to=[email_of(receiver).upper(), "someone@outside.example"],
        bcc=[email_of(staff["admin"])],
        subject="  Site visit  ",
        message="Hello <b>team</b>,\n\nSee you at 9.",
    )
    assert response.status_code == 200, response.text
    sent = response.json()
    assert sent["folder"] == 1 and sent["read"] is True and sent["subject"] == "Site visit"
    assert sent["message"] == "<p>Hello &lt;b&gt;team&lt;/b&gt;,</p><p>See you at 9.</p>"
    assert sent["from"]["email"] == email_of(sender)
    assert [t["email"] for t in sent["to"]] == [email_of(receiver), "someone@outside.example", email_of(staff["admin"])]
    assert sent["to"][0]["name"] == receiver.username.title()
    # The sender finds it in Sent, first; the recipient in the inbox, unread; the bcc too, without the bcc line.
    assert (await get(client, sender.headers, "mails", folderHandle="sent"))[0]["id"] == sent["id"]
    delivered = (await get(client, receiver.headers, "mails", folderHandle="inbox"))[0]
    assert delivered["subject"] == "Site visit" and delivered["read"] is False and delivered["id"] != sent["id"]
    assert [t["email"] for t in delivered["to"]] == [email_of(receiver), "someone@outside.example"]
    bcc_copy = (await get(client, staff["admin"].headers, "mails", folderHandle="inbox"))[0]
    assert bcc_copy["subject"] == "Site visit"
    # Nobody else sees any copy; the shared demo mails stay visible to everyone.
    for account in (other, staff["technician2"]):
        for folder in ("inbox", "sent"):
            mails = await get(client, account.headers, "mails", folderHandle=folder)
            assert all(m["subject"] != "Site visit" for m in mails)
    assert len(await get(client, other.headers, "mails", folderHandle="sent")) == len(
        [m for m in read_area(AREA)["mails"] if m["folder"] == 1]
    )


async def test_a_user_cannot_read_or_change_another_users_mail(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    sender, receiver, stranger = staff["technician"], staff["manager"], staff["contractor"]
    sent = (await send(client, sender.headers, to=[email_of(receiver)], subject="Private", message="Just us")).json()
    delivered = (await get(client, receiver.headers, "mails", folderHandle="inbox"))[0]
    for mail in (sent, delivered):
        response = await client.get(f"{API}/mail", headers=stranger.headers, params={"mailId": mail["id"]})
        assert response.status_code == 404
        response = await client.post(f"{API}/update-mail", headers=stranger.headers, json={**mail, "starred": True})
        assert response.status_code == 404
        for call, extra in (("set-folder", {"folderId": 4}), ("toggle-label", {"labelId": 1}), ("delete-mails", {})):
            body = {"selectedMailIds": [mail["id"]], **extra}
            assert (await client.post(f"{API}/{call}", headers=stranger.headers, json=body)).status_code == 200
    # Untouched: the sender still has it in Sent, the receiver in the inbox, unstarred.
    assert (await get(client, sender.headers, "mail", mailId=sent["id"]))["folder"] == 1
    kept = await get(client, receiver.headers, "mail", mailId=delivered["id"])
    assert kept["folder"] == 0 and kept["labels"] == [] and kept["starred"] is False
    # The owner can: mark it read, move it to trash, delete it.
    marked = await client.post(f"{API}/update-mail", headers=receiver.headers, json={**kept, "read": True})
    assert marked.json()["read"] is True
    moved = {"selectedMailIds": [kept["id"]], "folderId": 4}
    assert (await client.post(f"{API}/set-folder", headers=receiver.headers, json=moved)).status_code == 200
    assert (await get(client, receiver.headers, "mails", folderHandle="trash"))[0]["id"] == kept["id"]
    gone = {"selectedMailIds": [kept["id"]]}
    assert (await client.post(f"{API}/delete-mails", headers=receiver.headers, json=gone)).status_code == 200
    missing = await client.get(f"{API}/mail", headers=receiver.headers, params={"mailId": kept["id"]})
    assert missing.status_code == 404


async def test_the_sender_is_the_caller_whatever_the_body_says(
    client: httpx.AsyncClient, staff: dict[str, Account]
) -> None:
    response = await send(
        client,
        staff["contractor"].headers,
        to=[email_of(staff["manager"])],
        subject="Hi",
        message="Me",
        **{"from": {"name": "Avery Admin", "email": email_of(staff["admin"]), "avatar": ""}},
    )
    assert response.status_code == 200
    assert response.json()["from"]["email"] == email_of(staff["contractor"])


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"subject": "s", "message": "m"}, "to"),
        ({"to": [], "subject": "s", "message": "m"}, "to"),
        ({"to": ["not-an-address"], "subject": "s", "message": "m"}, "to"),
        ({"to": ["a@b.example"], "cc": ["x@"], "subject": "s", "message": "m"}, "cc"),
        ({"to": ["a@b.example"], "subject": "   ", "message": "m"}, "subject"),
        ({"to": ["a@b.example"], "subject": "s" * 201, "message": "m"}, "subject"),
        ({"to": ["a@b.example"], "subject": "s", "message": ""}, "message"),
        ({"to": ["a@b.example"], "subject": "s", "message": "m" * 10_001}, "message"),
        ({"to": "a@b.example", "subject": "s", "message": "m"}, "to"),
        ({"to": [f"p{n}@b.example" for n in range(51)], "subject": "s", "message": "m"}, "to"),
    ],
)
async def test_send_validates_what_it_is_given(
    client: httpx.AsyncClient, who: dict[str, str], body: dict[str, Any], field: str
) -> None:
    response = await client.post(f"{API}/send", headers=who, json=body)
    assert response.status_code == 422, response.text
    assert field in (response.json().get("errors") or {}), response.json()


async def test_send_needs_a_staff_token(client: httpx.AsyncClient, staff: dict[str, Account]) -> None:
    body = {"to": ["a@b.example"], "subject": "s", "message": "m"}
    assert (await client.post(f"{API}/send", json=body)).status_code == 401
    assert (await client.post(f"{API}/send", headers=staff["norole"].headers, json=body)).status_code == 403
