"""Serves the built UI (``ui/dist``) on its own origin, with SPA fallback and the runtime config.

``/config.js`` tells the browser where the API is, so one build runs against any API address.
Text files go out compressed: the build writes ``name.br`` and ``name.gz`` beside each one
(ui/precompress.ts) and the answer is the variant the browser accepts, brotli first, with
``Vary: Accept-Encoding``. Hashed files (``/assets/*``) are cached for a year as immutable; the rest
(``index.html``, ``/config.js``) is revalidated on every visit — ``/sw.js`` too, so a new version's
service worker is found at the next visit (it then waits for the user's "Reload", see ui/src/service-worker).
"""

from __future__ import annotations

import json
import mimetypes
import os
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

from app.security_headers import ExtraHeaders, transport_headers
from app.settings import ROOT, Settings, get_settings

# The web app manifest's own type (browsers accept others, the manifest checks warn about them).
mimetypes.add_type("application/manifest+json", ".webmanifest")
mimetypes.add_type("image/webp", ".webp")  # the sample pictures (ops/samples/pictures.py); not in every mime.types


def _security_headers(api_url: str) -> dict[str, str]:
    api = urlsplit(api_url)
    ws = f"{'wss' if api.scheme == 'https' else 'ws'}://{api.netloc}"
    csp = (
        "default-src 'self'; "
        f"connect-src 'self' {api.scheme}://{api.netloc} {ws}; "
        # The API origin too: profile photos (/photos/...) are served by the API, on http in development.
        f"img-src 'self' data: blob: https: {api.scheme}://{api.netloc}; "
        "style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; font-src 'self' data:; worker-src 'self'; manifest-src 'self'; "
        "frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
    )
    return {
        "Content-Security-Policy": csp,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Frame-Options": "DENY",
    }


IMMUTABLE = "public, max-age=31536000, immutable"
# Content codings with a precompressed file beside the original, in the order preferred on a tie.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str) -> dict[str, float]:
    """``Accept-Encoding`` as coding -> q-value (``br;q=0`` is a refusal, ``*`` stands for the others)."""
    accepted: dict[str, float] = {}
    for item in header.split(","):
        coding, _, params = item.strip().partition(";")
        if not coding:
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.lower() == "q":
                try:
                    quality = min(max(float(value), 0.0), 1.0)
                except ValueError:
                    quality = 0.0  # a malformed weight accepts nothing rather than guessing
        accepted[coding.strip().lower()] = quality
    return accepted


def choose_encoding(header: str, available: list[str]) -> str | None:
    """The best accepted coding among ``available`` (in preference order), or None for the file as it is."""
    accepted = accepted_encodings(header)
    best: tuple[float, str] | None = None
    for coding in available:
        quality = accepted.get(coding, accepted.get("*", 0.0))
        if quality > 0 and (best is None or quality > best[0]):
            best = (quality, coding)
    return best[1] if best else None


class SpaFiles(StaticFiles):
    """Static files where an unknown page path answers index.html (client-side routing), sent
    precompressed when the browser accepts it."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        try:
            response = await super().get_response(path, scope)
        except HTTPException as exc:
            if exc.status_code != 404 or Path(path).suffix:
                raise
            response = await super().get_response("index.html", scope)
        response.headers["Cache-Control"] = IMMUTABLE if path.startswith("assets/") else "no-cache"
        return response

    def file_response(
        self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope, status_code: int = 200
    ) -> Response:
        original = str(full_path)
        variants = {coding: original + suffix for coding, suffix in ENCODINGS if os.path.isfile(original + suffix)}
        if not variants:
            return super().file_response(full_path, stat_result, scope, status_code)
        request_headers = Headers(scope=scope)
        coding = choose_encoding(request_headers.get("accept-encoding", ""), list(variants))
        path = variants[coding] if coding else original
        media_type = mimetypes.guess_type(original)[0] or "application/octet-stream"
        response = FileResponse(path, status_code=status_code, media_type=media_type, stat_result=os.stat(path))
        response.headers["Vary"] = "Accept-Encoding"
        if coding:
            response.headers["Content-Encoding"] = coding
        if self.is_not_modified(response.headers, request_headers):
            return NotModifiedResponse(response.headers)
        return response


def create_ui_app(settings: Settings | None = None, dist: Path | None = None) -> Starlette:
    settings = settings or get_settings()
    dist = dist or ROOT / "ui" / "dist"
    if not (dist / "index.html").exists():
        raise RuntimeError(f"the UI is not built: {dist / 'index.html'} is missing (run ./ops/run)")
    headers = _security_headers(settings.public_api_url) | transport_headers(settings)
    runtime = {"apiBase": settings.public_api_url}
    if settings.oidc_enabled:  # the login page offers "Sign in with <OIDC_DISPLAY_NAME>"
        runtime["oidcName"] = settings.oidc_display_name
    config = "window.PORTAL_CONFIG = " + json.dumps(runtime) + ";\n"

    async def config_js(_request: Request) -> Response:
        return Response(config, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    files = SpaFiles(directory=dist, html=True)

    async def index(request: Request) -> Response:
        return await files.get_response("index.html", request.scope)

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
