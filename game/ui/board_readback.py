"""Reading a board back from its sprites: what a player sees on each cell and each blocker layer
(tests compare it with the core's state; the choreographer checks a batch's end against it)."""

from __future__ import annotations

from typing import Protocol

import arcade

from game.core import PLAYER, Blocker, State
from game.ui.board_sprites import SPECIALS, Blockers, Cell, Grid, LayerSprite, Shown, TileSprite
from game.ui.layout import BoardLayout


class _Shows(Protocol):
    """The board parts read back: its layout and its sprite lists."""

    layout: BoardLayout
    tiles: arcade.SpriteList[TileSprite]
    tokens: arcade.SpriteList[TileSprite]
    blocks: arcade.SpriteList[LayerSprite]
    chains: arcade.SpriteList[LayerSprite]
    floor: arcade.SpriteList[LayerSprite]
    layers: Blockers

    def center(self, cell: Cell) -> tuple[float, float]: ...

    def layer_texture(self, unit: Blocker, count: int, cell: Cell = (0, 0)) -> arcade.Texture: ...


class ReadBack:
    """The read-back half of BoardRenderer (a mixin: the board's own sprites, read)."""

    def layer_cells(self: _Shows) -> Shown:
        """What the board shows on each layer, read from the sprites' places and textures.

        A test compares it with `state_layers(state)`: specials on the tiles, and each blocker
        unit's layers by cell. A sprite off its cell's centre raises AssertionError.
        """
        shown: Shown = {SPECIALS: {}}
        shown.update({unit.name: {} for unit, _ in self.layers.drawn()})
        for sprite in self.tiles:
            if sprite.visible and sprite.alpha > 0 and sprite.special is not None:
                cell = self.layout.cell_at(sprite.center_x, sprite.center_y)
                assert cell is not None
                shown[SPECIALS][cell] = sprite.special
        for lst in (self.blocks, self.chains, self.floor):
            for layer in lst:
                if not layer.visible or layer.alpha == 0:
                    continue
                name = layer.unit.name
                cell = self.layout.cell_at(layer.center_x, layer.center_y)
                assert cell is not None, f"a {name} sprite sits off the board"
                cx, cy = self.center(cell)
                assert abs(cx - layer.center_x) < 0.5 and abs(cy - layer.center_y) < 0.5, \
                    f"{name} on {cell} is not centred"
                on = shown.setdefault(name, {})
                assert cell not in on, f"two {name} sprites on {cell}"
                # The texture is what a player reads the count from.
                assert layer.texture is self.layer_texture(layer.unit, layer.count, cell), \
                    f"{name} on {cell} shows another count"
                on[cell] = layer.count
        return shown

    @staticmethod
    def state_layers(state: State, blockers: Blockers | None = None) -> Shown:
        """The layers `state` holds (or `blockers`, when given), in the shape of `layer_cells`."""
        shown: Shown = {SPECIALS: dict(state.specials)}
        shown.update({unit.name: dict(layer) for unit, layer in (blockers or Blockers.of(state)).drawn()})
        return shown

    def sprite_cells(self: _Shows) -> dict[Cell, int]:
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
