"""Draw every Gridfall texture with Pillow into assets/textures/ (run: python assets/make_textures.py)."""

from __future__ import annotations

import argparse
import math
import pathlib
from typing import Callable, Sequence

from PIL import Image, ImageDraw, ImageFilter

SIZE = 96          # the size each texture is saved at; sprites scale it to the cell
SUPER = 4          # drawn this many times larger, then shrunk: smooth edges without a font of tricks
OUT = pathlib.Path(__file__).resolve().parent / "textures"

RGB = tuple[int, int, int]
Point = tuple[float, float]

# Kind 1..9: a vivid palette whose hues sit far apart, and a colour-blind-safe one (Okabe-Ito,
# with white and grey for the two kinds it lacks). The shapes carry the difference either way.
PALETTE: tuple[RGB, ...] = (
    (232, 65, 72),     # 1 red ring
    (247, 208, 56),    # 2 yellow triangle
    (70, 120, 235),    # 3 blue square
    (78, 196, 96),     # 4 green diamond
    (170, 92, 220),    # 5 purple pentagon
    (247, 140, 40),    # 6 orange hexagon
    (60, 210, 225),    # 7 cyan star
    (240, 110, 180),   # 8 pink cross
    (236, 236, 240),   # 9 white heart
)
OKABE_ITO: tuple[RGB, ...] = (
    (230, 159, 0),     # orange
    (86, 180, 233),    # sky blue
    (0, 158, 115),     # bluish green
    (240, 228, 66),    # yellow
    (0, 114, 178),     # blue
    (213, 94, 0),      # vermillion
    (204, 121, 167),   # reddish purple
    (255, 255, 255),   # white
    (150, 150, 150),   # grey
)
SHAPES = ("circle",  # drawn as a ring
          "triangle", "square", "diamond", "pentagon", "hexagon", "star", "cross", "heart")


def _darker(color: RGB, f: float = 0.55) -> RGB:
    return (int(color[0] * f), int(color[1] * f), int(color[2] * f))


def _lighter(color: RGB, f: float = 0.45) -> RGB:
    return tuple(int(c + (255 - c) * f) for c in color)  # type: ignore[return-value]


def _polygon(n: int, radius: float, centre: Point, turn: float = -90.0) -> list[Point]:
    cx, cy = centre
    return [
        (cx + radius * math.cos(math.radians(turn + 360.0 * i / n)),
         cy + radius * math.sin(math.radians(turn + 360.0 * i / n)))
        for i in range(n)
    ]


def _star(points: int, outer: float, inner: float, centre: Point) -> list[Point]:
    cx, cy = centre
    out: list[Point] = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(-90.0 + 180.0 * i / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def _cross(size: float, centre: Point) -> list[Point]:
    cx, cy = centre
    a, b = size, size * 0.36
    return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
            (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
            (cx - a, cy - b), (cx - b, cy - b)]


def _heart(size: float, centre: Point) -> list[Point]:
    cx, cy = centre
    pts: list[Point] = []
    for i in range(120):
        t = 2 * math.pi * i / 120
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * size / 17.0, cy - y * size / 17.0 - size * 0.05))
    return pts


def shape_outline(shape: str, big: int) -> list[Point] | None:
    """The shape's polygon on a `big`-pixel canvas (None for the circle, drawn as an ellipse)."""
    c = (big / 2, big / 2)
    r = big * 0.40
    if shape == "circle":
        return None
    if shape == "triangle":
        return _polygon(3, r * 1.12, (c[0], c[1] + r * 0.16))
    if shape == "square":
        return _polygon(4, r * 1.22, c, turn=-45.0)
    if shape == "diamond":
        return [(c[0], c[1] - r * 1.12), (c[0] + r * 0.85, c[1]), (c[0], c[1] + r * 1.12),
                (c[0] - r * 0.85, c[1])]
    if shape == "pentagon":
        return _polygon(5, r * 1.05, (c[0], c[1] + r * 0.05))
    if shape == "hexagon":
        # Wide and low: its outline must not pass for the pentagon's or the ring's.
        return [(c[0] + (x - c[0]) * 1.12, c[1] + (y - c[1]) * 0.82)
                for x, y in _polygon(6, r * 1.0, c, turn=0.0)]
    if shape == "star":
        return _star(5, r * 1.18, r * 0.52, (c[0], c[1] + r * 0.08))
    if shape == "cross":
        return _cross(r * 1.02, c)
    if shape == "heart":
        return _heart(r * 1.08, c)
    raise ValueError(f"unknown shape {shape!r}")


def _finish(big: Image.Image) -> Image.Image:
    return big.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


def _fill_shape(draw: ImageDraw.ImageDraw, shape: str, big: int, fill: RGB | tuple[int, int, int, int],
                scale: float = 1.0, outline: RGB | None = None, width: int = 0) -> None:
    pts = shape_outline(shape, big)
    if pts is None:
        r = big * 0.40 * scale
        box = (big / 2 - r, big / 2 - r, big / 2 + r, big / 2 + r)
        draw.ellipse(box, fill=fill, outline=outline, width=width)
        return
    if scale != 1.0:
        cx = cy = big / 2
        pts = [(cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in pts]
    draw.polygon(pts, fill=fill, outline=outline, width=width)


def tile(shape: str, color: RGB) -> Image.Image:
    """One kind: its shape in its colour, a dark rim, a lighter core and a small shine."""
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    # A soft drop shadow lifts the piece off the cell.
    shadow = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    sd = ImageDraw.Draw(shadow)
    _fill_shape(sd, shape, big, (0, 0, 0, 110))
    shadow = shadow.transform(shadow.size, Image.Transform.AFFINE, (1, 0, -SUPER * 2, 0, 1, -SUPER * 3))
    shadow = shadow.filter(ImageFilter.GaussianBlur(SUPER * 2))
    img.alpha_composite(shadow)
    draw = ImageDraw.Draw(img)
    _fill_shape(draw, shape, big, _darker(color))
    _fill_shape(draw, shape, big, color, scale=0.86)
    _fill_shape(draw, shape, big, _lighter(color, 0.25), scale=0.5)
    # The shine: a light ellipse towards the top left.
    shine = Image.new("RGBA", (big, big), (255, 255, 255, 0))  # white under alpha: no grey fringe
    ImageDraw.Draw(shine).ellipse((big * 0.30, big * 0.22, big * 0.48, big * 0.34), fill=(255, 255, 255, 150))
    shine = shine.filter(ImageFilter.GaussianBlur(SUPER * 1.5))
    mask = Image.new("L", (big, big), 0)
    _fill_shape(ImageDraw.Draw(mask), shape, big, 255, scale=0.86)  # type: ignore[arg-type]
    alpha = Image.composite(shine.getchannel("A"), Image.new("L", (big, big), 0), mask)
    shine.putalpha(alpha)
    img.alpha_composite(shine)
    if shape == "circle":
        # A ring, not a disc: beside the hexagon and pentagon its outline alone must tell it apart.
        hole = big * 0.15
        c = big / 2
        rim = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        ImageDraw.Draw(rim).ellipse((c - hole - SUPER * 5, c - hole - SUPER * 5, c + hole + SUPER * 5,
                                     c + hole + SUPER * 5), fill=(*_darker(color), 255))
        img.alpha_composite(rim)
        cut = Image.new("L", (big, big), 255)
        ImageDraw.Draw(cut).ellipse((c - hole, c - hole, c + hole, c + hole), fill=0)
        img.putalpha(Image.composite(img.getchannel("A"), Image.new("L", (big, big), 0), cut))
    return _finish(img)


def rounded_square(fill: tuple[int, int, int, int], border: tuple[int, int, int, int] | None = None,
                   inset: float = 0.03, radius: float = 0.16, width: float = 0.04) -> Image.Image:
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    a, b = big * inset, big * (1 - inset)
    d.rounded_rectangle((a, a, b, b), radius=big * radius, fill=fill,
                        outline=border, width=int(big * width) if border else 0)
    return _finish(img)


def cell() -> Image.Image:
    """A board cell: a dark rounded square with a faint rim; holes simply have none."""
    return rounded_square((40, 46, 66, 255), (62, 70, 98, 255), inset=0.02, radius=0.14, width=0.03)


def slide_tile() -> Image.Image:
    """A wooden-looking slide tile; its number is drawn on it at run time."""
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    a, b = big * 0.04, big * 0.96
    d.rounded_rectangle((a, a + SUPER * 3, b, b), radius=big * 0.14, fill=(120, 78, 40, 255))
    d.rounded_rectangle((a, a, b, b - SUPER * 3), radius=big * 0.14, fill=(226, 178, 112, 255),
                        outline=(150, 100, 52, 255), width=SUPER * 3)
    d.rounded_rectangle((big * 0.12, big * 0.12, big * 0.88, big * 0.84), radius=big * 0.10,
                        fill=(240, 200, 140, 255))
    return _finish(img)


def player() -> Image.Image:
    """The chain mode's token: white face in a thick gold ring with a dark rim: unlike any kind."""
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = big / 2

    def disc(r: float, fill: tuple[int, int, int, int]) -> None:
        d.ellipse((c - r, c - r, c + r, c + r), fill=fill)

    disc(big * 0.47, (20, 20, 30, 255))
    disc(big * 0.44, (255, 196, 30, 255))
    disc(big * 0.33, (20, 20, 30, 255))
    disc(big * 0.30, (255, 255, 255, 255))
    for dx in (-0.10, 0.10):
        ex = c + big * dx
        d.ellipse((ex - big * 0.035, c - big * 0.10, ex + big * 0.035, c + big * 0.01), fill=(20, 20, 30, 255))
    d.arc((c - big * 0.13, c - big * 0.06, c + big * 0.13, c + big * 0.17), 20, 160,
          fill=(20, 20, 30, 255), width=SUPER * 5)
    return _finish(img)


def ring() -> Image.Image:
    """A selection frame, white so sprites tint it (hover, selected, cursor)."""
    return rounded_square((0, 0, 0, 0), (255, 255, 255, 255), inset=0.03, radius=0.18, width=0.07)


def glow() -> Image.Image:
    """A soft halo, white so it can be tinted (the hint): a ring with a clear middle, so a tile
    with a hole of its own (the red ring) does not look filled in, like another kind."""
    big = SIZE * SUPER
    img = Image.new("L", (big, big), 0)
    d = ImageDraw.Draw(img)
    d.ellipse((big * 0.08, big * 0.08, big * 0.92, big * 0.92), fill=255)
    d.ellipse((big * 0.3, big * 0.3, big * 0.7, big * 0.7), fill=0)
    img = img.filter(ImageFilter.GaussianBlur(SUPER * 7))
    out = Image.new("RGBA", (big, big), (255, 255, 255, 0))
    out.putalpha(img)
    return _finish(out)


def arrow() -> Image.Image:
    """A fat arrow pointing right along the middle, white with a dark rim (chain paths)."""
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    m = big / 2
    shape = [(big * 0.10, m - big * 0.09), (big * 0.58, m - big * 0.09), (big * 0.58, m - big * 0.22),
             (big * 0.92, m), (big * 0.58, m + big * 0.22), (big * 0.58, m + big * 0.09),
             (big * 0.10, m + big * 0.09)]
    d.polygon(shape, fill=(255, 255, 255, 255), outline=(30, 30, 40, 255), width=SUPER * 3)
    return _finish(img)


def spark() -> Image.Image:
    """A small bright four-pointed spark for bursts."""
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ImageDraw.Draw(img).polygon(_star(4, big * 0.46, big * 0.12, (big / 2, big / 2)), fill=(255, 255, 255, 255))
    soft = img.filter(ImageFilter.GaussianBlur(SUPER * 2))
    soft.alpha_composite(img)
    return _finish(soft)


def target() -> Image.Image:
    """The reach goal's mark: a white and green bullseye ring, open in the middle."""
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = big / 2
    # White and green: unlike kind 1's red ring and the player's gold one.
    for r, col in ((0.47, (20, 20, 30, 255)), (0.44, (255, 255, 255, 255)), (0.36, (20, 170, 110, 255)),
                   (0.29, (255, 255, 255, 255)), (0.22, (0, 0, 0, 0))):
        d.ellipse((c - big * r, c - big * r, c + big * r, c + big * r), fill=col)
    return _finish(img)


def star_icon(filled: bool) -> Image.Image:
    """A HUD star, gold when earned, a dim outline when not."""
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    pts = _star(5, big * 0.46, big * 0.20, (big / 2, big / 2 + big * 0.03))
    if filled:
        d.polygon(pts, fill=(255, 200, 40, 255), outline=(150, 90, 0, 255), width=SUPER * 3)
    else:
        d.polygon(pts, fill=(70, 74, 96, 255), outline=(120, 126, 150, 255), width=SUPER * 3)
    return _finish(img)


# -- specials: marks drawn over a kind's tile (composed at run time), white with dark rims so they
# read on every colour of both palettes, and by shape alone at 40 px.
INK = (255, 255, 255, 255)
RIM = (20, 20, 30, 255)


def _double_arrow(big: int) -> list[Point]:
    """A fat left-right arrow across the middle: a line special points along the line it clears."""
    m = big / 2
    shaft, head, tip, neck = big * 0.075, big * 0.20, big * 0.03, big * 0.27
    return [(tip, m), (neck, m - head), (neck, m - shaft), (big - neck, m - shaft), (big - neck, m - head),
            (big - tip, m), (big - neck, m + head), (big - neck, m + shaft), (neck, m + shaft), (neck, m + head)]


def special_line(across: bool) -> Image.Image:
    """A line special's mark: a double arrow along its row (across) or its column, with stripes."""
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    # Two thin stripes either side of the arrow: the row (or column) look of a striped candy.
    for off in (-0.22, 0.22):
        y = big / 2 + big * off
        d.rounded_rectangle((big * 0.16, y - big * 0.03, big * 0.84, y + big * 0.03), radius=big * 0.03,
                            fill=(255, 255, 255, 200), outline=RIM, width=SUPER * 2)
    d.polygon(_double_arrow(big), fill=INK, outline=RIM, width=SUPER * 4)
    if not across:
        img = img.transpose(Image.Transpose.ROTATE_90)
    return _finish(img)


def special_bomb() -> Image.Image:
    """A bomb's mark: a thick white ring wrapped round the tile, tied with a bow of two loops."""
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = big / 2
    for r, w, col in ((0.45, 0.10, RIM), (0.435, 0.07, INK)):
        d.ellipse((c - big * r, c - big * r, c + big * r, c + big * r), outline=col, width=int(big * w))
    # The bow on top: two small loops and a knot, so the wrap reads even where the ring is hidden.
    for dx in (-1, 1):
        loop = [(c, big * 0.08), (c + dx * big * 0.17, big * 0.0 + SUPER * 2), (c + dx * big * 0.17, big * 0.16)]
        d.polygon(loop, fill=INK, outline=RIM, width=SUPER * 3)
    d.ellipse((c - big * 0.05, big * 0.03, c + big * 0.05, big * 0.13), fill=INK, outline=RIM, width=SUPER * 3)
    return _finish(img)


RAINBOW_COLOURS: tuple[RGB, ...] = ((230, 60, 60), (245, 150, 40), (245, 225, 60), (70, 190, 90),
                                    (60, 200, 220), (60, 110, 230), (150, 80, 210), (230, 90, 190))


def rainbow() -> Image.Image:
    """The rainbow: a dark disc of eight coloured wedges round a white star (no kind's shape)."""
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = big / 2
    r = big * 0.45
    d.ellipse((c - r, c - r, c + r, c + r), fill=RIM)
    r2 = r - SUPER * 4
    n = len(RAINBOW_COLOURS)
    for i, colour in enumerate(RAINBOW_COLOURS):
        d.pieslice((c - r2, c - r2, c + r2, c + r2), i * 360 / n - 90, (i + 1) * 360 / n - 90, fill=(*colour, 255))
    # Thin dark spokes between the wedges: the pattern reads even where two colours look alike.
    for i in range(n):
        a = math.radians(i * 360 / n - 90)
        d.line((c, c, c + r2 * math.cos(a), c + r2 * math.sin(a)), fill=RIM, width=SUPER * 2)
    d.polygon(_star(5, big * 0.22, big * 0.10, (c, c + big * 0.01)), fill=INK, outline=RIM, width=SUPER * 3)
    return _finish(img)


# -- the drop (the blockers are drawn from their units' looks: game/ui/blocker_art.py) ------------
def drop() -> Image.Image:
    """A drop: an acorn (a brown cap with a stalk over a golden nut), unlike any tile's shape."""
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = big / 2
    nut, nut_dark, cap, cap_dark = (226, 168, 80, 255), (120, 74, 24, 255), (120, 76, 38, 255), (58, 34, 14, 255)
    # The nut: an egg pointing down.
    d.ellipse((c - big * 0.27, big * 0.30, c + big * 0.27, big * 0.88), fill=nut_dark)
    d.ellipse((c - big * 0.24, big * 0.31, c + big * 0.24, big * 0.85), fill=nut)
    d.polygon([(c - big * 0.10, big * 0.80), (c + big * 0.10, big * 0.80), (c, big * 0.95)], fill=nut_dark)
    d.ellipse((c - big * 0.13, big * 0.42, c - big * 0.04, big * 0.60), fill=(250, 214, 150, 255))  # shine
    # The cap: a wide dome with a criss-cross and a stalk.
    d.rectangle((c - big * 0.03, big * 0.04, c + big * 0.04, big * 0.18), fill=cap_dark)
    d.chord((c - big * 0.36, big * 0.12, c + big * 0.36, big * 0.56), 180, 360, fill=cap_dark)
    d.chord((c - big * 0.33, big * 0.15, c + big * 0.33, big * 0.52), 180, 360, fill=cap)
    for k in range(-3, 4):
        x = c + k * big * 0.09
        d.line((x - big * 0.08, big * 0.18, x + big * 0.08, big * 0.34), fill=cap_dark, width=SUPER * 2)
        d.line((x + big * 0.08, big * 0.18, x - big * 0.08, big * 0.34), fill=cap_dark, width=SUPER * 2)
    d.rectangle((c - big * 0.36, big * 0.33, c + big * 0.36, big * 0.37), fill=cap_dark)
    return _finish(img)


# -- effects: white, so the board tints them ----------------------------------------------------
def beam() -> Image.Image:
    """A soft horizontal beam with a bright core: stretched along a row or column (a line
    special's sweep) or from a rainbow to each tile it takes (its rays)."""
    big = SIZE * SUPER
    profile = Image.new("L", (1, big), 0)
    for y in range(big):
        t = abs(y - big / 2) / (big / 2)
        profile.putpixel((0, y), int(255 * max(0.0, 1 - t) ** 1.6))
    alpha = profile.resize((big, big))
    # Fade the two ends, so a stretched beam has no hard edge.
    ends = Image.new("L", (big, 1), 0)
    for x in range(big):
        t = min(x, big - 1 - x) / (big * 0.12)
        ends.putpixel((x, 0), int(255 * min(1.0, t)))
    alpha = Image.composite(alpha, Image.new("L", (big, big), 0), ends.resize((big, big)))
    img = Image.new("RGBA", (big, big), (255, 255, 255, 0))
    img.putalpha(alpha)
    return _finish(img)


def blast() -> Image.Image:
    """A bomb's blast: a bright soft ring (a shock wave), white so it can be tinted."""
    big = SIZE * SUPER
    mask = Image.new("L", (big, big), 0)
    d = ImageDraw.Draw(mask)
    c = big / 2
    d.ellipse((c - big * 0.44, c - big * 0.44, c + big * 0.44, c + big * 0.44), outline=255, width=int(big * 0.09))
    mask = mask.filter(ImageFilter.GaussianBlur(SUPER * 3))
    img = Image.new("RGBA", (big, big), (255, 255, 255, 0))
    img.putalpha(mask)
    return _finish(img)


def hand() -> Image.Image:
    """A pointing hand (the first move's pointer): a white glove with a dark rim and a soft
    shadow, its index fingertip at the top, 40% across (the game places that point on a cell)."""
    big = SIZE * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))

    def glove(d: ImageDraw.ImageDraw, fill: tuple[int, int, int, int], grow: float) -> None:
        g = big * grow

        def box(l: float, t: float, r: float, b: float) -> tuple[float, float, float, float]:
            return (big * l - g, big * t - g, big * r + g, big * b + g)
        d.rounded_rectangle(box(0.32, 0.04, 0.48, 0.62), radius=big * 0.08 + g, fill=fill)   # index finger
        for i, top in enumerate((0.40, 0.44, 0.50)):                                       # folded fingers
            left = 0.47 + 0.13 * i
            d.rounded_rectangle(box(left, top, left + 0.15, 0.70), radius=big * 0.07 + g, fill=fill)
        d.rounded_rectangle(box(0.30, 0.52, 0.86, 0.94), radius=big * 0.14 + g, fill=fill)   # palm
        d.polygon([(big * 0.33 - g, big * 0.66), (big * 0.12 - g, big * 0.50 - g), (big * 0.07 - g, big * 0.58),
                   (big * 0.30 - g, big * 0.86 + g)], fill=fill)                           # thumb
        d.ellipse(box(0.05, 0.48, 0.20, 0.63), fill=fill)

    shadow = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    glove(ImageDraw.Draw(shadow), (0, 0, 0, 120), 0.02)
    shadow = shadow.transform(shadow.size, Image.Transform.AFFINE, (1, 0, -SUPER * 3, 0, 1, -SUPER * 4))
    img.alpha_composite(shadow.filter(ImageFilter.GaussianBlur(SUPER * 3)))
    d = ImageDraw.Draw(img)
    glove(d, RIM, 0.025)
    glove(d, INK, 0.0)
    # Creases between the folded fingers and a cuff: it reads as a hand, not a blob, at 40 px.
    for i in range(3):
        x = big * (0.47 + 0.13 * i)
        d.line([(x, big * (0.44 + 0.04 * i)), (x, big * 0.64)], fill=(150, 150, 170, 255), width=SUPER * 3)
    d.rounded_rectangle((big * 0.34, big * 0.84, big * 0.82, big * 0.97), radius=big * 0.04,
                        fill=(255, 196, 30, 255), outline=RIM, width=SUPER * 3)
    return _finish(img)


ICON = 256   # the window's and the desktop entry's icon: one size that desktops scale down well


def icon() -> Image.Image:
    """The game's icon: four tiles of the first kinds (ring, triangle, square, diamond) in a
    2x2 grid on a night-blue rounded square, read at any size from 16 px up."""
    img = Image.new("RGBA", (ICON, ICON), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((4, 4, ICON - 5, ICON - 5), radius=ICON * 0.2,
                                          fill=(28, 26, 58, 255), outline=(246, 196, 80, 255), width=6)
    step = (ICON - 40) // 2
    for i in range(4):
        piece = tile(SHAPES[i], PALETTE[i]).resize((step, step), Image.Resampling.LANCZOS)
        img.alpha_composite(piece, (20 + step * (i % 2), 20 + step * (i // 2)))
    return img


def textures() -> dict[str, Callable[[], Image.Image]]:
    """Every texture's file stem and how to draw it."""
    made: dict[str, Callable[[], Image.Image]] = {}
    for i, shape in enumerate(SHAPES):
        made[f"kind_{i + 1}"] = lambda s=shape, c=PALETTE[i]: tile(s, c)  # type: ignore[misc]
        made[f"kind_cb_{i + 1}"] = lambda s=shape, c=OKABE_ITO[i]: tile(s, c)  # type: ignore[misc]
    made.update({
        "cell": cell, "slide_tile": slide_tile, "player": player, "ring": ring, "glow": glow,
        "arrow": arrow, "spark": spark, "target": target,
        "star_on": lambda: star_icon(True), "star_off": lambda: star_icon(False),
        "special_h": lambda: special_line(True), "special_v": lambda: special_line(False),
        "special_b": special_bomb, "rainbow": rainbow, "hand": hand, "drop": drop, "beam": beam, "blast": blast,
        "icon": icon,
    })
    return made


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=pathlib.Path, default=OUT, help="folder to write the PNGs into")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for stem, make in textures().items():
        path = args.out / f"{stem}.png"
        tmp = path.with_suffix(".png.tmp")
        # Written beside and renamed: a texture is never seen half-written.
        make().save(tmp, format="PNG", optimize=True)
        tmp.replace(path)
    print(f"wrote {len(textures())} textures to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
