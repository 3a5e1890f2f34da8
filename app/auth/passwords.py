"""Password hashing (argon2id) and the rules a new password must meet."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import cache
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from zxcvbn import zxcvbn
from zxcvbn.frequency_lists import FREQUENCY_LISTS

from app.errors import ApiError, invalid

T = TypeVar("T")
BUSY_MESSAGE = "Too many sign-ins at once. Try again in a moment."

_hasher = PasswordHasher()  # argon2id with the library's RFC 9106 low-memory profile


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


@cache
def _dummy_hash() -> str:
    return _hasher.hash("an unknown user never matches this")


def burn_verification_time(password: str) -> None:
    """Spend what a real verification costs, so an unknown username answers as slowly as a known one."""
    verify_password(_dummy_hash(), password)


class HashingGate:
    """At most ``concurrency`` argon2 computations at once in this process; the others wait in line.

    Each hash takes tens of milliseconds of a core and 64 MiB: a flood of sign-ins run all at once
    would take every core and starve every other request. In line, they wait (at most
    ``wait_seconds``, then 503) while other calls go on. ``peak`` is the most ever run at once.
    """

    def __init__(self, concurrency: int, wait_seconds: float) -> None:
        self.concurrency = concurrency
        self.wait_seconds = wait_seconds
        self._slots = asyncio.Semaphore(concurrency)
        self.running = 0
        self.peak = 0

    async def run(self, work: Callable[..., T], *args: str) -> T:
        try:
            await asyncio.wait_for(self._slots.acquire(), self.wait_seconds)
        except TimeoutError:
            raise ApiError(503, BUSY_MESSAGE, headers={"Retry-After": "5"}) from None
        self.running += 1
        self.peak = max(self.peak, self.running)
        try:
            return await asyncio.to_thread(work, *args)
        finally:
            self.running -= 1
            self._slots.release()


@cache
def _common_passwords() -> frozenset[str]:
    return frozenset(FREQUENCY_LISTS["passwords"])


# zxcvbn's scores: 0 too guessable, 1 very guessable, 2 somewhat guessable, 3-4 safely unguessable.
MIN_STRENGTH = 2
# zxcvbn refuses longer input; a password that long is judged by its first 72 characters.
_ESTIMATOR_MAX = 72


def password_strength(password: str, *, user_inputs: list[str] | None = None) -> tuple[int, str]:
    """The estimator's score (0-4) and, when weak, the reason in words a person can act on."""
    if not password:  # the estimator fails on an empty string (IndexError): nothing typed is no strength
        return 0, "Type a password."
    result = zxcvbn(password[:_ESTIMATOR_MAX], user_inputs=[u for u in (user_inputs or []) if u])
    feedback = result.get("feedback") or {}
    reason = str(feedback.get("warning") or "").strip()
    suggestions = [str(s) for s in feedback.get("suggestions") or [] if s]
    if not reason and suggestions:
        reason = suggestions[0]
    return int(result["score"]), reason


def check_new_password(
    password: str, *, min_length: int, max_length: int, username: str = "", user_inputs: list[str] | None = None
) -> None:
    """Refuse a new password with a message the person can act on.

    The one policy for every place a password is chosen (the new-password step, registration, the
    account page's password change): NIST 800-63B / ASVS 5.0 rules — at least ``min_length``
    characters, up to ``max_length`` (64 or more), no composition rules; refused when it is a known
    common password, contains the username, or the strength estimator (zxcvbn) scores it weak.
    """
    if len(password) < min_length:
        raise invalid(
            f"Password must be at least {min_length} characters.",
            {"newPassword": f"Use at least {min_length} characters."},
        )
    if len(password) > max_length:
        raise invalid(
            f"Password must be at most {max_length} characters.",
            {"newPassword": f"Use at most {max_length} characters."},
        )
    lowered = password.lower()
    if lowered in _common_passwords() or len(set(password)) < 3:
        raise invalid(
            "This password is too common. Choose a less common password.",
            {"newPassword": "Too common: pick something others would not guess."},
        )
    if username and username.lower() in lowered:
        raise invalid(
            "The password must not contain your username.",
            {"newPassword": "Do not include your username."},
        )
    score, reason = password_strength(password, user_inputs=[username, *(user_inputs or [])])
    if score < MIN_STRENGTH:
        because = reason or "It would be easy to guess."
        raise invalid(
            f"This password is too weak: {because} Add another word or two; uncommon words are better.",
            {"newPassword": f"Too weak: {because}"},
        )
