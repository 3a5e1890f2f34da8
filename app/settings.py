"""Every setting of the portal, read from the environment in one place.

Development needs no configuration at all: a SQLite file and an embedded Redis in the data folder,
signing keys generated on first start. With ``PORTAL_ENV=production`` the settings refuse to load
unless the database, Redis, signing key and allowed origins are configured explicitly.
"""

from __future__ import annotations

import ipaddress
import re
from datetime import time
from functools import lru_cache
from pathlib import Path
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from limits import parse_many
from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    portal_env: Literal["development", "test", "production"] = "development"
    data_dir: Path = ROOT / "data"

    # Backends, chosen by URL; empty means the embedded default.
    database_url: str = ""
    redis_url: str = ""

    # Origins: the API's public address and the UI origins allowed by CORS and Socket.IO.
    bind_host: str = "127.0.0.1"
    api_port: int = 5000
    ui_port: int = 3000
    public_api_url: str = "http://localhost:5000"
    cors_origins: list[str] = Field(default_factory=lambda: ["http://localhost:3000", "http://127.0.0.1:3000"])

    # Tokens.
    jwt_private_key: str = ""  # PEM; in development generated into the data folder
    jwt_private_key_file: Path | None = None
    jwt_issuer: str = "http://localhost:5000"
    jwt_audience: str = "staff-portal"
    access_token_ttl: int = 3600
    refresh_token_ttl: int = 30 * 24 * 3600
    challenge_ttl: int = 180
    role_group_prefix: str = "portal-"

    # Company sign-in (OpenID Connect, app/auth/oidc.py): on when issuer, client id and secret are all set.
    # Only the issuer's own discovery document (and the endpoints it names) is ever fetched.
    oidc_issuer: str = ""  # https://login.example.com/realms/staff (no trailing /.well-known/...)
    oidc_client_id: str = ""
    oidc_client_secret: str = ""
    oidc_display_name: str = "company sign-in"  # the button reads "Sign in with <this>"
    oidc_groups_claim: str = "groups"  # the ID token claim listing the user's groups (ROLE_GROUP_PREFIX applies)
    oidc_scopes: str = "openid profile email"
    oidc_timeout: float = Field(default=10.0, gt=0, le=60)  # seconds for one request to the provider
    # everyone: password sign-in for every local account; admins-only: only admins may sign in with a password.
    local_sign_in: Literal["everyone", "admins-only"] = "everyone"

    # Sign-in protection (app/auth/throttle.py): failures counted per client address and name, and per name.
    session_cache_seconds: float = Field(default=60.0, ge=0, le=600)  # app/auth/live_sessions.py; 0: off
    # Answers of GET /{resource} and /{resource}/{id} kept per API process (app/services/answers.py); 0: off.
    answer_cache_entries: int = Field(default=1000, ge=0, le=100_000)
    answer_cache_mb: int = Field(default=32, ge=1, le=4096)
    lockout_free_failures: int = Field(default=4, ge=1)  # per address and name: the 5th failure locks 1 s, doubling
    lockout_account_free_failures: int = Field(default=50, ge=1)  # per name, from any address: a much higher count
    lockout_max_seconds: int = Field(default=900, ge=1)
    lockout_reset_seconds: int = Field(default=900, ge=1)  # a quiet period that clears the count
    password_hash_concurrency: int = Field(default=1, ge=1, le=64)  # argon2 at once per process (app/auth/passwords.py)
    password_hash_wait_seconds: float = Field(default=10.0, gt=0)  # queued longer: 503, try again

    # Rate limits (app/ratelimit.py), kept in Redis so they hold across API processes. Each is a list of
    # limits in the `limits` notation ("10/minute;100/hour"); empty switches that one off.
    rate_limits_enabled: bool = True
    trusted_proxies: list[str] = Field(default_factory=list)  # networks whose X-Forwarded-For is believed
    rate_limit_sign_in: str = "20/minute;200/hour"  # per client address: /auth/sign-in, /api/auth, TOTP changes
    rate_limit_challenge: str = "20/minute;200/hour"  # per client address: /auth/challenge
    rate_limit_register: str = "5/hour"  # per client address: /api/auth/register
    rate_limit_password_reset: str = "5/minute;20/hour"  # per address: /auth/forgot-password (each may send a mail)
    rate_limit_password_check: str = "60/minute;600/hour"  # per address: /auth/password-check (the meter)
    rate_limit_upload: str = "30/minute;300/hour"  # per user, and 3x that per address: /documents/upload
    rate_limit_chat: str = "30/10 seconds;1000/hour"  # per user, and 3x per address: chat messages
    rate_limit_write: str = "120/minute;2000/hour"  # per user, and 3x per address: record creates, edits, deletes
    rate_limit_push_test: str = "5/minute;30/hour"  # per user: "Send a test notification" (each reaches every device)
    max_sockets_per_session: int = Field(default=10, ge=1)  # Socket.IO connections open at once per signed-in session

    # Passwords.
    password_min_length: int = 8
    password_max_length: int = 256

    # Sample-area mock auth: its own pool of sample users (app/samples/auth.py). Registration is off unless
    # switched on, and never in production.
    registration_enabled: bool = False

    seed_demo_data: bool = True
    bench_routes: bool = False  # ./ops/bench: the "same JSON from memory" limit route; ignored in production

    # Document uploads: where files are kept and how big they may be.
    storage_url: str = ""  # empty: a folder under DATA_DIR/documents; file:///path; s3://bucket/prefix
    s3_endpoint_url: str = ""  # an S3-compatible service (MinIO, Ceph...); empty for AWS itself
    s3_region: str = ""  # credentials come from the usual AWS_* variables or the instance role
    max_upload_bytes: int = Field(default=50 * 1024 * 1024, ge=1)
    max_upload_files: int = Field(default=20, ge=1)

    # Document processing in the RQ workers.
    document_job_timeout: int = Field(default=120, ge=5)  # wall-clock seconds one processing attempt may take
    document_job_retries: int = Field(default=3, ge=0)  # further attempts after a passing failure
    document_retry_backoff: list[int] = Field(default_factory=lambda: [5, 30, 120])  # seconds before each
    document_stage_delay: float = Field(default=0.0, ge=0)  # pause after each stage (tests, demos of progress)
    max_extracted_text_chars: int = Field(default=1_000_000, ge=1000)
    # Caps on processing one document (docs/reliability.md, "Hostile use"); a file over one fails, not retried.
    document_job_memory_mb: int = Field(default=1024, ge=128)  # address space of one work horse (RLIMIT_AS)
    document_job_cpu_seconds: int = Field(default=60, ge=1)  # CPU time of one job in the lane for slow files
    document_fast_lane_cpu_seconds: int = Field(default=10, ge=1)  # CPU time in the normal lane; then: slow lane
    document_fast_lane_per_uploader: int = Field(default=3, ge=1)  # one uploader's files waiting in the normal lane
    document_archive_max_entries: int = Field(default=10_000, ge=10)  # parts in one Office (ZIP) file
    document_archive_max_mb: int = Field(default=1024, ge=1)  # an Office file's parts unpacked, all together
    document_archive_max_ratio: int = Field(default=100, ge=2)  # how much larger a part (over 1 MiB) may unpack
    document_sheet_max_cells: int = Field(default=10_000_000, ge=1000)  # cells a worksheet may declare
    document_image_max_pixels: int = Field(default=50_000_000, ge=1_000_000)  # larger images fail (no preview is made)

    # CSV/Excel imports (run by the workers) and exports.
    max_import_bytes: int = Field(default=50 * 1024 * 1024, ge=1024)  # one uploaded file
    max_import_rows: int = Field(default=200_000, ge=1)  # rows of one file
    import_job_timeout: int = Field(default=900, ge=10)  # seconds one import (check and write) may take
    worker_heartbeat_seconds: int = Field(default=5, ge=1)  # a dead worker's job is noticed ~2 beats later
    worker_maintenance_seconds: int = Field(default=10, ge=1)  # how often workers look for abandoned jobs

    # Notifications outside the open portal: Web Push from the workers (app/services/push), e-mail.
    vapid_private_key: str = ""  # PEM, or the raw P-256 key in base64url; in development generated into DATA_DIR
    vapid_private_key_file: Path | None = None
    vapid_subject: str = ""  # mailto: or https: contact for the push services; required in production
    # Endpoint prefixes a subscription may name (scheme://host[:port]/path...; "*." in the host matches
    # subdomains): the browser vendors' push services. Checked on subscribe and again before each send.
    web_push_allowed_endpoints: list[str] = Field(
        default_factory=lambda: [
            "https://fcm.googleapis.com/",  # Chrome, Edge on Android, Samsung Internet, Opera
            "https://updates.push.services.mozilla.com/",  # Firefox
            "https://*.notify.windows.com/",  # Edge on Windows (WNS)
            "https://web.push.apple.com/",  # Safari on macOS and iOS 16.4+ (home-screen apps)
        ]
    )
    web_push_max_devices: int = Field(default=10, ge=1, le=100)  # subscriptions per user
    web_push_ttl: int = Field(default=24 * 3600, ge=0, le=28 * 24 * 3600)  # seconds a push service keeps one
    web_push_timeout: float = Field(default=10.0, gt=0, le=60)  # seconds for one push service's answer
    web_push_retries: int = Field(default=3, ge=0, le=10)  # further attempts after a failure that may pass
    web_push_retry_backoff: list[int] = Field(default_factory=lambda: [10, 60, 300])  # seconds before each
    notification_delivery_max_age: int = Field(default=3600, ge=60)  # older undelivered ones expire unpushed
    email_backend: Literal["smtp", "log"] | None = None  # empty: smtp in production, log (no mail) elsewhere
    smtp_host: str = ""
    smtp_port: int = Field(default=587, ge=1, le=65535)
    smtp_security: Literal["starttls", "tls", "none"] = "starttls"  # tls: implicit TLS (usually port 465)
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_from: str = ""  # "Staff portal <portal@example.com>"
    smtp_timeout: float = Field(default=20.0, gt=0, le=120)
    public_ui_url: str = ""  # links in e-mails; empty: the first of CORS_ORIGINS
    # The daily inspection run (worker): at this local time, in this zone, once per day over all workers.
    # The audit log keeps entries this many days; a daily worker job prunes older ones (app/services/audit.py).
    audit_retention_days: int = Field(default=365, ge=1, le=36_500)
    inspection_notices_enabled: bool = True  # off: no daily run (a stack whose tests want no unasked notices)
    inspection_notice_time: str = "07:00"
    inspection_timezone: str = "UTC"

    # Operations: processes, logs, metrics.
    api_processes: int = Field(default=1, ge=1, le=64)  # uvicorn worker processes of the API on one machine
    log_format: Literal["json", "text"] | None = None  # empty: JSON in production, text elsewhere
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    access_log: bool = True  # one line per HTTP request (method, path, status, duration, request id)
    metrics_token: str = ""  # a Bearer token that may read /metrics from anywhere
    metrics_networks: list[str] = Field(default_factory=lambda: ["127.0.0.0/8", "::1/128"])  # may read it without
    hsts_max_age: int = Field(default=31_536_000, ge=0)  # Strict-Transport-Security, sent in production only

    @field_validator("metrics_networks", "trusted_proxies")
    @classmethod
    def _valid_networks(cls, value: list[str]) -> list[str]:
        for network in value:
            ipaddress.ip_network(network, strict=False)  # a ValueError names the bad entry
        return value

    @field_validator(
        "rate_limit_sign_in",
        "rate_limit_challenge",
        "rate_limit_register",
        "rate_limit_password_check",
        "rate_limit_upload",
        "rate_limit_chat",
        "rate_limit_write",
        "rate_limit_push_test",
    )
    @classmethod
    def _valid_limits(cls, value: str) -> str:
        if value.strip():
            parse_many(value)  # a ValueError names what it could not read
        return value

    @field_validator("inspection_notice_time")
    @classmethod
    def _valid_time(cls, value: str) -> str:
        if not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", value.strip()):
            raise ValueError("use HH:MM, 24-hour (07:00)")
        return value.strip()

    @field_validator("inspection_timezone")
    @classmethod
    def _valid_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError(f"unknown time zone {value!r} (use an IANA name such as Europe/Berlin)") from exc
        return value

    @field_validator("vapid_subject")
    @classmethod
    def _valid_subject(cls, value: str) -> str:
        if value and not re.fullmatch(r"(mailto:[^@\s]+@[^@\s]+|https://[^\s/]+(/\S*)?)", value):
            raise ValueError("use a mailto: address or an https: URL (RFC 8292 'sub')")
        return value

    @field_validator("web_push_allowed_endpoints")
    @classmethod
    def _valid_endpoints(cls, value: list[str]) -> list[str]:
        from app.services.push.endpoints import parse_prefix  # the one reader of these prefixes

        for prefix in value:
            parse_prefix(prefix)  # a ValueError names the bad entry
        return value

    @field_validator("oidc_issuer")
    @classmethod
    def _valid_issuer(cls, value: str) -> str:
        value = value.strip().rstrip("/")
        if value and not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", value):
            raise ValueError("use the issuer's URL (https://login.example.com/realms/staff), without query or fragment")
        return value

    @field_validator("oidc_scopes")
    @classmethod
    def _valid_scopes(cls, value: str) -> str:
        if "openid" not in value.split():
            raise ValueError("the scopes must include openid")
        return value

    @model_validator(mode="after")
    def _complete_oidc(self) -> Settings:
        given = [bool(self.oidc_issuer), bool(self.oidc_client_id), bool(self.oidc_client_secret)]
        if any(given) and not all(given):
            raise ValueError("company sign-in needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together")
        if self.oidc_enabled and not self.oidc_groups_claim.strip():
            raise ValueError("OIDC_GROUPS_CLAIM must name the claim that lists the groups")
        return self

    @model_validator(mode="after")
    def _refuse_unsafe_production(self) -> Settings:
        if self.portal_env != "production":
            return self
        missing = []
        if not (self.jwt_private_key or self.jwt_private_key_file):
            missing.append("JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE")
        if not self.database_url:
            missing.append("DATABASE_URL")
        if not self.redis_url:
            missing.append("REDIS_URL")
        if self.jwt_issuer.startswith("http://localhost"):
            missing.append("JWT_ISSUER (the public address of the API)")
        if not (self.vapid_private_key or self.vapid_private_key_file):
            missing.append("VAPID_PRIVATE_KEY or VAPID_PRIVATE_KEY_FILE")
        if not self.vapid_subject:
            missing.append("VAPID_SUBJECT (mailto: or https: contact for the push services)")
        if self.effective_email_backend == "smtp" and not (self.smtp_host and self.smtp_from):
            missing.append("SMTP_HOST and SMTP_FROM (or EMAIL_BACKEND=log)")
        if self.oidc_enabled and not self.oidc_issuer.startswith("https://"):
            missing.append("OIDC_ISSUER over https")
        if missing:
            raise ValueError("production settings are missing: " + ", ".join(missing))
        return self

    @property
    def oidc_enabled(self) -> bool:
        """Company sign-in is offered: issuer, client id and secret are all set."""
        return bool(self.oidc_issuer and self.oidc_client_id and self.oidc_client_secret)

    @property
    def bench_routes_enabled(self) -> bool:
        """``/_bench/*`` (see app/routes/bench.py) only when asked for, and never in production."""
        return self.bench_routes and not self.is_production

    @property
    def is_production(self) -> bool:
        return self.portal_env == "production"

    @property
    def registration_allowed(self) -> bool:
        return self.registration_enabled and not self.is_production

    @property
    def effective_log_format(self) -> str:
        return self.log_format or ("json" if self.is_production else "text")

    @property
    def effective_email_backend(self) -> str:
        return self.email_backend or ("smtp" if self.is_production else "log")

    @property
    def ui_url(self) -> str:
        """Where people open the portal (links in e-mails), without a trailing slash."""
        return (self.public_ui_url or (self.cors_origins[0] if self.cors_origins else "http://localhost:3000")).rstrip(
            "/"
        )

    @property
    def inspection_zone(self) -> ZoneInfo:
        return ZoneInfo(self.inspection_timezone)

    @property
    def inspection_time(self) -> time:
        hour, minute = self.inspection_notice_time.split(":")
        return time(int(hour), int(minute))

    @property
    def effective_database_url(self) -> str:
        return self.database_url or f"sqlite:///{self.data_dir / 'portal.db'}"


@lru_cache
def get_settings() -> Settings:
    return Settings()
