"""What lets a replay prove itself: the rules version, a short digest of a state after each
command, and where a replay first plays out differently under today's rules."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

from .commands import Command
from .checking import shorten
from .game import new_game, play
from .level import Level
from .session import Session
from .units import digest_parts
from .state import REACH_ON_THE_WAY, RULES_VERSION, IllegalMove, State

__all__ = ["DIGEST_VERSION", "DIGEST_VERSIONS", "RULES_VERSION", "Check", "Divergence", "checks_of",
           "first_divergence", "play_through", "state_digest"]


DIGEST_VERSION = 2
"""The digest today's replays are written with. Each version stays readable, so every replay
written before still verifies under the digest it was made with (a replay file names its
digest version; one that names none was made with version 1):
1. the board, player, score, moves, status, collected tiles, RNG stream, (when a game has any)
   the blocker layers, and (rules 3 on) a reach goal met on the way;
2. all of version 1's, and the specials layer (a special on the wrong cell shows at once,
   not only when it fires).
Both also cover the moves KeepGoing added, when a game has any (no game before it had)."""
DIGEST_VERSIONS = (1, 2)


def state_digest(state: State, version: int = DIGEST_VERSION) -> str:
    """8 hex characters that change when anything a player could notice changes.

    sha256 over a fixed text of the state (what `version` covers, see DIGEST_VERSION): never
    Python's hash(), which is salted per process. ValueError for a version this game does not know.
    """
    if version not in DIGEST_VERSIONS:
        raise ValueError(f"digest version {version} is not one of {', '.join(map(str, DIGEST_VERSIONS))}")
    parts: tuple[object, ...] = (state.grid, state.player, state.score, state.moves, str(state.status),
                                 state.collected, state.rng)
    layers = state.layers
    if any(layers.counts) or layers.brought:
        # Only games with blockers add their layers, so every older replay keeps its digests.
        parts += digest_parts(layers.counts, layers.brought)
    if state.reached and state.rules >= REACH_ON_THE_WAY and state.player != state.level.goals.reach:
        # A reach met on the way, which the board alone no longer shows: only from the version
        # where it counts, so every replay of an older version keeps its digests.
        parts += ("reached",)
    if state.added:
        # Moves KeepGoing added, which no replay made before it has: every older digest stays.
        parts += (("added", state.added),)
    if version >= 2:
        parts += (("specials",) + tuple((cell, str(special)) for cell, special in state.specials),)
    text = repr(parts)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


@dataclass(frozen=True, slots=True)
class Check:
    """What the game was like after one command: its digest (of digest `version`), score and moves used."""

    digest: str
    score: int
    moves: int
    version: int = DIGEST_VERSION

    @staticmethod
    def of(state: State, version: int = DIGEST_VERSION) -> "Check":
        return Check(state_digest(state, version), state.score, state.moves, version)

    def text(self) -> str:
        """'1a2b3c4d 940 1': the form a replay file keeps."""
        return f"{self.digest} {self.score} {self.moves}"

    @staticmethod
    def parse(text: str, version: int = 1) -> "Check":
        """The inverse of text() (the text does not say its digest version: the file does);
        ValueError for anything else."""
        parts = text.split(" ")
        if (len(parts) != 3 or len(parts[0]) != 8 or any(c not in "0123456789abcdef" for c in parts[0])
                or not all(p.isascii() and p.isdigit() and len(p) <= 18 for p in parts[1:])):
            raise ValueError(f"expected 'digest score moves' like '1a2b3c4d 940 1', found {shorten(text)!r}")
        return Check(parts[0], int(parts[1]), int(parts[2]), version)


def checks_of(session: Session, commands: Sequence[Command], version: int = DIGEST_VERSION) -> tuple[Check, ...]:
    """The check after each of `commands`, played from `session`'s start (the session is used up)."""
    return tuple(Check.of(state, version) for state in session.play_all(commands))


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


def play_through(level: Level, seed: int, commands: Iterable[Command], rules: int = RULES_VERSION) -> Iterator[State]:
    """The state after each of `commands`, played from `seed` by rules version `rules`, keeping
    nothing behind (no undo snapshots, no events): a long game costs one state's memory.
    Raises IllegalMove naming the command ("command N (text): why"), as Session.play_all does."""
    state = new_game(level, seed, rules)
    for i, command in enumerate(commands):
        try:
            state = play(state, command)[1]
        except IllegalMove as exc:
            raise IllegalMove(f"command {i + 1} ({shorten(str(command), 60)}): {exc}") from None
        yield state


def first_divergence(level: Level, seed: int, commands: Sequence[Command],
                     checks: Sequence[Check], rules: int = RULES_VERSION,
                     played: Callable[[int], object] | None = None) -> Divergence | None:
    """Play `commands` by rules version `rules` and compare each state with its recorded check
    (as many as there are). `played(n)` hears after each command (n counts from 1): progress,
    and a way to stop by raising.

    Raises IllegalMove naming the command ("command N (text): why") when one is refused,
    and LevelError when the level cannot be dealt from `seed`.
    """
    for i, state in enumerate(play_through(level, seed, commands, rules)):
        if i < len(checks):
            actual = Check.of(state, checks[i].version)   # each check under its own digest
            if actual != checks[i]:
                return Divergence(i + 1, commands[i], checks[i], actual)
        if played is not None:
            played(i + 1)
    return None
