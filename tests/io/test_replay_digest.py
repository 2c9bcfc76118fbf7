"""Replay digests have a version: today's covers the specials layer, and every older replay
(written before digests had versions) still verifies under the digest it was made with."""

from __future__ import annotations

import dataclasses
import pathlib

import pytest

from game.core import (
    DIGEST_VERSION, Check, Level, Session, first_divergence, legal_commands, new_game,
    state_digest,
)
from game.io.replay import ReplayFileError, load_replay, replay_of, replay_to_yaml, save_replay

ROOT = pathlib.Path(__file__).resolve().parents[2]
OLDER = ROOT / "tests" / "core" / "older"   # replays and levels from older rules


def specials_level() -> Level:
    return Level.from_dict({"format": 1, "id": "dig", "name": "Dig", "mode": "match3", "width": 7,
                            "height": 7, "kinds": 4, "moves": 10,
                            "layout": [". . . . . . .", ". 1h . . . 2b .", ". . . * . . ."]
                            + [". . . . . . ."] * 4})


def test_todays_digest_sees_a_special_on_the_wrong_cell_and_version_one_does_not() -> None:
    state = new_game(specials_level(), 3)
    (cell, special), *rest = state.specials
    moved = dataclasses.replace(state, specials=tuple(sorted([((cell[0], cell[1] + 1), special), *rest])))
    assert state.grid == moved.grid
    assert state_digest(state, 1) == state_digest(moved, 1)          # what older replays kept
    assert state_digest(state) != state_digest(moved)                # what today's keep
    assert state_digest(state) == state_digest(state, DIGEST_VERSION)
    with pytest.raises(ValueError, match="digest version 9"):
        state_digest(state, 9)


def test_a_new_replay_names_its_digest_and_verifies_a_forged_special_fails_at_once(tmp_path: pathlib.Path) -> None:
    level = specials_level()
    session = Session(level, 5)
    commands = []
    for _ in range(4):
        move = legal_commands(session.state)[0]
        session.play(move)
        commands.append(move)
    replay = replay_of(level, 5, commands, None)
    text = replay_to_yaml(replay)
    assert f"digest: {DIGEST_VERSION}\n" in text and text.index("digest:") < text.index("checks:")
    save_replay(replay, tmp_path / "r.yaml")
    loaded = load_replay(tmp_path / "r.yaml")
    assert loaded == replay and all(c.version == DIGEST_VERSION for c in loaded.checks)
    assert first_divergence(level, 5, loaded.commands, loaded.checks) is None
    # A check made on a board whose special sat one cell over: caught at that very command.
    state = Session.replay(level, 5, commands[:1]).state
    assert state.specials
    (cell, special), *rest = state.specials
    wrong = dataclasses.replace(state, specials=(((cell[0], (cell[1] + 1) % 7), special), *rest))
    forged = (Check.of(wrong),) + loaded.checks[1:]
    divergence = first_divergence(level, 5, loaded.commands, forged)
    assert divergence is not None and divergence.number == 1
    assert "another board" in divergence.describe()


def test_every_golden_replay_written_before_digest_versions_still_verifies() -> None:
    # The rules-3 copies kept in tests/core/older were written before digests had versions
    # (today's golden replays were re-proved since, with digest 2), each with the level it was made on.
    from game.io import load_level

    older = OLDER
    checked = 0
    for path in sorted(older.glob("*-rules-3.yaml"))[:12]:
        text = path.read_text(encoding="utf-8")
        assert "digest:" not in text   # written before digests had versions
        replay = load_replay(path)
        assert replay.checks and all(c.version == 1 for c in replay.checks)
        level = load_level(older / "levels" / f"{replay.level}.yaml")
        assert first_divergence(level, replay.seed, replay.commands, replay.checks, replay.plays_by) is None
        checked += 1
    assert checked == 12


@pytest.mark.parametrize("value", ["3", "0", "true", "two", "[2]"])
def test_a_bad_digest_version_is_named_with_its_line(tmp_path: pathlib.Path, value: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("format: 2\nlevel: x\nseed: 1\ncommands:\n- swap 0,0 0,1\n"
                    f"digest: {value}\nchecks:\n- 1a2b3c4d 10 1\n", encoding="utf-8")
    with pytest.raises(ReplayFileError) as caught:
        load_replay(path)
    assert f"{path}:6:" in str(caught.value) and "digest" in str(caught.value)
