"""Data contracts: SQLModel tables, request/response models and realtime event payloads."""
