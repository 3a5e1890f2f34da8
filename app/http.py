"""Request parsing and response helpers shared by every route."""

from __future__ import annotations

import json
from typing import Any

import orjson
from pydantic import BaseModel
from starlette.requests import Request
from starlette.responses import Response

from app.errors import ApiError, invalid
from app.params import declared_length
from app.services import photos
from app.services.answers import Answer
from app.stored_json import MAX_DEPTH, depth_exceeds
from app.validation import Model, parse

MAX_JSON_BODY = 1_000_000
MAX_BODY_DEPTH = 2 * MAX_DEPTH  # a body wraps what it stores in a level or two; stored values get MAX_DEPTH
NUL_MESSAGE = "Text may not contain NUL characters."


class OrjsonResponse(Response):
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)


def answer_response(answer: Answer) -> Response:
    """A kept answer (:class:`app.services.answers.Answer`): its JSON with its ``ETag``, or 304."""
    headers = {"ETag": answer.etag}
    if answer.body is None:
        return Response(status_code=304, headers=headers)
    return Response(answer.body, media_type="application/json", headers=headers)


def json_response(content: Any, status: int = 200) -> OrjsonResponse:
    if isinstance(content, BaseModel):
        content = content.model_dump(mode="json", by_alias=True)
    return OrjsonResponse(content, status_code=status)


async def read_body(request: Request) -> Any:
    """The request's JSON body, refusing bodies that are too large or not JSON."""
    declared = declared_length(request)
    if declared is not None and declared > MAX_JSON_BODY:
        raise ApiError(413, "The request body is too large.")
    raw = await request.body()
    if len(raw) > MAX_JSON_BODY:
        raise ApiError(413, "The request body is too large.")
    if not raw.strip():
        raise invalid("Send a JSON body.")
    try:
        data = orjson.loads(raw)
    except (orjson.JSONDecodeError, json.JSONDecodeError) as exc:
        raise invalid("The body is not valid JSON.") from exc
    # Refused on arrival, whatever the call: no call takes anything this deep, and a stored value
    # deeper than orjson writes (254) could never be answered again (app/stored_json.py).
    if raw.count(b"[") + raw.count(b"{") > MAX_BODY_DEPTH and depth_exceeds(data, MAX_BODY_DEPTH):
        raise invalid(f"The body is nested too deeply (at most {MAX_BODY_DEPTH} levels).")
    if b"\\u0000" in raw and _has_nul(data):  # no text column takes NUL (PostgreSQL raises on it)
        raise invalid(NUL_MESSAGE)
    return data


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_nul(item) for item in value)
    return False


async def read_model(request: Request, model: type[Model]) -> Model:
    return parse(model, await read_body(request))


async def read_photo(request: Request) -> bytes:
    """The raw image body of an upload (Content-Type image/png, jpeg, webp or gif), size capped."""
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media not in photos.ACCEPTED:
        raise ApiError(415, "Send the photo as a PNG, JPEG, WebP or GIF image (the body, with its Content-Type).")
    declared = declared_length(request)
    if declared is not None and declared > photos.MAX_PHOTO_BYTES:
        raise ApiError(413, photos.TOO_LARGE)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > photos.MAX_PHOTO_BYTES:
            raise ApiError(413, photos.TOO_LARGE)
        chunks.append(chunk)
    if not size:
        raise invalid("Send the photo as the request body.")
    return b"".join(chunks)
