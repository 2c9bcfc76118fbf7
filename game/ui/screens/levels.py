"""The levels of one pack: a grid of tiles with mode, lock, stars (or a level passed with help's mark), best score and a resume mark."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ui.play_keep import PASSED_MARK, PASSED_NOTE

from . import style
from .paste import ENTER_LABEL, ENTER_NAME, is_paste, paste_code
from .widgets import MenuView, Widget

if TYPE_CHECKING:
    from game.ui.navigator import Navigator


TILE_W, TILE_H, GAP = 184, 168, 20
# The playtest labels, easy to hard, as a player reads them: green to red.
DIFFICULTY_COLORS = {"easy": (130, 210, 140, 255), "medium": (235, 200, 110, 255),
                     "hard": (240, 150, 100, 255), "very hard": (235, 100, 110, 255),
                     "unfair": (200, 80, 200, 255)}


class LevelsView(MenuView):
    """Open levels play on Enter or click; a locked one says which level opens it."""

    def __init__(self, app: "Navigator", pack_id: str, focus_level: str | None = None) -> None:
        super().__init__(app.window)
        self.app = app
        self.pack_id = pack_id
        self.focus_level = focus_level
        self.pack: Any = None

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        self.pack = self.app.pack(self.pack_id)
        pack = self.pack
        ids = [lv.id for lv in pack.levels]
        progress = self.app.progress
        done = progress.completed_count(pack.id, ids)
        stars = progress.star_count(pack.id, ids)
        self.header(pack.name, f"by {pack.author or 'unknown author'}  ·  {done} / {len(ids)} done  ·  "
                               f"{stars} / {3 * len(ids)} stars", back=self.app.show_packs)
        # A level from a share code opens from here too: the code field, or Ctrl+V at once; at the
        # header's right.
        pack_id = self.pack_id
        self.button(ENTER_LABEL, w - 32 - 180, h - self.header_height / 2 - 22, 180, 44,
                    lambda: self.app.show_code_entry(lambda: self.app.show_levels(pack_id)), name=ENTER_NAME,
                    header=True, font_size=13)
        cols = max(2, min(6, int((w - 60 + GAP) // (TILE_W + GAP))))
        grid_w = cols * TILE_W + (cols - 1) * GAP
        left0 = w / 2 - grid_w / 2
        top = h - self.header_height - 32
        if not pack.levels:
            self.text("This pack has no levels.", w / 2, top - 40, style.TEXT_MUTED, 18, anchor_x="center")
        for i, level in enumerate(pack.levels):
            r, c = divmod(i, cols)
            self._tile(i, level, ids, left0 + c * (TILE_W + GAP), top - TILE_H - r * (TILE_H + GAP))
        rows = (len(pack.levels) + cols - 1) // cols
        self.content_height = 32 + rows * (TILE_H + GAP) + 20

    def _tile(self, index: int, level: Any, ids: list[str], left: float, bottom: float) -> None:
        progress = self.app.progress
        lp = progress.get(self.pack_id, level.id)
        open_ = progress.unlocked(self.pack_id, ids, level.id)
        colors = (style.PANEL, style.PANEL_HOVER) if open_ else (style.PANEL_LOCKED, style.PANEL_LOCKED)
        wd = self.panel(left, bottom, TILE_W, TILE_H, 16, name=f"level:{level.id}", scrolls=True,
                        enabled=open_, colors=colors,
                        action=lambda: self.app.play_level(self.pack_id, level.id))
        top = bottom + TILE_H
        dim = style.TEXT if open_ else style.TEXT_DIM
        # The body face, bold: the display face draws a 7 like another glyph.
        self.text(str(index + 1), left + 16, top - 36, dim, 22, bold=True, scrolls=True)
        # Mode badge, coloured per mode (locked levels show it too: the player may plan ahead).
        label = style.MODE_LABELS.get(level.mode, level.mode.upper())
        badge_w = 92
        color = style.MODE_COLORS.get(level.mode, style.PRIMARY)
        if not open_:
            color = color[:3] + (110,)
        self.sprite(style.rounded_rect(badge_w, 26, 13), left + TILE_W - 14 - badge_w / 2, top - 26, color,
                    scrolls=True)
        self.text(label, left + TILE_W - 14 - badge_w / 2, top - 26, (255, 255, 255, 255), 10, bold=True,
                  scrolls=True, anchor_x="center", anchor_y="center")
        figures = self.app.difficulty(self.pack_id, level.id)
        if figures is not None:
            # How hard the pack's playtest found it (gridfall playtest --write), under the badge.
            self.text(figures.label, left + TILE_W - 14 - badge_w / 2, top - 48,
                      DIFFICULTY_COLORS.get(figures.label, style.TEXT_MUTED) if open_ else style.TEXT_DIM,
                      10, scrolls=True, anchor_x="center", anchor_y="center")
        wd.texts.append(self.text(level.name, left + TILE_W / 2, top - 70, dim, 14, scrolls=True,
                                  anchor_x="center", anchor_y="center", max_width=TILE_W - 24, bold=True))
        helped = open_ and lp.completed and lp.helped   # passed only with keep going's moves
        if helped:
            # Its mark where the stars would be, as a level passed without stars shows: it is
            # passed (the next one is open), and a win without help still earns its stars.
            self.sprite(style.rounded_rect(104, 30, 15), left + TILE_W / 2, top - 106, style.OPTION, scrolls=True)
            self.text(PASSED_MARK, left + TILE_W / 2, top - 106, style.GOLD, 13, bold=True, scrolls=True,
                      anchor_x="center", anchor_y="center")
        elif open_:
            for s in range(3):
                earned = s < lp.stars
                self.sprite(style.star(30), left + TILE_W / 2 + (s - 1) * 36, top - 106,
                            style.GOLD if earned else style.STAR_EMPTY, scrolls=True)
        if open_:
            if lp.game is not None:
                note, ncol = "In progress: resume", style.GOLD
            elif helped:
                note, ncol = PASSED_NOTE, style.TEXT_MUTED
            elif lp.completed:
                note, ncol = f"Best {lp.best_score:,}", style.TEXT_MUTED
            else:
                note, ncol = "New", style.BAR_FILL
        else:
            self.sprite(style.padlock(34), left + TILE_W / 2, top - 106, style.TEXT_DIM, scrolls=True)
            note, ncol = "Locked", style.TEXT_DIM
        note_x, note_w = left + TILE_W / 2, TILE_W - 20
        if open_ and lp.game is None and self.app.best_win(self.pack_id, level.id) is not None:
            # The best win kept on this machine, in the replay theatre: a small button of its own.
            self.button("Watch", left + TILE_W - 12 - 66, bottom + 9, 66, 26,
                        lambda: self.app.watch_best(self.pack_id, level.id), name=f"watch:{level.id}",
                        scrolls=True, font_size=11,
                        colors=(style.OPTION, style.OPTION_HOVER))   # darker than the card: a button on it
            note_x, note_w = left + (TILE_W - 78) / 2 + 4, TILE_W - 92
        self.text(note, note_x, bottom + 22, ncol, 12, scrolls=True, anchor_x="center",
                  anchor_y="center", max_width=note_w)

    def initial_focus(self) -> Widget | None:
        """The level we came back from, else the first open level not done yet, else (every
        level done) the first level: not the header's code button, where a finished pack put it."""
        if self.focus_level is not None:
            for wd in self.widgets:
                if wd.name == f"level:{self.focus_level}":
                    return wd
        ids = [lv.id for lv in self.pack.levels]
        for lid in ids:
            if not self.app.progress.get(self.pack_id, lid).completed:
                return next((wd for wd in self.widgets if wd.name == f"level:{lid}"), None)
        first = next((wd for wd in self.widgets if wd.name.startswith("level:") and wd.enabled), None)
        return first or super().initial_focus()

    def refused(self, widget: Widget) -> None:
        self.say_locked()

    def say_locked(self) -> None:
        """Say which level opens the locked ones: the first not finished yet."""
        ids = [lv.id for lv in self.pack.levels]
        first_open = next((lv for lv in self.pack.levels
                           if not self.app.progress.get(self.pack_id, lv.id).completed), None)
        if first_open is not None and first_open.id in ids:
            self.show_toast(f"Locked: finish level {ids.index(first_open.id) + 1}, “{first_open.name}”, to open it")
        else:
            self.show_toast("Locked")

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if is_paste(symbol, modifiers):
            paste_code(self.app)
            return True
        return super().on_key_press(symbol, modifiers)

    def on_back(self) -> None:
        self.app.show_packs()
