"""Estimates for one player: a persona fitted to their own kept games, and each level's pass rate for it, kept in their data folder (nothing leaves the machine)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.core import Level, Mode, Status
from game.io.atomic import atomic_write_text
from game.io.kept_replays import finished_games
from game.io.packs import Pack
from game.io.paths import data_path
from game.io.replay import verify_replay
from game.io.yamldoc import DocError, read_document
from game.io.yamlout import dump

from .base import play_game
from .calibrate import Game, calibrate
from .person import person_bot
from .persona_file import save_persona

FILE_NAME = "for-you.yaml"
PERSONA_NAME = "persona.yaml"
# Fewer games than this say too little of a player: no estimate is made from them.
MIN_GAMES = 10
# Games a level the persona plays for its estimate: a rate to about five points.
ESTIMATE_GAMES = 100
FORMAT = 1


@dataclass(frozen=True, slots=True)
class ForYou:
    """The player's estimates: how many of their games the persona learned from, and each
    level's pass rate for it, by pack, level id and the level's play hash."""

    games: int
    rates: tuple[tuple[str, str, str, float], ...]

    def rate(self, pack_id: str, level: Level) -> float | None:
        """The level's estimate, when it was made for the level as it is now."""
        hash_ = level.play_hash()
        return next((r for p, lv, h, r in self.rates if p == pack_id and lv == level.id and h == hash_), None)


def for_you_path() -> os.PathLike[str]:
    return data_path(FILE_NAME)


def own_games(packs: Sequence[Pack]) -> dict[str, list[Game]]:
    """The player's kept games of these packs that still play (match3 and chain), by pack."""
    games: dict[str, list[Game]] = {}
    for pack in packs:
        for level in pack.levels:
            if level.mode == Mode.SLIDE:
                continue
            for kept in finished_games(pack.id, level):
                try:
                    games.setdefault(pack.id, []).append(Game(level, kept.replay.seed, verify_replay(kept.replay, level)))
                except ValueError:   # stale since it was kept: it says nothing of this level now
                    continue
    return games


def estimate(level: Level, persona: Any, games: int = ESTIMATE_GAMES) -> float:
    """The share of `games` seeds of `level` the persona wins."""
    wins = sum(play_game(level, seed, person_bot(level.mode, seed, persona)).state.status == Status.WON
               for seed in range(games))
    return wins / games


def make_for_you(packs: Sequence[Pack], games: int = ESTIMATE_GAMES,
                 tick: Callable[[], None] | None = None) -> ForYou | None:
    """Fit the player's persona to their kept games and estimate for it every level of the
    packs they play (those they kept a game of), writing both into the data folder; None (and
    nothing written) with too few games."""
    by_pack = own_games(packs)
    mine = [game for games in by_pack.values() for game in games]
    if len(mine) < MIN_GAMES:
        return None
    fit = calibrate(mine, name="you")
    save_persona(fit.persona, data_path(PERSONA_NAME))
    rates = []
    for pack in (p for p in packs if p.id in by_pack):
        for level in pack.levels:
            if level.mode == Mode.SLIDE:
                continue
            rates.append((pack.id, level.id, level.play_hash(), estimate(level, fit.persona, games)))
            if tick is not None:
                tick()
    made = ForYou(len(mine), tuple(rates))
    write_for_you(made)
    return made


def write_for_you(made: ForYou) -> None:
    data = {"for_you": FORMAT, "games": made.games,
            "levels": [{"pack": p, "level": lv, "hash": h, "rate": round(r, 3)} for p, lv, h, r in made.rates]}
    atomic_write_text(for_you_path(), "# Gridfall: pass rates estimated for you from your own games\n" + dump(data))


def read_for_you() -> ForYou | None:
    """The player's estimates, or None when there are none (or the file cannot be used: it is
    made again next time, and the game never stops for it)."""
    try:
        data = read_document(for_you_path()).value
    except (DocError, OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("for_you") != FORMAT or not isinstance(data.get("levels"), list):
        return None
    rates = []
    for row in data["levels"]:
        if isinstance(row, dict) and all(isinstance(row.get(k), str) for k in ("pack", "level", "hash")) \
                and isinstance(row.get("rate"), (int, float)) and not isinstance(row.get("rate"), bool) \
                and 0 <= row["rate"] <= 1:
            rates.append((row["pack"], row["level"], row["hash"], float(row["rate"])))
    games = data.get("games")
    return ForYou(games if isinstance(games, int) and not isinstance(games, bool) else 0, tuple(rates))


def for_you_line(rate: float) -> str:
    """The goal card's words for the player's estimate."""
    return f"For you: about {rate:.0%}"
