"""``./ops/run``: migrate, seed, then run API + worker + UI on embedded defaults until Ctrl-C."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

from app.observability.metrics import MULTIPROCESS_ENV
from app.redis_conn import shutdown_embedded, start_embedded
from app.settings import Settings

STOP_GRACE_SECONDS = 10


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


def api_environment(settings: Settings, env: dict[str, str]) -> dict[str, str]:
    """The API's environment: with several processes, a fresh folder where they share their metrics."""
    env = dict(env)
    if settings.api_processes > 1 and not env.get(MULTIPROCESS_ENV):
        folder = settings.data_dir / "metrics"
        shutil.rmtree(folder, ignore_errors=True)  # values of processes from an earlier run
        folder.mkdir(parents=True)
        env[MULTIPROCESS_ENV] = str(folder)
    return env


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
