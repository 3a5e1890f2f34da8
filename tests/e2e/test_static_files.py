"""A first visit to /login in Chromium, as a phone on a mobile network pays for it: every text file
arrives compressed (brotli) and everything the page loads from the UI server, JavaScript included,
is at most 160 KB on the wire; a second visit takes the hashed files from the browser's cache."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.async_api import BrowserContext, Response, expect

from app.settings import ROOT
from tests.e2e.conftest import Stack

WIRE_BUDGET = 160_000  # bytes, issue 20: "at most 160 KB on the wire in all"
TEXT_TYPES = ("text/", "application/javascript", "image/svg+xml")
DIST = ROOT / "ui" / "dist"


@dataclass
class Seen:
    wire: int  # body bytes received
    encoding: str | None
    media_type: str
    cache_control: str
    from_cache: bool


async def visit_login(context: BrowserContext, stack: Stack) -> dict[str, Seen]:
    """path -> what the UI server's answer cost, for one load of /login until the network is idle."""
    page = await context.new_page()
    cached: set[str] = set()
    devtools = await context.new_cdp_session(page)
    await devtools.send("Network.enable")

    def note(event: dict[str, Any]) -> None:
        if event["response"].get("fromDiskCache") or event["response"].get("fromMemoryCache"):
            cached.add(event["response"]["url"])

    devtools.on("Network.responseReceived", note)
    responses: list[Response] = []
    page.on("response", lambda response: responses.append(response))
    await page.goto("/login")
    await expect(page.get_by_test_id("login-form")).to_be_visible()
    await page.wait_for_load_state("networkidle")
    seen = {}
    for response in responses:
        if not response.url.startswith(stack.ui_url):
            continue  # the API's answers are not static files
        headers = await response.all_headers()
        from_cache = response.url in cached
        seen[response.url.removeprefix(stack.ui_url)] = Seen(
            wire=0 if from_cache else (await response.request.sizes())["responseBodySize"],
            encoding=headers.get("content-encoding"),
            media_type=headers.get("content-type", ""),
            cache_control=headers.get("cache-control", ""),
            from_cache=from_cache,
        )
    await page.close()
    return seen


async def test_login_first_visit_is_compressed_and_within_budget(context: BrowserContext, stack: Stack) -> None:
    seen = await visit_login(context, stack)
    scripts = {path: answer.wire for path, answer in seen.items() if path.split("?")[0].endswith(".js")}
    assert any(path.startswith("/assets/index-") for path in scripts), seen
    for path, answer in seen.items():
        assert not answer.from_cache, path
        built = DIST / path.lstrip("/")
        if answer.media_type.startswith(TEXT_TYPES) and built.is_file() and built.stat().st_size >= 1024:
            assert answer.encoding == "br", f"{path} went out {answer.encoding or 'uncompressed'}"
        if path.startswith("/assets/"):
            assert answer.cache_control == "public, max-age=31536000, immutable", path
        else:
            assert answer.cache_control == "no-cache", path
    on_the_wire = sum(answer.wire for answer in seen.values())
    print(
        f"/login first visit: {on_the_wire / 1000:.1f} KB on the wire, JavaScript {sum(scripts.values()) / 1000:.1f} KB"
    )
    assert sum(scripts.values()) <= WIRE_BUDGET
    assert on_the_wire <= WIRE_BUDGET


async def test_a_second_visit_takes_hashed_files_from_the_cache(context: BrowserContext, stack: Stack) -> None:
    await visit_login(context, stack)
    again = await visit_login(context, stack)
    assets = {path: answer.from_cache for path, answer in again.items() if path.startswith("/assets/")}
    assert assets and all(assets.values()), f"fetched again although immutable: {assets}"
    assert not again["/config.js"].from_cache  # revalidated: a new API address reaches every visitor
