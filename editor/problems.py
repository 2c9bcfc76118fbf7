"""The problems strip: the level's problems and warnings (click one to see its cell), its pack's, and the status line."""

from __future__ import annotations

import re
import textwrap
from typing import Callable

import arcade

from game.core import Problem
from game.ui.layout import Rect

from .difficulty import DifficultyPanel
from .file_flow import FileFlow
from .host import Host, Part
from .look import BAD, DIM, GOOD, PALETTE_W, PROBLEMS_H, PROPS_W, TEXT, WARN, clip
from .model import Cell
from .pack_check import PackCheck
from .status import StatusLine

LINES = 4   # problem lines the strip shows (and one for "... and N more" clear of the status line)
STATUS_LINES = 3   # a long status message's lines at most (each past the first hides a problem line)


class _PathWrapper(textwrap.TextWrapper):
    """Wraps at spaces and after a path's '/' (never at its '-': 'my-long-folder-' / 'name'),
    so a long path goes on the next line folder by folder, not cut mid-name."""

    wordsep_re = re.compile(r"(\s+)|(?<=/)(?=\S)")


def _wrapped(text: str, width: int) -> list[str]:
    return _PathWrapper(width).wrap(text)


class ProblemsPanel(Part):
    """A part of the editor: the strip under the board. It owns the rows as drawn (for clicks),
    how far the list is scrolled, the cell a clicked problem flashes, and the pack's check; the
    level's own problems it asks of the model (or, until the first edit of a file opened with
    problems, of the file as opened), the warnings of the model, the files and the bots."""

    def __init__(self, host: Host, status: StatusLine, file_flow: FileFlow, difficulty: DifficultyPanel,
                 move_cursor: Callable[[Cell], None]) -> None:
        super().__init__(host)
        self._status = status
        self._file_flow = file_flow
        self._difficulty = difficulty
        self._move_cursor = move_cursor
        self.pack_check = PackCheck()   # the pack's problems, as gridfall validate finds them
        self.rows: list[tuple[Rect, Problem]] = []   # the problems as drawn this frame
        self.first = 0   # the first problem shown (the wheel scrolls the list)
        self.flash: Cell | None = None   # the cell of the problem clicked last, shown red

    def warnings(self) -> list[Problem]:
        """What the designer should know that does not stop the level: the core's design
        warnings, an id another file already has, and what the bots' games say."""
        taken = self._file_flow.id_taken()
        return (list(self.host.model.warnings()) + ([taken] if taken is not None else [])
                + self._difficulty.warnings())

    def shown(self) -> list[Problem]:
        """The level's problems, then its pack's as `gridfall validate` finds them. Until the
        first edit of a file opened with problems, the level's are the loader's own, with
        their lines (the draft can hold less than a hand-edited file says)."""
        model = self.host.model
        loaded = self._file_flow.loaded
        if loaded is not None and loaded.draft is model.draft:
            own = [Problem((p.field or "file",), f"{p.message} (line {p.line}, column {p.column})")
                   for p in loaded.problems] + [Problem(("opened",), c) for c in loaded.changed]
        else:
            own = list(model.problems())
        return own + list(self.pack_check.problems(model.path))

    def click(self, x: float, y: float, button: int) -> bool:
        for rect, problem in self.rows:
            if rect.contains(x, y):
                self.show(problem)
                return True
        return False

    def show(self, problem: Problem) -> None:
        """Clicking a problem shows its cell: the cursor goes there and the cell flashes red."""
        self.flash = problem.cell
        if problem.cell is not None:
            self._move_cursor(problem.cell)
        self.host.say(str(problem), bad=True)

    def scroll(self, steps: float) -> None:
        listed = len(self.shown()) + len(self.warnings())
        self.first = max(0, min(listed - 1, self.first - int(steps)))

    def model_replaced(self) -> None:
        self.flash = None

    def _wrap(self, said: str, chars: int, room: float) -> list[str]:
        """Lines of at most `room` pixels as drawn (the character count first guesses, then
        narrows until every line fits: a line is never cut, its words all read)."""
        fit = self.host.texts.fit
        for n in range(chars, 7, -2):
            lines = textwrap.wrap(said, n)
            if all(fit(line, room, 11) == line for line in lines):
                return lines
        return textwrap.wrap(said, 8)

    def draw(self) -> None:
        text = self.host.texts.show
        problems = self.shown()
        warnings = self.warnings()
        if self.flash is not None and all(p.cell != self.flash for p in (*problems, *warnings)):
            self.flash = None   # the problem it showed is fixed: no red left behind
        left = PALETTE_W + 12
        top = PROBLEMS_H - 12
        self.rows = []
        width = self.host.window.width - PROPS_W - PALETTE_W - 16 - self._difficulty.width()
        chars = max(12, int(width / 7.8))   # wrap to the panel, never under the properties
        head_chars = max(12, int(width / 8.4))
        room = width - 12   # each line measured too: a narrow strip's lines ran into the Difficulty panel
        if problems:
            head = f"{len(problems)} problem{'s' if len(problems) > 1 else ''} (click one to see its cell)"
            text("phead", clip(head, head_chars), left, top - 8, BAD, 12, room=room, anchor_y="center")
        elif warnings:
            head = f"No problems, {len(warnings)} warning{'s' if len(warnings) > 1 else ''}: Tab to play-test"
            text("phead", clip(head, head_chars), left, top - 8, WARN, 12, room=room, anchor_y="center")
        else:
            text("phead", clip("No problems: Tab to play-test", head_chars), left, top - 8, GOOD, 12,
                 room=room, anchor_y="center")
        y = top - 30
        # A long status message wraps (up to 3 lines) and takes its room from the list's lines:
        # clipped, "the overview shows a pack yo..." said nothing a designer could act on.
        said = _wrapped(self._status.shown(), max(20, int(width / 6.5)))
        if len(said) > STATUS_LINES:
            said = said[:STATUS_LINES - 1] + [clip(" ".join(said[STATUS_LINES - 1:]), max(20, int(width / 6.5)))]
        lines_left = LINES - max(0, len(said) - 1)
        shown = 0
        listed = [(p, False) for p in problems] + [(w, True) for w in warnings]
        self.first = min(self.first, max(0, len(listed) - 1))
        for p, warning in listed[self.first:]:
            where = f" [cell {p.cell[0]},{p.cell[1]}]" if p.cell is not None else ""
            lines = self._wrap(("warning: " if warning else "") + str(p) + where, chars, room)[:3]
            if len(lines) > lines_left:
                break
            rect = Rect(left - 4, y - 9 - 18 * (len(lines) - 1), width, 18 * len(lines))
            self.rows.append((rect, p))
            if p.cell is not None and p.cell == self.flash:
                arcade.draw_lrbt_rectangle_filled(rect.left, rect.right, rect.bottom, rect.top, (70, 40, 46))
            for line in lines:
                text(f"prob{LINES - lines_left}", line, left, y, WARN if warning else TEXT, 11, room=room,
                     anchor_y="center")
                y -= 18
                lines_left -= 1
            shown += 1
        hidden = len(listed) - shown
        if hidden:
            above = f"{self.first} above, " if self.first else ""
            below = len(listed) - self.first - shown
            text("pmore", f"... {above}{below} more (scroll the wheel here)" if below or above else "",
                 left, y, DIM, 10, anchor_y="center")
        for i, line in enumerate(said):
            text("status" if i == 0 else f"status{i}", line, left, 10 + 15 * (len(said) - 1 - i),
                 BAD if self._status.bad else DIM, 10)
