"""Sound effects: which event makes which sound, and a player that falls silent without audio."""

from __future__ import annotations

from typing import Protocol

import arcade

from game.core import Chained, Cleared, Event, Lost, PlayerMoved, Slid, Swapped, SwapRejected, Won
from game.io.paths import assets_dir

# The effect each event makes (files made by game/data/assets/make_sounds.py); other events are silent.
# A committed chain clears its path ("clear"); the token then ticks once per step ("chain").
EFFECTS: dict[type, str] = {
    Swapped: "swap", SwapRejected: "rejected", Cleared: "clear", Chained: "clear",
    PlayerMoved: "chain", Slid: "slide", Won: "win", Lost: "lose",
}
NAMES = tuple(dict.fromkeys(EFFECTS.values()))


def effect_for(event: Event) -> str | None:
    return EFFECTS.get(type(event))


COMBO_STEP = 0.08    # each further clear of one cascade sounds this much higher...
COMBO_TOP = 1.6      # ...up to this


def combo_pitch(clears: int) -> float:
    """The pitch of a cascade's n-th clear (1 for the first): a combo climbs, as the genre's do."""
    return min(COMBO_TOP, 1.0 + COMBO_STEP * max(0, clears - 1))


class Player(Protocol):
    """What the play view asks of a sound player (pitch 1.0 is the effect as recorded)."""

    def play(self, name: str, pitch: float = 1.0) -> None: ...


class SoundPlayer:
    """Loads every effect once, on first use; any audio failure turns it silent for good.

    A machine without an audio device (CI, headless runs) must still play the game: the first
    load or play that raises is remembered and every later call does nothing.
    """

    def __init__(self) -> None:
        self.sounds: dict[str, arcade.Sound] | None = None
        self.failed: str | None = None

    def _load(self) -> dict[str, arcade.Sound]:
        folder = assets_dir() / "sounds"
        return {name: arcade.load_sound(folder / f"{name}.wav") for name in NAMES}

    def play(self, name: str, pitch: float = 1.0) -> None:
        if self.failed is not None:
            return
        try:
            if self.sounds is None:
                self.sounds = self._load()
            self.sounds[name].play(speed=pitch)   # faster playback is a higher note
        except Exception as exc:  # no device, no driver, a broken file: play on in silence
            self.failed = f"{type(exc).__name__}: {exc}"


_shared: SoundPlayer | None = None


def shared_player() -> SoundPlayer:
    """One player for the whole game, so the effects are loaded (and probed) once."""
    global _shared
    if _shared is None:
        _shared = SoundPlayer()
    return _shared
