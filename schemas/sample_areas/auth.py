"""The template's mock sign-in (/api/auth): its answers and the values it takes in the query string."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, RootModel

from schemas.query import QueryModel


class MockUserDetails(BaseModel):
    displayName: str
    photoURL: str | None = None
    email: str
    settings: dict[str, Any]
    shortcuts: list[str]


class MockUserAnswer(BaseModel):
    """The mock's user shape; the password never leaves the server."""

    model_config = ConfigDict(populate_by_name=True)

    uuid: str
    from_: str = Field(alias="from")
    role: str
    data: MockUserDetails


class SignedIn(BaseModel):
    user: MockUserAnswer
    access_token: str


class SignInErrors(BaseModel):
    email: str | None = None
    password: str | None = None


class SignInRefused(BaseModel):
    """Wrong credentials, answered as the mock did: 200 with the message per field."""

    error: SignInErrors


class RegistrationErrors(SignInErrors):
    displayName: str | None = None


class RegistrationRefused(BaseModel):
    error: RegistrationErrors


class MockSignIn(RootModel[SignedIn | SignInRefused]):
    """{user, access_token}, or {error: {email, password}}."""


class MockRegistration(RootModel[SignedIn | RegistrationRefused]):
    """{user, access_token}, or {error: {email, displayName, password}}."""


Short = Annotated[str, Field(max_length=1024)]


class MockCredentialsBody(BaseModel):
    """The mock's credentials in a JSON body: each value overrides the query string's."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    email: Annotated[str, Field(max_length=254)] | None = None
    password: Short | None = None
    access_token: Annotated[str, Field(max_length=4096)] | None = None


class MockCredentialsQuery(MockCredentialsBody, QueryModel):
    """Values the mock also took from the query string (a JSON body overrides them)."""

    model_config = ConfigDict(alias_generator=None, populate_by_name=True, extra="ignore", frozen=True)
