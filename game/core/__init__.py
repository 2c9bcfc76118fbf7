"""Gridfall's board core: pure, deterministic, event-sourced rules for match3, chain and slide.

play(state, command) gives the events and the state they lead to; decide gives the events
alone and fold(state, events) the state again (replays). A State keeps its bitboard with it
(a fact of its grid, invisible to ==), so a move starts from the board the last one left.
"""

from .boards import run_cells, slide_solvable, slide_sources, solved_slide
from .commands import Chain, Command, KeepGoing, Slide, Swap, format_command, parse_command
from .events import (
    BonusScored, Chained, Cleared, Cracked, Created, Detonated, Event, Fell, FinaleBegan, JellyCleared,
    LeftoversFired, Lost, MovesAdded, MoveTurned, PlayerMoved, Reshuffled, Scored, Slid, Spawned, SwapRejected, Swapped, Unlocked,
    Won,
)
from .evolve import evolve, fold
from .advice import best_move, blast_cells, design_warnings, first_wave, hint_move, hint_options, shortlist
from .budget import GAME_WORK, Work, looked, played, plays_all, spread
from .game import RULESETS, Ruleset, decide, legal_commands, new_game, next_deal, next_spawns, play, playability_problems, ruleset
from .goals import (
    GoalProgress, Shortfall, StarTargets, StarUnit, goals_met, progress, shortfalls, star_targets, star_thresholds, stars,
    stars_earned, stars_reached, walk_steps,
)
from .grid import EMPTY, FALLER, HOLE, PLAYER, RAINBOW, SOLID, Cell, Grid, are_neighbours, are_orthogonal_neighbours, lines_up, neighbours
from .checking import Fault, Part, Problem, describe, quoted, shorten, unknown_keys
from .level import Level, LevelError, level_mapping, parse_level
from .made import MADE_KEYS, Made
from .level_reading import LevelReading, read_level
from .level_format import (
    DEFAULT_KINDS, DEFAULT_SEED, GAP_TOKEN, GOAL_KEYS, NOTE_KEYS, HOLE_TOKEN, KEY_ORDER, MAX_JELLY,
    MAX_KINDS, MAX_SIZE, MIN_KINDS, RULE_KEYS, lesson_modes,
    MAX_SLIDE_SIZE, MIN_SIZE, MODES, PLAYER_TOKEN, RAINBOW_TOKEN, RANDOM_TOKEN,
    Goals, Rules, deal_id_after_rename, token_special, valid_id,
)
from .level_format import FIELD, FIELDS, FORMAT, GROUP_DOCS, KIND_SPECIALS, TILE_MODES, Field, Form, Write, faller_goal, switch_goal, switch_name
from .goal_fields import GOAL_FIELDS, GoalField, Widget
from .units import TOKEN_UNITS
from .units.base import over_tile
from .units import LOCK_TOKEN, MAX_STONE_HITS, STONE_TOKEN, token_locked, token_stone
from .rules.chain import Visits, chain_blocker_hits, chain_grid, chain_starts, paths_by_end, tiles_needed
from .rules.blocked import blocker_progress, swap_clears, swap_look, swap_specials
from .rules.questions import SwapLook
from .rules.chain_drawing import PathLook, Touch, look_at_path, path_kind, start_path, touch
from .rules.slide import gap
from .rules.keep_going import KEEP_GOING_MOVES, can_keep_going, keep_going_refusal
from .rng import MASK64, Draws, seed_state
from .proof import (
    DIGEST_VERSION, DIGEST_VERSIONS, RULES_VERSION, Check, Divergence, checks_of, first_divergence, play_through, state_digest,
)
from .session import Session, Turn
from .sharecode import (
    ALPHABET as CODE_ALPHABET, GAME_VERSION, MAX_BOARD_MOVES, MAX_CODE_CHARS, MAX_GAME_MOVES, CodeError, CodeKind, decode_code, encode_code,
    encode_payload, find_code, game_size_problem, looks_like_code, unpack_code,
)
from .gamecode import Board as CodeBoard, PackedGame, check_points, game_moves, pack_payload, split_payload, unpack_game
from .state import FINALE, MOVE_WORTH, IllegalMove, Specials, State, placed
from .units import BLOCKERS, GOAL_OF, GOAL_UNITS, LESSON_OF, MAP_UNITS, Blocker, Counts, Placing
from .units import FALLEN, FALLER_AT, FALLER_LESSONS, FALLER_OF, FALLERS, Faller
from .vocab import GoalName, Lesson, Mode, Special, SpecialSort, Status
from .lessons import combo_of, lesson_used

__all__ = [
    "CODE_ALPHABET", "BLOCKERS", "Blocker", "GOAL_OF", "GOAL_UNITS", "LESSON_OF", "MAP_UNITS", "Placing", "placed",
    "FIELD", "FIELDS", "Field", "Form", "Write", "switch_goal", "switch_name", "GOAL_FIELDS", "GoalField", "Widget",
    "FORMAT", "GROUP_DOCS", "KIND_SPECIALS", "TILE_MODES", "TOKEN_UNITS", "over_tile",
    "GOAL_KEYS", "NOTE_KEYS", "KEY_ORDER", "Made", "MADE_KEYS", "RULE_KEYS",
    "are_neighbours", "blocker_progress", "BonusScored", "Counts", "Cracked", "FALLER", "FALLEN", "FALLER_AT", "FALLERS",
    "FALLER_LESSONS", "FALLER_OF", "Faller", "faller_goal",
    "JellyCleared", "LOCK_TOKEN", "SOLID", "STONE_TOKEN", "token_locked", "token_stone", "Unlocked", "are_orthogonal_neighbours", "Cell", "Chain", "Check", "checks_of", "chain_blocker_hits", "chain_grid", "chain_starts", "Chained",
    "Cleared", "Command", "Created", "Detonated", "decide", "DIGEST_VERSION", "DIGEST_VERSIONS", "Draws", "Divergence", "DEFAULT_KINDS", "DEFAULT_SEED", "describe", "quoted", "EMPTY", "Event", "evolve", "Fault", "Fell", "fold", "first_divergence",
    "format_command", "gap", "GAP_TOKEN", "GoalName", "GoalProgress", "Goals", "goals_met", "Grid",
    "HOLE", "HOLE_TOKEN", "RAINBOW", "RAINBOW_TOKEN", "IllegalMove", "legal_commands", "Level", "level_mapping", "LevelError",
    "Lost", "MAX_KINDS", "MIN_KINDS", "lesson_modes", "MAX_SIZE", "MAX_SLIDE_SIZE", "MIN_SIZE", "Mode", "MODES", "neighbours", "new_game",
    "parse_command", "design_warnings", "next_deal", "next_spawns", "play", "playability_problems", "parse_level", "read_level", "LevelReading", "paths_by_end", "Part", "PLAYER", "PLAYER_TOKEN", "PlayerMoved",
    "Problem", "progress", "RANDOM_TOKEN", "Reshuffled", "Rules", "Ruleset", "ruleset", "RULESETS", "RULES_VERSION",
    "run_cells", "Scored", "seed_state", "Session", "shorten", "Slid", "Slide", "Special", "SpecialSort", "Specials", "slide_solvable", "slide_sources", "solved_slide", "Spawned",
    "star_targets", "star_thresholds", "StarTargets", "StarUnit", "stars", "stars_earned", "stars_reached", "Shortfall", "shortfalls", "State", "state_digest", "Status", "Swap", "swap_clears", "swap_look", "swap_specials", "SwapLook", "Swapped", "SwapRejected",
    "deal_id_after_rename", "tiles_needed", "Turn", "token_special", "unknown_keys", "valid_id", "Visits", "Won",
    "MAX_JELLY", "MAX_STONE_HITS",
    "best_move", "blast_cells", "first_wave", "hint_move", "hint_options", "shortlist", "GAME_WORK", "Work", "looked",
    "played", "plays_all", "spread", "Lesson", "combo_of", "lesson_used", "walk_steps", "MASK64",
    "FinaleBegan", "LeftoversFired", "MoveTurned", "FINALE", "MOVE_WORTH",
    "lines_up", "PathLook", "Touch", "look_at_path", "path_kind", "start_path", "touch",
    "MAX_CODE_CHARS", "CodeError", "CodeKind", "decode_code", "encode_code", "find_code", "looks_like_code",
    "GAME_VERSION", "MAX_BOARD_MOVES", "MAX_GAME_MOVES", "encode_payload", "game_size_problem", "unpack_code",
    "CodeBoard", "PackedGame", "check_points", "game_moves", "pack_payload", "split_payload", "unpack_game",
    "play_through", "KeepGoing", "MovesAdded", "KEEP_GOING_MOVES", "can_keep_going", "keep_going_refusal",
]

# The blocker units' looks and tools, for the view and the editor (which walk BLOCKERS).
from .units import Depth, Edit, Hit, Look, Motion, Pattern, Sound, Tool  # noqa: E402
__all__ += ["Depth", "Edit", "Hit", "Look", "Motion", "Pattern", "Sound", "Tool"]

# The special units, for the view, the editor and the bots (which walk SPECIALS).
from .units import (  # noqa: E402
    KINDLESS, KINDLESS_AT, SORT_OF, SPECIAL_OF, SPECIALS, Burst, Mark, Said, SpecialLook, SpecialUnit,
)
__all__ += ["KINDLESS", "KINDLESS_AT", "SORT_OF", "SPECIAL_OF", "SPECIALS", "Burst", "Mark", "Said", "SpecialLook",
            "SpecialUnit"]
# The goals as units (goal_units/), for the HUD, the goal card, the lab and the bots (which walk GOALS).
from .goal_units import GOAL_NAMED, GOALS, Goal, asked_goals, card_line, faller_card_line, faller_hud_line  # noqa: E402
from .goal_units import faller_left_line, goal_of_blocker, goal_of_faller, hud_line, left_line  # noqa: E402
from .goal_units import marked_cell, points_asked, tiles_wanted, walk_to  # noqa: E402
__all__ += ["GOAL_NAMED", "GOALS", "Goal", "asked_goals", "card_line", "faller_card_line", "faller_hud_line",
            "faller_left_line", "goal_of_blocker", "goal_of_faller", "hud_line", "left_line", "points_asked",
            "tiles_wanted", "walk_to", "marked_cell"]
# Counted nouns and the tile kinds' names, as every layer words them.
from .words import KIND_NAMES, NUMBER_WORDS, counted, kind_name, number_word  # noqa: E402
__all__ += ["KIND_NAMES", "NUMBER_WORDS", "counted", "kind_name", "number_word"]
