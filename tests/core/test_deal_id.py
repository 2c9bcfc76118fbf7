"""The deal gate (issue 34): a level is dealt from its deal_id (its id unless the file names one)
and seed, so a rename that keeps the deal deals the same boards and keeps its hashes, while every
level file from before the field deals and hashes as it always did."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings, strategies as st

from game.core import Level, deal_id_after_rename, new_game, parse_level, valid_id
from game.io import load_level
from game.io.paths import levels_dir

SHIPPED = sorted(levels_dir().glob("*/*.yaml"))
LEVELS = [load_level(p) for p in SHIPPED if p.name not in ("pack.yaml", "playtest.yaml")]
ids = st.from_regex(r"[a-z0-9][a-z0-9_-]{0,20}", fullmatch=True)


def renamed(level: Level, new_id: str) -> Level:
    """`level` renamed the way the editor renames: the deal kept."""
    return dataclasses.replace(level, id=new_id, deal_id=deal_id_after_rename(level.id, level.deal_id, new_id))


def test_no_shipped_level_names_a_deal_id_and_each_deals_from_its_own_id() -> None:
    assert LEVELS
    for level in LEVELS:
        assert level.deal_id is None and "deal_id" not in level.to_dict() and level.dealt_as == level.id


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LEVELS), ids, st.integers(0, 2**31))
def test_a_rename_that_keeps_the_deal_deals_the_same_board_and_keeps_its_hashes(
        level: Level, new_id: str, seed: int) -> None:
    moved = renamed(level, new_id)
    assert new_game(moved, seed).grid == new_game(level, seed).grid
    assert moved.play_hash() == level.play_hash() and moved.content_hash() == level.content_hash()
    assert moved.to_dict().get("deal_id") == (None if new_id == level.id else level.id)
    # Read back from its own mapping (what the file holds), it is the same level.
    assert Level.from_dict(moved.to_dict()) == moved
    # Renamed again, it still names the first id; renamed back, the field goes again.
    again = renamed(moved, new_id + "-x")
    assert again.deal_id == level.id and new_game(again, seed).grid == new_game(level, seed).grid
    back = renamed(again, level.id)
    assert back.deal_id is None and back.to_dict() == level.to_dict()


def test_without_the_field_a_new_id_is_a_new_deal() -> None:
    """The premise: the id seeds the deal (why a rename must keep it)."""
    level = next(lv for lv in LEVELS if lv.id == "falling-luck")
    plain = dataclasses.replace(level, id="lucky-fall")
    assert new_game(plain, level.play_seed).grid != new_game(level, level.play_seed).grid
    assert plain.play_hash() != level.play_hash()


def test_the_validator_names_a_deal_id_that_is_no_id() -> None:
    base = LEVELS[0].to_dict()
    for bad in ("../escape", "", 7, "two words"):
        level, problems = parse_level({**base, "deal_id": bad})
        assert level is None and [p.path for p in problems] == [("deal_id",)], problems
    level, problems = parse_level({**base, "deal_id": base["id"]})   # its own id: nothing to keep
    assert not problems and level is not None and level.deal_id is None and "deal_id" not in level.to_dict()
    level, problems = parse_level({**base, "deal_id": "older-id"})
    assert not problems and level is not None and level.dealt_as == "older-id" and valid_id(level.dealt_as)
