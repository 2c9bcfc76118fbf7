"""The real board: the seeded deal shown on the random cells and the next tiles to fall, as the
core deals them, with "another deal" and "keep this deal" (the level's seed)."""

from __future__ import annotations

from typing import Any

import arcade

from game.core import EMPTY, Level, LevelError, Mode, State, new_game, next_deal, next_spawns
from game.ui import textures
from game.ui.layout import Rect

from .look import DIM, PANEL, SELECTED, TEXT
from .canvas import Canvas, edge_buttons_of
from .host import Host, Part
from .texts import Texts

DEALT_ALPHA = 190       # a dealt tile shows a little faded: the "?" under it says it is random
SPAWNS = 8              # the next tiles to fall shown above the board
ICON = 18
ROW = 20                # a row of the strip above the board
ROW_STEP = 24           # from one row to the next when the strip wraps (a narrow window)
GAP = 6
# The strip's pieces in reading order with their widths: the seed's label is given room for a
# five-digit seed "(looking)"; "next to fall" for its words and at least one tile.
PIECES = (("show", 56.0), ("seed", 130.0), ("another", 92.0), ("keep", 100.0), ("next", 74.0 + ICON + 3))


def strip_places(area: Rect) -> dict[str, Rect]:
    """Where the strip's pieces go above a canvas area: left to right from over the row numbers
    to the properties panel, wrapping onto another row when a row is full. The rows stack up
    from the top edge's +/- buttons' row (the view keeps the canvas that much lower:
    `strip_rows`), and nothing goes on those buttons. "next" reaches as far as its tiles may."""
    top = edge_buttons_of(area)
    zone = (top[("top", 1)].left - GAP, top[("top", -1)].right + GAP)
    left, right = area.left - 40, area.right + 36
    rows = 1
    for _ in range(len(PIECES)):   # the buttons' row is the last: flow again until the count holds
        at, row, x = [], 0, left
        for name, width in PIECES:
            for _ in range(2):
                if row == rows - 1 and x < zone[1] and x + width > zone[0]:
                    x = zone[1]
                if x + width > right and x > left:
                    row, x = row + 1, left
            at.append((name, row, x, width))
            x += width + GAP
        if row + 1 == rows:
            break
        rows = max(rows, row + 1)
    y = area.top + 20
    places = {name: Rect(x, y + (rows - 1 - r) * ROW_STEP, width, ROW) for name, r, x, width in at}
    nxt, r = places["next"], at[-1][1]
    end = zone[0] if r == rows - 1 and nxt.left < zone[0] else right
    places["next"] = Rect(nxt.left, nxt.bottom, end - nxt.left, ROW)
    return places


def strip_rows(area: Rect) -> int:
    """How many rows the strip takes over a canvas area this wide."""
    places = strip_places(area)
    return len({r.bottom for r in places.values()})


class DealPreview(Part):
    """A part: the deal of the level as it is now from its seed (or a deal being looked at), drawn
    over the canvas's random cells. It asks the core (new_game, next_deal, next_spawns); it only
    changes the level when the designer keeps a deal (one undo step: the seed)."""

    def __init__(self, host: Host, colorblind: bool = False) -> None:
        super().__init__(host)
        self.colorblind = colorblind
        self.showing = True
        self.looking: int | None = None   # a seed being looked at ("another deal"), not yet kept
        self.buttons: dict[str, Rect] = {}
        self.places: dict[str, Rect] = {}   # where the strip's pieces were drawn last (strip_places)
        self.labels = Texts()   # this part's own texts (over the board)
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._model: object = None
        self._key: tuple[Any, ...] | None = None
        self._state: State | None = None
        self._drawn: tuple[Any, ...] | None = None   # what the sprites show (rebuilt on a change)
        self.error = ""

    # -- what is dealt --------------------------------------------------------------------------------
    def level(self) -> Level | None:
        try:
            return self.host.model.level()
        except ValueError:
            return None   # the problems panel says why; the board shows "?" meanwhile

    def seed(self, level: Level) -> int:
        return self.looking if self.looking is not None else level.play_seed

    def dealt(self) -> State | None:
        """The first state of the level as it is now, from the seed shown (None: cannot deal)."""
        model = self.host.model
        if model is not self._model:   # another level opened: its own seed again
            self._model, self.looking = model, None
        level = self.level()
        key = (model.draft, self.looking)
        if key != self._key:
            self._key = key
            self._state, self.error = None, ""
            if level is not None:
                try:
                    self._state = new_game(level, self.seed(level))
                except LevelError as exc:
                    self.error = str(exc)
        return self._state

    def spawns(self) -> tuple[int, ...]:
        state = self.dealt()
        return next_spawns(state, SPAWNS) if state is not None else ()

    # -- acting ----------------------------------------------------------------------------------------
    def another(self) -> None:
        """The next seed that deals (as the game's Retry counts them), shown but not kept."""
        level = self.level()
        if level is None:
            self.host.say("fix the problems first: only a level the game can load is dealt", bad=True)
            return
        seed = next_deal(level, self.seed(level))
        self.looking = None if seed == level.play_seed else seed
        self.host.say(f"deal of seed {seed}: Keep this deal makes it the level's")

    def keep(self) -> None:
        """Make the deal looked at the level's own (its seed): one undo step."""
        if self.looking is None:
            return
        seed, self.looking = self.looking, None
        if self.host.model.set(seed=seed):
            self.host.say(f"seed {seed} kept: every player gets this deal (Ctrl+Z undoes it)")
        self.host.refresh()

    def toggle(self) -> None:
        self.showing = not self.showing

    # -- the part's hooks (host.py) ------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        self.update(self.host.canvas, self.colorblind)   # before the board is drawn this frame

    def draw(self) -> None:
        self.draw_strip(self.host.canvas, self.colorblind)

    def click(self, x: float, y: float, button: int) -> bool:
        return self.press(x, y)

    def model_replaced(self) -> None:
        self.looking = None   # another level: its own seed

    def press(self, x: float, y: float) -> bool:
        for name, rect in self.buttons.items():
            if rect.contains(x, y):
                {"another": self.another, "keep": self.keep, "show": self.toggle}[name]()
                return True
        return False

    # -- drawing ---------------------------------------------------------------------------------------
    def _button(self, name: str, text: str, rect: Rect, enabled: bool = True, on: bool = False) -> None:
        arcade.draw_lrbt_rectangle_filled(rect.left, rect.right, rect.bottom, rect.top,
                                          SELECTED if enabled and (on or name != "show") else PANEL)
        self.labels.show(f"b:{name}", text, *rect.center, TEXT if enabled else DIM, 9, anchor_x="center",
                        anchor_y="center")
        if enabled:
            self.buttons[name] = rect

    def update(self, canvas: Canvas, colorblind: bool = False) -> None:
        """Lay the dealt tiles on the random cells: the canvas draws them over its tokens, under
        the cursor and the brush preview (call before the canvas draws)."""
        draft = self.host.model.draft
        canvas.sync(draft, colorblind)
        state = self.dealt() if self.showing else None
        lay = canvas.layout
        if state is None or lay is None or (lay.rows, lay.cols) != (draft.height, draft.width):
            canvas.dealt = None
            return
        self._lay_tiles(state, canvas, colorblind)
        canvas.dealt = self.sprites

    def draw_strip(self, canvas: Canvas, colorblind: bool = False) -> None:
        """The strip above the board: the seed, Another deal, Keep this deal, the next to fall."""
        self.buttons = {}
        self.labels.begin_frame()
        state = self.dealt() if self.showing else None
        area = canvas.area
        places = self.places = strip_places(area)
        level = self.level()
        self._button("show", "Deal" if self.showing else "Deal off", places["show"], on=self.showing)
        seed = places["seed"]
        if self.showing and level is not None:
            said = f"seed {self.seed(level)}" + (" (looking)" if self.looking is not None else "")
            self.labels.show("seed", said, seed.left + 2, seed.center[1], TEXT if self.looking is None else SELECTED, 9,
                            anchor_y="center")
            self._button("another", "Another deal", places["another"])
            self._button("keep", "Keep this deal", places["keep"], enabled=self.looking is not None)
            spawns = self.spawns()
            nxt = places["next"]
            if spawns and state is not None:
                # As many of the next tiles as fit before the properties panel.
                room = int((nxt.width - 74) / (ICON + 3))
                self._draw_spawns(spawns[:room], nxt.left, nxt.bottom, state.level.mode, colorblind)
        elif self.showing and self.error:
            self.labels.show("seed", "cannot deal: see the problems", seed.left + 2, seed.center[1], DIM, 9,
                            anchor_y="center")
        self.labels.draw()

    def _lay_tiles(self, state: State, canvas: Canvas, colorblind: bool) -> None:
        lay = canvas.layout
        assert lay is not None
        draft = self.host.model.draft
        key = (self._key, lay, colorblind)   # the draft and seed dealt, where, how
        if key == self._drawn:
            return
        self._drawn = key
        self.sprites.clear()
        for r, row in enumerate(draft.cells):
            for c, token in enumerate(row):
                if token != ".":   # painted cells show what is painted; only random ones are dealt
                    continue
                value = state.grid[r][c]
                tex = self._texture(value, state.level.mode, colorblind)
                if tex is None:
                    continue
                x, yc = lay.center((r, c))
                sprite = arcade.Sprite(tex, center_x=x, center_y=yc)
                sprite.width = sprite.height = lay.cell * 0.86
                sprite.alpha = DEALT_ALPHA
                self.sprites.append(sprite)

    @staticmethod
    def _texture(value: int, mode: Mode, colorblind: bool) -> Any | None:
        if value <= EMPTY:
            return None
        if mode == Mode.SLIDE:
            return textures.slide_number(value)
        return textures.kind(value, colorblind) if 1 <= value <= textures.KINDS else None

    def _draw_spawns(self, spawns: tuple[int, ...], left: float, y: float, mode: Mode, colorblind: bool) -> None:
        self.labels.show("next", "next to fall:", left, y + 10, DIM, 9, anchor_y="center")
        x = left + 74
        for i, kind in enumerate(spawns):
            tex = self._texture(kind, mode, colorblind)
            if tex is not None:
                arcade.draw_texture_rect(tex, arcade.XYWH(x + i * (ICON + 3) + ICON / 2, y + 10, ICON, ICON))
