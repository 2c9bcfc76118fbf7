"""Sound effects: which event makes which sound, and a player that falls silent without audio."""

from __future__ import annotations

from typing import Protocol

import arcade

from collections.abc import Sequence

from game.core import (
    BLOCKERS, SPECIAL_OF, SPECIALS, Blocker, Chained, Sound, Cleared, Created, Detonated, Event, FinaleBegan, LeftoversFired, Lost, MoveTurned, PlayerMoved, Slid, Special,
    State, Swapped, SwapRejected, Won,
)
from game.io.paths import assets_dir

# The effect each event makes (files made by assets/make_sounds.py); other events are silent.
# A committed chain clears its path ("clear"); the token then ticks once per step ("chain").
EFFECTS: dict[type, str] = {
    Swapped: "swap", SwapRejected: "rejected", Cleared: "clear", Chained: "clear",
    PlayerMoved: "chain", Slid: "slide", Won: "win", Lost: "lose", FinaleBegan: "bonus",
}
# A special forming (a run of four or five, an L or a T) chimes, once a step however many form.
FORM = "form"
# Each special going off sounds as its unit's look says; two specials swapped together as their
# combo (each pair written once, in either unit's look: by the two units' names).
SPECIAL_EFFECTS: dict[Special, str] = {special: unit.look.sound for special, unit in SPECIAL_OF.items()}
COMBO_EFFECTS: dict[frozenset[str], str] = {
    frozenset({unit.name, other}): sound for unit in SPECIALS for other, sound in unit.look.combos
}
# A hit on a blocker sounds as its unit's look says (one of Sound's, made by make_sounds.py too).
NAMES = tuple(dict.fromkeys((*EFFECTS.values(), FORM, *SPECIAL_EFFECTS.values(), *COMBO_EFFECTS.values(),
                             *(sound.value for sound in Sound))))


def blocker_sound(event: Event, units: tuple[Blocker, ...] = BLOCKERS) -> str | None:
    """The sound of a hit on a blocker (the event of a unit whose look has one), else None."""
    for unit in units:
        if type(event) is unit.event and unit.look is not None and unit.look.sound is not None:
            return unit.look.sound.value
    return None


def effect_for(event: Event) -> str | None:
    """The effect an event makes on its own (a special's and a combo's need the batch: Cues)."""
    if isinstance(event, Detonated):
        return SPECIAL_EFFECTS[event.special]
    if isinstance(event, Created):
        return FORM
    return EFFECTS.get(type(event)) or blocker_sound(event)


def combo_effect(a: Special, b: Special) -> str:
    """The sound of two specials swapped together."""
    return COMBO_EFFECTS[frozenset({SPECIAL_OF[a].name, SPECIAL_OF[b].name})]


CLIMB = (0, 2, 4, 5, 7, 9, 11, 12)
"""The semitones a cascade's clears climb, one step each (a major scale up to the octave)."""


def combo_pitch(clears: int) -> float:
    """The pitch of a cascade's n-th clear (1 for the first): a combo climbs a scale step by step,
    as the genre's do, and stays at the octave."""
    return float(2 ** (CLIMB[min(len(CLIMB) - 1, max(0, clears - 1))] / 12))


class Cues:
    """Which effect each event of a batch makes, at what pitch: the batch's clears climb step by
    step (each finale step starts low again); a special sounds as its kind, once a kind a step;
    two specials swapped together sound their combo instead; a special forming chimes, once a
    step (the specials a combo makes of a whole kind are its own sound's)."""

    def __init__(self, units: tuple[Blocker, ...] = BLOCKERS) -> None:
        self.units = units   # the blocker units whose hits sound (the registry's)
        self.clears = 0
        self.combo: str | None = None   # the sound of the batch's combo, until its first special goes off
        self.heard: set[str] = set()

    def begin(self, before: State, events: Sequence[Event]) -> None:
        """A new batch, played from `before`."""
        self.clears, self.heard = 0, set()
        self.combo = None
        swap = events[0] if events else None
        if isinstance(swap, Swapped):
            a, b = before.special_at(swap.a), before.special_at(swap.b)
            if a is not None and b is not None:
                self.combo = combo_effect(a, b)

    def cue(self, event: Event) -> tuple[str, float] | None:
        """The effect `event` makes now and its pitch, or None (silent); call in the batch's order."""
        if isinstance(event, (MoveTurned, LeftoversFired)):
            self.clears = 0   # each finale step is a cascade of its own
            return None
        if isinstance(event, Cleared):
            self.clears += 1
            self.heard.clear()   # the next step's specials sound again
            return "clear", combo_pitch(self.clears)
        if isinstance(event, Created):
            if self.combo is not None or FORM in self.heard:
                return None
            self.heard.add(FORM)
            return FORM, 1.0
        if isinstance(event, Detonated):
            name = SPECIAL_EFFECTS[event.special]
            if self.combo is not None:
                name, self.combo = self.combo, None
                self.heard.update(SPECIAL_EFFECTS.values())   # the combo speaks for its whole step
            elif name in self.heard:
                return None
            self.heard.add(name)
            return name, 1.0
        plain = EFFECTS.get(type(event))
        if plain is None and (hit := blocker_sound(event, self.units)) is not None:
            if hit in self.heard:
                return None   # a step's hits on one kind of blocker sound once
            self.heard.add(hit)
            plain = hit
        return None if plain is None else (plain, 1.0)


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
