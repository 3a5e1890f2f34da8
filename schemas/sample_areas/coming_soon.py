"""Coming-soon sample page (/api/coming-soon): the subscribe form."""

from __future__ import annotations

import re

from pydantic import BaseModel, Field, field_validator

from schemas.sample_areas.base import SampleModel

ADDRESS = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")


class Subscription(SampleModel):
    email: str = Field(min_length=3, max_length=254)

    @field_validator("email")
    @classmethod
    def _an_address(cls, value: str) -> str:
        value = value.strip().lower()
        if not ADDRESS.fullmatch(value):
            raise ValueError("Enter a valid email address, like name@example.com.")
        return value


class Subscribed(BaseModel):
    """A subscription: the address, when it subscribed, and whether it had already."""

    email: str
    subscribedAt: str
    already: bool
