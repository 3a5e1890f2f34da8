"""What every sample-area endpoint shares: who is asking, a session-bound store, the answer.

The spec's original answered these calls from a mock inside the browser; we answer them from the
API, so they are checked like every other call: a valid access token with a staff role.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict
from starlette.requests import Request
from starlette.responses import Response

from app.auth.service import Principal
from app.http import json_response, parse, read_body
from app.portal import authenticate, portal_of
from app.samples.store import SampleStore
from app.services.permissions import require_staff

Model = TypeVar("Model", bound=BaseModel)
Handler = Callable[[Request, SampleStore], Awaitable[Any]]


class SampleModel(BaseModel):
    """A sample entity as the spec shapes it: known fields checked strictly, extra fields kept as sent.

    Strict: "true" is not a boolean and "1" is not an id, so a malformed body is a 422 instead of
    being coerced into something the page did not mean.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True, strict=True)


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
    """Wrap a handler: authenticate, open a session and the area's store, commit, answer JSON."""

    @functools.wraps(handler)
    async def run(request: Request) -> Response:
        principal: Principal = require_staff(await authenticate(request))
        request.state.principal = principal
        async with portal_of(request).db.session() as session:
            store = SampleStore(session, area)
            result = await handler(request, store)
            await session.commit()
        if isinstance(result, Response):
            return result
        return json_response(result, status)

    return run
