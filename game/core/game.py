"""The core's entry points: new_game, decide and legal_commands, each mode's rules from one table."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Generic, TypeVar

from .commands import Chain, Command, KeepGoing, Slide, Swap
from .events import Event
from .grid import Grid
from .checking import Problem, shorten
from .level import Level, LevelError
from .rng import Draws, seed_state
from .rules import blocked, chain, keep_going, match3, slide
from .rules.packed import PackedBoard
from .rules.packed_blocked import BlockedBoard
from .state import NO_LAYERS, RULES_VERSION, IllegalMove, Layers, State, placed
from .vocab import Mode, Status

C = TypeVar("C", Swap, Chain, Slide)


@dataclass(frozen=True, slots=True)
class Ruleset(Generic[C]):
    """What one mode plays by: its command, how it deals, decides and lists its moves.

    `play` (the events of a command and the state they lead to) and `legal_commands` see only
    games still playing and commands of their own type: game.play and game.legal_commands
    check that once for every mode.
    """

    mode: Mode
    command: type[C]
    command_noun: str           # "swaps": for "a match3 level takes swaps, not ..."
    deal: Callable[[Level, Draws], Grid]
    play: Callable[[State, C], tuple[list[Event], State]]
    legal_commands: Callable[[State], list[Command]]
    has_kinds: bool             # tiles of `kinds` kinds (not numbered slide tiles)
    has_player: bool            # a player token may stand on the board


RULESETS: dict[Mode, Ruleset[Any]] = {
    # One set of match3 rules for every board; blocked.py deals the boards with blockers.
    Mode.MATCH3: Ruleset(Mode.MATCH3, Swap, "swaps", blocked.deal, match3.play,
                         match3.legal_commands, has_kinds=True, has_player=False),
    Mode.CHAIN: Ruleset(Mode.CHAIN, Chain, "chains", chain.deal, chain.play,
                        chain.legal_commands, has_kinds=True, has_player=True),
    Mode.SLIDE: Ruleset(Mode.SLIDE, Slide, "slides", slide.deal, slide.play,
                        slide.legal_commands, has_kinds=False, has_player=False),
}


def ruleset(mode: Mode) -> Ruleset[Any]:
    """The rules of `mode`."""
    return RULESETS[mode]


def new_game(level: Level, seed: int, rules: int = RULES_VERSION) -> State:
    """The first state of `level` dealt from `seed` (the same level and seed, the same board),
    played by rules version `rules` (an older replay's own; today's by default).

    Raises LevelError when the level cannot be dealt (say, no legal move can exist).
    """
    mode = RULESETS[level.mode]
    draws = Draws(seed_state(level.dealt_as, seed))
    grid = mode.deal(level, draws)
    return State(
        level=level, grid=grid, player=level.player_start if mode.has_player else None,
        collected=(0,) * (level.kinds if mode.has_kinds else 0), rng=draws.state,
        specials=level.specials,
        layers=Layers(placed(level)) if mode.has_kinds else NO_LAYERS,
        rules=rules,
    )


def playability_problems(level: Level) -> list[Problem]:
    """Problems only dealing a game shows (say, no legal move can exist on this layout).

    The level is dealt the way the game deals it, from level.play_seed: the loader and the
    editor both ask this, so they report the same thing. A problem without a field points
    at the layout.
    """
    try:
        new_game(level, level.play_seed)
    except LevelError as error:
        return [p if p.path else replace(p, path=("layout",)) for p in error.problems]
    return []


NEXT_DEAL_TRIES = 1000   # seeds tried after a Retry's: a level deals from nearly all of them


def next_deal(level: Level, seed: int) -> int:
    """The seed of the deal after `seed` (a Retry's new board): the next one that deals.

    Seeds count up, so every deal is named by a number a player can give to play it again.
    """
    for candidate in range(seed + 1, seed + 1 + NEXT_DEAL_TRIES):
        try:
            new_game(level, candidate)
        except LevelError:
            continue
        return candidate
    return seed   # no other seed deals: the same board again


def next_spawns(state: State, count: int) -> tuple[int, ...]:
    """The kinds of the next `count` tiles a refill of `state` spawns, in the order it draws them
    (each emptied column top down, the columns left to right): the same draws as the refill
    (rules/common.settle), read off the state's RNG without changing it. A level whose refills
    also place a faller's piece draws once more after each refill, which this does not foresee."""
    if not RULESETS[state.level.mode].has_kinds:
        return ()
    draws = Draws(state.rng)
    return tuple(draws.below(state.level.kinds) + 1 for _ in range(count))


def play(state: State, command: Command) -> tuple[list[Event], State]:
    """The events `command` causes in `state`, and the state they lead to (what
    fold(state, events) gives, worked out with them); raises IllegalMove when the rules forbid it.

    A command that changes nothing (a rejected swap) leads to `state` itself. KeepGoing is the
    one command a finished game takes (rules/keep_going.py says when)."""
    if type(command) is Swap and state.level.mode is Mode.MATCH3 and state.status is Status.PLAYING:
        return match3.play(state, command)   # (the checks below, in short, for a bot's every move)
    if isinstance(command, KeepGoing):
        return keep_going.play(state, command)
    rules = RULESETS[state.level.mode]
    if not isinstance(command, rules.command):
        raise IllegalMove(f"a {rules.mode} level takes {rules.command_noun}, not {shorten(str(command), 60)}")
    if state.status != Status.PLAYING:
        raise IllegalMove(f"the game is over ({state.status})")
    return rules.play(state, command)


def decide(state: State, command: Command) -> list[Event]:
    """The events `command` causes in `state`; raises IllegalMove when the rules forbid it."""
    return play(state, command)[0]


def legal_commands(state: State) -> list[Command]:
    """match3: every legal swap; slide: every legal slide; chain: good legal chains, at least one.

    None once the game is over.
    """
    cached = state.cache
    if (type(cached) is PackedBoard or type(cached) is BlockedBoard) and state.status is Status.PLAYING:
        return cached.commands()  # type: ignore[return-value]  # (a packed match3 board's, in short)
    if state.status != Status.PLAYING:
        return []
    return RULESETS[state.level.mode].legal_commands(state)
