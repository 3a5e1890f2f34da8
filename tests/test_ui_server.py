"""The UI server's static files: the precompressed variant the browser accepts (brotli, then gzip, then
the file as it is) with ``Vary: Accept-Encoding``, hashed assets cached for a year as immutable, pages
and the runtime config revalidated on every visit."""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import AsyncIterator

import httpx
import pytest

from app.settings import ROOT, Settings
from app.ui_server import IMMUTABLE, choose_encoding, create_ui_app

DIST = ROOT / "ui" / "dist"
CHROMIUM = "gzip, deflate, br, zstd"  # what Chromium asks for, over plain HTTP too


def start_chunk() -> str:
    """The module script index.html loads first (``/assets/index-<hash>.js``)."""
    found = re.search(r'<script type="module"[^>]*src="(/assets/[^"]+\.js)"', (DIST / "index.html").read_text())
    assert found, "index.html loads no module script"
    return found[1]


@pytest.fixture
async def ui(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    assert (DIST / "index.html").exists(), "build the UI first (./ops/test does): ui/dist/index.html is missing"
    app = create_ui_app(settings, dist=DIST)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://ui.test") as client:
        yield client


async def raw(ui: httpx.AsyncClient, path: str, **headers: str) -> tuple[httpx.Response, bytes]:
    """The answer and its body as sent (not decoded by httpx)."""
    async with ui.stream("GET", path, headers=headers) as response:
        return response, b"".join([chunk async for chunk in response.aiter_raw()])


async def test_the_start_chunk_goes_out_brotli_when_asked(ui: httpx.AsyncClient) -> None:
    chunk = start_chunk()
    original = (DIST / chunk.lstrip("/")).read_bytes()
    response, body = await raw(ui, chunk, **{"Accept-Encoding": CHROMIUM})
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "br"
    assert body == (DIST / (chunk.lstrip("/") + ".br")).read_bytes()
    assert int(response.headers["content-length"]) == len(body) < len(original) / 3
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.headers["vary"] == "Accept-Encoding"
    assert response.headers["cache-control"] == IMMUTABLE == "public, max-age=31536000, immutable"


async def test_gzip_when_brotli_is_not_accepted(ui: httpx.AsyncClient) -> None:
    chunk = start_chunk()
    original = (DIST / chunk.lstrip("/")).read_bytes()
    for accept in ("gzip, deflate", "br;q=0, gzip", "gzip;q=1.0, br;q=0.5"):
        response, body = await raw(ui, chunk, **{"Accept-Encoding": accept})
        assert response.headers["content-encoding"] == "gzip", accept
        assert gzip.decompress(body) == original
        assert response.headers["vary"] == "Accept-Encoding"
        assert response.headers["cache-control"] == IMMUTABLE


async def test_the_file_as_it_is_otherwise(ui: httpx.AsyncClient) -> None:
    chunk = start_chunk()
    original = (DIST / chunk.lstrip("/")).read_bytes()
    for accept in ("identity", "", "deflate", "br;q=0, gzip;q=0", "zstd"):
        response, body = await raw(ui, chunk, **{"Accept-Encoding": accept})
        assert "content-encoding" not in response.headers, accept
        assert body == original
        assert response.headers["vary"] == "Accept-Encoding"  # a cache must not hand this to a brotli client
        assert response.headers["cache-control"] == IMMUTABLE


@pytest.mark.parametrize("path", ["/", "/login", "/apps/assets/12"])
async def test_pages_are_compressed_and_revalidated(ui: httpx.AsyncClient, path: str) -> None:
    response, body = await raw(ui, path, **{"Accept-Encoding": CHROMIUM})
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "br"
    assert body == (DIST / "index.html.br").read_bytes()
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["vary"] == "Accept-Encoding"
    assert response.headers["content-security-policy"].startswith("default-src 'self'")  # security headers kept


async def test_the_runtime_config_is_revalidated(ui: httpx.AsyncClient) -> None:
    response = await ui.get("/config.js", headers={"Accept-Encoding": CHROMIUM})
    assert response.headers["cache-control"] == "no-cache"
    assert response.text.startswith("window.PORTAL_CONFIG = ")


async def test_the_runtime_config_names_the_company_sign_in_only_when_it_is_on(settings: Settings) -> None:
    async def read(app_settings: Settings) -> dict[str, object]:
        app = create_ui_app(app_settings, dist=DIST)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://ui.test") as client:
            text = (await client.get("/config.js")).text
        return dict(json.loads(text.removeprefix("window.PORTAL_CONFIG = ").rstrip().rstrip(";")))

    assert "oidcName" not in await read(settings)
    sso = settings.model_copy(
        update={
            "oidc_issuer": "https://sso.example.com/realms/staff",
            "oidc_client_id": "staff-portal",
            "oidc_client_secret": "secret",
            "oidc_display_name": "Example SSO",
        }
    )
    assert (await read(sso))["oidcName"] == "Example SSO"


async def test_a_revalidated_variant_answers_not_modified(ui: httpx.AsyncClient) -> None:
    first, _ = await raw(ui, "/login", **{"Accept-Encoding": CHROMIUM})
    again, body = await raw(ui, "/login", **{"Accept-Encoding": CHROMIUM, "If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and body == b""
    # Another variant is another representation: its ETag differs, so the brotli one does not match it.
    other, _ = await raw(ui, "/login", **{"Accept-Encoding": "gzip", "If-None-Match": first.headers["etag"]})
    assert other.status_code == 200 and other.headers["content-encoding"] == "gzip"


async def test_a_missing_asset_is_not_found(ui: httpx.AsyncClient) -> None:
    response = await ui.get("/assets/no-such-chunk.js", headers={"Accept-Encoding": CHROMIUM})
    assert response.status_code == 404


def test_every_text_asset_of_the_build_has_both_variants() -> None:
    """The build step (ui/precompress.ts) ran: every script and style sheet above a kilobyte has .br and .gz."""
    texts = [p for p in (DIST / "assets").iterdir() if p.suffix in (".js", ".css") and p.stat().st_size >= 1024]
    assert texts
    missing = [p.name + suffix for p in texts for suffix in (".br", ".gz") if not p.with_name(p.name + suffix).exists()]
    assert missing == []


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("gzip, deflate, br, zstd", "br"),
        ("br", "br"),
        ("gzip", "gzip"),
        ("GZIP", "gzip"),
        ("*", "br"),
        ("*;q=0.5, br;q=0", "gzip"),
        ("gzip;q=0.9, br;q=0.8", "gzip"),
        ("gzip;q=0.8, br;q=0.8", "br"),  # a tie: the smaller one
        ("br;q=0, gzip;q=0", None),
        ("br;q=abc, gzip", "gzip"),  # a malformed weight accepts nothing
        ("identity", None),
        ("", None),
        (",,; ,", None),
    ],
)
def test_choose_encoding(header: str, expected: str | None) -> None:
    assert choose_encoding(header, ["br", "gzip"]) == expected


async def test_the_installable_app_files(ui: httpx.AsyncClient) -> None:
    """The service worker is revalidated on every visit (so a new version is found), the manifest has
    its own type, and the policy lets the page run its own worker and read its own manifest."""
    worker = await ui.get("/sw.js")
    assert worker.status_code == 200 and worker.headers["cache-control"] == "no-cache"
    assert worker.headers["content-type"].startswith("text/javascript")
    assert "__WB_MANIFEST" not in worker.text and '"index.html"' in worker.text  # the precache list was injected
    manifest = await ui.get("/manifest.webmanifest")
    assert manifest.headers["content-type"] == "application/manifest+json"
    assert manifest.json()["display"] == "standalone"
    policy = worker.headers["content-security-policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy and "'unsafe-eval'" not in policy
    index = (await ui.get("/")).text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in index
