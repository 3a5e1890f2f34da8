"""Managing the user pool: create, list, change role, disable, reset password, profile updates."""

from __future__ import annotations

import secrets
import string
from datetime import datetime, timedelta
from typing import Any, Literal

import sqlalchemy as sa
from sqlalchemy import delete, update
from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.identity import PORTAL_SESSION, Principal, normalize_username, roles_of
from app.auth.passwords import hash_password
from app.auth.throttle import pair_key
from app.errors import ApiError, invalid, not_found
from app.services import audit
from app.services.audit import Actor
from app.services.devices import describe_agent
from app.settings import Settings
from app.stored_json import check_stored
from app.threads import in_thread
from schemas.audit import AuditEvent
from schemas.base import utcnow
from schemas.options import Department, Role, UserState
from schemas.users import AuthSession, Me, MeUpdate, SignInThrottle, User

MAX_SETTINGS_BYTES = 32_000


def temporary_password() -> str:
    """A random password the user must replace at first sign-in."""
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(14)) + "-" + secrets.token_hex(2)


def group_for(role: Role, settings: Settings) -> str:
    return f"{settings.role_group_prefix}{role.value}"


async def find_user(session: AsyncSession, username_or_email: str) -> User:
    key = normalize_username(username_or_email)
    user = (await session.exec(select(User).where(or_(User.username == key, User.email == key)))).first()
    if user is None:
        raise not_found(f"No user named {username_or_email!r}.")
    return user


async def create_user(
    *,
    session: AsyncSession,
    settings: Settings,
    username: str,
    email: str,
    display_name: str,
    role: Role | None,
    password: str | None = None,
    must_change_password: bool = True,
    photo_url: str | None = None,
    user_settings: dict[str, Any] | None = None,
    department: Department | None = None,
    actor: Actor = audit.SYSTEM,
    groups: list[str] | None = None,
    commit: bool = True,
) -> tuple[User, str]:
    """Create a user; answers the user and the (temporary, unless given) password.

    ``groups`` (company sign-in: the provider's) replace the group of ``role``; ``commit`` False only
    flushes, for a caller that writes more in the same transaction."""
    username = normalize_username(username)
    email = email.strip().lower()
    if not username or not all(c.isalnum() or c in "._-" for c in username):
        raise invalid("Usernames use letters, digits, dots, dashes and underscores.", {"username": "Invalid."})
    if "@" not in email:
        raise invalid("Enter a valid email address.", {"email": "Invalid."})
    clash = (await session.exec(select(User).where(or_(User.username == username, User.email == email)))).first()
    if clash is not None:
        field = "username" if clash.username == username else "email"
        raise ApiError(409, f"A user with this {field} already exists.", errors={field: "Already taken."})
    secret = password or temporary_password()
    user = User(
        username=username,
        email=email,
        display_name=display_name.strip() or username,
        photo_url=photo_url,
        groups=groups if groups is not None else ([group_for(role, settings)] if role else []),
        state=UserState.FORCE_CHANGE_PASSWORD if must_change_password else UserState.CONFIRMED,
        password_hash=await in_thread(hash_password, secret),
        settings=user_settings or {},
        department=department,
    )
    session.add(user)
    await session.flush()
    roles = roles_of(user, settings)
    audit.record(session, "user.created", actor=actor, target=user, detail={"role": roles[0].value if roles else None})
    if not commit:
        return user, secret
    await session.commit()
    await session.refresh(user)
    return user, secret


async def revoke_sessions(
    session: AsyncSession, user_id: int, reason: str, *, keep: str | None = None, only: str | None = None
) -> int:
    """End the user's live sessions (their access and refresh tokens stop working at once): every one,
    every one but ``keep``, or ``only`` that one. Answers how many ended."""
    conditions = [col(AuthSession.user_id) == user_id, col(AuthSession.revoked_at).is_(None)]
    if keep is not None:
        conditions.append(col(AuthSession.id) != keep)
    if only is not None:
        conditions.append(col(AuthSession.id) == only)
    result = await session.exec(
        update(AuthSession).where(*conditions).values(revoked_at=utcnow(), revoked_reason=reason)
    )
    return int(result.rowcount or 0)


def role_of(user: User, settings: Settings) -> Role | None:
    roles = roles_of(user, settings)
    return roles[0] if roles else None


async def _check_not_last_admin(
    session: AsyncSession, settings: Settings, user: User, actor: Actor, change: str
) -> None:
    """An admin cannot demote or disable themselves, and nobody can demote or disable the last admin."""
    if role_of(user, settings) != Role.ADMIN or user.state == UserState.DISABLED:
        return
    if actor.user_id is not None and actor.user_id == user.id:
        raise ApiError(409, f"You cannot {change} your own account. Ask another admin to do it.")
    group = group_for(Role.ADMIN, settings)
    candidates = await session.exec(
        select(User).where(
            col(User.id) != user.id,
            col(User.state) != UserState.DISABLED,
            sa.cast(col(User.groups), sa.String).like(f'%"{group}"%'),
        )
    )
    if not any(role_of(other, settings) == Role.ADMIN for other in candidates):
        raise ApiError(409, f"{user.username} is the last admin: make another user admin before you {change} them.")


async def set_role(
    *, session: AsyncSession, settings: Settings, user: User, role: Role, actor: Actor = audit.SYSTEM
) -> User:
    """Replace the user's portal role; their sessions end so the next sign-in carries the new role."""
    before = role_of(user, settings)
    if before == Role.ADMIN and role != Role.ADMIN:
        await _check_not_last_admin(session, settings, user, actor, "demote")
    others = [g for g in user.groups if not g.lower().startswith(settings.role_group_prefix.lower())]
    user.groups = [group_for(role, settings), *others]
    user.updated_at = utcnow()
    session.add(user)
    ended = await revoke_sessions(session, user.id or 0, "role changed")
    audit.record(
        session,
        "user.role_changed",
        actor=actor,
        target=user,
        detail={"from": before.value if before else None, "to": role.value, "sessionsEnded": ended},
    )
    await session.commit()
    return user


async def set_disabled(
    *, session: AsyncSession, user: User, disabled: bool, actor: Actor = audit.SYSTEM, settings: Settings | None = None
) -> User:
    if disabled and settings is not None:
        await _check_not_last_admin(session, settings, user, actor, "disable")
    user.state = UserState.DISABLED if disabled else UserState.CONFIRMED
    user.updated_at = utcnow()
    session.add(user)
    detail: dict[str, Any] = {}
    if disabled:
        detail["sessionsEnded"] = await revoke_sessions(session, user.id or 0, "user disabled")
    audit.record(session, "user.disabled" if disabled else "user.enabled", actor=actor, target=user, detail=detail)
    await session.commit()
    return user


async def set_department(
    *, session: AsyncSession, user: User, department: Department | None, actor: Actor = audit.SYSTEM
) -> User:
    """A manager's department (their daily summary of overdue inspections covers it); None: every one."""
    before = user.department
    user.department = department
    user.updated_at = utcnow()
    session.add(user)
    audit.record(
        session,
        "user.department_changed",
        actor=actor,
        target=user,
        detail={"from": str(before) if before else None, "to": str(department) if department else None},
    )
    await session.commit()
    return user


async def reset_password(*, session: AsyncSession, user: User, actor: Actor = audit.SYSTEM) -> str:
    secret = temporary_password()
    user.password_hash = await in_thread(hash_password, secret)
    user.state = UserState.FORCE_CHANGE_PASSWORD
    user.updated_at = utcnow()
    session.add(user)
    ended = await revoke_sessions(session, user.id or 0, "password reset")
    audit.record(session, "user.password_reset", actor=actor, target=user, detail={"sessionsEnded": ended})
    await session.commit()
    return secret


async def lock_keys(session: AsyncSession, user: User, settings: Settings) -> list[str]:
    """The throttle rows that can lock ``user`` out: their name's, and each address that failed on it
    lately (known from the failed sign-ins in the audit log; at most 100 addresses)."""
    since = utcnow() - timedelta(seconds=max(settings.lockout_max_seconds, settings.lockout_reset_seconds) * 2)
    addresses = await session.exec(
        select(AuditEvent.ip)
        .where(
            col(AuditEvent.target_user_id) == user.id,
            col(AuditEvent.kind).in_(["auth.sign_in_failed", "auth.locked_out"]),
            col(AuditEvent.at) >= since,
            col(AuditEvent.ip).is_not(None),
        )
        .distinct()
        .limit(100)
    )
    return [user.username, *(pair_key(ip, user.username) for ip in addresses if ip)]


async def locked_until(session: AsyncSession, users: list[User], settings: Settings) -> dict[int, datetime]:
    """Until when each locked user is kept out (by their name's count or an address's), now or later."""
    now = utcnow()
    keys = {user.id or 0: await lock_keys(session, user, settings) for user in users}
    every = [key for group in keys.values() for key in group]
    if not every:
        return {}
    rows = await session.exec(
        select(SignInThrottle).where(col(SignInThrottle.username).in_(every), col(SignInThrottle.locked_until) > now)
    )
    until = {row.username: row.locked_until for row in rows if row.locked_until is not None}
    answer: dict[int, datetime] = {}
    for user_id, group in keys.items():
        found = [until[key] for key in group if key in until]
        if found:
            answer[user_id] = max(found)
    return answer


async def unlock(*, session: AsyncSession, settings: Settings, user: User, actor: Actor = audit.SYSTEM) -> int:
    """Clear the sign-in lockout of ``user`` (their name's count and their addresses')."""
    keys = await lock_keys(session, user, settings)
    result = await session.exec(delete(SignInThrottle).where(col(SignInThrottle.username).in_(keys)))
    audit.record(session, "user.unlocked", actor=actor, target=user, detail={"cleared": int(result.rowcount or 0)})
    await session.commit()
    return int(result.rowcount or 0)


async def disable_mfa(*, session: AsyncSession, user: User, actor: Actor = audit.SYSTEM) -> User:
    """Turn off a user's two-step sign-in (a lost phone): their next sign-in asks for the password only."""
    if not user.totp_enabled and not user.totp_secret:
        raise ApiError(409, f"Two-step sign-in is already off for {user.username}.")
    user.totp_enabled = False
    user.totp_secret = None
    user.totp_last_step = None
    user.updated_at = utcnow()
    session.add(user)
    audit.record(session, "user.mfa_disabled", actor=actor, target=user)
    await session.commit()
    return user


async def edit_profile(
    *,
    session: AsyncSession,
    user: User,
    actor: Actor = audit.SYSTEM,
    display_name: str | None = None,
    email: str | None = None,
    photo_url: str | Literal[False] | None = False,
) -> User:
    """Change a user's name, email or photo (False: photo unchanged, None: removed)."""
    changed: list[str] = []
    if display_name is not None and display_name.strip() and display_name.strip() != user.display_name:
        user.display_name = display_name.strip()[:120]
        changed.append("displayName")
    if email is not None:
        email = email.strip().lower()
        if "@" not in email or len(email) > 254:
            raise invalid("Enter a valid email address.", {"email": "Invalid."})
        if email != user.email:
            clash = (await session.exec(select(User).where(User.email == email, col(User.id) != user.id))).first()
            if clash is not None:
                raise ApiError(409, "A user with this email already exists.", errors={"email": "Already taken."})
            user.email = email
            changed.append("email")
    if photo_url is not False and photo_url != user.photo_url:
        user.photo_url = photo_url
        changed.append("photoURL")
    if changed:
        user.updated_at = utcnow()
        session.add(user)
        audit.record(session, "user.profile_edited", actor=actor, target=user, detail={"fields": changed})
    await session.commit()
    return user


async def live_sessions(session: AsyncSession, user_id: int, *, current: str | None = None) -> list[dict[str, Any]]:
    """The user's live portal sessions, newest first (device from the user agent, address, times)."""
    now = utcnow()
    rows = await session.exec(
        select(AuthSession)
        .where(
            col(AuthSession.user_id) == user_id,
            col(AuthSession.kind) == PORTAL_SESSION,
            col(AuthSession.revoked_at).is_(None),
            col(AuthSession.expires_at) > now,
        )
        .order_by(col(AuthSession.created_at).desc())
        .limit(200)
    )
    return [
        {
            "id": row.id,
            "device": describe_agent(row.user_agent)[0],
            "userAgent": row.user_agent,
            "ip": row.ip,
            "createdAt": row.created_at.isoformat(),
            "lastUsedAt": (row.last_used_at or row.created_at).isoformat(),
            "expiresAt": row.expires_at.isoformat(),
            "current": row.id == current,
        }
        for row in rows
    ]


async def end_sessions(
    *,
    session: AsyncSession,
    user: User,
    actor: Actor,
    reason: str,
    only: str | None = None,
    keep: str | None = None,
) -> int:
    """End one session of the user (``only``), or all of them (but ``keep``); 404 for a session that
    is not a live one of theirs. The caller then closes their sockets (``app/routes/admin.py``)."""
    ended = await revoke_sessions(session, user.id or 0, reason, keep=keep, only=only)
    if only is not None and ended == 0:
        await session.rollback()
        raise not_found("No live session of this user has this id.")
    audit.record(session, "auth.sessions_ended", actor=actor, target=user, detail={"count": ended, "reason": reason})
    await session.commit()
    return ended


def me_of(user: User, settings: Settings) -> Me:
    roles = roles_of(user, settings)
    return Me(
        id=user.id or 0,
        username=user.username,
        display_name=user.display_name,
        email=user.email,
        photo_url=user.photo_url,
        role=roles[0] if roles else None,
        roles=roles,
        shortcuts=list(user.shortcuts),
        settings=dict(user.settings),
        mfa_enabled=user.totp_enabled,
    )


async def get_me(*, session: AsyncSession, settings: Settings, principal: Principal) -> Me:
    user = await session.get(User, principal.user_id)
    if user is None:
        raise not_found("Your account no longer exists.")
    return me_of(user, settings)


async def update_me(*, session: AsyncSession, settings: Settings, principal: Principal, data: MeUpdate) -> Me:
    """Change the user's shortcuts and settings; flushed, not committed: the caller commits once its
    answer is built, so an answer that cannot be written leaves nothing stored."""
    user = await session.get(User, principal.user_id)
    if user is None:
        raise not_found("Your account no longer exists.")
    if data.shortcuts is not None:
        user.shortcuts = list(dict.fromkeys(data.shortcuts))
    if data.settings is not None:
        check_stored(data.settings, what="your settings", max_bytes=MAX_SETTINGS_BYTES)
        user.settings = data.settings
    user.updated_at = utcnow()
    session.add(user)
    await session.flush()
    return me_of(user, settings)


async def staff_directory(
    *, session: AsyncSession, settings: Settings, role: Role | None = None
) -> list[dict[str, Any]]:
    """Active users with a portal role: for assignee and owner pickers, and later the chat contacts."""
    rows = (
        await session.exec(select(User).where(col(User.state) != UserState.DISABLED).order_by(col(User.display_name)))
    ).all()
    directory = []
    for user in rows:
        entry = directory_entry(user, settings)
        if entry is None or (role is not None and entry["role"] != role.value):
            continue
        directory.append(entry)
    return directory


def directory_entry(user: User, settings: Settings) -> dict[str, Any] | None:
    """One staff directory entry, or None for a user without a portal role."""
    roles = roles_of(user, settings)
    if not roles:
        return None
    return {"id": user.id, "displayName": user.display_name, "photoURL": user.photo_url, "role": roles[0].value}


async def staff_member(*, session: AsyncSession, settings: Settings, user_id: int) -> dict[str, Any] | None:
    """The staff directory's entry of one user (active, with a portal role), or None."""
    user = await session.get(User, user_id)
    if user is None or user.state == UserState.DISABLED:
        return None
    return directory_entry(user, settings)
