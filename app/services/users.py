"""Managing the user pool: create, list, change role, disable, reset password, profile updates."""

from __future__ import annotations

import secrets
import string
from typing import Any

from sqlalchemy import update
from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession
from starlette.concurrency import run_in_threadpool

from app.auth.passwords import hash_password
from app.auth.service import Principal, normalize_username, roles_of
from app.errors import ApiError, invalid, not_found
from app.settings import Settings
from app.stored_json import check_stored
from schemas.base import utcnow
from schemas.options import Department, Role, UserState
from schemas.users import AuthSession, Me, MeUpdate, User

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
        password_hash=await run_in_threadpool(hash_password, secret),
        settings=user_settings or {},
        department=department,
    )
    session.add(user)
    if not commit:
        await session.flush()
        return user, secret
    await session.commit()
    await session.refresh(user)
    return user, secret


async def revoke_sessions(session: AsyncSession, user_id: int, reason: str) -> None:
    """End every live session of the user (their access and refresh tokens stop working at once)."""
    await session.exec(
        update(AuthSession)
        .where(col(AuthSession.user_id) == user_id, col(AuthSession.revoked_at).is_(None))
        .values(revoked_at=utcnow(), revoked_reason=reason)
    )


async def set_role(*, session: AsyncSession, settings: Settings, user: User, role: Role) -> User:
    """Replace the user's portal role; their sessions end so the next sign-in carries the new role."""
    others = [g for g in user.groups if not g.lower().startswith(settings.role_group_prefix.lower())]
    user.groups = [group_for(role, settings), *others]
    user.updated_at = utcnow()
    session.add(user)
    await revoke_sessions(session, user.id or 0, "role changed")
    await session.commit()
    return user


async def set_disabled(*, session: AsyncSession, user: User, disabled: bool) -> User:
    user.state = UserState.DISABLED if disabled else UserState.CONFIRMED
    user.updated_at = utcnow()
    session.add(user)
    if disabled:
        await revoke_sessions(session, user.id or 0, "user disabled")
    await session.commit()
    return user


async def set_department(*, session: AsyncSession, user: User, department: Department | None) -> User:
    """A manager's department (their daily summary of overdue inspections covers it); None: every one."""
    user.department = department
    user.updated_at = utcnow()
    session.add(user)
    await session.commit()
    return user


async def reset_password(*, session: AsyncSession, user: User) -> str:
    secret = temporary_password()
    user.password_hash = await run_in_threadpool(hash_password, secret)
    user.state = UserState.FORCE_CHANGE_PASSWORD
    user.updated_at = utcnow()
    session.add(user)
    await revoke_sessions(session, user.id or 0, "password reset")
    await session.commit()
    return secret


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
        roles = roles_of(user, settings)
        if not roles or (role is not None and roles[0] != role):
            continue
        directory.append(
            {"id": user.id, "displayName": user.display_name, "photoURL": user.photo_url, "role": roles[0].value}
        )
    return directory
