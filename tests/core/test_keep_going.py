"""Keep going (issue 37): a match3 game lost by running out of moves goes on with 5 more moves, as
the genre's "+5 moves", free and honest: a helped win is a win with no stars; replays keep it."""

from __future__ import annotations

import dataclasses
import pathlib

import pytest

from game.core import (
    KEEP_GOING_MOVES, IllegalMove, KeepGoing, Level, MovesAdded, Session, Status, can_keep_going,
    first_divergence, format_command, keep_going_refusal, legal_commands, parse_command, state_digest, stars,
    stars_earned, checks_of, play,
)
from game.io.codes import game_code, open_code
from kept_going import ONE_SHORT
from game.io.share import share_card
from game.io.replay import load_replay, replay_of, save_replay, verify_replay



def _lost(level: Level = ONE_SHORT, seed: int = 0) -> Session:
    """The game played to its end by the first legal move each turn (lost, unless said otherwise)."""
    session = Session(level, seed)
    while session.state.status == Status.PLAYING:
        session.play(legal_commands(session.state)[0])
    return session


def test_a_game_out_of_moves_goes_on_with_five_more_on_the_board_as_it_was() -> None:
    session = _lost()
    lost = session.state
    assert lost.status == Status.LOST
    assert can_keep_going(lost) and keep_going_refusal(lost) is None
    assert KeepGoing() not in legal_commands(lost)      # no bot ever picks it: a finished game lists nothing
    events = session.play(KeepGoing())
    state = session.state
    assert events == [MovesAdded(KEEP_GOING_MOVES)] and KEEP_GOING_MOVES == 5
    assert state.status == Status.PLAYING and state.moves_left == 5 and state.moves == lost.moves
    assert state.grid == lost.grid and state.score == lost.score and state.helped
    assert stars_earned(state) == 0
    assert session.commands[-1] == KeepGoing()


def test_a_helped_win_is_a_win_with_no_stars_and_keep_going_may_come_again() -> None:
    session = _lost(dataclasses.replace(ONE_SHORT, goals=dataclasses.replace(ONE_SHORT.goals, score=10**6)))
    session.play(KeepGoing())
    while session.state.status == Status.PLAYING:
        session.play(legal_commands(session.state)[0])
    assert session.state.status == Status.LOST and session.state.moves == 6
    session.play(KeepGoing())                              # a later loss: another +5
    assert session.state.added == 10 and session.state.moves_left == 5
    won = _lost()
    won.play(KeepGoing())
    while won.state.status == Status.PLAYING:
        won.play(legal_commands(won.state)[0])
    assert won.state.status == Status.WON and stars(won.state) == 0 and stars_earned(won.state) == 0
    unhelped = Session.replay(dataclasses.replace(ONE_SHORT, moves=6), 0,
                              [c for c in won.commands if c != KeepGoing()])
    assert unhelped.state.status == Status.WON and stars(unhelped.state) >= 1   # the same moves, unhelped


def test_keep_going_is_refused_unless_a_match3_game_ran_out_of_moves() -> None:
    playing = Session(ONE_SHORT, 0).state
    stuck = dataclasses.replace(playing, status=Status.LOST)   # lost with moves left: no move could be made
    won = _lost(dataclasses.replace(ONE_SHORT, goals=dataclasses.replace(ONE_SHORT.goals, score=10)))
    chain = _lost(Level.from_dict({"format": 1, "id": "c", "name": "C", "mode": "chain", "width": 4,
                                   "height": 4, "kinds": 3, "moves": 1, "goals": {"collect": {1: 99}}}))
    refusals = {
        playing: "Only a lost game can keep going.",
        stuck: "Only a game that ran out of moves can keep going.",
        won.state: "Only a lost game can keep going.",
        chain.state: "Only a match3 level can keep going.",
    }
    for state, said in refusals.items():
        assert not can_keep_going(state) and keep_going_refusal(state) == said
        with pytest.raises(IllegalMove) as refused:
            play(state, KeepGoing())
        assert refused.value.said == said


def test_a_replay_with_keep_going_reads_back_and_proves_itself() -> None:
    session = _lost()
    session.play(KeepGoing())
    session.play(legal_commands(session.state)[0])
    commands = session.commands
    assert format_command(KeepGoing()) == "keep going" and parse_command("keep going") == KeepGoing()
    assert [parse_command(format_command(c)) for c in commands] == commands
    for bad in ("keep", "keep on", "Keep going"):
        with pytest.raises(ValueError):
            parse_command(bad)
    checks = checks_of(Session(ONE_SHORT, 0), commands)
    assert first_divergence(ONE_SHORT, 0, commands, checks) is None
    # The moves added are part of the digest: a game told it had none differs at once.
    kept = session.turns[1].state
    assert state_digest(kept) != state_digest(dataclasses.replace(kept, added=0))


def test_a_game_kept_going_travels_in_a_replay_file_and_a_share_code(tmp_path: pathlib.Path) -> None:
    session = _lost()
    session.play(KeepGoing())
    session.play(legal_commands(session.state)[0])
    commands = session.commands
    path = tmp_path / "one-short.replay.yaml"
    save_replay(replay_of(ONE_SHORT, 0, commands, pack=None), path)
    assert "- keep going" in path.read_text()
    replay = load_replay(path)
    assert replay.commands == tuple(commands)
    assert verify_replay(replay, ONE_SHORT).state == session.state
    opened = open_code(game_code(ONE_SHORT, 0, commands))
    assert opened.replay is not None and opened.replay.commands == tuple(commands)
    card = share_card(ONE_SHORT, None, 0, commands).splitlines()
    assert card[1] == "Won in 2 of 6 moves (kept going: +5), 2,680 points, 0 of 3 stars"
