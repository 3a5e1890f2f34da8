"""A local Web Push service for the tests: the part of a browser vendor's push service the portal talks to.

It speaks the real protocol, so the portal's sending is tested end to end without a browser:

- RFC 8030: ``POST /push/<device>`` with ``TTL`` (and ``Topic``/``Urgency``), answered 201 with a
  ``Location``; or, as a test asks per device, 410 (the subscription expired) or 503 (try again).
- RFC 8292: ``Authorization: vapid t=<JWT>, k=<public key>``; the JWT must be ES256, signed by ``k``,
  ``k`` must be the key the device subscribed with, ``aud`` must be this service's origin, ``exp`` in
  the next 24 hours, ``sub`` a mailto: or https: contact. Anything else is refused with 403 (and noted).
- RFC 8291: the body (``Content-Encoding: aes128gcm``, at most 4096 bytes) is decrypted with the
  device's private key and authentication secret, as the browser would, and kept as JSON.

Each device is what a browser's ``PushSubscription`` holds: an endpoint here, a P-256 key pair and a
16-byte secret; :meth:`Device.subscription` is the ``toJSON()`` the UI posts to the portal.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """One browser's subscription: its keys, what it received, how the service answers for it."""

    id: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))
    answers: list[int] = field(default_factory=list)  # statuses to answer, in order; then 201
    received: list[dict[str, Any]] = field(default_factory=list)  # decrypted payloads of accepted pushes
    attempts: int = 0  # every POST, accepted or not
    headers: list[dict[str, str]] = field(default_factory=list)

    @property
    def p256dh(self) -> str:
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64url(point)

    def subscription(self, name: str | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)},
        }
        if name:
            body["name"] = name
        return body


class PushService:
    """The service on 127.0.0.1:<port>, in a thread; ``expected_key`` is the portal's VAPID public key."""

    def __init__(self, expected_key: str | None = None) -> None:
        self.expected_key = expected_key
        self.devices: dict[str, Device] = {}
        self.refusals: list[str] = []  # why a push was refused (a protocol error of the sender)
        self._lock = threading.Lock()
        self._counter = 0
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                service._handle(self)

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self._server.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> PushService:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def device(self, answers: list[int] | None = None) -> Device:
        with self._lock:
            self._counter += 1
            name = f"d{self._counter}-{os.urandom(4).hex()}"
        device = Device(id=name, endpoint=f"{self.origin}/push/{name}", answers=list(answers or []))
        self.devices[name] = device
        return device

    # --- the protocol -------------------------------------------------------------------------------

    def _refuse(self, handler: BaseHTTPRequestHandler, status: int, why: str) -> None:
        self.refusals.append(why)
        self._answer(handler, status, why.encode())

    @staticmethod
    def _answer(handler: BaseHTTPRequestHandler, status: int, body: bytes = b"", location: str | None = None) -> None:
        handler.send_response(status)
        if location:
            handler.send_header("Location", location)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    def _handle(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length)
        name = handler.path.removeprefix("/push/")
        device = self.devices.get(name)
        if device is None:
            self._answer(handler, 404, b"no such subscription")
            return
        with self._lock:
            device.attempts += 1
            device.headers.append({k.lower(): v for k, v in handler.headers.items()})
            status = device.answers.pop(0) if device.answers else 201
        problem = self._check_vapid(handler.headers.get("Authorization", ""))
        if problem:
            self._refuse(handler, 403, problem)
            return
        if handler.headers.get("Content-Encoding") != "aes128gcm":
            self._refuse(handler, 400, f"Content-Encoding {handler.headers.get('Content-Encoding')!r}")
            return
        if not (handler.headers.get("TTL") or "").isdigit():
            self._refuse(handler, 400, "no TTL")
            return
        if len(body) > 4096:
            self._refuse(handler, 413, f"payload of {len(body)} bytes")
            return
        if status != 201:
            self._answer(handler, status, b"as the test asked")
            return
        try:
            plain = http_ece.decrypt(body, private_key=device.private_key, auth_secret=device.auth, version="aes128gcm")
            message = json.loads(plain)
        except Exception as exc:  # a payload the browser could not read
            self._refuse(handler, 400, f"cannot decrypt: {exc!r}")
            return
        with self._lock:
            device.received.append(message)
        self._answer(handler, 201, location=f"{self.origin}/message/{device.id}/{len(device.received)}")

    def _check_vapid(self, header: str) -> str | None:
        scheme, _, params = header.partition(" ")
        if scheme.lower() != "vapid":
            return f"Authorization scheme {scheme!r}, not vapid"
        values = dict(part.strip().split("=", 1) for part in params.split(",") if "=" in part)
        token, key = values.get("t", ""), values.get("k", "")
        if self.expected_key is not None and key != self.expected_key:
            return "k is not the key the subscription was made with"
        try:
            head, claims, signature = token.split(".")
            header_json = json.loads(unb64url(head))
            claims_json = json.loads(unb64url(claims))
            raw = unb64url(signature)
            public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
        except Exception as exc:
            return f"unreadable VAPID token: {exc!r}"
        if header_json.get("alg") != "ES256" or len(raw) != 64:
            return f"not ES256: {header_json}"
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        try:
            public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            return "the VAPID signature does not verify"
        if claims_json.get("aud") != self.origin:
            return f"aud {claims_json.get('aud')!r} is not {self.origin}"
        exp = int(claims_json.get("exp") or 0)
        if not time.time() < exp <= time.time() + 24 * 3600:
            return f"exp {exp} is not within the next 24 hours"
        if not str(claims_json.get("sub", "")).startswith(("mailto:", "https:")):
            return f"sub {claims_json.get('sub')!r}"
        return None

    def received_by(self) -> dict[str, list[dict[str, Any]]]:
        found: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for device in self.devices.values():
            found[device.id] = list(device.received)
        return found
