"""The token signing key: configured in production, generated once into the data folder in development."""

from __future__ import annotations

import os
from pathlib import Path

from joserfc.jwk import RSAKey

from app.settings import Settings

ALGORITHM = "RS256"


def _with_kid(key: RSAKey) -> RSAKey:
    kid = key.thumbprint()
    return RSAKey.import_key(key.as_dict(private=True), parameters={"kid": kid, "use": "sig", "alg": ALGORITHM})


def write_private(path: Path, pem: bytes) -> bytes:
    """Store a new private key with owner-only permissions; answers the key the file then holds (a
    second process racing here keeps the first file, and both use it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_bytes()
    with os.fdopen(fd, "wb") as handle:
        handle.write(pem)
    return pem


def _generate_into(path: Path) -> str:
    key = RSAKey.generate_key(2048, private=True)
    return write_private(path, key.as_pem(private=True)).decode()


def load_signing_key(settings: Settings) -> RSAKey:
    if settings.jwt_private_key:
        pem = settings.jwt_private_key
    elif settings.jwt_private_key_file:
        pem = settings.jwt_private_key_file.read_text()
    elif settings.is_production:
        raise RuntimeError("JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE must be set in production")
    else:
        path = settings.data_dir / "jwt-signing-key.pem"
        pem = path.read_text() if path.exists() else _generate_into(path)
    key = RSAKey.import_key(pem)
    if not key.is_private:
        raise RuntimeError("the JWT signing key must be a private RSA key")
    return _with_kid(key)
