"""The sample areas' pictures: drawn here (Pillow, fixed randomness), shipped as small WebP files.

The sample data names each picture with :func:`picture` (``/samples/<folder>/<name>.webp``); the files
live in ``ui/public/samples`` (the UI server and nginx serve them like any static file, revalidated,
never precached by the service worker). ``python -m ops.samples.pictures`` draws every picture the
data files in ``ops/samples/data`` name and removes the ones no longer named; the files are committed
so a checkout needs no generation step. Nothing is copied from the original template: avatars are
illustrated head-and-shoulders portraits, products are stylised landscape and industry prints (the
store sells prints), profile photos and covers are scenes of the same kind, file previews are icons.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = ROOT / "ui" / "public"
FOLDER = PUBLIC / "samples"
DATA = Path(__file__).resolve().parent / "data"
PATTERN = re.compile(r"^/samples/([a-z0-9-]+)/([a-z0-9-]+)\.webp$")
# Pixel size of each folder's pictures (width, height): what the pages show, at most about 2x.
SIZES = {
    "avatars": (128, 128),
    "ecommerce": (480, 360),
    "profile": (400, 300),
    "scrumboard": (480, 270),
    "etc": (480, 320),
}
ICONS = {"pdf": (220, 60, 50), "sheet": (30, 140, 80)}
QUALITY = 72


def picture(folder: str, name: str) -> str:
    """The address of a shipped sample picture: ``picture("avatars", "Abbott")`` is ``/samples/avatars/abbott.webp``."""
    if folder not in SIZES:
        raise ValueError(f"unknown picture folder {folder!r}")
    return f"/samples/{folder}/{name.lower()}.webp"


def named_in(value: Any) -> Iterator[str]:
    """Every picture address in a sample data structure."""
    if isinstance(value, str):
        if PATTERN.match(value):
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from named_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from named_in(item)


def referenced() -> set[str]:
    """The picture addresses the committed sample data names."""
    names: set[str] = set()
    for path in sorted(DATA.glob("*.json")):
        names.update(named_in(json.loads(path.read_text())))
    return names


def file_of(address: str) -> Path:
    return PUBLIC / address.lstrip("/")


# --- drawing ---------------------------------------------------------------------------------------

Color = tuple[int, int, int]
SCALE = 2  # drawn at twice the size, then scaled down: smooth edges without antialiasing support


def mix(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def hex_color(value: str) -> Color:
    return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))


def seed_of(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def vertical_gradient(size: tuple[int, int], stops: list[tuple[float, Color]]) -> Any:
    from PIL import Image

    w, h = size
    column = Image.new("RGB", (1, h))
    pixels = column.load()
    assert pixels is not None
    for y in range(h):
        t = y / max(h - 1, 1)
        for (p0, c0), (p1, c1) in itertools.pairwise(stops):
            if p0 <= t <= p1:
                pixels[0, y] = mix(c0, c1, (t - p0) / max(p1 - p0, 1e-6))
                break
        else:
            pixels[0, y] = stops[-1][1] if t > stops[-1][0] else stops[0][1]
    return column.resize((w, h))


def glow(img: Any, center: tuple[float, float], radius: float, color: Color, strength: float = 1.0) -> None:
    from PIL import Image, ImageDraw, ImageFilter

    mask = Image.new("L", img.size, 0)
    x, y = center
    ImageDraw.Draw(mask).ellipse((x - radius, y - radius, x + radius, y + radius), fill=round(255 * strength))
    mask = mask.filter(ImageFilter.GaussianBlur(radius * 0.8))
    img.paste(Image.new("RGB", img.size, color), (0, 0), mask)


def ridge(rng: random.Random, width: int, base: float, amplitude: float, steps: int = 7) -> list[tuple[float, float]]:
    """A mountain outline by midpoint displacement, from x=0 to x=width."""
    points = [base + rng.uniform(-amplitude, amplitude) * 0.5, base + rng.uniform(-amplitude, amplitude) * 0.5]
    spread = amplitude
    for _ in range(steps):
        refined = []
        for a, b in itertools.pairwise(points):
            refined += [a, (a + b) / 2 + rng.uniform(-spread, spread)]
        points = [*refined, points[-1]]
        spread *= 0.55
    step = width / (len(points) - 1)
    return [(i * step, y) for i, y in enumerate(points)]


def fill_below(draw: Any, outline: list[tuple[float, float]], bottom: float, color: Color) -> None:
    draw.polygon([*outline, (outline[-1][0], bottom), (outline[0][0], bottom)], fill=color)


def pine(draw: Any, x: float, y: float, height: float, color: Color, snow: Color | None = None) -> None:
    width = height * 0.38
    for tier in range(3):
        top = y - height + tier * height * 0.22
        bottom = y - height * 0.1 - (2 - tier) * height * 0.12
        half = width * (0.45 + tier * 0.28) / 2
        draw.polygon([(x, top), (x + half, bottom), (x - half, bottom)], fill=color)
        if snow:
            draw.polygon(
                [
                    (x, top),
                    (x + half * 0.35, top + (bottom - top) * 0.35),
                    (x - half * 0.35, top + (bottom - top) * 0.35),
                ],
                fill=snow,
            )
    draw.rectangle((x - width * 0.05, y - height * 0.12, x + width * 0.05, y), fill=color)


def round_tree(draw: Any, x: float, y: float, height: float, trunk: Color, leaves: Color, rng: random.Random) -> None:
    draw.rectangle((x - height * 0.035, y - height * 0.55, x + height * 0.035, y), fill=trunk)
    r = height * 0.3
    for _ in range(5):
        dx, dy = rng.uniform(-r * 0.6, r * 0.6), rng.uniform(-r * 0.5, r * 0.3)
        rr = r * rng.uniform(0.55, 0.8)
        cx, cy = x + dx, y - height * 0.68 + dy
        draw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=leaves)


def branch(
    draw: Any, x: float, y: float, angle: float, length: float, width: float, color: Color, rng: random.Random
) -> None:
    if length < 4 or width < 0.8:
        return
    x2, y2 = x + math.cos(angle) * length, y - math.sin(angle) * length
    draw.line((x, y, x2, y2), fill=color, width=max(1, round(width)))
    for turn in (rng.uniform(0.25, 0.55), -rng.uniform(0.25, 0.55)):
        branch(draw, x2, y2, angle + turn, length * rng.uniform(0.66, 0.78), width * 0.68, color, rng)


# Times of day: sky top, sky horizon, sun, land near (darkest), land far.
PALETTES: dict[str, dict[str, Color]] = {
    "day": {
        "top": hex_color("#4a90d9"),
        "horizon": hex_color("#cfe6f7"),
        "sun": hex_color("#fff6d8"),
        "near": hex_color("#2f5d3a"),
        "far": hex_color("#7fa3b8"),
        "water": hex_color("#2e8fa6"),
    },
    "dawn": {
        "top": hex_color("#3b4a8c"),
        "horizon": hex_color("#f6b57a"),
        "sun": hex_color("#ffe0a3"),
        "near": hex_color("#2b2d4a"),
        "far": hex_color("#8a7aa8"),
        "water": hex_color("#5a6a9c"),
    },
    "dusk": {
        "top": hex_color("#26315f"),
        "horizon": hex_color("#f08a5d"),
        "sun": hex_color("#ffd07a"),
        "near": hex_color("#1c1f33"),
        "far": hex_color("#6b5b8a"),
        "water": hex_color("#3e4a7a"),
    },
    "night": {
        "top": hex_color("#070b1f"),
        "horizon": hex_color("#1d2f55"),
        "sun": hex_color("#f4f1e0"),
        "near": hex_color("#05070f"),
        "far": hex_color("#1b2540"),
        "water": hex_color("#0f1b36"),
    },
    "teal": {
        "top": hex_color("#5aa7c7"),
        "horizon": hex_color("#e4f1ee"),
        "sun": hex_color("#fffbe8"),
        "near": hex_color("#1f4a3f"),
        "far": hex_color("#8db5b5"),
        "water": hex_color("#2bb3a8"),
    },
    "autumn": {
        "top": hex_color("#6d8fb8"),
        "horizon": hex_color("#f4dcb6"),
        "sun": hex_color("#fff0c8"),
        "near": hex_color("#5a2e1a"),
        "far": hex_color("#b08a6a"),
        "water": hex_color("#4d7f8f"),
    },
    "winter": {
        "top": hex_color("#9fb7cf"),
        "horizon": hex_color("#eef3f8"),
        "sun": hex_color("#ffffff"),
        "near": hex_color("#3d4b5c"),
        "far": hex_color("#c5d3e0"),
        "water": hex_color("#7d98ad"),
    },
}


class Scene:
    """One picture being drawn: a sky, then layers from far to near."""

    def __init__(self, size: tuple[int, int], palette: str, rng: random.Random, horizon: float = 0.62) -> None:
        from PIL import ImageDraw

        self.w, self.h = size[0] * SCALE, size[1] * SCALE
        self.p = PALETTES[palette]
        self.name = palette
        self.rng = rng
        self.horizon = self.h * horizon
        self.img = vertical_gradient(
            (self.w, self.h), [(0.0, self.p["top"]), (horizon, self.p["horizon"]), (1.0, self.p["horizon"])]
        )
        self.draw = ImageDraw.Draw(self.img)

    def sun(self, x: float = 0.7, y: float = 0.35, r: float = 0.07) -> None:
        cx, cy, rr = self.w * x, self.h * y, self.w * r
        glow(self.img, (cx, cy), rr * 3.2, mix(self.p["horizon"], self.p["sun"], 0.6), 0.55)
        self.draw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=self.p["sun"])

    def stars(self, count: int = 60) -> None:
        for _ in range(count):
            x, y = self.rng.uniform(0, self.w), self.rng.uniform(0, self.horizon * 0.8)
            r = self.rng.uniform(0.8, 2.2)
            self.draw.ellipse(
                (x - r, y - r, x + r, y + r), fill=mix(self.p["top"], (255, 255, 255), self.rng.uniform(0.5, 1))
            )

    def mountains(self, layers: int = 3, height: float = 0.3, sharp: float = 1.0) -> None:
        for i in range(layers):
            depth = i / max(layers - 1, 1)  # 0 far .. 1 near
            color = mix(self.p["far"], self.p["near"], depth * 0.75)
            base = self.horizon - self.h * height * (1 - depth * 0.55)
            outline = ridge(self.rng, self.w, base, self.h * height * 0.55 * sharp)
            fill_below(self.draw, outline, self.horizon + 2, color)

    def hills(self, color: Color, base: float, amplitude: float) -> list[tuple[float, float]]:
        outline = ridge(self.rng, self.w, self.h * base, self.h * amplitude, steps=5)
        fill_below(self.draw, outline, self.h, color)
        return outline

    def water(self) -> None:
        from PIL import Image, ImageOps

        above = self.img.crop((0, 0, self.w, round(self.horizon)))
        reflection = ImageOps.flip(above).resize((self.w, self.h - round(self.horizon)))
        tint = Image.new("RGB", reflection.size, self.p["water"])
        self.img.paste(Image.blend(reflection, tint, 0.55), (0, round(self.horizon)))
        for _ in range(26):
            y = self.rng.uniform(self.horizon + 4, self.h)
            x = self.rng.uniform(0, self.w)
            length = self.rng.uniform(0.04, 0.16) * self.w
            self.draw.line((x, y, x + length, y), fill=mix(self.p["water"], (255, 255, 255), 0.35), width=SCALE)

    def ground(self, color: Color | None = None) -> None:
        color = color or self.p["near"]
        self.draw.rectangle((0, self.horizon, self.w, self.h), fill=color)

    def forest(
        self, count: int, color: Color, min_h: float, max_h: float, snow: Color | None = None, base: float | None = None
    ) -> None:
        base_y = self.horizon if base is None else self.h * base
        for _ in range(count):
            x = self.rng.uniform(-0.02, 1.02) * self.w
            pine(
                self.draw,
                x,
                base_y + self.rng.uniform(-2, 6) * SCALE,
                self.h * self.rng.uniform(min_h, max_h),
                color,
                snow,
            )

    def finish(self) -> Any:
        from PIL import Image

        return self.img.resize((self.w // SCALE, self.h // SCALE), Image.Resampling.LANCZOS)


# --- scenes ----------------------------------------------------------------------------------------


def lake(s: Scene) -> None:
    s.sun(0.72, 0.3, 0.05)
    s.mountains(3, 0.34)
    s.forest(22, mix(s.p["near"], (0, 0, 0), 0.2), 0.06, 0.14)
    s.water()


def valley(s: Scene) -> None:  # a granite cliff over a forested valley
    s.sun(0.25, 0.28, 0.05)
    s.mountains(2, 0.22)
    rock = mix(s.p["far"], (205, 200, 190), 0.35)
    shade = mix(rock, s.p["near"], 0.3)
    top, foot = s.horizon - s.h * 0.5, s.horizon + s.h * 0.02
    s.draw.polygon(
        [(s.w * 0.42, foot), (s.w * 0.55, top + s.h * 0.06), (s.w * 0.68, top), (s.w, top + s.h * 0.04), (s.w, foot)],
        fill=rock,
    )
    s.draw.polygon([(s.w * 0.42, foot), (s.w * 0.55, top + s.h * 0.06), (s.w * 0.6, foot)], fill=shade)
    s.ground(mix(s.p["near"], s.p["far"], 0.2))
    s.forest(40, s.p["near"], 0.08, 0.22, base=0.98)


def forest_walk(s: Scene) -> None:
    s.sun(0.5, 0.3, 0.06)
    s.mountains(2, 0.2)
    s.ground(mix(s.p["near"], s.p["far"], 0.3))
    s.draw.polygon(
        [(s.w * 0.46, s.horizon), (s.w * 0.54, s.horizon), (s.w * 0.8, s.h), (s.w * 0.2, s.h)],
        fill=mix(s.p["horizon"], s.p["near"], 0.45),
    )
    s.forest(18, mix(s.p["near"], s.p["far"], 0.35), 0.12, 0.2)
    for side in (0.0, 0.62):
        for _ in range(6):
            x = (side + s.rng.uniform(0, 0.38)) * s.w
            pine(s.draw, x, s.h * s.rng.uniform(0.8, 1.0), s.h * s.rng.uniform(0.35, 0.6), s.p["near"])


def lone_trees(s: Scene) -> None:
    s.sun(0.2, 0.45, 0.05)
    s.hills(mix(s.p["far"], s.p["near"], 0.3), 0.66, 0.04)
    outline = s.hills(mix(s.p["near"], s.p["far"], 0.2), 0.78, 0.05)
    for fx in (0.6, 0.72):
        x = s.w * fx
        y = min(yy for xx, yy in outline if abs(xx - x) < s.w * 0.05)
        round_tree(s.draw, x, y + 4, s.h * 0.3 * (1.15 if fx == 0.6 else 0.8), s.p["near"], s.p["near"], s.rng)


def reaching(s: Scene) -> None:
    s.sun(0.5, 0.55, 0.09)
    outline = s.hills(s.p["near"], 0.86, 0.02)
    del outline
    branch(s.draw, s.w * 0.5, s.h * 0.88, math.pi / 2, s.h * 0.2, 7 * SCALE, s.p["near"], s.rng)


def autumn_hills(s: Scene) -> None:
    s.sun(0.8, 0.25, 0.05)
    s.mountains(2, 0.2)
    colors = [hex_color(c) for c in ("#c0392b", "#e67e22", "#f1c40f", "#a0522d", "#d35400")]
    s.hills(mix(s.p["near"], s.p["far"], 0.4), 0.7, 0.05)
    for row in range(4):
        y = s.h * (0.7 + row * 0.1)
        for _ in range(14):
            x = s.rng.uniform(-0.05, 1.05) * s.w
            r = s.h * s.rng.uniform(0.05, 0.09) * (1 + row * 0.25)
            s.draw.ellipse((x - r, y - r, x + r, y + r), fill=mix(s.rng.choice(colors), s.p["near"], 0.25 - row * 0.05))


def meadow(s: Scene) -> None:  # mist and dew: soft layers, a low sun, grass blades in front
    s.sun(0.35, 0.5, 0.07)
    for i in range(4):
        color = mix(s.p["horizon"], s.p["near"], 0.2 + i * 0.18)
        s.hills(color, 0.6 + i * 0.08, 0.04)
        glow(s.img, (s.w * 0.5, s.h * (0.62 + i * 0.08)), s.w * 0.5, s.p["horizon"], 0.25)
    grass = mix(s.p["near"], (0, 0, 0), 0.1)
    for _ in range(120):
        x = s.rng.uniform(0, s.w)
        top = s.h * s.rng.uniform(0.78, 0.92)
        s.draw.line((x, s.h, x + s.rng.uniform(-12, 12) * SCALE, top), fill=grass, width=SCALE)
        if s.rng.random() < 0.12:
            r = 2.2 * SCALE
            s.draw.ellipse((x - r, top - r, x + r, top + r), fill=mix(s.p["sun"], (255, 255, 255), 0.5))


def aurora(s: Scene) -> None:
    from PIL import Image, ImageDraw, ImageFilter

    s.stars(90)
    layer = Image.new("L", (s.w, s.h), 0)
    d = ImageDraw.Draw(layer)
    for band in range(3):
        base = s.h * (0.2 + band * 0.08)
        phase = s.rng.uniform(0, 6)
        points = [(x, base + math.sin(x / s.w * 6 + phase) * s.h * 0.06) for x in range(0, s.w + 20, 20)]
        d.line(points, fill=200 - band * 40, width=round(s.h * 0.05))
    layer = layer.filter(ImageFilter.GaussianBlur(s.h * 0.03))
    s.img.paste(Image.new("RGB", s.img.size, hex_color("#3ee6a0")), (0, 0), layer)
    s.mountains(2, 0.18)
    s.forest(26, s.p["near"], 0.05, 0.12)
    s.water()


def harbour(s: Scene) -> None:
    s.sun(0.3, 0.32, 0.05)
    s.hills(mix(s.p["far"], s.p["near"], 0.2), 0.58, 0.05)
    s.water()
    for _ in range(4):
        x, y = s.rng.uniform(0.1, 0.85) * s.w, s.rng.uniform(0.7, 0.9) * s.h
        size = s.h * s.rng.uniform(0.06, 0.1) * (y / s.h)
        hull = s.p["near"]
        s.draw.polygon(
            [
                (x - size * 1.6, y - size * 0.4),
                (x + size * 1.6, y - size * 0.4),
                (x + size * 1.2, y),
                (x - size * 1.2, y),
            ],
            fill=hull,
        )
        s.draw.line((x, y - size * 0.4, x, y - size * 3), fill=hull, width=SCALE * 2)
        s.draw.polygon(
            [(x + SCALE * 2, y - size * 2.8), (x + SCALE * 2, y - size * 0.6), (x + size * 1.3, y - size * 0.6)],
            fill=mix(s.p["horizon"], (255, 255, 255), 0.6),
        )


def skyline(s: Scene, lit: bool) -> None:
    far = mix(s.p["far"], s.p["near"], 0.3)
    for layer, color in ((0, far), (1, s.p["near"])):
        x = -10.0
        while x < s.w:
            width = s.w * s.rng.uniform(0.05, 0.11)
            top = s.horizon - s.h * s.rng.uniform(0.12, 0.35) * (1.2 - layer * 0.35)
            s.draw.rectangle((x, top, x + width, s.h), fill=color)
            if lit and layer == 1:
                for wy in range(round(top + 10), s.h, 9 * SCALE):
                    for wx in range(round(x + 5), round(x + width - 6), 7 * SCALE):
                        if s.rng.random() < 0.35:
                            s.draw.rectangle((wx, wy, wx + 3 * SCALE, wy + 4 * SCALE), fill=hex_color("#ffd27a"))
            x += width + s.rng.uniform(0, 6)


def bridge(s: Scene) -> None:
    s.sun(0.75, 0.3, 0.05)
    skyline(s, s.name in ("night", "dusk"))
    s.water()
    stone = mix(s.p["near"], s.p["far"], 0.25)
    deck = s.horizon + s.h * 0.05
    s.draw.rectangle((0, deck - s.h * 0.05, s.w, deck), fill=stone)
    span = s.w / 4
    for i in range(4):
        x = i * span
        s.draw.rectangle((x, deck, x + span, deck + s.h * 0.13), fill=stone)
        arch = (x + span * 0.12, deck + s.h * 0.03, x + span * 0.88, deck + s.h * 0.23)
        s.draw.chord(arch, 180, 360, fill=mix(s.p["water"], s.p["near"], 0.45))


def rooftops(s: Scene) -> None:
    s.sun(0.8, 0.22, 0.05)
    if s.name == "night":
        s.stars(20)
    colors = [hex_color(c) for c in ("#8e3b2f", "#a0472f", "#6d3a2c", "#b5653c", "#7a4a3a")]
    for row in range(4):
        y = s.h * (0.45 + row * 0.15)
        x = -s.w * 0.05
        while x < s.w:
            width = s.w * s.rng.uniform(0.12, 0.2)
            color = mix(s.rng.choice(colors), s.p["near"], 0.45 - row * 0.12)
            s.draw.polygon(
                [(x, y + s.h * 0.1), (x + width / 2, y - s.h * 0.06), (x + width, y + s.h * 0.1)], fill=color
            )
            s.draw.rectangle(
                (x + width * 0.08, y + s.h * 0.1, x + width * 0.92, s.h),
                fill=mix(hex_color("#e8d8c0"), s.p["near"], 0.5 - row * 0.1),
            )
            if s.rng.random() < 0.5:
                cx = x + width * 0.7
                s.draw.rectangle((cx, y - s.h * 0.05, cx + width * 0.08, y + s.h * 0.02), fill=color)
            x += width * 0.95


def tram(s: Scene) -> None:
    skyline(s, True)
    s.ground(mix(s.p["near"], (40, 40, 40), 0.4))
    for y in (s.h * 0.9, s.h * 0.93):
        s.draw.line((0, y, s.w, y), fill=mix(s.p["horizon"], (200, 200, 200), 0.4), width=SCALE)
    s.draw.line((0, s.h * 0.28, s.w, s.h * 0.26), fill=s.p["near"], width=SCALE)
    x0, x1, top, bottom = s.w * 0.18, s.w * 0.86, s.h * 0.5, s.h * 0.88
    s.draw.rounded_rectangle((x0, top, x1, bottom), radius=s.h * 0.05, fill=hex_color("#c23b2b"))
    s.draw.line((s.w * 0.5, top, s.w * 0.46, s.h * 0.27), fill=s.p["near"], width=SCALE * 2)
    for i in range(6):
        wx = x0 + (x1 - x0) * (0.04 + i * 0.16)
        s.draw.rounded_rectangle(
            (wx, top + s.h * 0.06, wx + (x1 - x0) * 0.12, top + s.h * 0.19), radius=6, fill=hex_color("#ffe3a0")
        )
    s.draw.rectangle((x0, bottom - s.h * 0.07, x1, bottom - s.h * 0.05), fill=hex_color("#f2e9d8"))
    for x in (x0 + s.w * 0.1, x1 - s.w * 0.1):
        s.draw.ellipse((x - 10 * SCALE, bottom - 8 * SCALE, x + 10 * SCALE, bottom + 6 * SCALE), fill=(30, 30, 30))


def clock(s: Scene) -> None:
    s.sun(0.15, 0.25, 0.04)
    skyline(s, False)
    s.ground(mix(s.p["near"], s.p["far"], 0.1))
    cx, cy, r = s.w * 0.55, s.h * 0.42, s.h * 0.22
    s.draw.rectangle((cx - r * 0.08, cy, cx + r * 0.08, s.h), fill=hex_color("#2c3e50"))
    s.draw.ellipse((cx - r * 1.1, cy - r * 1.1, cx + r * 1.1, cy + r * 1.1), fill=hex_color("#2c3e50"))
    s.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=hex_color("#fbfaf5"))
    for tick in range(12):
        a = tick / 12 * math.tau
        s.draw.line(
            (
                cx + math.cos(a) * r * 0.8,
                cy + math.sin(a) * r * 0.8,
                cx + math.cos(a) * r * 0.94,
                cy + math.sin(a) * r * 0.94,
            ),
            fill=(30, 30, 30),
            width=SCALE * 2,
        )
    s.draw.line((cx, cy, cx + r * 0.5, cy - r * 0.25), fill=(30, 30, 30), width=SCALE * 4)
    s.draw.line((cx, cy, cx - r * 0.1, cy - r * 0.8), fill=(30, 30, 30), width=SCALE * 3)


def smoke(s: Scene, x: float, y: float, spread: float) -> None:
    for i in range(7):
        glow(
            s.img,
            (x + i * spread * 0.5, y - i * spread * 0.55),
            spread * (0.6 + i * 0.15),
            mix(s.p["horizon"], (255, 255, 255), 0.55),
            0.5,
        )


def cooling_towers(s: Scene) -> None:
    s.sun(0.82, 0.3, 0.05)
    s.hills(mix(s.p["far"], s.p["near"], 0.2), 0.62, 0.03)
    concrete = mix(s.p["far"], (170, 170, 170), 0.4)
    for cx, scale in ((0.3, 1.0), (0.58, 0.85)):
        x, top, bottom, w = s.w * cx, s.h * (0.3 + (1 - scale) * 0.2), s.h * 0.85, s.w * 0.11 * scale
        smoke(s, x, top - s.h * 0.02, w * 0.7)
        waist = top + (bottom - top) * 0.65
        left = [(x - w * 0.78, top), (x - w * 0.62, waist), (x - w * 1.05, bottom)]
        right = [(x + w * 1.05, bottom), (x + w * 0.62, waist), (x + w * 0.78, top)]
        s.draw.polygon(left + right, fill=concrete)
        s.draw.polygon(
            [
                (x + w * 0.2, top),
                (x + w * 0.78, top),
                (x + w * 0.62, waist),
                (x + w * 1.05, bottom),
                (x + w * 0.3, bottom),
            ],
            fill=mix(concrete, s.p["near"], 0.25),
        )
    s.draw.rectangle((0, s.h * 0.85, s.w, s.h), fill=s.p["near"])


def pylon(s: Scene, x: float, base: float, height: float, color: Color) -> tuple[float, float]:
    top = base - height
    w = height * 0.22
    width = max(SCALE, round(height / 90))
    s.draw.line((x - w, base, x, top), fill=color, width=width)
    s.draw.line((x + w, base, x, top), fill=color, width=width)
    for i in range(1, 7):
        y = base - height * i / 7
        half = w * (1 - i / 7)
        s.draw.line((x - half, y, x + half * 0.8, y - height / 7), fill=color, width=max(1, width // 2))
        s.draw.line((x + half, y, x - half * 0.8, y - height / 7), fill=color, width=max(1, width // 2))
    for arm in (0.18, 0.34):
        y = top + height * arm
        s.draw.line((x - w * 1.1, y, x + w * 1.1, y), fill=color, width=width)
    return x + w * 1.1, top + height * 0.18


def pylons(s: Scene) -> None:
    s.sun(0.3, 0.55, 0.06)
    s.hills(mix(s.p["far"], s.p["near"], 0.4), 0.75, 0.04)
    s.hills(s.p["near"], 0.88, 0.02)
    ends: list[tuple[float, float]] = []
    for x, scale in ((0.12, 1.0), (0.5, 0.6), (0.8, 0.4)):
        ends.append(pylon(s, s.w * x, s.h * (0.92 - (1 - scale) * 0.15), s.h * 0.75 * scale, s.p["near"]))
    for (x1, y1), (x2, y2) in itertools.pairwise(ends):
        mid = ((x1 + x2) / 2, max(y1, y2) + s.h * 0.05)
        s.draw.line([(x1, y1), mid, (x2, y2)], fill=s.p["near"], width=SCALE, joint="curve")


def cranes(s: Scene) -> None:
    s.sun(0.78, 0.35, 0.05)
    s.water()
    colors = [hex_color("#e0a030"), hex_color("#c0392b"), hex_color("#2c6fbb")]
    for i, x in enumerate((0.15, 0.45, 0.75)):
        cx, base, height = s.w * x, s.horizon + s.h * 0.02, s.h * 0.42
        color = mix(colors[i], s.p["near"], 0.35)
        for leg in (-0.06, 0.06):
            s.draw.line((cx + s.w * leg, base, cx + s.w * leg * 0.6, base - height), fill=color, width=SCALE * 3)
        s.draw.line(
            (cx - s.w * 0.14, base - height * 0.8, cx + s.w * 0.16, base - height * 0.8), fill=color, width=SCALE * 4
        )
        s.draw.line((cx, base - height * 1.05, cx - s.w * 0.14, base - height * 0.8), fill=color, width=SCALE)
        s.draw.line((cx, base - height * 1.05, cx + s.w * 0.16, base - height * 0.8), fill=color, width=SCALE)
    s.draw.rectangle((0, s.horizon, s.w, s.horizon + s.h * 0.03), fill=s.p["near"])
    for _ in range(8):
        x, y = s.rng.uniform(0, s.w), s.horizon - s.h * 0.03
        s.draw.rectangle((x, y, x + s.w * 0.05, s.horizon), fill=s.rng.choice(colors))


def turbines(s: Scene) -> None:
    s.sun(0.7, 0.3, 0.05)
    s.hills(mix(s.p["far"], s.p["near"], 0.25), 0.7, 0.05)
    s.hills(mix(s.p["near"], s.p["far"], 0.15), 0.84, 0.03)
    white = mix((250, 250, 250), s.p["horizon"], 0.25)
    for x, scale in ((0.22, 1.0), (0.55, 0.7), (0.8, 0.5), (0.95, 0.4)):
        cx, base, height = s.w * x, s.h * (0.9 - (1 - scale) * 0.2), s.h * 0.62 * scale
        hub = (cx, base - height)
        s.draw.polygon([(cx - 4 * scale * SCALE, base), (cx + 4 * scale * SCALE, base), hub], fill=white)
        a0 = s.rng.uniform(0, math.tau)
        for k in range(3):
            a = a0 + k * math.tau / 3
            tip = (cx + math.cos(a) * height * 0.45, hub[1] + math.sin(a) * height * 0.45)
            side = (cx + math.cos(a + 0.12) * height * 0.1, hub[1] + math.sin(a + 0.12) * height * 0.1)
            s.draw.polygon([hub, side, tip], fill=white)
        r = 4 * scale * SCALE
        s.draw.ellipse((cx - r, hub[1] - r, cx + r, hub[1] + r), fill=white)


def hall(s: Scene) -> None:
    s.ground(mix(s.p["near"], s.p["far"], 0.2))
    wall = mix(s.p["far"], hex_color("#9a8f86"), 0.5)
    x0, x1, top = s.w * 0.08, s.w * 0.92, s.h * 0.3
    s.draw.rectangle((x0, top, x1, s.horizon + s.h * 0.1), fill=wall)
    s.draw.chord((x0, top - s.h * 0.16, x1, top + s.h * 0.16), 180, 360, fill=mix(wall, s.p["near"], 0.3))
    for i in range(7):
        wx = x0 + (x1 - x0) * (0.05 + i * 0.135)
        s.draw.rounded_rectangle(
            (wx, top + s.h * 0.05, wx + (x1 - x0) * 0.08, s.horizon),
            radius=10,
            fill=hex_color("#ffd88a") if s.name in ("night", "dusk") else mix(s.p["horizon"], (255, 255, 255), 0.3),
        )
        for k in range(1, 4):
            y = top + s.h * 0.05 + (s.horizon - top - s.h * 0.05) * k / 4
            s.draw.line((wx, y, wx + (x1 - x0) * 0.08, y), fill=wall, width=SCALE)


def steel(s: Scene) -> None:
    glow(s.img, (s.w * 0.5, s.horizon), s.w * 0.35, hex_color("#ff8a3d"), 0.6)
    dark = s.p["near"]
    for x, h in ((0.2, 0.55), (0.28, 0.48), (0.66, 0.6)):
        cx = s.w * x
        smoke(s, cx, s.horizon - s.h * h, s.w * 0.03)
        s.draw.rectangle((cx - s.w * 0.015, s.horizon - s.h * h, cx + s.w * 0.015, s.horizon), fill=dark)
    s.draw.rectangle((s.w * 0.05, s.horizon - s.h * 0.18, s.w * 0.45, s.h), fill=dark)
    s.draw.polygon(
        [
            (s.w * 0.45, s.h),
            (s.w * 0.45, s.horizon - s.h * 0.22),
            (s.w * 0.62, s.horizon - s.h * 0.3),
            (s.w * 0.95, s.horizon - s.h * 0.22),
            (s.w * 0.95, s.h),
        ],
        fill=dark,
    )
    s.draw.rectangle((0, s.horizon, s.w, s.h), fill=dark)
    for _ in range(40):
        x, y = s.rng.uniform(0.45, 0.6) * s.w, s.rng.uniform(0.7, 0.95) * s.h
        r = s.rng.uniform(1, 2.5) * SCALE
        s.draw.ellipse((x - r, y - r, x + r, y + r), fill=hex_color("#ffb347"))


def balloons(s: Scene) -> None:
    s.sun(0.2, 0.3, 0.05)
    s.mountains(3, 0.2)
    s.ground(mix(s.p["near"], s.p["far"], 0.35))
    colors = [hex_color(c) for c in ("#e74c3c", "#f39c12", "#3498db", "#9b59b6", "#1abc9c")]
    for _ in range(6):
        x, y = s.rng.uniform(0.1, 0.9) * s.w, s.rng.uniform(0.15, 0.6) * s.h
        r = s.h * s.rng.uniform(0.04, 0.1)
        color = s.rng.choice(colors)
        s.draw.ellipse((x - r, y - r * 1.1, x + r, y + r), fill=color)
        s.draw.polygon(
            [
                (x - r * 0.85, y + r * 0.4),
                (x + r * 0.85, y + r * 0.4),
                (x + r * 0.25, y + r * 1.25),
                (x - r * 0.25, y + r * 1.25),
            ],
            fill=color,
        )
        s.draw.ellipse((x - r * 0.35, y - r * 1.1, x + r * 0.35, y + r), fill=mix(color, (255, 255, 255), 0.3))
        s.draw.rectangle((x - r * 0.2, y + r * 1.35, x + r * 0.2, y + r * 1.6), fill=hex_color("#6d4c2f"))


SCENES: dict[str, tuple[Callable[[Scene], None], str]] = {
    # ecommerce prints by their handle: drawing and time of day
    "a-walk-amongst-friends": (forest_walk, "day"),
    "lago-di-braies": (lake, "teal"),
    "never-stop-changing": (autumn_hills, "autumn"),
    "reaching": (reaching, "dusk"),
    "morain-lake": (lake, "day"),
    "yosemite": (valley, "day"),
    "braies-lake": (lake, "dawn"),
    "fall-glow": (autumn_hills, "dawn"),
    "first-snow": (lake, "winter"),
    "lago-di-sorapis": (lake, "teal"),
    "lonely-trees": (lone_trees, "dawn"),
    "mist": (meadow, "winter"),
    "morning-dew": (meadow, "dawn"),
    "quiet-harbour": (harbour, "dusk"),
    "northern-lights": (aurora, "night"),
    "old-town-bridge": (bridge, "dusk"),
    "harbour-cranes": (cranes, "dawn"),
    "night-tram": (tram, "night"),
    "rooftops": (rooftops, "dawn"),
    "station-clock": (clock, "day"),
    "cooling-towers": (cooling_towers, "dawn"),
    "wind-farm": (turbines, "day"),
    "turbine-hall": (hall, "dusk"),
    "steel-works": (steel, "night"),
    "pylons-at-dusk": (pylons, "dusk"),
    # others
    "early-sunrise": (lake, "dawn"),
    "air-balloon": (balloons, "day"),
    "mountain": (lake, "day"),
    "snow": (lake, "winter"),
}
PHOTO_SCENES = [
    lake,
    valley,
    forest_walk,
    lone_trees,
    harbour,
    bridge,
    rooftops,
    turbines,
    autumn_hills,
    meadow,
    balloons,
    aurora,
]
OTHER_TIME = {
    "day": "dusk",
    "dawn": "day",
    "dusk": "night",
    "night": "dusk",
    "teal": "dawn",
    "autumn": "day",
    "winter": "dawn",
}


def scene_picture(name: str, size: tuple[int, int]) -> Any:
    """A scene by name; ``name-1`` is the print framed on a wall, ``-2`` another time of day, ``-3`` a detail."""
    base, _, variant = name.rpartition("-") if re.search(r"-\d$", name) else (name, "", "")
    if base in SCENES:
        draw, palette = SCENES[base]
    else:
        number = int(re.sub(r"\D", "", name) or seed_of(name) % 97)
        draw = PHOTO_SCENES[number % len(PHOTO_SCENES)]
        palette = list(PALETTES)[(number * 5) % len(PALETTES)]
        if draw is aurora:
            palette = "night"
    if variant == "2":
        palette = OTHER_TIME[palette]
    s = Scene(size, palette, random.Random(seed_of(base)))
    draw(s)
    img = s.finish()
    if variant == "1":
        img = framed(img, size)
    elif variant == "3":
        w, h = size
        img = img.crop((w * 0.2, h * 0.2, w * 0.8, h * 0.8)).resize(size)
    return img


def framed(img: Any, size: tuple[int, int]) -> Any:
    """The print hanging on a wall above a sideboard: how the store shows a product in a room."""
    from PIL import ImageDraw, ImageFilter

    w, h = size
    room = vertical_gradient(
        (w, h),
        [
            (0.0, hex_color("#ece6dd")),
            (0.78, hex_color("#ddd4c8")),
            (0.78, hex_color("#b08a64")),
            (1.0, hex_color("#8a6a4c")),
        ],
    )
    fw, fh = round(w * 0.6), round(w * 0.6 * 0.75)
    x, y = (w - fw) // 2, round(h * 0.08)
    shadow = room.crop((0, 0, w, h))
    ImageDraw.Draw(shadow).rectangle((x + 6, y + 8, x + fw + 6, y + fh + 8), fill=(150, 140, 130))
    room.paste(shadow.filter(ImageFilter.GaussianBlur(6)), (0, 0))
    ImageDraw.Draw(room).rectangle((x - 6, y - 6, x + fw + 6, y + fh + 6), fill=(40, 36, 32))
    room.paste(img.resize((fw, fh)), (x, y))
    return room


def avatar(name: str, size: tuple[int, int]) -> Any:
    """A head-and-shoulders illustration, its colours and hair chosen by the name."""
    from PIL import Image, ImageDraw

    rng = random.Random(seed_of(name))
    w, h = size[0] * SCALE, size[1] * SCALE
    backgrounds = ["#dbeafe", "#fde2e4", "#e2f0cb", "#fff1c1", "#e0d7f5", "#d1f2eb", "#fde0c5", "#e8e8e8"]
    skins = ["#f5d0b5", "#e8b896", "#c68b63", "#a8734f", "#7a4e33", "#f1c7a1"]
    hairs = ["#2b1d14", "#4a3020", "#7a4b2a", "#c99a5b", "#1c1c1c", "#8c8c8c", "#a0522d"]
    shirts = ["#3b5bdb", "#2f9e44", "#e8590c", "#5f3dc4", "#0b7285", "#c2255c", "#495057"]
    bg = hex_color(rng.choice(backgrounds))
    img = vertical_gradient((w, h), [(0.0, mix(bg, (255, 255, 255), 0.35)), (1.0, bg)])
    d = ImageDraw.Draw(img)
    skin, hair, shirt = hex_color(rng.choice(skins)), hex_color(rng.choice(hairs)), hex_color(rng.choice(shirts))
    style = rng.choice(["short", "long", "bun", "curly", "side", "short"])
    cx, cy, hr = w / 2, h * 0.43, w * 0.19
    if style == "long":
        d.rounded_rectangle((cx - hr * 1.25, cy - hr * 1.1, cx + hr * 1.25, cy + hr * 1.9), radius=hr, fill=hair)
    d.ellipse((cx - w * 0.38, h * 0.76, cx + w * 0.38, h * 1.3), fill=shirt)  # shoulders
    d.polygon(
        [(cx - w * 0.08, h * 0.76), (cx + w * 0.08, h * 0.76), (cx, h * 0.86)], fill=mix(shirt, (255, 255, 255), 0.7)
    )
    d.rectangle((cx - hr * 0.42, cy + hr * 0.5, cx + hr * 0.42, h * 0.8), fill=mix(skin, (0, 0, 0), 0.12))  # neck
    d.ellipse((cx - hr, cy - hr * 1.15, cx + hr, cy + hr * 1.1), fill=skin)  # head
    d.ellipse((cx - hr * 1.12, cy - hr * 0.1, cx - hr * 0.82, cy + hr * 0.35), fill=skin)  # ears
    d.ellipse((cx + hr * 0.82, cy - hr * 0.1, cx + hr * 1.12, cy + hr * 0.35), fill=skin)
    if style == "curly":
        for k in range(11):
            a = math.pi + k / 10 * math.pi
            x, y = cx + math.cos(a) * hr * 0.95, cy - hr * 0.2 + math.sin(a) * hr * 1.0
            d.ellipse((x - hr * 0.32, y - hr * 0.32, x + hr * 0.32, y + hr * 0.32), fill=hair)
    else:
        d.chord((cx - hr * 1.05, cy - hr * 1.25, cx + hr * 1.05, cy + hr * 0.6), 180, 360, fill=hair)
        if style == "side":
            d.polygon([(cx - hr, cy - hr * 0.35), (cx + hr * 0.3, cy - hr * 1.1), (cx + hr, cy - hr * 0.4)], fill=hair)
        if style == "bun":
            d.ellipse((cx - hr * 0.45, cy - hr * 1.75, cx + hr * 0.45, cy - hr * 0.9), fill=hair)
    if rng.random() < 0.25:  # glasses
        for side in (-1, 1):
            gx = cx + side * hr * 0.4
            d.ellipse(
                (gx - hr * 0.28, cy + hr * 0.05, gx + hr * 0.28, cy + hr * 0.5), outline=(40, 40, 40), width=SCALE * 2
            )
        d.line((cx - hr * 0.12, cy + hr * 0.25, cx + hr * 0.12, cy + hr * 0.25), fill=(40, 40, 40), width=SCALE * 2)
    return img.resize(size, Image.Resampling.LANCZOS)


def file_icon(name: str, size: tuple[int, int]) -> Any:
    """A document with a folded corner and a coloured band (pdf red, sheet green), on a light card."""
    from PIL import Image, ImageDraw

    w, h = size[0] * SCALE, size[1] * SCALE
    img = Image.new("RGB", (w, h), hex_color("#f1f3f5"))
    d = ImageDraw.Draw(img)
    color = ICONS[name]
    x0, y0, x1, y1 = w * 0.36, h * 0.14, w * 0.64, h * 0.86
    fold = (x1 - x0) * 0.3
    d.polygon(
        [(x0, y0), (x1 - fold, y0), (x1, y0 + fold), (x1, y1), (x0, y1)],
        fill=(255, 255, 255),
        outline=(206, 212, 218),
        width=SCALE,
    )
    d.polygon([(x1 - fold, y0), (x1 - fold, y0 + fold), (x1, y0 + fold)], fill=(222, 226, 230))
    d.rectangle((x0 - (x1 - x0) * 0.12, y1 - (y1 - y0) * 0.38, x1 - (x1 - x0) * 0.2, y1 - (y1 - y0) * 0.18), fill=color)
    for k in range(3):
        y = y0 + (y1 - y0) * (0.3 + k * 0.1)
        d.line((x0 + (x1 - x0) * 0.15, y, x1 - (x1 - x0) * 0.15, y), fill=(206, 212, 218), width=SCALE * 2)
    return img.resize(size, Image.Resampling.LANCZOS)


def blueprint(size: tuple[int, int]) -> Any:
    """A drawing sheet: the file manager's sample preview (a cabinet layout)."""
    from PIL import Image, ImageDraw

    w, h = size[0] * SCALE, size[1] * SCALE
    img = Image.new("RGB", (w, h), hex_color("#1d4e89"))
    d = ImageDraw.Draw(img)
    grid = hex_color("#2b609e")
    for gx in range(0, w, 12 * SCALE):
        d.line((gx, 0, gx, h), fill=grid, width=1)
    for gy in range(0, h, 12 * SCALE):
        d.line((0, gy, w, gy), fill=grid, width=1)
    line = hex_color("#e7f0fb")
    d.rectangle((w * 0.12, h * 0.15, w * 0.62, h * 0.85), outline=line, width=SCALE * 2)
    for k in range(1, 4):
        y = h * 0.15 + h * 0.7 * k / 4
        d.line((w * 0.12, y, w * 0.62, y), fill=line, width=SCALE)
        for j in range(4):
            x = w * (0.16 + j * 0.11)
            d.rectangle((x, y - h * 0.1, x + w * 0.07, y - h * 0.03), outline=line, width=SCALE)
    d.ellipse((w * 0.7, h * 0.2, w * 0.88, h * 0.2 + w * 0.18), outline=line, width=SCALE * 2)
    d.line((w * 0.7, h * 0.62, w * 0.9, h * 0.62), fill=line, width=SCALE)
    d.line((w * 0.7, h * 0.7, w * 0.86, h * 0.7), fill=line, width=SCALE)
    d.line((w * 0.7, h * 0.78, w * 0.82, h * 0.78), fill=line, width=SCALE)
    return img.resize(size, Image.Resampling.LANCZOS)


def cover(name: str, size: tuple[int, int]) -> Any:
    """A card cover: soft overlapping shapes on a gradient."""
    from PIL import ImageDraw, ImageFilter

    rng = random.Random(seed_of(name))
    pairs = [
        ("#667eea", "#764ba2"),
        ("#43cea2", "#185a9d"),
        ("#f7971e", "#ffd200"),
        ("#ee9ca7", "#ffdde1"),
        ("#00c6ff", "#0072ff"),
        ("#f953c6", "#b91d73"),
        ("#56ab2f", "#a8e063"),
        ("#ff5f6d", "#ffc371"),
    ]
    a, b = (hex_color(c) for c in pairs[int(re.sub(r"\D", "", name) or 0) % len(pairs)])
    w, h = size[0] * SCALE, size[1] * SCALE
    img = vertical_gradient((w, h), [(0.0, a), (1.0, b)])
    layer = img.copy()
    d = ImageDraw.Draw(layer)
    for _ in range(6):
        x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.15, 0.4) * h
        d.ellipse((x - r, y - r, x + r, y + r), fill=mix(a if rng.random() < 0.5 else b, (255, 255, 255), 0.3))
    img = layer.filter(ImageFilter.GaussianBlur(h * 0.06))
    return img.resize(size)


def draw(address: str) -> Any:
    match = PATTERN.match(address)
    if not match:
        raise ValueError(f"not a sample picture address: {address}")
    folder, name = match.groups()
    size = SIZES[folder]
    if folder == "avatars":
        return avatar(name, size)
    if folder == "scrumboard":
        return cover(name, size)
    if name in ICONS:
        return file_icon(name, (128, 128))
    if name == "sample-file-preview":
        return blueprint(size)
    return scene_picture(name, size)


def main(argv: list[str]) -> None:
    wanted = sorted(referenced())
    for address in wanted:
        if argv and not any(part in address for part in argv):
            continue
        path = file_of(address)
        path.parent.mkdir(parents=True, exist_ok=True)
        draw(address).save(path, "WEBP", quality=QUALITY, method=6)
    if not argv:
        for stale in FOLDER.rglob("*.webp"):
            if f"/{stale.relative_to(PUBLIC).as_posix()}" not in wanted:
                stale.unlink()
    total = sum(p.stat().st_size for p in FOLDER.rglob("*.webp"))
    print(f"{len(wanted)} pictures, {total // 1024} KB in {FOLDER.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
