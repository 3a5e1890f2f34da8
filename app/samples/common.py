"""What every sample-area endpoint shares: who is asking, a session-bound store, the answer.

The spec's original answered these calls from a mock inside the browser; we answer them from the
API, so they are checked like every other call: a valid access token with a staff role.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.routes.endpoint import STAFF, Answer, Call
from app.routes.endpoint import endpoint as wrap
from app.samples.store import SampleStore
from schemas.sample_areas.base import LONG_TEXT, MAX_TEXT, PICTURE, SampleModel

Model = TypeVar("Model", bound=BaseModel)
__all__ = ["LONG_TEXT", "MAX_TEXT", "PICTURE", "Area", "SampleModel", "no_body"]


def no_body() -> Response:
    """The spec's '200 with no body' answers (bulk mail and to-do calls)."""
    return Response(status_code=200)


# (request, store), then the parsed body and the parsed query when the route declares them.
SampleHandler = Callable[..., Awaitable[Any]]


@dataclass(frozen=True)
class Area:
    """One sample area's routes: the area its store holds and its API prefix."""

    name: str
    prefix: str = ""

    def route(
        self,
        method: str,
        path: str,
        handler: SampleHandler,
        answer: Answer,
        *,
        body: type[BaseModel] | None = None,
        query: type[BaseModel] | None = None,
        status: int = 200,
    ) -> Route:
        """``handler`` behind the one endpoint wrapper (app/routes/endpoint.py): staff only, a session
        committed after the answer is built, and the area's store on that session. ``answer`` (and
        ``body``, ``query``) are the models /openapi.json describes the call with and the wrapper
        validates with: the handler gets the parsed body, then the parsed query, after its store."""
        area = self.name

        @functools.wraps(handler)
        async def run(call: Call) -> Any:
            parsed = [
                *([await call.body(body)] if body is not None else []),
                *([call.query(query)] if query is not None else []),
            ]
            return await handler(call.request, SampleStore(call.session, area), *parsed)

        # A sample call with a body or query names its item there: 404 when it is gone (the spec's ids).
        lookup = body is not None or query is not None
        wrapped = wrap(
            run, rule=STAFF, session="write", status=status, answer=answer, body=body, query=query, lookup=lookup
        )
        return Route(self.prefix + path, wrapped, methods=[method])

    def get(self, path: str, handler: SampleHandler, answer: Answer, **declared: Any) -> Route:
        return self.route("GET", path, handler, answer, **declared)

    def post(self, path: str, handler: SampleHandler, answer: Answer, **declared: Any) -> Route:
        return self.route("POST", path, handler, answer, **declared)

    def listing(self, kind: str, answer: type[BaseModel]) -> Route:
        """``GET <prefix>/<kind>``: every item of one kind, in order (folders, labels, filters...)."""

        async def every(_request: Request, store: SampleStore) -> list[dict[str, Any]]:
            return await store.all(kind)

        every.__doc__ = f"Every {kind} of the {self.name} sample area."
        return self.get(f"/{kind}", every, answer)
