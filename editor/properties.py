"""The editor's properties panel: every field, goal, star threshold and rule, kept in step with the model."""

from __future__ import annotations

import functools
import pathlib
from typing import Any

from game.core import Mode

from .base import DIM, HEADER_H, PROPS_W, EditorBase, _text
from .model import clamp_size, parse_scalar
from .widgets import Field, button, button_style, label


class PropertiesPanel(EditorBase):
    """The editor's properties panel, for EditorView."""

    def _build_props(self) -> None:
        left = self.window.width - PROPS_W + 12
        # Scrolled up by _props_scroll when the panel is taller than the window (on_mouse_scroll).
        top = self.window.height - HEADER_H - 12 + self._props_scroll
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
        # Match3 uses the row for its specials switch (rules: specials).
        modes = {Mode.MATCH3}
        add_label("specials", left, y)
        b = button("on", functools.partial(self.toggle_goal, "specials"), x=left + lw, y=y, width=80, height=26)
        self.props_buttons["specials"] = b
        add(b)
        # Slide levels use the same row for their board tools, and the next for the solution.
        modes = {Mode.SLIDE}
        add_label("board", left, y)
        for i, (name, action) in enumerate((("solved", self.slide.solved), ("shuffle", self.slide.shuffle))):
            b = button(name, action, x=left + lw + i * 104, y=y, width=98, height=26)
            self.props_buttons[name] = b
            add(b)
        self._solution_xy = (left, y - row - 6 + 13)
        y -= row + 6
        modes = {Mode.MATCH3, Mode.CHAIN}
        add(label("Goals", x=left, y=y, width=200, height=26, font_size=13))
        y -= row
        add_label("score", left, y)
        add_field("score", left + lw, y, fw)
        y -= row
        modes = set(Mode)   # slide levels have star scores too: never a hidden field's problem
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
        y -= row * 4
        # The blocker goals: clear all the jelly, break all the stones (on/off), bring N drops down.
        for i, (name, text) in enumerate((("goal_jelly", "all jelly"), ("goal_stones", "all stones"))):
            x = left + i * half
            add_label(text, x, y, 84)
            b = button("off", functools.partial(self.toggle_goal, name), x=x + 84, y=y, width=70, height=26)
            self.props_buttons[name] = b
            add(b)
        y -= row
        modes = {Mode.MATCH3}
        add_label("drops", left, y)
        add_field("drops", left + lw, y, fw - 100)
        self._props_bottom = y - row
        unscrolled = self._props_bottom - self._props_scroll
        self._props_max_scroll = max(0.0, 8 - unscrolled)

    # -- keeping widgets in step with the model ----------------------------------------------------
    def refresh(self) -> None:
        d = self.model.draft
        values = {
            "id": d.id, "name": d.name, "description": d.description, "width": str(d.width),
            "height": str(d.height), "kinds": _text(d.kinds), "moves": _text(d.moves),
            "min_match": _text(d.min_match), "min_chain": _text(d.min_chain), "seed": _text(d.seed),
            "score": _text(d.score), "drops": _text(d.drops),
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
        for name in ("specials", "goal_jelly", "goal_stones"):
            on = bool(getattr(d, name))
            self.props_buttons[name].text = "on" if on else "off"
            # A goal that is set shows as chosen, as the mode buttons do.
            self.props_buttons[name].style = button_style(11, selected=on and name != "specials")
        ceiling = self.window.height - HEADER_H
        for widget, used_in in self._mode_widgets:
            # Shown in its modes, and only where the panel is: scrolled out, it hides.
            widget.visible = d.mode in used_in and widget.rect.bottom >= 0 and widget.rect.top <= ceiling
        self.props_buttons["pick cell"].style = button_style(11, selected=self.picking_reach)
        self.cursor = (min(self.cursor[0], d.height - 1), min(self.cursor[1], d.width - 1))
        self.window.set_caption(self.title())

    def scroll_props(self, steps: float) -> None:
        """The mouse wheel over the properties panel: move it when it is taller than the window."""
        scroll = max(0.0, min(self._props_max_scroll, self._props_scroll - steps * 31))
        if scroll != self._props_scroll:
            self._props_scroll = scroll
            self.on_resize(self.window.width, self.window.height)

    def title(self) -> str:
        path = self.model.path
        where = _where(path) if path is not None else (self.origin or "not saved yet")
        return f"Gridfall editor - {self.model.draft.name} ({where}){' *' if self.model.dirty else ''}"

    def _commit(self, key: str, text: str) -> None:
        """A property field was committed (Enter, Tab, or a click elsewhere): one undo step."""
        m = self.model
        if key in ("id", "name", "description"):
            m.set(**{key: text.strip() if key == "id" else text})
        elif key in ("width", "height"):
            try:
                n = int(text.strip())
            except ValueError:
                # Say so and show the board's real size again: never a field that disagrees.
                self.say(f"{key}: '{text.strip()}' is not a whole number; it stays {getattr(m.draft, key)}", bad=True)
                self.refresh()
                return
            fitted = clamp_size(m.draft.mode, n)
            if fitted != n:
                self.say(f"{key} {n} is {'more' if n > fitted else 'less'} than a {m.draft.mode} board "
                         f"can be: set to {fitted}", bad=True)
            w = fitted if key == "width" else m.draft.width
            h = fitted if key == "height" else m.draft.height
            self.resizer.set_size(w, h)
            return
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


@functools.lru_cache(maxsize=32)
def _where(path: pathlib.Path) -> str:
    """A level's file as the title names it: the pack's folder and the file for a pack's level,
    so the designer always sees which copy is open (asked once per path, not every frame)."""
    return f"{path.parent.name}/{path.name}" if (path.parent / "pack.yaml").is_file() else path.name
