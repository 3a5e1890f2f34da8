"""``./ops/run``: migrate, seed, then run API + worker + UI on embedded defaults until Ctrl-C."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from types import FrameType

from app.redis_conn import shutdown_embedded, start_embedded
from app.settings import Settings

STOP_GRACE_SECONDS = 10
# prometheus_client's multiprocess folder (see app/observability/metrics.py). Not imported from there: importing
# prometheus_client here, with the variable set, would create this process's files before the folder exists.
MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"


def _processes(settings: Settings, serve_ui: bool) -> dict[str, list[str]]:
    python = sys.executable
    commands = {
        "api": [
            python,
            "-m",
            "uvicorn",
            "--factory",
            "app.main:app",
            "--host",
            settings.bind_host,
            "--port",
            str(settings.api_port),
            "--no-access-log",  # the API logs each request itself, with its request id
            # The client address comes from X-Forwarded-For only behind TRUSTED_PROXIES (app/ratelimit.py),
            # decided by the portal: uvicorn must not rewrite it first (it trusts 127.0.0.1 by default).
            "--no-proxy-headers",
            # No per-socket zlib: ~45 KB less memory per socket and no compression per recipient of a
            # push (what Node's socket.io does by default too); see docs/performance.md.
            "--ws-per-message-deflate",
            "false",
            *(["--workers", str(settings.api_processes)] if settings.api_processes > 1 else []),
        ],
        "worker": [python, "-m", "worker"],
    }
    if serve_ui:
        commands["ui"] = [python, "-m", "app.ui_server"]
    return commands


def api_environment(settings: Settings, env: Mapping[str, str]) -> dict[str, str]:
    """The API's environment. Several processes share their metrics through a folder: the one named by
    PROMETHEUS_MULTIPROC_DIR (a container sets one of its own), else DATA_DIR/metrics; it is emptied
    first, since values left by the processes of an earlier run would be added to the new ones."""
    env = dict(env)
    if settings.api_processes > 1 or env.get(MULTIPROCESS_ENV):
        folder = Path(env.get(MULTIPROCESS_ENV) or settings.data_dir / "metrics")
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        env[MULTIPROCESS_ENV] = str(folder)
    return env


def serve_api() -> None:
    """``python -m app.devstack``: the production container's API (API_PROCESSES uvicorn processes)."""
    from app.settings import get_settings

    settings = get_settings()
    command = _processes(settings, serve_ui=False)["api"]
    os.execve(command[0], command, api_environment(settings, os.environ))


def run_stack(settings: Settings, *, serve_ui: bool, ui_dist: Path) -> int:
    from app.cli import migrate, seed

    migrate(settings)
    if not settings.is_production and settings.seed_demo_data:
        seed(settings)
    if serve_ui and not (ui_dist / "index.html").exists():
        print(f"the UI is not built ({ui_dist}); run ./ops/run, which builds it", file=sys.stderr)
        return 1
    env = dict(os.environ)
    if not settings.redis_url:
        env["REDIS_URL"] = start_embedded(settings.data_dir)
    stopping = False

    def stop(_signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    environments = {"api": api_environment(settings, env)}
    children = {
        name: subprocess.Popen(cmd, env=environments.get(name, env))
        for name, cmd in _processes(settings, serve_ui).items()
    }
    processes = f" ({settings.api_processes} processes)" if settings.api_processes > 1 else ""
    print(f"API      http://localhost:{settings.api_port}{processes}")
    if serve_ui:
        print(f"Portal   http://localhost:{settings.ui_port}")
    print("Ctrl-C stops everything.", flush=True)
    status = 0
    try:
        while not stopping:
            for name, child in children.items():
                if child.poll() is not None:
                    print(
                        f"{name} stopped with exit code {child.returncode}; stopping the rest",
                        file=sys.stderr,
                    )
                    stopping, status = True, 1
            time.sleep(0.3)
    finally:
        for child in children.values():
            if child.poll() is None:
                child.terminate()
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        for child in children.values():
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
        shutdown_embedded()
    return status


if __name__ == "__main__":
    serve_api()
