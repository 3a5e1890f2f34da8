"""Security headers on every answer, as one pure ASGI layer (the API's and the UI server's).

The API answers JSON and files, never pages: its policy forbids everything (``default-src 'none'``)
and framing. A route that sets one of these headers itself (downloads set a sandboxing policy)
keeps its own value. ``Strict-Transport-Security`` is sent in production only, where the portal is
behind HTTPS; on a development ``http://localhost`` it would pin the browser to HTTPS.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.settings import Settings

API_POLICY = "default-src 'none'; frame-ancestors 'none'"


def api_headers(settings: Settings) -> dict[str, str]:
    headers = {
        "Content-Security-Policy": API_POLICY,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        # Answers carry tokens, contact details and records: no browser or proxy may keep them. A route
        # that may be cached says so itself (the signing keys).
        "Cache-Control": "no-store",
    }
    return headers | transport_headers(settings)


def transport_headers(settings: Settings) -> dict[str, str]:
    if settings.is_production and settings.hsts_max_age:
        return {"Strict-Transport-Security": f"max-age={settings.hsts_max_age}; includeSubDomains"}
    return {}


class ExtraHeaders:
    """Adds fixed headers to every HTTP answer, unless the answer already has a header of that name."""

    def __init__(self, app: ASGIApp, headers: dict[str, str]) -> None:
        self.app = app
        self.raw = [(k.lower().encode(), v.encode()) for k, v in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers += [item for item in self.raw if item[0] not in present]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
