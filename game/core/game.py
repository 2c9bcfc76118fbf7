"""The core's entry points: new_game, decide and legal_commands, for every mode."""

from __future__ import annotations

from .commands import Command
from .events import Event
from .level import Level
from .rng import Draws, seed_state
from .rules import chain, match3, slide
from .state import State


def new_game(level: Level, seed: int) -> State:
    """The first state of `level` dealt from `seed` (the same level and seed, the same board).

    Raises LevelError when the level cannot be dealt (say, no legal move can exist).
    """
    draws = Draws(seed_state(level.id, seed))
    if level.mode == "match3":
        grid = match3.deal(level, draws)
    elif level.mode == "chain":
        grid = chain.deal(level, draws)
    else:
        grid = slide.deal(level, draws)
    kinds = level.kinds if level.mode != "slide" else 0
    return State(
        level=level, grid=grid, player=level.player_start if level.mode == "chain" else None,
        collected=(0,) * kinds, rng=draws.state,
    )


def decide(state: State, command: Command) -> list[Event]:
    """The events `command` causes in `state`; raises IllegalMove when the rules forbid it."""
    mode = state.level.mode
    if mode == "match3":
        return match3.decide(state, command)
    if mode == "chain":
        return chain.decide(state, command)
    return slide.decide(state, command)


def legal_commands(state: State) -> list[Command]:
    """match3: every legal swap; slide: every legal slide; chain: good legal chains, at least one."""
    mode = state.level.mode
    if mode == "match3":
        return match3.legal_commands(state)
    if mode == "chain":
        return chain.legal_commands(state)
    return slide.legal_commands(state)
