"""Keep going: a match3 game lost by running out of moves goes on with KEEP_GOING_MOVES more, helped (no stars)."""

from __future__ import annotations

from ..commands import KeepGoing
from ..events import Event, MovesAdded, Reshuffled
from ..evolve import fold
from ..rng import Draws
from ..state import IllegalMove, State
from ..units import covered
from ..vocab import Mode, Status
from . import match3

KEEP_GOING_MOVES = 5
"""The moves one KeepGoing adds (the genre's "+5 moves"); a later loss may keep going again."""


def keep_going_refusal(state: State) -> str | None:
    """Why `state` may not keep going, in a player's words; None when it may: a match3 game
    lost because its moves ran out (not one no move could be made in, nor any other mode)."""
    if state.level.mode != Mode.MATCH3:
        return "Only a match3 level can keep going."
    if state.status != Status.LOST:
        return "Only a lost game can keep going."
    limit = state.move_limit
    if limit is None or state.moves < limit:
        return "Only a game that ran out of moves can keep going."
    return None


def can_keep_going(state: State) -> bool:
    """Whether KeepGoing is allowed in `state` (the result card asks before it offers it)."""
    return keep_going_refusal(state) is None


def play(state: State, command: KeepGoing) -> tuple[list[Event], State]:
    """The game goes on with KEEP_GOING_MOVES more moves, on the board as it was; a board the last
    move left without a swap (a lost game is not reshuffled) is reshuffled as a playing one is.
    Raises IllegalMove when keep_going_refusal says why not, or no reshuffle can give a move."""
    refusal = keep_going_refusal(state)
    if refusal is not None:
        raise IllegalMove(f"cannot keep going: {refusal}", said=refusal)
    events: list[Event] = [MovesAdded(KEEP_GOING_MOVES)]
    after = fold(state, events)
    if not match3.legal_commands(after):
        draws = Draws(after.rng)
        level = state.level
        dealt = match3.reshuffle_board(after.grid, after.specials, covered(after.layers.counts), level.kinds,
                                       level.rules.min_match, draws)
        if dealt is None:
            said = "No move can be made on this board."
            raise IllegalMove(f"cannot keep going: {said}", said=said)
        shuffled = Reshuffled(dealt[0], draws.state, dealt[1])
        events.append(shuffled)
        after = fold(after, (shuffled,))
    return events, after
