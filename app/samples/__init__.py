"""The template's sample areas, served from our API with real persistence (one module per area)."""
