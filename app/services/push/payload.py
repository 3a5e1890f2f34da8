"""What a push carries: no more than the notification needs, within the 4 KB a push service takes.

A push message is one aes128gcm record of at most 4096 bytes (RFC 8291 section 4): 86 bytes of
header, a 16-byte tag and a padding delimiter leave 3993 bytes of JSON. The body is cut (with an
ellipsis) until the whole payload fits ``MAX_PAYLOAD_BYTES``, which leaves room to spare.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from typing import Any

MAX_PAYLOAD_BYTES = 3000
_RECORD_LINK = re.compile(r"^/(assets|documents|leads)/(\d+)$")


def tag_for(link: str | None, notification_id: int | None) -> str:
    """One tag per record ("assets-12"): a newer notification about it replaces the older one on the
    device instead of piling up. Without a record, one per notification."""
    found = _RECORD_LINK.match(link or "")
    if found:
        return f"{found.group(1)}-{found.group(2)}"
    return f"notification-{notification_id}" if notification_id is not None else "portal-test"


def topic_for(tag: str) -> str:
    """RFC 8030 ``Topic`` (at most 32 base64url characters): the push service keeps only the newest
    undelivered message per topic while the device is offline."""
    return base64.urlsafe_b64encode(hashlib.sha256(tag.encode()).digest()[:24]).decode()


def encode(*, title: str, body: str, url: str | None, tag: str, notification_id: int | None, kind: str) -> bytes:
    message: dict[str, Any] = {
        "title": title[:120],
        "body": body,
        "url": url or "/",
        "tag": tag,
        "id": notification_id,
        "kind": kind,
    }
    raw = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()
    while len(raw) > MAX_PAYLOAD_BYTES and len(message["body"]) > 1:
        # Cut by what is over (a character is 1-4 bytes: cutting that many characters is enough or more).
        over = len(raw) - MAX_PAYLOAD_BYTES
        message["body"] = message["body"][: max(0, len(message["body"]) - over - 1)].rstrip() + "…"
        raw = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()
    return raw
