"""A per-process memory of sessions found live, so that repeated calls cost one database check.

Every API call and socket connection checks that its token's session is still live (not signed
out, not revoked, not expired, user not disabled). Remembering the answer removes that query from
nearly every call. Ending a session still takes effect at once everywhere, because the memory is
trusted only while this process hears every end:

- the process that ends a session forgets it on the spot and announces it over the Redis control
  channel (``app/realtime/control.py``), where the CLI's and sign-out-everywhere's ``end-user``
  messages arrive too; every process forgets what it hears;
- while this process is not subscribed to that channel (not yet started, or Redis down) nothing is
  remembered, and on (re)subscribing the memory starts empty, since ends may have been missed;
- a check that raced an end (the database said "live" just before the end was committed and
  announced) is not remembered: every forget bumps an epoch that ``remember`` compares.

The TTL is a last bound for a path that ends sessions without announcing it.
"""

from __future__ import annotations

import time
from collections import OrderedDict

MAX_ENTRIES = 50_000  # ~100 bytes each: a few MB at most, oldest dropped first


class LiveSessionCache:
    def __init__(self, ttl_seconds: float) -> None:
        self.ttl = ttl_seconds
        self._entries: OrderedDict[str, tuple[int, float]] = OrderedDict()  # session -> (user, trusted until)
        self._epoch = 0
        self._hearing = False  # subscribed to the control channel: ends reach this process

    @property
    def epoch(self) -> int:
        return self._epoch

    def hearing(self, subscribed: bool) -> None:
        """The control listener (re)subscribed or lost Redis: start from an empty memory either way."""
        self._hearing = subscribed
        self._entries.clear()
        self._epoch += 1

    def is_live(self, session_id: str, user_id: int) -> bool:
        entry = self._entries.get(session_id)
        if entry is None:
            return False
        owner, until = entry
        if owner != user_id or time.monotonic() > until:
            del self._entries[session_id]
            return False
        return True

    def remember(self, session_id: str, user_id: int, *, epoch: int, session_ends_in: float) -> None:
        """Remember a check that started at ``epoch``, for the TTL or until the session ends."""
        if not self._hearing or self.ttl <= 0 or epoch != self._epoch:
            return
        self._entries[session_id] = (user_id, time.monotonic() + min(self.ttl, session_ends_in))
        self._entries.move_to_end(session_id)
        while len(self._entries) > MAX_ENTRIES:
            self._entries.popitem(last=False)

    def forget_session(self, session_id: str) -> None:
        self._epoch += 1
        self._entries.pop(session_id, None)

    def forget_user(self, user_id: int) -> None:
        self._epoch += 1
        for session_id in [s for s, (owner, _) in self._entries.items() if owner == user_id]:
            del self._entries[session_id]
