"""The hint serves the goals, not the points: the core's advice (game.core.advice) weighs the
kinds to collect, blockers and the reach target, and following it wins more than a person does.

The full measurement (every shipped goal level, 20 seeds, hint against the person-like bot: about
2 to 4 CPU minutes) is `bench/hint_goals.py --write`, stored in hint_goals.yaml beside this file with
each level's hash. Here the stored table is held to the issue's bar on every goal level (a level
changed since, or one missing, fails until the bench is run again), and a few levels are played
live on the same seeds to show the table is what the hint wins today.
"""

from __future__ import annotations

import pathlib

import pytest
import yaml

from game.bots import HintBot
from game.bots.playtest import play_seeds
from game.core import Chain, Level, Mode, Swap, best_move, legal_commands, new_game
from game.core.advice import standing
from game.io import find_pack, list_packs

STORED = pathlib.Path(__file__).with_name("hint_goals.yaml")

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


def test_a_striped_tile_through_the_wanted_kind_counts_for_more_than_one_through_none() -> None:
    # On the plain board column 0 holds two 3s (rows 1 and 4) and column 1 none: the same column
    # striped tile promises the collect goal two tiles in the one and nothing in the other. (A 5
    # at 6,5 gives the board a move: swapping 5,6 down lines up three 5s.)
    def striped_at(cell: tuple[int, int]) -> float:
        rows = [row[:] for row in PLAIN]
        rows[6][5] = "5"
        rows[cell[0]][cell[1]] += "v"
        level = Level.from_dict({"format": 1, "id": "striped-board", "name": "Striped board", "mode": "match3",
                                 "width": 7, "height": 7, "kinds": 6, "moves": 10,
                                 "layout": [" ".join(row) for row in rows], "goals": {"collect": {3: 12}}})
        return standing(new_game(level, 0))

    assert [PLAIN[r][0] for r in range(7)].count("3") == 2 and [PLAIN[r][1] for r in range(7)].count("3") == 0
    assert striped_at((0, 0)) > striped_at((0, 1))


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


def _goal_levels() -> dict[str, Level]:
    """Every shipped match3 and chain level with a goal (bench/hint_goals.py's list)."""
    return {level.id: level for pack in list_packs() if pack.builtin for level in pack.levels
            if level.mode != Mode.SLIDE and not level.goals.is_empty()}


def _stored() -> dict[str, object]:
    data = yaml.safe_load(STORED.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_on_every_goal_level_following_the_hint_wins_at_least_halfway_from_the_person_to_every_game() -> None:
    stored = _stored()
    seeds, table = stored["seeds"], stored["levels"]
    assert isinstance(seeds, list) and isinstance(table, dict) and len(seeds) >= 20
    shipped = _goal_levels()
    assert len(shipped) > 40 and set(table) == set(shipped), "run bench/hint_goals.py --write again"
    stale = sorted(i for i, level in shipped.items() if table[i]["hash"] != level.content_hash())
    assert not stale, f"changed since the bench ran: {stale} (run bench/hint_goals.py --write again)"
    short = {i: (r["person"], r["hint"]) for i, r in table.items() if 2 * r["hint"] < r["person"] + len(seeds)}
    assert set(short) <= set(STILL_SHORT), f"(person, hint) wins of {len(seeds)}: {short}"
    # The levels still short are short by no more than they were: one game of the 20 each.
    assert all(short.get(i, (0, 99))[1] >= hint for i, hint in STILL_SHORT.items()), short


# The levels where issue 25's bar is not met yet (hint wins of 20 when the bench last ran): none.
# Cornerstones (collect 26 of one kind among 6; person 10, bar 15) was short at 14 until the hint
# counted the wanted kind's tiles a striped tile or bomb will clear (18 now).
STILL_SHORT: dict[str, int] = {}


# Collect, jelly and a reach goal, played live: the stored table is today's hint, not an old one.
LIVE = [("sweet-mechanics", "high-five"), ("sweet-mechanics", "jelly-beds"), ("first-steps", "pillars")]


@pytest.mark.parametrize("pack,level_id", LIVE, ids=[lv for _, lv in LIVE])
def test_the_stored_wins_are_what_the_hint_and_the_person_win_today(pack: str, level_id: str) -> None:
    stored = _stored()
    seeds = tuple(stored["seeds"])
    row = stored["levels"][level_id]
    level = find_pack(pack).level(level_id)
    hint = sum(r.won for r in play_seeds(level, seeds, "hint", None))
    person = sum(r.won for r in play_seeds(level, seeds, "person", None))
    assert (person, hint) == (row["person"], row["hint"]), "run bench/hint_goals.py --write again"
