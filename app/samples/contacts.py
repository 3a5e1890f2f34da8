"""Contacts sample area (``/api/contacts-app``): contacts and the app's user (starred, frequent, groups).

Rules from the spec: the list is chosen by ``id`` (``frequent``, ``starred``, anything else all);
adding, updating and removing contacts answer the contact list; the starring calls answer the user.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from starlette.requests import Request

from app.errors import invalid, not_found
from app.samples.common import Area
from app.samples.store import SampleStore
from schemas.sample_areas.contacts import (
    ContactBody,
    ContactRef,
    ContactRefs,
    Contacts,
    ContactsQuery,
    ContactsUser,
    NewContactBody,
)

AREA = "contacts"
PREFIX = "/api/contacts-app"


async def _user(store: SampleStore) -> dict[str, Any]:
    users = await store.all("user")
    if not users:
        raise not_found("The contacts app has no user; reload the sample data.")
    return users[0]


async def list_contacts(_request: Request, store: SampleStore, query: ContactsQuery) -> list[dict[str, Any]]:
    contacts = await store.all("contacts")
    which = query.id
    if which in ("frequent", "starred"):
        user = await _user(store)
        wanted = set(user.get("frequentContacts" if which == "frequent" else "starred", []))
        return [c for c in contacts if c["id"] in wanted]
    return contacts


async def get_user(_request: Request, store: SampleStore) -> dict[str, Any]:
    return await _user(store)


async def add_contact(request: Request, store: SampleStore, body: NewContactBody) -> list[dict[str, Any]]:
    contact_id = uuid.uuid4().hex[:24]
    await store.put("contacts", contact_id, {**body.newContact.model_dump(mode="json"), "id": contact_id})
    return await store.all("contacts")


async def update_contact(request: Request, store: SampleStore, body: ContactBody) -> list[dict[str, Any]]:
    contact = body.contact
    if await store.get("contacts", contact.id) is None:
        raise not_found("Contact not found.")
    await store.put("contacts", contact.id, contact.model_dump(mode="json"))
    return await store.all("contacts")


async def _forget(store: SampleStore, ids: Iterable[str]) -> None:
    """Take removed contacts out of the user's starred, frequent and group lists too."""
    gone = set(ids)
    user = await _user(store)
    cleaned = {
        **user,
        "starred": [i for i in user.get("starred", []) if i not in gone],
        "frequentContacts": [i for i in user.get("frequentContacts", []) if i not in gone],
        "groups": [
            {**group, "contactIds": [i for i in group.get("contactIds", []) if i not in gone]}
            for group in user.get("groups", [])
        ],
    }
    if cleaned != user:
        await store.put("user", user["id"], cleaned)


async def remove_contact(request: Request, store: SampleStore, body: ContactRef) -> list[dict[str, Any]]:
    contact_id = body.contactId
    if not await store.remove("contacts", [contact_id]):
        raise not_found("Contact not found.")
    await _forget(store, [contact_id])
    return await store.all("contacts")


async def remove_contacts(request: Request, store: SampleStore, body: ContactRefs) -> list[dict[str, Any]]:
    ids = body.contactIds
    await store.remove("contacts", ids)  # ids already gone (removed by someone else) are ignored
    await _forget(store, ids)
    return await store.all("contacts")


async def _known(store: SampleStore, ids: list[str]) -> list[str]:
    """The ids, refused with 422 when one names no contact (starring it would leave a dangling id)."""
    existing = {c["id"] for c in await store.all("contacts")}
    unknown = [i for i in ids if i not in existing]
    if unknown:
        raise invalid(f"Unknown contacts: {unknown}.", {"contactIds": "Use the ids of existing contacts."})
    return ids


async def _set_starred(store: SampleStore, starred: list[str]) -> dict[str, Any]:
    user = await _user(store)
    return await store.put("user", user["id"], {**user, "starred": list(dict.fromkeys(starred))})


def _xor(current: list[str], ids: list[str]) -> list[str]:
    """lodash ``xor``: keep what is in only one of the two lists (a toggle for each id)."""
    toggled = set(ids)
    return [i for i in current if i not in toggled] + [i for i in dict.fromkeys(ids) if i not in current]


async def toggle_starred_contact(request: Request, store: SampleStore, body: ContactRef) -> dict[str, Any]:
    ids = await _known(store, [body.contactId])
    return await _set_starred(store, _xor((await _user(store)).get("starred", []), ids))


async def toggle_starred_contacts(request: Request, store: SampleStore, body: ContactRefs) -> dict[str, Any]:
    ids = await _known(store, body.contactIds)
    return await _set_starred(store, _xor((await _user(store)).get("starred", []), ids))


async def set_contacts_starred(request: Request, store: SampleStore, body: ContactRefs) -> dict[str, Any]:
    ids = await _known(store, body.contactIds)
    return await _set_starred(store, [*(await _user(store)).get("starred", []), *ids])


async def set_contacts_unstarred(request: Request, store: SampleStore, body: ContactRefs) -> dict[str, Any]:
    ids = set(await _known(store, body.contactIds))
    return await _set_starred(store, [i for i in (await _user(store)).get("starred", []) if i not in ids])


area = Area(AREA, PREFIX)
routes = [
    area.get("/contacts", list_contacts, Contacts, query=ContactsQuery),
    area.get("/user", get_user, ContactsUser),
    area.post("/add-contact", add_contact, Contacts, body=NewContactBody),
    area.post("/update-contact", update_contact, Contacts, body=ContactBody),
    area.post("/remove-contact", remove_contact, Contacts, body=ContactRef),
    area.post("/remove-contacts", remove_contacts, Contacts, body=ContactRefs),
    area.post("/toggle-starred-contact", toggle_starred_contact, ContactsUser, body=ContactRef),
    area.post("/toggle-starred-contacts", toggle_starred_contacts, ContactsUser, body=ContactRefs),
    area.post("/set-contacts-starred", set_contacts_starred, ContactsUser, body=ContactRefs),
    area.post("/set-contacts-unstarred", set_contacts_unstarred, ContactsUser, body=ContactRefs),
]
