"""What every sample-area endpoint shares: who is asking, a session-bound store, the answer.

The spec's original answered these calls from a mock inside the browser; we answer them from the
API, so they are checked like every other call: a valid access token with a staff role.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer
from starlette.requests import Request
from starlette.responses import Response

from app.http import read_body
from app.routes.endpoint import STAFF, Call
from app.routes.endpoint import endpoint as wrap
from app.samples.store import SampleStore
from app.validation import parse

Model = TypeVar("Model", bound=BaseModel)
Handler = Callable[[Request, SampleStore], Awaitable[Any]]


# Text fields are at most this long unless a field says otherwise (long text, pictures as data URLs).
MAX_TEXT = 10_000
LONG_TEXT = 50_000
PICTURE = 600_000  # a picture the UI scaled down and sent as a JPEG data URL (about 450 KB)


class SampleModel(BaseModel):
    """A sample entity as the spec shapes it: known fields checked strictly, unknown fields dropped.

    Strict: "true" is not a boolean and "1" is not an id, so a malformed body is a 422 instead of
    being coerced into something the page did not mean. Unknown fields are dropped, not stored:
    what is stored is sent to every staff member, so only the fields the pages use (every field of
    ui/src/features/<area>/api.ts) are kept, each with a length limit.
    Fields named in ``omit_when_none`` are left out of the stored document when they are None, as
    the pages send them (optional there, never null).
    """

    model_config = ConfigDict(extra="ignore", populate_by_name=True, strict=True, str_max_length=MAX_TEXT)
    omit_when_none: ClassVar[frozenset[str]] = frozenset()

    @model_serializer(mode="wrap")
    def _without_absent(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if self.omit_when_none and isinstance(data, dict):
            return {k: v for k, v in data.items() if not (k in self.omit_when_none and v is None)}
        return data


def no_body() -> Response:
    """The spec's '200 with no body' answers (bulk mail and to-do calls)."""
    return Response(status_code=200)


async def read(request: Request, model: type[Model], field: str | None = None) -> Model:
    """Parse the JSON body (or one field of it) with ``model``; 422 with a message when malformed."""
    data = await read_body(request)
    if field is not None:
        if not isinstance(data, dict) or field not in data:
            from app.errors import invalid

            raise invalid(f"Send '{field}' in the body.", {field: "This field is required."})
        data = data[field]
    return parse(model, data)


def listing(area: str, kind: str) -> Callable[[Request], Awaitable[Response]]:
    """An endpoint answering every item of one kind, in order (folders, labels, filters...)."""

    async def handler(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
        return await store.all(kind)

    handler.__doc__ = f"Every {kind} of the {area} sample area."
    return endpoint(area, handler)


def endpoint(area: str, handler: Handler, *, status: int = 200) -> Callable[[Request], Awaitable[Response]]:
    """Wrap a sample-area handler in the one endpoint wrapper (app/routes/endpoint.py): staff only,
    a session committed after the answer is built, and the area's store on that session."""

    @functools.wraps(handler)
    async def run(call: Call) -> Any:
        return await handler(call.request, SampleStore(call.session, area))

    return wrap(run, rule=STAFF, session="write", status=status)
