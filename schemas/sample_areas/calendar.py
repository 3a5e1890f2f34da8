"""Calendar sample area (/api/calendar-app): events with a title, start, end and all-day flag."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from pydantic import AfterValidator, Field, RootModel, model_validator

from schemas.sample_areas.base import SampleModel


def _moment(value: str) -> datetime:
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _iso(value: str) -> str:
    try:
        _moment(value)
    except ValueError as exc:
        raise ValueError("Use an ISO 8601 date, like 2026-11-22T09:00:00Z.") from exc
    return value


Id = Annotated[str, Field(min_length=1)]
IsoDate = Annotated[str, AfterValidator(_iso)]


class NewEvent(SampleModel):
    title: str = Field(min_length=1)
    allDay: bool = False
    start: IsoDate
    end: IsoDate
    desc: str | None = None

    @model_validator(mode="after")
    def _ends_after_start(self) -> NewEvent:
        if _moment(self.end) < _moment(self.start):
            raise ValueError("The end must not be before the start.")
        return self


class Event(NewEvent):
    id: Id


class NewEventBody(SampleModel):
    newEvent: NewEvent


class EventBody(SampleModel):
    event: Event


class EventRef(SampleModel):
    eventId: Id


class Events(RootModel[list[Event]]):
    """Every calendar event."""
