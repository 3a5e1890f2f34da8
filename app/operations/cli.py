"""``./ops/portal``: migrate, seed, manage users, and run the whole portal for development."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.operations import backup, samples, seed, users
from app.operations.devstack import run_stack
from app.operations.migrations import migrate
from app.settings import ROOT, Settings, get_settings
from schemas.options import Department, Role


def backup_command(settings: Settings, args: argparse.Namespace) -> None:
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
    samples_parser = sub.add_parser("samples", help="sample areas' data")
    samples_actions = samples_parser.add_subparsers(dest="action", required=True)
    reload = samples_actions.add_parser("reload", help="reload the committed sample data (all areas, or those named)")
    reload.add_argument("areas", nargs="*")
    backup_parser = sub.add_parser("backup", help="write the database and the stored files to one .tar.gz")
    backup_parser.add_argument("file", type=Path)
    restore = sub.add_parser("restore", help="load a backup into an empty instance (migrates first)")
    restore.add_argument("file", type=Path)
    restore.add_argument("--force", action="store_true", help="replace the rows of a database that is not empty")
    users_parser = sub.add_parser("users", help="manage the user pool")
    actions = users_parser.add_subparsers(dest="action", required=True)
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
        seed.seed(settings)
    elif args.command in ("backup", "restore"):
        backup_command(settings, args)
    elif args.command == "users":
        users.users_command(settings, args)
    elif args.command == "samples":
        samples.samples_command(settings, args.areas)
    elif args.command == "run":
        raise SystemExit(run_stack(settings, serve_ui=not args.no_ui, ui_dist=Path(ROOT / "ui" / "dist")))


if __name__ == "__main__":
    main()
