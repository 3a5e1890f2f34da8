"""Calendar sample area (/api/calendar-app): events with a title, start, end and all-day flag."""

from __future__ import annotations

from pydantic import Field, RootModel, model_validator

from schemas.sample_areas.base import Id, IsoDate, SampleModel, moment


class NewEvent(SampleModel):
    title: str = Field(min_length=1)
    allDay: bool = False
    start: IsoDate
    end: IsoDate
    desc: str | None = None

    @model_validator(mode="after")
    def _ends_after_start(self) -> NewEvent:
        if moment(self.end) < moment(self.start):
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
