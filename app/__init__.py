"""The staff portal's ASGI application."""
