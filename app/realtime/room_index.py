"""A socket's rooms found without looking through every room (python-socketio's manager does).

python-socketio (5.x) finds the rooms of a disconnecting socket by copying and scanning the
namespace's whole room table, and every socket has rooms of its own (its sid, its user, its
session): with N sockets a disconnect costs O(N), and a process closing its N sockets (a deploy,
a restart) O(N^2) — 11 s of stopping at 1,000 sockets per process on the loaded machine (py-spy:
``basic_disconnect`` and ``bidict.__contains__``). This mixin keeps each socket's rooms beside the
table, so a disconnect touches only the socket's own rooms. Everything else is the manager's.
"""

from __future__ import annotations

from typing import Any


class RoomIndex:
    """Mix in before a ``socketio`` manager class: ``class M(RoomIndex, AsyncRedisManager)``."""

    rooms: dict[str, dict[Any, Any]]
    callbacks: dict[str, Any]
    pending_connect: dict[str, list[str]]
    pending_disconnect: dict[str, list[str]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rooms_of: dict[tuple[str, str], list[str | None]] = {}  # (namespace, sid) -> its rooms

    def basic_enter_room(self, sid: str, namespace: str, room: str | None, eio_sid: str | None = None) -> None:
        super().basic_enter_room(sid, namespace, room, eio_sid=eio_sid)  # type: ignore[misc]
        joined = self.rooms_of.setdefault((namespace, sid), [])
        if room not in joined:
            joined.append(room)

    def basic_leave_room(self, sid: str, namespace: str, room: str | None) -> None:
        super().basic_leave_room(sid, namespace, room)  # type: ignore[misc]
        joined = self.rooms_of.get((namespace, sid))
        if joined is not None and room in joined:
            joined.remove(room)
            if not joined:
                del self.rooms_of[(namespace, sid)]

    def get_rooms(self, sid: str, namespace: str) -> list[str]:
        return [room for room in self.rooms_of.get((namespace, sid), ()) if room is not None]

    def basic_disconnect(self, sid: str, namespace: str, **_kwargs: Any) -> None:
        """As the library's, with the socket's rooms from the index instead of a scan of every room."""
        if namespace not in self.rooms:
            return
        for room in list(self.rooms_of.get((namespace, sid), ())):
            self.basic_leave_room(sid, namespace, room)
        self.rooms_of.pop((namespace, sid), None)
        self.callbacks.pop(sid, None)
        for pending in (self.pending_connect, self.pending_disconnect):
            waiting = pending.get(namespace)
            if waiting is not None and sid in waiting:
                waiting.remove(sid)
                if not waiting:
                    del pending[namespace]
