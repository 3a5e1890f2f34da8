"""Refuse NUL characters in the path and query: no text column takes them (PostgreSQL raises on
them, which was a 500), and no real client sends them. JSON bodies are checked in app/http.py."""

from __future__ import annotations

from urllib.parse import parse_qsl

from starlette.types import ASGIApp, Receive, Scope, Send

from app.http import NUL_MESSAGE, json_response


class RefuseNul:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            query: bytes = scope.get("query_string", b"")
            in_path = "\x00" in scope.get("path", "")
            if in_path or b"%00" in query.lower() or b"\x00" in query:
                names = {
                    name
                    for name, value in parse_qsl(query.decode("latin-1"), keep_blank_values=True)
                    if "\x00" in name or "\x00" in value
                }
                errors = {name.replace("\x00", ""): "May not contain NUL characters." for name in sorted(names)}
                response = json_response({"message": NUL_MESSAGE, "errors": errors}, status=422)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
