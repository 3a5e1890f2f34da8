"""``./ops/portal users ...``: create, list and manage the portal's users from the command line."""

from __future__ import annotations

import argparse
import sys

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.auth.tokens import roles_from_groups
from app.errors import ApiError
from app.operations.sessions import with_session
from app.realtime import control
from app.redis_conn import resolve_url
from app.services import audit, users
from app.settings import Settings
from schemas.options import Department, Role
from schemas.users import User


def users_command(settings: Settings, args: argparse.Namespace) -> None:
    async def work(s: AsyncSession) -> None:
        if args.action == "create":
            user, password = await users.create_user(
                session=s,
                settings=settings,
                username=args.username,
                email=args.email,
                display_name=args.name or args.username,
                role=Role(args.role),
                department=Department(args.department) if args.department else None,
                actor=audit.CLI,
            )
            print(f"created {user.username} ({args.role}); temporary password: {password}")
            print("They must choose a new password at first sign-in.")
        elif args.action == "list":
            rows = (await s.exec(select(User).order_by(col(User.username)))).all()
            print(f"{'USERNAME':<16} {'ROLE':<12} {'STATE':<22} {'MFA':<4} {'DEPARTMENT':<22} EMAIL")
            for u in rows:
                roles = roles_from_groups(u.groups, settings.role_group_prefix)
                role = roles[0].value if roles else "-"
                mfa = "on" if u.totp_enabled else "off"
                print(f"{u.username:<16} {role:<12} {u.state:<22} {mfa:<4} {u.department or '-':<22} {u.email}")
        else:
            user = await users.find_user(s, args.username)
            if args.action in ("set-role", "disable", "reset-password", "end-sessions"):
                # Their sessions end in the database below; their open sockets close now.
                ends.append(user.id or 0)
            if args.action == "set-role":
                await users.set_role(session=s, settings=settings, user=user, role=Role(args.role), actor=audit.CLI)
                print(f"{user.username} is now {args.role}; their sessions were signed out")
            elif args.action in ("disable", "enable"):
                await users.set_disabled(
                    session=s, user=user, disabled=args.action == "disable", actor=audit.CLI, settings=settings
                )
                print(f"{user.username} {args.action}d")
            elif args.action == "set-department":
                department = None if args.department == "none" else Department(args.department)
                await users.set_department(session=s, user=user, department=department, actor=audit.CLI)
                print(f"{user.username}: department {department or 'none (every department)'}")
            elif args.action == "reset-password":
                password = await users.reset_password(session=s, user=user, actor=audit.CLI)
                print(f"temporary password for {user.username}: {password}")
                print("They must choose a new password at next sign-in.")
            elif args.action == "unlock":
                await users.unlock(session=s, settings=settings, user=user, actor=audit.CLI)
                print(f"{user.username} can sign in again (lockout cleared)")
            elif args.action == "disable-mfa":
                await users.disable_mfa(session=s, user=user, actor=audit.CLI)
                print(f"two-step sign-in is off for {user.username}")
            elif args.action == "end-sessions":
                ended = await users.end_sessions(session=s, user=user, actor=audit.CLI, reason="ended by an admin")
                print(f"{ended} sessions of {user.username} ended")

    ends: list[int] = []
    try:
        with_session(settings, work, live=True)
    except ApiError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        raise SystemExit(1) from exc
    for user_id in ends:
        control.publish_end_user(resolve_url(settings.redis_url, settings.data_dir), user_id)
