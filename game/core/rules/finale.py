"""The finale (the genre's bonus time): a won match3 level's specials left go off, then each move left
becomes a line special on a random tile, which fires; all through the one cascade, scored by it.

It is a rule (rules version FINALE on), decided here from the game's own stream so that a
replay proves it, and played out in the winning move's events:

    FinaleBegan(moves_left)
    LeftoversFired(n), the specials' Detonated, Cleared, ..., the cascade    (while any is left)
    BonusScored(1, worth)                                    (from rules version MOVE_WORTH)
    MoveTurned(cell, moves_left, rng), Created, Detonated, Cleared, ..., the cascade
    LeftoversFired(n), ...                                   (the specials that cascade made)
    ... one BonusScored and MoveTurned a move left ...
    BonusScored(k, k * worth)                                (the k moves no plain tile was left for)
    Won

Each step is one cascade started from the specials going off, with its steps counted from 1,
so it scores what the same blasts score in play (10 a tile, 20 a special made or fired, blocker
hits, fallers' pieces brought down, times the cascade step). A move turns the tile drawn uniformly from the plain tiles
in reading order (no special, no lock), into a row or a column special, one more draw each.
The moves-left counter itself does not change: State.moves stays the moves the player used.

From rules version MOVE_WORTH each move left also pays its worth, the game's score over its moves
when the winning move's own events are done (the finale's own points left out): a line on a
cleared board scores far less than a move played on blockers or in cascades, and a player who wins
early must never be paid less for it. Every move left is paid, turned or not.
"""

from __future__ import annotations

from operator import add

from ..boards import Geometry, bitboard, bits_of, flat_board, grid_of
from ..events import BonusScored, Event, FinaleBegan, LeftoversFired, MoveTurned, Won
from ..grid import FALLER, RAINBOW
from ..rng import Draws
from ..state import MOVE_WORTH, State
from ..vocab import Special, Status
from .cascade import Blockers, cascade
from .specials import LINES, Layer, Outcome, chain

SWEEPS = 10
"""The most times in a row the specials left go off before the finale moves on: each round's
cascade can make new ones (only in its first steps, see cascade.MAKING_STEPS), so this bounds a
finale on a board that keeps making them; in practice one or two rounds clear them all."""


def finale(state: State) -> tuple[list[Event], State]:
    """The finale's events for the match3 game `state`, whose goals its last move has just met
    (the game still playing), ending with Won, and the state they lead to (what fold gives,
    made from the finale's own working board: a finale on a big board is thousands of events).
    Just [Won()] with no special and no move left."""
    left = state.moves_left or 0
    if not state.specials and not left:
        return [Won()], state.after(state.grid, status=Status.WON)
    # A win comes after a move, so moves >= 1; the guard keeps a hand-made state from dividing by 0.
    worth = state.score // state.moves if state.rules >= MOVE_WORTH and state.moves else 0
    run = _Finale(state)
    events = run.play(left, worth)
    return events, run.state(state)


class _Finale:
    """A finale in progress: the working board (rows, masks, specials by bit, blocker hooks) and
    the stream, as the cascade takes them."""

    def __init__(self, state: State) -> None:
        level = state.level
        self.level = level
        board = bitboard(state.grid, level.geometry())   # the level's: its fall tables are built
        geo = board.geo
        self.geo: Geometry = geo
        stride = geo.stride
        self.work = flat_board(state.grid)
        self.layer: Layer = {r * stride + c: special for (r, c), special in state.specials}
        rainbows = fallen = 0
        for bit, special in self.layer.items():
            if special == Special.RAINBOW:
                rainbows |= 1 << bit
        for r, row in enumerate(state.grid):
            for c, v in enumerate(row):
                if v == FALLER:
                    fallen |= 1 << (r * stride + c)
        # One mask per kind (index 0 unused), then RAINBOW's and FALLER's, as cascade() takes them.
        self.masks = [*board.kinds, rainbows, fallen]
        assert len(self.masks) == FALLER + 1
        self.hooks = Blockers(state, geo) if state.has_blockers else None
        self.counts = [0] * len(self.masks)
        self.rng = state.rng
        self.points = 0
        self.events: list[Event] = []

    def state(self, state: State) -> State:
        """The state the finale leads to from `state`: won, with its working board."""
        cell_of = self.geo.cell_of
        return state.after(
            grid_of(self.work, self.geo), score=state.score + self.points, status=Status.WON,
            collected=tuple(map(add, state.collected, self.counts[1:])), rng=self.rng,
            specials=tuple(sorted((cell_of[bit], special) for bit, special in self.layer.items())),
            layers=state.layers if self.hooks is None else self.hooks.layers(state))

    def play(self, left: int, worth: int) -> list[Event]:
        """FinaleBegan to Won for `left` moves left, each paying `worth` points (0: none paid)."""
        events = self.events
        events.append(FinaleBegan(left))
        self._sweep()
        cell_of = self.geo.cell_of
        for turned in range(1, left + 1):
            plain = self._plain_tiles()
            if not plain:
                # A board of specials and locks only: nothing left to turn, but the moves are the
                # player's all the same, so they are paid in one go.
                unturned = left - turned + 1
                if worth:
                    events.append(BonusScored(unturned, unturned * worth))
                    self.points += unturned * worth
                break
            if worth:
                events.append(BonusScored(1, worth))
                self.points += worth   # before its line, so the score is right at each step
            draws = Draws(self.rng)
            bit = plain[draws.below(len(plain))]
            special = LINES[draws.below(2)]
            self.rng = draws.state
            events.append(MoveTurned(cell_of[bit], left - turned, self.rng))
            # The new line goes off at once: its cell is in its own blast (cleared from the
            # start, so it is not caught again), and what it catches goes off in turn.
            cleared, fired, took = chain(self.geo, self.masks, self.layer, 1 << bit, 0, [(bit, special)])
            self._cascade(Outcome(((bit, special),), tuple(fired), cleared, tuple(took)))
            self._sweep()
        events.append(Won())
        return events

    def _plain_tiles(self) -> list[int]:
        """The bits of the tiles a move may turn: a kind's, with no special and no lock, in reading order."""
        tiles = 0
        for kind in range(1, RAINBOW):
            tiles |= self.masks[kind]
        for bit in self.layer:
            tiles &= ~(1 << bit)
        if self.hooks is not None:
            tiles &= ~self.hooks.covered
        return bits_of(tiles)

    def _sweep(self) -> None:
        """Every special left goes off at once, and again for those the cascade made (SWEEPS at most)."""
        for _ in range(SWEEPS):
            if not self.layer:
                return
            first = sorted(self.layer.items())
            spent = 0
            for bit, _ in first:
                spent |= 1 << bit
            self.events.append(LeftoversFired(len(first)))
            cleared, fired, took = chain(self.geo, self.masks, self.layer, spent, 0, first)
            self._cascade(Outcome((), tuple(fired), cleared, tuple(took)))

    def _cascade(self, first: Outcome) -> None:
        level = self.level
        points, self.rng = cascade(self.work, self.masks, self.geo, level.kinds, level.rules.min_match, self.rng,
                              self.events, self.counts, self.layer, level.forms,
                              (first.cleared, first), self.hooks)
        self.points += points
