"""Replays made under older rules versions keep verifying under their own version, check by check.

tests/core/older holds copies of golden replays from before a rule change (deep-dive and
the-long-way from rules 2, before a reach goal counted on the way; the match3 wins from rules 3,
before the finale; those from rules 4, before a move left paid its worth), and, in older/levels,
the level each was made on (<id>.yaml for rules 3, rules-4/<id>.yaml for rules 4): a replay
proves the rules it names on the level it names, whatever the packs became."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core import RULES_VERSION, Level, Session, Status, first_divergence
from game.io import find_pack, load_level
from game.io.replay import Replay, load_replay

OLDER = Path(__file__).with_name("older")
REPLAYS = sorted(OLDER.glob("*.yaml"))


def kept_level(replay: Replay) -> Path | None:
    """Where older/levels keeps the level `replay` was made on (None: the pack's is it)."""
    for name in (f"rules-{replay.rules}/{replay.level}.yaml", f"{replay.level}.yaml"):
        kept = OLDER / "levels" / name
        if kept.is_file():
            return kept
    return None


def level_of(replay: Replay) -> Level:
    """The level a replay was made on: its copy in older/levels, else the pack's."""
    kept = kept_level(replay)
    if kept is not None:
        return load_level(kept)
    return find_pack(str(replay.pack)).level(replay.level)


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_an_older_replay_still_verifies_under_its_own_version(path: Path) -> None:
    replay = load_replay(path)
    assert replay.rules is not None and replay.rules < RULES_VERSION and replay.plays_by == replay.rules
    assert path.stem.endswith(f"-rules-{replay.rules}")
    level = level_of(replay)
    if kept_level(replay) is not None:
        assert level.content_hash() == replay.level_hash, "the kept level is the one the replay was made on"
    assert first_divergence(level, replay.seed, replay.commands, replay.checks, replay.plays_by) is None
    assert Session.replay(level, replay.seed, replay.commands, replay.plays_by).state.status == Status.WON


def test_the_rules_3_match3_wins_play_out_otherwise_today() -> None:
    """The finale (rules 4) changes every rules-3 win with a move or a special to spare: the same
    commands end on another score, which the checks catch, so each file keeps its own version."""
    assert changed_today(3) >= 30


def test_the_rules_4_match3_wins_with_a_move_to_spare_play_out_otherwise_today() -> None:
    """A move left pays its worth from rules 5: every rules-4 win with a move to spare ends on
    another score played today, so each file keeps its own version."""
    older = [load_replay(path) for path in REPLAYS if path.stem.endswith("-rules-4")]
    assert older and changed_today(4) == len(older)


def changed_today(rules: int) -> int:
    """How many of the older replays made by `rules` end otherwise played by today's rules."""
    changed = 0
    for path in REPLAYS:
        replay = load_replay(path)
        if replay.rules != rules:
            continue
        if first_divergence(level_of(replay), replay.seed, replay.commands, replay.checks) is not None:
            changed += 1
    return changed
