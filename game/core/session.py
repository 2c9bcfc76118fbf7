"""Session: a game's level, seed, commands and event batches, with undo, redo and replay."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

from .commands import Command
from .events import Event
from .game import new_game, play
from .checking import shorten
from .level import Level
from .state import RULES_VERSION, IllegalMove, State


@dataclass(frozen=True, slots=True)
class Turn:
    """One command that changed the game, the events it caused and the state after them."""

    command: Command
    events: tuple[Event, ...]
    state: State


class Session:
    """A game in progress. The command log is the truth; states are kept for O(1) undo.

    A command that changes nothing (a rejected swap) returns its events but is not logged,
    so undo always steps back over a real move.
    """

    def __init__(self, level: Level, seed: int, rules: int = RULES_VERSION) -> None:
        self.level = level
        self.seed = seed
        self.rules = rules   # the rules version it plays by (a replay's own)
        self.initial: State = new_game(level, seed, rules)
        self._turns: list[Turn] = []
        self._undone: list[Turn] = []

    @property
    def state(self) -> State:
        return self._turns[-1].state if self._turns else self.initial

    @property
    def turns(self) -> tuple[Turn, ...]:
        """The logged turns, oldest first (commands that changed nothing are not logged)."""
        return tuple(self._turns)

    @property
    def played(self) -> int:
        """How many commands are logged (len(commands), without building the list)."""
        return len(self._turns)

    @property
    def commands(self) -> list[Command]:
        return [t.command for t in self._turns]

    @property
    def batches(self) -> list[tuple[Event, ...]]:
        return [t.events for t in self._turns]

    @property
    def events(self) -> list[Event]:
        return [e for t in self._turns for e in t.events]

    @property
    def can_undo(self) -> bool:
        return bool(self._turns)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    def play(self, command: Command, known: tuple[list[Event], State] | None = None) -> list[Event]:
        """Apply `command`; raises IllegalMove (nothing changes) when the rules forbid it.

        `known`: what play(self.state, command) gave, when the caller worked it out already
        (a bot that weighed the move), so it is not worked out twice."""
        before = self.state
        events, after = play(before, command) if known is None else known
        if after is before or after == before:
            return events
        self._turns.append(Turn(command, tuple(events), after))
        self._undone.clear()
        return events

    def undo(self) -> bool:
        """Back to the state before the last command; False when there is none."""
        if not self._turns:
            return False
        self._undone.append(self._turns.pop())
        return True

    def redo(self) -> bool:
        """Play the last undone command again (the same events: the RNG lives in the state)."""
        if not self._undone:
            return False
        self._turns.append(self._undone.pop())
        return True

    def play_all(self, commands: Iterable[Command]) -> Iterator[State]:
        """Play `commands` in turn, yielding the state after each; a refused one raises
        IllegalMove naming it: "command N (text): why" (N counts from 1)."""
        for i, command in enumerate(commands):
            try:
                self.play(command)
            except IllegalMove as exc:
                raise IllegalMove(f"command {i + 1} ({shorten(str(command), 60)}): {exc}") from None
            yield self.state

    @classmethod
    def replay(cls, level: Level, seed: int, commands: Iterable[Command],
               rules: int = RULES_VERSION) -> "Session":
        """A session that has played `commands` from the start by rules version `rules`;
        raises IllegalMove on a bad one."""
        session = cls(level, seed, rules)
        for _ in session.play_all(commands):
            pass
        return session
