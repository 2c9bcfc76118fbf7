"""EditorView: the level editor screen (canvas, tool palette, properties, problems, files, play-test)."""

from __future__ import annotations

import pathlib
import random
from typing import Any, Callable

import arcade
import pyglet

from game.core import Mode, Problem
from game.core import token_stone
from game.io.settings import Settings
from game.ui.layout import Rect

from . import files, recovery, slide_tools
from .base import AUTOSAVE_SECONDS, HEADER_H, PALETTE_W, PROBLEMS_H, PROPS_W, EditorBase
from .canvas import Canvas
from .difficulty import DifficultyPanel, DifficultyRun
from .deal_preview import DealPreview
from .difficulty_sheet import DifficultySheet
from .overlay import Sheets
from .drawing import EditorDrawing
from .file_flow import FileFlow
from .help import EditorHelp
from .model import (
    DROP_TOOL,
    ERASE_TOOL,
    FILL,
    GAP_TOOL,
    HOLE_TOOL,
    JELLY_TOOL,
    LAYER_TOOLS,
    LOCK_TOOL,
    PEN,
    PLAYER_TOOL,
    RAINBOW_TOOL,
    RANDOM_TOOL,
    RECT,
    Cell,
    EditModel,
    Tool,
    blank,
    kind_tool,
    mode_switch_losses,
    next_hits,
    stone_tool,
    tile_tool,
)
from .pack_check import PackCheck
from .pack_overview import PackOverview
from .playtest_flow import PlaytestFlow
from .proof_flow import ProofFlow
from .slide_actions import SlideActions
from .resize_flow import ResizeFlow
from .pack_flow import PackFlow
from .properties import PropertiesPanel
from .widgets import Dialog, Field, button

gui = arcade.gui

DRAW_RATE = 1 / 60
IDLE_DRAW_RATE = 1 / 4    # often enough for a text caret's blink
IDLE_AFTER = 1.0          # seconds without input before drawing slows down
MIN_WINDOW = (1024, 720)    # the editor's smallest window (issue 22: at 400x300 panels overlapped)
WAKE_EVENTS = ("on_mouse_motion", "on_mouse_press", "on_mouse_drag", "on_mouse_release",
               "on_mouse_scroll", "on_key_press", "on_key_release", "on_text", "on_text_motion",
               "on_text_motion_select", "on_resize")


class EditorView(FileFlow, PackFlow, PropertiesPanel, DifficultyPanel, EditorDrawing, EditorHelp, EditorBase):
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
        self.status_age = 0.0
        self.since_autosave = 0.0
        self.mouse_down = False
        self.origin = ""   # where an unsaved draft came from ("read-only: <pack>"), for the title
        self._props_scroll = 0.0   # how far the properties panel is scrolled (a short window)
        self._props_max_scroll = 0.0
        self._problems_first = 0   # the first problem the problems panel shows (scrolled)
        self.slot = recovery.Slot()   # this editor's own recovery file
        self.solutions = slide_tools.SolutionCounter()   # a slide board's solution length
        self.pack_check = PackCheck()   # the pack's problems, as gridfall validate finds them
        self.resizer = ResizeFlow(self)   # size changes that ask before content goes
        self.loaded: files.Opened | None = None
        self.difficulty = DifficultyRun()   # the Difficulty panel's bot games and figures
        self._difficulty_buttons = {}
        self._hashed = (None, None)
        self._recovered: Any = None    # the draft the slot holds (autosaved)
        self._id_check: tuple[Any, Problem | None] = (None, None)   # (what was asked, the warning)
        self._pointer: tuple[float, float] | None = None   # where the mouse rests, for tooltips
        self._tip_rest = 0.0   # seconds it has rested there
        self._tip_text: Any = None
        self.keyboard_led = False   # the keyboard moved the cursor last (not the mouse)
        self.slide = SlideActions(self)   # the slide board's tools and typed tile numbers
        self.proofs = ProofFlow(self, self.save)   # a won play-test kept as the level's proof
        self.playtester = PlaytestFlow(self, settings, self.proofs.offer)   # the play view, while a play-test runs
        self.difficulty_sheet = DifficultySheet(self, lambda: self.difficulty.for_level(self.current_hash()), self.run_difficulty)
        self.difficulty_details = self.difficulty_sheet.open
        self.overview = PackOverview(self, self._known_pack, lambda p: self.guard(lambda: self.open_path(p), "open it"))
        self.sheets = Sheets(self.difficulty_sheet, self.overview)
        self.deal = DealPreview(self)   # the seeded deal on the random cells, another deal, keep it
        self._game_minimum: tuple[int, int] | None = None   # the window's minimum before the editor
        self._idle = 0.0     # seconds since the last input
        self._slow = False   # drawing at the idle rate
        self._wakers = {name: self._wake for name in WAKE_EVENTS}
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
        self._packs: dict[pathlib.Path, files.PackFolder] = {}   # packs seen, with their undo steps
        self.refresh()

    # -- building the panels -------------------------------------------------------------------
    def _build(self, w: int, h: int) -> None:
        """Place the canvas and (re)make the widgets for a window of w x h pixels."""
        # Margins for the row and column numbers, and the +/- buttons outside them.
        self.canvas = Canvas(Rect(PALETTE_W + 52, PROBLEMS_H + 40,
                                  w - PALETTE_W - PROPS_W - 92, h - HEADER_H - PROBLEMS_H - 80))
        self.ui = gui.UIManager(self.window)
        # Its cameras are made from the window's viewport, which a resize updates only after
        # this view hears of it: size them to the new window now, or widgets past the old
        # size are cut off (a grown window lost its header buttons and properties).
        self.ui.on_resize(w, h)  # type: ignore[no-untyped-call]  # arcade.gui leaves it unannotated
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
            ("Save As", self.ask_save_as), ("Pack", self.ask_pack), ("Overview", self.overview.open),
            ("Difficulty", self.run_difficulty),
            ("Play (Tab)", self.playtest),
            ("Undo", self.undo), ("Redo", self.redo), ("Back", self.leave),
        ]
        for text, action in reversed(actions):
            width = 14 + 9 * len(text)
            x -= width + 6
            b = button(text, action, x=x, y=y, width=width, height=28)
            self.header_buttons[text] = b
            self.ui.add(b)

    # -- edits -------------------------------------------------------------------------------------
    def select_tool(self, tool: Tool) -> None:
        self.model.select(tool)
        self.picking_reach = False
        self.refresh()

    def select_stone(self) -> None:
        """S, or the stone swatch: the stone tool; again, one more hit for the stones it paints."""
        tool = self.model.tool
        hits = token_stone(next_hits(tool.token)) or 1 if tool.name == "stone" else 1
        self.select_tool(stone_tool(hits))
        self.say(f"stone S{hits}: takes {hits} hit{'s' if hits > 1 else ''} (S again for more; "
                 "a click on a stone adds one)")

    def next_special(self) -> None:
        """Q: the special the kind brush puts on its tiles, in turn."""
        special = self.model.next_special()
        self.picking_reach = False
        self.say({"": "plain tiles", "h": "special h: clears its row", "v": "special v: clears its column",
                  "b": "special b: a bomb, clears the 3x3 around it"}[special])
        self.refresh()

    def set_special(self, special: str) -> None:
        """A special swatch: the kind brush with that special (a click on the chosen one: plain)."""
        m = self.model
        m.special = "" if (m.special == special and m.tool.name == "kind") else special
        if m.tool.name != "kind":
            m.select(kind_tool(1))
        self.refresh()

    def toggle_goal(self, name: str) -> None:
        """The jelly and stones goals and the specials rule: on/off buttons, one undo step each."""
        d = self.model.draft
        self.model.set(**{name: not getattr(d, name)})
        self.refresh()

    def select_shape(self, shape: str) -> None:
        self.model.shape = shape

    def set_mode(self, mode: Mode) -> None:
        before = self.model.draft
        if self.model.set_mode(mode):
            lost = mode_switch_losses(before, self.model.draft)
            if lost:
                self.say(f"now {mode}: dropped {', '.join(lost)} (Ctrl+Z brings them back)", bad=True)
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

    # -- dialogs and the play-test -------------------------------------------------------------------
    def playtest(self) -> None:
        """Tab: play the level as it is now in the real play view; Tab there comes back here."""
        self.playtester.start()

    def leave(self) -> None:
        def go() -> None:
            self.slot.clear()
            self.difficulty.close()
            self.overview.run.stop()
            if self.on_leave is not None:
                self.on_leave()
            else:
                self.window.close()
        self.guard(go, "leave the editor")

    # -- arcade events ----------------------------------------------------------------------------
    def on_draw(self) -> None:
        self.deal.update(self.canvas, self.colorblind)
        super().on_draw()
        self.deal.draw(self.canvas, self.colorblind)
        self.sheets.draw()
        if self.dialog is not None:
            self.dialog.draw()   # again, on top of the deal's strip and a sheet

    def on_show_view(self) -> None:
        # The smallest window where the header's buttons, the palette, the properties and a
        # board of readable cells all fit; the window it shares with the game gets its own back.
        self._game_minimum = getattr(self.window, "_minimum_size", None)
        self.window.set_minimum_size(*MIN_WINDOW)
        if self.window.width < MIN_WINDOW[0] or self.window.height < MIN_WINDOW[1]:
            self.window.set_size(max(self.window.width, MIN_WINDOW[0]), max(self.window.height, MIN_WINDOW[1]))
        self.window.set_caption(self.title())
        self.window.push_handlers(**self._wakers)
        self._wake()

    def on_hide_view(self) -> None:
        if self._game_minimum is not None:
            self.window.set_minimum_size(*self._game_minimum)
        self.window.remove_handlers(**self._wakers)
        self.window.set_draw_rate(DRAW_RATE)   # the next view draws at the full rate

    def _wake(self, *_event: Any) -> None:
        """Any input: draw at the full rate again (a pushed handler: it never consumes events)."""
        self._idle = 0.0
        if self._slow:
            self._slow = False
            self.window.set_draw_rate(DRAW_RATE)

    def on_update(self, dt: float) -> None:
        # With nothing happening, draw a few times a second instead of sixty: on software GL
        # a full-rate idle editor kept a whole core busy (bench/editor_idle.py measures it).
        self._idle += dt
        self._tip_rest += dt
        self.slide.tick(dt)
        self.status_age += dt
        if not self._slow and self._idle >= IDLE_AFTER:
            self._slow = True
            self.window.set_draw_rate(IDLE_DRAW_RATE)
        self.ui.on_update(dt)  # type: ignore[no-untyped-call]  # UIManager's own
        self.poll_difficulty()
        if self.dialog is not None:
            self.dialog.ui.on_update(dt)  # type: ignore[no-untyped-call]  # UIManager's own
        # Autosave counts game time (on_update), never the wall clock: a moment after each
        # change, so a killed editor loses at most that moment's work.
        if self.model.dirty and (self.model.draft is not self._recovered or not self.slot.held):
            self.since_autosave += dt
            if self.since_autosave >= AUTOSAVE_SECONDS:
                self.since_autosave = 0.0
                try:
                    self.slot.write(self.model.draft, self.model.path)
                    self._recovered = self.model.draft
                except OSError as error:
                    self.say(f"autosave failed: {error}", bad=True)
        else:
            self.since_autosave = 0.0
            if not self.model.dirty and self.slot.held:
                # Undone back to what is saved: nothing is left to recover, so the next
                # start must not offer a stale copy.
                self.slot.clear()

    def on_close(self) -> bool | None:
        """Quitting with unsaved changes asks first (returning True keeps the window open)."""
        self.commit_typing()
        if self.model.dirty:
            self.guard(self.window.close, "quit")
            return True
        return None

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self._pointer, self._tip_rest = (x, y), 0.0
        self.keyboard_led = False
        if self.dialog is not None:
            self.dialog.ui.on_mouse_motion(x, y, dx, dy)
            return
        self.ui.on_mouse_motion(x, y, dx, dy)
        self.hover = self.canvas.cell_at(x, y)

    def on_mouse_press(self, x: int, y: int, button_: int, modifiers: int) -> None:
        self._tip_rest = -float("inf")   # a click hides the tooltip until the pointer moves on
        if self.dialog is not None:
            self.dialog.ui.on_mouse_press(x, y, button_, modifiers)
            return
        if self.ui.on_mouse_press(x, y, button_, modifiers) or self._over_widget(x, y):
            return
        if self.dialog is not None:
            return   # the click ended typing in a field, whose new value asks something first
        if self.sheets.press(x, y, button_, modifiers) or self.deal.press(x, y):
            return
        if self.difficulty_click(x, y):
            return
        for rect, kind, value in self._palette:
            if rect.contains(x, y):
                self._palette_click(kind, value)
                return
        for (edge, delta), rect in self.canvas.edge_buttons().items():
            if rect.contains(x, y):
                self.resizer.edge(edge, delta)
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
        if button_ == arcade.MOUSE_BUTTON_RIGHT and self.model.tool in LAYER_TOOLS:
            # With a layer tool the right button takes away what the left adds: a jelly
            # layer, a lock; the tile stays.
            self.model.paint_at(cell, remove=True)
            self.refresh()
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

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """The wheel scrolls the panel under the pointer when it holds more than it shows."""
        if self.dialog is not None:
            return
        if self.sheets.scroll(x, y, scroll_y):
            return
        if x >= self.window.width - PROPS_W and y < self.window.height - HEADER_H:
            self.scroll_props(scroll_y)
        elif PALETTE_W <= x < self.window.width - PROPS_W and y < PROBLEMS_H:
            listed = len(self.shown_problems()) + len(self.warnings())
            self._problems_first = max(0, min(listed - 1, self._problems_first - int(scroll_y)))

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.dialog is not None:
            self.dialog.ui.on_mouse_drag(x, y, dx, dy, buttons, modifiers)
            return
        self.ui.on_mouse_drag(x, y, dx, dy, buttons, modifiers)
        if self.sheets.drag(x, y):
            return
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
        self.sheets.release(x, y)
        if self.mouse_down:
            self.mouse_down = False
            self.model.release(self.canvas.cell_at(x, y))
            self._after_paint()

    def on_text(self, text: str) -> None:
        if text == "?" and self.dialog is None and self.active_field() is None:
            self.show_keys()
            return
        if text == "*" and self.dialog is None and self.active_field() is None:
            # Typed, so it works on any keyboard (Shift+8, the keypad's *).
            if self.model.draft.mode == Mode.MATCH3:
                self.select_tool(RAINBOW_TOOL)
            return
        (self.dialog.ui if self.dialog is not None else self.ui).on_text(text)  # type: ignore[no-untyped-call]  # UIManager's own

    def on_text_motion(self, motion: int) -> None:
        (self.dialog.ui if self.dialog is not None else self.ui).on_text_motion(motion)  # type: ignore[no-untyped-call]  # UIManager's own

    def on_text_motion_select(self, motion: int) -> None:
        (self.dialog.ui if self.dialog is not None else self.ui).on_text_motion_select(motion)  # type: ignore[no-untyped-call]  # UIManager's own

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        key = arcade.key
        if self.dialog is not None:
            dialog = self.dialog
            handled = dialog.ui.on_key_press(symbol, modifiers)
            if symbol in (key.ENTER, key.RETURN, key.NUM_ENTER):
                dialog.confirm()   # after a field took its Enter (committing what was typed)
            elif not handled and symbol == key.ESCAPE:
                if not any(f.active for f in dialog.fields.values()):
                    self.close_dialog()
            return
        if self.active_field() is not None:
            self.ui.on_key_press(symbol, modifiers)
            return
        if self.sheets.key(symbol, modifiers):
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
        if d.mode == Mode.SLIDE and (key.KEY_0 <= symbol <= key.KEY_9 or key.NUM_0 <= symbol <= key.NUM_9):
            self.slide.type_digit(symbol - (key.KEY_0 if symbol <= key.KEY_9 else key.NUM_0))
        elif key.KEY_1 <= symbol <= key.KEY_9 or key.NUM_1 <= symbol <= key.NUM_9:
            n = symbol - (key.KEY_1 if symbol <= key.KEY_9 else key.NUM_1) + 1
            self.select_tool(kind_tool(n))
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
        elif symbol == key.Q and d.mode == Mode.MATCH3:
            self.next_special()
        elif symbol == key.S and d.mode != Mode.SLIDE:
            self.select_stone()
        elif symbol == key.L and d.mode != Mode.SLIDE:
            self.select_tool(LOCK_TOOL)
        elif symbol == key.J and d.mode != Mode.SLIDE:
            self.select_tool(JELLY_TOOL)
        elif symbol == key.O and d.mode == Mode.MATCH3:
            self.select_tool(DROP_TOOL)
        elif symbol in (key.B, key.F):
            self.select_shape(FILL)
        elif symbol == key.X:
            self.select_shape(RECT)
        elif symbol == key.D:
            self.select_shape(PEN)
        elif symbol in (key.PLUS, key.EQUAL, key.NUM_ADD) and d.mode == Mode.SLIDE:
            self.slide.step(1)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT) and d.mode == Mode.SLIDE:
            self.slide.step(-1)
        elif symbol in (key.UP, key.DOWN, key.LEFT, key.RIGHT):
            dr, dc = {key.UP: (-1, 0), key.DOWN: (1, 0), key.LEFT: (0, -1), key.RIGHT: (0, 1)}[symbol]
            r, c = self.cursor
            self.cursor = (max(0, min(d.height - 1, r + dr)), max(0, min(d.width - 1, c + dc)))
            self.keyboard_led = True   # a rectangle's preview follows the keyboard cursor now
        elif symbol in (key.SPACE, key.ENTER, key.RETURN):
            self.paint_cursor()
        elif symbol == key.TAB:
            self.playtest()
        elif symbol == key.F1:
            self.show_keys()
        elif symbol == key.F5:
            self.run_difficulty()
        elif symbol in (key.F6, key.F7):
            (self.difficulty_sheet if symbol == key.F6 else self.overview).open()
        elif symbol == key.ESCAPE:
            # The nearest thing first: a half-drawn rectangle, a cell pick, then the editor.
            if self.model.cancel_rect():
                self.say("rectangle cancelled")
            elif self.picking_reach:
                self.pick_reach()
            else:
                self.leave()

    def _over_widget(self, x: float, y: float) -> bool:
        return bool(y >= self.window.height - HEADER_H or x >= self.window.width - PROPS_W)

    def _palette_click(self, kind: str, value: Any) -> None:
        if kind == "tool" and value.name == "stone":
            self.select_stone() if self.model.tool == value else self.select_tool(value)
        elif kind == "tool":
            self.select_tool(value)
        elif kind == "special":
            self.set_special(value)
        elif kind == "shape":
            self.select_shape(value)
        elif kind == "step":
            self.slide.step(value)

    def show_problem(self, problem: Problem) -> None:
        """Clicking a problem shows its cell: the cursor goes there and the cell flashes red."""
        self.flash = problem.cell
        if problem.cell is not None:
            self.cursor = problem.cell
        self.say(str(problem), bad=True)
