"""``./ops/run``: migrate, seed, then run API + worker + UI on embedded defaults until Ctrl-C.

``python -m app.devstack`` (:func:`serve_api`) is the production container's API alone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from types import FrameType

from app.operations import launcher
from app.operations.migrations import migrate
from app.operations.seed import seed
from app.settings import Settings, get_settings


def commands(settings: Settings, serve_ui: bool) -> dict[str, list[str]]:
    found = {
        "api": launcher.api_command(settings.api_port, host=settings.bind_host, processes=settings.api_processes),
        "worker": launcher.worker_command(),
    }
    if serve_ui:
        found["ui"] = launcher.ui_command()
    return found


def _local(host: str) -> str:
    """Where this machine reaches a server bound to ``host``."""
    return "127.0.0.1" if host in ("0.0.0.0", "::", "") else host


def serve_api() -> None:
    """``python -m app.devstack``: the production container's API (API_PROCESSES uvicorn processes)."""
    settings = get_settings()
    command = commands(settings, serve_ui=False)["api"]
    os.execve(command[0], command, launcher.api_environment(settings, os.environ))


def run_stack(settings: Settings, *, serve_ui: bool, ui_dist: Path) -> int:
    migrate(settings)
    if not settings.is_production and settings.seed_demo_data:
        seed(settings)
    if serve_ui and not (ui_dist / "index.html").exists():
        print(f"the UI is not built ({ui_dist}); run ./ops/run, which builds it", file=sys.stderr)
        return 1
    stopping = False

    def interrupt(_signum: int, _frame: FrameType | None) -> None:
        raise KeyboardInterrupt  # while starting: leave at once, stopping what was started

    def stop(_signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)
    try:
        with ExitStack() as stack:
            env = dict(os.environ)
            if not settings.redis_url:
                env["REDIS_URL"] = stack.enter_context(launcher.embedded_redis(settings.data_dir))
            environments = {"api": launcher.api_environment(settings, env)}
            children: dict[str, subprocess.Popen[bytes]] = {}
            stack.callback(launcher.stop, children.values())
            for name, command in commands(settings, serve_ui).items():
                children[name] = launcher.start(command, environments.get(name, env))
            host = _local(settings.bind_host)
            probes = {
                "api": f"http://{host}:{settings.api_port}/health",
                "ui": f"http://{host}:{settings.ui_port}/config.js",
            }
            for name, probe in probes.items():
                if name in children:
                    launcher.wait_until_up(probe, children[name], None, timeout=60)
            signal.signal(signal.SIGINT, stop)
            signal.signal(signal.SIGTERM, stop)
            processes = f" ({settings.api_processes} processes)" if settings.api_processes > 1 else ""
            print(f"API      http://localhost:{settings.api_port}{processes}")
            if serve_ui:
                print(f"Portal   http://localhost:{settings.ui_port}")
            print("Ctrl-C stops everything.", flush=True)
            while not stopping:
                for name, child in children.items():
                    if child.poll() is not None:
                        print(f"{name} stopped with exit code {child.returncode}; stopping the rest", file=sys.stderr)
                        return 1
                time.sleep(0.3)
    except KeyboardInterrupt:
        pass
    except RuntimeError as exc:  # a process ended or did not answer while starting
        print(f"{exc}; stopping the rest", file=sys.stderr)
        return 1
    return 0
