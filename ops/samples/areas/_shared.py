"""Small helpers several area generators share (not an area: ``generate`` skips names with a ``_``)."""

from __future__ import annotations

import random
from datetime import datetime


def iso(moment: datetime) -> str:
    """``moment`` (UTC) as the spec's data writes it: ISO 8601 ending in ``Z``."""
    return moment.isoformat().replace("+00:00", "Z")


def hex_id(rng: random.Random) -> str:
    """A 24-digit hexadecimal id, as the spec's data has them."""
    return f"{rng.getrandbits(96):024x}"
