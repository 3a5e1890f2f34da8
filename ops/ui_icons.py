"""Draws the installable app's PNG icons from the logo (ui/public/favicon.svg) with the system Chromium.

    .venv/bin/python -m ops.ui_icons     # after changing the logo; commit ui/public/icons/*.png

The icons are committed (a few KB each) so a build needs no image toolchain. Sizes: 192 and 512
(``purpose: any``), a 512 maskable one (the logo inside the safe zone on the theme colour), the
180 px Apple touch icon (no transparency) and a 96 px white silhouette for Android's status bar badge.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from playwright.async_api import async_playwright

from app.settings import ROOT

PUBLIC = ROOT / "ui" / "public"
OUT = PUBLIC / "icons"
THEME = "#09090b"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")

# (file, size, background or None for transparent, logo share of the side, silhouette)
ICONS = [
    ("icon-192.png", 192, None, 1.0, False),
    ("icon-512.png", 512, None, 1.0, False),
    ("maskable-512.png", 512, THEME, 0.6, False),  # within the 80 % safe circle, with room to spare
    ("apple-touch-icon.png", 180, THEME, 0.75, False),
    ("badge-96.png", 96, None, 1.0, True),
]


def page_for(svg: str, size: int, background: str | None, share: float, silhouette: bool) -> str:
    logo = int(size * share)
    style = "filter: brightness(0) invert(1);" if silhouette else ""
    return (
        "<!doctype html><html><body style='margin:0'>"
        f"<div style='width:{size}px;height:{size}px;display:flex;align-items:center;justify-content:center;"
        f"background:{background or 'transparent'}'>"
        f"<img style='width:{logo}px;height:{logo}px;{style}' src='data:image/svg+xml;utf8,{svg}'></div></body></html>"
    )


async def draw() -> list[Path]:
    svg = (PUBLIC / "favicon.svg").read_text().replace("#", "%23").replace("'", "%27").strip()
    OUT.mkdir(parents=True, exist_ok=True)
    written = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        for name, size, background, share, silhouette in ICONS:
            page = await browser.new_page(viewport={"width": size, "height": size})
            await page.set_content(page_for(svg, size, background, share, silhouette))
            await page.wait_for_function("document.images[0].complete")
            path = OUT / name
            await page.screenshot(path=str(path), omit_background=background is None)
            await page.close()
            written.append(path)
        await browser.close()
    return written


if __name__ == "__main__":
    for path in asyncio.run(draw()):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")
