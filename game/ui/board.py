"""BoardRenderer: one board on screen: layout and hit-testing, cells, tile and blocker sprites, highlights.

It never applies rules: it shows a State (snap, set_specials, set_blockers) and plays a batch of
the core's events between the states before and after it (board_choreography), with effects
from one pool (board_effects), durations from board_timing and sprites from board_sprites.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable, Iterable, Mapping, Sequence

import arcade

from game.core import HOLE, PLAYER, Blocker, Depth, Event, Mode, Special, Specials, State
from game.ui import frames, textures
from game.ui.board_cache import StillLayer
from game.ui.board_readback import ReadBack
from game.ui.board_choreography import Choreographer
from game.ui.board_effects import Effects
from game.ui.board_sprites import (
    ARROW_SPAN, BAD_PATH_COLOR, BLAST_PREVIEW_COLOR, BLOCK_FILL, CURSOR_COLOR, HINT_COLOR, HOVER_COLOR, PATH_COLOR,
    REFUSED_COLOR, SELECT_COLOR, TILE_FILL, Blockers, Cell, Grid, LayerSprite, Popup, Shown, TileSprite, cell_color,
)
from game.ui.board_timing import POPUP, SHAKE
from game.ui.damage import PAD, Mark, box, clipped_to, sprite_marks, text_mark, union
from game.ui.layout import MAX_CELL, BoardLayout, Rect, budget_cell, cell_limits, software_rendering
from game.ui.tween import Animator, Tween, shake

from arcade.shape_list import ShapeElementList, create_rectangle_filled  # noqa: E402

SLIDE_MAX_CELL = 150.0


@functools.lru_cache(maxsize=1)
def renderer_name() -> str:
    """The GL renderer's name (asked once): 'llvmpipe ...' on this machine's software GL."""
    try:
        return str(arcade.get_window().ctx.info.RENDERER)
    except Exception:   # no window yet (a bare test): assume the careful, software case
        return "software"


class BoardRenderer(ReadBack):
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
        self.floor: arcade.SpriteList[LayerSprite] = arcade.SpriteList()  # Depth.FLOOR blockers, under everything
        self.tiles: arcade.SpriteList[TileSprite] = arcade.SpriteList()
        self.blocks: arcade.SpriteList[LayerSprite] = arcade.SpriteList()  # Depth.FILL blockers, over tiles falling past
        self.chains: arcade.SpriteList[LayerSprite] = arcade.SpriteList()  # Depth.OVER blockers, over their tiles
        self.tokens: arcade.SpriteList[TileSprite] = arcade.SpriteList()  # the player: always drawn over the tiles
        self.overlay: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # rings and arrows, over everything
        self._by_cell: dict[Cell, TileSprite] = {}   # the tile (or token) sprite standing for each cell
        self.on_event: Callable[[Event], None] | None = None
        self._path_label = arcade.Text("", 0, 0, (255, 236, 150, 255), 16, anchor_x="center",
                                       anchor_y="center", bold=True)
        self._holes: frozenset[Cell] = frozenset()
        self._quads_made = 0   # how many times the cell quads were made (the still layer's key)
        self.still = StillLayer(software_rendering(renderer_name()))   # cells and floor blockers, kept when at rest
        # The blocker layers as the events so far said (the board records them, never works them
        # out): a batch given no Blockers ends showing these.
        self.layers = Blockers()   # the blocker layers of the state on show (set_blockers, a step's state)
        self.layer_sprites: dict[Blocker, dict[Cell, LayerSprite]] = {}   # each unit's sprites by cell
        self._warmed = (0, 0)                          # the sizes _warm made textures for
        self._quads_floor: frozenset[Cell] = frozenset()   # the floor blockers' cells the quads leave out
        self._rings = {name: self._make_ring(color) for name, color in
                       (("hover", HOVER_COLOR), ("selected", SELECT_COLOR), ("cursor", CURSOR_COLOR))}
        self._path_arrows: list[arcade.Sprite] = []
        self._ring_cells: dict[str, Cell | None] = {}
        self._path: list[Cell] = []
        self._path_bad = False
        self._path_refused: tuple[Cell, ...] = ()
        self._refused_rings: list[arcade.Sprite] = []
        self._hint_arrows: list[arcade.Sprite] = []
        self._glows: list[arcade.Sprite] = []
        self._target: arcade.Sprite | None = None
        self._target_badge: arcade.Sprite | None = None
        self.effects = Effects(self)                # sparks, sweeps, blasts, rays, score pop-ups
        self.choreographer = Choreographer(self)
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
    def _popups(self) -> list[Popup]:
        return self.effects.popups   # (tests read the pop-ups by this name)

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
        for cell, sprite in self._by_cell.items():
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
    def build_quads(self, grid: Grid) -> None:
        floor = self.layers.cells(Depth.FLOOR)
        # Flat quads in one shape list: a software renderer fills them far faster than textures.
        # A cell with a floor blocker has none: its sprite is drawn on the cell's colour, so each
        # pixel of the board is filled once (such boards are often covered all over).
        self.cells = ShapeElementList()
        size = self.layout.cell
        gap = max(1.0, round(size * 0.05))
        holes: set[Cell] = set()
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                if v == HOLE:
                    holes.add((r, c))
                    continue   # a hole is a gap: nothing is drawn there
                if (r, c) in floor:
                    continue
                x, y = self.center((r, c))
                self.cells.append(create_rectangle_filled(x, y, size - gap, size - gap, cell_color((r, c))))
        self._holes = frozenset(holes)
        self._quads_floor = floor
        self._quads_made += 1

    def _build_cells(self, grid: Grid) -> None:
        self.build_quads(grid)
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
        self._path_arrows, self._hint_arrows, self._refused_rings = [], [], []
        for ring in self._rings.values():
            ring.scale = self.layout.cell / ring.texture.width
            self.overlay.append(ring)
        if self._target_badge is not None:
            self.overlay.append(self._target_badge)
        # Highlights survive a re-layout: put them back where they were, at the new size.
        for name, cell in self._ring_cells.items():
            self._show_ring(name, cell)
        if self._path:
            self.set_path(self._path, self._path_bad, self._path_refused)

    def _make_ring(self, color: tuple[int, int, int, int]) -> arcade.Sprite:
        ring = arcade.Sprite(textures.load("ring"))
        ring.color = color
        ring.visible = False
        return ring

    def new_sprite(self, cell: Cell, value: int) -> TileSprite:
        sprite = TileSprite(self.texture_for(value), cell, value)
        sprite.position = self.center(cell)
        (self.tokens if value == PLAYER else self.tiles).append(sprite)
        return sprite

    def remove(self, sprite: arcade.Sprite) -> None:
        if sprite.sprite_lists:
            sprite.remove_from_sprite_lists()

    def snap(self, grid: Grid, keep_effects: bool = False) -> list[Cell]:
        """Make the sprites match `grid` at once; returns the cells that did not already match.

        `keep_effects` lets the sparks, beams, rays and score popups play out (a batch that
        ended: they draw over the board and hold nothing up); else they end too."""
        effects = self.effects.playing() if keep_effects else set()
        self.animator.finish(keep=lambda t: id(t.target) in effects)
        if frozenset((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == HOLE) != self._holes:
            self.grid = grid
            self._build_cells(grid)
        self.grid = grid
        expected = self.grid_cells(grid)
        wrong: list[Cell] = []
        for cell, sprite in list(self._by_cell.items()):
            if expected.get(cell) != sprite.kind:
                wrong.append(cell)
                self.remove(sprite)
                del self._by_cell[cell]
        keep = set(map(id, self._by_cell.values()))
        for lst in (self.tiles, self.tokens):
            for sprite in list(lst):
                if id(sprite) not in keep:   # a dying sprite whose tween was cut short
                    sprite.remove_from_sprite_lists()
        for cell, value in expected.items():
            if cell not in self._by_cell:
                if cell not in wrong:
                    wrong.append(cell)
                self._by_cell[cell] = self.new_sprite(cell, value)
        for cell, sprite in self._by_cell.items():
            sprite.cell = cell
            sprite.position = self.center(cell)
            want = self.texture_for(sprite.kind, sprite.special)
            if sprite.texture is not want:
                sprite.texture = want
            sprite.scale = 1.0
            sprite.alpha = 255
            sprite.angle = 0
        if not keep_effects:
            self.effects.rest_all()
        self.choreographer.clear_walk_arrows()
        self._sync_layers()
        return sorted(wrong)

    # -- blocker layers ---------------------------------------------------------------------
    @property
    def block_px(self) -> int:
        return max(4, int(round(self.layout.cell * BLOCK_FILL)))

    def set_blockers(self, blockers: Blockers) -> None:
        """Show the state's blocker layers (after a deal, a snap, an undo)."""
        self.layers = blockers
        if blockers:
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
        made = [self.layer_texture(unit, n, cell) for unit, _ in self.layers.drawn() if unit.look is not None
                for n in range(1, unit.look.shown + 1) for cell in ((0, 0), (0, 1))]
        made += [textures.load(name) for name in ("beam", "blast", "glow", "spark")]
        for tex in made:
            atlas.add(tex)

    def layer_texture(self, unit: Blocker, count: int, cell: Cell = (0, 0)) -> arcade.Texture:
        """A unit's picture with `count` layers as its sprite shows it on `cell`: fitted to the
        cell (under the tile: on the cell's own colour) or, over its tile, to the tile."""
        look = unit.look
        assert look is not None, f"{unit.name} has no look"
        picture = textures.blocker(look, count)
        if look.depth is Depth.FLOOR:
            return textures.on_cell(picture, self.block_px, cell_color(cell))
        return textures.fitted(picture, self.tile_px if look.depth is Depth.OVER else self.block_px)

    def _depth_list(self, depth: Depth) -> arcade.SpriteList[LayerSprite]:
        return {Depth.FLOOR: self.floor, Depth.FILL: self.blocks, Depth.OVER: self.chains}[depth]

    def _sync_layers(self) -> None:
        """Make each blocker unit's sprites show the layers recorded, each at rest on its cell."""
        if self.layers.cells(Depth.FLOOR) != self._quads_floor:
            self.build_quads(self.grid)
        drawn = self.layers.drawn()
        for unit in [u for u in self.layer_sprites if u not in dict(drawn)]:
            for sprite in self.layer_sprites.pop(unit).values():
                self.remove(sprite)
        kept = {id(s) for sprites in self.layer_sprites.values() for s in sprites.values()}
        for lst in (self.floor, self.blocks, self.chains):
            for sprite in list(lst):
                if id(sprite) not in kept:   # a breaking blocker whose tween was cut short
                    sprite.remove_from_sprite_lists()
        for unit, layer in drawn:
            assert unit.look is not None
            want = dict(layer)
            sprites = self.layer_sprites.setdefault(unit, {})
            for cell in [c for c in sprites if c not in want]:
                self.remove(sprites.pop(cell))
            for cell, count in want.items():
                tex = self.layer_texture(unit, count, cell)
                known = sprites.get(cell)
                if known is None:
                    sprite = sprites[cell] = LayerSprite(tex, unit, cell, count)
                    self._depth_list(unit.look.depth).append(sprite)
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

    def arrow(self, a: Cell, b: Cell, color: tuple[int, int, int, int]) -> arcade.Sprite:
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

    def set_path(self, path: Sequence[Cell], bad: bool = False, refused: Sequence[Cell] = ()) -> None:
        """Arrows along a chain being drawn (red when it cannot be committed as it is), and a
        red ring on each of its cells the rules refuse (a covered tile: never playable)."""
        for sprite in self._path_arrows + self._refused_rings:
            self.remove(sprite)
        self._path, self._path_bad, self._path_refused = list(path), bad, tuple(refused)
        color = BAD_PATH_COLOR if bad else PATH_COLOR
        self._path_arrows = [self.arrow(a, b, color) for a, b in zip(path, path[1:])]
        self._refused_rings = []
        for cell in refused:
            ring = self._make_ring(REFUSED_COLOR)
            ring.visible = True
            ring.position = self.center(cell)
            ring.scale = self.layout.cell / ring.texture.width
            self.overlay.append(ring)
            self._refused_rings.append(ring)

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
        for arrow in self._hint_arrows:
            self.remove(arrow)
        self._glows = self._glow_under(self._glows, cells, 1.35, (*HINT_COLOR, 255))
        self._hint_arrows = [self.arrow(a, b, (*HINT_COLOR, 255)) for a, b in zip(path, path[1:])]

    def set_blast(self, cells: Sequence[Cell]) -> None:
        """A soft glow under the cells a picked special will clear (empty: none)."""
        self._blast_marks = self._glow_under(self._blast_marks, cells, 1.1, BLAST_PREVIEW_COLOR)

    def _glow_under(self, old: list[arcade.Sprite], cells: Sequence[Cell], size: float,
                    color: tuple[int, int, int, int]) -> list[arcade.Sprite]:
        """Replace the glows `old` by one under each of `cells` (`size` cells wide, in `color`)."""
        for g in old:
            self.remove(g)
        tex = textures.load("glow")
        glows = []
        for cell in cells:
            g = arcade.Sprite(tex, scale=self.layout.cell * size / tex.width)
            g.position = self.center(cell)
            g.color = color
            self.under.append(g)
            glows.append(g)
        return glows

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
            sprite = self._by_cell.get(cell)
            if sprite is None:
                continue
            x = self.center(cell)[0]
            amp = self.layout.cell * 0.12
            self.animator.add_background(Tween(sprite, SHAKE, ease=shake, relative=True,
                                               center_x=(x, amp)))

    # -- the sprite map, as the choreographer moves it (board_choreography.Stage) ----------
    @property
    def by_cell(self) -> Mapping[Cell, TileSprite]:
        """The tile (or token) sprite standing for each cell, read only: lift and put move them."""
        return self._by_cell

    def lift(self, cell: Cell) -> TileSprite | None:
        """Take `cell`'s sprite out of the map (it may still be drawn, tweened away or to a new cell)."""
        return self._by_cell.pop(cell, None)

    def put(self, cell: Cell, sprite: TileSprite) -> None:
        """`sprite` stands for `cell` from now on."""
        self._by_cell[cell] = sprite
        sprite.cell = cell

    def set_tiles(self, placed: Mapping[Cell, TileSprite]) -> None:
        """A whole new map (a reshuffle pairs every sprite with a new cell)."""
        self._by_cell = {}
        for cell, sprite in placed.items():
            self.put(cell, sprite)

    def layer_sprite(self, unit: Blocker, cell: Cell, lift: bool = False) -> LayerSprite | None:
        """The sprite of `unit` on `cell` (None: none); `lift` takes it out of the map
        (its last layer broke there: its sprite plays its breaking out, then is removed)."""
        sprites = self.layer_sprites.get(unit, {})
        return sprites.pop(cell, None) if lift else sprites.get(cell)

    def record_hit(self, unit: Blocker, cell: Cell, left: int) -> None:
        """A hit's event said `unit` has `left` layers on `cell`: the layers on show say so too
        (a batch played with its states stands on each already; a hand-made one has only this)."""
        self.layers = self.layers.hit(unit, cell, left)

    def sprites_of(self, unit: Blocker) -> dict[Cell, LayerSprite]:
        """The sprites of `unit` on show, by cell."""
        return dict(self.layer_sprites.get(unit, {}))

    def stand_on(self, state: State) -> None:
        """The board stands on a step's state: its cells (a freed blocker's is empty from now on)
        and its blocker layers, as the core folded them."""
        self.grid = state.grid
        self.layers = Blockers(state.layers.counts, self.layers.units)

    @property
    def mismatches(self) -> list[Cell]:
        """The cells the last batch's tweens had left off its state (then repaired; a test wants none)."""
        return self.choreographer.mismatches

    @property
    def batches(self) -> int:
        """Batches played to their end."""
        return self.choreographer.batches

    # -- events into tweens ----------------------------------------------------------------
    def play(self, events: Sequence[Event], after: State | Grid, on_event: Callable[[Event], None] | None = None,
             *, before: State | None = None, specials: Specials = (), blockers: Blockers | None = None) -> None:
        """Queue the batch's animation (board_choreography); afterwards the board shows `after`
        (a State, or a bare grid with `specials` and `blockers`). `mismatches` then lists any
        cell the tweens had left off the state (a test asserts there are none)."""
        self.choreographer.play(events, after, on_event, before, specials, blockers)

    # -- frame ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.animator.update(dt)

    def marks(self) -> list[Mark]:
        """What the board shows and where, in drawing order (game.ui.damage: a still frame
        repaints only the marks that changed)."""
        rect = self.layout.rect
        out: list[Mark] = [(("cells", id(self.cells), len(self.cells)), box(rect.left, rect.bottom, rect.right, rect.top))]
        for tag, lst in (("floor", self.floor), ("under", self.under), ("tiles", self.tiles), ("tokens", self.tokens),
                         ("blocks", self.blocks), ("chains", self.chains), ("effects", self.effects.sprites),
                         ("overlay", self.overlay)):
            out.extend(sprite_marks(tag, lst))
        for popup in (*self.effects.popups, self.effects.counter, self.effects.banner):
            if popup.alpha > 0:
                out.extend(m for m in (text_mark("popup", popup.shadow), text_mark("popup", popup.text)) if m)
        fx = self.effects
        out.extend(m for m in (text_mark("counter", fx.counter.shadow), text_mark("counter", fx.counter.text),
                               text_mark("banner", fx.banner.shadow), text_mark("banner", fx.banner.text)) if m)
        label = text_mark("path-label", self._path_label)
        if label is not None:
            out.append(label)
        # A shake draws all of it off its place (effects.shaken): round everything, moved as far.
        dx, dy = fx.jolt.offset()
        reach = (int(math.ceil(abs(dx))) + PAD, int(math.ceil(abs(dy))) + PAD)
        every = out[0][1]
        for _, b in out:
            every = union(every, b)
        out.append((("jolt", dx, dy), (every[0] - reach[0], every[1] - reach[1], every[2] + reach[0], every[3] + reach[1])))
        return out

    def draw(self) -> None:
        with self.effects.shaken():   # a blast shakes the whole board a few pixels (board_effects)
            self._draw_board()

    def draw_cells(self) -> None:
        """The cell quads: opaque, so drawn without blending (software GL reads no pixel back)."""
        with frames.opaque():
            self.cells.draw()

    def draw_floor(self) -> None:
        """The floor blockers: each sprite an opaque square on its cell's colour (textures.on_cell), so
        drawn without blending while none fades (a cleared one goes see-through as it leaves)."""
        if all(s.alpha == 255 for s in self.floor):
            with frames.opaque():
                self.floor.draw()
        else:
            self.floor.draw()

    def _draw_still(self) -> None:
        self.draw_cells()
        self.draw_floor()

    def _draw_board(self) -> None:
        # A copy pays where floor blockers cover much of the board (its textures cost twice a cell quad;
        # a copy costs about what the quads do: bench/render.py --parts). Shaken, the board is
        # off its place, where no copy is kept.
        if 2 * len(self.floor) < self.rows * self.cols or self.effects.jolt.offset() != (0.0, 0.0):
            self._draw_still()
        else:
            r = self.layout.rect
            key = (self._quads_made, tuple(k for k, _ in sprite_marks("floor", self.floor)))
            self.still.draw(key, (r.left, r.bottom, r.right, r.top), self._draw_still)
        self.under.draw()
        rect = self.layout.rect
        # Clip tiles to the board: spawned tiles come in from above without crossing the HUD
        # (inside the rectangle a still frame repaints, when it repaints only a part).
        with clipped_to(arcade.get_window().ctx, box(rect.left, rect.bottom, rect.right, rect.top, pad=0)) as shown:
            if shown:
                self.tiles.draw()
                self.tokens.draw()
                self.blocks.draw()
                self.chains.draw()
        self.effects.draw()
        self.overlay.draw()
        self.effects.draw_popups()
        if self._path_label.text:
            self._path_label.draw()


__all__ = ["Blockers", "BoardRenderer", "LayerSprite", "POPUP", "Popup", "Shown", "TileSprite", "renderer_name"]
