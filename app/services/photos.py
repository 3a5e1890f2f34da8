"""Profile photos: an uploaded image, checked and re-encoded to a small PNG, kept in the project's
storage (like document thumbnails) under an unguessable key; ``users.photo_url`` points at it.

Pictures (the sample products' images) take the same path: the same checks, re-encoded to a WebP
that fits in ``PICTURE_SIDE`` pixels (the proportions kept), served by the same ``/photos/{name}``."""

from __future__ import annotations

import io
import re
import secrets
import warnings

from app.errors import invalid
from app.settings import Settings
from app.storage import Storage
from app.threads import in_thread

MAX_PHOTO_BYTES = 5 * 1024 * 1024
MAX_PHOTO_PIXELS = 40_000_000
PHOTO_SIZE = (256, 256)
ACCEPTED = {"image/png", "image/jpeg", "image/webp", "image/gif"}
PICTURE_SIDE = 1200
PHOTO_NAME = re.compile(r"^[0-9a-f]{32}\.(png|webp)$")
MEDIA_OF = {"png": "image/png", "webp": "image/webp"}
TOO_LARGE = f"The photo is too large: send at most {MAX_PHOTO_BYTES // (1024 * 1024)} MB."


def _reencoded(data: bytes, *, square: bool) -> bytes:
    """The image checked and drawn afresh: a square PNG of PHOTO_SIZE, or a WebP within PICTURE_SIDE."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
        with image:
            if image.size[0] * image.size[1] > MAX_PHOTO_PIXELS:
                raise invalid(f"The photo has too many pixels: at most {MAX_PHOTO_PIXELS // 1_000_000} megapixels.")
            image.seek(0)
            picture = image.convert("RGBA")
            out = io.BytesIO()
            if not square:
                picture.thumbnail((PICTURE_SIDE, PICTURE_SIDE), Image.Resampling.LANCZOS)
                picture.save(out, format="WEBP", quality=82, method=4)
                return out.getvalue()
            side = min(picture.size)
            left, top = (picture.size[0] - side) // 2, (picture.size[1] - side) // 2
            picture = picture.crop((left, top, left + side, top + side))
            picture.thumbnail(PHOTO_SIZE, Image.Resampling.LANCZOS)
            picture.save(out, format="PNG", optimize=True)
            return out.getvalue()
    except Image.DecompressionBombError as exc:
        raise invalid("The photo has too many pixels.") from exc
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError) as exc:
        raise invalid("The photo is not an image the portal can read (or it is damaged).") from exc


async def store_photo(storage: Storage, settings: Settings, data: bytes) -> str:
    """Check and shrink the image, store it; answers the URL for ``users.photo_url``."""
    png = await in_thread(_reencoded, data, square=True)
    name = f"{secrets.token_hex(16)}.png"
    await in_thread(storage.put_bytes, f"photos/{name}", png, "image/png")
    return f"{settings.public_api_url.rstrip('/')}/photos/{name}"


async def store_picture(storage: Storage, settings: Settings, data: bytes) -> str:
    """Check the image and store it as a WebP within PICTURE_SIDE pixels; answers its URL."""
    webp = await in_thread(_reencoded, data, square=False)
    name = f"{secrets.token_hex(16)}.webp"
    await in_thread(storage.put_bytes, f"photos/{name}", webp, "image/webp")
    return f"{settings.public_api_url.rstrip('/')}/photos/{name}"


def stored_name(url: str, settings: Settings) -> str | None:
    """The stored name of a picture URL this portal gave out, or None."""
    prefix = f"{settings.public_api_url.rstrip('/')}/photos/"
    name = url.removeprefix(prefix)
    return name if url.startswith(prefix) and PHOTO_NAME.match(name) else None


async def delete_picture(storage: Storage, name: str) -> None:
    await in_thread(storage.delete, f"photos/{name}")
