"""``GET /openapi.json``: the OpenAPI 3.1 description of every call, product and sample areas.

The document is built from the app's routing table on the first request and then kept for the
life of the process, so a new route is described without anyone having to remember to do it:
paths, methods, ``{id}``-style path parameters, summaries from the endpoint docstrings, and which
calls need a Bearer token (the rule each route declares, app/routes/endpoint.py). Query parameters,
request bodies and answers come from the pydantic models each route declares (``query``, ``body``,
``answer``: schemas/), the same the server validates with; nothing is described by hand. Every
refusal has the ``{message, errors}`` shape.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator
from importlib import metadata
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema
from starlette.convertors import FloatConvertor, IntegerConvertor, UUIDConvertor
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route

from app.http import json_response
from app.portal import portal_of
from app.ratelimit import LIMITED_CALLS
from app.routes.endpoint import PUBLIC, SIGNED_IN, Call, Rule, declared_of
from app.routes.endpoint import route as declare
from app.services import photos, tabular
from app.services.resources import RESOURCES
from app.storage.filetypes import ACCEPTED_KINDS, EXTENSIONS
from schemas.events import EVENTS
from schemas.meta import NoBody, OpenApiDocument

# Mock calls that answer an unknown id with 200 and an empty body (spec section 8), not with JSON.
EMPTY_WHEN_UNKNOWN = frozenset(
    {"/api/academy-app/course", "/api/e-commerce-app/order", "/api/e-commerce-app/product", "/api/invoices/get-invoice"}
)
# Calls that answer something other than JSON when they succeed.
EXPORT_TYPES = ("text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
MEDIA_TYPES: dict[str, str | tuple[str, ...]] = {
    "/documents/{id}/file": "*/*",  # the stored file, with its own type
    "/api/file-manager-app/download": "*/*",
    "/documents/{id}/thumbnail": "image/*",
    "/photos/{name}": ("image/png", "image/webp"),
    "/admin/audit/export": "text/csv",
    "/metrics": "text/plain",  # Prometheus text format
    "/assets/export": EXPORT_TYPES,
    "/documents/export": EXPORT_TYPES,
    "/leads/export": EXPORT_TYPES,
}
# Upload calls: which files they keep, for a file picker's ``accept`` and a check before sending
# (the server checks the content too). ``x-accepted-files`` on the operation; ui/src/api/limits.ts.
_PHOTOS = {"accept": sorted(photos.ACCEPTED), "maxBytes": photos.MAX_PHOTO_BYTES}
ACCEPTED_FILES: dict[str, dict[str, Any]] = {
    "/documents/upload": {"accept": list(EXTENSIONS), "summary": ACCEPTED_KINDS},
    "/admin/users/{id}/photo": _PHOTOS,
    "/me/photo": _PHOTOS,
    "/api/e-commerce-app/product/image": _PHOTOS,
    "/assets/import": {"accept": list(tabular.ACCEPTED_FILES)},
    "/leads/import": {"accept": list(tabular.ACCEPTED_FILES)},
}
# Calls that succeed with 202 Accepted: the work goes on in a worker.
# Answers with an ETag that a matching If-None-Match turns into 304 (app/services/answers.py).
CONDITIONAL = frozenset(
    {("GET", "/dashboard/summary"), *(("GET", path) for name in RESOURCES for path in (f"/{name}", f"/{name}/{{id}}"))}
)
IF_NONE_MATCH = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "description": "The ETag of the copy the caller holds: 304 with no body while it is still current.",
    "schema": {"type": "string"},
}
ACCEPTED = frozenset(
    {
        ("POST", "/assets/import"),
        ("POST", "/leads/import"),
        ("POST", "/imports/{id}/commit"),
        ("POST", "/auth/forgot-password"),  # the same 202 whether or not an account matched
    }
)
# Calls that answer 201 Created when they succeed (now that /openapi.json describes valid bodies, the
# fuzzer reaches them); /push/subscriptions answers 200 when the device was known.
CREATED = frozenset(
    {
        *(("POST", f"/{name}") for name in RESOURCES),
        ("POST", "/documents/upload"),
        ("POST", "/api/quick-panel/{kind}"),
        ("POST", "/admin/users"),
        ("POST", "/push/subscriptions"),
        ("POST", "/api/file-manager-app/upload"),
    }
)
# Calls that answer a redirect (303, Location) when they succeed: the pages of company sign-in.
REDIRECTS = frozenset({("GET", "/auth/oidc/start"), ("GET", "/auth/oidc/callback")})
# Refusals particular to a few calls, beyond the ones every call of its kind can give.
PARTICULAR: dict[tuple[str, str], frozenset[str]] = {
    ("GET", "/metrics"): frozenset({"403"}),
    # 429: locked out (app/auth/throttle.py); 503: too many password checks waiting (app/auth/passwords.py).
    ("POST", "/auth/sign-in"): frozenset({"403", "429", "503"}),
    ("POST", "/auth/challenge"): frozenset({"429", "503"}),
    # 404: company sign-in is not configured; 403: the account is disabled.
    ("GET", "/auth/oidc/start"): frozenset({"404"}),
    ("GET", "/auth/oidc/callback"): frozenset({"404"}),
    ("POST", "/auth/oidc/exchange"): frozenset({"403", "404"}),
    ("GET", "/api/auth"): frozenset({"403", "429", "503"}),
    ("POST", "/api/auth"): frozenset({"403", "429", "503"}),
    ("POST", "/api/auth/register"): frozenset({"403", "503"}),  # 403: registration is switched off
    ("POST", "/auth/totp/setup"): frozenset({"409", "429", "503"}),
    ("POST", "/auth/totp/verify"): frozenset({"409", "429", "503"}),
    ("POST", "/auth/totp/disable"): frozenset({"409", "429", "503"}),
    ("POST", "/documents/upload"): frozenset({"415"}),
    ("POST", "/api/file-manager-app/upload"): frozenset({"415"}),
    ("POST", "/documents/{id}/retry"): frozenset({"409"}),
    ("PATCH", "/assets/{id}"): frozenset({"409"}),
    ("PATCH", "/documents/{id}"): frozenset({"409"}),
    ("PATCH", "/leads/{id}"): frozenset({"409"}),
    ("POST", "/assets/import"): frozenset({"415", "503"}),
    ("POST", "/leads/import"): frozenset({"415", "503"}),
    ("POST", "/imports/{id}/commit"): frozenset({"409", "503"}),
    ("POST", "/assets/{id}/inspections"): frozenset({"409"}),  # the asset changed since it was shown
    ("POST", "/push/subscriptions"): frozenset({"409"}),  # as many devices as allowed already
    ("POST", "/push/test"): frozenset({"409"}),  # no device has push
    # 409: taken name or email, the last admin, oneself, MFA already off (app/services/users.py).
    ("POST", "/admin/users"): frozenset({"409"}),
    ("PATCH", "/admin/users/{id}"): frozenset({"409"}),
    ("POST", "/admin/users/{id}/reset-password"): frozenset({"409"}),
    ("POST", "/auth/reset-password"): frozenset({"400"}),  # a used, expired or unknown reset token
    ("POST", "/admin/users/{id}/disable-mfa"): frozenset({"409"}),
    ("POST", "/admin/users/{id}/photo"): frozenset({"415"}),
    ("POST", "/me/photo"): frozenset({"415"}),
    ("POST", "/api/e-commerce-app/product/image"): frozenset({"415"}),
    ("POST", "/me/password"): frozenset({"503"}),  # the password checks' queue
}


def _inline(schema: Any, definitions: dict[str, Any]) -> Any:
    """A query model's schema with its own ``#/$defs/...`` references replaced by what they name (an
    enum, a nested model): a parameter's schema must stand alone in the document (generated clients
    resolve ``$ref`` from the document's root)."""
    if isinstance(schema, list):
        return [_inline(item, definitions) for item in schema]
    if not isinstance(schema, dict):
        return schema
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        named = definitions[ref.removeprefix("#/$defs/")]
        rest = {k: v for k, v in schema.items() if k != "$ref"}
        return _inline({**named, **rest}, definitions)
    return {key: _inline(value, definitions) for key, value in schema.items()}


def model_parameters(model: type[BaseModel]) -> list[dict[str, Any]]:
    """The query parameters of a declared query model (schemas/query.py), one per field, as the
    server validates them: a query string has no null, so an optional field is its non-null type."""
    schema = model.model_json_schema(by_alias=True, mode="validation")
    required = set(schema.get("required", ()))
    parameters = []
    for name, field in _inline(schema["properties"], schema.get("$defs", {})).items():
        described = {k: v for k, v in field.items() if k not in ("title", "default", "description")}
        options = [option for option in described.pop("anyOf", []) if option != {"type": "null"}]
        if len(options) == 1:
            described.update(options[0])
        elif options:
            described["anyOf"] = options
        parameter = {"name": name, "in": "query", "required": name in required, "schema": described}
        if field.get("description"):
            parameter["description"] = field["description"]
        parameters.append(parameter)
    return parameters


IMPLICIT_METHODS = frozenset({"HEAD"})  # Starlette adds HEAD to every GET route
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})
METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
ERROR = {"$ref": "#/components/responses/Error"}
# Sample areas whose name is also a product path get their own tag.
API_TAGS = {"auth": "mock-auth"}


def walk(routes: list[BaseRoute], prefix: str = "") -> Iterator[tuple[str, Route]]:
    """Every HTTP route with its full path, mounts included."""
    for route in routes:
        if isinstance(route, Route):
            yield prefix + route.path_format, route
        elif isinstance(route, Mount):
            yield from walk(route.routes, prefix + route.path_format)


def documented_methods(route: Route) -> list[str]:
    methods = set(route.methods or {"GET"})
    if "GET" in methods:
        methods -= IMPLICIT_METHODS
    return sorted(methods, key=lambda m: METHOD_ORDER.index(m) if m in METHOD_ORDER else len(METHOD_ORDER))


def _function(endpoint: Callable[..., Any]) -> Callable[..., Any]:
    """The handler behind wrappers (app/routes/endpoint.py, app/samples/common.py) and partials."""
    while True:
        if isinstance(endpoint, functools.partial):
            endpoint = endpoint.func
        elif hasattr(endpoint, "__wrapped__"):
            endpoint = endpoint.__wrapped__
        else:
            return endpoint


def endpoint_doc(endpoint: Callable[..., Any]) -> str | None:
    function = _function(endpoint)
    # A sample-area handler is reached through app.samples.common.Area.route's wraps.
    return inspect.getdoc(function) if function.__doc__ else None


def _tag(path: str, route: Route) -> str:
    declared = declared_of(route)
    if declared is not None and declared.tag is not None:
        return declared.tag
    parts = [part for part in path.split("/") if part]
    if parts[:1] == ["api"] and len(parts) > 1:
        name = parts[1].removesuffix("-app")
        return API_TAGS.get(name, name)
    return parts[0] if parts else "meta"


def _parameter(name: str, convertor: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    if isinstance(convertor, IntegerConvertor):
        schema = {"type": "integer"}
    elif isinstance(convertor, FloatConvertor):
        schema = {"type": "number"}
    elif isinstance(convertor, UUIDConvertor):
        schema = {"type": "string", "format": "uuid"}
    return {"name": name, "in": "path", "required": True, "schema": schema}


def rule_of(route: Route) -> Rule:
    """Who may call a route, as declared on it (app/routes/endpoint.py); a route made without the
    wrapper is described as needing a token (tests/security/test_route_rules.py refuses such a route)."""
    declared = declared_of(route)
    return declared.rule if declared is not None else SIGNED_IN


def public_paths(routes: list[BaseRoute]) -> frozenset[str]:
    """The paths answered without a Bearer token, read from the routes' declarations."""
    return frozenset(path for path, route in walk(routes) if rule_of(route).public)


def _operation_id(method: str, path: str) -> str:
    slug = "".join(c if c.isalnum() else "_" for c in path).strip("_")
    return f"{method.lower()}_{slug or 'root'}"


def refusals(method: str, path: str, route: Route) -> list[str]:
    """The refusals a call can answer (4xx, and 503 for the password checks' queue);
    ``tests/security/test_fuzz.py`` holds every call to them."""
    codes = {"422"}  # any call: a query, path or body that is not valid
    if method in BODY_METHODS:
        codes.add("413")  # a body over the size limit
    rule = rule_of(route)
    if not rule.public:
        codes |= {"401", "403"}
    elif rule.credentials:
        codes.add("401")
    declared = declared_of(route)
    if route.param_convertors or (declared is not None and declared.lookup):
        codes.add("404")
    codes |= PARTICULAR.get((method, path), frozenset())
    if (method, path) in LIMITED_CALLS:
        codes.add("429")  # over a rate limit (app/ratelimit.py), with Retry-After
    return sorted(codes)


SchemaKey = tuple[type[BaseModel], JsonSchemaMode]
ANY_JSON: dict[str, Any] = {"description": "Any JSON value (this call declares no answer model yet)."}


def model_schemas(routes: list[BaseRoute]) -> tuple[dict[SchemaKey, dict[str, Any]], dict[str, Any]]:
    """The JSON schemas of every declared body (as validated), answer and pushed event (as
    serialized), built by pydantic from the same models the server validates with: a ``$ref`` per
    model, and the shared definitions for ``components/schemas``."""
    keys: dict[SchemaKey, None] = {(model, "serialization"): None for model in EVENTS.values()}
    for _, route in walk(routes):
        declared = declared_of(route)
        if declared is None:
            continue
        if declared.body is not None:
            keys[(declared.body, "validation")] = None
        for method in documented_methods(route):
            answer = declared.answer_for(method)
            if answer is not None and answer is not NoBody:
                keys[(answer, "serialization")] = None
        for other in declared.answers.values():
            keys[(other, "serialization")] = None
    refs, definitions = models_json_schema(list(keys), ref_template="#/components/schemas/{model}")
    found = {(model, mode): ref for (model, mode), ref in refs.items() if issubclass(model, BaseModel)}
    return found, definitions.get("$defs", {})


def _responses(
    method: str, path: str, route: Route, schemas: dict[SchemaKey, dict[str, Any]] | None = None
) -> dict[str, Any]:
    declared = declared_of(route)
    answer = declared.answer_for(method) if declared is not None else None
    answer_schema = (schemas or {}).get((answer, "serialization"), ANY_JSON) if answer is not None else ANY_JSON
    if answer is NoBody:
        success: dict[str, Any] = {"description": "Success, with no body"}
    elif path in EMPTY_WHEN_UNKNOWN:
        # No content: a client must not expect JSON (schemathesis checks the empty answer's type).
        success = {"description": "The item as JSON, or an empty body (no Content-Type) for an unknown id"}
    else:
        media = MEDIA_TYPES.get(path, "application/json")
        success = {
            "description": "Success",
            "content": {
                m: ({"schema": answer_schema} if m == "application/json" else {"schema": {"type": "string"}})
                for m in ((media,) if isinstance(media, str) else media)
            },
        }
    status = "202" if (method, path) in ACCEPTED else "201" if (method, path) in CREATED else "200"
    if declared is not None and declared.status != 200:
        status = str(declared.status)  # the wrapper answers a handler's plain result with it
    if (method, path) in REDIRECTS:
        status, success = "303", {"description": "A redirect: to the identity provider, or back to the login page"}
    conditional = {"304": {"description": "Not Modified: the If-None-Match tag is current"}}
    others = {
        str(code): {
            "description": " ".join((model.__doc__ or "Not successful").split()),
            "content": {"application/json": {"schema": (schemas or {}).get((model, "serialization"), ANY_JSON)}},
        }
        for code, model in (declared.answers if declared is not None else {}).items()
    }
    return {
        status: success,
        **({"200": success} if (method, path) == ("POST", "/push/subscriptions") else {}),
        **(conditional if (method, path) in CONDITIONAL else {}),
        **{code: ERROR for code in refusals(method, path, route)},
        **others,
    }


def _operation(
    method: str, path: str, route: Route, schemas: dict[SchemaKey, dict[str, Any]] | None = None
) -> dict[str, Any]:
    doc = endpoint_doc(route.endpoint)
    summary, _, description = (doc or f"{method} {path}").partition("\n")
    public = rule_of(route).public
    operation: dict[str, Any] = {
        "operationId": _operation_id(method, path),
        "summary": summary.strip(),
        "tags": [_tag(path, route)],
        "security": [] if public else [{"bearerAuth": []}],
        "responses": _responses(method, path, route, schemas),
    }
    if description.strip():
        operation["description"] = description.strip()
    if method in BODY_METHODS and path in ACCEPTED_FILES:
        operation["x-accepted-files"] = ACCEPTED_FILES[path]
    parameters = [_parameter(name, convertor) for name, convertor in route.param_convertors.items()]
    declared = declared_of(route)
    query = declared.query_for(method) if declared is not None else None
    if query is not None:
        parameters += model_parameters(query)
    if (method, path) in CONDITIONAL:
        parameters.append(IF_NONE_MATCH)
    if parameters:
        operation["parameters"] = parameters
    if method in BODY_METHODS and declared is not None and declared.body is not None:
        schema = (schemas or {}).get((declared.body, "validation"), {"type": "object"})
        operation["requestBody"] = {"required": True, "content": {"application/json": {"schema": schema}}}
    elif method in BODY_METHODS:
        operation["requestBody"] = {
            "required": False,
            "content": {"application/json": {"schema": {"type": "object"}}},
        }
    return operation


ERROR_SCHEMA = {
    "type": "object",
    "properties": {
        "message": {"type": "string"},
        "errors": {"type": "object", "additionalProperties": {"type": "string"}},
    },
    "required": ["message"],
}


def events_of(schemas: dict[SchemaKey, dict[str, Any]]) -> dict[str, Any]:
    """``x-events``: every Socket.IO event the server pushes (schemas/events.py), by event name, with
    its payload's schema. Clients connect to ``/socket.io`` with ``auth: {token}`` (an access token)."""
    return {
        channel: {
            "summary": " ".join((model.__doc__ or channel).split()),
            "payload": schemas[(model, "serialization")],
        }
        for channel, model in sorted(EVENTS.items())
    }


def _version() -> str:
    try:
        return metadata.version("staff-portal")
    except metadata.PackageNotFoundError:
        return "0.1.0"


def build_document(routes: list[BaseRoute], *, server_url: str) -> dict[str, Any]:
    paths: dict[str, dict[str, Any]] = {}
    schemas, definitions = model_schemas(routes)
    for path, route in walk(routes):
        for method in documented_methods(route):
            paths.setdefault(path, {})[method.lower()] = _operation(method, path, route, schemas)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Staff portal API",
            "version": _version(),
            "description": (
                "The staff portal's product API (sign-in, records, dashboard) and the API of the template's "
                "sample areas (spec section 7). Realtime events use Socket.IO at /socket.io; "
                "x-events lists each event name with its payload's schema."
            ),
        },
        "servers": [{"url": server_url}],
        "paths": paths,
        "x-events": events_of(schemas),
        "components": {
            "securitySchemes": {
                "bearerAuth": {
                    "type": "http",
                    "scheme": "bearer",
                    "bearerFormat": "JWT",
                    "description": (
                        "An access token from /auth/sign-in (token_use 'access'). /api/auth/user/update also "
                        "takes the template's mock token from /api/auth (token_use 'mock'); nothing else does."
                    ),
                }
            },
            # Sorted by name: generated clients (ui/src) do not change when routes are reordered.
            "schemas": dict(sorted({**definitions, "Error": ERROR_SCHEMA}.items())),
            "responses": {
                "Error": {
                    "description": "Refused, with a message a person can act on",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                }
            },
        },
    }


async def openapi(call: Call) -> Response:
    """The OpenAPI description of every call of this API."""
    request = call.request
    state = request.app.state
    document = getattr(state, "openapi_document", None)
    if document is None:
        document = build_document(request.app.routes, server_url=portal_of(request).settings.public_api_url)
        state.openapi_document = document
    return json_response(document)


routes = [declare("/openapi.json", openapi, ["GET"], rule=PUBLIC, answer=OpenApiDocument, tag="meta")]
