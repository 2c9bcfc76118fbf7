"""Bots that playtest levels: person-like, random, greedy and fair (match3), chain, and a slide solver."""

from __future__ import annotations

from game.core import Level

from .base import Bot, play_game, value
from .chain_bot import ChainBot
from .fair import FairBot
from .greedy import GreedyBot
from .person import PersonChainBot, PersonMatch3Bot, PersonSlideBot, person_bot
from .random_bot import RandomBot
from .slide_solver import SlideBot, Unsolvable, solve

BOT_NAMES = ("auto", "person", "random", "greedy", "fair", "chain", "slide")
# Which bot plays a mode best: what 'auto' picks.
BEST_FOR_MODE = {"match3": "greedy", "chain": "chain", "slide": "slide"}
# The mode each specialised bot plays; 'random' plays any.
BOT_MODE = {"greedy": "match3", "fair": "match3", "chain": "chain", "slide": "slide"}


def make_bot(name: str, level: Level, seed: int = 0, noise: float = 0.0) -> Bot:
    """A fresh bot by name for `level` ('auto' picks the best one for its mode)."""
    if name == "auto":
        name = BEST_FOR_MODE[level.mode]
    if name not in BOT_NAMES:
        raise ValueError(f"unknown bot {name!r} (one of {', '.join(BOT_NAMES)})")
    mode = BOT_MODE.get(name)
    if mode is not None and mode != level.mode:
        raise ValueError(f"the {name} bot plays {mode} levels; {level.id} is a {level.mode} level")
    if name == "person":
        return person_bot(level.mode, seed)
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed, noise=noise)
    if name == "fair":
        return FairBot(seed)
    if name == "chain":
        return ChainBot(seed, noise=noise)
    return SlideBot(seed)


__all__ = [
    "BEST_FOR_MODE", "BOT_NAMES", "Bot", "ChainBot", "FairBot", "GreedyBot", "PersonChainBot",
    "PersonMatch3Bot", "PersonSlideBot", "RandomBot", "SlideBot",
    "Unsolvable", "make_bot", "play_game", "solve", "value",
]
