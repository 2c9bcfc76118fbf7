"""Replays made under older rules versions keep verifying under their own version, check by check.

tests/replays/older holds copies of golden replays from before a rule change (deep-dive and
the-long-way from rules 2, before a reach goal counted on the way; the match3 wins from rules 3,
before the finale), and, in older/levels, the level each was made on when a pack has changed it
since: a replay proves the rules it names on the level it names, whatever the packs became."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core import RULES_VERSION, Level, Session, Status, first_divergence
from game.io import find_pack, load_level
from game.io.replay import load_replay

OLDER = Path(__file__).parents[1] / "replays" / "older"
REPLAYS = sorted(OLDER.glob("*.yaml"))


def level_of(replay_level: str, pack: str) -> Level:
    """The level a replay was made on: its copy in older/levels, else the pack's."""
    kept = OLDER / "levels" / f"{replay_level}.yaml"
    if kept.is_file():
        return load_level(kept)
    return find_pack(pack).level(replay_level)


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_an_older_replay_still_verifies_under_its_own_version(path: Path) -> None:
    replay = load_replay(path)
    assert replay.rules is not None and replay.rules < RULES_VERSION and replay.plays_by == replay.rules
    assert path.stem.endswith(f"-rules-{replay.rules}")
    level = level_of(replay.level, str(replay.pack))
    if (OLDER / "levels" / f"{replay.level}.yaml").is_file():
        assert level.content_hash() == replay.level_hash, "the kept level is the one the replay was made on"
    assert first_divergence(level, replay.seed, replay.commands, replay.checks, replay.plays_by) is None
    assert Session.replay(level, replay.seed, replay.commands, replay.plays_by).state.status == Status.WON


def test_the_rules_3_match3_wins_play_out_otherwise_today() -> None:
    """The finale (rules 4) changes every rules-3 win with a move or a special to spare: the same
    commands end on another score, which the checks catch, so each file keeps its own version."""
    changed = 0
    for path in REPLAYS:
        replay = load_replay(path)
        if replay.rules != 3:
            continue
        level = level_of(replay.level, str(replay.pack))
        if first_divergence(level, replay.seed, replay.commands, replay.checks) is not None:
            changed += 1
    assert changed >= 30
