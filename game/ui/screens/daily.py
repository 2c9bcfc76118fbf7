"""The daily screen: today's three puzzles (match3, chain, slide), each with its best and streak."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.bots.daily import DAILY_MODES, DailyPuzzle, day_text
from game.core import GOAL_FIELDS, Form, Mode
from game.io.daily_records import daily_replay_path

from game.ui import textures

from game.core import counted
from game.io import gate

from . import style
from .widgets import MenuView, Widget, fit_lines

if TYPE_CHECKING:
    from game.ui.navigator import Navigator


CARD_W, CARD_H, GAP = 340, 330, 28
ICON = 30   # the picture of a goal of kinds' tile (collect's)


def goal_line(puzzle: DailyPuzzle) -> str:
    """What the day's level asks, in a few words: the first goal with a line of its own, in its
    file part's words (a goal of kinds, collect, is drawn with its tile instead: kinds_goal)."""
    level = puzzle.level
    goals = level.goals
    moves = f"in {counted(level.moves, 'move')}" if level.moves is not None else ""
    for goal in GOAL_FIELDS:
        line = goal.daily(goal.value(goals)) if goal.set(goals) else None
        if line is not None:
            return f"{line} {moves}"
    return f"Put the tiles in order {moves}"


def kinds_goal(puzzle: DailyPuzzle) -> tuple[str, int, int] | None:
    """The day's goal of kinds drawn with its tile (collect): its word, its first kind and count; None: none."""
    goals = puzzle.level.goals
    for goal in GOAL_FIELDS:
        if goal.field.form is Form.COUNTS and goal.set(goals):
            kind, count = goal.value(goals)[0]
            return goal.said, kind, count
    return None


def days(n: int) -> str:
    return counted(n, 'day')


class DailyView(MenuView):
    """Three cards, one a mode; choosing one plays the day's level in the normal play screen."""

    def __init__(self, app: "Navigator", focus_mode: Mode | None = None) -> None:
        super().__init__(app.window)
        self.app = app
        self.focus_mode = focus_mode

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        day = self.app.today()
        puzzles = self.app.daily_puzzles()
        self.header("Daily puzzles", f"{day_text(day)}  ·  the same three "
                    "puzzles for everyone today, new ones tomorrow", back=self.app.show_title)
        cw = min(CARD_W, (w - 80 - 2 * GAP) / 3)
        total = 3 * cw + 2 * GAP
        top = h - self.header_height - 40
        for i, puzzle in enumerate(puzzles):
            self._card(puzzle, w / 2 - total / 2 + i * (cw + GAP), top - CARD_H, cw, day)
        self.text("A win keeps your streak: play each mode once a day. Your best run of each day is "
                  f"kept as a replay in {self.app.daily_folder()}", w / 2, top - CARD_H - 44,
                  style.TEXT_MUTED, style.SMALL_SIZE + 1, anchor_x="center", anchor_y="center",
                  max_width=w - 80)

    def _card(self, puzzle: DailyPuzzle, left: float, bottom: float, width: float, day: Any) -> None:
        mode = puzzle.mode
        records = self.app.daily_records
        wd = self.panel(left, bottom, width, CARD_H, 18, name=f"daily:{mode.value}",
                        action=lambda: self.app.play_daily(mode))
        top = bottom + CARD_H
        cx = left + width / 2
        label = style.MODE_LABELS.get(mode, mode.upper())
        self.sprite(style.rounded_rect(120, 30, 15), cx, top - 36, style.MODE_COLORS.get(mode, style.PRIMARY))
        self.text(label, cx, top - 36, (255, 255, 255, 255), 12, bold=True, anchor_x="center", anchor_y="center")
        level = puzzle.level
        wd.texts.append(self.text(f"{level.width} x {level.height} board", cx, top - 84, style.TEXT, 24,
                                  bold=True, anchor_x="center", anchor_y="center"))
        pictured = kinds_goal(puzzle)
        if pictured is not None:
            # The tile to collect as the player will see it, then how many and in how many moves.
            said, kind, count = pictured
            word = self.text(said, 0, top - 124, style.TEXT, style.BODY_SIZE, anchor_y="center")
            line = self.text(f"× {count} in {counted(level.moves or 0, 'move')}", 0, top - 124, style.TEXT,
                             style.BODY_SIZE, anchor_y="center")
            tex = textures.kind(kind, self.app.settings.colorblind)
            total = word.content_width + 6 + ICON + 6 + line.content_width
            while total > width - 28 and word.font_size > style.BODY_SIZE * 0.75:
                # A narrow card (a 960x640 window): both words a size smaller, the line kept whole.
                word.font_size -= 1
                line.font_size = word.font_size
                total = word.content_width + 6 + ICON + 6 + line.content_width
            word.x = cx - total / 2
            icon = self.sprite(tex, word.x + word.content_width + 6 + ICON / 2, top - 124)
            icon.scale = ICON / tex.width
            line.x = icon.center_x + ICON / 2 + 6
        else:
            goal = self.text(goal_line(puzzle), cx, top - 124, style.TEXT, style.BODY_SIZE, anchor_x="center",
                             anchor_y="center")
            while goal.content_width > width - 28 and goal.font_size > style.BODY_SIZE * 0.75:
                goal.font_size -= 1   # a narrow card (a 960x640 window): a little smaller first
            if goal.content_width > width - 28:
                # Then two whole lines rather than "Put the tiles in order in 54 mo…".
                goal.font_size, goal.width, goal.y = style.BODY_SIZE, int(width - 28), top - 126
                goal.multiline, goal.align = True, "center"
                fit_lines(goal, 2)
        best = records.best(mode.value, day)
        for s in range(3):
            earned = best is not None and s < best.stars
            self.sprite(style.star(30), cx + (s - 1) * 38, top - 170, style.GOLD if earned else style.STAR_EMPTY)
        game = records.saved_game(mode.value, day)
        if game is not None:
            note, color = f"In progress: {counted(len(game.commands), 'move')} in, resume", style.GOLD
        elif best is not None:
            note, color = f"Today's best: {best.score:,} in {counted(best.moves, 'move')}", style.BAR_FILL
        else:
            note, color = "Not won yet today", style.TEXT_MUTED
        self.text(note, cx, top - 212, color, style.BODY_SIZE, anchor_x="center", anchor_y="center",
                  max_width=width - 28)
        streak = records.streak(mode.value, day)
        self.text(f"Streak: {days(streak)}", cx, top - 250, style.GOLD if streak else style.TEXT_MUTED, 18,
                  bold=True, anchor_x="center", anchor_y="center")
        self.text(f"Longest: {days(records.longest(mode.value))}", cx, top - 280, style.TEXT_MUTED,
                  style.SMALL_SIZE + 1, anchor_x="center", anchor_y="center")
        play_x = cx
        if best is not None and gate.is_file(daily_replay_path(level.id)):
            # Today's best game, kept when it was won, in the replay theatre.
            self.button("Watch", left + width - 12 - 76, bottom + 9, 76, 28,
                        lambda: self.app.watch_daily_best(mode), name=f"watch:{mode.value}", font_size=12,
                        colors=(style.OPTION, style.OPTION_HOVER))   # darker than the card: a button on it
            play_x = left + (width - 88) / 2
        self.text("Resume" if game is not None else "Play" if best is None else "Play again", play_x, bottom + 22, style.TEXT_DIM,
                  style.SMALL_SIZE, anchor_x="center", anchor_y="center")

    def initial_focus(self) -> Widget | None:
        """The mode we came back from, else the first mode not won today."""
        want = self.focus_mode
        if want is None:
            day = self.app.today()
            want = next((m for m in DAILY_MODES if self.app.daily_records.best(m.value, day) is None),
                        DAILY_MODES[0])
        return next((wd for wd in self.widgets if wd.name == f"daily:{want.value}"), super().initial_focus())

    def on_back(self) -> None:
        self.app.show_title()
