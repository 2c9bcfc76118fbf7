"""The packs screen: every built-in, installed and own pack as a card with the player's progress."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.io import PackOrigin

from game.core import counted

from . import style
from .widgets import MenuView, fit_lines

if TYPE_CHECKING:
    from game.ui.navigator import Navigator


CARD_HEIGHT = 140
DESCRIPTION_LINES = 2
# How a card says where its pack comes from (built-in and installed say themselves).
ORIGIN_WORDS = {PackOrigin.YOURS: "yours, from the editor", PackOrigin.FILE: "opened from a file",
                PackOrigin.CODE: "opened from a share code"}
CARD_GAP = 18


class PacksView(MenuView):
    """A scrolling list of pack cards; choosing one opens its levels."""

    def __init__(self, app: "Navigator") -> None:
        super().__init__(app.window)
        self.app = app

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        packs, error = self.app.packs()
        total = sum(len(p.levels) for p in packs)
        self.header("Choose a pack", f"{counted(len(packs), 'pack')}  ·  {counted(total, 'level')}",
                    back=self.app.show_title)
        top = h - self.header_height - 28
        if error:
            self.text(error, w / 2, top - 20, style.DANGER_HOVER, style.BODY_SIZE, anchor_x="center",
                      anchor_y="top", multiline=True, width=int(w - 160), align="center")
            top -= 80
        if not packs:
            self.text("No packs found.", w / 2, top - 60, style.TEXT, 22, bold=True, anchor_x="center")
            self.text(f"Install packs by copying them into {self.app.installed_dir()}", w / 2, top - 100,
                      style.TEXT_MUTED, style.BODY_SIZE, anchor_x="center")
            return
        cw = min(960, (w - 80) // 16 * 16)  # few widths: each needs its own card texture
        left = w / 2 - cw / 2
        y = top
        for pack in packs:
            y -= CARD_HEIGHT
            self._card(pack, left, y, cw)
            y -= CARD_GAP
        self.content_height = (h - self.header_height) - y + 10

    def _card(self, pack: Any, left: float, bottom: float, width: float) -> None:
        pack_id = pack.id
        level_ids = [lv.id for lv in pack.levels]
        progress = self.app.progress
        done = progress.completed_count(pack_id, level_ids)
        stars = progress.star_count(pack_id, level_ids)
        need = self.app.stars_to_open(pack_id)
        colors = (style.PANEL, style.PANEL_HOVER) if not need else (style.PANEL_LOCKED, style.PANEL_LOCKED)
        wd = self.panel(left, bottom, width, CARD_HEIGHT, 16, name=f"pack:{pack_id}", enabled=not need,
                        colors=colors, action=lambda: self.app.show_levels(pack_id), scrolls=True)
        right_w = 250
        text_w = width - right_w - 90
        top = bottom + CARD_HEIGHT
        wd.texts.append(self.text(pack.name, left + 28, top - 42, style.TEXT, 22, scrolls=True,
                                  max_width=text_w, bold=True))
        origin = self.app.pack_origin(pack)
        count = len(pack.levels)
        kind = ORIGIN_WORDS.get(origin, str(origin))
        anonymous = origin in (PackOrigin.FILE, PackOrigin.CODE) and not pack.author
        by = "" if anonymous else f"by {pack.author or 'unknown author'}  ·  "
        self.text(f"{by}{counted(count, 'level')}  ·  {kind}", left + 28, top - 72,
                  style.TEXT_MUTED, style.SMALL_SIZE + 1, scrolls=True, max_width=text_w)
        if pack.description:
            # Two lines at most, wrapped, in the size it was written for (shrunk to one line it
            # was hard to read, and cut short).
            about = self.text(" ".join(str(pack.description).split()), left + 28, top - 88,
                              style.TEXT_MUTED, style.SMALL_SIZE + 1, scrolls=True, anchor_y="top",
                              multiline=True, width=int(text_w))
            fit_lines(about, DESCRIPTION_LINES)
        # Right side: levels done with a bar, then stars earned; a locked pack says what opens it.
        rx = left + width - right_w - 24
        if need:
            self.sprite(style.padlock(34), rx + 17, top - 52, style.TEXT_DIM, scrolls=True)
            self.text(f"{counted(need, 'more star')}", rx + 44, top - 52, style.GOLD, style.BODY_SIZE,
                      scrolls=True, anchor_y="center", max_width=right_w - 44)
            self.text("to open it", rx + 44, top - 78, style.TEXT_MUTED, style.SMALL_SIZE + 1,
                      scrolls=True, anchor_y="center")
            return
        self.text(f"{done} / {count} done", rx, top - 44, style.TEXT, style.BODY_SIZE, scrolls=True)
        bar_y = top - 66
        self.sprite(style.rounded_rect(right_w, 12, 6), rx + right_w / 2, bar_y, style.BAR_BG, scrolls=True)
        if count and done:
            fw = max(12, int(right_w * done / count))
            self.sprite(style.rounded_rect(fw, 12, 6), rx + fw / 2, bar_y, style.BAR_FILL, scrolls=True)
        self.sprite(style.star(24), rx + 12, top - 100, style.GOLD if stars else style.STAR_EMPTY, scrolls=True)
        self.text(f"{stars} / {3 * count}", rx + 32, top - 100, style.TEXT, style.BODY_SIZE, scrolls=True,
                  anchor_y="center")

    def refused(self, widget: Any) -> None:
        pack_id = widget.name.removeprefix("pack:")
        self.show_toast(f"Locked: {self.app.locked_words(pack_id)}")

    def on_back(self) -> None:
        self.app.show_title()
