"""The headless Chromium that the browser tests (tests/e2e) and the UI benchmark launch, with the
same flags: headless in a container, no background traffic."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
