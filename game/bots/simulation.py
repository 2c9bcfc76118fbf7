"""Many games of one level by one bot: win rate, scores and moves, a designer's difficulty check."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import Level, LevelError, Status, stars

from . import make_bot
from .base import play_game


@dataclass(frozen=True, slots=True)
class GameResult:
    """One bot game: the seed it was dealt from and how it ended."""

    seed: int
    status: Status
    score: int
    moves: int
    stars: int


@dataclass(frozen=True, slots=True)
class Report:
    """Every game of a simulation, with the summary numbers a designer reads."""

    level_id: str
    bot: str
    games: tuple[GameResult, ...]
    # Seeds the level could not be dealt from (no board without a run and with a move):
    # reported, not fatal, so one bad seed never ends a designer's whole run.
    undealt: tuple[int, ...] = ()

    @property
    def wins(self) -> int:
        return sum(1 for g in self.games if g.status == Status.WON)

    @property
    def win_rate(self) -> float:
        return self.wins / len(self.games) if self.games else 0.0

    @property
    def average_score(self) -> float:
        return sum(g.score for g in self.games) / len(self.games) if self.games else 0.0

    @property
    def average_moves(self) -> float:
        return sum(g.moves for g in self.games) / len(self.games) if self.games else 0.0

    @property
    def average_moves_to_win(self) -> float | None:
        won = [g.moves for g in self.games if g.status == Status.WON]
        return sum(won) / len(won) if won else None

    @property
    def average_stars(self) -> float:
        return sum(g.stars for g in self.games) / len(self.games) if self.games else 0.0


def simulate(level: Level, games: int, bot: str = "auto", first_seed: int = 0,
             turn_limit: int | None = None) -> Report:
    """Play seeds first_seed .. first_seed + games - 1, a fresh bot for each game."""
    results = []
    undealt = []
    name = bot
    for seed in range(first_seed, first_seed + games):
        player = make_bot(bot, level, seed=seed)
        name = player.name
        try:
            session = play_game(level, seed, player, turn_limit)
        except LevelError:
            undealt.append(seed)
            continue
        state = session.state
        results.append(GameResult(seed, state.status, state.score, state.moves, stars(state)))
    return Report(level.id, name, tuple(results), tuple(undealt))
