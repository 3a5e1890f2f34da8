"""``./ops/portal``: migrate, seed, manage users, and run the whole portal for development."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.db import Database
from app.errors import ApiError
from app.realtime import control
from app.redis_conn import resolve_url
from app.settings import ROOT, Settings, get_settings
from schemas.options import Department, Role
from schemas.users import User


def alembic_config(settings: Settings) -> Config:
    config = Config(str(ROOT / "ops" / "alembic.ini"))
    config.cmd_opts = argparse.Namespace(x=[f"url={settings.effective_database_url}"])
    return config


def migrate(settings: Settings, revision: str = "head") -> None:
    """Bring the database schema to the newest revision, or to ``revision`` (SQLite or PostgreSQL)."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    command.upgrade(alembic_config(settings), revision)


def _with_session(settings: Settings, work: Callable[[AsyncSession], Awaitable[None]], *, live: bool = False) -> None:
    """Run ``work`` in one database session; ``live``: the audit entries it writes are pushed to the
    admins watching the log (through Redis, as the worker's events are)."""

    async def runner() -> None:
        from app.realtime.sink import RedisSink
        from app.services import audit

        db = Database(settings.effective_database_url)
        sink = RedisSink(resolve_url(settings.redis_url, settings.data_dir)) if live else None
        db.audit_sink = sink
        try:
            async with db.session() as session:
                await work(session)
            await audit.drain()
        finally:
            await db.dispose()
            manager_redis = getattr(getattr(sink, "_manager", None), "redis", None)
            if manager_redis is not None:
                await manager_redis.aclose()

    asyncio.run(runner())


def seed(settings: Settings) -> None:
    from app.seed import seed_demo_data

    async def work(session: AsyncSession) -> None:
        done = await seed_demo_data(session, settings)
        print("demo data loaded" if done else "database already has users: seed skipped")

    _with_session(settings, work)


def samples_command(settings: Settings, areas: list[str]) -> None:
    from app.samples.loader import available_areas, load_area

    unknown = sorted(set(areas) - set(available_areas()))
    if unknown:
        raise SystemExit(f"unknown sample areas: {', '.join(unknown)} (known: {', '.join(available_areas())})")

    async def work(session: AsyncSession) -> None:
        for area in areas or available_areas():
            counts = await load_area(session, area)
            print(f"{area}: " + ", ".join(f"{n} {kind}" for kind, n in counts.items()))

    _with_session(settings, work)


def users_command(settings: Settings, args: argparse.Namespace) -> None:
    from app.auth.tokens import roles_from_groups
    from app.services import audit, users

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
        _with_session(settings, work, live=True)
    except ApiError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        raise SystemExit(1) from exc
    for user_id in ends:
        control.publish_end_user(resolve_url(settings.redis_url, settings.data_dir), user_id)


def backup_command(settings: Settings, args: argparse.Namespace) -> None:
    from app import backup

    try:
        if args.command == "backup":
            summary = backup.backup(settings, args.file)
            print(f"backup written to {args.file}: {summary.describe()}")
        else:
            summary = backup.restore(settings, args.file, force=args.force)
            print(f"restored {args.file}: {summary.describe()}")
    except backup.BackupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(1) from exc


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="portal", description="Staff portal administration")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate", help="apply database migrations")
    sub.add_parser("seed", help="load demo data into an empty database (development only)")
    run = sub.add_parser("run", help="run API, worker and UI together (what ./ops/run calls)")
    run.add_argument("--no-ui", action="store_true", help="do not serve the built UI")
    samples = sub.add_parser("samples", help="sample areas' data")
    samples_actions = samples.add_subparsers(dest="action", required=True)
    reload = samples_actions.add_parser("reload", help="reload the committed sample data (all areas, or those named)")
    reload.add_argument("areas", nargs="*")
    backup = sub.add_parser("backup", help="write the database and the stored files to one .tar.gz")
    backup.add_argument("file", type=Path)
    restore = sub.add_parser("restore", help="load a backup into an empty instance (migrates first)")
    restore.add_argument("file", type=Path)
    restore.add_argument("--force", action="store_true", help="replace the rows of a database that is not empty")
    users = sub.add_parser("users", help="manage the user pool")
    actions = users.add_subparsers(dest="action", required=True)
    create = actions.add_parser("create", help="create a user; prints a temporary password")
    create.add_argument("username")
    create.add_argument("--email", required=True)
    create.add_argument("--name", help="display name")
    create.add_argument("--role", required=True, choices=[r.value for r in Role])
    create.add_argument("--department", choices=[d.value for d in Department], help="a manager's department")
    actions.add_parser("list", help="list users")
    set_role = actions.add_parser("set-role", help="change a user's role")
    set_role.add_argument("username")
    set_role.add_argument("role", choices=[r.value for r in Role])
    set_department = actions.add_parser(
        "set-department", help="a manager's department: their daily summary of overdue inspections covers it"
    )
    set_department.add_argument("username")
    set_department.add_argument("department", choices=[*(d.value for d in Department), "none"])
    for name, help_text in (
        ("disable", "disable a user (their sessions end)"),
        ("enable", "enable a disabled user"),
        ("reset-password", "set a new temporary password (their sessions end)"),
        ("unlock", "clear a user's sign-in lockout"),
        ("disable-mfa", "turn off a user's two-step sign-in (a lost phone)"),
        ("end-sessions", "sign a user out on every device"),
    ):
        actions.add_parser(name, help=help_text).add_argument("username")
    return p


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    settings = get_settings()
    if args.command == "migrate":
        migrate(settings)
    elif args.command == "seed":
        if settings.is_production:
            raise SystemExit("demo data is never loaded in production")
        seed(settings)
    elif args.command in ("backup", "restore"):
        backup_command(settings, args)
    elif args.command == "users":
        users_command(settings, args)
    elif args.command == "samples":
        samples_command(settings, args.areas)
    elif args.command == "run":
        from app.devstack import run_stack

        raise SystemExit(run_stack(settings, serve_ui=not args.no_ui, ui_dist=Path(ROOT / "ui" / "dist")))


if __name__ == "__main__":
    main()
