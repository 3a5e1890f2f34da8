"""Settings: embedded defaults in development, refusal of unsafe production configuration."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from pydantic import ValidationError

from app.auth.keys import load_signing_key
from app.settings import Settings


def test_development_needs_no_configuration(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, _env_file=None)  # type: ignore[call-arg]
    assert settings.effective_database_url == f"sqlite:///{tmp_path / 'portal.db'}"
    # Issue 15: the sample area's registration is off unless switched on, in development too.
    assert not settings.registration_allowed
    assert Settings(data_dir=tmp_path, registration_enabled=True).registration_allowed


def test_limits_in_settings_are_checked_at_start() -> None:
    with pytest.raises(ValidationError) as caught:
        Settings(rate_limit_chat="lots of them")
    assert "rate_limit_chat" in str(caught.value)
    with pytest.raises(ValidationError):
        Settings(trusted_proxies=["not-a-network"])
    assert Settings(rate_limit_upload="").rate_limit_upload == ""  # empty: that limit is off


def test_development_key_is_generated_once_and_kept_private(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    first = load_signing_key(settings)
    path = tmp_path / "jwt-signing-key.pem"
    assert path.exists()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_signing_key(settings).kid == first.kid


def test_production_refuses_to_start_without_keys_and_servers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PORTAL_ENV", "production")
    with pytest.raises(ValidationError) as caught:
        Settings()
    message = str(caught.value)
    for missing in ("JWT_PRIVATE_KEY", "DATABASE_URL", "REDIS_URL", "JWT_ISSUER"):
        assert missing in message


def test_production_with_everything_configured(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    dev_key = load_signing_key(Settings(data_dir=tmp_path))
    monkeypatch.setenv("PORTAL_ENV", "production")
    monkeypatch.setenv("JWT_PRIVATE_KEY", dev_key.as_pem(private=True).decode())
    monkeypatch.setenv("DATABASE_URL", "postgresql://portal@db/portal")
    monkeypatch.setenv("REDIS_URL", "redis://redis:6379/0")
    monkeypatch.setenv("JWT_ISSUER", "https://portal.example.com")
    monkeypatch.setenv("REGISTRATION_ENABLED", "true")
    settings = Settings()
    assert settings.is_production
    assert not settings.registration_allowed  # sample-area registration is always off in production
    assert load_signing_key(settings).kid == dev_key.kid


def test_a_public_key_is_not_accepted_for_signing(tmp_path: Path) -> None:
    key = load_signing_key(Settings(data_dir=tmp_path))
    settings = Settings(data_dir=tmp_path, jwt_private_key=key.as_pem(private=False).decode())
    with pytest.raises(RuntimeError, match="private"):
        load_signing_key(settings)


def test_cors_origins_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CORS_ORIGINS", '["https://portal.example.com"]')
    assert Settings().cors_origins == ["https://portal.example.com"]
