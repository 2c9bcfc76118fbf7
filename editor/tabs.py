"""Tabs: several levels at hand, each with its own undo, file and place; a strip in the header."""

from __future__ import annotations

import pathlib
from dataclasses import dataclass
from typing import Any, Callable

import arcade

from game.core import Level, Mode
from game.ui.layout import Rect
from game.ui.screens import style
from game.core import counted

from .autosave import Autosave
from . import files
from .draft import from_level
from .file_flow import PROPOSED, FileFlow, FileState
from .host import Host, Part
from .look import BAD, DIM, HEADER_H, PANEL, SELECTED, TEXT, clip, clip_path
from .model import EditModel, blank
from .widgets import Dialog

TAB_H = 30
TAB_MIN_W, TAB_MAX_W = 80, 220
COUNTER_W = 56   # room for "12/20 *" after the tabs that fit


@dataclass
class Tab:
    """One open level: its model (with its own undo history) and, while another level is
    shown, what the file flow and the view keep of it (file origin; cursor and scroll)."""

    model: EditModel
    file_state: FileState | None = None
    place: Any = None   # None: where a level just opened starts


class Tabs(Part):
    """A part of the editor that owns the open levels. New, Open and Restore put a level in a
    tab of its own (an untouched blank level is replaced instead); Ctrl+Tab / Ctrl+Shift+Tab
    and Ctrl+PgDn / Ctrl+PgUp switch, a click on a tab too; Ctrl+W closes one, asking first
    when it has unsaved changes; quitting asks for each unsaved level in turn.

    It shows a level through `show` (the view's own model switch, which every part hears as
    model_replaced), then gives back the file flow's state and the view's place (`place` /
    `put`: the cursor and the properties' scroll). `room` is how wide the strip may be, `title`
    the shown level's title (its name, file and '*')."""

    def __init__(self, host: Host, file_flow: FileFlow, autosave: Autosave,
                 show: Callable[[EditModel], None], place: Callable[[], Any],
                 put: Callable[[Any], None], room: Callable[[], float], title: Callable[[], str]) -> None:
        super().__init__(host)
        self._file_flow = file_flow
        self._autosave = autosave
        self._show = show
        self._place = place
        self._put = put
        self._room = room
        self._title = title   # the shown level as the header's title names it: "Name (file) *"
        self.tabs = [Tab(host.model)]
        self.index = 0
        self._stand_in: EditModel | None = None   # a level shown until another is picked (until_another)
        self._widths: dict[str, float] = {}   # the strip's texts, measured
        self._rects: list[tuple[int, tuple[float, float, float, float]]] = []   # drawn tabs (l, r, b, t)

    def __len__(self) -> int:
        return len(self.tabs)

    # -- opening, switching, closing ------------------------------------------------------------
    def opened(self, model: EditModel) -> None:
        """Another level came (New, Open, Restore): in a tab of its own, shown now. A level of a
        file another tab holds unedited (work restored over the file `gridfall edit` opened)
        takes that tab: one file is never in two tabs."""
        twin = next((i for i in self._holding(model.path) if self._unedited(self.tabs[i].model)), None) \
            if model.path is not None else None
        if twin is not None and twin != self.index:
            self._keep_current()
            self.index = twin
            state = self.tabs[twin].file_state
            if state is not None:
                self._file_flow.restore(state)
        if twin is not None or self._untouched():
            self._autosave.drop(self.tabs[self.index].model)
            self.tabs[self.index] = Tab(model)
            self._stand_in = None
        else:
            self._keep_current()
            self.tabs.append(Tab(model))
            self.index = len(self.tabs) - 1
        self._show(model)
        self._put(None)   # a level just opened starts at the top, its cursor in the corner

    def _untouched(self) -> bool:
        """The shown level is a blank one never edited (the editor's first), or a stand-in never
        edited: nothing to keep."""
        m = self.tabs[self.index].model
        return self._unedited(m) and (m is self._stand_in or (m.path is None and not self._file_flow.origin))

    @staticmethod
    def _unedited(m: EditModel) -> bool:
        """Nothing to keep of it beyond its file: no unsaved change, no undo or redo."""
        return not m.dirty and not m.history.past and not m.history.future

    def until_another(self) -> None:
        """`gridfall edit PACK`: its first level shows while the picker asks; the one picked
        takes its tab (unless it was edited meanwhile)."""
        self._stand_in = self.host.model

    def _keep_current(self) -> None:
        tab = self.tabs[self.index]
        tab.file_state = self._file_flow.keep()
        tab.place = self._place()

    def switch(self, index: int) -> None:
        """Show the level of tab `index` as it was left: its undo, file, cursor and scroll."""
        if not 0 <= index < len(self.tabs) or index == self.index:
            return
        self.host.commit_typing()
        self._keep_current()
        self.index = index
        self._bring_back()

    def _bring_back(self) -> None:
        tab = self.tabs[self.index]
        self._show(tab.model)
        if tab.file_state is not None:
            self._file_flow.restore(tab.file_state)
        self._put(tab.place)
        self.host.refresh()

    def _holding(self, path: pathlib.Path) -> list[int]:
        """The tabs holding the level of file `path` (read from it or saved to it)."""
        found = []
        for i, tab in enumerate(self.tabs):
            source = self._file_flow.source if i == self.index else (
                tab.file_state[2] if tab.file_state is not None else None)
            if any(p is not None and _same(p, path) for p in (tab.model.path, source)):
                found.append(i)
        return found

    def show_file(self, path: pathlib.Path) -> bool:
        """Show the tab holding the level of file `path` (the shown one first); False when none does."""
        found = sorted(self._holding(path), key=lambda i: i != self.index)
        if found:
            self.switch(found[0])
        return bool(found)

    def link_proposal(self, level: Level, path: pathlib.Path) -> None:
        """A proposal was added to its pack as file `path`: the tab showing it holds that file's
        level now (its title names the file and Save writes there; edits made to it meanwhile
        show as unsaved), so no second copy of the level is left to save elsewhere."""
        for i, tab in enumerate(self.tabs):
            shown = i == self.index
            origin = self._file_flow.origin if shown else (tab.file_state[1] if tab.file_state else "")
            if origin != PROPOSED or tab.model.path is not None or tab.model.draft.id != level.id:
                continue
            tab.model.path = path
            tab.model.saved = from_level(level)
            tab.model.disk = files.version_of(path)
            if shown:
                self._file_flow.origin, self._file_flow.source = "", path
            else:
                tab.file_state = (tab.file_state[0] if tab.file_state else None, "", path)
            self.host.refresh()
            return

    def others_of(self, path: pathlib.Path) -> list[EditModel]:
        return [self.tabs[i].model for i in self._holding(path) if i != self.index]

    def let_go(self, path: pathlib.Path) -> None:
        """Close the other tabs of file `path`: it is being replaced by the shown level (Save As)."""
        for i in sorted((i for i in self._holding(path) if i != self.index), reverse=True):
            self._autosave.drop(self.tabs.pop(i).model)
            if i < self.index:
                self.index -= 1

    def close(self) -> None:
        """Ctrl+W: close the shown level, asking first when it has unsaved changes."""
        self._file_flow.guard(self._drop_current, "close it")

    def _drop_current(self) -> None:
        tab = self.tabs.pop(self.index)
        self._autosave.drop(tab.model)
        if not self.tabs:
            self.tabs.append(Tab(EditModel(blank(Mode.MATCH3, 8, 8))))   # the editor always holds one
        self.index = min(self.index, len(self.tabs) - 1)
        self._bring_back()

    def any_dirty(self) -> bool:
        self.host.commit_typing()
        return any(tab.model.dirty for tab in self.tabs)

    def leave_all(self, then: Callable[[], None], doing: str) -> None:
        """Esc, Back, or the window's close: run `then` once nothing would be lost, asking
        first when something would (the one rule for every way out, as Tiled and LDtk ask for
        unsaved work): each unsaved level in turn; or, all saved, the set of levels open in
        tabs, which the editor does not reopen. One level open and saved: no question."""
        if self.any_dirty():
            self.guard_all(then, doing)
            return
        proposals = self.unsaved_proposals()
        if len(self.tabs) < 2 and not proposals:
            then()
            return

        def go() -> None:
            self.host.close_dialog()
            then()

        title = doing[0].upper() + doing[1:]
        n = len(self.tabs)
        if proposals:   # generated levels never saved: the closing loses them ("all saved" was untrue)
            said = [f"{counted(n, 'level')} {'is' if n == 1 else 'are'} open in tabs; {proposals} of them "
                    f"{'is a proposal' if proposals == 1 else 'are proposals'} saved nowhere, lost when",
                    "this closes them (add one to the pack from the overview, or Save As, to keep it)."]
        else:
            said = [f"{n} levels are open in tabs, all saved: this closes them (Open brings each back)."]
        self.host.open_dialog(Dialog(self.host.window, f"{title}?", [
            *([("label", line, 740)] for line in said),
            [("button", title, 200, go), ("button", "Stay", 120, self.host.close_dialog)],
        ], width=780, default="Stay"))

    def unsaved_proposals(self) -> int:
        """How many tabs hold a proposal (the pack overview's generated levels) saved nowhere."""
        def origin(i: int, tab: Tab) -> str:
            return self._file_flow.origin if i == self.index else (tab.file_state[1] if tab.file_state else "")

        return sum(1 for i, tab in enumerate(self.tabs) if tab.model.path is None and origin(i, tab) == PROPOSED)

    def guard_all(self, then: Callable[[], None], doing: str,
                  passed: frozenset[int] = frozenset()) -> None:
        """Run `then` once every level's unsaved changes were saved or discarded: each one is
        shown and asked about in turn (Cancel stops it all)."""
        self.host.commit_typing()
        left = [i for i, tab in enumerate(self.tabs) if tab.model.dirty and id(tab.model) not in passed]
        if not left:
            then()
            return
        self.switch(left[0])
        model = self.host.model

        def next_one() -> None:
            # A discarded level is still unsaved: passed, so it is not asked about again.
            self.guard_all(then, doing, passed | {id(model)})

        more = len(left) - 1
        self._file_flow.guard(next_one, doing + (f" ({more} more unsaved level{'s' * (more > 1)} after this)"
                                                if more else ""))

    # -- the part's hooks -------------------------------------------------------------------------
    def key(self, symbol: int, modifiers: int) -> bool:
        key = arcade.key
        if not modifiers & (key.MOD_CTRL | key.MOD_COMMAND):
            return False
        back = bool(modifiers & key.MOD_SHIFT)
        if symbol in (key.TAB, key.PAGEUP, key.PAGEDOWN):
            step = -1 if (symbol == key.TAB and back) or symbol == key.PAGEUP else 1
            if len(self.tabs) == 1:
                self.host.say("one level is open: Open or New puts another beside it")
            else:
                self.switch((self.index + step) % len(self.tabs))
            return True
        if symbol == key.W:
            self.close()
            return True
        return False

    def press(self, x: float, y: float, button: int = arcade.MOUSE_BUTTON_LEFT) -> bool:
        """A click on a tab of the strip shows its level (a middle click closes it, as browsers
        do, asking first when it is unsaved); True when it was on one."""
        for i, (left, right, bottom, top) in self._rects:
            if left <= x < right and bottom <= y < top:
                self.switch(i)
                if button == arcade.MOUSE_BUTTON_MIDDLE and self.index == i:
                    self.close()
                return True
        return False

    def _width_of(self, text: str) -> float:
        """How wide `text` is drawn in the strip (measured once per text: names change rarely)."""
        if text not in self._widths:
            if len(self._widths) > 256:
                self._widths.clear()
            self._widths[text] = arcade.Text(text, 0, 0, font_size=11, font_name=style.BODY_FONT).content_width
        return self._widths[text]

    def labels(self) -> list[str]:
        """What each tab says: the shown one its title (name, file, '*'); another its level's
        name and '*', with its folder and file when another tab's level has the same name (two
        'Pillars' tabs could be told apart only by their tooltips)."""
        names = [t.model.draft.name or t.model.draft.id for t in self.tabs]
        out = []
        for i, tab in enumerate(self.tabs):
            if i == self.index:
                out.append(self._title())
                continue
            label = names[i]
            if names.count(label) > 1:
                path = tab.model.path
                label += f" ({path.parent.name}/{path.name})" if path is not None else " (not saved)"
            out.append(label + (" *" if tab.model.dirty else ""))
        return out

    def tips(self) -> list[tuple[Rect, str]]:
        """Each drawn tab's tooltip: the level's file in full (or where it came from)."""
        out = []
        for i, (left, right, bottom, top) in self._rects:
            tab = self.tabs[i]
            origin = self._file_flow.origin if i == self.index else (tab.file_state[1] if tab.file_state else "")
            where = str(tab.model.path) if tab.model.path is not None else (origin or "not saved yet")
            out.append((Rect(left, bottom, right - left, top - bottom),
                        f"{clip_path(where, 90)}: Ctrl+Tab switches, a middle click closes"))
        return out

    def draw(self) -> None:
        """The strip, in the header where the title is, once two or more levels are open: each
        level's name, '*' when it has unsaved changes; the shown one highlighted and named as
        the title names it (with its file, or where it came from), so the header still says
        which copy is open."""
        self._rects = []
        n = len(self.tabs)
        if n < 2:
            return
        room = max(2 * TAB_MIN_W, self._room() - 8)
        labels = self.labels()
        wanted = [max(TAB_MIN_W, min(TAB_MAX_W * (2 if i == self.index else 1), self._width_of(text) + 24))
                  for i, text in enumerate(labels)]
        if sum(wanted) <= room:
            widths = wanted   # each tab as wide as its name
        else:
            shown_w = max(TAB_MIN_W, min(wanted[self.index], room * 0.55))
            width = max(TAB_MIN_W, min(TAB_MAX_W, (room - shown_w) / (n - 1)))
            widths = [shown_w if i == self.index else width for i in range(n)]
        rest = room - widths[self.index]
        others = n - 1 if sum(widths) <= room else max(0, int((rest - COUNTER_W) // widths[self.index - 1]))
        # The tabs drawn: a run around the shown one, in their order.
        first = max(0, min(self.index - others // 2, n - 1 - others))
        drawn = range(first, first + others + 1)
        top = self.host.window.height - (HEADER_H - TAB_H) / 2
        x = 8.0
        for i in drawn:
            model = self.tabs[i].model
            shown = i == self.index
            w = widths[i]
            arcade.draw_lrbt_rectangle_filled(x, x + w - 4, top - TAB_H, top, SELECTED if shown else PANEL)
            arcade.draw_lrbt_rectangle_outline(x, x + w - 4, top - TAB_H, top, DIM, 1)   # seen on the header
            mark = " *" if model.dirty else ""   # never clipped away
            label = labels[i]
            if self._width_of(label) + 20 > w:
                chars = int(len(label) * (w - 24) / self._width_of(label))
                label = clip(label.removesuffix(mark), max(3, chars - len(mark))) + mark
            self.host.texts.show(f"tab{i}", label, x + 8, top - TAB_H / 2,
                                 BAD if model.dirty and not shown else TEXT, 11, anchor_y="center")
            self._rects.append((i, (x, x + w - 4, top - TAB_H, top)))
            x += w
        if len(drawn) < n:
            # Some tabs do not fit: which one of how many this is, '*' when one out of sight is unsaved.
            unseen = any(t.model.dirty for i, t in enumerate(self.tabs) if i not in drawn)
            self.host.texts.show("tabmore", f"{self.index + 1}/{n}{' *' if unseen else ''}",
                                 x + 2, top - TAB_H / 2, BAD if unseen else TEXT, 10, anchor_y="center")


def _same(a: pathlib.Path, b: pathlib.Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b
