"""Contacts sample area (/api/contacts-app): contacts and the app user (starred, frequent, groups)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, RootModel

from schemas.query import QueryModel
from schemas.sample_areas.base import PICTURE, Id, Keyed, SampleModel, Stored


class NewContact(SampleModel):
    name: str = Field(min_length=1)
    lastName: str = ""
    avatar: Annotated[str, Field(max_length=PICTURE)] = ""
    nickname: str = ""
    company: str = ""
    jobTitle: str = ""
    email: str = ""
    phone: str = ""
    address: str = ""
    birthday: str | None = None
    notes: str = ""


class Contact(NewContact):
    id: Id


class NewContactBody(SampleModel):
    newContact: NewContact


class ContactBody(SampleModel):
    contact: Contact


class ContactRef(SampleModel):
    contactId: Id


class ContactRefs(SampleModel):
    contactIds: list[Id]


class Contacts(RootModel[list[Contact]]):
    """The contacts of the chosen list."""


class ContactGroup(Stored):
    contactIds: list[str] = Field(default_factory=list)


class ContactsUser(Keyed):
    """The contacts app's user: starred and frequent contacts, groups."""

    starred: list[str] = Field(default_factory=list)
    frequentContacts: list[str] = Field(default_factory=list)
    groups: list[ContactGroup] = Field(default_factory=list)


class ContactsQuery(QueryModel):
    id: Annotated[str, Field(max_length=40, description="frequent, starred, or anything else: all")] = ""
