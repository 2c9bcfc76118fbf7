"""Ice, the blocker added as one unit: it holds its tile, loses a layer to a clear next to it or a blast, and has its goal, lesson, words and bot credit."""

from __future__ import annotations

import pytest

from corekit import level
from game.bots.base import _blocker_credit
from game.bots.playtest import GoalShortfall
from game.core import (
    Chain, Cleared, Fell, GoalName, IllegalMove, Lesson, Level, LevelError, Scored, Swap, decide, fold,
    legal_commands, lesson_used, new_game, play, progress, state_digest,
)
from game.core.units import ICE
from game.core.units.ice import IceCracked

Cell = tuple[int, int]


def background(r: int, c: int) -> str:
    """Kinds 2..5 with no run anywhere: kind 1 and the placed tokens make the runs."""
    return str(2 + (2 * r + c) % 4)


def board(placed: dict[Cell, str], size: int = 5, **extra: object) -> Level:
    rows = [" ".join(placed.get((r, c), background(r, c)) for c in range(size)) for r in range(size)]
    return level("match3", size, size, kinds=5, layout=rows, **extra)


# Kind 1 at (2,0), (2,1) and (3,2): the swap lifts (3,2) into (2,2), so row 2 clears at columns 0..2.
RUN = {(2, 0): "1", (2, 1): "1", (3, 2): "1"}
SWAP = Swap((2, 2), (3, 2))


def test_an_iced_tile_never_swaps_nor_falls_and_tiles_fall_past_it() -> None:
    lv = board({**RUN, (1, 1): "5I2"})
    state = new_game(lv, 1)
    with pytest.raises(IllegalMove, match="ice") as caught:
        decide(state, Swap((1, 1), (1, 2)))
    assert caught.value.said == "That tile is frozen in: clear tiles next to the ice."
    assert all((1, 1) not in (s.a, s.b) for s in legal_commands(state) if isinstance(s, Swap))
    events, after = play(state, SWAP)
    fell = next(e for e in events if isinstance(e, Fell))
    assert ((0, 1), (2, 1)) in fell.moves, "the tile above falls past the iced one"
    assert all((1, 1) not in move for move in fell.moves)
    assert IceCracked((1, 1), 1) in events, "the clear under it takes a layer"
    assert after.at((1, 1)) == 5 and after.layers.of(ICE) == (((1, 1), 1),)


def test_a_run_next_to_the_ice_takes_one_layer_a_step_and_at_0_the_tile_is_free() -> None:
    lv = board({**RUN, (3, 1): "5I1", (1, 0): "3I2"})
    state = new_game(lv, 1)
    events, after = play(state, SWAP)
    step = events[1:next(i for i, e in enumerate(events) if isinstance(e, Scored)) + 1]
    assert step[0] == Cleared(((2, 0), (2, 1), (2, 2)))
    assert step[1:3] == [IceCracked((1, 0), 1), IceCracked((3, 1), 0)]
    assert step[3] == Scored(30 + 2 * 10, 1)
    assert after.layers.of(ICE)[:1] == (((1, 0), 1),)
    assert fold(state, events) == after
    assert after.at((3, 1)) > 0, "the thawed tile stays, an ordinary tile now"


def test_a_blast_over_the_ice_takes_a_layer() -> None:
    lv = board({**RUN, (2, 0): "1b", (1, 1): "3I2"})
    events = decide(new_game(lv, 1), SWAP)
    assert IceCracked((1, 1), 1) in events
    assert sum(1 for e in events if isinstance(e, IceCracked) and e.cell == (1, 1)) >= 1


def test_a_chain_never_runs_over_ice_and_cracks_the_ice_beside_it() -> None:
    rows = ["1 1 1 4", "2 2I1 5 2", "3 4 1I2 3", "5 2 3 4"]
    lv = level("chain", 4, 4, kinds=5, layout=rows, rules={"diagonal": False, "min_chain": 3, "min_match": 3},
               goals={"ice": True})
    state = new_game(lv, 1)
    with pytest.raises(IllegalMove, match="ice"):
        decide(state, Chain(((0, 2), (1, 2), (2, 2))))
    path = ((0, 0), (0, 1), (0, 2))
    events, after = play(state, Chain(path))
    assert IceCracked((1, 1), 0) in events and after.layers.of(ICE) == (((2, 2), 2),)
    assert progress(after)[0].name == GoalName.ICE and (progress(after)[0].current, progress(after)[0].target) == (1, 3)
    assert lesson_used(Lesson.ICE, state, Chain(path), events)


def test_the_ice_goal_counts_layers_and_the_lab_and_bots_see_what_is_left() -> None:
    lv = board({**RUN, (1, 1): "5I2", (3, 1): "4I1"}, goals={"ice": True})
    state = new_game(lv, 1)
    assert [(g.name, g.current, g.target) for g in progress(state)] == [(GoalName.ICE, 0, 3)]
    assert _blocker_credit(state) == 0.0
    _, after = play(state, SWAP)
    assert [(g.name, g.current) for g in progress(after)] == [(GoalName.ICE, 2)]
    assert _blocker_credit(after) > 0.0, "the bots see the layers taken"
    assert GoalShortfall(GoalName.ICE, 0, 1.0, 1).phrase == "ice left (1 layer)"
    assert state_digest(after) != state_digest(state)


@pytest.mark.parametrize("token, said", [
    ("I1", "did you mean '.I1'"), ("3I3", "did you mean '3I1' or '3I2'"), ("#I1", "a hole holds no tile"),
    ("*I1", "not a rainbow"), ("9I1", "kind 9 does not exist"),
])
def test_a_wrong_ice_token_is_told_at_its_cell(token: str, said: str) -> None:
    with pytest.raises(LevelError, match="cell 1,1: .*" + said.replace("(", r"\(").replace("'", "'")):
        board({(1, 1): token})


def test_the_ice_goal_without_ice_and_a_slide_level_with_ice_are_refused() -> None:
    with pytest.raises(LevelError, match="goals.ice: there is no ice to clear"):
        board({}, goals={"ice": True})
    with pytest.raises(LevelError):
        level("slide", 3, 3, layout=["1 2 3", "4 .I1 5", "6 7 _"])


def test_every_goal_unit_has_its_words_for_the_hud_the_goal_card_and_the_lab() -> None:
    from game.core import GOAL_UNITS
    for unit in GOAL_UNITS:
        assert unit.label and unit.short and unit.counted and unit.none_placed, unit.name
        assert unit.goal_line.format(target=3).endswith(")") and "{" not in unit.goal_line.format(target=3)
    assert ICE.goal_line.format(target=4) == "Clear all the ice (4 layers)"


def test_a_player_walled_in_by_ice_is_told_with_every_unit_that_holds_its_cell() -> None:
    # The validator's words for what walls a chain's player in come from the units that hold
    # their cell: ice is among them as soon as it is a unit.
    rows = ["P .I1 2", ".I2 3I1 3", "2 3 1"]
    with pytest.raises(LevelError) as caught:
        level("chain", 3, 3, kinds=3, layout=rows)
    said = str(caught.value)
    assert "the player at 0,0 has only stones, locked tiles, iced tiles and holes next to it" in said
