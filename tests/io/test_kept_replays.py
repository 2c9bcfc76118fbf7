"""The player's kept replays: every finished game once, the last KEEP of them, the best win."""

from __future__ import annotations

import shutil
from typing import Any, Iterator

import pytest

from game.core import Session, Status, legal_commands, next_deal
from game.io import find_pack
from game.io import kept_replays
from game.io.kept_replays import BEST, best_win, finished_games, keep_finished, level_folder
from game.io.pack_proofs import shipped_proof
from game.io.replay import load_replay

PACK = "first-steps"


@pytest.fixture()
def clean() -> Iterator[None]:
    shutil.rmtree(kept_replays.replays_root(), ignore_errors=True)
    yield
    shutil.rmtree(kept_replays.replays_root(), ignore_errors=True)


def _golden(level_id: str) -> tuple[Any, int, tuple[Any, ...]]:
    replay = load_replay(shipped_proof(level_id))
    level = find_pack(PACK).level(level_id)
    return level, replay.seed, replay.commands


def _lost_game(level: Any, seed: int) -> list[Any]:
    """The first legal move until the game ends: on a level with a move limit, a loss."""
    session = Session(level, seed)
    while session.state.status == Status.PLAYING:
        session.play(legal_commands(session.state)[0])
    return list(session.commands)


def test_a_won_game_is_kept_once_and_becomes_the_best(clean: None) -> None:
    level, seed, commands = _golden("cornerstones")
    kept = keep_finished(level, PACK, seed, commands)
    assert kept is not None and kept.won and kept.path.is_file()
    assert kept.path.parent == level_folder(PACK, "cornerstones")
    assert keep_finished(level, PACK, seed, commands) is None  # the same game again
    best = best_win(PACK, level)
    assert best is not None and best.replay.commands == tuple(commands) and best.replay.seed == seed
    assert best.score == Session.replay(level, seed, commands).state.score
    assert [k.path for k in finished_games(PACK, level)] == [kept.path]


def test_an_unfinished_game_is_not_kept_and_a_loss_is_kept_but_never_best(clean: None) -> None:
    level, seed, commands = _golden("cornerstones")
    assert keep_finished(level, PACK, seed, commands[:2]) is None
    lost = _lost_game(level, seed)
    kept = keep_finished(level, PACK, seed, lost)
    assert kept is not None and not kept.won
    assert best_win(PACK, level) is None
    assert not (level_folder(PACK, "cornerstones") / BEST).exists()


def test_only_a_better_win_replaces_the_best(clean: None) -> None:
    level, seed, commands = _golden("cornerstones")
    keep_finished(level, PACK, seed, commands)
    best = best_win(PACK, level)
    assert best is not None
    # Another deal's win: it replaces the best only when it scores more (then fewer moves).
    from game.bots import make_bot

    other = next_deal(level, seed)
    session = Session(level, other)
    bot = make_bot("auto", level, other)
    while session.state.status == Status.PLAYING:
        session.play(bot.choose(session.state))
    keep_finished(level, PACK, other, session.commands)
    now = best_win(PACK, level)
    assert now is not None
    if session.state.status == Status.WON and (session.state.score, -session.state.moves) > (best.score, -best.moves):
        assert now.replay.seed == other
    else:
        assert now.replay.seed == seed


def test_old_games_make_way_for_new_ones(clean: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept_replays, "KEEP", 3)
    level, seed, _ = _golden("cornerstones")
    seeds = []
    s = seed
    for _ in range(5):
        keep_finished(level, PACK, s, _lost_game(level, s))
        seeds.append(s)
        s = next_deal(level, s)
    games = finished_games(PACK, level)
    assert [k.replay.seed for k in games] == seeds[::-1][:3]   # newest first, the oldest gone


def test_a_damaged_best_file_is_ignored_and_bad_ids_never_make_paths(clean: None) -> None:
    level, seed, commands = _golden("cornerstones")
    keep_finished(level, PACK, seed, commands)
    (level_folder(PACK, "cornerstones") / BEST).write_text("format: 2\nlevel: [", encoding="utf-8")
    assert best_win(PACK, level) is None
    for bad in ("../x", "a/b", "", ".."):
        with pytest.raises(ValueError):
            level_folder(bad, "cornerstones")
        with pytest.raises(ValueError):
            level_folder(PACK, bad)
