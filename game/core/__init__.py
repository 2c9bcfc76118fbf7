"""Gridfall's board core: pure, deterministic, event-sourced rules for match3, chain and slide."""

from .boards import run_cells, slide_solvable, solved_slide
from .commands import Chain, Command, Slide, Swap, format_command, parse_command
from .events import (
    Chained, Cleared, Event, Fell, Lost, PlayerMoved, Reshuffled, Scored, Slid, Spawned,
    SwapRejected, Swapped, Won,
)
from .evolve import evolve, fold
from .game import decide, legal_commands, new_game
from .goals import GoalProgress, goals_met, progress, stars
from .grid import EMPTY, HOLE, PLAYER, Cell, Grid
from .level import Goals, Level, LevelError, Problem, Rules, parse_level
from .session import Session, Turn
from .state import LOST, PLAYING, WON, IllegalMove, State

__all__ = [
    "Cell", "Chain", "Chained", "Cleared", "Command", "EMPTY", "Event", "Fell", "GoalProgress",
    "Goals", "Grid", "HOLE", "IllegalMove", "LOST", "Level", "LevelError", "Lost", "PLAYER",
    "PLAYING", "PlayerMoved", "Problem", "Reshuffled", "Rules", "Scored", "Session", "Slid",
    "Slide", "Spawned", "State", "Swap", "SwapRejected", "Swapped", "Turn", "WON", "Won",
    "decide", "evolve", "fold", "format_command", "goals_met", "legal_commands", "new_game",
    "parse_command", "parse_level", "progress", "run_cells", "slide_solvable", "solved_slide",
    "stars",
]
