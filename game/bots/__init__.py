"""Bots that playtest levels: person-like, random, greedy and fair (match3), chain, and a slide solver."""

from __future__ import annotations

from game.core import Level, Mode

from .base import Bot, play_game, value
from .chain_bot import ChainBot
from .fair import FairBot
from .greedy import GreedyBot
from .hint import HintBot
from .person import PersonChainBot, PersonMatch3Bot, PersonSlideBot, person_bot
from .persona import DEFAULT_PERSONA, Persona
from .random_bot import RandomBot
from .slide_plan import SlideBot
from .slide_solver import Unsolvable, solve

BOT_NAMES = ("auto", "person", "random", "greedy", "fair", "hint", "chain", "slide")
# Which bot plays a mode best: what 'auto' picks.
BEST_FOR_MODE = {Mode.MATCH3: "greedy", Mode.CHAIN: "chain", Mode.SLIDE: "slide"}
# Which bot the game's hint asks: one that sees only the board, as the player does, and serves
# the goals (following it wins Falling Luck, which the fair bot's hint lost).
HINT_FOR_MODE = {Mode.MATCH3: "hint", Mode.CHAIN: "hint", Mode.SLIDE: "slide"}
# The modes each specialised bot plays; 'random' plays any.
BOT_MODES = {"greedy": (Mode.MATCH3,), "fair": (Mode.MATCH3, Mode.CHAIN), "hint": (Mode.MATCH3, Mode.CHAIN),
             "chain": (Mode.CHAIN,),
             "slide": (Mode.SLIDE,)}


BotSpec = str | Persona
"""A bot by name, or the person-like bot playing as a persona (a fitted one, `gridfall calibrate`)."""


def make_bot(name: BotSpec, level: Level, seed: int = 0, noise: float = 0.0) -> Bot:
    """A fresh bot by name for `level` ('auto' picks the best one for its mode), or the
    person-like bot playing as a persona."""
    if isinstance(name, Persona):
        return person_bot(level.mode, seed, name)
    if name == "auto":
        name = BEST_FOR_MODE[level.mode]
    if name not in BOT_NAMES:
        raise ValueError(f"unknown bot {name!r} (one of {', '.join(BOT_NAMES)})")
    modes = BOT_MODES.get(name)
    if modes is not None and level.mode not in modes:
        raise ValueError(f"the {name} bot plays {' and '.join(modes)} levels; "
                         f"{level.id} is a {level.mode} level")
    if name == "person":
        return person_bot(level.mode, seed)
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed, noise=noise)
    if name == "fair":
        return FairBot(seed)
    if name == "hint":
        return HintBot(seed)
    if name == "chain":
        return ChainBot(seed, noise=noise)
    return SlideBot(seed)


def hint_bot(level: Level) -> Bot:
    """The bot whose next move the game shows as a hint for `level` (the hint weighs each press
    on its own: no game's look-ahead budget runs out however often the player asks)."""
    name = HINT_FOR_MODE[level.mode]
    return HintBot(per_game=False) if name == "hint" else make_bot(name, level)


__all__ = [
    "BEST_FOR_MODE", "HINT_FOR_MODE", "BOT_NAMES", "Bot", "BotSpec", "DEFAULT_PERSONA", "Persona", "ChainBot", "FairBot", "GreedyBot", "HintBot", "PersonChainBot",
    "PersonMatch3Bot", "PersonSlideBot", "RandomBot", "SlideBot",
    "Unsolvable", "hint_bot", "make_bot", "play_game", "solve", "value",
]
