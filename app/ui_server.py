"""Serves the built UI (``ui/dist``) on its own origin, with SPA fallback and the runtime config.

``/config.js`` tells the browser where the API is, so one build runs against any API address.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from app.security_headers import ExtraHeaders, transport_headers
from app.settings import ROOT, Settings, get_settings


def _security_headers(api_url: str) -> dict[str, str]:
    api = urlsplit(api_url)
    ws = f"{'wss' if api.scheme == 'https' else 'ws'}://{api.netloc}"
    csp = (
        "default-src 'self'; "
        f"connect-src 'self' {api.scheme}://{api.netloc} {ws}; "
        "img-src 'self' data: blob: https:; "
        "style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; font-src 'self' data:; "
        "frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
    )
    return {
        "Content-Security-Policy": csp,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Frame-Options": "DENY",
    }


class SpaFiles(StaticFiles):
    """Static files where an unknown page path answers index.html (client-side routing)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        try:
            response = await super().get_response(path, scope)
        except HTTPException as exc:
            if exc.status_code != 404 or Path(path).suffix:
                raise
            response = await super().get_response("index.html", scope)
        if path.startswith("assets/"):
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        else:
            response.headers["Cache-Control"] = "no-cache"
        return response


def create_ui_app(settings: Settings | None = None, dist: Path | None = None) -> Starlette:
    settings = settings or get_settings()
    dist = dist or ROOT / "ui" / "dist"
    if not (dist / "index.html").exists():
        raise RuntimeError(f"the UI is not built: {dist / 'index.html'} is missing (run ./ops/run)")
    headers = _security_headers(settings.public_api_url) | transport_headers(settings)
    config = "window.PORTAL_CONFIG = " + json.dumps({"apiBase": settings.public_api_url}) + ";\n"

    async def config_js(_request: Request) -> Response:
        return Response(config, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    async def index(_request: Request) -> Response:
        return FileResponse(dist / "index.html", headers={"Cache-Control": "no-cache"})

    files = SpaFiles(directory=dist, html=True)
    return Starlette(
        routes=[Route("/config.js", config_js), Route("/", index), Mount("/", app=files)],
        middleware=[Middleware(ExtraHeaders, headers=headers)],
    )


def main() -> None:
    import uvicorn

    settings = get_settings()
    uvicorn.run(create_ui_app(settings), host=settings.bind_host, port=settings.ui_port, log_level="warning")


if __name__ == "__main__":
    main()
