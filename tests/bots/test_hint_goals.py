"""The hint serves the goals, not the points: the core's advice (game.core.advice) weighs the
kinds to collect, blockers and the reach target, and following it wins more than a person does.

The full measurement (every shipped goal level, 20 seeds, hint against the person-like bot) is
bench/hint_goals.py; here a few levels on fixed seeds keep the suite's CPU small.
"""

from __future__ import annotations

import pytest

from game.bots import HintBot
from game.bots.playtest import play_seeds
from game.core import Chain, Level, Status, Swap, legal_commands, new_game
from game.core.advice import best_move
from game.io import find_pack

# A board with no free swap (kind (c + 2r) % 6 + 1); a rainbow at 3,3 beside a 2 (right) and a 5 (below).
PLAIN = [[str((c + 2 * r) % 6 + 1) for c in range(7)] for r in range(7)]


def _rainbow_board(goals: dict[str, object]) -> Level:
    rows = [row[:] for row in PLAIN]
    rows[3][3] = "*"
    return Level.from_dict({"format": 1, "id": "rainbow-board", "name": "Rainbow board", "mode": "match3",
                            "width": 7, "height": 7, "kinds": 6, "moves": 10,
                            "layout": [" ".join(row) for row in rows], "goals": goals})


@pytest.mark.parametrize("wanted", [5, 2])
def test_a_rainbow_is_hinted_with_the_kind_the_level_wants(wanted: int) -> None:
    state = new_game(_rainbow_board({"collect": {wanted: 12}}), 0)
    right, below = Swap((3, 3), (3, 4)), Swap((3, 3), (4, 3))
    assert state.at((3, 4)) != state.at((4, 3))
    assert {right, below} <= set(legal_commands(state))
    choice = HintBot(0).choose(state)
    assert isinstance(choice, Swap)
    other = (choice.b if choice.a == (3, 3) else choice.a)
    assert state.at(other) == wanted


CROSSING = Level.from_dict({
    "format": 1, "id": "crossing", "name": "Crossing", "mode": "chain", "width": 5, "height": 3,
    "kinds": 3, "moves": 5,
    "layout": ["P 1 1 1 2", "2 1 2 3 2", "3 2 3 1 3"],
    "goals": {"reach": [0, 2]},
})


def test_the_hint_takes_a_chain_over_the_target_when_that_wins() -> None:
    state = new_game(CROSSING, 1)
    short = Chain(((0, 0), (0, 1), (1, 1)))   # ends next to the target, wins nothing
    across = Chain(((0, 0), (0, 1), (0, 2), (0, 3)))
    assert best_move(state, [short, across]) == across


# (pack, level, seeds): collect, jelly and a reach goal; on these seeds the person-like bot
# loses some games and the hint must win at least halfway from its rate to every game.
LEVELS = [("sweet-mechanics", "high-five"), ("sweet-mechanics", "jelly-beds"), ("first-steps", "pillars")]
SEEDS = tuple(range(1, 9))


@pytest.mark.parametrize("pack,level_id", LEVELS, ids=[lv for _, lv in LEVELS])
def test_following_the_hint_wins_at_least_halfway_from_the_person_to_every_game(pack: str, level_id: str) -> None:
    level = find_pack(pack).level(level_id)
    person = sum(r.won for r in play_seeds(level, SEEDS, "person", None))
    hint = sum(r.won for r in play_seeds(level, SEEDS, "hint", None))
    assert hint * 2 >= person + len(SEEDS), f"{level_id}: hint won {hint}, person {person} of {len(SEEDS)}"
