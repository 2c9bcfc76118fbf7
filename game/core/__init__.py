"""Gridfall's board core: pure, deterministic, event-sourced rules for match3, chain and slide.

Threads: the core keeps a few small module-level memos for speed (match3's recent boards and
swap tables, board geometries, and the bitboard memo set on a State). They never change an
answer, but they are plain dicts updated without locks, so use the core from one thread per
process (separate processes are fine: each has its own memos).
"""

from .boards import run_cells, slide_solvable, slide_sources, solved_slide
from .commands import Chain, Command, Slide, Swap, format_command, parse_command
from .events import (
    BonusScored, Chained, Cleared, Event, Fell, Lost, PlayerMoved, Reshuffled, Scored, Slid,
    Spawned, SwapRejected, Swapped, Won,
)
from .evolve import evolve, fold
from .game import decide, legal_commands, new_game
from .goals import GoalProgress, goals_met, progress, star_thresholds, stars, stars_reached
from .grid import EMPTY, HOLE, PLAYER, Cell, Grid
from .level import Goals, Level, LevelError, Problem, Rules, parse_level
from .rules.match3 import swap_clears
from .session import Session, Turn
from .state import LOST, PLAYING, WON, IllegalMove, State

__all__ = [
    "BonusScored", "Cell", "Chain", "Chained", "Cleared", "Command", "EMPTY", "Event", "Fell",
    "GoalProgress", "Goals", "Grid", "HOLE", "IllegalMove", "LOST", "Level", "LevelError", "Lost",
    "PLAYER", "PLAYING", "PlayerMoved", "Problem", "Reshuffled", "Rules", "Scored", "Session",
    "Slid", "Slide", "Spawned", "State", "Swap", "SwapRejected", "Swapped", "Turn", "WON", "Won",
    "decide", "evolve", "fold", "format_command", "goals_met", "legal_commands", "new_game",
    "parse_command", "parse_level", "progress", "run_cells", "slide_solvable", "slide_sources",
    "solved_slide", "star_thresholds", "stars", "stars_reached", "swap_clears",
]
