"""The service layer: every change to the data goes through here (routes and the worker call it)."""
