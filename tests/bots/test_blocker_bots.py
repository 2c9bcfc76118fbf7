"""Every bot plays levels with blockers through legal_commands/decide/fold, and values blocker goals."""

from __future__ import annotations

import pytest

from game.bots import BOT_NAMES, make_bot, play_game, value
from game.bots.base import turn_limit_for
from game.core import Level, Mode, Status, Swap, fold, new_game, progress
from game.bots.person import PersonMatch3Bot

MATCH3 = Level.from_dict({
    "format": 1, "id": "blockers", "name": "Blockers", "mode": "match3", "width": 6, "height": 6, "kinds": 4,
    "moves": 25,
    "layout": [". . . . . .", ". S2 . . 3L .", ". . D . . .", ". .L . . S1 .", ". . . . . .", ". . . . . ."],
    "jelly": ["1 1 1 1 1 1", "0 0 0 0 0 0", "2 2 0 2 2 2", "0 0 0 0 0 0", "0 0 0 0 0 0", "1 1 1 1 1 1"],
    "goals": {"jelly": True, "stones": True, "drops": 2},
})
CHAIN = Level.from_dict({
    "format": 1, "id": "chain-blockers", "name": "Chain blockers", "mode": "chain", "width": 5, "height": 5,
    "kinds": 3, "moves": 25,
    "layout": ["P . . . .", ". S2 . 2L .", ". . . . .", ". .L . S1 .", ". . . . ."],
    "jelly": ["0 1 1 1 1", "0 0 0 0 0", "2 2 2 2 2", "0 0 0 0 0", "0 0 0 0 0"],
    "goals": {"jelly": True, "stones": True},
})


REFUSED = {("chain", Mode.MATCH3), ("greedy", Mode.CHAIN)}   # the bots made for one mode only


@pytest.mark.parametrize("name", [n for n in BOT_NAMES if n != "slide"])
@pytest.mark.parametrize("lv", [MATCH3, CHAIN], ids=["match3", "chain"])
def test_every_bot_plays_a_blocker_level_to_its_end_or_its_moves(name: str, lv: Level) -> None:
    if (name, lv.mode) in REFUSED:
        # A bot made for another mode says so rather than playing badly (and nothing else refuses).
        with pytest.raises(ValueError, match=f"plays {'chain' if name == 'chain' else 'match3'} levels"):
            make_bot(name, lv, seed=3)
        return
    bot = make_bot(name, lv, seed=3)
    limit = 10 if name == "greedy" else turn_limit_for(lv)
    session = play_game(lv, 5, bot, turn_limit=limit)
    assert session.commands, "the bot made moves"
    assert fold(session.initial, session.events) == session.state
    state = session.state
    if state.status == Status.PLAYING:
        # Still playing: only because its turns ran out, never because a move changed nothing.
        assert len(session.commands) == limit, f"{name} stopped after {len(session.commands)} of {limit} turns"
    elif state.status == Status.LOST:
        assert state.moves == lv.moves, f"{name} lost with {lv.moves - state.moves} moves left"
    else:
        assert state.status == Status.WON and all(g.met for g in progress(state))


def test_the_greedy_bot_makes_progress_on_blocker_goals() -> None:
    session = play_game(MATCH3, 1, make_bot("greedy", MATCH3, seed=1), turn_limit=8)
    before = {g.name: g.current for g in progress(session.initial)}
    after = {g.name: g.current for g in progress(session.state)}
    assert sum(after.values()) > sum(before.values())
    assert value(session.state) > value(session.initial)


def test_the_person_bot_prefers_the_swap_that_clears_jelly() -> None:
    background = lambda r, c: str(2 + (2 * r + c) % 4)   # noqa: E731 - no run anywhere
    rows = [" ".join(background(r, c) for c in range(5)) for r in range(5)]
    grid = [row.split() for row in rows]
    # Two equal runs of kind 1: one over jelly (row 0), one not (row 4).
    for r in (0, 4):
        grid[r][0] = grid[r][1] = "1"
    grid[1][2] = "1"
    grid[3][2] = "1"
    lv = Level.from_dict({"format": 1, "id": "j", "name": "J", "mode": "match3", "width": 5, "height": 5,
                          "kinds": 5, "layout": [" ".join(row) for row in grid],
                          "jelly": ["1 1 1 0 0", "0 0 0 0 0", "0 0 0 0 0", "0 0 0 0 0", "0 0 0 0 0"],
                          "goals": {"jelly": True}})
    state = new_game(lv, 0)
    bot = PersonMatch3Bot(0)
    assert bot.worth(state, Swap((0, 2), (1, 2))) > bot.worth(state, Swap((3, 2), (4, 2)))
