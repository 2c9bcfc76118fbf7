"""The editor's properties panel: every field, goal, star threshold and rule, kept in step with the model."""

from __future__ import annotations

import functools
import random
from typing import Any, Callable

import arcade

from game.core import FALLERS, GOAL_FIELDS, SPECIALS, Mode, SpecialSort, Widget
from game.ui import textures
from game.ui.screens import style

from . import slide_tools
from .blocker_tools import goal_fields
from .draft import Draft
from .host import Host, Part
from .look import DIM, GOOD, HEADER_H, PROPS_W, TEXT, as_text, clip
from .model import Cell, clamp_size, mode_switch_losses, parse_scalar, with_count, with_star
from .resize_flow import ResizeFlow
from .slide_actions import SlideActions
from .widgets import Field, button, button_style, label, restyle

ROW = 31   # one row of the panel, in pixels
# The goal a click on the board can set (its value a cell: 'pick cell'), and the goal of kinds
# (a field a kind, beside its tile): one of each, as the file parts say (goal_fields).
CELL_GOAL = next(goal for goal in GOAL_FIELDS if goal.editor.widget is Widget.CELL)
KINDS_GOAL = next(goal for goal in GOAL_FIELDS if goal.editor.widget is Widget.PER_KIND)
PANEL_GOALS = tuple(sorted(GOAL_FIELDS, key=lambda goal: goal.editor.order))   # score, reach, collect
STARS_AFTER = 1   # the star scores' row comes after this many goal rows (under the first)


def forms(draft: Draft) -> set[SpecialSort]:
    """The sorts of special a draft lets form: its `specials:` words that are sorts (as
    written, a misspelt one is left out), every sort when it names none."""
    if draft.special_sorts is None:
        return set(SpecialSort)
    return {s for s in SpecialSort if s.value in draft.special_sorts}


class PropertiesPanel(Part):
    """A part of the editor: the panel on the right. It owns its widgets (made anew for each
    window size by build), how far it is scrolled, a cell goal's pick (CELL_GOAL), and the slide
    board's solution count; it changes the level through the model, one undo step a change."""

    def __init__(self, host: Host, resizer: ResizeFlow, slide: SlideActions, relayout: Callable[[], None],
                 colorblind: bool) -> None:
        super().__init__(host)
        self._resizer = resizer
        self._slide = slide
        self._relayout = relayout   # make the editor's widgets anew (a scroll moves them all)
        self._colorblind = colorblind
        self.fields: dict[str, Field] = {}
        self.buttons: dict[str, Any] = {}
        self._mode_widgets: list[tuple[Any, frozenset[str]]] = []
        self.scroll = 0.0        # how far the panel is scrolled (a short window)
        self.max_scroll = 0.0
        self.picking_cell = False   # the next click on the board sets CELL_GOAL
        self.solutions = slide_tools.SolutionCounter()   # a slide board's solution length
        self._solution_xy = (0.0, 0.0)
        self._cell_xy = (0.0, 0.0)
        self._kind_icons: list[tuple[int, float, float]] = []
        self._icons: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._icons_built: tuple[Any, ...] | None = None

    def build(self, ui: Any) -> None:
        """Make the panel's widgets for the window as it is (into the editor's UIManager `ui`)."""
        window = self.host.window
        self.fields, self.buttons = {}, {}
        self._icons_built = None
        left = window.width - PROPS_W + 12
        # Scrolled up by `scroll` when the panel is taller than the window (the mouse wheel).
        top = window.height - HEADER_H - 12 + self.scroll
        row = ROW
        lw = 92
        fw = PROPS_W - lw - 30
        y = top - row

        modes = set(Mode)
        self._mode_widgets = []

        def add(widget: Any) -> None:
            # Each widget remembers which modes use it; the others hide it (see refresh).
            self._mode_widgets.append((widget, frozenset(modes)))
            ui.add(widget)

        def add_label(text: str, x: float, y: float, width: float = lw) -> None:
            add(label(text, x=x, y=y, width=width, height=26, color=DIM))

        def add_field(key: str, x: float, y: float, width: float) -> None:
            f = Field(key, self._commit, on_tab=self._tab, on_edit=self._typed, x=x, y=y, width=width, height=26)
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
            self.buttons["mode:" + mode] = b
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
        self.buttons["new seed"] = b
        add(b)
        y -= row
        modes = {Mode.CHAIN}
        add_label("diagonal", left, y)
        b = button("on", self.toggle_diagonal, x=left + lw, y=y, width=80, height=26)
        self.buttons["diagonal"] = b
        add(b)
        # Match3 uses the row for its specials switch (rules: specials) and, beside it, the
        # sorts a run may form there (the file's `specials:`), each on or off.
        modes = {Mode.MATCH3}
        add_label("specials", left, y)
        b = button("on", functools.partial(self.toggle_goal, "specials"), x=left + lw, y=y, width=40, height=26)
        self.buttons["specials"] = b
        add(b)
        x = left + lw + 44
        for sort in (unit.sort for unit in SPECIALS):
            # Its word as the button writes it, with room either side (a narrow word: a button's least).
            width = max(46, round(arcade.Text(sort.value, 0, 0, font_size=11, font_name=style.BODY_FONT).content_width) + 12)
            b = button(sort.value, functools.partial(self.toggle_sort, sort), x=x, y=y, width=width, height=26)
            self.buttons["sort:" + sort] = b
            add(b)
            x += width + 4
        # Slide levels use the same row for their board tools, and the next for the solution.
        modes = {Mode.SLIDE}
        add_label("board", left, y)
        for i, (name, action) in enumerate((("solved", self._slide.solved), ("shuffle", self._slide.shuffle))):
            b = button(name, action, x=left + lw + i * 104, y=y, width=98, height=26)
            self.buttons[name] = b
            add(b)
        self._solution_xy = (left, y - row - 6 + 13)
        y -= row + 6
        modes = {Mode.MATCH3, Mode.CHAIN}
        add(label("Goals", x=left, y=y, width=200, height=26, font_size=13))
        y -= row
        # Each goal's row as its file part says (goal_fields), shown in the modes its field is in;
        # the star scores' row under the first, in every mode (slide levels have star scores too:
        # never a hidden field's problem).
        for i, goal in enumerate(PANEL_GOALS):
            if i == STARS_AFTER:
                modes = set(Mode)
                add_label("stars", left, y)
                sw = (fw - 8) / 3
                for j in range(3):
                    add_field(f"star{j}", left + lw + j * (sw + 4), y, sw)
                y -= row
            modes = set(goal.field.modes)
            add_label(goal.editor.label, left, y)
            widget = goal.editor.widget
            if widget is Widget.NUMBER:
                add_field(goal.name, left + lw, y, fw)
                y -= row
            elif widget is Widget.CELL:
                b = button("pick cell", self.pick_cell, x=left + lw + 70, y=y, width=96, height=26)
                self.buttons["pick cell"] = b
                add(b)
                b = button("clear", self.clear_cell, x=left + lw + 172, y=y, width=70, height=26)
                self.buttons[f"clear {goal.editor.label}"] = b
                add(b)
                self._cell_xy = (left + lw + 4, y + 13)
                y -= row
            else:
                self._kind_icons = []
                cw = (PROPS_W - 24) / 3
                for k in range(1, 10):
                    j = k - 1
                    x = left + (j % 3) * cw
                    yy = y - row * (j // 3) - row
                    self._kind_icons.append((k, x + 13, yy + 13))
                    add_field(f"{goal.name}{k}", x + 30, yy, cw - 38)
                y -= row * 4
        modes = {Mode.MATCH3, Mode.CHAIN}
        # The blocker goals (clear every one: on/off), two a row, then each faller's (bring N down).
        for i, (unit, name) in enumerate(goal_fields()):
            x = left + (i % 2) * half
            add_label(f"all {unit.name}", x, y, 84)
            b = button("off", functools.partial(self.toggle_goal, name), x=x + 84, y=y, width=70, height=26)
            self.buttons[name] = b
            add(b)
            if i % 2 or i == len(goal_fields()) - 1:
                y -= row
        for i, faller in enumerate(FALLERS):
            y -= row if i else 0
            modes = set(faller.modes)
            add_label(str(faller.goal), left, y)
            add_field(str(faller.goal), left + lw, y, fw - 100)
        unscrolled = y - row - self.scroll
        self.max_scroll = max(0.0, 8 - unscrolled)

    # -- keeping widgets in step with the model ----------------------------------------------------
    def refresh(self) -> None:
        d = self.host.model.draft
        values = {
            "id": d.id, "name": d.name, "description": d.description, "width": str(d.width),
            "height": str(d.height), "kinds": as_text(d.kinds), "moves": as_text(d.moves),
            "min_match": as_text(d.min_match), "min_chain": as_text(d.min_chain), "seed": as_text(d.seed),
            **{goal.name: as_text(goal.value(d)) for goal in GOAL_FIELDS if goal.editor.widget is Widget.NUMBER},
            **{str(f.goal): as_text(d.wanted(f.goal)) for f in FALLERS},
        }
        stars = d.stars or (None, None, None)
        for i in range(3):
            values[f"star{i}"] = as_text(stars[i])
        counts = dict(KINDS_GOAL.value(d))
        for k in range(1, 10):
            values[f"{KINDS_GOAL.name}{k}"] = as_text(counts.get(k))
        for key, text in values.items():
            self.fields[key].show(text)
        for mode in Mode:
            restyle(self.buttons["mode:" + mode], button_style(11, selected=mode == d.mode))
        self.buttons["diagonal"].text = "on" if d.diagonal else "off"
        for name in ("specials", *(flag for _, flag in goal_fields())):
            on = d.flag(name)
            self.buttons[name].text = "on" if on else "off"
            # A goal that is set shows as chosen, as the mode buttons do.
            restyle(self.buttons[name], button_style(11, selected=on and name != "specials"))
        forming = forms(d)
        for sort in SpecialSort:
            # A sort that forms shows as chosen; with the switch off none does.
            restyle(self.buttons["sort:" + sort], button_style(11, selected=d.specials and sort in forming))
        ceiling = self.host.window.height - HEADER_H
        for widget, used_in in self._mode_widgets:
            # Shown in its modes, and only where the panel is: scrolled out, it hides.
            widget.visible = d.mode in used_in and widget.rect.bottom >= 0 and widget.rect.top <= ceiling
        restyle(self.buttons["pick cell"], button_style(11, selected=self.picking_cell))

    def scroll_by(self, steps: float) -> None:
        """The mouse wheel over the panel: move it when it is taller than the window."""
        scroll = max(0.0, min(self.max_scroll, self.scroll - steps * ROW))
        if scroll != self.scroll:
            self.scroll = scroll
            self._relayout()

    def model_replaced(self) -> None:
        self.picking_cell = False

    # -- what its buttons change: one undo step each ----------------------------------------------------
    def set_mode(self, mode: Mode) -> None:
        model = self.host.model
        before = model.draft
        if model.set_mode(mode):
            lost = mode_switch_losses(before, model.draft)
            if lost:
                self.host.say(f"now {mode}: dropped {', '.join(lost)} (Ctrl+Z brings them back)", bad=True)
        self.host.refresh()

    def toggle_goal(self, name: str) -> None:
        """The blocker goals and the specials rule: on/off buttons, one undo step each."""
        d = self.host.model.draft
        self.host.model.set(**{name: not d.flag(name)})
        self.host.refresh()

    def toggle_sort(self, sort: SpecialSort) -> None:
        """A sort of special on or off (one undo step): all three on is the file's default, no
        `specials:` written; the switch turned off is turned on with the sort alone."""
        d = self.host.model.draft
        now = forms(d) if d.specials else set()
        now ^= {sort}
        sorts = None if now == set(SpecialSort) else tuple(s.value for s in SpecialSort if s in now)
        self.host.model.set(specials=True, special_sorts=sorts)
        self.host.refresh()

    def new_seed(self) -> None:
        self.host.model.set(seed=random.randrange(1, 1 << 31))
        self.host.refresh()

    def toggle_diagonal(self) -> None:
        self.host.model.set(diagonal=not self.host.model.draft.diagonal)
        self.host.refresh()

    def clear_cell(self) -> None:
        self.host.model.set(**{CELL_GOAL.name: None})
        self.picking_cell = False
        self.host.refresh()

    def pick_cell(self) -> None:
        """'pick cell' (again, or Esc: no pick): the next click on the board sets CELL_GOAL."""
        self.picking_cell = not self.picking_cell
        self.host.say(CELL_GOAL.editor.pick if self.picking_cell else "")
        self.host.refresh()

    def set_cell(self, cell: Cell) -> None:
        self.host.model.set(**{CELL_GOAL.name: cell})
        self.picking_cell = False
        self.host.say(CELL_GOAL.editor.picked.format(row=cell[0], column=cell[1]))
        self.host.refresh()

    def stop_picking(self) -> None:
        """Another tool was chosen: a click on the board paints again."""
        self.picking_cell = False

    # -- drawing what is not a widget: the solution, a cell goal's cell, the kinds' icons, a scroll bar ----
    def draw(self) -> None:
        window = self.host.window
        d = self.host.model.draft
        text = self.host.texts.show
        ceiling = window.height - HEADER_H
        if d.mode == Mode.SLIDE and 0 <= self._solution_xy[1] <= ceiling:
            text("solution", clip(self.solutions.text(d), slide_tools.SOLUTION_CHARS), *self._solution_xy, TEXT, 11, anchor_y="center")
        if d.mode in CELL_GOAL.field.modes and 0 <= self._cell_xy[1] <= ceiling:
            if self.picking_cell:
                text(CELL_GOAL.name, "pick...", *self._cell_xy, GOOD, 10, anchor_y="center")
            else:
                r = CELL_GOAL.value(d)
                text(CELL_GOAL.name, f"{r[0]},{r[1]}" if r else "none", *self._cell_xy, TEXT, 11, anchor_y="center")
        key = (d.mode, d.kinds)
        if key != self._icons_built:
            self._build_icons()
            self._icons_built = key
        self._icons.draw()
        if self.max_scroll > 0:
            # A scroll bar: the panel holds more than it shows (the wheel moves it).
            span = ceiling
            shown = span / (span + self.max_scroll)
            top = ceiling - (self.scroll / (span + self.max_scroll)) * span
            arcade.draw_lrbt_rectangle_filled(window.width - 6, window.width - 2, top - span * shown, top, DIM)

    def _build_icons(self) -> None:
        """The kind beside each field of KINDS_GOAL (faint for a kind the level does not have)."""
        self._icons = arcade.SpriteList()
        d = self.host.model.draft
        if d.mode == Mode.SLIDE:
            return
        for k, x, y in self._kind_icons:
            if not 0 <= y <= self.host.window.height - HEADER_H:
                continue   # scrolled out of the panel
            s = arcade.Sprite(textures.kind(k, self._colorblind), center_x=x, center_y=y)
            s.width = s.height = 22
            s.alpha = 255 if not isinstance(d.kinds, int) or k <= d.kinds else 90
            self._icons.append(s)

    def _commit(self, key: str, text: str) -> None:
        """A property field was committed (Enter, Tab, or a click elsewhere): one undo step."""
        host = self.host
        m = host.model
        if key in ("width", "height"):
            try:
                n = int(text.strip())
            except ValueError:
                # Say so and show the board's real size again: never a field that disagrees.
                host.say(f"{key}: '{text.strip()}' is not a whole number; it stays {getattr(m.draft, key)}", bad=True)
                host.refresh()
                return
            fitted = clamp_size(m.draft.mode, n)
            if fitted != n:
                host.say(f"{key} {n} is {'more' if n > fitted else 'less'} than a {m.draft.mode} board "
                         f"can be: set to {fitted}", bad=True)
            w = fitted if key == "width" else m.draft.width
            h = fitted if key == "height" else m.draft.height
            self._resizer.set_size(w, h)
            return
        else:
            m.set(**self._values(key, text))   # ends the typing stroke: one undo step
        host.refresh()

    def _typed(self, key: str, text: str) -> None:
        """A key typed in a field: the level holds the text at once (one stroke, one undo step
        when the field lets go), so every command, the title's '*' and the autosave see it. A
        size waits for the commit: a half-typed width would cut the board."""
        if key in ("width", "height"):
            return
        self.host.model.typed(**self._values(key, text))
        self.host.refresh()

    def _values(self, key: str, text: str) -> dict[str, Any]:
        """The draft's fields a property field's text sets."""
        d = self.host.model.draft
        if key in ("id", "name", "description"):
            return {key: text.strip() if key == "id" else text}
        if key.startswith("star"):
            return {"stars": with_star(d, int(key[4:]), parse_scalar(text))}
        name = KINDS_GOAL.name
        if key.startswith(name) and key[len(name):].isdigit():
            return {name: with_count(KINDS_GOAL.value(d), int(key[len(name):]), parse_scalar(text))}
        return {key: parse_scalar(text)}

    def _tab(self, field: Field, back: bool) -> None:
        keys = [k for k, f in self.fields.items() if f.visible or k == field.key]
        i = keys.index(field.key)
        self.fields[keys[(i + (-1 if back else 1)) % len(keys)]].enter()

    def active_field(self) -> Field | None:
        return next((f for f in self.fields.values() if f.active), None)

