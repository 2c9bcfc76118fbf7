"""A reach goal is met when the token stands on the target at any step of its walk (rules
version 3); a game or replay of an older version keeps the old rule (only where the walk ends)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core import (
    RULES_VERSION, Chain, GoalName, IllegalMove, Level, Session, Status, progress,
)
from game.io import find_pack
from game.io.replay import load_replay

# Row 0: the token, then a row of 1s; the target is 0,2; the path runs on to 0,4.
CROSSING = Level.from_dict({
    "format": 1, "id": "crossing", "name": "Crossing", "mode": "chain", "width": 5, "height": 3,
    "kinds": 3, "moves": 5,
    "layout": ["P 1 1 1 1", "2 3 2 3 2", "3 2 3 2 3"],
    "goals": {"reach": [0, 2], "collect": {1: 2}},
})
PAST_THE_TARGET = Chain(((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)))


def _reach(session: Session) -> bool:
    return next(g for g in progress(session.state) if g.name == GoalName.REACH).met


def test_a_walk_across_the_target_meets_the_reach_goal() -> None:
    assert RULES_VERSION >= 3
    session = Session(CROSSING, 1)
    session.play(PAST_THE_TARGET)
    assert session.state.player == (0, 4)     # the token walked the whole path
    assert _reach(session) and session.state.status == Status.WON


def test_a_goal_met_on_the_way_stays_met_while_other_goals_wait() -> None:
    level = Level.from_dict({**CROSSING.to_dict(), "goals": {"reach": [0, 2], "collect": {1: 9}}})
    session = Session(level, 1)
    session.play(PAST_THE_TARGET)
    assert _reach(session) and session.state.status == Status.PLAYING
    session.undo()
    assert not _reach(session)                 # undo takes it back with the walk


def test_under_rules_version_2_only_where_the_walk_ends_counts() -> None:
    session = Session(CROSSING, 1, rules=2)
    session.play(PAST_THE_TARGET)
    assert not _reach(session) and session.state.status == Status.PLAYING


def test_the_older_deep_dive_replay_crosses_the_target_early_so_todays_rules_end_it_sooner() -> None:
    replay = load_replay(Path(__file__).with_name("older") / "deep-dive-rules-2.yaml")
    level = find_pack(str(replay.pack)).level(replay.level)
    with pytest.raises(IllegalMove, match="the game is over"):
        Session.replay(level, replay.seed, replay.commands)
