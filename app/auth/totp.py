"""Time-based one-time codes (RFC 6238): one step of drift allowed, each code accepted once."""

from __future__ import annotations

import hmac
import time

import pyotp

STEP_SECONDS = 30
ISSUER = "Staff Portal"


def new_secret() -> str:
    return pyotp.random_base32()


def provisioning_uri(secret: str, account: str) -> str:
    return pyotp.TOTP(secret).provisioning_uri(name=account, issuer_name=ISSUER)


def matching_step(secret: str, code: str, *, last_step: int | None, now: float | None = None) -> int | None:
    """The time step the code belongs to (current or one either side), if not already used."""
    code = code.strip().replace(" ", "")
    if not code.isascii() or not code.isdigit():  # "²".isdigit() is true; compare_digest refuses it
        return None
    totp = pyotp.TOTP(secret)
    current = int((now if now is not None else time.time()) // STEP_SECONDS)
    for step in (current - 1, current, current + 1):
        if last_step is not None and step <= last_step:
            continue
        if hmac.compare_digest(totp.generate_otp(step), code):
            return step
    return None
