"""The drop's words on the HUD, the goal card and a lost game's card are its unit's: a faller with other words is told in them, with no view code naming it."""

from __future__ import annotations

import dataclasses

import pytest

from game.core import GOAL_NAMED, GoalName, GoalProgress, Shortfall, faller_card_line, goal_of_faller
from game.core.units import DROPS
from game.ui import hud

ACORNS = dataclasses.replace(DROPS, label="Acorns", one="acorn", goal_line="Carry {count} home",
                             short_none="{count} still up the tree", short_one="the acorn is {where}",
                             short_many="{missing} acorns short, the lowest {where}")


@pytest.fixture()
def acorns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GOAL_NAMED, GoalName.DROPS, goal_of_faller(ACORNS))


def test_the_shipped_drop_says_what_it_always_said() -> None:
    assert hud.goal_text(GoalProgress(GoalName.DROPS, 1, 2)) == "Drops 1 / 2"
    assert faller_card_line(DROPS, 1) == "Bring 1 drop to the bottom"
    assert hud.shortfall_text(Shortfall(GoalName.DROPS, 2, rows=3)) == "2 drops short; the lowest is 3 rows from the bottom"
    assert hud.shortfall_text(Shortfall(GoalName.DROPS, 1)) == "1 drop still to bring down"


def test_a_faller_with_other_words_is_told_in_them(acorns: None) -> None:
    assert hud.goal_text(GoalProgress(GoalName.DROPS, 1, 2)) == "Acorns 1 / 2"
    assert GOAL_NAMED[GoalName.DROPS].card(GoalProgress(GoalName.DROPS, 0, 2)) == "Carry 2 acorns home"
    assert hud.shortfall_text(Shortfall(GoalName.DROPS, 1, rows=1)) == "the acorn is 1 row from the bottom"
    assert hud.shortfall_text(Shortfall(GoalName.DROPS, 3)) == "3 acorns still up the tree"
    assert hud.pictured("drops")
