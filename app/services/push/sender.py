"""Post one encrypted message to one push service (RFC 8030 section 5), synchronously, in a worker.

pywebpush encrypts (aes128gcm, RFC 8291, through http_ece) and posts with ``requests``; the session
given to it never follows a redirect (an allowed push service must not be able to send the worker
to another address) and reads at most ``MAX_ERROR_BODY`` bytes of an answer. The answer is judged
here: 201 sent; 404/410 the subscription is gone; 429, 5xx and network errors may pass (retry);
any other refusal is this message's and is not retried.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Any
from urllib.parse import urlsplit

import requests
from pywebpush import WebPusher

from app.services.push.vapid import VapidKeys

MAX_ERROR_BODY = 512
VAPID_LIFETIME = 12 * 3600  # RFC 8292: at most 24 hours


class Outcome(StrEnum):
    SENT = "sent"
    GONE = "gone"  # 404/410: the browser unsubscribed or the subscription expired
    RETRY = "retry"  # may pass: 429, 5xx, no answer
    REFUSED = "refused"  # any other 4xx: this message will never be taken


@dataclass(frozen=True)
class Answer:
    outcome: Outcome
    status: int | None
    detail: str

    @property
    def message(self) -> str:
        what = f"HTTP {self.status}" if self.status is not None else "no answer"
        return f"{what}: {self.detail}"[:300] if self.detail else what


class _NoRedirects(requests.Session):
    """Every request without redirects and streamed (the body is read by ``_head_of``, bounded)."""

    def request(self, method: Any, url: Any, *args: Any, **kwargs: Any) -> requests.Response:
        kwargs["allow_redirects"] = False
        kwargs["stream"] = True
        return super().request(method, url, *args, **kwargs)


def _head_of(response: requests.Response) -> str:
    try:
        chunk = next(response.iter_content(MAX_ERROR_BODY), b"")
    except requests.RequestException:
        chunk = b""
    finally:
        response.close()
    return chunk.decode("utf-8", "replace").strip()


def origin_of(endpoint: str) -> str:
    """The VAPID ``aud``: the push resource's origin (scheme, host and a port other than the default)."""
    parts = urlsplit(endpoint)
    return f"{parts.scheme}://{parts.netloc}"


def post(
    *,
    endpoint: str,
    p256dh: str,
    auth: str,
    payload: bytes,
    keys: VapidKeys,
    ttl: int,
    topic: str,
    urgency: str,
    timeout: float,
) -> Answer:
    headers = keys.authorization(origin_of(endpoint), int(time.time()) + VAPID_LIFETIME)
    headers.update({"Topic": topic, "Urgency": urgency})
    subscription = {"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}}
    with _NoRedirects() as session:
        try:
            pusher = WebPusher(subscription, requests_session=session)
            response = pusher.send(payload, headers, ttl=ttl, content_encoding="aes128gcm", timeout=timeout)
        except requests.RequestException as exc:
            return Answer(Outcome.RETRY, None, type(exc).__name__)
    assert isinstance(response, requests.Response)  # (send answers a curl line only when asked to)
    status = response.status_code
    detail = _head_of(response)
    if status in (200, 201, 202):
        return Answer(Outcome.SENT, status, "")
    if status in (404, 410):
        return Answer(Outcome.GONE, status, detail)
    if status == 429 or status >= 500:
        return Answer(Outcome.RETRY, status, detail)
    if 300 <= status < 400:
        return Answer(Outcome.REFUSED, status, "a redirect, not followed")
    return Answer(Outcome.REFUSED, status, detail)
