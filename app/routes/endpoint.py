"""The one endpoint wrapper every route uses: who may call it, the session, the declared models.

A route declares its rule (``PUBLIC``, ``CREDENTIALS``, ``SIGNED_IN``, ``STAFF``, ``admin(...)`` or
``OWN_TOKEN``), whether it gets a session the wrapper opens and commits, and the pydantic models its
body and query are parsed with. The wrapper authenticates and applies the rule before the handler
runs; the OpenAPI builder (app/routes/openapi.py) reads the same declaration, so which calls are
public is written once, on the route. Handlers take one :class:`Call`.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict, TypeVar, Unpack

from pydantic import BaseModel
from sqlmodel.ext.asyncio.session import AsyncSession
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from app.auth.identity import Principal
from app.errors import ApiError, forbidden
from app.http import json_response, read_body
from app.portal import Portal, authenticate, limit, portal_of
from app.services.permissions import at_least, require_staff
from app.validation import parse
from schemas.options import Role

Model = TypeVar("Model", bound=BaseModel)
SessionKind = Literal["write", "read"] | None
Answer = type[BaseModel] | Mapping[str, type[BaseModel]] | None
# A query model for every method of the route, or one per method (GET lists, POST creates).
Query = type[BaseModel] | Mapping[str, type[BaseModel]] | None


@dataclass(frozen=True)
class Rule:
    """Who may call a route. ``public``: answered without a Bearer token. ``credentials``: public, but
    the call judges a token or credentials of its own (401 when they are wrong). ``authenticate``: the
    wrapper checks the Bearer access token (401) before the handler. ``staff``: the token's user has a
    role (403 otherwise). ``role``: at least this role (403 with ``refusal`` otherwise)."""

    name: str
    public: bool = False
    credentials: bool = False
    authenticate: bool = True
    staff: bool = False
    role: Role | None = None
    refusal: str = ""


PUBLIC = Rule("public", public=True, authenticate=False)
CREDENTIALS = Rule("credentials", public=True, credentials=True, authenticate=False)
SIGNED_IN = Rule("signed-in")
STAFF = Rule("staff", staff=True)
# A Bearer token the handler judges itself (the template's mock token, or a portal access token).
OWN_TOKEN = Rule("own-token", authenticate=False)


def at_least_role(role: Role, refusal: str) -> Rule:
    """At least ``role`` (admin ⊃ manager ⊃ technician ⊃ contractor); ``refusal`` is the 403's message."""
    return Rule(f"role:{role.value}", staff=True, role=role, refusal=refusal)


def check(rule: Rule, principal: Principal) -> Principal:
    """Apply a rule's role part to a signed-in principal: 403 when it does not hold."""
    if rule.staff and rule.role is None:
        return require_staff(principal)
    if rule.role is not None:
        if not at_least(principal, rule.role):
            raise forbidden(f"Your role ({principal.role or 'none'}) cannot {rule.refusal}.")
        if principal.role != rule.role and rule.role == Role.ADMIN:
            raise ApiError(403, f"Only admins can {rule.refusal}.")
    return principal


@dataclass
class Call:
    """One call as a handler sees it: the request, the portal, who is asking, the session (when the
    route asked for one) and the body and query parsed with the route's declared models."""

    request: Request
    portal: Portal
    caller: Principal | None
    session_or_none: AsyncSession | None
    body_model: type[BaseModel] | None = None
    query_model: Query = None
    _body: Any = field(default=None, repr=False)

    @property
    def principal(self) -> Principal:
        assert self.caller is not None, "a public route has no principal"
        return self.caller

    @property
    def session(self) -> AsyncSession:
        assert self.session_or_none is not None, "the route declared no session"
        return self.session_or_none

    @property
    def path_params(self) -> dict[str, Any]:
        return self.request.path_params

    async def body(self, model: type[Model]) -> Model:
        """The JSON body parsed with the route's declared model (422 with a message when malformed)."""
        assert model is self.body_model, f"declare body={model.__name__} on the route"
        if self._body is None:
            self._body = parse(model, await read_body(self.request))
        parsed: Model = self._body
        return parsed

    def query(self, model: type[Model]) -> Model:
        """The query string parsed with the route's declared model."""
        declared = _for(self.query_model, self.request.method)
        assert model is declared, f"declare query={model.__name__} on the route"
        return parse(model, dict(self.request.query_params))

    async def limit(self, rule: str, *, per_user: bool = True) -> None:
        """Count this call under a rate limit rule (app/ratelimit.py); 429 when over it. ``per_user``:
        counted for the caller too (otherwise by client address only, as the sign-in rules are)."""
        await limit(self.request, rule, self.caller if per_user else None)


CallHandler = Callable[[Call], Awaitable[Any]]


@dataclass(frozen=True)
class Declared:
    """What a route declares, read by the wrapper and by the OpenAPI builder."""

    rule: Rule
    session: SessionKind = None
    body: type[BaseModel] | None = None
    query: Query = None
    status: int = 200
    answer: Answer = None  # the success answer's model (or one per method), for /openapi.json
    lookup: bool = False  # finds its item by an id in the body or query: 404 when there is none
    # Answers other than success that are not refusals, by status, with their own model (a probe's 503).
    answers: Mapping[int, type[BaseModel]] = field(default_factory=dict)
    tag: str | None = None  # the OpenAPI tag, when not the path's first part (the operators' "meta" calls)

    def answer_for(self, method: str) -> type[BaseModel] | None:
        return _for(self.answer, method)

    def query_for(self, method: str) -> type[BaseModel] | None:
        return _for(self.query, method)


def _for(declared: Answer, method: str) -> type[BaseModel] | None:
    """The model declared for ``method`` (one for every method, or one per method)."""
    if isinstance(declared, Mapping):
        return declared.get("GET" if method == "HEAD" else method)
    return declared


class Declaration(TypedDict, total=False):
    """What a route may declare besides its rule (the fields of :class:`Declared`)."""

    session: SessionKind
    body: type[BaseModel] | None
    query: Query
    status: int
    answer: Answer
    lookup: bool
    answers: Mapping[int, type[BaseModel]]
    tag: str | None


def endpoint(
    handler: CallHandler, *, rule: Rule, **declaration: Unpack[Declaration]
) -> Callable[[Request], Awaitable[Response]]:
    """Wrap a handler: authenticate and apply ``rule``, open the session (``write``: committed after
    the answer is built, so an answer that cannot be written leaves nothing stored; ``read``: a
    reader), then answer JSON (or the handler's own Response)."""
    declared = Declared(rule=rule, **declaration)
    session, body, query, status = declared.session, declared.body, declared.query, declared.status

    @functools.wraps(handler)
    async def run(request: Request) -> Response:
        principal: Principal | None = None
        if rule.authenticate:
            principal = check(rule, await authenticate(request))
            request.state.principal = principal
        portal = portal_of(request)
        async with AsyncExitStack() as stack:
            opened: AsyncSession | None = None
            if session == "write":
                opened = await stack.enter_async_context(portal.db.session())
            elif session == "read":
                opened = await stack.enter_async_context(portal.db.reader())
            call = Call(request, portal, principal, opened, body_model=body, query_model=query)
            result = await handler(call)
            response = result if isinstance(result, Response) else json_response(result, status)
            if opened is not None and session == "write":
                await opened.commit()
        return response

    run.declared = declared  # type: ignore[attr-defined]
    return run


def route(
    path: str, handler: CallHandler, methods: Sequence[str], *, rule: Rule, **declaration: Unpack[Declaration]
) -> Route:
    """A Starlette route whose endpoint is ``handler`` behind :func:`endpoint`."""
    wrapped = endpoint(handler, rule=rule, **declaration)
    return Route(path, wrapped, methods=list(methods))


def declared_of(route: BaseRoute) -> Declared | None:
    """The declaration a route was made with (None for a route made without the wrapper)."""
    endpoint_ = getattr(route, "endpoint", None)
    found: Declared | None = getattr(endpoint_, "declared", None)
    return found


def staff(path: str, handler: CallHandler, methods: Sequence[str], **declaration: Unpack[Declaration]) -> Route:
    """A staff call with a session committed after the answer (most product calls): :func:`route`
    with ``rule=STAFF`` and ``session="write"`` unless the declaration says otherwise."""
    declaration.setdefault("session", "write")
    return route(path, handler, methods, rule=STAFF, **declaration)
