"""The finale, checked cell by cell against its rule (a slow reference of what it decides).

Written from rules/finale.py's docstring, sharing nothing with game/core but the event types
and the RNG stream (which is part of the contract): given the state a winning move left (goals
met, still playing) and the events from FinaleBegan to Won, it checks that every special left
went off first, that each move left turned the tile the stream draws from the plain tiles in
reading order into the line it draws, which went off at once, that each step's cascade scored
as the cascade does (its steps counted from 1), and that no special is left at the end. From
rules 5 each move left is paid what the player's moves were worth (score // moves as the winning
move left them): BonusScored(1, worth) just before each MoveTurned, and BonusScored(k, k * worth)
just before Won for the k moves no plain tile was left to turn; never a bonus before rules 5.
"""

from __future__ import annotations

from game.core import (
    BonusScored, Cleared, Created, Detonated, Draws, Event, FinaleBegan, LeftoversFired, MoveTurned, Scored, Special,
    State, Won, evolve, fold,
)
from game.core.rules.finale import SWEEPS
from game.core.units.ice import ICE

LINES = (Special.ROW, Special.COLUMN)
MOVE_WORTH = 5   # the rules version from which a move left pays the player's average move


def worth_of(won: State) -> int:
    """What each move left pays on top of its line: the average points of the player's moves."""
    return won.score // won.moves if won.rules >= MOVE_WORTH else 0


def plain_tiles(state: State) -> list[tuple[int, int]]:
    """The tiles a move may turn: of a kind, with no special, no lock and no ice, in reading order."""
    specials = {cell for cell, _ in state.specials}
    held = set(state.locks) | {cell for cell, _ in state.layers.of(ICE)}
    return [(r, c) for r, row in enumerate(state.grid) for c, v in enumerate(row)
            if 1 <= v <= state.level.kinds and (r, c) not in specials and (r, c) not in held]


def first_step(body: list[Event]) -> list[Event]:
    """The events of a finale step's own blast: up to and including its first Cleared."""
    for i, e in enumerate(body):
        if isinstance(e, Cleared):
            return body[:i + 1]
    raise AssertionError("a finale step clears something")


def step_points(body: list[Event]) -> list[tuple[int, int]]:
    """(points, combo) of each cascade step of `body` as the cascade scores a plain board:
    10 a tile cleared and 20 a special made or fired, times the step (counted from 1)."""
    out: list[tuple[int, int]] = []
    specials = 0
    for e in body:
        if isinstance(e, (Created, Detonated)):
            specials += 1
        elif isinstance(e, Cleared):
            step = len(out) + 1
            out.append(((10 * len(e.cells) + 20 * specials) * step, step))
            specials = 0
    return out


def check_finale(won: State, events: list[Event], plain_board: bool = True) -> State:
    """Check a finale (`events`, FinaleBegan to Won) played from `won`; return the end state.
    `plain_board`: no blockers, so each Scored is exactly the cascade's tile and special points."""
    left = won.moves_left or 0
    assert events[0] == FinaleBegan(left), "the finale names the moves left"
    assert events[-1] == Won(), "the finale ends the game won"
    assert won.specials or left, "no finale without a special or a move to spare"
    assert won.moves >= 1, "a game is won by a move"
    worth = worth_of(won)
    # The bonuses come out first: each (but a last one for the moves not turned) pays just
    # before a move turns, so the score in the stream is right at every step.
    bonuses: list[tuple[int, BonusScored]] = []
    steps: list[Event] = []
    for e in events[1:-1]:
        if isinstance(e, BonusScored):
            bonuses.append((len(steps), e))
        else:
            steps.append(e)
    assert not steps or isinstance(steps[0], (LeftoversFired, MoveTurned)), "a finale step comes first"
    segments: list[tuple[Event, list[Event]]] = []
    for e in steps:
        if isinstance(e, (LeftoversFired, MoveTurned, FinaleBegan, Won)):
            assert not isinstance(e, (FinaleBegan, Won)), "one finale, ended once"
            segments.append((e, []))
        else:
            segments[-1][1].append(e)
    turned_at = [i for i, e in enumerate(steps) if isinstance(e, MoveTurned)]
    unturned = left - len(turned_at)
    expected = [(i, BonusScored(1, worth)) for i in turned_at] if worth else []
    if worth and unturned:
        expected.append((len(steps), BonusScored(unturned, unturned * worth)))
    assert bonuses == expected, "each move left pays its worth, turned or not, just before it turns"
    state = evolve(won, events[0])
    turned = 0
    sweeps = 0
    for marker, body in segments:
        if isinstance(marker, MoveTurned) and worth:
            state = evolve(state, BonusScored(1, worth))
        blast = first_step(body)
        if isinstance(marker, LeftoversFired):
            sweeps += 1
            assert sweeps <= SWEEPS
            assert marker.count == len(state.specials) > 0, "all the specials left, and only when there are"
            fired = [(e.cell, e.special) for e in blast if isinstance(e, Detonated)]
            assert fired[:marker.count] == list(state.specials), "every special left goes off, in reading order"
            assert not any(isinstance(e, Created) for e in blast)
        else:
            assert isinstance(marker, MoveTurned)
            assert not state.specials or sweeps == SWEEPS, "the specials left went off before a move turns"
            sweeps = 0
            plain = plain_tiles(state)
            draws = Draws(state.rng)
            cell = plain[draws.below(len(plain))]
            special = LINES[draws.below(2)]
            turned += 1
            assert marker == MoveTurned(cell, left - turned, draws.state), "the tile and line the stream draws"
            assert blast[0] == Created(cell, special) and blast[1] == Detonated(cell, special, 0), \
                "the move's line is made and goes off at once"
            assert cell in blast[-1].cells   # type: ignore[union-attr]
        if plain_board:
            scored = [(e.points, e.combo) for e in body if isinstance(e, Scored)]
            assert scored == step_points(body), "a finale step scores as the cascade"
        state = fold(evolve(state, marker), body)
    if turned < left:
        assert not plain_tiles(state), "every move left turns while a plain tile is left"
        if worth:
            state = evolve(state, BonusScored(left - turned, (left - turned) * worth))
    assert not state.specials or sweeps == SWEEPS, "no special is left at the end"
    end = evolve(state, events[-1])
    assert end.score - won.score == sum(e.points for e in events if isinstance(e, Scored)) + left * worth, \
        "the finale pays its cascades and every move left's worth"
    assert end.moves == won.moves, "the finale spends no move"
    return end
