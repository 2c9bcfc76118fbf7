"""Counted nouns as a player reads them, from the core's words (game/core/words.py), for the outer layers."""

from __future__ import annotations

from game.core import KIND_NAMES, NUMBER_WORDS, counted, kind_name, number_word

__all__ = ["KIND_NAMES", "NUMBER_WORDS", "counted", "kind_name", "number_word"]
