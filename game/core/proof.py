"""What lets a replay prove itself: the rules version, a short digest of a state after each
command, and where a replay first plays out differently under today's rules."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Sequence

from .commands import Command
from .checking import shorten
from .level import Level
from .session import Session
from .state import REACH_ON_THE_WAY, RULES_VERSION, State

__all__ = ["RULES_VERSION", "Check", "Divergence", "checks_of", "first_divergence", "state_digest"]


def state_digest(state: State) -> str:
    """8 hex characters that change when anything a player could notice changes.

    sha256 over a fixed text of the board, player, score, moves, status, collected tiles, the
    RNG stream and (when a game has any) the blocker layers: never Python's hash(), which is salted per process.
    """
    parts: tuple[object, ...] = (state.grid, state.player, state.score, state.moves, str(state.status),
                                 state.collected, state.rng)
    if state.stones or state.locks or state.jelly or state.dropped:
        # Only games with blockers add their layers, so every older replay keeps its digests.
        parts += (state.stones, state.locks, state.jelly, state.dropped)
    if state.reached and state.rules >= REACH_ON_THE_WAY and state.player != state.level.goals.reach:
        # A reach met on the way, which the board alone no longer shows: only from the version
        # where it counts, so every replay of an older version keeps its digests.
        parts += ("reached",)
    text = repr(parts)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


@dataclass(frozen=True, slots=True)
class Check:
    """What the game was like after one command: its digest, score and moves used."""

    digest: str
    score: int
    moves: int

    @staticmethod
    def of(state: State) -> "Check":
        return Check(state_digest(state), state.score, state.moves)

    def text(self) -> str:
        """'1a2b3c4d 940 1': the form a replay file keeps."""
        return f"{self.digest} {self.score} {self.moves}"

    @staticmethod
    def parse(text: str) -> "Check":
        """The inverse of text(); ValueError for anything else."""
        parts = text.split(" ")
        if (len(parts) != 3 or len(parts[0]) != 8 or any(c not in "0123456789abcdef" for c in parts[0])
                or not all(p.isascii() and p.isdigit() and len(p) <= 18 for p in parts[1:])):
            raise ValueError(f"expected 'digest score moves' like '1a2b3c4d 940 1', found {shorten(text)!r}")
        return Check(parts[0], int(parts[1]), int(parts[2]))


def checks_of(session: Session, commands: Sequence[Command]) -> tuple[Check, ...]:
    """The check after each of `commands`, played from `session`'s start (the session is used up)."""
    return tuple(Check.of(state) for state in session.play_all(commands))


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first command after which a replay's game is not the game it recorded."""

    number: int            # 1-based
    command: Command
    expected: Check
    actual: Check

    def describe(self) -> str:
        head = f"the game differs from command {self.number} ({shorten(str(self.command), 60)}) on"
        e, a = self.expected, self.actual
        if (e.score, e.moves) != (a.score, a.moves):
            return (f"{head}: the replay recorded score {e.score} after {e.moves} moves, "
                    f"these rules give score {a.score} after {a.moves} moves")
        return f"{head}: the same score ({a.score}) and moves ({a.moves}), but another board"


def first_divergence(level: Level, seed: int, commands: Sequence[Command],
                     checks: Sequence[Check], rules: int = RULES_VERSION) -> Divergence | None:
    """Play `commands` by rules version `rules` and compare each state with its recorded check
    (as many as there are).

    Raises IllegalMove naming the command ("command N (text): why") when one is refused,
    and LevelError when the level cannot be dealt from `seed`.
    """
    for i, state in enumerate(Session(level, seed, rules).play_all(commands)):
        if i < len(checks):
            actual = Check.of(state)
            if actual != checks[i]:
                return Divergence(i + 1, commands[i], checks[i], actual)
    return None
