"""BoardRenderer: draws a board with sprites and turns the core's events into tweens, in order."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import arcade

from game.core import (
    HOLE, PLAYER, RAINBOW, STONE, BonusScored, Chained, Cleared, Counts, Cracked, Created, Detonated, DropCollected,
    Event, Fell, JellyCleared, Lost, Mode, PlayerMoved, Reshuffled, Scored, Slid, Spawned, Special, Specials, State,
    SwapRejected, Swapped, Unlocked, Won,
)
from game.ui import textures
from game.ui.layout import MAX_CELL, BoardLayout, Rect, budget_cell, cell_limits
from game.ui.words import counted
from game.ui.tween import (
    Animator, Tween, call, ease_in, ease_in_out, ease_out, linear, shake, there_and_back,
)


from arcade.shape_list import ShapeElementList, create_rectangle_filled  # noqa: E402

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]

TILE_FILL = 0.86        # a tile's share of its cell: a gap between tiles reads as a grid
# Durations in seconds at "normal" speed; the animation-speed setting scales them all.
SWAP = 0.16
REJECT = 0.34
CLEAR = 0.20
FALL_BASE, FALL_PER_ROW = 0.10, 0.045
WALK = 0.11
SLIDE = 0.11
RESHUFFLE = 0.45
END_PULSE = 0.45
FORM = 0.14             # a special forming: its group pulls into its cell
DETONATE = 0.12         # the hold after each special goes off, so a chain reaction reads in order ...
DETONATE_STEP = 0.36    # ... and the most a step's holds add up to (a board of bombs goes off quickly)
SWEEP = 0.22            # a line's beam runs out along its row or column ...
FADE = 0.22             # ... and every effect fades after its run
BLAST = 0.32
RAY = 0.16
MAX_FX = 4              # specials a step shows going off (more burst with the step's sparks)
MAX_RAYS = 20           # a rainbow on a big board: its rays stay few enough for software GL
BREAK = 0.26            # a lock breaking, a stone cracking, a jelly layer going
DROP_EXIT = 0.28
POPUP = 0.9
SLIDE_MAX_CELL = 150.0


@functools.lru_cache(maxsize=1)
def renderer_name() -> str:
    """The GL renderer's name (asked once): 'llvmpipe ...' on this machine's software GL."""
    try:
        return str(arcade.get_window().ctx.info.RENDERER)
    except Exception:   # no window yet (a bare test): assume the careful, software case
        return "software"
MAX_SPARKS = 160        # per clear step: a 16x16 cascade must not flood the frame

CELL_COLOR = (40, 46, 68, 255)
CELL_COLOR_ALT = (46, 53, 78, 255)
BLOCK_FILL = 0.96       # jelly and stones fill their cell, as the cell quad does
SWEEP_COLOR = (200, 240, 255, 255)
BLAST_COLOR = (255, 200, 110, 255)
COMBO_COLOR = (255, 235, 120, 255)
CHIP_COLOR = (190, 190, 200, 255)
LOCK_COLOR = (255, 210, 80, 255)
JELLY_COLOR = (255, 150, 220, 255)
RAY_COLORS = ((255, 110, 110, 255), (255, 190, 90, 255), (250, 240, 110, 255), (120, 230, 140, 255),
              (110, 220, 240, 255), (130, 160, 255, 255), (200, 140, 255, 255), (255, 140, 220, 255))
HOVER_COLOR = (255, 255, 255, 90)
SELECT_COLOR = (255, 220, 60, 255)
CURSOR_COLOR = (90, 220, 255, 230)
HINT_COLOR = (255, 240, 120)
BLAST_PREVIEW_COLOR = (255, 120, 90, 200)   # under the cells a picked special will clear
PATH_COLOR = (255, 255, 255, 235)
ARROW_SPAN = 0.62   # an arrow's share of the distance between two tile centres
BAD_PATH_COLOR = (255, 90, 90, 235)


@dataclass(frozen=True, slots=True)
class Blockers:
    """The blocker layers a board shows (from a State): stones' hits left, locked cells, jelly layers."""

    stones: Counts = ()
    locks: tuple[Cell, ...] = ()
    jelly: Counts = ()

    @classmethod
    def of(cls, state: State) -> "Blockers":
        return cls(state.stones, state.locks, state.jelly)


Shown = dict[str, dict[Cell, object]]
"""A board's layers by name ('specials', 'stones', 'locks', 'jelly'), each cell to what is on it."""


class LayerSprite(arcade.Sprite):
    """A blocker on a cell (jelly, a stone, a lock): knows its cell and its count (layers, hits)."""

    def __init__(self, texture: arcade.Texture, cell: Cell, count: int) -> None:
        super().__init__(texture)
        self.cell = cell
        self.count = count


class TileSprite(arcade.Sprite):
    """A tile (or the player) on the board: knows its cell and its grid value."""

    def __init__(self, texture: arcade.Texture, cell: Cell, kind: int) -> None:
        super().__init__(texture)
        self.cell = cell
        self.kind = kind
        self.special: Special | None = None   # a match3 special riding this tile


class Popup:
    """A score pop-up: an arcade.Text whose height and alpha can be tweened."""

    def __init__(self) -> None:
        self.text = arcade.Text("", 0, 0, (255, 255, 255, 0), 22, anchor_x="center",
                                anchor_y="center", bold=True)
        self.shadow = arcade.Text("", 0, 0, (0, 0, 0, 0), 22, anchor_x="center",
                                  anchor_y="center", bold=True)
        self._alpha = 0
        self.base = (255, 255, 255)

    def show(self, value: str, x: float, y: float, size: float, color: tuple[int, int, int]) -> None:
        for t in (self.text, self.shadow):
            t.text = value
            t.font_size = size
        self.base = color
        self.center_x = x
        self.center_y = y
        self.alpha = 255

    @property
    def center_x(self) -> float:
        return float(self.text.x)

    @center_x.setter
    def center_x(self, x: float) -> None:
        self.text.x = x
        self.shadow.x = x + 2

    @property
    def center_y(self) -> float:
        return float(self.text.y)

    @center_y.setter
    def center_y(self, y: float) -> None:
        self.text.y = y
        self.shadow.y = y - 2

    @property
    def alpha(self) -> int:
        return self._alpha

    @alpha.setter
    def alpha(self, a: int) -> None:
        self._alpha = a
        self.text.color = (*self.base, a)
        self.shadow.color = (0, 0, 0, a * 3 // 4)

    def draw(self) -> None:
        if self._alpha > 0:
            self.shadow.draw()
            self.text.draw()


class BoardRenderer:
    """One board on screen: cell backgrounds, tile sprites, effects, highlights and pop-ups.

    It never applies rules. `play(events, new_grid)` queues one tween step per event (Fell and
    the Spawned after it play together); when the batch is over the sprites must sit exactly
    where `new_grid` says: `mismatches` lists any cell the animation got wrong (it is then
    repaired). With `speed` 0 every step ends at once.
    """

    def __init__(self, mode: Mode, grid: Grid, area: Rect, *, colorblind: bool = False,
                 speed: float = 1.0, reach: Cell | None = None, reduced_motion: bool = False) -> None:
        self.mode = mode
        # Reduced motion (a player's setting): no shakes, sparks or pulses; moves show at once.
        self.reduced_motion = reduced_motion
        self.colorblind = colorblind
        self.grid = grid
        self.reach = reach
        self.rows, self.cols = len(grid), len(grid[0])
        self.layout = BoardLayout.fit(self.rows, self.cols, area, self.max_cell)
        self.animator = Animator(speed)
        self.cells: Any = ShapeElementList()
        self.under: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # the hint's glow and the reach target, below tiles
        self.floor: arcade.SpriteList[LayerSprite] = arcade.SpriteList()  # jelly, under everything
        self.tiles: arcade.SpriteList[TileSprite] = arcade.SpriteList()
        self.blocks: arcade.SpriteList[LayerSprite] = arcade.SpriteList()  # stones, over tiles falling past
        self.chains: arcade.SpriteList[LayerSprite] = arcade.SpriteList()  # locks, over their tiles
        self.tokens: arcade.SpriteList[TileSprite] = arcade.SpriteList()  # the player: always drawn over the tiles
        self.effects: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # sparks, sweeps, blasts, rays
        self.overlay: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # rings and arrows, over everything
        self.by_cell: dict[Cell, TileSprite] = {}
        self.mismatches: list[Cell] = []
        self.batches = 0
        self.on_event: Callable[[Event], None] | None = None
        self._popups = [Popup() for _ in range(6)]
        self._path_label = arcade.Text("", 0, 0, (255, 236, 150, 255), 16, anchor_x="center",
                                       anchor_y="center", bold=True)
        self._next_popup = 0
        self._last_clear: Sequence[Cell] = ()
        self._walk_arrows: list[arcade.Sprite] = []
        self._spark_pool: list[arcade.Sprite] = []   # every resting effect sprite, whatever it drew last
        self._holes: frozenset[Cell] = frozenset()
        # The blocker layers as the events so far said (the board records them, never works them
        # out): a batch given no Blockers ends showing these.
        self._hits: dict[Cell, int] = {}
        self._locked: set[Cell] = set()
        self._jellies: dict[Cell, int] = {}
        self.stone_sprites: dict[Cell, LayerSprite] = {}
        self.lock_sprites: dict[Cell, LayerSprite] = {}
        self.jelly_sprites: dict[Cell, LayerSprite] = {}
        self._swap: tuple[Cell, Cell] | None = None   # the batch's swap: a rainbow's partner
        self._combo = False                            # two specials were swapped together
        self._warmed = (0, 0)                          # the sizes _warm made textures for
        self._quads_jelly: frozenset[Cell] = frozenset()   # the jelly cells the quads leave out
        self._pulled: set[Cell] = set()                    # tiles already pulled into a forming special
        self._rings = {name: self._make_ring(color) for name, color in
                       (("hover", HOVER_COLOR), ("selected", SELECT_COLOR), ("cursor", CURSOR_COLOR))}
        self._path_arrows: list[arcade.Sprite] = []
        self._ring_cells: dict[str, Cell | None] = {}
        self._path: list[Cell] = []
        self._path_bad = False
        self._hint_arrows: list[arcade.Sprite] = []
        self._glows: list[arcade.Sprite] = []
        self._target: arcade.Sprite | None = None
        self._target_badge: arcade.Sprite | None = None
        self._build_cells(grid)
        self.snap(grid)

    # -- sizes and places -----------------------------------------------------------------
    @property
    def max_cell(self) -> float:
        # Slide tiles carry numbers and are few: let them grow. On software GL a pixel budget
        # keeps frames quick; on a GPU the board fills the space it has.
        largest, budget = cell_limits(renderer_name(), SLIDE_MAX_CELL if self.mode == Mode.SLIDE else MAX_CELL)
        return budget_cell(self.rows, self.cols, largest, budget)

    @property
    def busy(self) -> bool:
        return self.animator.busy

    @property
    def speed(self) -> float:
        return self.animator.speed

    @speed.setter
    def speed(self, value: float) -> None:
        self.animator.speed = value

    @property
    def tile_px(self) -> int:
        return max(4, int(round(self.layout.cell * TILE_FILL)))

    def texture_for(self, value: int, special: Special | None = None) -> arcade.Texture:
        return textures.fitted(textures.tile(value, self.mode, self.colorblind, special), self.tile_px)

    def set_specials(self, specials: Specials) -> None:
        """Show the state's specials on their tiles (after a deal, a snap, an undo)."""
        on = dict(specials)
        if on:
            self._warm()
        for cell, sprite in self.by_cell.items():
            special = on.get(cell) if sprite.kind > 0 else None
            if sprite.special != special:
                sprite.special = special
                sprite.texture = self.texture_for(sprite.kind, special)

    def center(self, cell: Cell) -> tuple[float, float]:
        return self.layout.center(cell)

    def cell_at(self, x: float, y: float) -> Cell | None:
        return self.layout.cell_at(x, y)

    def set_area(self, area: Rect) -> None:
        """Fit the board into a new rectangle (a resize): animations end, everything is re-placed."""
        self.animator.finish()
        self.layout = BoardLayout.fit(self.rows, self.cols, area, self.max_cell)
        self._build_cells(self.grid)
        self.snap(self.grid)

    # -- the static board -----------------------------------------------------------------
    def _build_quads(self, grid: Grid) -> None:
        # Flat quads in one shape list: a software renderer fills them far faster than textures.
        # A jelly cell has none: its jelly sprite is drawn on the cell's colour, so each pixel
        # of the board is filled once (jelly boards are often jelly all over).
        self.cells = ShapeElementList()
        size = self.layout.cell
        gap = max(1.0, round(size * 0.05))
        holes: set[Cell] = set()
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                if v == HOLE:
                    holes.add((r, c))
                    continue   # a hole is a gap: nothing is drawn there
                if (r, c) in self._jellies:
                    continue
                x, y = self.center((r, c))
                self.cells.append(create_rectangle_filled(x, y, size - gap, size - gap, self._cell_color((r, c))))
        self._holes = frozenset(holes)
        self._quads_jelly = frozenset(self._jellies)

    @staticmethod
    def _cell_color(cell: Cell) -> tuple[int, int, int, int]:
        # A faint checker helps the eye count cells.
        return CELL_COLOR if (cell[0] + cell[1]) % 2 == 0 else CELL_COLOR_ALT

    def _build_cells(self, grid: Grid) -> None:
        self._build_quads(grid)
        size = self.layout.cell
        scale = size / textures.load("target").width
        self.under.clear()
        self._glows = []
        self._blast_marks: list[arcade.Sprite] = []
        self._target = self._target_badge = None
        if self.reach is not None:
            self._target = arcade.Sprite(textures.load("target"), scale=scale)
            self._target.position = self.center(self.reach)
            self.under.append(self._target)
            badge = arcade.Sprite(textures.load("target"), scale=scale * 0.34)
            x, y = self.center(self.reach)
            badge.position = (x + self.layout.cell * 0.33, y + self.layout.cell * 0.33)
            self._target_badge = badge
        self.overlay.clear()
        self._path_arrows, self._hint_arrows = [], []
        for ring in self._rings.values():
            ring.scale = self.layout.cell / ring.texture.width
            self.overlay.append(ring)
        if self._target_badge is not None:
            self.overlay.append(self._target_badge)
        # Highlights survive a re-layout: put them back where they were, at the new size.
        for name, cell in self._ring_cells.items():
            self._show_ring(name, cell)
        if self._path:
            self.set_path(self._path, self._path_bad)

    def _make_ring(self, color: tuple[int, int, int, int]) -> arcade.Sprite:
        ring = arcade.Sprite(textures.load("ring"))
        ring.color = color
        ring.visible = False
        return ring

    def _new_sprite(self, cell: Cell, value: int) -> TileSprite:
        sprite = TileSprite(self.texture_for(value), cell, value)
        sprite.position = self.center(cell)
        (self.tokens if value == PLAYER else self.tiles).append(sprite)
        return sprite

    def _remove(self, sprite: arcade.Sprite) -> None:
        if sprite.sprite_lists:
            sprite.remove_from_sprite_lists()

    def snap(self, grid: Grid, keep_effects: bool = False) -> list[Cell]:
        """Make the sprites match `grid` at once; returns the cells that did not already match.

        `keep_effects` lets the sparks, beams, rays and score popups play out (a batch that
        ended: they draw over the board and hold nothing up); else they end too."""
        effects = {id(s) for s in self.effects} | {id(p) for p in self._popups} if keep_effects else set()
        self.animator.finish(keep=lambda t: id(t.target) in effects)
        if frozenset((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == HOLE) != self._holes:
            self.grid = grid
            self._build_cells(grid)
        self.grid = grid
        expected = {(r, c): v for r, row in enumerate(grid) for c, v in enumerate(row)
                    if v > 0 or v == PLAYER}
        wrong: list[Cell] = []
        for cell, sprite in list(self.by_cell.items()):
            if expected.get(cell) != sprite.kind:
                wrong.append(cell)
                self._remove(sprite)
                del self.by_cell[cell]
        keep = set(map(id, self.by_cell.values()))
        for lst in (self.tiles, self.tokens):
            for sprite in list(lst):
                if id(sprite) not in keep:   # a dying sprite whose tween was cut short
                    sprite.remove_from_sprite_lists()
        for cell, value in expected.items():
            if cell not in self.by_cell:
                if cell not in wrong:
                    wrong.append(cell)
                self.by_cell[cell] = self._new_sprite(cell, value)
        for cell, sprite in self.by_cell.items():
            sprite.cell = cell
            sprite.position = self.center(cell)
            want = self.texture_for(sprite.kind, sprite.special)
            if sprite.texture is not want:
                sprite.texture = want
            sprite.scale = 1.0
            sprite.alpha = 255
            sprite.angle = 0
        if not keep_effects:
            for spark in self.effects:
                if spark.visible:
                    self._rest_spark(spark)
        self._clear_walk_arrows()
        self._sync_layers()
        return sorted(wrong)

    # -- blocker layers ---------------------------------------------------------------------
    @property
    def block_px(self) -> int:
        return max(4, int(round(self.layout.cell * BLOCK_FILL)))

    def set_blockers(self, blockers: Blockers) -> None:
        """Show the state's blocker layers (after a deal, a snap, an undo); stones sit where the grid has STONE."""
        self._hits = dict(blockers.stones)
        self._locked = set(blockers.locks)
        self._jellies = dict(blockers.jelly)
        if blockers.stones or blockers.locks or blockers.jelly:
            self._warm()
        self._sync_layers()

    def _warm(self) -> None:
        """Make and upload every texture a blocker or an effect may change to, before play: a
        first resize and upload mid-animation is a dropped frame on software GL. Once per size."""
        if self._warmed == (self.tile_px, self.block_px):
            return
        self._warmed = (self.tile_px, self.block_px)
        try:
            atlas = arcade.get_window().ctx.default_atlas
        except Exception:   # no window (a bare test): nothing to upload to
            return
        made = [self._layer_texture(name, n, cell) for name, counts in (("jelly", (1, 2)), ("stones", (1, 2, 3)),
                                                                        ("locks", (1,)))
                for n in counts for cell in ((0, 0), (0, 1))]
        made += [textures.load(name) for name in ("beam", "blast", "glow", "spark")]
        for tex in made:
            atlas.add(tex)

    def _layer_texture(self, layer: str, count: int, cell: Cell = (0, 0)) -> arcade.Texture:
        if layer == "jelly":
            return textures.on_cell(textures.jelly(count), self.block_px, self._cell_color(cell))
        if layer == "stones":
            return textures.fitted(textures.stone(count), self.block_px)
        return textures.fitted(textures.lock(), self.tile_px)

    def _sync_layers(self) -> None:
        """Make the jelly, stone and lock sprites show the layers recorded, each at rest on its cell."""
        if frozenset(self._jellies) != self._quads_jelly:
            self._build_quads(self.grid)
        stones = {(r, c): self._hits.get((r, c), 1) for r, row in enumerate(self.grid)
                  for c, v in enumerate(row) if v == STONE}
        for name, want, sprites, lst in (
                ("jelly", self._jellies, self.jelly_sprites, self.floor),
                ("stones", stones, self.stone_sprites, self.blocks),
                ("locks", {cell: 1 for cell in self._locked}, self.lock_sprites, self.chains)):
            for cell in [c for c in sprites if c not in want]:
                self._remove(sprites.pop(cell))
            keep = set(map(id, sprites.values()))
            for sprite in list(lst):
                if id(sprite) not in keep:   # a breaking blocker whose tween was cut short
                    sprite.remove_from_sprite_lists()
            for cell, count in want.items():
                tex = self._layer_texture(name, count, cell)
                known = sprites.get(cell)
                if known is None:
                    sprite = sprites[cell] = LayerSprite(tex, cell, count)
                    lst.append(sprite)
                else:
                    sprite = known
                    if sprite.texture is not tex:
                        sprite.texture = tex
                sprite.count = count
                sprite.position = self.center(cell)
                sprite.scale = 1.0
                sprite.alpha = 255
                sprite.angle = 0
                sprite.color = (255, 255, 255, 255)

    def layer_cells(self) -> Shown:
        """What the board shows on each layer, read from the sprites' places and textures.

        A test compares it with `state_layers(state)`: specials on the tiles, each stone's hits,
        each lock, each cell's jelly layers. A sprite off its cell's centre raises AssertionError.
        """
        shown: Shown = {"specials": {}, "stones": {}, "locks": {}, "jelly": {}}
        for sprite in self.tiles:
            if sprite.visible and sprite.alpha > 0 and sprite.special is not None:
                cell = self.layout.cell_at(sprite.center_x, sprite.center_y)
                assert cell is not None
                shown["specials"][cell] = sprite.special
        for name, lst in (("stones", self.blocks), ("locks", self.chains), ("jelly", self.floor)):
            for layer in lst:
                if not layer.visible or layer.alpha == 0:
                    continue
                cell = self.layout.cell_at(layer.center_x, layer.center_y)
                assert cell is not None, f"a {name} sprite sits off the board"
                cx, cy = self.center(cell)
                assert abs(cx - layer.center_x) < 0.5 and abs(cy - layer.center_y) < 0.5, \
                    f"{name} on {cell} is not centred"
                assert cell not in shown[name], f"two {name} sprites on {cell}"
                # The texture is what a player reads the count from.
                assert layer.texture is self._layer_texture(name, layer.count, cell), \
                    f"{name} on {cell} shows another count"
                shown[name][cell] = 1 if name == "locks" else layer.count
        return shown

    @staticmethod
    def state_layers(state: State) -> Shown:
        """The layers `state` holds, in the shape of `layer_cells`."""
        return {"specials": dict(state.specials), "stones": dict(state.stones),
                "locks": {cell: 1 for cell in state.locks}, "jelly": dict(state.jelly)}

    def sprite_cells(self) -> dict[Cell, int]:
        """What the sprites show: the cell under each sprite's centre and its value.

        Read from the sprites' own positions (not from the cell map), so a test comparing it with
        state.grid checks what a player sees. Two sprites on one cell raise AssertionError.
        """
        shown: dict[Cell, int] = {}
        for lst in (self.tiles, self.tokens):
            for sprite in lst:
                if not sprite.visible or sprite.alpha == 0:
                    continue
                cell = self.layout.cell_at(sprite.center_x, sprite.center_y)
                assert cell is not None, f"a sprite of {sprite.kind} sits off the board"
                assert cell not in shown, f"two sprites on {cell}"
                cx, cy = self.center(cell)
                assert abs(cx - sprite.center_x) < 0.5 and abs(cy - sprite.center_y) < 0.5, \
                    f"sprite on {cell} is not centred ({sprite.center_x}, {sprite.center_y})"
                shown[cell] = sprite.kind
        return shown

    @staticmethod
    def grid_cells(grid: Grid) -> dict[Cell, int]:
        """The cells of `grid` that should hold a sprite, with their values."""
        return {(r, c): v for r, row in enumerate(grid) for c, v in enumerate(row)
                if v > 0 or v == PLAYER}

    # -- highlights -------------------------------------------------------------------------
    def _show_ring(self, name: str, cell: Cell | None) -> None:
        self._ring_cells[name] = cell
        ring = self._rings[name]
        ring.visible = cell is not None
        if cell is not None:
            ring.position = self.center(cell)

    def set_hover(self, cell: Cell | None) -> None:
        self._show_ring("hover", cell)

    def set_selected(self, cell: Cell | None) -> None:
        self._show_ring("selected", cell)

    def set_cursor(self, cell: Cell | None) -> None:
        self._show_ring("cursor", cell)

    def _arrow(self, a: Cell, b: Cell, color: tuple[int, int, int, int]) -> arcade.Sprite:
        tex = textures.load("arrow")
        arrow = arcade.Sprite(tex)
        (ax, ay), (bx, by) = self.center(a), self.center(b)
        arrow.position = ((ax + bx) / 2, (ay + by) / 2)
        length = math.hypot(bx - ax, by - ay)
        # Over the gap between the two tiles, not across them: the tiles of the path stay
        # readable, and a diagonal's arrow is no fatter than a straight one's.
        arrow.scale_x = ARROW_SPAN * length / tex.width
        arrow.scale_y = ARROW_SPAN * self.layout.cell / tex.height
        arrow.angle = -math.degrees(math.atan2(by - ay, bx - ax))   # arcade 3 turns clockwise
        arrow.color = color
        self.overlay.append(arrow)
        return arrow

    def set_path(self, path: Sequence[Cell], bad: bool = False) -> None:
        """Arrows along a chain being drawn (red when it cannot be committed as it is)."""
        for arrow in self._path_arrows:
            self._remove(arrow)
        self._path, self._path_bad = list(path), bad
        color = BAD_PATH_COLOR if bad else PATH_COLOR
        self._path_arrows = [self._arrow(a, b, color) for a, b in zip(path, path[1:])]

    def set_path_label(self, text: str, cell: Cell | None) -> None:
        """A chain being drawn says what it would score, above its end (as Dungeon Raid does)."""
        label = self._path_label
        if cell is None or not text:
            label.text = ""
            return
        x, y = self.center(cell)
        label.text = text
        label.x, label.y = x, y + self.layout.cell * 0.62

    def set_hint(self, cells: Sequence[Cell], path: Sequence[Cell] = ()) -> None:
        """Glow under `cells` (and yellow arrows along `path`); empty clears the hint."""
        for g in self._glows:
            self._remove(g)
        for arrow in self._hint_arrows:
            self._remove(arrow)
        tex = textures.load("glow")
        self._glows = []
        for cell in cells:
            g = arcade.Sprite(tex, scale=self.layout.cell * 1.35 / tex.width)
            g.position = self.center(cell)
            g.color = (*HINT_COLOR, 255)
            self.under.append(g)
            self._glows.append(g)
        self._hint_arrows = [self._arrow(a, b, (*HINT_COLOR, 255)) for a, b in zip(path, path[1:])]

    def set_blast(self, cells: Sequence[Cell]) -> None:
        """A soft glow under the cells a picked special will clear (empty: none)."""
        for mark in self._blast_marks:
            self._remove(mark)
        tex = textures.load("glow")
        self._blast_marks = []
        for cell in cells:
            mark = arcade.Sprite(tex, scale=self.layout.cell * 1.1 / tex.width)
            mark.position = self.center(cell)
            mark.color = BLAST_PREVIEW_COLOR
            self.under.append(mark)
            self._blast_marks.append(mark)

    def pulse_hint(self, phase: float, strength: float = 1.0) -> None:
        """Breathe the hint's glow (phase in seconds, from the view's own clock); `strength` 0
        holds it steady, as reduced motion does."""
        a = 230 if self.reduced_motion else int(230 + strength * (150 + 105 * (0.5 + 0.5 * math.sin(phase * 5.0)) - 230))
        for g in self._glows:
            g.alpha = a

    def shake(self, cells: Iterable[Cell]) -> None:
        """A short side-to-side wobble of the tiles on `cells` (a cancelled move)."""
        if self.reduced_motion:
            return   # the toast already says the move was refused
        for cell in cells:
            sprite = self.by_cell.get(cell)
            if sprite is None:
                continue
            x = self.center(cell)[0]
            amp = self.layout.cell * 0.12
            self.animator.add_background(Tween(sprite, 0.35, ease=shake, relative=True,
                                               center_x=(x, amp)))

    # -- events into tweens -----------------------------------------------------------------
    def play(self, events: Sequence[Event], new_grid: Grid,
             on_event: Callable[[Event], None] | None = None, specials: Specials = (),
             blockers: Blockers | None = None) -> None:
        """Queue the batch's animation; afterwards the sprites equal `new_grid` and show `specials`
        and `blockers` (None: the blocker layers as the batch's events left them)."""
        i = 0
        while i < len(events):
            e = events[i]
            if isinstance(e, Fell) and i + 1 < len(events) and isinstance(events[i + 1], Spawned):
                spawned = events[i + 1]
                assert isinstance(spawned, Spawned)
                self.animator.push(self._step(self._fall_and_spawn, e, spawned, notify=on_event,
                                              events=(e, spawned)))
                i += 2
                continue
            if isinstance(e, Created):
                # A step's specials form together (a rainbow with a bomb makes many at once); what
                # they are made of is in the step's Cleared, which comes after them.
                j = i
                while j < len(events) and isinstance(events[j], Created):
                    j += 1
                made = tuple(ev for ev in events[i:j] if isinstance(ev, Created))
                cleared = next((ev.cells for ev in events[j:] if isinstance(ev, Cleared)), ())
                self.animator.push(self._step(self._created_all, made, cleared, notify=on_event, events=made))
                i = j
                continue
            if isinstance(e, Detonated):
                # Each goes off in turn, so a chain reaction reads in order, within one short
                # hold for the whole step however many there are.
                fired = 0
                while i + fired < len(events) and isinstance(events[i + fired], Detonated):
                    fired += 1
                cleared = next((ev.cells for ev in events[i:] if isinstance(ev, Cleared)), ())
                hold = min(DETONATE, DETONATE_STEP / fired)
                for nth, ev in enumerate(events[i:i + fired]):
                    assert isinstance(ev, Detonated)
                    self.animator.push(self._step(self._detonated, ev, cleared, hold, nth, notify=on_event,
                                                  events=(ev,)))
                i += fired
                continue
            self.animator.push(self._step(self._handler(e), e, notify=on_event, events=(e,)))
            i += 1
        # A reshuffle pairs sprites by kind only, so then the specials are set, not checked.
        check = not any(isinstance(e, Reshuffled) for e in events)
        self.animator.push(lambda: [call(lambda: self._finish_batch(new_grid, specials, blockers, check))])

    def _step(self, handler: Callable[..., list[Tween]], *args: Any,
              notify: Callable[[Event], None] | None, events: tuple[Event, ...]) -> Callable[[], list[Tween]]:
        def start() -> list[Tween]:
            if notify is not None:
                for e in events:
                    notify(e)
            return handler(*args)
        return start

    def _finish_batch(self, grid: Grid, specials: Specials = (), blockers: Blockers | None = None,
                      check_specials: bool = False) -> None:
        self._swap, self._combo = None, False
        wrong = self.snap_after_batch(grid)
        if check_specials:
            riding = {cell: s.special for cell, s in self.by_cell.items() if s.special is not None}
            want_specials = dict(specials)
            wrong += [c for c in set(riding) | set(want_specials) if riding.get(c) != want_specials.get(c)]
        if blockers is not None:
            # Every layer must already show the state: a cell whose blocker the events left
            # wrong is a mismatch too (then repaired).
            shown = self.layer_cells()
            want: Shown = {"stones": dict(blockers.stones), "locks": {c: 1 for c in blockers.locks},
                           "jelly": dict(blockers.jelly)}
            for name, cells in want.items():
                wrong += [c for c in set(cells) | set(shown[name]) if cells.get(c) != shown[name].get(c)]
            self.set_blockers(blockers)
        self.mismatches = sorted(set(wrong))
        # A reshuffle pairs sprites by kind only: the specials are set from the state after it.
        self.set_specials(specials)
        self.batches += 1

    def snap_after_batch(self, grid: Grid) -> list[Cell]:
        # The animation should have left every sprite in place; snap repairs and reports it.
        wrong = []
        expected = self.grid_cells(grid)
        for cell, sprite in self.by_cell.items():
            if expected.get(cell) != sprite.kind:
                wrong.append(cell)
        wrong += [cell for cell in expected if cell not in self.by_cell]
        self.snap(grid, keep_effects=True)
        return sorted(set(wrong))

    def _handler(self, e: Event) -> Callable[..., list[Tween]]:
        handlers: dict[type, Callable[..., list[Tween]]] = {
            Swapped: self._swapped, SwapRejected: self._rejected, Chained: self._chained,
            Cleared: self._cleared, Fell: lambda ev: self._fall_and_spawn(ev, None),
            Spawned: lambda ev: self._fall_and_spawn(None, ev), PlayerMoved: self._player_moved,
            Slid: self._slid, Reshuffled: self._reshuffled, Scored: self._scored,
            BonusScored: self._bonus_scored, Won: self._won, Lost: self._lost,
            Unlocked: self._unlocked, JellyCleared: self._jelly_cleared, Cracked: self._cracked,
            DropCollected: self._drop_collected,
        }
        return handlers[type(e)]

    # -- effects: sprites from one pool, tweened in the background so they never hold up a step
    def _effect(self, texture: arcade.Texture, x: float, y: float,
                color: tuple[int, int, int, int] = (255, 255, 255, 255)) -> arcade.Sprite:
        sprite = self._spark_pool.pop() if self._spark_pool else None
        if sprite is None:
            sprite = arcade.Sprite(texture)
            self.effects.append(sprite)
        elif sprite.texture is not texture:
            sprite.texture = texture
        sprite.visible = True
        sprite.scale = 1.0
        sprite.angle = 0
        sprite.alpha = 255
        sprite.position = (x, y)
        sprite.color = color
        return sprite

    def _fade(self, sprite: arcade.Sprite, delay: float, duration: float = FADE) -> Tween:
        return Tween(sprite, duration, delay=delay, ease=ease_in, alpha=0.0,
                     on_done=functools.partial(self._rest_spark, sprite))

    def _fx(self, *tweens: Tween) -> None:
        for tween in tweens:
            self.animator.add_background(tween)

    def _chips(self, cell: Cell, color: tuple[int, int, int, int], count: int = 4) -> None:
        """A few small sparks off a blocker as it is hit (none with reduced motion)."""
        if self.reduced_motion:
            return
        tex = textures.load("spark")
        x, y = self.center(cell)
        reach = self.layout.cell * 0.6
        for k in range(count):
            chip = self._effect(tex, x, y, color)
            chip.scale = self.layout.cell * 0.22 / tex.width
            angle = (k / count + 0.125) * 2 * math.pi
            self._fx(Tween(chip, BREAK * 1.3, ease=ease_out, on_done=functools.partial(self._rest_spark, chip),
                           center_x=x + math.cos(angle) * reach, center_y=y + math.sin(angle) * reach - reach * 0.3,
                           alpha=0.0, scale=0.0))

    def _sweep(self, cell: Cell, across: bool, thick: float) -> None:
        """A line special's beam: it runs out from the special's cell to both ends of its line."""
        tex = textures.load("beam")
        x, y = self.center(cell)
        rect = self.layout.rect
        beam = self._effect(tex, x, y, SWEEP_COLOR)
        if not across:
            beam.angle = 90
        beam.width, beam.height = self.layout.cell, self.layout.cell * thick
        run = (Tween(beam, SWEEP, ease=ease_out, center_x=rect.center[0], width=rect.width) if across
               else Tween(beam, SWEEP, ease=ease_out, center_y=rect.center[1], width=rect.height))
        self._fx(run, self._fade(beam, SWEEP))

    def _blast(self, cell: Cell, cells_across: float, color: tuple[int, int, int, int], glow_alpha: int = 200) -> None:
        """A bomb's shock wave: a ring that grows over the cells it takes, then fades."""
        tex = textures.load("blast")
        x, y = self.center(cell)
        ring = self._effect(tex, x, y, color)
        ring.scale = self.layout.cell * 0.5 / tex.width
        self._fx(Tween(ring, BLAST, ease=ease_out, scale=self.layout.cell * cells_across / tex.width),
                 self._fade(ring, BLAST * 0.5, BLAST * 0.6))
        if not glow_alpha:
            return
        glow = self._effect(textures.load("glow"), x, y, color)
        glow.scale = self.layout.cell * cells_across * 0.8 / glow.texture.width
        glow.alpha = glow_alpha
        self._fx(self._fade(glow, 0.0, BLAST))

    def _rays(self, cell: Cell, targets: Sequence[Cell]) -> None:
        """A rainbow's rays: a beam grows from it to every tile it takes."""
        tex = textures.load("beam")
        x, y = self.center(cell)
        for n, target in enumerate(targets[:MAX_RAYS]):
            tx, ty = self.center(target)
            length = math.hypot(tx - x, ty - y)
            if length < 1:
                continue
            ray = self._effect(tex, x, y, RAY_COLORS[n % len(RAY_COLORS)])
            ray.angle = -math.degrees(math.atan2(ty - y, tx - x))   # arcade 3 turns clockwise
            ray.width, ray.height = 1.0, self.layout.cell * 0.45
            self._fx(Tween(ray, RAY, ease=ease_out, center_x=(x + tx) / 2, center_y=(y + ty) / 2, width=length),
                     self._fade(ray, RAY))

    def _rainbow_targets(self, e: Detonated, cleared: Sequence[Cell]) -> list[Cell]:
        """The step's cleared tiles a rainbow took: those of the kind its event names, or all of
        them for a rainbow that took every kind (two rainbows swapped). Read from the sprites."""
        kinds = {c: self.by_cell[c].kind for c in cleared if c in self.by_cell and c != e.cell}
        if not e.took:
            return sorted(kinds)
        return sorted(c for c, k in kinds.items() if k == e.took)

    def _detonated(self, e: Detonated, cleared: Sequence[Cell], hold_for: float = DETONATE,
                   nth: int = 0) -> list[Tween]:
        hold = [Tween(None, hold_for)]
        if e.cell in self._locked:
            # Gone off on a locked tile: the clear takes the lock, not the tile, and the special
            # is spent (as fold records it); the tile shows plain again.
            sprite = self.by_cell.get(e.cell)
            if sprite is not None and sprite.special is not None:
                sprite.special = None
                sprite.texture = self.texture_for(sprite.kind)
        if self.reduced_motion:
            return []
        if nth >= MAX_FX:
            # A board of specials going off at once: the first few show theirs, the rest burst
            # with the step's sparks (every big quad is paid for pixel by pixel on software GL).
            return hold
        combo = self._combo and self._swap is not None and e.cell in self._swap
        thick = 1.8 if combo else 1.2
        if e.special in (Special.ROW, Special.COLUMN):
            self._sweep(e.cell, e.special == Special.ROW, thick)
        elif e.special == Special.BOMB:
            self._blast(e.cell, 5.0 if combo else 3.4, BLAST_COLOR, glow_alpha=200 if nth < 2 else 0)
        else:
            self._rays(e.cell, self._rainbow_targets(e, cleared))
        if combo and self._swap is not None:
            # The two specials together: one big shock wave from the swap and a word, once.
            self._combo = False
            (ax, ay), (bx, by) = self.center(self._swap[0]), self.center(self._swap[1])
            mid = self.layout.cell_at((ax + bx) / 2, (ay + by) / 2) or e.cell
            self._blast(mid, 7.0, COMBO_COLOR, glow_alpha=0)   # a ring only: a glow this wide costs frames
            # White words: gold on the gold wave would not read.
            self._popup("Combo!", (ax + bx) / 2, (ay + by) / 2 + self.layout.cell * 0.5, 26.0, (255, 255, 255))
        return hold

    def _unlocked(self, e: Unlocked) -> list[Tween]:
        # The lock breaks open off its tile (the tile stays); the board records it, never decides it.
        self._locked.discard(e.cell)
        sprite = self.lock_sprites.pop(e.cell, None)
        if sprite is None:
            return []
        if self.reduced_motion:
            self._remove(sprite)
            return []
        self._chips(e.cell, LOCK_COLOR)
        self._fx(Tween(sprite, BREAK, ease=ease_in, on_done=functools.partial(self._remove, sprite),
                       scale=1.4, angle=25.0, alpha=0.0, center_y=sprite.center_y - self.layout.cell * 0.3))
        return []

    def _cracked(self, e: Cracked) -> list[Tween]:
        sprite = self.stone_sprites.get(e.cell)
        if e.hits > 0:
            self._hits[e.cell] = e.hits
            if sprite is not None:
                sprite.count = e.hits
                sprite.texture = self._layer_texture("stones", e.hits)
                if not self.reduced_motion:
                    self._fx(Tween(sprite, BREAK, ease=shake, relative=True,
                                   center_x=(sprite.center_x, self.layout.cell * 0.06)))
            self._chips(e.cell, CHIP_COLOR, 3)
            return []
        # Broken: its cell is an ordinary empty one from now on (the event says so).
        self._hits.pop(e.cell, None)
        if self.grid[e.cell[0]][e.cell[1]] == STONE:
            rows = [list(row) for row in self.grid]
            rows[e.cell[0]][e.cell[1]] = 0
            self.grid = tuple(map(tuple, rows))
        self.stone_sprites.pop(e.cell, None)
        self._chips(e.cell, CHIP_COLOR, 6)
        if sprite is not None:
            if self.reduced_motion:
                self._remove(sprite)
            else:
                self._fx(Tween(sprite, BREAK, ease=ease_in, on_done=functools.partial(self._remove, sprite),
                               scale=0.4, alpha=0.0))
        return []

    def _jelly_cleared(self, e: JellyCleared) -> list[Tween]:
        sprite = self.jelly_sprites.get(e.cell)
        if e.layers > 0:
            self._jellies[e.cell] = e.layers
            if sprite is not None:
                sprite.count = e.layers
                sprite.texture = self._layer_texture("jelly", e.layers, e.cell)
                if not self.reduced_motion:
                    self._fx(Tween(sprite, BREAK, ease=there_and_back, relative=True, scale=(1.0, 0.12)))
            return []
        self._jellies.pop(e.cell, None)
        self.jelly_sprites.pop(e.cell, None)
        self._build_quads(self.grid)   # the cell's own quad comes back under the jelly as it goes
        if sprite is not None:
            if self.reduced_motion:
                self._remove(sprite)
            else:
                self._chips(e.cell, JELLY_COLOR, 3)
                self._fx(Tween(sprite, BREAK, ease=ease_out, on_done=functools.partial(self._remove, sprite),
                               scale=1.15, alpha=0.0))
        return []

    def _drop_collected(self, e: DropCollected) -> list[Tween]:
        sprite = self.by_cell.pop(e.cell, None)
        if sprite is None:
            return []
        if self.reduced_motion:
            return [self._vanish(sprite, CLEAR)]
        # Out through the bottom edge of the board (the clip hides it as it goes), then gone.
        below = self.layout.rect.bottom - self.layout.cell * 0.6
        return [Tween(sprite, DROP_EXIT, ease=ease_in, on_done=functools.partial(self._remove, sprite),
                      center_y=below, alpha=120.0)]

    def _group(self, cell: Cell, kind: int, cleared: Sequence[Cell]) -> list[Cell]:
        """The cleared tiles of `kind` joined to `cell` through each other: the run that made it."""
        pool = {c for c in cleared if c in self.by_cell and self.by_cell[c].kind == kind}
        seen, todo = [], [cell]
        while todo:
            r, c = todo.pop()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in pool:
                    pool.discard(n)
                    seen.append(n)
                    todo.append(n)
        return seen

    def _created_all(self, made: Sequence[Created], cleared: Sequence[Cell]) -> list[Tween]:
        # Many at once are a combo's doing (a rainbow turning a kind into specials), not runs:
        # they only pop. Otherwise each tile joins one special's pull at most.
        free = [] if len(made) > 2 else list(cleared)
        out: list[Tween] = []
        for e in made:
            out += self._created(e, free)
            free = [c for c in free if c not in self._pulled]
        self._pulled.clear()
        return out

    def _created(self, e: Created, cleared: Sequence[Cell] = ()) -> list[Tween]:
        # The tile stays and shows its special (a rainbow loses its kind); its run pulls into it.
        sprite = self.by_cell.get(e.cell)
        if sprite is None:
            return []
        group = self._group(e.cell, sprite.kind, cleared) if sprite.kind > 0 else []
        if e.special == Special.RAINBOW:
            sprite.kind = RAINBOW
        sprite.special = e.special
        sprite.texture = self.texture_for(sprite.kind, e.special)
        if self.reduced_motion:
            return []
        self._pulled.update(group)
        out = [self._move(self.by_cell[c], e.cell, FORM, ease=ease_in) for c in group]
        out.append(Tween(sprite, FORM * 2, ease=there_and_back, relative=True, scale=(1.0, 0.3)))
        return out

    def _move(self, sprite: TileSprite, cell: Cell, duration: float, ease: Any = ease_in_out,
              delay: float = 0.0) -> Tween:
        x, y = self.center(cell)
        return Tween(sprite, duration, ease=ease, delay=delay, center_x=x, center_y=y)

    def _swapped(self, e: Swapped) -> list[Tween]:
        a, b = self.by_cell.get(e.a), self.by_cell.get(e.b)
        out: list[Tween] = []
        if a is not None:
            out.append(self._move(a, e.b, SWAP))
        if b is not None:
            out.append(self._move(b, e.a, SWAP))
        self._relink({e.a: b, e.b: a})
        # Remembered for the specials it sets off: a rainbow's partner, two specials' combo.
        self._swap = (e.a, e.b)
        self._combo = all(s is not None and (s.special is not None or s.kind == RAINBOW) for s in (a, b))
        return out

    def _relink(self, placed: dict[Cell, TileSprite | None]) -> None:
        for cell, sprite in placed.items():
            if sprite is None:
                self.by_cell.pop(cell, None)
            else:
                self.by_cell[cell] = sprite
                sprite.cell = cell

    def _rejected(self, e: SwapRejected) -> list[Tween]:
        out: list[Tween] = []
        for here, there in ((e.a, e.b), (e.b, e.a)):
            sprite = self.by_cell.get(here)
            if sprite is None:
                continue
            (hx, hy), (tx, ty) = self.center(here), self.center(there)
            # Most of the way over and back: it tried, the rules said no.
            out.append(Tween(sprite, REJECT, ease=there_and_back, relative=True,
                             center_x=(hx, (tx - hx) * 0.8), center_y=(hy, (ty - hy) * 0.8)))
        return out

    def _chained(self, e: Chained) -> list[Tween]:
        self.set_path(())
        self._clear_walk_arrows()
        self._walk_arrows = [self._arrow(a, b, PATH_COLOR) for a, b in zip(e.path, e.path[1:])]
        self._last_clear = e.path
        return []

    def _clear_walk_arrows(self) -> None:
        for arrow in self._walk_arrows:
            self._remove(arrow)
        self._walk_arrows = []

    def _vanish(self, sprite: arcade.Sprite, duration: float, delay: float = 0.0) -> Tween:
        def gone() -> None:
            self._remove(sprite)
        return Tween(sprite, duration, delay=delay, ease=ease_in, on_done=gone,
                     scale=0.0, alpha=0.0)

    def _burst(self, cells: Sequence[Cell]) -> list[Tween]:
        tex = textures.load("spark")
        per = max(1, min(4, MAX_SPARKS // max(1, len(cells))))
        out: list[Tween] = []
        reach = self.layout.cell * 0.55
        size = self.layout.cell * 0.3 / tex.width
        for n, cell in enumerate(cells):
            x, y = self.center(cell)
            kind = self.by_cell[cell].kind if cell in self.by_cell else 0
            color = (*_KIND_SPARK[(kind - 1) % len(_KIND_SPARK)], 255) if kind > 0 and self.mode != Mode.SLIDE \
                else (255, 255, 255, 255)
            for k in range(per):
                spark = self._effect(tex, x, y, color)
                spark.scale = size
                angle = (k / per + n * 0.37) * 2 * math.pi
                out.append(Tween(spark, CLEAR * 1.6, ease=ease_out,
                                 on_done=functools.partial(self._rest_spark, spark),
                                 center_x=x + math.cos(angle) * reach,
                                 center_y=y + math.sin(angle) * reach, alpha=0.0, scale=0.0))
        return out

    def _rest_spark(self, spark: arcade.Sprite) -> None:
        # Sparks are kept and reused: adding and removing sprites every burst costs frames.
        if not spark.visible:
            return   # already resting (a finished tween and a snap may both say so)
        spark.visible = False
        self._spark_pool.append(spark)

    def _cleared(self, e: Cleared) -> list[Tween]:
        self._clear_walk_arrows()
        self._last_clear = e.cells
        out: list[Tween] = []
        sparks = [] if self.reduced_motion else self._burst(e.cells)
        for cell in e.cells:
            sprite = self.by_cell.pop(cell, None)
            if sprite is not None:
                out.append(self._vanish(sprite, CLEAR))
        for s in sparks:
            # Sparks fly on past the step: they must not hold up the fall.
            self.animator.add_background(s)
        return out

    def _fall_and_spawn(self, fell: Fell | None, spawned: Spawned | None) -> list[Tween]:
        self._clear_walk_arrows()
        out: list[Tween] = []
        if fell is not None:
            movers = [(self.by_cell.pop(src, None), src, dst) for src, dst in fell.moves]
            for sprite, src, dst in movers:
                if sprite is None:
                    continue
                self.by_cell[dst] = sprite
                sprite.cell = dst
                rows = abs(dst[0] - src[0])
                # Longer drops take longer, as a falling thing would; all columns move at once.
                out.append(self._move(sprite, dst, FALL_BASE + FALL_PER_ROW * rows, ease=ease_out))
        if spawned is not None:
            per_column: dict[int, int] = {}
            for (r, c), _ in spawned.tiles:
                per_column[c] = per_column.get(c, 0) + 1
            for (r, c), kind in spawned.tiles:
                drop = per_column[c]
                old = self.by_cell.pop((r, c), None)
                if old is not None:
                    self._remove(old)
                sprite = self._new_sprite((r, c), kind)
                # Start `drop` rows higher: above the board, where the clip hides it until it enters.
                sprite.position = self.layout.center_of(r - drop, c)
                self.by_cell[(r, c)] = sprite
                out.append(self._move(sprite, (r, c), FALL_BASE + FALL_PER_ROW * drop, ease=ease_out))
        return out

    def _player_moved(self, e: PlayerMoved) -> list[Tween]:
        token = self.by_cell.pop(e.src, None)
        eaten = self.by_cell.pop(e.dst, None)
        out: list[Tween] = []
        if token is not None:
            self.by_cell[e.dst] = token
            token.cell = e.dst
            out.append(self._move(token, e.dst, WALK, ease=linear))
        if eaten is not None:
            out.append(self._vanish(eaten, WALK * 0.7, delay=WALK * 0.3))
        if self._walk_arrows:
            self._remove(self._walk_arrows.pop(0))
        return out

    def _slid(self, e: Slid) -> list[Tween]:
        sprite = self.by_cell.pop(e.src, None)
        if sprite is None:
            return []
        self.by_cell[e.dst] = sprite
        sprite.cell = e.dst
        return [self._move(sprite, e.dst, SLIDE, ease=ease_out)]

    def _reshuffled(self, e: Reshuffled) -> list[Tween]:
        # Pair each kind's sprites with that kind's new cells; any left over fade out or in.
        free: dict[int, list[TileSprite]] = {}
        for cell in sorted(self.by_cell):
            sprite = self.by_cell[cell]
            if sprite.kind > 0:
                free.setdefault(sprite.kind, []).append(sprite)
        placed: dict[Cell, TileSprite] = {cell: s for cell, s in self.by_cell.items() if s.kind <= 0}
        out: list[Tween] = []
        for r, row in enumerate(e.grid):
            for c, v in enumerate(row):
                if v <= 0:
                    continue
                pool = free.get(v)
                if pool:
                    sprite = pool.pop(0)
                    out.append(self._move(sprite, (r, c), RESHUFFLE, ease=ease_in_out))
                else:
                    sprite = self._new_sprite((r, c), v)
                    sprite.alpha = 0
                    out.append(Tween(sprite, RESHUFFLE, alpha=255.0))
                sprite.cell = (r, c)
                placed[(r, c)] = sprite
        for pool in free.values():
            for sprite in pool:
                out.append(self._vanish(sprite, RESHUFFLE))
        self.by_cell = placed
        return out

    def _popup_at(self) -> tuple[float, float]:
        cells = [c for c in self._last_clear if 0 <= c[0] < self.rows and 0 <= c[1] < self.cols]
        if not cells:
            return self.layout.rect.center
        xs, ys = zip(*(self.center(c) for c in cells))
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    def _scored(self, e: Scored) -> list[Tween]:
        text = f"+{e.points}" + (f"  x{e.combo}" if e.combo > 1 else "")
        # Two sizes only: every new font size makes pyglet render its glyphs again.
        size = 26.0 if e.combo != 1 else 20.0
        color = (255, 240, 140) if e.combo == 1 else (255, 170, 90)
        self._popup(text, *self._popup_at(), size, color)
        return []

    def _bonus_scored(self, e: BonusScored) -> list[Tween]:
        # The moves-left bonus of a win: over the middle of the board, not over a clear.
        self._popup(f"+{e.points} for {counted(e.moves_left, 'move')} left", *self.layout.rect.center, 26.0,
                    (140, 220, 255))
        return []

    def _popup(self, text: str, x: float, y: float, size: float,
               color: tuple[int, int, int]) -> None:
        popup = self._popups[self._next_popup]
        self._next_popup = (self._next_popup + 1) % len(self._popups)
        popup.show(text, x, y, size, color)
        self.animator.add_background(Tween(popup, POPUP, ease=ease_out,
                                           center_y=y + self.layout.cell * 0.9, alpha=0.0))

    def _won(self, e: Won) -> list[Tween]:
        if self.reduced_motion:
            return []
        # One gentle wave across the board, never a strobe: each tile swells once, in turn.
        # Tile textures are made at the tile's pixel size (textures.fitted): their scale is 1.
        return [Tween(s, END_PULSE, ease=there_and_back, relative=True, scale=(s.scale_x, 0.18),
                      delay=0.012 * (s.cell[0] + s.cell[1]))
                for s in self.by_cell.values()]

    def _lost(self, e: Lost) -> list[Tween]:
        if self.reduced_motion:
            return []
        return [Tween(s, END_PULSE, ease=there_and_back, relative=True, alpha=(255.0, -150.0))
                for s in self.by_cell.values()]

    # -- frame ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.animator.update(dt)

    def draw(self) -> None:
        self.cells.draw()
        self.floor.draw()
        self.under.draw()
        window = arcade.get_window()
        ctx = window.ctx
        ratio = window.get_pixel_ratio()
        rect = self.layout.rect
        # Clip tiles to the board: spawned tiles come in from above without crossing the HUD.
        ctx.scissor = (int(rect.left * ratio), int(rect.bottom * ratio),
                       int(math.ceil(rect.width * ratio)), int(math.ceil(rect.height * ratio)))
        try:
            self.tiles.draw()
            self.tokens.draw()
            self.blocks.draw()
            self.chains.draw()
        finally:
            ctx.scissor = None
        self.effects.draw()
        self.overlay.draw()
        for popup in self._popups:
            popup.draw()
        if self._path_label.text:
            self._path_label.draw()


# Spark tints by kind, matching the normal palette (bursts read as the tile that burst).
_KIND_SPARK = ((255, 120, 120), (255, 230, 120), (140, 170, 255), (140, 230, 150), (210, 150, 255),
               (255, 180, 100), (140, 240, 250), (255, 160, 210), (255, 255, 255))

__all__ = ["Blockers", "BoardRenderer", "LayerSprite", "Popup", "Shown", "TileSprite"]
