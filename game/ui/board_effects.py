"""The board's effects: sparks, chips, beams, blasts, rays, particle bursts, a new special's glint, the
board's shake, score pop-ups, the cascade counter and the finale's banner, from one pool, in the background.

Effects never hold up a step: they are background tweens, and their sprites are kept and reused
(adding and removing sprites every burst costs frames on software GL). With reduced motion there
is no shake and no particle, and a new special's glint is a still highlight.
"""

from __future__ import annotations

import contextlib
import functools
import math
from typing import Iterator, Protocol, Sequence

import arcade
from pyglet.math import Mat4, Vec3

from game.core import Mode
from game.ui import textures
from game.ui.board_sprites import KIND_SPARK, Cell, Popup
from game.ui.board_timing import (
    BLAST, BREAK, CLEAR, COUNTER, EXPLODE, FADE, GLINT, JOLT, JOLT_BASE, JOLT_PER_CELL, JOLT_TOP, MAX_RAYS, MAX_SPARKS, POPUP,
    RAY, SWEEP,
)
from game.ui.layout import BoardLayout
from game.ui.board_sprites import RAY_COLORS, SWEEP_COLOR
from game.ui.tween import Animator, Tween, ease_in, ease_out

Color = tuple[int, int, int, int]

BANNER_SIZE = 40.0     # the finale's "Bonus!" over the board
COUNTER_SIZE = 30.0    # the cascade counter ("x2", "x3" ...)
COUNTER_COLORS = ((255, 236, 150), (255, 200, 110), (255, 150, 90), (255, 110, 150))   # warmer as it climbs
GLINT_STAR = (255, 255, 240, 255)    # a new special's glint: a white star ...
GLINT_HALO = (255, 236, 150, 255)    # ... in a warm halo


class Jolt:
    """The board's shake: `strength` falls from 1 to 0 (a tween), `amplitude` pixels at its peak."""

    def __init__(self) -> None:
        self.strength = 0.0
        self.amplitude = 0.0
        self.age = 0.0   # seconds since the shake began: the wobble's phase

    def offset(self) -> tuple[float, float]:
        """Where the board is drawn, off its place: a fading wobble, sideways more than up and down."""
        if self.strength <= 0.0 or self.amplitude <= 0.0:
            return (0.0, 0.0)
        k = self.amplitude * self.strength
        return (k * math.sin(self.age * 71.0), k * 0.6 * math.sin(self.age * 53.0 + 1.3))


class EffectsHost(Protocol):
    """What the effects ask of their board: where cells are, its clock, its player's settings."""

    layout: BoardLayout
    animator: Animator
    reduced_motion: bool
    mode: Mode

    def center(self, cell: Cell) -> tuple[float, float]: ...


class Effects:
    """Every effect sprite of one board (the pool) and its six score pop-ups."""

    def __init__(self, host: EffectsHost) -> None:
        self.host = host
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.pool: list[arcade.Sprite] = []   # every resting effect sprite, whatever it drew last
        self.popups = [Popup() for _ in range(6)]
        self._next_popup = 0
        self.banner = Popup()    # "Bonus!" while the finale plays
        self.counter = Popup()   # the cascade counter, over the board's top right corner
        self.jolt = Jolt()
        self.marks: list[arcade.Sprite] = []   # still highlights on new specials (reduced motion), until the next move

    def __iter__(self) -> Iterator[arcade.Sprite]:
        return iter(self.sprites)

    def __len__(self) -> int:
        return len(self.sprites)

    @property
    def _cell(self) -> float:
        return self.host.layout.cell

    def _background(self, *tweens: Tween) -> None:
        for tween in tweens:
            self.host.animator.add_background(tween)

    def sprite(self, texture: arcade.Texture, x: float, y: float, color: Color = (255, 255, 255, 255)) -> arcade.Sprite:
        """A sprite from the pool (or a new one), shown at (x, y)."""
        sprite = self.pool.pop() if self.pool else None
        if sprite is None:
            sprite = arcade.Sprite(texture)
            self.sprites.append(sprite)
        elif sprite.texture is not texture:
            sprite.texture = texture
        sprite.visible = True
        sprite.scale = 1.0
        sprite.angle = 0
        sprite.alpha = 255
        sprite.position = (x, y)
        sprite.color = color
        return sprite

    def rest(self, sprite: arcade.Sprite) -> None:
        """Back to the pool (hidden)."""
        if not sprite.visible:
            return   # already resting (a finished tween and a snap may both say so)
        sprite.visible = False
        self.pool.append(sprite)

    def rest_all(self) -> None:
        for sprite in self.sprites:
            if sprite.visible:
                self.rest(sprite)
        self.banner.alpha = self.counter.alpha = 0
        self.jolt.strength = 0.0
        self.marks = []

    def playing(self) -> set[int]:
        """The ids of every effect a tween may move: what plays on past a batch's end (board.snap)."""
        return {id(s) for s in self.sprites} | {id(p) for p in self.popups} | {
            id(self.banner), id(self.counter), id(self.jolt)}

    @contextlib.contextmanager
    def shaken(self) -> Iterator[None]:
        """Draw inside it to draw the board where its shake has it (nothing is changed at rest)."""
        dx, dy = self.jolt.offset()
        if not (dx or dy):
            yield
            return
        # The window's view moved: everything drawn inside shifts. (Not a Camera2D: activating
        # one resets the viewport and the scissor, which a partly repainted frame and the GIF
        # recorder's smaller framebuffer set.)
        window = arcade.get_window()
        view = window.view
        window.view = Mat4.from_translation(Vec3(dx, dy, 0.0)) @ view
        try:
            yield
        finally:
            window.view = view

    def fade(self, sprite: arcade.Sprite, delay: float, duration: float = FADE) -> Tween:
        return Tween(sprite, duration, delay=delay, ease=ease_in, alpha=0.0,
                     on_done=functools.partial(self.rest, sprite))

    def chips(self, cell: Cell, color: Color, count: int = 4) -> None:
        """A few small sparks off a blocker as it is hit (none with reduced motion)."""
        if self.host.reduced_motion:
            return
        tex = textures.load("spark")
        x, y = self.host.center(cell)
        reach = self._cell * 0.6
        for k in range(count):
            chip = self.sprite(tex, x, y, color)
            chip.scale = self._cell * 0.22 / tex.width
            angle = (k / count + 0.125) * 2 * math.pi
            self._background(Tween(chip, BREAK * 1.3, ease=ease_out, on_done=functools.partial(self.rest, chip),
                                   center_x=x + math.cos(angle) * reach,
                                   center_y=y + math.sin(angle) * reach - reach * 0.3, alpha=0.0, scale=0.0))

    def sweep(self, cell: Cell, across: bool, thick: float) -> None:
        """Burst.SWEEP, a beam: it runs out from the special's cell to both ends of its line."""
        tex = textures.load("beam")
        x, y = self.host.center(cell)
        rect = self.host.layout.rect
        beam = self.sprite(tex, x, y, SWEEP_COLOR)
        if not across:
            beam.angle = 90
        beam.width, beam.height = self._cell, self._cell * thick
        run = (Tween(beam, SWEEP, ease=ease_out, center_x=rect.center[0], width=rect.width) if across
               else Tween(beam, SWEEP, ease=ease_out, center_y=rect.center[1], width=rect.height))
        self._background(run, self.fade(beam, SWEEP))

    def blast(self, cell: Cell, cells_across: float, color: Color, glow_alpha: int = 200) -> None:
        """Burst.WAVE, a shock wave: a ring that grows over the cells it takes, then fades."""
        tex = textures.load("blast")
        x, y = self.host.center(cell)
        ring = self.sprite(tex, x, y, color)
        ring.scale = self._cell * 0.5 / tex.width
        self._background(Tween(ring, BLAST, ease=ease_out, scale=self._cell * cells_across / tex.width),
                         self.fade(ring, BLAST * 0.5, BLAST * 0.6))
        if not glow_alpha:
            return
        glow = self.sprite(textures.load("glow"), x, y, color)
        glow.scale = self._cell * cells_across * 0.8 / glow.texture.width
        glow.alpha = glow_alpha
        self._background(self.fade(glow, 0.0, BLAST))

    def rays(self, cell: Cell, targets: Sequence[Cell]) -> None:
        """Burst.RAYS: a beam grows from it to every tile it takes."""
        tex = textures.load("beam")
        x, y = self.host.center(cell)
        for n, target in enumerate(targets[:MAX_RAYS]):
            tx, ty = self.host.center(target)
            length = math.hypot(tx - x, ty - y)
            if length < 1:
                continue
            ray = self.sprite(tex, x, y, RAY_COLORS[n % len(RAY_COLORS)])
            ray.angle = -math.degrees(math.atan2(ty - y, tx - x))   # arcade 3 turns clockwise
            ray.width, ray.height = 1.0, self._cell * 0.45
            self._background(Tween(ray, RAY, ease=ease_out, center_x=(x + tx) / 2, center_y=(y + ty) / 2,
                                   width=length), self.fade(ray, RAY))

    def burst(self, cells: Sequence[Cell], kinds: dict[Cell, int]) -> None:
        """Sparks fly off every cleared tile, tinted as its kind (they fly on past the step)."""
        tex = textures.load("spark")
        per = max(1, min(4, MAX_SPARKS // max(1, len(cells))))
        reach = self._cell * 0.55
        size = self._cell * 0.3 / tex.width
        for n, cell in enumerate(cells):
            x, y = self.host.center(cell)
            kind = kinds.get(cell, 0)
            color = (*KIND_SPARK[(kind - 1) % len(KIND_SPARK)], 255) if kind > 0 and self.host.mode != Mode.SLIDE \
                else (255, 255, 255, 255)
            for k in range(per):
                spark = self.sprite(tex, x, y, color)
                spark.scale = size
                angle = (k / per + n * 0.37) * 2 * math.pi
                self._background(Tween(spark, CLEAR * 1.6, ease=ease_out, on_done=functools.partial(self.rest, spark),
                                       center_x=x + math.cos(angle) * reach,
                                       center_y=y + math.sin(angle) * reach, alpha=0.0, scale=0.0))

    def popup(self, text: str, x: float, y: float, size: float, color: tuple[int, int, int]) -> None:
        """A score (or a word) rising and fading from (x, y); the oldest of six is reused."""
        popup = self.popups[self._next_popup]
        self._next_popup = (self._next_popup + 1) % len(self.popups)
        popup.show(text, x, y, size, color)
        self._background(Tween(popup, POPUP, ease=ease_out, center_y=y + self._cell * 0.9, alpha=0.0))

    def explode(self, cell: Cell, count: int, colors: Sequence[Color]) -> None:
        """A special's own burst: `count` particles fly out from its cell, fast then slowing, some
        further than others (none with reduced motion)."""
        if self.host.reduced_motion:
            return
        tex = textures.load("spark")
        x, y = self.host.center(cell)
        for k in range(count):
            spark = self.sprite(tex, x, y, colors[k % len(colors)])
            spark.scale = self._cell * (0.34 if k % 3 else 0.5) / tex.width
            angle = (k / count + 0.06 * (k % 4)) * 2 * math.pi
            reach = self._cell * (1.1 + 0.45 * (k % 3))
            self._background(Tween(spark, EXPLODE, ease=ease_out, on_done=functools.partial(self.rest, spark),
                                   center_x=x + math.cos(angle) * reach, center_y=y + math.sin(angle) * reach,
                                   alpha=0.0, scale=0.0))

    def charge(self, cell: Cell, duration: float) -> None:
        """A glow gathering under a special about to go off (none with reduced motion)."""
        if self.host.reduced_motion:
            return
        x, y = self.host.center(cell)
        glow = self.sprite(textures.load("glow"), x, y, (255, 250, 220, 255))
        glow.scale = self._cell * 1.5 / glow.texture.width
        glow.alpha = 0
        self._background(Tween(glow, duration, ease=ease_in, alpha=230.0, scale=self._cell * 2.1 / glow.texture.width),
                         self.fade(glow, duration, FADE))

    def _shine(self, cell: Cell, halo_cells: float, star_cells: float,
               corner: float) -> tuple[arcade.Sprite, arcade.Sprite]:
        """A warm halo on `cell` and a white star `corner` of a cell up and right of its middle
        (where a shine catches a sweet's wrapper), sized in cells."""
        x, y = self.host.center(cell)
        halo = self.sprite(textures.load("glow"), x, y, GLINT_HALO)
        halo.scale = self._cell * halo_cells / halo.texture.width
        star = self.sprite(textures.load("spark"), x + self._cell * corner, y + self._cell * corner, GLINT_STAR)
        star.scale = self._cell * star_cells / star.texture.width
        return halo, star

    def glint(self, cell: Cell) -> None:
        """A special just formed on `cell`: a star twinkles over it, growing as it turns and
        then going out, in a warm halo, so a new player sees they made something."""
        halo, star = self._shine(cell, 1.2, 0.0, 0.18)
        halo.alpha = 0
        self._background(Tween(halo, GLINT * 0.35, ease=ease_out, alpha=235.0,
                               scale=self._cell * 1.7 / halo.texture.width),
                         self.fade(halo, GLINT * 0.35, GLINT * 0.65))
        self._background(Tween(star, GLINT * 0.4, ease=ease_out, scale=self._cell * 0.95 / star.texture.width,
                               angle=45.0),
                         Tween(star, GLINT * 0.6, delay=GLINT * 0.4, ease=ease_in, scale=0.0, angle=90.0,
                               on_done=functools.partial(self.rest, star)))

    def mark(self, cell: Cell) -> None:
        """A special formed on `cell` with nothing moving (reduced motion, instant speed): a still
        halo and a small star in its corner instead of the glint, until the next move (`unmark`)."""
        halo, star = self._shine(cell, 1.4, 0.45, 0.3)
        halo.alpha = 150   # soft enough that the special's own marks still read through it
        self.marks += [halo, star]

    def unmark(self) -> None:
        """The still highlights go (a move was made)."""
        for sprite in self.marks:
            self.rest(sprite)
        self.marks = []

    def shake(self, cells: int) -> None:
        """Shake the whole board for a blast that cleared `cells` cells: the bigger, the harder
        (none with reduced motion). A shake already playing is taken over by the stronger."""
        if self.host.reduced_motion:
            return
        amplitude = self._cell * min(JOLT_TOP, JOLT_BASE + JOLT_PER_CELL * cells)
        jolt = self.jolt
        if jolt.strength > 0 and jolt.amplitude * jolt.strength >= amplitude:
            return
        jolt.amplitude, jolt.strength, jolt.age = amplitude, 1.0, 0.0
        self._background(Tween(jolt, JOLT, ease=ease_out, strength=(1.0, 0.0), age=(0.0, JOLT)))

    def count(self, combo: int) -> None:
        """The cascade counter: "x2", "x3" ... over the board's top right corner, warmer as it climbs."""
        rect = self.host.layout.rect
        x, y = rect.right - self._cell * 1.1, rect.top - self._cell * 0.7
        color = COUNTER_COLORS[min(len(COUNTER_COLORS) - 1, combo - 2)]
        self.counter.show(f"x{combo}", x, y, COUNTER_SIZE, color)
        self._background(Tween(self.counter, COUNTER, ease=ease_in, alpha=0.0))

    def show_banner(self, text: str) -> None:
        """A word over the middle of the board that stays until `hide_banner` (the finale's "Bonus!")."""
        rect = self.host.layout.rect
        # Above the board where the window has room (the scores rising off the board stay clear
        # of it), else just inside its top edge.
        room = arcade.get_window().height - rect.top
        y = rect.top + BANNER_SIZE * 0.9 if room > BANNER_SIZE * 1.8 else rect.top - BANNER_SIZE * 0.9
        self.banner.show(text, rect.center[0], y, BANNER_SIZE, (255, 236, 150))

    def hide_banner(self) -> None:
        if self.banner.alpha > 0:
            self._background(Tween(self.banner, FADE * 2, ease=ease_in, alpha=0.0))

    def owns(self, target: object) -> bool:
        """Whether a tween's target is an effect (it may play on after a batch ends)."""
        return (target in self.popups or target is self.banner or target is self.counter or target is self.jolt
                or any(target is s for s in self.sprites))

    def draw(self) -> None:
        self.sprites.draw()

    def draw_popups(self) -> None:
        for popup in self.popups:
            popup.draw()
        self.counter.draw()
        self.banner.draw()


__all__ = ["Effects", "EffectsHost"]
