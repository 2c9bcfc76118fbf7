"""Hints: the move a bot from game.bots would play now, and the cells that show it."""

from __future__ import annotations

from game.bots import Bot
from game.core import Chain, Command, Slide, State, Status, Swap

Cell = tuple[int, int]


def hint(state: State, bot: Bot) -> Command | None:
    """The move `bot` (game.bots.hint_bot for the level) would play now; None when none is left.

    The slide bot keeps the solver's plan while the player follows it, so a slide hint never
    wanders or undoes progress: following every hint solves the board in the solver's moves.
    """
    if state.status != Status.PLAYING:
        return None
    try:
        return bot.choose(state)
    except ValueError:   # every bot says so when no legal move is left
        return None


def hint_cells(command: Command) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    """(cells to glow, path to draw arrows along) for a hinted command."""
    if isinstance(command, Swap):
        return (command.a, command.b), ()
    if isinstance(command, Chain):
        return tuple(command.path), tuple(command.path)
    if isinstance(command, Slide):
        return (command.cell,), ()
    return (), ()   # keep going names no cell
