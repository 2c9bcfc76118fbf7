"""A blocker's pictures drawn from its unit's Look (one Pattern in its colours, one picture per layer shown), with Pillow, once each."""

from __future__ import annotations

import functools
import math
from typing import Callable

from PIL import Image, ImageDraw

from game.core import Look, Pattern

SIZE = 96          # as assets/make_textures.py saves its textures; sprites fit it to the cell
SUPER = 4          # drawn this many times larger, then shrunk: smooth edges
RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


def _mix(a: RGB, b: RGB, t: float, alpha: int = 255) -> RGBA:
    """`a` moved `t` of the way to `b`."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t), alpha)


def _shade(c: RGB, f: float) -> RGBA:
    return (round(c[0] * f), round(c[1] * f), round(c[2] * f), 255)


def _slab(d: ImageDraw.ImageDraw, big: int, layers: int, body: RGB, rim: RGB, ink: RGB) -> None:
    """See-through under the tile; two layers are stronger and have a second rim; bubbles in a corner."""
    a, b = big * 0.02, big * 0.98
    if layers == 1:
        d.rounded_rectangle((a, a, b, b), radius=big * 0.16, fill=_mix(body, rim, 0.30, 95),
                            outline=_mix(body, rim, 0.75, 230), width=SUPER * 4)
    else:
        d.rounded_rectangle((a, a, b, b), radius=big * 0.16, fill=(*body, 175), outline=(*rim, 255), width=SUPER * 5)
        for n in range(1, layers):
            i = big * 0.12 * n
            d.rounded_rectangle((i, i, big - i, big - i), radius=big * 0.10, outline=(*rim, 220), width=SUPER * 3)
    for x, y, r in ((0.14, 0.80, 0.035), (0.22, 0.88, 0.022)):
        d.ellipse((big * (x - r), big * (y - r), big * (x + r), big * (y + r)), fill=(*ink, 200))


_CRACKS = (
    ((0.14, 0.12), (0.32, 0.30), (0.28, 0.44), (0.46, 0.56)),
    ((0.88, 0.18), (0.70, 0.32), (0.74, 0.48), (0.56, 0.62), (0.60, 0.80)),
    ((0.12, 0.70), (0.30, 0.62), (0.44, 0.72), (0.50, 0.50), (0.62, 0.40), (0.58, 0.12)),
)


def _rock(d: ImageDraw.ImageDraw, big: int, layers: int, body: RGB, rim: RGB, ink: RGB, most: int) -> None:
    """A bevelled block, one crack more for each hit taken, a chipped corner at its last, a pip per hit left."""
    a, b = big * 0.03, big * 0.97
    d.rounded_rectangle((a, a + SUPER * 3, b, b), radius=big * 0.12, fill=_shade(body, 0.47))
    d.rounded_rectangle((a, a, b, b - SUPER * 4), radius=big * 0.12, fill=(*body, 255), outline=_shade(body, 0.6),
                        width=SUPER * 3)
    d.rounded_rectangle((big * 0.12, big * 0.10, big * 0.88, big * 0.80), radius=big * 0.08, fill=(*rim, 255))
    crack = (*ink, 255)
    for line in _CRACKS[:max(0, min(len(_CRACKS), most - layers))]:
        d.line([(big * x, big * y) for x, y in line], fill=crack, width=SUPER * 4, joint="curve")
    if layers == 1 and most > 1:
        d.polygon([(b, big * 0.62), (b, b), (big * 0.70, b)], fill=(0, 0, 0, 0))
    pip = big * 0.055
    for i in range(layers):
        x = big / 2 + (i - (layers - 1) / 2) * big * 0.16
        y = big * 0.88
        d.ellipse((x - pip, y - pip, x + pip, y + pip), fill=(250, 250, 255, 255), outline=crack, width=SUPER * 2)


def _chains(d: ImageDraw.ImageDraw, big: int, body: RGB, rim: RGB, ink: RGB) -> None:
    """A chain along each diagonal (links face-on and edge-on, as a real chain lies) held by a padlock."""
    steel, dark = (*rim, 255), (*ink, 255)

    def link(x: float, y: float, along: float, face: bool) -> None:
        ca, sa = math.cos(along), math.sin(along)
        a, b = big * 0.085, big * (0.05 if face else 0.022)
        pts = [(x + a * math.cos(t) * ca - b * math.sin(t) * sa, y + a * math.cos(t) * sa + b * math.sin(t) * ca)
               for t in (2 * math.pi * i / 32 for i in range(32))]
        if face:
            d.polygon(pts, outline=dark, width=SUPER * 7)
            d.polygon(pts, outline=steel, width=SUPER * 3)
        else:
            d.polygon(pts, fill=steel, outline=dark, width=SUPER * 3)

    for (x0, y0), (x1, y1) in (((0.08, 0.08), (0.92, 0.92)), ((0.92, 0.08), (0.08, 0.92))):
        along = math.atan2(y1 - y0, x1 - x0)
        for i in range(9):
            t = (i + 0.5) / 9
            link(big * (x0 + (x1 - x0) * t), big * (y0 + (y1 - y0) * t), along, i % 2 == 0)
    c = big / 2
    d.arc((c - big * 0.13, big * 0.50, c + big * 0.13, big * 0.78), 180, 360, fill=dark, width=SUPER * 9)
    d.arc((c - big * 0.12, big * 0.51, c + big * 0.12, big * 0.77), 180, 360, fill=steel, width=SUPER * 5)
    d.rounded_rectangle((c - big * 0.19, big * 0.62, c + big * 0.19, big * 0.94), radius=big * 0.05,
                        fill=(*body, 255), outline=dark, width=SUPER * 4)
    d.ellipse((c - big * 0.04, big * 0.70, c + big * 0.04, big * 0.78), fill=dark)
    d.rectangle((c - big * 0.015, big * 0.76, c + big * 0.015, big * 0.86), fill=dark)


def _frost(d: ImageDraw.ImageDraw, big: int, layers: int, body: RGB, rim: RGB, ink: RGB, most: int) -> None:
    """A pale sheet over the tile, the tile showing through: thicker and frostier for each layer,
    a glint in its corner, and cracked across at its last layer."""
    a, b = big * 0.03, big * 0.97
    alpha = min(200, 70 + 55 * layers)
    d.rounded_rectangle((a, a, b, b), radius=big * 0.12, fill=(*body, alpha), outline=(*rim, 255), width=SUPER * 4)
    for n in range(1, layers):
        i = big * 0.09 * n
        d.rounded_rectangle((i, i, big - i, big - i), radius=big * 0.08, outline=(*rim, 200), width=SUPER * 2)
    # A glint: two bright strokes across the top left corner.
    for off, w in ((0.16, 5), (0.28, 3)):
        d.line((big * off, big * 0.08, big * 0.08, big * off), fill=(255, 255, 255, 230), width=SUPER * w)
    if layers == 1 and most > 1:
        d.line([(big * x, big * y) for x, y in ((0.62, 0.06), (0.54, 0.38), (0.70, 0.55), (0.60, 0.94))],
               fill=(*ink, 230), width=SUPER * 3, joint="curve")


_DRAW: dict[Pattern, Callable[[ImageDraw.ImageDraw, int, int, RGB, RGB, RGB, int], None]] = {
    Pattern.SLAB: lambda d, big, n, b, r, i, most: _slab(d, big, n, b, r, i),
    Pattern.ROCK: _rock,
    Pattern.CHAINS: lambda d, big, n, b, r, i, most: _chains(d, big, b, r, i),
    Pattern.FROST: _frost,
}


@functools.cache
def picture(look: Look, layers: int) -> Image.Image:
    """The picture of a blocker with `layers` left (1 up to look.shown; more show as the most)."""
    layers = min(look.shown, max(1, layers))
    big = SIZE * SUPER
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    body, rim, ink = look.colors
    _DRAW[look.pattern](ImageDraw.Draw(image), big, layers, body, rim, ink, look.shown)
    return image.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


def light(look: Look) -> tuple[int, int, int, int]:
    """Its body colour lightened: the chips a hit throws, a small picture's wash."""
    return _mix(look.colors[0], (255, 255, 255), 0.3)
