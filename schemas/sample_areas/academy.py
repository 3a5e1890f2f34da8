"""Academy sample area (/api/academy-app): courses made of HTML steps, and their categories."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, RootModel

from schemas.query import QueryModel
from schemas.sample_areas.base import LONG_TEXT, Id, Keyed, SampleModel

Count = Annotated[int, Field(ge=0)]


class Step(SampleModel):
    id: Id
    title: str
    content: Annotated[str, Field(max_length=LONG_TEXT)]  # HTML


class Course(SampleModel):
    id: Id
    title: Annotated[str, Field(min_length=1)]
    slug: str = ""
    description: str = ""
    category: Id
    length: Count = 0
    totalSteps: Count = 0
    activeStep: Count = 0
    updated: str = ""
    steps: list[Step] = Field(default_factory=list)


class CourseChanges(Course):
    """The body of ``course/update``: the id and any course fields, each checked when present."""

    title: Annotated[str, Field(min_length=1)] = "-"
    category: Id = "-"


# --- answers ---------------------------------------------------------------------------------------


class AcademyCategory(Keyed):
    value: str
    label: str = ""
    color: str = ""


class AcademyCategories(RootModel[list[AcademyCategory]]):
    """The course categories."""


class Courses(RootModel[list[Course]]):
    """The courses, without their steps."""


class CourseQuery(QueryModel):
    course_id: str = ""
