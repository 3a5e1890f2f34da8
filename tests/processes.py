"""Real server processes for tests that need sockets or a browser: uvicorn API and the UI server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from app.settings import ROOT, Settings


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def process_env(settings: Settings, **extra: str) -> dict[str, str]:
    """Environment for a child process that uses the same database, Redis and data folder."""
    return {
        **os.environ,
        "PORTAL_ENV": "development",
        "DATA_DIR": str(settings.data_dir),
        "DATABASE_URL": settings.effective_database_url,
        "REDIS_URL": settings.redis_url,
        **extra,
    }


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{url} exited early:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(url, timeout=1).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not come up:\n{log.read_text()[-3000:]}")


@contextmanager
def serving(commands: list[tuple[str, list[str], str]], env: dict[str, str], logs: Path) -> Iterator[None]:
    """Start each (name, command, health URL) in order, wait until it answers, stop all at the end."""
    processes: list[subprocess.Popen[bytes]] = []
    try:
        for name, command, probe in commands:
            log = logs / f"{name}.log"
            process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
            processes.append(process)
            _wait_until_up(probe, process, log)
        yield
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def api_command(port: int) -> list[str]:
    return [sys.executable, "-m", "uvicorn", "--factory", "app.main:app", "--port", str(port), "--no-access-log"]


def ui_command() -> list[str]:
    return [sys.executable, "-m", "app.ui_server"]
