"""The caps on processing one document, and the reasons people read when a file goes over one.

A file over a cap is not damaged: it is refused on purpose, and processing it again would go over
the same cap. Such a failure is therefore never retried by the worker, and a person may retry it
only when an admin forces it (after raising the setting, say). The document remembers which cap
it went over in ``progress["limit"]``; :data:`KINDS` names the values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.settings import Settings

#: limit kind -> what it is about, for the retry refusal ("... went over the memory limit")
KINDS = {
    "memory": "the memory limit",
    "cpu": "the processing-time limit",
    "time": "the time limit",
    "archive": "the limits on packed (ZIP) files",
    "xml": "the rules for the XML inside Office files",
    "pixels": "the image size limit",
    "cells": "the spreadsheet size limit",
}


class FileProblem(Exception):
    """A file the portal will not keep or cannot read, with a message a person can act on."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class LimitExceeded(FileProblem):
    """The file goes over one of the caps; ``kind`` is one of :data:`KINDS`."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        assert kind in KINDS, kind
        self.kind = kind


class CpuTimeExceeded(BaseException):  # a signal, like KeyboardInterrupt: not an Exception
    """Raised in the work horse by SIGXCPU: its CPU-time budget is spent. A BaseException, so no
    library's ``except Exception`` can swallow it."""


@dataclass(frozen=True)
class ContentLimits:
    """What :mod:`app.storage.content` may spend on one file (the rest is the work horse's caps)."""

    text_chars: int = 1_000_000
    archive_entries: int = 10_000
    archive_bytes: int = 1024 * 1024 * 1024
    archive_ratio: int = 100
    sheet_cells: int = 10_000_000
    image_pixels: int = 50_000_000

    @classmethod
    def from_settings(cls, settings: Settings) -> ContentLimits:
        return cls(
            text_chars=settings.max_extracted_text_chars,
            archive_entries=settings.document_archive_max_entries,
            archive_bytes=settings.document_archive_max_mb * 1024 * 1024,
            archive_ratio=settings.document_archive_max_ratio,
            sheet_cells=settings.document_sheet_max_cells,
            image_pixels=settings.document_image_max_pixels,
        )


def memory_reason(settings: Settings) -> str:
    return (
        f"The file needs more memory than the {settings.document_job_memory_mb} MB allowed to process one file, "
        "so it was not processed."
    )


def cpu_reason(seconds: int) -> str:
    return (
        f"The file needs more than the {seconds} seconds of processing time allowed for one file, "
        "so processing was stopped."
    )


def time_reason(seconds: int) -> str:
    return f"Processing took longer than the {seconds}-second limit for one file, so it was stopped."


def retry_refusal(kind: str) -> str:
    """Why a person cannot simply retry a document that went over a cap (409 from the retry call)."""
    what = KINDS.get(kind, "a processing limit")
    return (
        f"This file went over {what}; processing it again would fail the same way. "
        "Only an admin can force a retry (for example after raising the limit)."
    )
