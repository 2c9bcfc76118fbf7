"""The bots never keep going (issue 37): their games end at the first loss, so the lab's pass rates
measure the level as it is, never with "+5 moves"."""

from __future__ import annotations

from game.bots import make_bot
from game.bots.base import play_game
from game.bots.playtest import play_one
from game.core import KeepGoing, Status, can_keep_going
from kept_going import OUT_OF_REACH


def test_a_bot_game_lost_by_its_moves_ends_there_without_keep_going() -> None:
    for name in ("person", "greedy"):
        session = play_game(OUT_OF_REACH, 0, make_bot(name, OUT_OF_REACH, seed=0))
        assert session.state.status == Status.LOST and can_keep_going(session.state)   # it could, and did not
        assert KeepGoing() not in session.commands and not session.state.helped
    record = play_one(OUT_OF_REACH, 0)
    assert not record.won and record.stars == 0 and record.moves == 1
