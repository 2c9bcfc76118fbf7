"""The goal card: what a level asks, shown before its first move and again from the pause menu."""

from __future__ import annotations

import textwrap
from typing import Callable

import arcade

from game.core import GOAL_NAMED, SPECIALS, Level, Mode, SpecialSort, StarUnit, State, progress, star_targets
from game.ui import textures
from game.ui.hud import compact
from game.ui.screens import style
from game.ui.widgets import Button, Menu
from game.core import counted

LINE_CHARACTERS = 46   # what one line of the card holds at its width: longer lines wrap

ICON = 40.0
CARD_WIDTH = 560


def goal_lines(level: Level, state: State, difficulty: str | None = None) -> list[str]:
    """The level's own words, then each goal, the moves and the stars, in the level's units,
    and how hard the pack's playtest found it."""
    lines = textwrap.wrap(" ".join(level.description.split()), LINE_CHARACTERS)[:3]
    for goal in progress(state):
        line = GOAL_NAMED[goal.name].card(goal)
        if line is not None:   # None: shown as its tile and count under the lines (collect)
            lines.append(line)
    said = specials_line(level)
    if said:
        lines.append(said)
    if not progress(state):
        lines.append("No goal: score what you can" + (f" in {counted(level.moves, 'move')}" if level.moves else ""))
    elif level.moves is not None:
        lines.append(f"Moves: {level.moves}")
    lines.append(stars_line(level))
    if difficulty:
        lines.extend(difficulty.split("\n"))   # the pack's figures, and the player's own estimate
    # Every line fits the card (a long goal or stars line wrapped out of its box).
    return [piece for line in lines for piece in (textwrap.wrap(line, LINE_CHARACTERS) or [line])]


SORT_WORDS = {unit.sort: unit.many for unit in SPECIALS}


def specials_line(level: Level) -> str | None:
    """What a match3 level lets runs form, when it is not every special (the core's
    Level.forming): told nothing, a player wonders why a run of four left no special tile."""
    sorts = level.forming
    if level.mode != Mode.MATCH3 or set(sorts) == set(SpecialSort):
        return None
    if not sorts:
        return "Runs make no special tiles in this level"
    words = [SORT_WORDS[s] for s in sorts]
    return "Special tiles here: " + (words[0] + " only" if len(words) == 1 else " and ".join(words))


def stars_line(level: Level) -> str:
    """What the three stars ask, in the unit the level is played in."""
    targets = star_targets(level)
    if targets is None:
        return "Any win earns three stars"
    a, b, c = targets.marks
    if targets.unit == StarUnit.POINTS:
        return f"Stars at {compact(a)} · {compact(b)} · {compact(c)} points"
    if targets.unit == StarUnit.MOVES_LEFT:
        return f"Stars: a win · {counted(b, 'move')} left · {counted(c, 'move')} left"
    return f"Stars: solve in {a} · {b} · {counted(c, 'move')}"


class GoalCard(Menu):
    """The goal card: a Menu of the level's lines, its collect goals as tile pictures with counts
    (in the room under the lines), and one button to play."""

    def __init__(self, level: Level, state: State, on_play: Callable[[], None],
                 colorblind: bool = False, text_scale: float = 1.0, difficulty: str | None = None) -> None:
        super().__init__(level.name, [Button("Play", on_play, "play")], lines=goal_lines(level, state, difficulty),
                         width=CARD_WIDTH * text_scale, line_scale=text_scale)
        self.collect = [(g.kind, g.target) for g in progress(state) if GOAL_NAMED[g.name].kind_picture]
        self.icons: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.counts = [arcade.Text(f"× {n}", 0, 0, style.TEXT, 18, anchor_y="center") for _, n in self.collect]
        for kind, _ in self.collect:
            tex = textures.kind(kind, colorblind)
            self.icons.append(arcade.Sprite(tex, scale=ICON / tex.width))
        self.extra_height = (ICON + 24) if self.collect else 0.0
        self.is_slide = level.mode == Mode.SLIDE

    def place(self, screen_w: float, screen_h: float) -> None:
        super().place(screen_w, screen_h)
        step = 130.0
        x0 = self.panel.center[0] - step * (len(self.collect) - 1) / 2
        y = self.extra_top - ICON / 2 - 6
        for i, (icon, count) in enumerate(zip(self.icons, self.counts)):
            icon.position = (x0 + i * step - 24, y)
            count.x, count.y = x0 + i * step, y

    def draw(self, screen_w: float, screen_h: float) -> None:
        super().draw(screen_w, screen_h)
        self.icons.draw()
        for count in self.counts:
            count.draw()
