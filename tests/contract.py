"""The answer contract, checked on every call the tests make: an answer of a sample-area or chat call
(``/api/*``) must validate against the schema /openapi.json gives its status, which is built from the
answer model the route declares. A handler answering another shape than it declares fails the test
that made the call, so every sample-area test checks the contract too."""

from __future__ import annotations

from typing import Any

import httpx
from jsonschema import Draft202012Validator
from starlette.applications import Starlette
from starlette.routing import Route

from app.routes.openapi import build_document, walk

CHECKED_PREFIXES = ("/api/",)


class AnswerContract:
    """An httpx response hook validating JSON answers against the app's own OpenAPI document."""

    def __init__(self, app: Starlette) -> None:
        self.app = app
        self._document: dict[str, Any] | None = None
        self._validators: dict[tuple[str, str, str], Draft202012Validator | None] = {}
        self.checked = 0

    @property
    def document(self) -> dict[str, Any]:
        if self._document is None:
            self._document = build_document(self.app.routes, server_url="http://api.test")
        return self._document

    def template(self, method: str, path: str) -> str | None:
        for template, route in walk(self.app.routes):
            assert isinstance(route, Route)
            if route.path_regex.match(path) and method in (route.methods or ()):
                return template
        return None

    def validator(self, method: str, template: str, status: str) -> Draft202012Validator | None:
        key = (method, template, status)
        if key not in self._validators:
            operation = self.document["paths"][template][method.lower()]
            response = operation["responses"].get(status)
            if response is not None and "$ref" in response:
                response = self.document["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
            schema = (response or {}).get("content", {}).get("application/json", {}).get("schema")
            self._validators[key] = (
                Draft202012Validator({"components": self.document["components"], **schema}) if schema else None
            )
        return self._validators[key]

    async def __call__(self, response: httpx.Response) -> None:
        request = response.request
        path = request.url.path
        if not path.startswith(CHECKED_PREFIXES) or request.method == "HEAD":
            return
        if not response.headers.get("content-type", "").startswith("application/json"):
            return
        template = self.template(request.method, path)
        if template is None:
            return
        await response.aread()
        validator = self.validator(request.method, template, str(response.status_code))
        if validator is None:
            return
        errors = sorted(validator.iter_errors(response.json()), key=lambda e: list(e.absolute_path))
        if errors:
            where = "/".join(str(p) for p in errors[0].absolute_path)
            raise AssertionError(
                f"{request.method} {path} answered {response.status_code} with a body its declared answer model "
                f"does not describe (at '{where}'): {errors[0].message}"
            )
        self.checked += 1
