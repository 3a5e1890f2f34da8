"""``./ops/portal``: user administration from the command line, and the demo seed."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import httpx
import pytest

from app.settings import ROOT, Settings
from tests.support import unique

pytestmark = pytest.mark.db


def portal(settings: Settings, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "DATA_DIR": str(settings.data_dir),
        "DATABASE_URL": settings.effective_database_url,
        "REDIS_URL": settings.redis_url,
    }
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    if check:
        assert result.returncode == 0, result.stderr
    return result


async def test_created_user_must_choose_a_password_at_first_sign_in(
    settings: Settings, client: httpx.AsyncClient
) -> None:
    name = unique("cli-")
    out = portal(settings, "users", "create", name, "--email", f"{name}@example.test", "--role", "technician").stdout
    password = re.search(r"temporary password: (\S+)", out)
    assert password, out
    first = await client.post("/auth/sign-in", json={"username": name, "password": password.group(1)})
    assert first.json()["challenge"] == "NEW_PASSWORD_REQUIRED"
    listed = portal(settings, "users", "list").stdout
    assert re.search(rf"{name}\s+technician\s+FORCE_CHANGE_PASSWORD", listed)


async def test_set_role_disable_and_reset_password(settings: Settings, client: httpx.AsyncClient) -> None:
    name = unique("cli-")
    portal(settings, "users", "create", name, "--email", f"{name}@example.test", "--role", "contractor")
    portal(settings, "users", "set-role", name, "manager")
    assert re.search(rf"{name}\s+manager", portal(settings, "users", "list").stdout)
    portal(settings, "users", "disable", name)
    assert re.search(rf"{name}\s+manager\s+DISABLED", portal(settings, "users", "list").stdout)
    portal(settings, "users", "enable", name)
    reset = portal(settings, "users", "reset-password", name).stdout
    password = re.search(r"temporary password for \S+: (\S+)", reset)
    assert password
    again = await client.post("/auth/sign-in", json={"username": name, "password": password.group(1)})
    assert again.json()["challenge"] == "NEW_PASSWORD_REQUIRED"


def test_errors_are_reported_without_a_traceback(settings: Settings) -> None:
    missing = portal(settings, "users", "disable", "nobody-like-this", check=False)
    assert missing.returncode == 1
    assert "No user named" in missing.stderr and "Traceback" not in missing.stderr
    name = unique("cli-")
    portal(settings, "users", "create", name, "--email", f"{name}@example.test", "--role", "admin")
    clash = portal(settings, "users", "create", name, "--email", "x@example.test", "--role", "admin", check=False)
    assert clash.returncode == 1 and "already exists" in clash.stderr
