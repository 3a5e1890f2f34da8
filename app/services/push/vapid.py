"""The VAPID key pair (RFC 8292) that identifies this server to the push services.

Configured in production (``VAPID_PRIVATE_KEY`` as PEM or the raw key in base64url, or
``VAPID_PRIVATE_KEY_FILE``); generated once into the data folder in development, like the token
signing key (app/auth/keys.py). Browsers subscribe with the public key; changing the key ends every
subscription (push services refuse pushes signed by another key), so keep it.
"""

from __future__ import annotations

import base64
from functools import lru_cache
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

from app.auth.keys import write_private
from app.settings import Settings

FILE_NAME = "vapid-private-key.pem"
DEVELOPMENT_SUBJECT = "mailto:portal@localhost"


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _generate_into(path: Path) -> bytes:
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    return write_private(path, pem)


def _from_text(text: str) -> ec.EllipticCurvePrivateKey:
    text = text.strip()
    if text.startswith("-----BEGIN"):
        key = serialization.load_pem_private_key(text.encode(), password=None)
    else:  # the raw 32-byte private number, base64url (what `vapid --gen` and web-push tools print)
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        if len(raw) != 32:
            raise RuntimeError("VAPID_PRIVATE_KEY must be a PEM key or 32 bytes in base64url")
        key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    if not isinstance(key, ec.EllipticCurvePrivateKey) or not isinstance(key.curve, ec.SECP256R1):
        raise RuntimeError("the VAPID key must be a P-256 (prime256v1) private key")
    return key


def _load(text: str, key_file: Path | None, data_dir: Path, production: bool) -> ec.EllipticCurvePrivateKey:
    if text:
        return _from_text(text)
    if key_file:
        return _from_text(key_file.read_text())
    if production:
        raise RuntimeError("VAPID_PRIVATE_KEY or VAPID_PRIVATE_KEY_FILE must be set in production")
    path = data_dir / FILE_NAME
    return _from_text((path.read_bytes() if path.exists() else _generate_into(path)).decode())


class VapidKeys:
    def __init__(self, private_key: ec.EllipticCurvePrivateKey, subject: str) -> None:
        self.private_key = private_key
        self.signer = Vapid02(private_key=private_key)
        self.subject = subject or DEVELOPMENT_SUBJECT

    @property
    def application_server_key(self) -> str:
        """The public key as browsers take it in ``pushManager.subscribe`` (uncompressed point, base64url)."""
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return _b64url(point)

    def authorization(self, audience: str, expires_at: int) -> dict[str, str]:
        """The ``Authorization: vapid t=<JWT>, k=<key>`` header for one push service (``aud``: its origin)."""
        headers: dict[str, str] = self.signer.sign({"aud": audience, "exp": expires_at, "sub": self.subject})
        return headers


@lru_cache(maxsize=8)
def _cached(text: str, key_file: Path | None, data_dir: Path, production: bool, subject: str) -> VapidKeys:
    return VapidKeys(_load(text, key_file, data_dir, production), subject)


def keys_for(settings: Settings) -> VapidKeys:
    """The key pair, loaded (or generated) once per process for the same settings."""
    return _cached(
        settings.vapid_private_key, settings.vapid_private_key_file, settings.data_dir, settings.is_production,
        settings.vapid_subject,
    )  # fmt: skip
