"""A short per-process memory of sessions found live, so a burst of calls costs one database check.

Every API call checks that its token's session is still live (not signed out, not expired, user not
disabled). Under load the same session asks many times a second; remembering the answer for a
couple of seconds removes that query from nearly every call. Ending a session still takes effect at
once everywhere: the process that revokes forgets it on the spot and tells the others over the Redis
control channel (``app/realtime/control.py``), where the CLI's ``end-user`` messages arrive too. The
TTL only bounds how long a process could trust a session whose end it did not hear about (Redis
down at that moment).
"""

from __future__ import annotations

import time
from collections import OrderedDict

MAX_ENTRIES = 50_000  # ~100 bytes each: a few MB at most, oldest dropped first


class LiveSessionCache:
    def __init__(self, ttl_seconds: float) -> None:
        self.ttl = ttl_seconds
        self._checked: OrderedDict[str, tuple[int, float]] = OrderedDict()  # session id -> (user id, when)

    def is_live(self, session_id: str, user_id: int) -> bool:
        entry = self._checked.get(session_id)
        if entry is None:
            return False
        owner, checked_at = entry
        if owner != user_id or time.monotonic() - checked_at > self.ttl:
            del self._checked[session_id]
            return False
        return True

    def remember(self, session_id: str, user_id: int) -> None:
        if self.ttl <= 0:
            return
        self._checked[session_id] = (user_id, time.monotonic())
        self._checked.move_to_end(session_id)
        while len(self._checked) > MAX_ENTRIES:
            self._checked.popitem(last=False)

    def forget_session(self, session_id: str) -> None:
        self._checked.pop(session_id, None)

    def forget_user(self, user_id: int) -> None:
        for session_id in [s for s, (owner, _) in self._checked.items() if owner == user_id]:
            del self._checked[session_id]
