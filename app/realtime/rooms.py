"""Room names, in one place: who receives what."""

from __future__ import annotations

#: every connected user with a staff role (all four roles read every product record)
STAFF = "staff"
#: connected admins: the audit log's live entries go here, and to no other role
ADMINS = "admins"


def user(user_id: int) -> str:
    return f"user:{user_id}"


def session(session_id: str) -> str:
    return f"session:{session_id}"
