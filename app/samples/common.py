"""What every sample-area endpoint shares: who is asking, a session-bound store, the answer.

The spec's original answered these calls from a mock inside the browser; we answer them from the
API, so they are checked like every other call: a valid access token with a staff role.
"""

from __future__ import annotations

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
    """A sample entity as the spec shapes it: known fields checked, extra fields kept as sent."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)


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


def endpoint(area: str, handler: Handler, *, status: int = 200) -> Callable[[Request], Awaitable[Response]]:
    """Wrap a handler: authenticate, open a session and the area's store, commit, answer JSON."""

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
