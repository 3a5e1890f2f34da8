"""Security headers: a locked-down policy on API answers, a strict policy for the UI without inline
script, HSTS only in production, and CORS (HTTP and Socket.IO) only for the configured origins."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import httpx
import pytest
import socketio

from app.security_headers import API_POLICY
from app.settings import ROOT, Settings
from app.ui_server import create_ui_app
from tests.realtime_support import ORIGIN, Cluster
from tests.support import UI_ORIGIN, Account, uploaded

FOREIGN = "http://evil.test"


def production(settings: Settings) -> Settings:
    return settings.model_copy(update={"portal_env": "production", "cors_origins": [UI_ORIGIN]})


# --- API answers ------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/healthz", "/options", "/no-such-page", "/assets"])
async def test_api_answers_carry_the_security_headers(path: str, client: httpx.AsyncClient) -> None:
    response = await client.get(path)
    assert response.headers["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert response.headers["x-frame-options"] == "DENY"
    assert "strict-transport-security" not in response.headers  # development and tests speak plain HTTP


async def test_a_route_keeps_its_own_policy(staff: dict[str, Account], client: httpx.AsyncClient) -> None:
    """Downloads set a sandboxing policy of their own: the default does not replace or repeat it."""
    document = await uploaded(client, staff["technician"], "note.txt", b"hello headers")
    response = await client.get(f"/documents/{document['id']}/file", headers=staff["technician"].headers)
    assert response.status_code == 200
    assert response.headers.get_list("content-security-policy") == ["default-src 'none'; sandbox"]
    assert response.headers.get_list("x-content-type-options") == ["nosniff"]


def test_hsts_only_in_production(settings: Settings) -> None:
    from app.security_headers import api_headers

    assert "Strict-Transport-Security" not in api_headers(settings)
    hsts = api_headers(production(settings))["Strict-Transport-Security"]
    assert re.fullmatch(r"max-age=\d{7,}; includeSubDomains", hsts)
    assert api_headers(production(settings))["Content-Security-Policy"] == API_POLICY


# --- CORS -------------------------------------------------------------------------------------------


async def test_cors_grants_only_the_configured_origin(client: httpx.AsyncClient) -> None:
    preflight = {"Access-Control-Request-Method": "PATCH", "Access-Control-Request-Headers": "authorization"}
    allowed = await client.options("/assets", headers={"Origin": UI_ORIGIN, **preflight})
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == UI_ORIGIN
    refused = await client.options("/assets", headers={"Origin": FOREIGN, **preflight})
    assert refused.status_code == 400
    assert "access-control-allow-origin" not in refused.headers
    simple = await client.get("/options", headers={"Origin": FOREIGN})
    assert simple.status_code == 200
    assert "access-control-allow-origin" not in simple.headers
    assert (await client.get("/options", headers={"Origin": UI_ORIGIN})).headers["access-control-allow-origin"] == (
        UI_ORIGIN
    )


async def test_socketio_refuses_a_foreign_origin(cluster: Cluster, staff: dict[str, Account]) -> None:
    token = staff["technician"].tokens["accessToken"]
    refused = socketio.AsyncClient(reconnection=False)
    with pytest.raises(socketio.exceptions.ConnectionError):
        await refused.connect(
            cluster.urls[0], transports=["websocket"], auth={"token": token}, headers={"Origin": FOREIGN}
        )
    await refused.disconnect()
    allowed = socketio.AsyncClient(reconnection=False)
    await allowed.connect(cluster.urls[0], transports=["websocket"], auth={"token": token}, headers={"Origin": ORIGIN})
    assert allowed.connected
    await allowed.disconnect()


# --- the UI -----------------------------------------------------------------------------------------


class Scripts(HTMLParser):
    """Every <script> of a page: its attributes and whether it has inline code; inline event handlers."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict[str, str | None]] = []
        self.inline: list[str] = []
        self.handlers: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handlers += [f"<{tag} {name}>" for name, _ in attrs if name.lower().startswith("on")]
        if tag == "script":
            self.scripts.append(dict(attrs))
            self._in_script = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline.append(data.strip()[:80])


def parsed(page: str) -> Scripts:
    scripts = Scripts()
    scripts.feed(page)
    return scripts


@pytest.mark.parametrize("page", [ROOT / "ui" / "index.html", ROOT / "ui" / "dist" / "index.html"])
def test_the_ui_page_has_no_inline_script(page: Path) -> None:
    if not page.exists():
        pytest.skip(f"{page} is not built (./ops/test builds it before pytest)")
    scripts = parsed(page.read_text())
    assert scripts.scripts, "the page loads its code from script files"
    assert all(s.get("src") for s in scripts.scripts), scripts.scripts
    assert scripts.inline == [] and scripts.handlers == []


async def test_ui_server_policy_and_external_config(settings: Settings, tmp_path: Path) -> None:
    dist = ROOT / "ui" / "dist"
    if not (dist / "index.html").exists():
        pytest.skip("the UI is not built (./ops/test builds it before pytest)")
    app = create_ui_app(settings.model_copy(update={"public_api_url": "https://api.portal.test"}), dist=dist)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://ui.test") as ui:
        page = await ui.get("/")
        config = await ui.get("/config.js")
        deep_link = await ui.get("/apps/assets/12")
    policy = dict(part.strip().split(" ", 1) for part in page.headers["content-security-policy"].split(";"))
    assert policy["script-src"] == "'self'"  # no 'unsafe-inline', no 'unsafe-eval', no other host
    assert policy["frame-ancestors"] == "'none'"
    assert policy["connect-src"] == "'self' https://api.portal.test wss://api.portal.test"
    assert page.headers["x-content-type-options"] == "nosniff"
    assert "strict-transport-security" not in page.headers
    assert '<script src="/config.js"></script>' in page.text
    assert config.headers["content-type"].startswith("text/javascript")
    assert config.text.startswith("window.PORTAL_CONFIG = ")
    assert "https://api.portal.test" in config.text
    assert (
        deep_link.status_code == 200
        and deep_link.headers["content-security-policy"] == (page.headers["content-security-policy"])
    )


async def test_ui_server_sends_hsts_in_production(settings: Settings) -> None:
    dist = ROOT / "ui" / "dist"
    if not (dist / "index.html").exists():
        pytest.skip("the UI is not built (./ops/test builds it before pytest)")
    app = create_ui_app(production(settings), dist=dist)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://ui.test") as ui:
        page = await ui.get("/")
    assert page.headers["strict-transport-security"].startswith("max-age=")
