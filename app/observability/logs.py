"""Log lines as JSON objects (one per line) or plain text, each naming the request it belongs to.

JSON is the default in production (``LOG_FORMAT`` chooses); every line carries ``time``, ``level``,
``logger``, ``message`` and, inside a request, ``request_id``, ``method`` and ``path``. The access
line of a request adds ``status`` and ``duration_ms``. Uvicorn's own loggers are routed through the
same handler so one process writes one format; its access log is switched off (ours replaces it).
"""

from __future__ import annotations

import logging
import sys
import time
from typing import Any

import orjson

from app.observability.context import current
from app.settings import Settings

# Fields that a log call may pass with ``extra=`` and that the JSON line carries at the top level.
EXTRA_FIELDS = ("status", "duration_ms", "job_id", "document_id")
HANDLER_NAME = "portal"


class JsonFormatter(logging.Formatter):
    _second: tuple[int, str] = (-1, "")  # the formatted second last used (formatting a date is the slow part)

    def _time(self, created: float) -> str:
        second = int(created)
        cached, prefix = self._second
        if cached != second:
            prefix = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second))
            self._second = (second, prefix)
        return f"{prefix}.{int((created - second) * 1000):03d}+00:00"

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": self._time(record.created),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        request = current.get()
        if request is not None:
            line["request_id"], line["method"], line["path"] = request
        for name in EXTRA_FIELDS:
            value = record.__dict__.get(name)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(line, default=str).decode()


class TextFormatter(logging.Formatter):
    """The development format, with the request id in brackets when there is one."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s%(request)s: %(message)s")

    def formatMessage(self, record: logging.LogRecord) -> str:
        request = current.get()
        record.request = "" if request is None else f" [{request.request_id}]"
        return super().formatMessage(record)


def configure_logging(settings: Settings) -> None:
    """One handler on the root logger, in the chosen format; uvicorn's loggers propagate to it."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if settings.effective_log_format == "json" else TextFormatter())
    handler.set_name(HANDLER_NAME)
    root = logging.getLogger()
    # Replace our own handler (an app built twice in one process); leave others' (pytest's) alone.
    root.handlers = [h for h in root.handlers if h.get_name() != HANDLER_NAME] + [handler]
    root.setLevel(settings.log_level)
    for name in ("uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers = []
        logger.propagate = True
    # The API writes its own access line (with the request id): uvicorn's would repeat it.
    access = logging.getLogger("uvicorn.access")
    access.handlers = []
    access.propagate = False
