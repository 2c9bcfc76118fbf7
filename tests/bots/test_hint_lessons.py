"""The hint teaches the lesson and wins (issue 37): following it on every shipped level that
teaches a special or a combo wins the level's own deal and uses the lesson on the way; on every
other shipped level it wins the level's own deal."""

from __future__ import annotations

import pytest

from game.bots import HintBot, SlideBot
from game.bots.base import play_game
from game.core import Level, Mode, lesson_used
from game.core.lessons import lesson_specials
from game.io import find_pack

SHIPPED = [lv for pack in ("first-steps", "sweet-mechanics") for lv in find_pack(pack).levels]
TAUGHT = [lv for lv in SHIPPED if lv.teaches is not None and lesson_specials(lv.teaches)]


def test_the_shipped_packs_teach_specials() -> None:
    assert {"high-five", "rainbow-stripes", "crossfire"} <= {lv.id for lv in TAUGHT}


@pytest.mark.parametrize("level", TAUGHT, ids=lambda lv: lv.id)
def test_following_the_hint_wins_the_deal_and_uses_the_lesson(level: Level) -> None:
    session = play_game(level, level.play_seed, HintBot())
    assert session.state.status == "won", f"{level.id}: hint-only play lost with {session.state.score}"
    states = [session.initial, *(turn.state for turn in session.turns)][:-1]
    assert level.teaches is not None
    assert any(lesson_used(level.teaches, before, turn.command, turn.events)
               for before, turn in zip(states, session.turns)), f"{level.id}: the lesson was never used"


@pytest.mark.parametrize("level", [lv for lv in SHIPPED if lv not in TAUGHT], ids=lambda lv: lv.id)
def test_following_the_hint_wins_every_other_shipped_levels_deal(level: Level) -> None:
    # The deal every player gets (and Retry deals again): H alone, pressed every move, wins it.
    bot = SlideBot() if level.mode == Mode.SLIDE else HintBot()
    session = play_game(level, level.play_seed, bot)
    assert session.state.status == "won", f"{level.id}: hint-only play lost with {session.state.score}"
