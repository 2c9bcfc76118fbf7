"""EditorView: the level editor screen (canvas, tool palette, properties, problems, files, play-test)."""

from __future__ import annotations

import functools
import pathlib
from typing import Any, Callable, TypeVar

import arcade

from game.core import Mode
from game.io.settings import Settings
from game.ui import frames
from game.ui.layout import Rect
from game.io import gate

from . import files, recovery
from .look import BAD, BG, DIM, HEADER_H, PALETTE_W, PROBLEMS_H, PROPS_W, TEXT, clip
from .autosave import Autosave
from .canvas import Canvas
from .difficulty import DifficultyPanel
from .deal_preview import ROW_STEP, DealPreview, strip_rows
from .difficulty_sheet import DifficultySheet
from .drawing import Chrome
from .file_flow import FileFlow
from .help import EditorHelp
from .keys import acts_on_level
from .overlay import Sheets
from .model import ERASE_TOOL, PEN, RECT, Cell, EditModel, blank, changes_layers, special_tools, tile_tool
from .host import Part
from .pack_overview import PackOverview
from .playtest_flow import PlaytestFlow
from .proof_flow import ProofFlow
from .slide_actions import SlideActions
from .resize_flow import ResizeFlow
from .pack_flow import PackFlow
from .problems import ProblemsPanel
from .properties import CELL_GOAL, PropertiesPanel
from .selection import Selection
from .status import StatusLine
from .tabs import Tabs
from .texts import Texts
from .tools import ToolPicker
from .widgets import Dialog, button

gui = arcade.gui
P = TypeVar("P", bound=Part)

DRAW_RATE = 1 / 60
IDLE_DRAW_RATE = 1 / 4    # often enough for a text caret's blink
IDLE_QUIET = 1.5          # idle, no field typed in: a part's own change (a status line's end) shows this late at most
IDLE_AFTER = 1.0          # seconds without input before drawing slows down
MIN_WINDOW = (1024, 720)    # the editor's smallest window (issue 22: at 400x300 panels overlapped)
WAKE_EVENTS = ("on_mouse_motion", "on_mouse_press", "on_mouse_drag", "on_mouse_release",
               "on_mouse_scroll", "on_key_press", "on_key_release", "on_text", "on_text_motion",
               "on_text_motion_select", "on_resize")


class EditorView(arcade.View):
    """The level editor, a view of the game's window: the host of its parts (host.py). It keeps
    the model, the board's cursor and pointer, the header and the open dialog; each panel, flow
    and tool is a part with its own state."""

    def __init__(self, window: Any, model: EditModel | None = None, *,
                 on_leave: Callable[[], None] | None = None, colorblind: bool | None = None,
                 settings: Settings | None = None) -> None:
        super().__init__(window)
        self.model = model or EditModel(blank(Mode.MATCH3, 8, 8))
        self.on_leave = on_leave
        # The colour-blind palette comes from the player's settings unless asked for outright.
        self.colorblind = colorblind if colorblind is not None else bool(settings and settings.colorblind)
        self.cursor: Cell = (0, 0)         # the keyboard's cell on the board
        self.hover: Cell | None = None     # the cell under the pointer
        self.mouse_down = False
        self.keyboard_led = False   # the keyboard moved the cursor last (not the mouse)
        self.dialog: Dialog | None = None
        self.status = StatusLine()   # the one place the status line is kept (say() writes it)
        self.texts = Texts()   # texts that change (title, problems, status), drawn in one batch
        self.canvas = Canvas(Rect(0, 0, 1, 1))   # placed for the window by _build
        self.header_buttons: dict[str, Any] = {}
        self._game_minimum: tuple[int, int] | None = None   # the window's minimum before the editor
        # And its caption, read before the editor's first refresh names the level in it (read
        # on showing, a real window already said "Gridfall editor - ..." and kept it on leaving).
        self._game_caption: str | None = getattr(window, "caption", None)
        self._idle = 0.0     # seconds since the last input
        self._slow = False   # drawing at the idle rate
        self._beat = -1      # the idle beat the last idle frame was asked for at (on_update)
        self._ui_owed = 0.0  # seconds of game time the widgets have not been told of yet (idle)
        self._wakers = {name: self._wake for name in WAKE_EVENTS}
        # The parts, each with its own state; those that draw, tick or take input are in `parts`,
        # in the order they hear events.
        self.parts: list[Part] = []
        self.autosave = self.add_part(Autosave(self))   # the recovery file, a moment after each change
        self.resizer = ResizeFlow(self)   # size changes that ask before content goes
        self.slide = SlideActions(self)   # the slide board's tools and typed tile numbers
        self.playtester = PlaytestFlow(self, settings, lambda level, outcome: self.proofs.offer(level, outcome))
        self.packs = PackFlow(self, self.autosave, lambda: self.tabs)   # the pack dialogs
        self.file_flow = self.add_part(FileFlow(self, self.autosave, lambda: self.tabs))
        # The open levels, each in a tab with its own undo, file and place (tabs.py).
        self.tabs = self.add_part(Tabs(self, self.file_flow, self.autosave, self.show_model,
                                       lambda: (self.cursor, self.props.scroll), self._put_place,
                                       lambda: min(b.rect.left for b in self.header_buttons.values()) - 20,
                                       lambda: self.title().removeprefix("Gridfall editor - ")))
        self.proofs = ProofFlow(self, self.file_flow.save)   # a won play-test kept as the level's proof
        self.difficulty = self.add_part(DifficultyPanel(self, lambda: self.difficulty_sheet.open()))
        # Sheets over the board, each a part: the difficulty report (F6), the pack overview (F7).
        self.difficulty_sheet = DifficultySheet(self, self.difficulty.figures, self.difficulty.start,
                                                lambda: self.difficulty.run.target)
        self.overview = PackOverview(self, self.packs._known_pack, self.file_flow.open_or_say,
                                     self.file_flow.show_proposal, self.tabs.link_proposal, self.difficulty)
        self.sheets = Sheets(self.difficulty_sheet, self.overview)
        self.deal = self.add_part(DealPreview(self, self.colorblind))   # the seeded deal on the random cells
        # The properties panel: every field and rule (a scroll makes the widgets anew).
        self.props = self.add_part(PropertiesPanel(
            self, self.resizer, self.slide, lambda: self.on_resize(self.window.width, self.window.height),
            self.colorblind))
        self.tools = self.add_part(ToolPicker(self, self.slide, self.props.stop_picking))   # what a click paints
        # V, Shift+drag or Shift+arrows select cells: copy, cut, paste, move, clear.
        self.selection = self.add_part(Selection(self, self._rect_end, lambda: self.cursor, self._move_cursor))
        self.chrome = self.add_part(Chrome(self, self.tools.pick, self.resizer.edge, self.colorblind))
        self.problems = self.add_part(ProblemsPanel(self, self.status, self.file_flow, self.difficulty,
                                                    self._move_cursor))
        self.help = self.add_part(EditorHelp(self, lambda: self.chrome.entries, lambda: self.header_buttons,
                                             lambda: self.props.buttons, self.tabs.tips))
        self._build(window.width, window.height)
        self.refresh()

    def add_part(self, part: P) -> P:
        """A part that draws, ticks or takes input (host.py): it hears every event after the
        ones before it. Returns the part."""
        self.parts.append(part)
        return part

    # -- building the panels -------------------------------------------------------------------
    def _build(self, w: int, h: int) -> None:
        """Place the canvas and (re)make the widgets for a window of w x h pixels."""
        # Margins for the row and column numbers, and the +/- buttons outside them; a narrow
        # window's deal strip wraps onto more rows, taken off the canvas's top.
        area = Rect(PALETTE_W + 52, PROBLEMS_H + 40, w - PALETTE_W - PROPS_W - 92, h - HEADER_H - PROBLEMS_H - 80)
        wrapped = (strip_rows(area) - 1) * ROW_STEP
        self.canvas = Canvas(Rect(area.left, area.bottom, area.width, area.height - wrapped))
        self.ui = gui.UIManager(self.window)
        # Its cameras are made from the window's viewport, which a resize updates only after
        # this view hears of it: size them to the new window now, or widgets past the old
        # size are cut off (a grown window lost its header buttons and properties).
        self.ui.on_resize(w, h)  # type: ignore[no-untyped-call]  # arcade.gui leaves it unannotated
        self.header_buttons = {}
        self._build_header()
        self.props.build(self.ui)

    def on_resize(self, width: int, height: int) -> None:
        """A resized or full-screen window gets the same panels, the board fitted anew."""
        field = self.props.active_field()
        if field is not None:
            field.deactivate()
        self._build(width, height)
        self.texts.reset()
        self.chrome.forget()
        self.refresh()

    def _build_header(self) -> None:
        y = self.window.height - HEADER_H + 8
        x = self.window.width - 8
        actions: list[tuple[str, Callable[[], Any]]] = [
            ("New", self.file_flow.ask_new), ("Open", self.file_flow.ask_open), ("Save", self.file_flow.save),
            ("Save As", self.file_flow.ask_save_as), ("Pack", self.packs.ask_pack), ("Overview", self.overview.open),
            ("Difficulty", self.difficulty.start),
            ("Play (Tab)", self.playtest),
            ("Undo", self.undo), ("Redo", self.redo), ("Back", self.leave),
        ]
        for text, action in reversed(actions):
            width = 14 + 9 * len(text)
            x -= width + 6
            b = button(text, action, x=x, y=y, width=width, height=28)
            self.header_buttons[text] = b
            self.ui.add(b)


    def refresh(self) -> None:
        """Bring every widget in step with the model (after any change to it)."""
        self.props.refresh()
        d = self.model.draft
        self.cursor = (min(self.cursor[0], d.height - 1), min(self.cursor[1], d.width - 1))
        self.window.set_caption(self.title())

    def title(self) -> str:
        path = self.model.path
        where = _where(path) if path is not None else (self.file_flow.origin or "not saved yet")
        return f"Gridfall editor - {self.model.draft.name} ({where}){' *' if self.model.dirty else ''}"

    def replace_model(self, model: EditModel) -> None:
        """Another level in the editor (New, Open, Restore): in a tab of its own (tabs.py)."""
        self.tabs.opened(model)

    def show_model(self, model: EditModel) -> None:
        """Show this level (the tabs' switch): every part forgets the one shown before."""
        self.model = model
        self.cursor = (0, 0)
        for part in self.parts:
            part.model_replaced()
        self.refresh()

    # -- what the game's shell and the command line ask of the editor -----------------------------------
    def open_path(self, path: pathlib.Path) -> None:
        """Open a level file (`gridfall edit FILE`); a file with problems opens as a draft."""
        self.file_flow.open_path(path)

    def open_entry(self, entry: files.Entry) -> None:
        """Open one level of a pack (`gridfall edit PACK`)."""
        self.file_flow.open_entry(entry)

    def pick_from(self, entries: list[files.Entry], title: str) -> None:
        """A level picker for the given levels (`gridfall edit PACK` shows the pack's)."""
        self.file_flow.pick_from(entries, title)

    def offer_recovery(self, found: list[recovery.Recovery]) -> None:
        """Offer work that editors left unsaved, newest first, one dialog at a time."""
        self.file_flow.offer_recovery(found)

    # -- edits -------------------------------------------------------------------------------------
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
        if self.props.picking_cell:
            self.props.set_cell(self.cursor)
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


    # -- dialogs and the play-test -------------------------------------------------------------------
    def playtest(self) -> None:
        """Tab: play the level as it is now in the real play view; Tab there comes back here."""
        self.playtester.start()

    def leave(self) -> None:
        """Esc or Back: leave the editor. It asks first when leaving would lose something (the
        rule for every way out, the window's close button too): each unsaved level in turn, or,
        everything saved, the set of levels open in tabs (the editor does not reopen them)."""
        def go() -> None:
            self.autosave.forget_all()
            self.difficulty.close()
            self.overview.run.stop()
            self.overview.proposer.cancel()
            if self.on_leave is not None:
                self.on_leave()
            else:
                self.window.close()
        self.tabs.leave_all(go, "leave the editor")

    # -- arcade events ----------------------------------------------------------------------------
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
        if self._game_caption is not None:
            self.window.set_caption(self._game_caption)
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
        self.slide.tick(dt)
        self.status.tick(dt)
        self.overview.tick()
        for part in self.parts:
            part.tick(dt)
        if not self._slow and self._idle >= IDLE_AFTER:
            self._slow = True
            self._beat = -1
            self.window.set_draw_rate(IDLE_DRAW_RATE)
        # Idle, the widgets hear of the time passed only at the beat frames are drawn at: told
        # sixty times a second, the widget tree's walk alone cost 6% of a core.
        self._ui_owed += dt
        if self._slow:
            beat = int(self._idle / self._idle_period())
            if beat == self._beat:
                return
            self._beat = beat
            frames.request()   # one frame at each idle beat (the on-demand window draws no other)
        owed, self._ui_owed = self._ui_owed, 0.0
        self.ui.on_update(owed)  # type: ignore[no-untyped-call]  # UIManager's own
        if self.dialog is not None:
            self.dialog.ui.on_update(owed)  # type: ignore[no-untyped-call]  # UIManager's own

    def _idle_period(self) -> float:
        """Seconds between two idle frames: a caret blinks in a field being typed in (a panel's
        or a dialog's); else the parts' own changes (a status line's end, a run's result) show
        at most IDLE_QUIET late."""
        fields = list(self.dialog.fields.values()) if self.dialog is not None else []
        typing = self.props.active_field() is not None or any(f.active for f in fields)
        return IDLE_DRAW_RATE if typing else IDLE_QUIET

    def in_motion(self) -> bool:
        """Whether every frame is wanted (the on-demand window asks: game.ui.frames): for a while
        after input; idle, on_update asks for one frame a beat (_idle_period), none between."""
        return not self._slow

    def on_close(self) -> bool | None:
        """Quitting asks first as leaving does (returning True keeps the window open)."""
        if self.tabs.any_dirty() or len(self.tabs) > 1:
            self.tabs.leave_all(self.window.close, "quit")
            return True
        return None

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.help.moved(x, y)
        self.keyboard_led = False
        if self.dialog is not None:
            self.dialog.ui.on_mouse_motion(x, y, dx, dy)
            return
        self.ui.on_mouse_motion(x, y, dx, dy)
        self.hover = self.canvas.cell_at(x, y)

    def on_mouse_press(self, x: int, y: int, button_: int, modifiers: int) -> None:
        self.help.clicked()
        if self.dialog is not None:
            self.dialog.ui.on_mouse_press(x, y, button_, modifiers)
            return
        if self.tabs.press(x, y, button_) or self.ui.on_mouse_press(x, y, button_, modifiers) or self._over_widget(x, y):
            return
        if self.dialog is not None:
            return   # the click ended typing in a field, whose new value asks something first
        if self.sheets.press(x, y, button_, modifiers):
            return
        if any(part.mouse_press(x, y, button_, modifiers) for part in self.parts):
            return
        cell = self.canvas.cell_at(x, y)
        if cell is None:
            return
        self.cursor = cell
        if self.props.picking_cell:
            self.props.set_cell(cell)
            return
        if button_ == arcade.MOUSE_BUTTON_RIGHT and changes_layers(self.model.tool, self.model.units):
            # With a layer tool the right button takes away what the left adds (a layer
            # under the tile, a mark on it); the tile stays.
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
            self.props.scroll_by(scroll_y)
        elif PALETTE_W <= x < self.window.width - PROPS_W and y < PROBLEMS_H:
            self.problems.scroll(scroll_y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.dialog is not None:
            self.dialog.ui.on_mouse_drag(x, y, dx, dy, buttons, modifiers)
            return
        self.ui.on_mouse_drag(x, y, dx, dy, buttons, modifiers)
        if self.sheets.drag(x, y):
            return
        cell = self.canvas.cell_at(x, y)
        self.hover = cell
        if any(part.mouse_drag(x, y) for part in self.parts):
            return
        if self.mouse_down and cell is not None:
            self.cursor = cell
            self.model.drag(cell)

    def on_mouse_release(self, x: int, y: int, button_: int, modifiers: int) -> None:
        if self.dialog is not None:
            self.dialog.ui.on_mouse_release(x, y, button_, modifiers)
            return
        self.ui.on_mouse_release(x, y, button_, modifiers)
        self.sheets.release(x, y)
        if any(part.mouse_release(x, y) for part in self.parts):
            return
        if self.mouse_down:
            self.mouse_down = False
            self.model.release(self.canvas.cell_at(x, y))
            self._after_paint()

    def on_text(self, text: str) -> None:
        if text == "?" and self.dialog is None and self.props.active_field() is None:
            self.help.show_keys()
            return
        kindless = next((tool for unit, tool in special_tools() if unit.token == text), None)
        if kindless is not None and self.dialog is None and self.props.active_field() is None:
            # A kindless special's token, typed, so it works on any keyboard (Shift+8, the keypad's *).
            if self.model.draft.mode == Mode.MATCH3:
                self.tools.select_tool(kindless)
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
            elif not handled and not any(f.active for f in dialog.fields.values()):
                if symbol == key.ESCAPE:
                    self.close_dialog()
                else:
                    dialog.move_focus(symbol)   # the arrows, a pad's D-pad: every button in reach
            return
        if self.props.active_field() is not None:
            if not acts_on_level(symbol, modifiers):
                self.ui.on_key_press(symbol, modifiers)   # the field's own: letters, caret, Tab, Esc
                return
            self.commit_typing()   # save, play, undo, a tab, F5...: on the level as typed
        if self.sheets.key(symbol, modifiers):
            return
        if any(part.key(symbol, modifiers) for part in self.parts):
            return
        ctrl = bool(modifiers & (key.MOD_CTRL | key.MOD_COMMAND))
        shift = bool(modifiers & key.MOD_SHIFT)
        if ctrl:
            flow = self.file_flow
            action = {key.Z: self.redo if shift else self.undo, key.Y: self.redo,
                      key.S: flow.ask_save_as if shift else flow.save, key.N: flow.ask_new,
                      key.O: flow.ask_open}.get(symbol)
            if action is not None:
                action()
            return
        d = self.model.draft
        if symbol in (key.UP, key.DOWN, key.LEFT, key.RIGHT):
            dr, dc = {key.UP: (-1, 0), key.DOWN: (1, 0), key.LEFT: (0, -1), key.RIGHT: (0, 1)}[symbol]
            r, c = self.cursor
            self.cursor = (max(0, min(d.height - 1, r + dr)), max(0, min(d.width - 1, c + dc)))
            self.keyboard_led = True   # a rectangle's preview follows the keyboard cursor now
        elif symbol in (key.SPACE, key.ENTER, key.RETURN):
            self.paint_cursor()
        elif symbol == key.TAB:
            self.playtest()
        elif symbol == key.F1:
            self.help.show_keys()
        elif symbol == key.F5:
            self.difficulty.start()
        elif symbol in (key.F6, key.F7):
            (self.difficulty_sheet if symbol == key.F6 else self.overview).open()
        elif symbol == key.ESCAPE:
            # The nearest thing first: a half-drawn rectangle, a cell pick, then the editor.
            if self.model.cancel_rect():
                self.say("rectangle cancelled")
            elif self.props.picking_cell:
                self.props.pick_cell()
            else:
                self.leave()

    def _over_widget(self, x: float, y: float) -> bool:
        return bool(y >= self.window.height - HEADER_H or x >= self.window.width - PROPS_W)

    def _move_cursor(self, cell: Cell) -> None:
        self.cursor = cell

    def _put_place(self, place: tuple[Cell, float] | None) -> None:
        """A tab shown again: its cursor and its properties' scroll as they were left (None:
        a level just opened, at the top)."""
        self.cursor, scroll = place or ((0, 0), 0.0)
        if scroll != self.props.scroll:
            self.props.scroll = scroll
            self.on_resize(self.window.width, self.window.height)

    # -- drawing --------------------------------------------------------------------------------------
    def on_draw(self) -> None:
        """The chrome (built once: chrome.py), the title, the board, then each part, then the
        texts that change (one batch), the widgets and a dialog or a tooltip on top."""
        self.clear(color=BG)
        m = self.model
        self.canvas.sync(m.draft, self.colorblind, m.units)
        self.texts.begin_frame()
        self.chrome.draw_under()
        # The title keeps clear of the header's buttons, however narrow the window.
        room = min(b.rect.left for b in self.header_buttons.values()) - 20
        if len(self.tabs) < 2:   # else the tabs' strip names each level there
            self.texts.show("title", clip(self.title().removeprefix("Gridfall editor - "), max(8, int(room / 8.5))),
                            12, self.window.height - HEADER_H / 2, BAD if m.dirty else TEXT, 13, anchor_y="center")
        self.canvas.draw(m.draft, cursor=self.cursor, reach=CELL_GOAL.value(m.draft), flash=self.problems.flash,
                         rect_from=m.rect_anchor, rect_to=self._rect_end() if m.rect_anchor else None,
                         colorblind=self.colorblind)
        quiet = self.mouse_down or self.dialog is not None or self.props.picking_cell or self.selection.busy
        self.chrome.draw_over(None if quiet else self.hover)   # the brush's preview under the pointer
        self.texts.show("undoinfo", f"undo {len(m.history.past)} / redo {len(m.history.future)}", 12, 14, DIM, 10)
        for part in self.parts:
            part.draw()
        self.texts.end_frame()
        self.texts.draw()
        self.ui.draw()
        if self.dialog is not None:
            self.dialog.draw()
        else:
            self.help.draw_tip()
        if self.sheets.draw() and self.dialog is not None:
            self.dialog.draw()   # a dialog asked from a sheet stays on top

    def _rect_end(self) -> Cell:
        """Where a rectangle being drawn ends: the keyboard cursor when keys moved it last."""
        return self.cursor if self.keyboard_led or self.hover is None else self.hover

    # -- the host's dialogs and status line (host.py) ---------------------------------------------------
    def say(self, text: str, bad: bool = False) -> None:
        self.status.say(text, bad)

    def failed(self, what: str, exc: BaseException, doing: str = "save") -> str:
        return self.status.reporter.failed(what, exc, doing)

    def commit_typing(self) -> None:
        """What is typed in a property field counts now: before a save, a close, an open,
        a play-test or a bot run, exactly as when the field loses the focus."""
        f = self.props.active_field()
        if f is not None:
            f.deactivate()

    def open_dialog(self, dialog: Dialog) -> None:
        self.commit_typing()
        self.dialog = dialog

    def close_dialog(self) -> None:
        self.dialog = None

    def show_problems(self, title: str, lines: list[str]) -> None:
        shown: list[list[tuple[Any, ...]]] = [[("label", clip(line, 86), 740)] for line in lines[:12]]
        if len(lines) > 12:
            shown.append([("label", f"... and {len(lines) - 12} more", 740)])
        shown.append([("button", "OK", 100, self.close_dialog)])
        self.open_dialog(Dialog(self.window, title, shown, width=780))


@functools.lru_cache(maxsize=32)
def _where(path: pathlib.Path) -> str:
    """A level's file as the title names it: the pack's folder and the file for a pack's level,
    so the designer always sees which copy is open (asked once per path, not every frame)."""
    return f"{path.parent.name}/{path.name}" if gate.is_file(path.parent / "pack.yaml") else path.name
