"""Alembic environment: the database URL comes from the portal's settings (or ``-x url=...``)."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

# Importing each schema module registers its tables on SQLModel.metadata.
import schemas.audit
import schemas.chat
import schemas.imports
import schemas.inspections
import schemas.push
import schemas.records
import schemas.samples
import schemas.users  # noqa: F401
from app.db import is_sqlite, make_sync_engine
from app.settings import get_settings

config = context.config
target_metadata = SQLModel.metadata


def database_url() -> str:
    return context.get_x_argument(as_dictionary=True).get("url") or get_settings().effective_database_url


def run_migrations_offline() -> None:
    url = database_url()
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True, render_as_batch=is_sqlite(url))
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    url = database_url()
    connectable = config.attributes.get("connection") or make_sync_engine(url, for_migrations=True)
    if hasattr(connectable, "connect"):
        with connectable.connect() as connection:
            _run(connection, is_sqlite(url))
    else:
        _run(connectable, is_sqlite(url))


def _run(connection: object, sqlite: bool) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=sqlite, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
