"""The finale (bonus time) as a rule: a won match3 level's specials go off, then each move left
becomes a line special on a tile the game's stream draws, which goes off, and (rules 5) pays what
the player's moves were worth; replays prove it."""

from __future__ import annotations

from typing import Any

import dataclasses

from hypothesis import assume, event, given
from hypothesis import strategies as st

from corekit import build_or_skip, canonical, examples, level, level_dicts
from finaleref import check_finale
from game.core import (
    BonusScored, Chain, Created, Detonated, FinaleBegan, LeftoversFired, LevelError, MoveTurned, Scored,
    Session, Special, Status, Swap, Won, first_divergence, fold, legal_commands, new_game,
)
from game.core.proof import checks_of
from game.core.rules.finale import finale
from game.core.state import FINALE, MOVE_WORTH, RULES_VERSION, Layers
from game.core.units import LOCK

# (2,2)<->(1,2) makes a T of seven 1s (as in test_rules); a bomb waits at (4,0), out of its way.
T_BOARD = [
    "2 3 2 4 5",
    "4 5 1 2 3",
    "1 1 3 1 1",
    "3 2 1 5 2",
    "5 4 1 3 4",
]
WIN = Swap((2, 2), (1, 2))


def won_game(moves: int, layout: list[str] = T_BOARD, version: int = RULES_VERSION, **extra: Any) -> Session:
    s = Session(level("match3", 5, 5, kinds=5, moves=moves, layout=layout, goals={"score": 60}, **extra), 1, version)
    s.play(WIN)
    assert s.state.status == Status.WON
    return s


def test_rules_4_is_the_finale_and_rules_5_pays_a_move_left_its_worth() -> None:
    assert RULES_VERSION >= MOVE_WORTH == 5 and FINALE == 4


def test_each_move_left_becomes_a_line_special_that_goes_off_and_scores() -> None:
    s = won_game(moves=5, version=FINALE, rules={"specials": False})
    events = list(s.turns[-1].events)
    start = next(i for i, e in enumerate(events) if isinstance(e, FinaleBegan))
    assert events[start] == FinaleBegan(4)
    turned = [e for e in events if isinstance(e, MoveTurned)]
    assert [e.moves_left for e in turned] == [3, 2, 1, 0], "four moves left, turned one by one"
    for e in turned:
        made = events[events.index(e) + 1]
        assert isinstance(made, Created) and made.cell == e.cell and made.special in (Special.ROW, Special.COLUMN)
        assert events[events.index(e) + 2] == Detonated(e.cell, made.special)
    assert events[-1] == Won() and not any(isinstance(e, BonusScored) for e in events), "no bonus by rules 4"
    # The finale is scored by the cascade: its points are all in Scored events, on top of the swap's.
    swap_points = sum(e.points for e in events[:start] if isinstance(e, Scored))
    finale_points = sum(e.points for e in events[start:] if isinstance(e, Scored))
    assert s.state.score == swap_points + finale_points and finale_points >= 4 * (50 + 40)
    # It spends no move: the stars of a moves-left level still count the moves the player had left.
    assert s.state.moves == 1 and s.state.moves_left == 4 and not s.state.specials
    check_finale(fold(s.initial, events[:start]), events[start:])


# A collect level of a dealt 6x6 board (seed 7, no specials): the same game won in 2 moves or in 6.
FAST_AND_SLOW = level("match3", 6, 6, kinds=4, moves=8, seed=7, goals={"collect": {1: 14}}, rules={"specials": False})
FAST = (Swap((3, 1), (4, 1)), Swap((4, 4), (4, 5)))
SLOW = (Swap((4, 4), (4, 5)), Swap((2, 3), (3, 3)), Swap((3, 2), (4, 2)), Swap((5, 3), (5, 4)),
        Swap((3, 1), (4, 1)), Swap((3, 1), (3, 2)))


def test_a_faster_win_scores_more_than_a_slower_win_of_the_same_game() -> None:
    fast = Session.replay(FAST_AND_SLOW, 7, FAST)
    slow = Session.replay(FAST_AND_SLOW, 7, SLOW)
    assert fast.state.status == slow.state.status == Status.WON
    assert (fast.state.moves, slow.state.moves) == (2, 6)
    assert fast.state.score > slow.state.score, "finishing early is never paid less"
    # By rules 4 the same wins scored the other way round: six lines on a cleared board paid less
    # than the four moves the slower player spent scoring.
    assert Session.replay(FAST_AND_SLOW, 7, FAST, FINALE).state.score < Session.replay(
        FAST_AND_SLOW, 7, SLOW, FINALE).state.score


def test_each_move_left_pays_the_players_average_move_just_before_it_turns() -> None:
    s = Session.replay(FAST_AND_SLOW, 7, FAST)
    events = list(s.turns[-1].events)
    start = next(i for i, e in enumerate(events) if isinstance(e, FinaleBegan))
    won = fold(s.turns[0].state, events[:start])
    worth = won.score // 2
    assert worth > 0 and won.moves == 2
    bonuses = [i for i, e in enumerate(events) if isinstance(e, BonusScored)]
    assert len(bonuses) == 6 and all(events[i] == BonusScored(1, worth) for i in bonuses)
    assert all(isinstance(events[i + 1], MoveTurned) for i in bonuses), "each right before its move turns"
    finale_points = sum(e.points for e in events[start:] if isinstance(e, Scored))
    assert s.state.score == won.score + finale_points + 6 * worth
    check_finale(won, events[start:])
    # Rules 4 plays the same lines and pays no bonus.
    old = Session.replay(FAST_AND_SLOW, 7, FAST, FINALE)
    assert not any(isinstance(e, BonusScored) for e in old.events)
    assert [e for e in old.turns[-1].events if isinstance(e, MoveTurned)] == [
        e for e in events if isinstance(e, MoveTurned)]
    assert old.state.score == s.state.score - 6 * worth


def test_moves_left_with_no_tile_to_turn_are_paid_all_the_same() -> None:
    # A hand-made won state whose every tile is locked: no move can turn, each is still paid.
    lv = level("match3", 3, 3, kinds=3, moves=4, goals={"score": 10})
    every = tuple((r, c) for r in range(3) for c in range(3))
    won = dataclasses.replace(new_game(lv, 1), score=250, moves=1, layers=Layers().put(LOCK, tuple((cell, 1) for cell in every)))
    events, after = finale(won)
    assert events == [FinaleBegan(3), BonusScored(3, 750), Won()]
    assert after == fold(won, events) and after.score == 1000 and after.status == Status.WON
    rules_4 = dataclasses.replace(won, rules=FINALE)
    assert finale(rules_4) == ([FinaleBegan(3), Won()], fold(rules_4, [FinaleBegan(3), Won()]))


def test_the_specials_left_go_off_first() -> None:
    layout = [row for row in T_BOARD]
    layout[4] = "5b 4 1 3 4"
    s = won_game(moves=3, layout=layout)
    events = list(s.turns[-1].events)
    start = next(i for i, e in enumerate(events) if isinstance(e, FinaleBegan))
    won = fold(s.initial, events[:start])
    assert won.specials, "the bomb is still on the board when the goal is met"
    assert events[start + 1] == LeftoversFired(len(won.specials))
    fired = [e.cell for e in events[start + 2:start + 2 + len(won.specials)] if isinstance(e, Detonated)]
    assert fired == [cell for cell, _ in won.specials]
    check_finale(won, events[start:])


def test_no_finale_without_a_move_to_spare_or_a_special() -> None:
    s = won_game(moves=1, rules={"specials": False})
    assert s.turns[-1].events[-1] == Won()
    assert not any(isinstance(e, (FinaleBegan, BonusScored)) for e in s.turns[-1].events)


def test_a_rules_3_game_pays_the_flat_bonus_and_plays_no_finale() -> None:
    s = won_game(moves=5, version=3)
    events = s.turns[-1].events
    assert events[-2:] == (BonusScored(4, 200), Won())
    assert not any(isinstance(e, (FinaleBegan, MoveTurned, LeftoversFired)) for e in events)


def test_chain_keeps_its_bonus_for_moves_left() -> None:
    lv = level("chain", 4, 4, kinds=3, moves=6, layout=["1 1 1 2", "2 3 2 3", "3 2 3 2", "2 3 2 3"],
               goals={"collect": {1: 3}})
    s = Session(lv, 1)
    events = s.play(Chain(((0, 0), (0, 1), (0, 2))))
    assert events[-2:] == [BonusScored(5, 250), Won()]


def test_the_finale_is_in_the_winning_move_so_undo_replay_and_checks_cover_it() -> None:
    s = won_game(moves=6)
    before, after = s.initial, s.state
    again = Session.replay(s.level, 1, s.commands)
    assert canonical(again.events) == canonical(s.events) and again.state == after
    assert s.undo() and s.state == before and s.redo() and s.state == after
    checks = checks_of(Session(s.level, 1), s.commands)
    assert first_divergence(s.level, 1, s.commands, checks) is None
    # Played by rules 3 the same moves end elsewhere (another score, another board): the check says so.
    assert first_divergence(s.level, 1, s.commands, checks, rules=3) is not None


def test_locked_tiles_are_never_turned() -> None:
    layout = [row.split() for row in T_BOARD]
    for r, c in ((0, 0), (0, 4), (3, 4), (4, 4), (0, 1)):
        layout[r][c] += "L"
    s = won_game(moves=8, layout=[" ".join(row) for row in layout], rules={"specials": False})
    events = list(s.turns[-1].events)
    start = next(i for i, e in enumerate(events) if isinstance(e, FinaleBegan))
    won = fold(s.initial, events[:start])
    turned = [e.cell for e in events if isinstance(e, MoveTurned)]
    assert len(turned) == 7 and not set(turned) & set(won.locks)
    check_finale(won, events[start:], plain_board=False)


@given(data=st.data(), ld=level_dicts(modes=("match3",), max_size=8))
@examples(30)
def test_random_wins_play_the_finale_as_the_reference_says(data: st.DataObject, ld: dict[str, Any]) -> None:
    """Random match3 levels with a goal soon met: every win with a move or a special to spare
    plays the finale the reference (finaleref) works out from the state and the stream."""
    ld["goals"] = {"score": data.draw(st.integers(1, 400), label="score")}
    ld["moves"] = data.draw(st.integers(2, 12), label="moves")
    lv = build_or_skip(ld)
    assume(lv is not None)
    assert lv is not None
    try:
        session = Session(lv, data.draw(st.integers(0, 2**32), label="seed"))
    except LevelError:
        assume(False)
        return
    while session.state.status == Status.PLAYING:
        legal = legal_commands(session.state)
        if not legal:
            break
        command = legal[data.draw(st.integers(0, len(legal) - 1), label="which")]
        before = session.state
        events = session.play(command)
        cut = next((i for i, e in enumerate(events) if isinstance(e, FinaleBegan)), None)
        if cut is not None:
            won = fold(before, events[:cut])
            assert won.status == Status.PLAYING and won.score >= ld["goals"]["score"]
            end = check_finale(won, events[cut:])
            event("finale with specials left" if won.specials else "finale")
            assert end == session.state
        elif session.state.status == Status.WON:
            assert session.state.moves_left == 0 and not session.state.specials, "a win with nothing to spare"
    assume(session.state.status == Status.WON)
