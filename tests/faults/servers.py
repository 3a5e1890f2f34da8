"""Redis and PostgreSQL servers that a fault test owns: started on a free port in a temporary folder,
so a test can stop and restart them without touching the shared servers on 5432 and 6379."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from tests.processes import free_port

REDIS_SERVER = "/usr/bin/redis-server"


def _wait_for_port(port: int, *, up: bool, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            s.settimeout(0.5)
            listening = s.connect_ex(("127.0.0.1", port)) == 0
        if listening == up:
            return
        time.sleep(0.05)
    raise RuntimeError(f"port {port} did not {'open' if up else 'close'} within {seconds} s")


class RedisServer:
    """A ``redis-server`` without persistence: a restart loses every key, as a crash would."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    @staticmethod
    def available() -> bool:
        return os.access(REDIS_SERVER, os.X_OK)

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        command = [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        command += ["--dir", str(self.folder)]
        log = (self.folder / "redis.log").open("ab")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        _wait_for_port(self.port, up=True)

    def stop(self) -> None:
        """Kill the server (SIGKILL: no goodbye to its clients, as when a machine goes away)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None
        _wait_for_port(self.port, up=False)

    def restart(self, down_for: float = 0) -> None:
        self.stop()
        time.sleep(down_for)
        self.start()


def _postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class PostgresCluster:
    """A throwaway PostgreSQL cluster (``initdb`` + ``pg_ctl``), run as the ``postgres`` user when the
    tests run as root (initdb refuses root)."""

    def __init__(self) -> None:
        # Its own folder directly in /tmp: the postgres user cannot enter pytest's 0700 folders.
        self.folder = Path(tempfile.mkdtemp(prefix="portal-faults-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/portal"
        self.bin = _postgres_bin()

    @staticmethod
    def unavailable_reason() -> str | None:
        """Why no cluster can be started here, or None when one can."""
        if _postgres_bin() is None:
            return "no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb)"
        if os.geteuid() == 0 and shutil.which("runuser") is None:
            return "running as root without runuser: initdb refuses root"
        if os.geteuid() == 0:
            try:
                import pwd

                pwd.getpwnam("postgres")
            except KeyError:
                return "running as root and there is no postgres user to run initdb as"
        return None

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
        assert self.bin is not None
        command = [str(self.bin / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, check=check, capture_output=True, timeout=60)

    def init(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8")
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        options += " -c max_connections=200 -c full_page_writes=off"
        (self.folder / "options").write_text(options)
        self.start()
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "portal")

    def start(self) -> None:
        options = (self.folder / "options").read_text()
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "server.log"), "-w", "start")
        _wait_for_port(self.port, up=True)

    def stop(self) -> None:
        """Stop at once (``-m immediate``: open transactions die with it, as in a crash)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)
        _wait_for_port(self.port, up=False)

    def restart(self, down_for: float = 0) -> None:
        self.stop()
        time.sleep(down_for)
        self.start()

    def destroy(self) -> None:
        with contextlib.suppress(Exception):
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@contextlib.contextmanager
def redis_server(folder: Path) -> Iterator[RedisServer]:
    server = RedisServer(folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def postgres_cluster() -> Iterator[PostgresCluster]:
    cluster = PostgresCluster()
    cluster.init()
    try:
        yield cluster
    finally:
        cluster.destroy()
