"""Which push endpoints the server may post to: ``WEB_PUSH_ALLOWED_ENDPOINTS``.

A subscription names the URL the server will later POST to, so an unchecked one would let any
signed-in user make the workers call an internal address. Each allowed prefix is parsed once into
scheme, host (exact, or ``*.`` for any subdomain), port and path, and an endpoint matches when its
parsed parts do: comparing parts, not strings, so ``https://fcm.googleapis.com.evil.test/`` or a
user-info trick (``https://fcm.googleapis.com@evil.test/``) never passes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

DEFAULT_PORTS = {"https": 443, "http": 80}


@dataclass(frozen=True)
class Prefix:
    scheme: str
    host: str  # lowercase; "*.example.com" matches any subdomain of example.com (not itself)
    port: int
    path: str

    def matches(self, scheme: str, host: str, port: int, path: str) -> bool:
        if scheme != self.scheme or port != self.port or not path.startswith(self.path):
            return False
        if self.host.startswith("*."):
            return host.endswith(self.host[1:]) and len(host) > len(self.host) - 1
        return host == self.host


def _parts(url: str) -> tuple[str, str, int, str]:
    """(scheme, host, port, path) of an absolute http(s) URL; ValueError when it is anything else."""
    if not url.isascii() or any(c.isspace() or ord(c) < 32 for c in url) or "\\" in url:
        raise ValueError("has spaces, control or non-ASCII characters")
    parsed = urlsplit(url)
    scheme = parsed.scheme.lower()
    if scheme not in DEFAULT_PORTS:
        raise ValueError("is not an http(s) address")
    if parsed.username is not None or parsed.password is not None or "@" in parsed.netloc:
        raise ValueError("carries user information")
    host = (parsed.hostname or "").lower()
    if not host:
        raise ValueError("has no host")
    port = parsed.port or DEFAULT_PORTS[scheme]  # urlsplit raises ValueError on a bad port
    return scheme, host, port, parsed.path or "/"


def parse_prefix(prefix: str) -> Prefix:
    try:
        scheme, host, port, path = _parts(prefix.replace("*.", "wildcard.", 1) if "*." in prefix else prefix)
    except ValueError as exc:
        raise ValueError(f"WEB_PUSH_ALLOWED_ENDPOINTS entry {prefix!r} {exc}") from exc
    if "*." in prefix:
        if not host.startswith("wildcard.") or "*" in host[len("wildcard.") :]:
            raise ValueError(f"WEB_PUSH_ALLOWED_ENDPOINTS entry {prefix!r}: '*.' may only start the host")
        host = "*." + host[len("wildcard.") :]
    if not path.endswith("/"):
        raise ValueError(f"WEB_PUSH_ALLOWED_ENDPOINTS entry {prefix!r} must end its path with '/'")
    return Prefix(scheme, host, port, path)


def allowed(endpoint: str, prefixes: Iterable[str]) -> bool:
    """True when ``endpoint`` lies under one of ``prefixes`` (and is a plain http(s) URL at all)."""
    try:
        parts = _parts(endpoint)
    except ValueError:
        return False
    return any(parse_prefix(prefix).matches(*parts) for prefix in prefixes)


def service_of(endpoint: str) -> str:
    """The push service's host, as a device list shows it."""
    return (urlsplit(endpoint).hostname or "").lower()
