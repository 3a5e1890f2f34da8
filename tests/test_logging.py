"""Logs: one JSON object per line (or text) naming the request, the request id echoed to the client,
and unexpected errors logged with their id and stack while the client gets a plain message."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.settings import Settings
from tests.processes import api_command, free_port, process_env, serving
from tests.support import running_app

FIELDS = {"time", "level", "logger", "message", "request_id", "method", "path", "status", "duration_ms"}


async def explode(_request: Request) -> Response:
    raise RuntimeError("database password is hunter2")  # an unexpected failure with a secret in its text


@asynccontextmanager
async def logged(settings: Settings, log_format: str = "json") -> AsyncIterator[tuple[httpx.AsyncClient, io.StringIO]]:
    """An app that logs into a buffer, with one route that fails unexpectedly."""
    async with running_app(settings.model_copy(update={"log_format": log_format})) as (app, client):
        app.router.routes.append(Route("/_test/explode", explode))
        handler = next(h for h in logging.getLogger().handlers if h.get_name() == "portal")
        buffer = io.StringIO()
        handler.setStream(buffer)
        yield client, buffer


def lines(buffer: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in buffer.getvalue().splitlines()]


async def test_access_lines_are_json_with_the_callers_request_id(settings: Settings) -> None:
    async with logged(settings) as (client, buffer):
        response = await client.get("/options", headers={"X-Request-ID": "trace-abc.123"})
    assert response.headers["x-request-id"] == "trace-abc.123"
    (line,) = [entry for entry in lines(buffer) if entry["logger"] == "portal.access"]
    assert set(line) == FIELDS
    assert line["request_id"] == "trace-abc.123"
    assert (line["method"], line["path"], line["status"], line["level"]) == ("GET", "/options", 200, "INFO")
    assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", str(line["time"]))


@pytest.mark.parametrize("incoming", [None, "", "x" * 65, "two words", "a;b=c", "id\u00e9".encode("latin-1")])
async def test_missing_or_odd_request_ids_are_replaced(incoming: str | bytes | None, client: httpx.AsyncClient) -> None:
    headers = {} if incoming is None else {"X-Request-ID": incoming}
    made = (await client.get("/healthz", headers=headers)).headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", made)
    assert (await client.get("/healthz", headers=headers)).headers["x-request-id"] != made  # fresh each time


async def test_unexpected_errors_are_logged_with_the_request_id_and_never_shown(settings: Settings) -> None:
    async with logged(settings) as (client, buffer):
        response = await client.get("/_test/explode", headers={"X-Request-ID": "boom-1"})
    assert response.status_code == 500
    assert response.json() == {"message": "Something went wrong on our side. Try again in a moment."}
    assert response.headers["x-request-id"] == "boom-1"
    assert "hunter2" not in response.text and "Traceback" not in response.text
    entries = [entry for entry in lines(buffer) if entry.get("request_id") == "boom-1"]
    error = next(entry for entry in entries if entry["level"] == "ERROR")
    assert "RuntimeError: database password is hunter2" in str(error["exception"])
    assert "Traceback" in str(error["exception"])
    access = next(entry for entry in entries if entry["logger"] == "portal.access")
    assert access["status"] == 500


async def test_log_lines_inside_a_request_carry_its_id_in_text_format_too(settings: Settings) -> None:
    async with logged(settings, "text") as (client, buffer):
        await client.get("/options", headers={"X-Request-ID": "plain-7"})
    assert re.search(r"INFO portal\.access \[plain-7\]: GET /options 200 [\d.]+ms", buffer.getvalue())


def test_json_is_the_production_default(settings: Settings) -> None:
    production = settings.model_copy(update={"portal_env": "production"})
    assert production.effective_log_format == "json"
    assert settings.effective_log_format == "text"
    assert production.model_copy(update={"log_format": "text"}).effective_log_format == "text"


def test_a_real_server_writes_only_json_lines(settings: Settings, run_dir: Path) -> None:
    """Uvicorn's own start-up and shutdown lines come out as JSON too, one object per line."""
    port = free_port()
    logs = run_dir / "json-logs"
    logs.mkdir(exist_ok=True)
    url = f"http://127.0.0.1:{port}"
    with serving([("api-json", api_command(port), f"{url}/healthz")], process_env(settings, LOG_FORMAT="json"), logs):
        assert httpx.get(f"{url}/options", headers={"X-Request-ID": "real-42"}).headers["x-request-id"] == "real-42"
    entries = [json.loads(line) for line in (logs / "api-json.log").read_text().splitlines()]
    assert any(e["logger"] == "uvicorn.error" for e in entries)
    assert not any(e["logger"] == "uvicorn.access" for e in entries)  # ours is the one access line
    (access,) = [e for e in entries if e.get("request_id") == "real-42" and e["logger"] == "portal.access"]
    assert set(access) == FIELDS and access["path"] == "/options"
