"""The built-in packs: they load, First Steps teaches every mode, and every shipped level is proven winnable."""

from __future__ import annotations

import pathlib

import pytest

from game.core import Level, Session, first_divergence, stars
from game.io import Pack, load_pack
from game.io.packs import PACK_FILE, pack_paths
from game.io.paths import assets_dir, levels_dir
from game.io.replay import load_replay

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACK_DIR = levels_dir() / "first-steps"

PACK = load_pack(PACK_DIR, builtin=True)
LEVELS = {level.id: level for level in PACK.levels}
# Every pack the game ships (levels/<pack>/pack.yaml), as the packs screen lists them.
SHIPPED = [load_pack(path, builtin=True) for path in pack_paths(levels_dir())]
SHIPPED_LEVELS = {(pack.id, level.id): level for pack in SHIPPED for level in pack.levels}


def _level_files(folder: pathlib.Path = PACK_DIR) -> list[pathlib.Path]:
    return sorted(p for p in folder.glob("*.yaml") if p.name not in (PACK_FILE, "playtest.yaml"))


def test_the_game_ships_both_packs_from_the_levels_folder_at_the_top() -> None:
    # A checkout reads its shipped data from the top (levels/, assets/), as the design card lays it out.
    assert pack_paths(levels_dir()) == [ROOT / "levels" / name for name in sorted(p.id for p in SHIPPED)]
    assert assets_dir() == ROOT / "assets" and not (ROOT / "game" / "data").exists()
    assert {"first-steps", "sweet-mechanics"} <= {pack.id for pack in SHIPPED}


def test_shipped_level_ids_differ_across_packs() -> None:
    # The fingerprints name a golden replay by its level id alone, so two shipped levels may never share one.
    ids = [level.id for pack in SHIPPED for level in pack.levels]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


def test_pack_metadata_and_size() -> None:
    assert PACK.id == "first-steps" and PACK.name == "First Steps"
    assert PACK.author and PACK.version and PACK.description
    assert len(PACK.levels) >= 24


@pytest.mark.parametrize("pack", SHIPPED, ids=[p.id for p in SHIPPED])
def test_every_level_file_is_in_the_pack_and_has_a_replay(pack: Pack) -> None:
    assert pack.source is not None
    files = _level_files(pack.source)
    assert {p.stem for p in files} == {lv.id for lv in pack.levels}, \
        "a level file is not listed in pack.yaml (or the other way)"
    proofs = pack.source / "replays"   # beside the levels, where every pack keeps its proofs
    missing = [p.stem for p in files if not (proofs / p.name).is_file()]
    assert not missing, f"no winning replay in {proofs} for: {', '.join(missing)}"
    assert sorted(p.stem for p in proofs.glob("*.yaml")) == sorted(p.stem for p in files), \
        "a replay for a level the pack does not have"


@pytest.mark.parametrize("pack", SHIPPED, ids=[p.id for p in SHIPPED])
def test_every_level_has_a_name_description_and_its_own_seed(pack: Pack) -> None:
    for level in pack.levels:
        assert level.name.strip() and level.name != level.id
        assert level.description.strip(), level.id
        # The replay must be the very game a player is dealt, so no level leaves its seed to chance.
        assert level.seed is not None, level.id


def _of(mode: str) -> list[Level]:
    return [lv for lv in PACK.levels if lv.mode == mode]


def test_match3_levels_cover_holes_shapes_every_goal_and_stars() -> None:
    m3 = _of("match3")
    assert len(m3) >= 10
    assert any(lv.holes for lv in m3)
    # A non-rectangular board: a whole corner cut away.
    assert any((0, 0) in lv.holes and (lv.height - 1, lv.width - 1) in lv.holes for lv in m3)
    assert any(lv.goals.score is not None for lv in m3)
    assert any(lv.goals.collect for lv in m3)
    assert any(lv.goals.is_empty() and lv.moves is not None for lv in m3), "a score run"
    assert any(lv.stars is not None for lv in m3)
    assert all(lv.moves is not None for lv in m3)
    assert any(lv.layout is not None and any(t.isdigit() for row in lv.layout for t in row) for lv in m3)


def test_chain_levels_cover_starts_reach_collect_holes_and_no_player() -> None:
    chain = _of("chain")
    assert len(chain) >= 8
    starts = {lv.player_start for lv in chain if lv.player_start is not None}
    assert len(starts) >= 4, "the player starts in different places"
    assert any(lv.player_start is None for lv in chain)
    assert any(lv.goals.reach is not None for lv in chain)
    assert any(lv.goals.collect for lv in chain)
    assert any(lv.holes for lv in chain)


def test_slide_levels_go_from_3x3_to_6x6_some_hand_laid() -> None:
    slide = _of("slide")
    assert len(slide) >= 6
    sizes = {(lv.width, lv.height) for lv in slide}
    assert (3, 3) in sizes and (6, 6) in sizes
    assert sum(1 for lv in slide if lv.layout is not None) >= 2
    assert sum(1 for lv in slide if lv.layout is None) >= 2


def test_difficulty_rises_within_each_mode() -> None:
    # Boards grow (or stay) along the pack within a mode: the last level of a mode is its biggest.
    for mode in ("match3", "chain", "slide"):
        levels = _of(mode)
        area = [lv.width * lv.height - len(lv.holes) for lv in levels]
        assert levels[0].width * levels[0].height <= min(lv.width * lv.height for lv in levels[1:])
        assert area[-1] >= max(area[: len(area) // 2])


@pytest.mark.parametrize("pack_id, level_id", sorted(SHIPPED_LEVELS),
                         ids=[f"{p}/{lv}" for p, lv in sorted(SHIPPED_LEVELS)])
def test_shipped_level_replay_wins(pack_id: str, level_id: str) -> None:
    level = SHIPPED_LEVELS[pack_id, level_id]
    replay = load_replay(levels_dir() / pack_id / "replays" / f"{level_id}.yaml")
    assert replay.level == level_id
    assert replay.pack == pack_id
    assert replay.seed == level.seed, "the replay starts from the seed a player is dealt"
    session = Session.replay(level, replay.seed, replay.commands)
    assert session.state.status == "won", f"{level_id}: the replay ends {session.state.status}"
    assert stars(session.state) >= 1
    # The win is the last command: nothing is played after the game ends.
    assert len(session.commands) == len(replay.commands)
    # And it proves this very level: made on it (its hash), every check still matching, as
    # `gridfall replay` reads it (a changed move limit changes the bonus, so the last check).
    assert replay.level_hash is not None and level.named_by(replay.level_hash), \
        f"{level_id}: the replay was made on another version"
    assert first_divergence(level, replay.seed, replay.commands, replay.checks) is None
