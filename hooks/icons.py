"""The site's app icons, drawn at build time (PNG): a Martian tripod in front of Mars.

Two shapes per size: "any" (a rounded tile on transparency, for desktops and tabs) and
"maskable" (full-bleed, everything inside the central 80% circle that every platform's mask
keeps). Drawn at 4x and scaled down for smooth edges; the output is byte-for-byte stable.
"""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

NIGHT = (27, 18, 16)
MARS = (201, 82, 43)
MARS_LIGHT = (232, 128, 80)
TRIPOD = (33, 22, 19)
RAY = (255, 213, 79)
SUPER = 4


def _draw(size: int, scale: float, rounded: bool) -> Image.Image:
    """The motif in a unit square, shrunk around the centre by ``scale`` (1.0 fills the safe zone)."""
    px = size * SUPER
    img = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)

    def p(x: float, y: float) -> tuple[float, float]:
        return ((0.5 + (x - 0.5) * scale) * px, (0.5 + (y - 0.5) * scale) * px)

    def w(v: float) -> int:
        return max(1, round(v * scale * px))

    if rounded:
        d.rounded_rectangle((0, 0, px - 1, px - 1), radius=round(0.18 * px), fill=NIGHT)
    else:
        d.rectangle((0, 0, px, px), fill=NIGHT)
    d.ellipse((*p(0.16, 0.16), *p(0.84, 0.84)), fill=MARS)
    d.ellipse((*p(0.22, 0.20), *p(0.60, 0.50)), fill=MARS_LIGHT)
    d.ellipse((*p(0.24, 0.22), *p(0.64, 0.56)), fill=MARS)
    # The heat ray first, so that the tripod stands in front of it.
    d.line((*p(0.58, 0.38), *p(0.84, 0.27)), fill=RAY, width=w(0.018))
    for top, foot in (((0.46, 0.44), (0.31, 0.80)), ((0.54, 0.44), (0.69, 0.80)), ((0.50, 0.45), (0.53, 0.84))):
        d.line((*p(*top), *p(*foot)), fill=TRIPOD, width=w(0.03))
    d.ellipse((*p(0.38, 0.32), *p(0.62, 0.47)), fill=TRIPOD)
    d.ellipse((*p(0.55, 0.36), *p(0.59, 0.40)), fill=RAY)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def png(size: int, purpose: str) -> bytes:
    """An icon as PNG bytes; ``purpose`` is "any" or "maskable" (or "apple", full-bleed like maskable)."""
    img = _draw(size, 1.0, rounded=True) if purpose == "any" else _draw(size, 0.86, rounded=False).convert("RGB")
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()
