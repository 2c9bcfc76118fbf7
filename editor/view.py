"""EditorView: the level editor screen (canvas, tool palette, properties, problems, files, play-test)."""

from __future__ import annotations

import functools
import pathlib
import random
import textwrap
from typing import Any, Callable

import arcade
import pyglet

from game.core import Mode, Problem
from game.io.paths import user_levels_dir
from game.io.settings import Settings
from game.ui import textures
from game.ui.layout import Rect
from game.ui.outcome import Action

from . import files
from .canvas import Canvas, marker
from .model import (
    ERASE_TOOL, FILL, GAP_TOOL, HOLE_TOOL, PEN, PLAYER_TOOL, RANDOM_TOOL, RECT, SHAPES, Cell,
    EditModel, Tool, blank, clamp_size, from_mapping, kind_tool, parse_scalar, tile_tool,
)
from .widgets import Dialog, Field, button, button_style, label

gui = arcade.gui

HEADER_H = 44
PALETTE_W = 180
PROPS_W = 350
PROBLEMS_H = 150
AUTOSAVE_SECONDS = 30.0
PACKS_PER_PAGE = 10
LEVELS_PER_PAGE = 10
BG = (24, 26, 34)
PANEL = (34, 38, 50)
TEXT = (230, 232, 240)
DIM = (140, 146, 160)
BAD = (255, 120, 110)
GOOD = (130, 220, 140)
SELECTED = (40, 110, 180)


class EditorView(arcade.View):
    """The level editor, a view of the game's window."""

    def __init__(self, window: Any, model: EditModel | None = None, *,
                 on_leave: Callable[[], None] | None = None, colorblind: bool | None = None,
                 settings: Settings | None = None) -> None:
        super().__init__(window)
        self.model = model or EditModel(blank(Mode.MATCH3, 8, 8))
        self.on_leave = on_leave
        self.settings = settings
        # The colour-blind palette comes from the player's settings unless asked for outright.
        self.colorblind = colorblind if colorblind is not None else bool(settings and settings.colorblind)
        self.cursor: Cell = (0, 0)
        self.flash: Cell | None = None
        self.hover: Cell | None = None
        self.picking_reach = False
        self.dialog: Dialog | None = None
        self.status = ""
        self.status_bad = False
        self.since_autosave = 0.0
        self.playing: Any = None
        self.mouse_down = False
        self.origin = ""   # where an unsaved draft came from ("read-only: <pack>"), for the title
        self._build(window.width, window.height)
        self._palette: list[tuple[Rect, str, Any]] = []
        self._problem_rows: list[tuple[Rect, Problem]] = []
        # Texts that change (title, problems, status), drawn in one batch; kept referenced.
        self._batch = pyglet.graphics.Batch()
        self._texts: dict[str, Any] = {}
        self._texts_used: set[str] = set()
        # What stays put between edits (see _build_chrome), rebuilt when _chrome_key changes.
        self._chrome: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._chrome_icons: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._chrome_batch = pyglet.graphics.Batch()
        self._chrome_texts: list[Any] = []
        self._chrome_built: tuple[Any, ...] | None = None
        self._pack: files.PackFolder | None = None   # the pack dialog's pack and page
        self._pack_page = 0
        self.refresh()

    # -- building the panels -------------------------------------------------------------------
    def _build(self, w: int, h: int) -> None:
        """Place the canvas and (re)make the widgets for a window of w x h pixels."""
        self.canvas = Canvas(Rect(PALETTE_W + 40, PROBLEMS_H + 40,
                                  w - PALETTE_W - PROPS_W - 80, h - HEADER_H - PROBLEMS_H - 80))
        self.ui = gui.UIManager(self.window)
        self.fields: dict[str, Field] = {}
        self.props_buttons: dict[str, Any] = {}
        self.header_buttons: dict[str, Any] = {}
        self._build_header()
        self._build_props()

    def on_resize(self, width: int, height: int) -> None:
        """A resized or full-screen window gets the same panels, the board fitted anew."""
        field = self.active_field()
        if field is not None:
            field.deactivate()
        self._build(width, height)
        self._batch = pyglet.graphics.Batch()
        self._texts = {}
        self._chrome_built = None
        self.refresh()

    def _build_header(self) -> None:
        y = self.window.height - HEADER_H + 8
        x = self.window.width - 8
        actions: list[tuple[str, Callable[[], Any]]] = [
            ("New", self.ask_new), ("Open", self.ask_open), ("Save", self.save),
            ("Save As", self.ask_save_as), ("Pack", self.ask_pack), ("Play (Tab)", self.playtest),
            ("Undo", self.undo), ("Redo", self.redo), ("Back", self.leave),
        ]
        for text, action in reversed(actions):
            width = 14 + 9 * len(text)
            x -= width + 6
            b = button(text, action, x=x, y=y, width=width, height=28)
            self.header_buttons[text] = b
            self.ui.add(b)

    def _build_props(self) -> None:
        left = self.window.width - PROPS_W + 12
        top = self.window.height - HEADER_H - 12
        row = 31
        lw = 92
        fw = PROPS_W - lw - 30
        y = top - row

        modes = set(Mode)
        self._mode_widgets: list[tuple[Any, frozenset[str]]] = []

        def add(widget: Any) -> None:
            # Each widget remembers which modes use it; the others hide it (see refresh).
            self._mode_widgets.append((widget, frozenset(modes)))
            self.ui.add(widget)

        def add_label(text: str, x: float, y: float, width: float = lw) -> None:
            add(label(text, x=x, y=y, width=width, height=26, color=DIM))

        def add_field(key: str, x: float, y: float, width: float) -> None:
            f = Field(key, self._commit, on_tab=self._tab, x=x, y=y, width=width, height=26)
            self.fields[key] = f
            add(f)

        for key, text in (("id", "id"), ("name", "name"), ("description", "description")):
            add_label(text, left, y)
            add_field(key, left + lw, y, fw)
            y -= row
        add_label("mode", left, y)
        bw = (fw - 8) / 3
        for i, mode in enumerate(Mode):
            b = button(mode, functools.partial(self.set_mode, mode), x=left + lw + i * (bw + 4), y=y,
                       width=bw, height=26)
            self.props_buttons["mode:" + mode] = b
            add(b)
        y -= row
        half = (PROPS_W - 24) / 2
        uses = {"kinds": {Mode.MATCH3, Mode.CHAIN}, "min_match": {Mode.MATCH3}, "min_chain": {Mode.CHAIN}}
        for pair in ((("width", "width"), ("height", "height")), (("moves", "move limit"), ("kinds", "kinds")),
                     (("min_match", "min match"), ("min_chain", "min chain"))):
            for j, (key, text) in enumerate(pair):
                modes = uses.get(key, set(Mode))
                x = left + j * half
                add_label(text, x, y, 84)
                add_field(key, x + 84, y, half - 92)
            y -= row
        modes = set(Mode)
        add_label("seed", left, y)
        add_field("seed", left + lw, y, fw - 100)
        b = button("new seed", self.new_seed, x=left + lw + fw - 94, y=y, width=94, height=26)
        self.props_buttons["new seed"] = b
        add(b)
        y -= row
        modes = {Mode.CHAIN}
        add_label("diagonal", left, y)
        b = button("on", self.toggle_diagonal, x=left + lw, y=y, width=80, height=26)
        self.props_buttons["diagonal"] = b
        add(b)
        y -= row + 6
        modes = {Mode.MATCH3, Mode.CHAIN}
        add(label("Goals", x=left, y=y, width=200, height=26, font_size=13))
        y -= row
        add_label("score", left, y)
        add_field("score", left + lw, y, fw)
        y -= row
        add_label("stars", left, y)
        sw = (fw - 8) / 3
        for i in range(3):
            add_field(f"star{i}", left + lw + i * (sw + 4), y, sw)
        y -= row
        modes = {Mode.CHAIN}
        add_label("reach", left, y)
        b = button("pick cell", self.pick_reach, x=left + lw + 70, y=y, width=96, height=26)
        self.props_buttons["pick cell"] = b
        add(b)
        b = button("clear", self.clear_reach,
                   x=left + lw + 172, y=y, width=70, height=26)
        self.props_buttons["clear reach"] = b
        add(b)
        self._reach_xy = (left + lw + 4, y + 13)
        y -= row
        modes = {Mode.MATCH3, Mode.CHAIN}
        add_label("collect", left, y)
        self._collect_icons: list[tuple[int, float, float]] = []
        cw = (PROPS_W - 24) / 3
        for k in range(1, 10):
            i = k - 1
            x = left + (i % 3) * cw
            yy = y - row * (i // 3) - row
            self._collect_icons.append((k, x + 13, yy + 13))
            add_field(f"collect{k}", x + 30, yy, cw - 38)
        self._props_bottom = y - row * 4

    # -- keeping widgets in step with the model ----------------------------------------------------
    def refresh(self) -> None:
        d = self.model.draft
        values = {
            "id": d.id, "name": d.name, "description": d.description, "width": str(d.width),
            "height": str(d.height), "kinds": _text(d.kinds), "moves": _text(d.moves),
            "min_match": _text(d.min_match), "min_chain": _text(d.min_chain), "seed": _text(d.seed),
            "score": _text(d.score),
        }
        stars = d.stars or (None, None, None)
        for i in range(3):
            values[f"star{i}"] = _text(stars[i])
        collect = dict(d.collect)
        for k in range(1, 10):
            values[f"collect{k}"] = _text(collect.get(k))
        for key, text in values.items():
            self.fields[key].show(text)
        for mode in Mode:
            self.props_buttons["mode:" + mode].style = button_style(11, selected=mode == d.mode)
        self.props_buttons["diagonal"].text = "on" if d.diagonal else "off"
        for widget, used_in in self._mode_widgets:
            widget.visible = d.mode in used_in
        self.props_buttons["pick cell"].style = button_style(11, selected=self.picking_reach)
        self.cursor = (min(self.cursor[0], d.height - 1), min(self.cursor[1], d.width - 1))
        self.window.set_caption(self.title())

    def title(self) -> str:
        where = self.model.path.name if self.model.path else (self.origin or "not saved yet")
        return f"Gridfall editor - {self.model.draft.name} ({where}){' *' if self.model.dirty else ''}"

    def _commit(self, key: str, text: str) -> None:
        """A property field was committed (Enter, Tab, or a click elsewhere): one undo step."""
        m = self.model
        field = self.fields[key]
        field.invalid = False
        if key in ("id", "name", "description"):
            m.set(**{key: text.strip() if key == "id" else text})
        elif key in ("width", "height"):
            try:
                n = int(text.strip())
            except ValueError:
                field.invalid = True
                self.say(f"{key}: type a whole number", bad=True)
                return
            w = n if key == "width" else m.draft.width
            h = n if key == "height" else m.draft.height
            m.set_size(clamp_size(m.draft.mode, w), clamp_size(m.draft.mode, h))
        elif key.startswith("star"):
            m.set_star(int(key[4:]), parse_scalar(text))
        elif key.startswith("collect"):
            m.set_collect(int(key[7:]), parse_scalar(text))
        else:
            m.set(**{key: parse_scalar(text)})
        self.refresh()

    def _tab(self, field: Field, back: bool) -> None:
        keys = [k for k, f in self.fields.items() if f.visible or k == field.key]
        i = keys.index(field.key)
        self.fields[keys[(i + (-1 if back else 1)) % len(keys)]].activate()  # type: ignore[no-untyped-call]  # arcade.gui leaves it unannotated

    def active_field(self) -> Field | None:
        return next((f for f in self.fields.values() if f.active), None)

    def say(self, text: str, bad: bool = False) -> None:
        self.status, self.status_bad = text, bad

    # -- edits -------------------------------------------------------------------------------------
    def select_tool(self, tool: Tool) -> None:
        self.model.select(tool)
        self.picking_reach = False
        self.refresh()

    def select_shape(self, shape: str) -> None:
        self.model.shape = shape

    def set_mode(self, mode: Mode) -> None:
        self.model.set_mode(mode)
        self.refresh()

    def new_seed(self) -> None:
        self.model.set(seed=random.randrange(1, 1 << 31))
        self.refresh()

    def toggle_diagonal(self) -> None:
        self.model.set(diagonal=not self.model.draft.diagonal)
        self.refresh()

    def clear_reach(self) -> None:
        self.model.set(reach=None)
        self.picking_reach = False
        self.refresh()

    def pick_reach(self) -> None:
        self.picking_reach = not self.picking_reach
        self.say("click the cell the player must reach" if self.picking_reach else "")
        self.refresh()

    def undo(self) -> None:
        if self.model.undo():
            self.say("undone")
        self.refresh()

    def redo(self) -> None:
        if self.model.redo():
            self.say("redone")
        self.refresh()

    def slide_number_step(self, delta: int) -> None:
        d = self.model.draft
        n = int(self.model.tool.token) if self.model.tool.name == "tile" else 1
        n = (n - 1 + delta) % max(1, d.width * d.height - 1) + 1
        self.select_tool(tile_tool(n))

    def paint_cursor(self) -> None:
        m = self.model
        if self.picking_reach:
            self._set_reach(self.cursor)
        elif m.shape == PEN:
            m.paint_at(self.cursor)
        elif m.shape == RECT:
            if m.rect_anchor is None:
                m.press(self.cursor)
            else:
                m.release(self.cursor)
        else:
            m.press(self.cursor)
        self._after_paint()

    def _after_paint(self) -> None:
        m = self.model
        if m.tool.name == "tile" and m.draft.mode == Mode.SLIDE:
            # Typing a slide board in order: the next number is ready after each one is placed.
            d = m.draft
            n = int(m.tool.token)
            if d.find(m.tool.token) and n < d.width * d.height - 1 and not m.history.in_stroke:
                m.select(tile_tool(n + 1))
        self.refresh()

    def _set_reach(self, cell: Cell) -> None:
        self.model.set(reach=cell)
        self.picking_reach = False
        self.say(f"reach goal: {cell[0]},{cell[1]}")
        self.refresh()

    # -- files ---------------------------------------------------------------------------------------
    def guard(self, then: Callable[[], None], doing: str) -> None:
        """Run `then`, first asking what to do with unsaved changes."""
        if not self.model.dirty:
            then()
            return

        def save_then() -> None:
            self.close_dialog()
            if self.save():
                then()

        def discard() -> None:
            self.close_dialog()
            files.clear_recovery()
            then()

        self.open_dialog(Dialog(self.window, f"Unsaved changes to '{self.model.draft.name}'", [
            [("label", f"Save them before you {doing}?", 600)],
            [("button", "Save", 120, save_then), ("button", "Discard", 120, discard),
             ("button", "Cancel", 120, self.close_dialog)],
        ]))

    def save(self) -> bool:
        """Ctrl+S: save to the level's file (a new level goes to the user's levels folder)."""
        path = self.model.path
        if path is None or not self._writable(path):
            self.ask_save_as()
            return False
        if path.stem != self.model.draft.id:
            # The loader wants the id to be the file name: a changed id saves under its new name.
            path = path.with_name(f"{self.model.draft.id}.yaml")
        return self.save_to(path)

    def _writable(self, path: pathlib.Path) -> bool:
        from game.io.paths import levels_dir
        try:
            path.resolve().relative_to(levels_dir().resolve())
            return False   # the shipped packs are read-only: Save As a copy
        except ValueError:
            return True

    def save_to(self, path: pathlib.Path) -> bool:
        if path.stem != self.model.draft.id:
            # Save As a new name renames the level too (one undo step): the loader wants
            # a level's id to equal its file name.
            self.model.set(id=path.stem)
        try:
            valid = files.save_draft(self.model.draft, path)
        except (OSError, ValueError) as error:
            self.say(f"could not save: {error}", bad=True)
            return False
        self.model.mark_saved(path)
        self.origin = ""
        files.clear_recovery()
        self.since_autosave = 0.0
        n = len(self.model.problems())
        self.say(f"saved {path.name}" + ("" if valid else f" as a draft ({n} problems to fix)"),
                 bad=not valid)
        self.refresh()
        return True

    def ask_save_as(self) -> None:
        name = self.model.path.name if self.model.path and self._writable(self.model.path) \
            else f"{self.model.draft.id}.yaml"

        def go() -> None:
            text = dialog.value("file").strip()
            if not text:
                return
            if not text.endswith((".yaml", ".yml")):
                text += ".yaml"
            path = pathlib.Path(text) if pathlib.Path(text).is_absolute() else user_levels_dir() / text
            self.close_dialog()
            self.save_to(path)

        dialog = Dialog(self.window, "Save as", [
            [("label", f"in {user_levels_dir()}", 640)],
            [("label", "file name", 100), ("field", "file", name, 400)],
            [("button", "Save", 120, go), ("button", "Cancel", 120, self.close_dialog)],
        ])
        self.open_dialog(dialog)

    def ask_new(self) -> None:
        self.guard(self._new_dialog, "start a new level")

    def _new_dialog(self) -> None:
        choice = {"mode": self.model.draft.mode}

        def pick(mode: Mode) -> None:
            choice["mode"] = mode
            for m in Mode:
                dialog.buttons[m].style = button_style(11, selected=m == mode)

        def create() -> None:
            try:
                w, h = int(dialog.value("width")), int(dialog.value("height"))
            except ValueError:
                self.say("new level: width and height are whole numbers", bad=True)
                return
            self.close_dialog()
            self.replace_model(EditModel(blank(choice["mode"], w, h)))

        dialog = Dialog(self.window, "New level", [
            [("label", "mode", 100)] + [("button", m, 120, lambda m=m: pick(m)) for m in Mode],
            [("label", "width", 100), ("field", "width", "8", 80), ("label", "height", 70),
             ("field", "height", "8", 80)],
            [("button", "Create", 120, create), ("button", "Cancel", 120, self.close_dialog)],
        ])
        pick(choice["mode"])
        self.open_dialog(dialog)

    def replace_model(self, model: EditModel) -> None:
        self.model = model
        self.origin = ""
        self.cursor = (0, 0)
        self.flash = None
        self.picking_reach = False
        self.since_autosave = 0.0
        self.refresh()

    def ask_open(self, page: int = 0) -> None:
        self.guard(lambda: self._open_dialog(page), "open another level")

    def _open_dialog(self, page: int, entries: list[files.Entry] | None = None,
                     title: str = "Open a level") -> None:
        """The paged list of levels to open: every level (Open), or the given ones (a pack's)."""
        if entries is None:
            entries = files.browse()
        per = 12
        pages = max(1, (len(entries) + per - 1) // per)
        page = max(0, min(page, pages - 1))
        rows: list[list[tuple[Any, ...]]] = []
        for e in entries[page * per:(page + 1) * per]:
            rows.append([("label", e.group, 260), ("button", e.label, 300, lambda e=e: self.open_entry(e))])
        if not entries:
            rows.append([("label", "no levels yet: start one with New", 600)])
        nav: list[tuple[Any, ...]] = [("button", "Cancel", 110, self.close_dialog)]
        if page > 0:
            nav.append(("button", "< Prev", 100, lambda: self._reopen(page - 1, entries, title)))
        if page < pages - 1:
            nav.append(("button", "Next >", 100, lambda: self._reopen(page + 1, entries, title)))
        nav.append(("label", f"page {page + 1} of {pages}", 160))
        rows.append(nav)
        self.open_dialog(Dialog(self.window, title, rows, width=640))

    def _reopen(self, page: int, entries: list[files.Entry] | None = None,
                title: str = "Open a level") -> None:
        self.close_dialog()
        self._open_dialog(page, entries, title)

    def pick_from(self, entries: list[files.Entry], title: str) -> None:
        """A level picker for the given levels (`gridfall edit PACK` shows the pack's)."""
        self._open_dialog(0, entries, title)

    def open_entry(self, entry: files.Entry) -> None:
        self.close_dialog()
        try:
            if entry.path is not None:
                draft = files.load_draft(entry.path)
            else:
                assert entry.mapping is not None
                draft = from_mapping(entry.mapping)
        except files.EditorFileError as error:
            self.say(str(error).splitlines()[0], bad=True)
            return
        path = entry.path if entry.writable else None
        self.replace_model(EditModel(draft, path))
        self.origin = "" if path is not None else f"from {entry.group}, read-only"
        if path is None:
            self.model.saved = draft  # an unchanged shipped level is nothing to lose
        self.say(f"opened {entry.label}" + ("" if entry.writable else " (read-only: Save makes a copy)"))
        self.refresh()

    def open_path(self, path: pathlib.Path) -> None:
        draft = files.load_draft(path)
        writable = self._writable(path)
        self.replace_model(EditModel(draft, path if writable else None))
        self.model.saved = draft
        if not writable:
            self.origin = f"from {path.parent.name}, read-only"
        self.refresh()

    # -- packs ---------------------------------------------------------------------------------------
    def ask_pack(self, page: int = 0) -> None:
        packs = files.user_packs()
        page, pages, shown = _page(packs, page, PACKS_PER_PAGE)
        rows: list[list[tuple[Any, ...]]] = []
        for pack in shown:
            rows.append([("label", f"{pack.meta.get('name', pack.folder.name)} "
                          f"({len(pack.levels)} levels)", 360),
                         ("button", f"open {pack.folder.name}", 240, lambda p=pack: self.pack_dialog(p))])
        rows.append([("label", "new pack id", 120), ("field", "new_id", "", 220),
                     ("button", "Create pack", 160, self._create_pack)])
        rows.append([("button", "Close", 110, self.close_dialog)]
                    + _pager(page, pages, lambda n: self._repack(n)))
        self.open_dialog(Dialog(self.window, "Packs (in your data folder)", rows))

    def _repack(self, page: int) -> None:
        self.close_dialog()
        self.ask_pack(page)

    def _create_pack(self) -> None:
        assert self.dialog is not None
        pack_id = self.dialog.value("new_id").strip()
        try:
            pack = files.new_pack(pack_id, pack_id)
        except files.EditorFileError as error:
            self.say(str(error), bad=True)
            return
        self.pack_dialog(pack)

    def pack_dialog(self, pack: files.PackFolder, page: int | None = None) -> None:
        """A pack's details and levels (paged; reordering keeps the page the level is on)."""
        if page is None:
            page = self._pack_page if self._pack is pack else 0
        self.close_dialog()
        m = pack.meta
        rows: list[list[tuple[Any, ...]]] = [
            [("label", "name", 90), ("field", "name", str(m.get("name") or ""), 240),
             ("label", "author", 70), ("field", "author", str(m.get("author") or ""), 200)],
            [("label", "version", 90), ("field", "version", str(m.get("version") or ""), 100),
             ("label", "description", 120), ("field", "description", str(m.get("description") or ""), 210)],
        ]
        page, pages, shown = _page(pack.levels, page, LEVELS_PER_PAGE)
        self._pack_page = page
        for i, name in enumerate(shown, start=page * LEVELS_PER_PAGE):
            rows.append([("label", f"{i + 1}. {name}", 330),
                         ("button", f"up {i + 1}", 70, lambda i=i: self._pack_edit(pack, lambda: pack.move(i, -1))),
                         ("button", f"down {i + 1}", 80, lambda i=i: self._pack_edit(pack, lambda: pack.move(i, 1))),
                         ("button", f"remove {i + 1}", 100, lambda i=i: self._pack_edit(pack, lambda: pack.remove(i)))])
        rows.append([("button", "Add this level", 170, lambda: self._pack_add(pack)),
                     ("button", "Save details", 150, lambda: self._pack_edit(pack, lambda: None)),
                     ("button", "Export", 110, lambda: self._pack_export(pack)),
                     ("button", "Close", 100, self.close_dialog)])
        if pages > 1:
            rows.append(_pager(page, pages, lambda n: self.pack_dialog(pack, n)))
        self.open_dialog(Dialog(self.window, f"Pack '{pack.folder.name}'", rows, width=720))
        self._pack = pack

    def _read_pack_fields(self, pack: files.PackFolder) -> None:
        if self.dialog is None:
            return
        for key in ("name", "author", "version", "description"):
            if key in self.dialog.fields:
                pack.meta[key] = self.dialog.value(key)

    def _pack_edit(self, pack: files.PackFolder, change: Callable[[], None]) -> None:
        self._read_pack_fields(pack)
        change()
        pack.save()
        self.pack_dialog(pack)

    def _pack_add(self, pack: files.PackFolder) -> None:
        problems = self.model.problems()
        self._read_pack_fields(pack)
        path = pack.add(self.model.draft)
        if self.model.path is None:
            self.model.mark_saved(path)
        self.say(f"added {self.model.draft.id} to {pack.folder.name}"
                 + (f" as a draft ({len(problems)} problems: export will refuse it)" if problems else ""),
                 bad=bool(problems))
        self.pack_dialog(pack)
        self.refresh()

    def _pack_export(self, pack: files.PackFolder) -> None:
        self._read_pack_fields(pack)
        pack.save()
        target = files.exports_dir() / f"{pack.folder.name}.pack.yaml"
        try:
            pack.export(target)
        except files.EditorFileError as error:
            self.show_problems("Export refused", [str(p) for p in error.problems])
            return
        self.close_dialog()
        self.say(f"exported {target}")

    # -- dialogs and the play-test -------------------------------------------------------------------
    def open_dialog(self, dialog: Dialog) -> None:
        f = self.active_field()
        if f is not None:
            f.deactivate()
        self.dialog = dialog

    def close_dialog(self) -> None:
        self.dialog = None

    def show_problems(self, title: str, lines: list[str]) -> None:
        shown: list[list[tuple[Any, ...]]] = [[("label", _clip(line, 86), 740)] for line in lines[:12]]
        if len(lines) > 12:
            shown.append([("label", f"... and {len(lines) - 12} more", 740)])
        shown.append([("button", "OK", 100, self.close_dialog)])
        self.open_dialog(Dialog(self.window, title, shown, width=780))

    def playtest(self) -> None:
        """Tab: play the level as it is now in the real play view; Tab there comes back here."""
        m = self.model
        problems = m.problems()
        if problems:
            self.show_problems("Fix these before play-testing", [str(p) for p in problems])
            return
        try:
            from game.ui.play_view import PlayView
        except ImportError as error:
            self.say(f"the play view is not available: {error}", bad=True)
            return
        level = m.level()
        # The game's seed rule, which the editor's checks deal with too.
        self.playing = PlayView(level, seed=level.play_seed, settings=self.settings, playtest=True,
                                on_leave=self._back_from_play)
        self.window.show_view(self.playing)

    def _back_from_play(self, outcome: Any = None) -> None:
        if outcome is not None and outcome.action == Action.RETRY and self.playing is not None:
            # Retry on the result screen plays the level again; only 'editor' comes back here.
            self.playing.restart()
            return
        self.playing = None
        self.window.show_view(self)
        if outcome is not None:
            self.say(f"play-test: {outcome.status}, score {outcome.score}")

    def leave(self) -> None:
        def go() -> None:
            files.clear_recovery()
            if self.on_leave is not None:
                self.on_leave()
            else:
                self.window.close()
        self.guard(go, "leave the editor")

    def offer_recovery(self, rec: files.Recovery) -> None:
        def restore() -> None:
            self.close_dialog()
            model = EditModel(rec.draft, rec.source)
            model.saved = None   # restored work is unsaved until the designer saves it
            self.replace_model(model)
            self.say("restored your unsaved work")

        def discard() -> None:
            files.clear_recovery()
            self.close_dialog()

        self.open_dialog(Dialog(self.window, "Restore unsaved work?", [
            [("label", f"The editor closed with unsaved changes to '{rec.draft.name}'.", 640)],
            [("button", "Restore", 120, restore), ("button", "Discard", 120, discard)],
        ]))

    # -- arcade events ----------------------------------------------------------------------------
    def on_show_view(self) -> None:
        self.window.set_caption(self.title())

    def on_update(self, dt: float) -> None:
        self.ui.on_update(dt)  # type: ignore[no-untyped-call]  # UIManager's own
        if self.dialog is not None:
            self.dialog.ui.on_update(dt)  # type: ignore[no-untyped-call]  # UIManager's own
        # Autosave counts game time (on_update), never the wall clock.
        if self.model.dirty:
            self.since_autosave += dt
            if self.since_autosave >= AUTOSAVE_SECONDS:
                self.since_autosave = 0.0
                try:
                    files.write_recovery(self.model.draft, self.model.path)
                except OSError as error:
                    self.say(f"autosave failed: {error}", bad=True)
        else:
            self.since_autosave = 0.0

    def on_close(self) -> bool | None:
        """Quitting with unsaved changes asks first (returning True keeps the window open)."""
        if self.model.dirty:
            self.guard(self.window.close, "quit")
            return True
        return None

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        if self.dialog is not None:
            self.dialog.ui.on_mouse_motion(x, y, dx, dy)
            return
        self.ui.on_mouse_motion(x, y, dx, dy)
        self.hover = self.canvas.cell_at(x, y)

    def on_mouse_press(self, x: int, y: int, button_: int, modifiers: int) -> None:
        if self.dialog is not None:
            self.dialog.ui.on_mouse_press(x, y, button_, modifiers)
            return
        if self.ui.on_mouse_press(x, y, button_, modifiers) or self._over_widget(x, y):
            return
        for rect, kind, value in self._palette:
            if rect.contains(x, y):
                self._palette_click(kind, value)
                return
        for (edge, delta), rect in self.canvas.edge_buttons().items():
            if rect.contains(x, y):
                self.model.resize(edge, delta)
                self.refresh()
                return
        for rect, problem in self._problem_rows:
            if rect.contains(x, y):
                self.show_problem(problem)
                return
        cell = self.canvas.cell_at(x, y)
        if cell is None:
            return
        self.cursor = cell
        if self.picking_reach:
            self._set_reach(cell)
            return
        if button_ == arcade.MOUSE_BUTTON_RIGHT:
            # Right-click erases, as in most tile editors.
            keep = self.model.tool
            self.model.select(ERASE_TOOL)
            self.model.paint_at(cell)
            self.model.select(keep)
            self.refresh()
            return
        self.mouse_down = True
        self.model.press(cell)
        if self.model.shape != PEN:
            self._after_paint()

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.dialog is not None:
            self.dialog.ui.on_mouse_drag(x, y, dx, dy, buttons, modifiers)
            return
        self.ui.on_mouse_drag(x, y, dx, dy, buttons, modifiers)
        cell = self.canvas.cell_at(x, y)
        self.hover = cell
        if self.mouse_down and cell is not None:
            self.cursor = cell
            self.model.drag(cell)

    def on_mouse_release(self, x: int, y: int, button_: int, modifiers: int) -> None:
        if self.dialog is not None:
            self.dialog.ui.on_mouse_release(x, y, button_, modifiers)
            return
        self.ui.on_mouse_release(x, y, button_, modifiers)
        if self.mouse_down:
            self.mouse_down = False
            self.model.release(self.canvas.cell_at(x, y))
            self._after_paint()

    def on_text(self, text: str) -> None:
        (self.dialog.ui if self.dialog is not None else self.ui).on_text(text)  # type: ignore[no-untyped-call]  # UIManager's own

    def on_text_motion(self, motion: int) -> None:
        (self.dialog.ui if self.dialog is not None else self.ui).on_text_motion(motion)  # type: ignore[no-untyped-call]  # UIManager's own

    def on_text_motion_select(self, motion: int) -> None:
        (self.dialog.ui if self.dialog is not None else self.ui).on_text_motion_select(motion)  # type: ignore[no-untyped-call]  # UIManager's own

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        key = arcade.key
        if self.dialog is not None:
            if not self.dialog.ui.on_key_press(symbol, modifiers) and symbol == key.ESCAPE:
                if not any(f.active for f in self.dialog.fields.values()):
                    self.close_dialog()
            return
        if self.active_field() is not None:
            self.ui.on_key_press(symbol, modifiers)
            return
        ctrl = bool(modifiers & (key.MOD_CTRL | key.MOD_COMMAND))
        shift = bool(modifiers & key.MOD_SHIFT)
        if ctrl:
            action = {key.Z: self.redo if shift else self.undo, key.Y: self.redo,
                      key.S: self.ask_save_as if shift else self.save, key.N: self.ask_new,
                      key.O: self.ask_open}.get(symbol)
            if action is not None:
                action()
            return
        d = self.model.draft
        if key.KEY_1 <= symbol <= key.KEY_9 or key.NUM_1 <= symbol <= key.NUM_9:
            n = symbol - (key.KEY_1 if symbol <= key.KEY_9 else key.NUM_1) + 1
            self.select_tool(tile_tool(n) if d.mode == Mode.SLIDE else kind_tool(n))
        elif symbol == key.H:
            self.select_tool(HOLE_TOOL)
        elif symbol == key.R:
            self.select_tool(RANDOM_TOOL)
        elif symbol == key.P:
            self.select_tool(PLAYER_TOOL)
        elif symbol == key.G:
            self.select_tool(GAP_TOOL)
        elif symbol == key.E:
            self.select_tool(ERASE_TOOL)
        elif symbol in (key.B, key.F):
            self.select_shape(FILL)
        elif symbol == key.X:
            self.select_shape(RECT)
        elif symbol == key.D:
            self.select_shape(PEN)
        elif symbol in (key.PLUS, key.EQUAL, key.NUM_ADD) and d.mode == Mode.SLIDE:
            self.slide_number_step(1)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT) and d.mode == Mode.SLIDE:
            self.slide_number_step(-1)
        elif symbol in (key.UP, key.DOWN, key.LEFT, key.RIGHT):
            dr, dc = {key.UP: (-1, 0), key.DOWN: (1, 0), key.LEFT: (0, -1), key.RIGHT: (0, 1)}[symbol]
            r, c = self.cursor
            self.cursor = (max(0, min(d.height - 1, r + dr)), max(0, min(d.width - 1, c + dc)))
        elif symbol in (key.SPACE, key.ENTER, key.RETURN):
            self.paint_cursor()
        elif symbol == key.TAB:
            self.playtest()
        elif symbol == key.ESCAPE:
            if self.picking_reach:
                self.pick_reach()
            else:
                self.leave()

    def _over_widget(self, x: float, y: float) -> bool:
        return bool(y >= self.window.height - HEADER_H or x >= self.window.width - PROPS_W)

    def _palette_click(self, kind: str, value: Any) -> None:
        if kind == "tool":
            self.select_tool(value)
        elif kind == "shape":
            self.select_shape(value)
        elif kind == "step":
            self.slide_number_step(value)

    def show_problem(self, problem: Problem) -> None:
        """Clicking a problem shows its cell: the cursor goes there and the cell flashes red."""
        self.flash = problem.cell
        if problem.cell is not None:
            self.cursor = problem.cell
        self.say(str(problem), bad=True)

    # -- drawing --------------------------------------------------------------------------------------
    # What stays put between edits (panels, palette, edge buttons, collect icons and their labels)
    # is built once into SpriteLists and a text Batch (_build_chrome) and rebuilt only when what
    # it shows changes; the texts that change (title, problems, status) live in a second Batch.
    def _text(self, key: str, text: str, x: float, y: float, color: Any = TEXT, size: int = 11,
              **kw: Any) -> None:
        """Show a changing text this frame (one cached arcade.Text in the view's batch)."""
        rgba = _rgba(color)
        t = self._texts.get(key)
        if t is None:
            t = self._texts[key] = arcade.Text(text, x, y, rgba, size, batch=self._batch, **kw)
        else:
            if t.text != text:
                t.text = text
            if (t.x, t.y) != (x, y):
                t.position = (x, y)
            if tuple(t.color) != rgba:
                t.color = rgba
            t.visible = True
        self._texts_used.add(key)

    def _chrome_key(self) -> tuple[Any, ...]:
        m = self.model
        d = m.draft
        lay = self.canvas.layout
        return (self.window.width, self.window.height, d.mode, d.kinds, m.tool, m.shape,
                self.colorblind, (lay.left, lay.top, lay.cell, lay.rows, lay.cols) if lay else None)

    def on_draw(self) -> None:
        self.clear(color=BG)
        m = self.model
        h = self.window.height
        self.canvas.sync(m.draft, self.colorblind)
        key = self._chrome_key()
        if key != self._chrome_built:
            self._build_chrome()
            self._chrome_built = key
        self._texts_used = set()
        self._chrome.draw()
        self._text("title", self.title().removeprefix("Gridfall editor - "), 12, h - HEADER_H / 2,
                   BAD if m.dirty else TEXT, 13, anchor_y="center")
        self._draw_problems()
        self.canvas.draw(m.draft, cursor=self.cursor, reach=m.draft.reach, flash=self.flash,
                         rect_from=m.rect_anchor, rect_to=self.hover or self.cursor if m.rect_anchor else None,
                         colorblind=self.colorblind)
        self._chrome_icons.draw()
        self._text("undoinfo", f"undo {len(m.history.past)} / redo {len(m.history.future)}",
                   12, 14, DIM, 10)
        if m.draft.mode == Mode.CHAIN and self.picking_reach:
            self._text("reach", "click a cell...", *self._reach_xy, GOOD, 10, anchor_y="center")
        elif m.draft.mode == Mode.CHAIN:
            r = m.draft.reach
            self._text("reach", f"{r[0]},{r[1]}" if r else "none", *self._reach_xy, TEXT, 11,
                       anchor_y="center")
        for k, t in self._texts.items():
            if k not in self._texts_used:
                t.visible = False
        self._chrome_batch.draw()
        self._batch.draw()
        self.ui.draw()
        if self.dialog is not None:
            self.dialog.draw()

    def _build_chrome(self) -> None:
        """Make the panels, palette, edge buttons and collect icons for the model as it is now."""
        self._chrome = arcade.SpriteList()
        self._chrome_icons = arcade.SpriteList()
        self._chrome_batch = pyglet.graphics.Batch()
        self._chrome_texts = []   # kept referenced: batched text vanishes when Python frees it
        w, h = self.window.width, self.window.height
        for rect, color in ((Rect(0, h - HEADER_H, w, HEADER_H), PANEL),
                            (Rect(0, 0, PALETTE_W, h - HEADER_H), PANEL),
                            (Rect(w - PROPS_W, 0, PROPS_W, h - HEADER_H), PANEL),
                            (Rect(PALETTE_W, 0, w - PROPS_W - PALETTE_W, PROBLEMS_H), (30, 32, 42))):
            self._fill(rect, color)
        self._build_palette()
        for (edge, delta), rect in self.canvas.edge_buttons().items():
            self._fill(rect, (60, 66, 84))
            self._label("+" if delta > 0 else "-", *rect.center, TEXT, 11,
                        anchor_x="center", anchor_y="center")
        if self.model.draft.mode != Mode.SLIDE:
            kinds = self.model.draft.kinds
            for k, x, y in self._collect_icons:
                self._icon(textures.kind(k, self.colorblind), x, y, 22,
                           255 if not isinstance(kinds, int) or k <= kinds else 90)

    def _fill(self, rect: Rect, color: Any) -> None:
        s = arcade.SpriteSolidColor(max(1, round(rect.width)), max(1, round(rect.height)),
                                    center_x=rect.center[0], center_y=rect.center[1], color=_rgba(color))
        self._chrome.append(s)

    def _icon(self, tex: Any, x: float, y: float, size: float, alpha: int = 255) -> None:
        s = arcade.Sprite(tex, center_x=x, center_y=y)
        s.width = s.height = size
        s.alpha = alpha
        self._chrome_icons.append(s)

    def _label(self, text: str, x: float, y: float, color: Any, size: int, **kw: Any) -> None:
        self._chrome_texts.append(arcade.Text(text, x, y, _rgba(color), size,
                                              batch=self._chrome_batch, **kw))

    def _build_palette(self) -> None:
        m = self.model
        d = m.draft
        h = self.window.height
        self._palette = []
        top = h - HEADER_H - 14
        self._label("Tools", 12, top - 10, TEXT, 13, anchor_y="center")
        y = top - 34
        entries: list[tuple[str, Any, str, Any]] = []
        if d.mode == Mode.SLIDE:
            n = int(m.tool.token) if m.tool.name == "tile" else 1
            entries += [("tool", tile_tool(n), f"tile {n}  (-/+)", textures.slide_number(n)),
                        ("tool", GAP_TOOL, "gap (G)", None)]
        else:
            size = 46
            for k in range(1, 10):
                x = 12 + ((k - 1) % 3) * (size + 6)
                yy = y - ((k - 1) // 3) * (size + 6) - size
                rect = Rect(x, yy, size, size)
                tool = kind_tool(k)
                unused = isinstance(d.kinds, int) and k > d.kinds
                self._palette.append((rect, "tool", tool))
                self._square(rect, m.tool == tool, dim=unused)
                self._icon(textures.kind(k, self.colorblind), *rect.center, size - 10, 80 if unused else 255)
            y -= 3 * (size + 6) + 4
            entries += [("tool", RANDOM_TOOL, "random (R)", marker("random")),
                        ("tool", HOLE_TOOL, "hole (H)", marker("hole"))]
            if d.mode == Mode.CHAIN:
                entries.append(("tool", PLAYER_TOOL, "player (P)", textures.load("player")))
        entries.append(("tool", ERASE_TOOL, "erase (E)", None))
        for kind, value, text, tex in entries:
            rect = Rect(8, y - 34, PALETTE_W - 16, 32)
            self._palette.append((rect, kind, value))
            self._square(rect, m.tool == value)
            if tex is not None:
                self._icon(tex, rect.left + 18, rect.center[1], 26)
            self._label(text, rect.left + 38, rect.center[1], TEXT, 11, anchor_y="center")
            y -= 36
        if d.mode == Mode.SLIDE:
            for i, (delta, text) in enumerate(((-1, "-"), (1, "+"))):
                rect = Rect(8 + i * 40, y - 30, 34, 28)
                self._palette.append((rect, "step", delta))
                self._square(rect, False)
                self._label(text, *rect.center, TEXT, 13, anchor_x="center", anchor_y="center")
            y -= 36
        y -= 10
        self._label("Shape", 12, y - 10, TEXT, 13, anchor_y="center")
        y -= 30
        for shape, text in zip(SHAPES, ("pen (D)", "rectangle (X)", "bucket fill (F)")):
            rect = Rect(8, y - 30, PALETTE_W - 16, 28)
            self._palette.append((rect, "shape", shape))
            self._square(rect, m.shape == shape)
            self._label(text, rect.left + 10, rect.center[1], TEXT, 11, anchor_y="center")
            y -= 32

    def _square(self, rect: Rect, selected: bool, dim: bool = False) -> None:
        self._fill(rect, SELECTED if selected else ((44, 46, 56) if dim else (56, 62, 80)))

    def _draw_problems(self) -> None:
        problems = self.model.problems()
        left = PALETTE_W + 12
        top = PROBLEMS_H - 12
        self._problem_rows = []
        if problems:
            head = f"{len(problems)} problem{'s' if len(problems) > 1 else ''} (click one to see its cell)"
            self._text("phead", head, left, top - 8, BAD, 12, anchor_y="center")
        else:
            self._text("phead", "No problems: Tab to play-test", left, top - 8, GOOD, 12, anchor_y="center")
        y = top - 30
        width = self.window.width - PROPS_W - PALETTE_W - 16
        lines_left = 5
        shown = 0
        for p in problems:
            where = f" [cell {p.cell[0]},{p.cell[1]}]" if p.cell is not None else ""
            lines = textwrap.wrap(str(p) + where, 96)[:2]
            if len(lines) > lines_left:
                break
            rect = Rect(left - 4, y - 9 - 18 * (len(lines) - 1), width, 18 * len(lines))
            self._problem_rows.append((rect, p))
            if p.cell is not None and p.cell == self.flash:
                arcade.draw_lrbt_rectangle_filled(rect.left, rect.right, rect.bottom, rect.top, (70, 40, 46))
            for line in lines:
                k = f"prob{5 - lines_left}"
                self._text(k, line, left, y, TEXT, 11, anchor_y="center")
                y -= 18
                lines_left -= 1
            shown += 1
        if len(problems) > shown:
            self._text("pmore", f"... and {len(problems) - shown} more", left, y, DIM, 10, anchor_y="center")
        self._text("status", _clip(self.status, 110), left, 10, BAD if self.status_bad else DIM, 10)


def _page(items: list[Any], page: int, per: int) -> tuple[int, int, list[Any]]:
    """The page clamped to the pages there are, how many pages, and that page's items."""
    pages = max(1, (len(items) + per - 1) // per)
    page = max(0, min(page, pages - 1))
    return page, pages, items[page * per:(page + 1) * per]


def _pager(page: int, pages: int, go: Callable[[int], None]) -> list[tuple[Any, ...]]:
    """Prev/Next buttons and 'page n of m' for a dialog row (nothing when one page is all)."""
    if pages <= 1:
        return []
    row: list[tuple[Any, ...]] = []
    if page > 0:
        row.append(("button", "< Prev", 100, lambda: go(page - 1)))
    if page < pages - 1:
        row.append(("button", "Next >", 100, lambda: go(page + 1)))
    row.append(("label", f"page {page + 1} of {pages}", 160))
    return row


def _rgba(color: Any) -> tuple[int, int, int, int]:
    c = tuple(int(v) for v in color)
    return (c[0], c[1], c[2], c[3] if len(c) > 3 else 255)


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."
