"""Commands to every API process over Redis: from the CLI, and for a user's own sign-out everywhere.

An administrator who disables a user, changes their role or resets their password from
``./ops/portal`` also needs that user's open sockets closed at once, on whichever process holds
them; so does a user who signs out everywhere. Each API process listens on ``CHANNEL`` and drops
its own sockets of the named user.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from redis import Redis
from redis.asyncio import Redis as AsyncRedis

CHANNEL = "portal:control"

Reason = Literal["signed-out", "expired", "revoked"]


def end_user_message(user_id: int, reason: Reason = "revoked") -> str:
    return json.dumps({"type": "end-user", "userId": user_id, "reason": reason})


def end_session_message(session_id: str) -> str:
    """A session was signed out or revoked: every process forgets it (app/auth/live_sessions.py)."""
    return json.dumps({"type": "end-session", "sessionId": session_id})


def parse(raw: Any) -> dict[str, Any] | None:
    try:
        message = json.loads(raw)
    except (TypeError, ValueError):
        return None
    return message if isinstance(message, dict) and message.get("type") in ("end-user", "end-session") else None


async def announce_end_user(redis: AsyncRedis, user_id: int, reason: Reason = "revoked") -> None:
    """The same request from an API process (sign-out everywhere), on its own Redis connection."""
    await redis.publish(CHANNEL, end_user_message(user_id, reason))


def publish_end_user(redis_url: str, user_id: int) -> int:
    """Ask every API process to drop the user's sockets; answers how many processes heard it."""
    client = Redis.from_url(redis_url)
    try:
        return int(client.publish(CHANNEL, end_user_message(user_id)))
    finally:
        client.close()
