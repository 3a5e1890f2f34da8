"""Socket.IO: authenticated connections, rooms, and events that cross processes through Redis."""
