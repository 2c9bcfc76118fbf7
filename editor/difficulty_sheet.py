"""The difficulty report over the board: what the lost games lacked, the pass rate against the move
limit (pick a limit on the curve, Apply sets it), and the wins by move, with axes."""

from __future__ import annotations

from collections.abc import Callable
import arcade

from game.bots.playtest import cap_for
from game.ui.layout import Rect

from . import charts
from .look import BAD, DIM, GOOD, PANEL, SELECTED, TEXT, WARN
from .difficulty import Figures, histogram
from .host import Host
from .texts import Texts
from .overlay import board_area

SHEET_BG = (30, 32, 58)
BAND = (44, 48, 82)
TARGET_LINE = (150, 130, 60)
CHART_GAP = 44


class DifficultySheet:
    """A part: opened from the Difficulty panel (Details, or F6); Escape or Close shuts it.
    It reads the figures of the level as it is now and changes only the move limit (Apply)."""

    def __init__(self, host: Host, figures: Callable[[], Figures | None], run: Callable[[], None],
                 target: Callable[[], float]) -> None:
        self.host = host
        self._figures = figures
        self._run = run
        self._target = target
        self.labels = Texts()   # this sheet's texts, its charts' labels too
        self.is_open = False
        self.picked: int | None = None    # the move limit picked on the curve
        self.buttons: dict[str, Rect] = {}
        self._curve: charts.Plot | None = None

    # -- opening and acting ---------------------------------------------------------------------
    def open(self) -> None:
        self.is_open = True
        figures = self._figures()
        self.picked = figures.report.suggested_moves if figures is not None else None
        if figures is None:
            self.host.say("no figures for the level as it is now: Run (F5) plays it")

    def close(self) -> None:
        self.is_open = False

    def area(self) -> Rect:
        return board_area(self.host.window.width, self.host.window.height)

    def pick(self, limit: int) -> None:
        figures = self._figures()
        if figures is None or not figures.report.limit_curve:
            return
        limits = [lim for lim, _ in figures.report.limit_curve]
        self.picked = max(limits[0], min(limits[-1], limit))

    def apply(self) -> None:
        """Set the picked move limit (one undo step); the figures are then the old level's."""
        figures = self._figures()
        if figures is None or self.picked is None or self.picked == self.host.model.draft.moves:
            return
        moves = self.picked
        if self.host.model.set(moves=moves):
            self.host.say(f"move limit set to {moves} (Ctrl+Z undoes it); F5 plays it again to check")
        self.close()
        self.host.refresh()

    # -- input ------------------------------------------------------------------------------------
    def press(self, x: float, y: float, button: int, modifiers: int) -> None:
        for name, rect in self.buttons.items():
            if rect.contains(x, y):
                {"close": self.close, "apply": self.apply, "run": self._run_now}[name]()
                return
        self.drag(x, y)

    def drag(self, x: float, y: float) -> None:
        curve = self._curve
        if curve is not None and curve.box.left - 8 <= x <= curve.box.right + 8 and \
                curve.box.bottom - 8 <= y <= curve.box.top + 8:
            self.pick(round(curve.x_at(x)))

    def release(self, x: float, y: float) -> None:
        pass

    def scroll(self, x: float, y: float, amount: float) -> None:
        if self.picked is not None:
            self.pick(self.picked + (1 if amount > 0 else -1))

    def key(self, symbol: int, modifiers: int) -> bool:
        k = arcade.key
        if symbol == k.ESCAPE or symbol == k.F6:
            self.close()
        elif symbol in (k.LEFT, k.RIGHT) and self.picked is not None:
            self.pick(self.picked + (1 if symbol == k.RIGHT else -1))
        elif symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            self.apply()
        else:
            return False
        return True

    def _run_now(self) -> None:
        self.close()
        self._run()

    # -- drawing ----------------------------------------------------------------------------------
    def _button(self, name: str, text: str, rect: Rect, enabled: bool = True) -> None:
        arcade.draw_lrbt_rectangle_filled(rect.left, rect.right, rect.bottom, rect.top, SELECTED if enabled else PANEL)
        self.labels.show(f"b:{name}", text, *rect.center, TEXT if enabled else DIM, 10,
                        anchor_x="center", anchor_y="center")
        if enabled:
            self.buttons[name] = rect

    def draw(self) -> None:
        if not self.is_open:
            return
        area = self.area()
        self.buttons = {}
        self._curve = None
        self.labels.begin_frame()
        arcade.draw_lrbt_rectangle_filled(area.left, area.right, area.bottom, area.top, SHEET_BG)
        arcade.draw_lrbt_rectangle_outline(area.left, area.right, area.bottom, area.top, DIM, 1)
        left, top = area.left + 16, area.top - 20
        level = self.host.model.draft
        # Every line is measured into the sheet (the title clear of Close): none runs into
        # the properties panel beside it, however small the window.
        self.labels.show("title", f"How hard is '{level.name or level.id}'?", left, top, TEXT, 14,
                        room=area.right - 116 - left, bold=True, anchor_y="center")
        self._button("close", "Close (Esc)", Rect(area.right - 106, top - 12, 94, 24))
        figures = self._figures()
        if figures is None:
            self.labels.show("none", "The bots have not played the level as it is now.", left, top - 36, DIM, 11,
                            anchor_y="center")
            self._button("run", "Run (F5)", Rect(left, top - 80, 90, 26))
            self.labels.draw()
            return
        self._draw_figures(figures, area, left, top)
        self.labels.draw()

    def _draw_figures(self, figures: Figures, area: Rect, left: float, top: float) -> None:
        r = figures.report
        lo, hi = r.interval
        lost = r.games - r.wins
        room = area.right - 12 - left
        win = f"; a win takes {r.median_moves} moves" if r.median_moves is not None else ""
        head = (f"{r.label}: bots win {r.pass_rate:.0%} ({lo:.0%}-{hi:.0%}) of {r.games} person-like games{win}",
                f"{r.label}: bots win {r.pass_rate:.0%} ({lo:.0%}-{hi:.0%}) of {r.games} games{win}",
                f"{r.label}: bots win {r.pass_rate:.0%} of {r.games} games{win}")
        self.labels.show("head", head, left, top - 30, TEXT, 11, room=room, anchor_y="center")
        y = top - 52
        if lost and r.lost_goals:
            self.labels.show("lost", f"Of the {lost} lost games:", left, y, DIM, 10, anchor_y="center")
            for i, goal in enumerate(r.lost_goals[:4]):
                y -= 16
                self.labels.show(f"lost{i}", f"{goal.share:.0%} ended with {goal.phrase}",
                                left + 12, y, WARN if goal.share >= 0.5 else TEXT, 10, room=room - 12,
                                anchor_y="center")
        elif lost:
            self.labels.show("lost", f"{lost} lost games, every goal met or none set (a score run)", left, y,
                            DIM, 10, room=room, anchor_y="center")
        else:
            self.labels.show("lost", "The bots won every game.", left, y, GOOD, 10, anchor_y="center")
        charts_top = y - 26
        charts_bottom = area.bottom + 86
        if charts_top - charts_bottom < 60:
            return
        half = (area.width - 2 * 56 - CHART_GAP) / 2
        curve_box = Rect(area.left + 56, charts_bottom, half, charts_top - charts_bottom - 16)
        hist_box = Rect(curve_box.right + CHART_GAP + 40, charts_bottom, half - 40, curve_box.height)
        self._draw_curve(figures, curve_box, hist_box.left - 40 - 8)
        self._draw_wins(figures, hist_box, area.right - 8)

    def _draw_curve(self, figures: Figures, box: Rect, right: float) -> None:
        """The pass rate against the move limit, its texts kept left of `right` (the other chart)."""
        r = figures.report
        self.labels.show("ct", ("Pass rate by move limit (click to pick)", "Pass rate by move limit", "Pass rate"),
                        box.left, box.top + 10, TEXT, 10, room=right - box.left, anchor_y="center")
        curve = r.limit_curve
        if not curve:
            self.labels.show("cnone", "no move limit to vary", box.center[0], box.center[1], DIM, 10,
                            anchor_x="center", anchor_y="center")
            return
        plot = charts.Plot(box, curve[0][0] - 0.5, curve[-1][0] + 0.5, 0.0, 1.0)
        self._curve = plot
        target = self._target()
        charts.bands(plot, [(target - 0.1, target + 0.1, BAND)])
        charts.axes(plot, self.labels, "c", x_title="move limit", y_title="bots win",
                    x_fmt=lambda v: f"{v:.0f}", y_fmt=lambda v: f"{v:.0%}",
                    x_ticks=[t for t in charts.ticks(curve[0][0], curve[-1][0], 8) if t == int(t)],
                    y_ticks=[0.0, 0.25, 0.5, 0.75, 1.0])
        limit = r.move_limit
        if limit is not None:
            charts.marker(plot, limit, TEXT, 1)
            self.labels.show("cnow", f"now {limit}", plot.px(limit) + 3, box.top - 8, TEXT, 9,
                             room=right - plot.px(limit) - 3, anchor_y="center")
        played_to = cap_for(figures.level)
        if limit is not None and played_to is not None and curve[-1][0] > limit:
            self.labels.show("cpast", ("games played on past the limit", "played on past it", ""),
                             plot.px(limit) + 3, box.top - 22, DIM, 8, room=right - plot.px(limit) - 3,
                             anchor_y="center")
        charts.line(plot, curve, GOOD, 2)
        picked = self.picked
        rates = dict(curve)
        if picked is not None and picked in rates:
            charts.marker(plot, picked, WARN, 2)
            arcade.draw_circle_filled(plot.px(picked), plot.py(rates[picked]), 5, WARN)
            shown = self.labels.show("cpick", (f"{picked} moves: bots win {rates[picked]:.0%}",
                                              f"{picked} moves: {rates[picked]:.0%}"), plot.px(picked),
                                    plot.py(rates[picked]) + 14, WARN, 10, room=box.width - 8, anchor_x="center",
                                    anchor_y="center", bold=True)
            half = shown.content_width / 2   # inside the plot, clear of the axis's numbers
            shown.x = max(box.left + half + 4, min(box.right - half, plot.px(picked)))
        can = picked is not None and picked != limit
        said = f"Apply {picked} moves" if picked is not None else "Apply"
        self._button("apply", said, Rect(box.left, box.bottom - 70, 150, 26), enabled=can)
        self.labels.show("chint", (f"the band: {self._target():.0%} +-10%, the panel's aim; Left/Right pick",
                                   f"the band: {self._target():.0%} +-10%; Left/Right pick"),
                         box.left + 160, box.bottom - 57, DIM, 9, room=self.area().right - 12 - (box.left + 160),
                         anchor_y="center")

    def _draw_wins(self, figures: Figures, box: Rect, right: float) -> None:
        level = figures.level
        cap = cap_for(level)
        self.labels.show("ht", ("Wins by the move that won them", "Wins by move"), box.left, box.top + 10,
                         TEXT, 10, room=right - box.left, anchor_y="center")
        if not figures.records or cap is None:
            why = "kept figures: run again (F5) for the games" if not figures.records else "no move limit"
            self.labels.show("hnone", why, box.center[0], box.center[1], DIM, 10, room=right - box.left + 40,
                             anchor_x="center", anchor_y="center")
            return
        counts = histogram(figures.records, cap)
        tallest = max(counts) or 1
        top = max(t for t in charts.ticks(0, tallest, 4) + [tallest])
        plot = charts.Plot(box, 0.5, cap + 0.5, 0.0, float(top))
        charts.axes(plot, self.labels, "h", x_title="moves", y_title="games",
                    x_fmt=lambda v: f"{v:.0f}", y_fmt=lambda v: f"{v:.0f}",
                    x_ticks=[t for t in charts.ticks(1, cap, 8) if t == int(t)],
                    y_ticks=[t for t in charts.ticks(0, top, 4) if t == int(t)])
        limit = level.moves or cap
        charts.bars(plot, [(m, n, GOOD if m <= limit else (90, 96, 130)) for m, n in enumerate(counts, 1)], 1.0)
        charts.marker(plot, limit + 0.5, BAD if figures.report.pass_rate < 0.05 else TEXT, 1)
        self.labels.show("hnow", f"limit {limit}", plot.px(limit + 0.5) + 3, box.top - 8, TEXT, 9, anchor_y="center")
