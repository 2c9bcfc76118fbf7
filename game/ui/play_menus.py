"""The play screen's menus: the pause menu, and the result a finished game shows with its count-up and stars."""

from __future__ import annotations

from typing import Protocol, Sequence

import arcade

from game.core import BonusScored, Event, FinaleBegan, Level, Scored, State, Status, shortfalls, stars
from game.ui import textures
from game.ui.hud import shortfall_text
from game.ui.outcome import Action
from game.ui.play_keep import helped_note, keep_going_button
from game.ui.play_undo import UndoCost
from game.ui.widgets import Button, Menu
from game.core import counted

RESULT_PAUSE = 0.9          # a won board on show before the result covers it
SCORE_COUNT_SECONDS = 0.8   # the result's score counts up over this
STAR_GAP = 0.35             # then a star lands every this many seconds
STAR_LAND_SECONDS = 0.25
RESULT_SHOWN = SCORE_COUNT_SECONDS + 3 * STAR_GAP + STAR_LAND_SECONDS


class MenuHost(Protocol):
    """What the menus' buttons lead to: the play screen's capabilities, by name."""

    level: Level
    playtest: bool
    next_label: str | None   # None: the last level, with nothing after it
    back_to: str
    new_deals: bool
    undo_cost: UndoCost

    @property
    def state(self) -> State: ...
    @property
    def can_watch(self) -> bool: ...
    @property
    def can_share(self) -> bool: ...
    @property
    def has_settings(self) -> bool: ...
    def close_pause(self) -> None: ...
    def start_over(self) -> None: ...
    def undo_in_pause(self) -> None: ...
    def show_goals(self) -> None: ...
    def open_settings(self) -> None: ...
    def deal_again(self) -> None: ...
    def keep_going(self) -> bool: ...
    def share(self) -> None: ...
    def leave(self, action: Action) -> None: ...


def pause_menu(host: MenuHost) -> Menu:
    """The pause menu: resume, restart, undo, the goals, the settings (where an app has them), back."""
    back = (Action.EDITOR, "Back to editor") if host.playtest else (Action.LEVELS, f"Back to {host.back_to}")
    return Menu("Paused", [
        Button("Resume", host.close_pause, "resume"),
        Button("Restart", host.start_over, "restart"),
        Button("Undo", host.undo_in_pause, "undo"),
        Button("Goals", host.show_goals, "goals"),
        *([Button("Settings", host.open_settings, "settings")] if host.has_settings else []),
        Button(back[1], lambda: host.leave(back[0]), back[0]),
    ], lines=[host.level.name, pause_line(host.state)])


def pause_line(state: State) -> str:
    """Where the game stands, as the pause card says it: the score and the moves left (or made)."""
    left = state.moves_left
    moves = counted(left, "move") + " left" if left is not None else counted(state.moves, "move") + " made"
    return f"Score {state.score:,}  ·  {moves}"


def score_lines(events: Sequence[Event], score: int) -> list[str]:
    """What a won game's `score` is made of, as the result card says it, when its winning move
    played a finale: what the moves made, what the finale's lines and leftover specials scored,
    and what the moves left paid ('Bonus moves 4 × 310': each move left pays the same, the
    finale's worth of a move or the flat 50); the three add up to the score. None without a finale."""
    begun = next((i for i, e in enumerate(events) if isinstance(e, FinaleBegan)), None)
    paid = [e for e in events if isinstance(e, BonusScored)]
    if begun is None and not paid:
        return []
    after = events[begun:] if begun is not None else ()
    lines = sum(e.points for e in after if isinstance(e, Scored))
    bonus = sum(e.points for e in paid)
    out = [f"Your moves {score - lines - bonus:,}"]
    if lines:
        out.append(f"Bonus lines +{lines:,}")
    moves = sum(e.moves_left for e in paid)
    if moves:
        out.append(f"Bonus moves {moves} × {bonus // moves:,}  +{bonus:,}")
    return out


def result_menu(host: MenuHost, state: State, breakdown: Sequence[str] = ()) -> tuple[Menu, arcade.SpriteList[arcade.Sprite]]:
    """The result's menu for a finished `state`, and its three stars (none for a loss);
    `breakdown` (score_lines) says what the score is made of."""
    won = state.status == Status.WON
    earned = host.undo_cost.stars(stars(state))
    lines = [f"Score {state.score:,}", *(breakdown if won else ()), f"Moves used {state.moves}"]
    note = helped_note(state) or host.undo_cost.note   # helped: no star, whatever undo capped
    if won and note:
        lines.append(note)   # why a fine game shows one star, or none
    if not won:
        # What was missing, goal by goal, in the player's words (the core counts it).
        lines[1:1] = [shortfall_text(s) for s in shortfalls(state)][:3]
    if host.playtest:
        buttons = [Button("Retry", host.start_over, "retry"),
                   Button("Back to editor", lambda: host.leave(Action.EDITOR), "editor")]
    elif won:
        buttons = [Button("Retry", host.start_over, "retry"),
                   Button(host.back_to.capitalize(), lambda: host.leave(Action.LEVELS), "levels")]
        if host.next_label is not None:   # None: the last level, with nothing after it
            buttons.insert(0, Button(host.next_label, lambda: host.leave(Action.NEXT), "next"))
    else:
        buttons = [Button("Retry", host.start_over, "retry"),
                   Button(host.back_to.capitalize(), lambda: host.leave(Action.LEVELS), "levels")]
        if host.new_deals:
            buttons.insert(1, Button("New deal", host.deal_again, "new deal"))
    if not won and host.new_deals:
        # Beside Retry (which keeps the focus): more moves on this board, for no stars. Not in a
        # daily: one deal a day and one fair try at it, for the streak and the day's best.
        buttons[1:1] = keep_going_button(state, lambda: None if host.keep_going() else None)
    if host.can_watch:
        # Watch the game again in the theatre, or share it: both only where an app owns the view.
        buttons.insert(-1, Button("Watch", lambda: host.leave(Action.WATCH), "watch"))
    if host.can_share:
        buttons.insert(-1, Button("Share", host.share, "share"))
    menu = Menu("Level complete!" if won else "Out of moves", buttons, lines=lines)
    menu.extra_height = 66 if won else 0
    shown: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
    if won:
        for i in range(3):
            tex = textures.load("star_on" if i < earned else "star_off")
            shown.append(arcade.Sprite(tex, scale=56 / tex.width))
    return menu, shown


def count_up(menu: Menu, shown: arcade.SpriteList[arcade.Sprite], t: float, score: int) -> None:
    """The result `t` seconds in: the score counted up so far, each star landed or landing."""
    counted = round(score * min(1.0, t / SCORE_COUNT_SECONDS))
    menu.lines[0].text = f"Score {counted:,}"
    for i, star in enumerate(shown):
        # Each star lands in turn after the count: a quick swell from nothing.
        k = (t - SCORE_COUNT_SECONDS - STAR_GAP * i) / STAR_LAND_SECONDS
        size = 0.0 if k <= 0 else min(1.0, k) * (1.0 + 0.25 * max(0.0, 1.0 - abs(2 * k - 1)))
        star.scale = 56 / star.texture.width * size


__all__ = ["RESULT_PAUSE", "RESULT_SHOWN", "SCORE_COUNT_SECONDS",
           "STAR_GAP", "STAR_LAND_SECONDS", "MenuHost", "count_up", "pause_menu", "result_menu", "score_lines"]
