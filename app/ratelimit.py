"""Rate limits per client address and per user, kept in Redis so they hold across API processes.

Built on the `limits` library (moving windows, its async Redis storage on the portal's own redis-py
connection pool). Each rule's limits come from a setting (``RATE_LIMIT_*``, e.g. "20/minute;200/hour").
Calls of a signed-in user are limited per user, and per client address at ``ADDRESS_FACTOR`` times
that (several people may share an office address); calls before sign-in per address only. A call
over a limit answers 429 with ``Retry-After`` and a message that says how long to wait.

While Redis is unreachable the limits are not enforced (logged): the calls that need Redis say so
themselves, and the sign-in lockout (app/auth/throttle.py) is kept in the database, not here.
"""

from __future__ import annotations

import ipaddress
import logging
import math
import time
from dataclasses import dataclass
from typing import Any

import redis.asyncio as aioredis
from limits import RateLimitItem, parse_many
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter
from redis.exceptions import RedisError
from starlette.requests import HTTPConnection

from app.errors import ApiError
from app.settings import Settings

log = logging.getLogger("portal.ratelimit")

ADDRESS_FACTOR = 3
KEY_PREFIX = "portal:limits"
OUTAGE_LOG_SECONDS = 30.0


@dataclass(frozen=True)
class Rule:
    setting: str  # the Settings attribute that holds its limits
    per_user: bool  # counted per user too (calls of a signed-in user)
    what: str  # for the message: "Too many {what}"


RULES: dict[str, Rule] = {
    "sign-in": Rule("rate_limit_sign_in", per_user=False, what="sign-in attempts from your address"),
    "challenge": Rule("rate_limit_challenge", per_user=False, what="sign-in codes from your address"),
    "register": Rule("rate_limit_register", per_user=False, what="registrations from your address"),
    "password-reset": Rule(
        "rate_limit_password_reset", per_user=False, what="password reset requests from your address"
    ),
    "password-check": Rule("rate_limit_password_check", per_user=False, what="password checks from your address"),
    "upload": Rule("rate_limit_upload", per_user=True, what="uploads"),
    "chat": Rule("rate_limit_chat", per_user=True, what="chat messages"),
    "write": Rule("rate_limit_write", per_user=True, what="changes"),
    "push-test": Rule("rate_limit_push_test", per_user=True, what="test notifications"),
}

#: The calls each rule guards; /openapi.json documents their 429 from here.
LIMITED_CALLS: dict[tuple[str, str], str] = {
    ("POST", "/auth/sign-in"): "sign-in",
    ("GET", "/auth/oidc/start"): "sign-in",
    ("POST", "/auth/oidc/exchange"): "sign-in",
    ("GET", "/api/auth"): "sign-in",
    ("POST", "/api/auth"): "sign-in",
    ("POST", "/auth/totp/setup"): "sign-in",
    ("POST", "/auth/totp/verify"): "sign-in",
    ("POST", "/auth/totp/disable"): "sign-in",
    ("POST", "/auth/challenge"): "challenge",
    ("POST", "/api/auth/register"): "register",
    ("POST", "/auth/password-check"): "password-check",
    ("POST", "/auth/forgot-password"): "password-reset",
    ("POST", "/auth/reset-password"): "challenge",
    ("POST", "/auth/unlock"): "sign-in",
    ("POST", "/documents/upload"): "upload",
    ("POST", "/api/file-manager-app/upload"): "upload",
    ("POST", "/api/chat/send-message"): "chat",
    ("POST", "/api/coming-soon/subscribe"): "write",
    ("POST", "/api/mail-app/send"): "write",
    ("POST", "/api/e-commerce-app/product/image"): "upload",
    **{
        ("POST", f"/api/profile/{call}"): "write"
        for call in ("posts/new", "posts/like", "posts/comment", "posts/remove", "follow")
    },
    **{
        (method, f"/{resource}{suffix}"): "write"
        for resource in ("assets", "documents", "leads")
        for method, suffix in (("POST", ""), ("PATCH", "/{id}"), ("DELETE", "/{id}"))
        if not (resource == "documents" and method == "POST")  # documents are created by uploads
    },
    ("POST", "/documents/{id}/retry"): "write",
    # The admin console's changes, and the account page's password and photo (app/routes/admin.py).
    ("POST", "/admin/users"): "write",
    ("PATCH", "/admin/users/{id}"): "write",
    ("POST", "/admin/users/{id}/reset-password"): "write",
    ("POST", "/admin/users/{id}/unlock"): "write",
    ("POST", "/admin/users/{id}/disable-mfa"): "write",
    ("POST", "/admin/users/{id}/photo"): "upload",
    ("DELETE", "/admin/users/{id}/sessions"): "write",
    ("DELETE", "/admin/users/{id}/sessions/{sid}"): "write",
    ("POST", "/me/password"): "sign-in",
    ("POST", "/me/photo"): "upload",
    ("POST", "/assets/import"): "upload",
    ("POST", "/leads/import"): "upload",
    ("POST", "/imports/{id}/commit"): "write",
    ("POST", "/assets/{id}/inspections"): "write",
    ("PUT", "/inspection-intervals/{category}"): "write",
    ("POST", "/push/subscriptions"): "write",
    ("PATCH", "/push/subscriptions/{id}"): "write",
    ("DELETE", "/push/subscriptions/{id}"): "write",
    ("PATCH", "/notifications/preferences"): "write",
    ("POST", "/push/test"): "push-test",
}


def _networks(values: list[str]) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    return [ipaddress.ip_network(value, strict=False) for value in values]


def _address(value: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(value.strip())
    except ValueError:
        return None


class ClientAddress:
    """The caller's address: the socket peer, or behind a trusted proxy the nearest untrusted hop of
    ``X-Forwarded-For`` (read from the right: hops to the left of it are the client's to invent)."""

    def __init__(self, trusted_proxies: list[str]) -> None:
        self._trusted = _networks(trusted_proxies)

    def _is_trusted(self, address: ipaddress.IPv4Address | ipaddress.IPv6Address | None) -> bool:
        return address is not None and any(address in network for network in self._trusted)

    def __call__(self, connection: HTTPConnection) -> str:
        peer = connection.client.host if connection.client else ""
        if not self._trusted or not self._is_trusted(_address(peer)):
            return peer or "unknown"
        hops = [hop.strip() for header in connection.headers.getlist("x-forwarded-for") for hop in header.split(",")]
        nearest = peer
        for hop in reversed([hop for hop in hops if hop]):
            parsed = _address(hop)
            if parsed is None:
                break  # a trusted proxy never writes this: what is left is the client's invention
            nearest = str(parsed)
            if not self._is_trusted(parsed):
                break
        return nearest


class RateLimits:
    def __init__(self, settings: Settings, redis: aioredis.Redis) -> None:
        self.enabled = settings.rate_limits_enabled
        self.client_address = ClientAddress(settings.trusted_proxies)
        pool: Any = redis.connection_pool  # the portal's own connections (typed by limits as plain options)
        storage = RedisStorage("async+redis://", implementation="redispy", key_prefix=KEY_PREFIX, connection_pool=pool)
        self._limiter = MovingWindowRateLimiter(storage)
        self._items: dict[str, list[RateLimitItem]] = {}
        self._address_items: dict[str, list[RateLimitItem]] = {}
        for name, rule in RULES.items():
            text = str(getattr(settings, rule.setting)).strip()
            items = parse_many(text) if text else []
            self._items[name] = items
            self._address_items[name] = (
                [type(item)(item.amount * ADDRESS_FACTOR, item.multiples) for item in items] if rule.per_user else items
            )
        self._outage_logged = 0.0

    def limits_of(self, rule: str) -> list[RateLimitItem]:
        return list(self._items[rule])

    async def hit(self, rule: str, connection: HTTPConnection, *, user: int | None = None) -> None:
        """Count one call under ``rule``; 429 when the address (or the user) is over a limit."""
        if not self.enabled:
            return
        checks = [("address", self.client_address(connection), self._address_items[rule])]
        if user is not None and RULES[rule].per_user:
            checks.append(("user", str(user), self._items[rule]))
        try:
            for kind, who, items in checks:
                for item in items:
                    if not await self._limiter.hit(item, rule, kind, who):
                        stats = await self._limiter.get_window_stats(item, rule, kind, who)
                        raise self._refusal(rule, stats.reset_time)
        except RedisError as exc:
            now = time.monotonic()
            if now - self._outage_logged > OUTAGE_LOG_SECONDS:
                self._outage_logged = now
                log.warning("rate limits not enforced while Redis is unavailable (%s)", exc)

    @staticmethod
    def _refusal(rule: str, reset_time: float) -> ApiError:
        wait = max(1, math.ceil(reset_time - time.time()))
        when = f"{wait} seconds" if wait < 120 else f"{math.ceil(wait / 60)} minutes"
        message = f"Too many {RULES[rule].what}. Wait {when}, then try again."
        return ApiError(429, message, headers={"Retry-After": str(wait)})

    async def reset(self) -> None:
        """Forget every count (tests)."""
        await self._limiter.storage.reset()
