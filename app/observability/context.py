"""The request being served, for every log line written while serving it (a context variable)."""

from __future__ import annotations

import re
import uuid
from contextvars import ContextVar
from typing import NamedTuple

# An incoming X-Request-ID is kept only when it is short and plain: it ends up in logs and headers.
_SANE_ID = re.compile(rb"^[A-Za-z0-9._:\-]{1,64}$")


class RequestInfo(NamedTuple):
    request_id: str
    method: str
    path: str


current: ContextVar[RequestInfo | None] = ContextVar("portal_request", default=None)


def request_id_from(header: bytes | None) -> str:
    """The caller's request id when it is sane, else a fresh one."""
    if header is not None and _SANE_ID.match(header):
        return header.decode("ascii")
    return uuid.uuid4().hex
