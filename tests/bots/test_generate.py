"""`gridfall generate` and its search, on tiny requests: kept levels validate, prove, carry their made: note, differ, and were measured on fresh seeds."""

from __future__ import annotations

import dataclasses
import pathlib

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from editor.draft import read_draft
from game.bots.gen_layout import layout_distance
from game.bots.generate import lesson_sorts, still_to_come, FRESH_BASE, MAX_SEED, REMEASURE_BASE, Progress, Request, generate
from game.cli import main
from game.core import Lesson, Level, LevelError, Made, Mode, SpecialSort, Status
from game.io import load_level, load_pack, save_level
from game.io.levels import check_level_file, level_to_yaml
from game.io.paths import levels_dir
from game.io.replay import load_replay, verify_replay

# A tiny board, a wide band and few games: what a test can afford (the shipped defaults are 1,000
# fresh games, 300 search games and 20 lesson games).
SMALL = ("--size", "5x5", "--kinds", "4", "--band", "0.05-0.95", "--moves", "5-15", "--games", "60",
         "--search-games", "40", "--lesson-games", "4", "-j", "1")
TINY = Request(width=5, height=5, kinds=4, band=(0.05, 0.95), moves=(5, 15), games=60, search_games=40,
               lesson_games=4)


def test_the_command_writes_levels_that_validate_prove_and_say_how_they_were_made(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "made"
    assert main(["generate", "-o", str(out), "-n", "2", *SMALL]) == 0
    printed = capsys.readouterr().out
    assert "2 of 2 levels kept" in printed and "layout distance" in printed
    levels = []
    for level_id in ("gen-0-1", "gen-0-2"):
        file = out / f"{level_id}.yaml"
        level, problems = check_level_file(file)
        assert problems == [] and level is not None
        made = level.made
        assert made is not None and made.band == (0.05, 0.95) and made.games == 60
        lo, hi = made.interval   # inside the band by its own half-width: a re-measure lands inside too
        assert lo - 0.05 >= (hi - lo) / 2 and 0.95 - hi >= (hi - lo) / 2
        assert f"pass {made.rate:.1%}" in printed
        # The fresh seeds are none of the searched ones.
        assert made.search_seeds[1] < made.seeds[0]
        replay = load_replay(out / "replays" / f"{level_id}.yaml")
        assert replay.seed == level.play_seed
        assert verify_replay(replay, level).state.status == Status.WON
        # Saved again, the same bytes: the note round-trips.
        assert level_to_yaml(level, None) == file.read_text()
        levels.append(level)
    assert layout_distance(levels[0], levels[1]) >= 0.1


def test_a_chain_level_gets_stars_from_its_wins_that_its_own_deal_can_earn(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "made"
    assert main(["generate", "-o", str(out), "-n", "1", "--mode", "chain", *SMALL]) == 0
    level, problems = check_level_file(out / "gen-0-1.yaml")
    assert problems == [] and level is not None and level.mode == Mode.CHAIN and level.stars is not None
    capsys.readouterr()
    assert main(["validate", str(out)]) == 0, capsys.readouterr()   # no star its deal cannot give


def test_a_pack_gets_the_levels_appended_and_held_apart_from_its_own(tmp_path: pathlib.Path) -> None:
    pack = tmp_path / "pack"
    source = load_pack(levels_dir() / "first-steps")
    pack.mkdir()
    (pack / "pack.yaml").write_text("format: 1\nid: mine\nname: Mine\nlevels:\n  - first-swap.yaml\n")
    save_level(source.level("first-swap"), pack / "first-swap.yaml")
    assert main(["generate", "-o", str(pack), *SMALL]) == 0
    mine = load_pack(pack)
    assert [level.id for level in mine.levels] == ["first-swap", "gen-0-1"]
    made = mine.levels[1].made
    assert made is not None and made.distance == 1.0   # held against first-swap: another size


def test_bad_options_are_named_before_any_game(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "-o", str(tmp_path), "--band", "0.6-0.4"]) == 2
    assert "band" in capsys.readouterr().err
    assert main(["generate", "-o", str(tmp_path), "--teaches", "jely"]) == 2
    assert "--teaches" in capsys.readouterr().err
    assert main(["generate", "-o", str(tmp_path), "--mode", "chain", "--teaches", "drops"]) == 2
    assert "drops" in capsys.readouterr().err
    assert main(["generate", "-o", str(tmp_path), "--size", "40x5"]) == 2
    assert "2..32" in capsys.readouterr().err
    assert main(["generate", "-o", str(tmp_path), "--scheduler", "tcp://127.0.0.1:1", *SMALL]) == 1
    said = capsys.readouterr().err
    assert "Dask" in said and "gridfall generate:" in said
    assert not list(tmp_path.iterdir())   # nothing written


def test_a_level_placed_in_a_course_must_not_use_the_lessons_still_to_come() -> None:
    course = load_pack(levels_dir() / "sweet-mechanics").levels
    taught = [level.teaches for level in course]
    first_stones = taught.index(Lesson.STONES)
    coming = still_to_come(course, first_stones)
    assert Lesson.STONES in coming and Lesson.JELLY not in coming   # jelly-beds opens the pack
    assert still_to_come(course, len(course)) == ()


def test_a_lesson_brings_what_it_needs() -> None:
    assert lesson_sorts(Lesson.RAINBOW_LINE) == (SpecialSort.RAINBOW, SpecialSort.LINE)
    assert lesson_sorts(Lesson.JELLY) == ()
    assert "line" in (Request(teaches=Lesson.LINE).problem() or "")
    assert Request(teaches=Lesson.LINE, specials=(SpecialSort.LINE,)).problem() is None


def test_a_twin_of_a_level_held_against_is_not_proposed() -> None:
    first = generate(TINY).proposals[0].level
    again = generate(dataclasses.replace(TINY, against=(first,), min_distance=0.15))
    assert again.proposals, again.missed
    twin = again.proposals[0]
    assert layout_distance(first, first) == 0.0
    assert twin.distance is not None and twin.distance >= 0.15
    assert layout_distance(twin.level, first) == twin.distance
    assert twin.level.made is not None and twin.level.made.distance == round(twin.distance, 4)


def test_cancel_stops_the_run_within_a_chunk_of_games() -> None:
    heard: list[Progress] = []
    outcome = generate(dataclasses.replace(TINY, count=3),
                       progress=heard.append, cancel=lambda: any(p.games > 0 for p in heard))
    assert outcome.cancelled and outcome.proposals == ()
    assert max(p.games for p in heard) <= 25   # one chunk of the farm's games, not the run's


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, MAX_SEED - 1), games=st.integers(1, 100_000), search=st.integers(1, 10_000),
       index=st.integers(0, 99), block=st.integers(0, 999))
def test_the_fresh_seeds_are_never_the_searched_ones(seed: int, games: int, search: int, index: int,
                                                     block: int) -> None:
    request = Request(seed=seed, games=games, search_games=search)
    searched, fresh = request.search_seeds(index), request.fresh_seeds(block)
    assert searched[-1] < FRESH_BASE <= fresh[0] and fresh[-1] < REMEASURE_BASE


MADE = {"by": "gridfall generate", "band": [0.4, 0.6], "bot": "person", "search_seeds": [0, 299],
        "seeds": [FRESH_BASE, FRESH_BASE + 999], "games": 1000, "wins": 503, "rate": 0.503,
        "interval": [0.472, 0.534], "distance": 0.25}


def _level(**extra: object) -> dict[str, object]:
    return {"format": 1, "id": "noted", "name": "Noted", "mode": "match3", "width": 6, "height": 6,
            "moves": 12, "goals": {"collect": {1: 20}}, **extra}


def test_the_made_note_round_trips_and_changes_no_hash(tmp_path: pathlib.Path) -> None:
    plain, noted = Level.from_dict(_level()), Level.from_dict(_level(made=MADE))
    assert noted.made == Made(band=(0.4, 0.6), search_seeds=(0, 299), seeds=(FRESH_BASE, FRESH_BASE + 999),
                              games=1000, wins=503, rate=0.503, interval=(0.472, 0.534), distance=0.25)
    assert noted.play_hash() == plain.play_hash() and noted.content_hash() == plain.content_hash()
    save_level(noted, tmp_path / "noted.yaml")
    assert load_level(tmp_path / "noted.yaml") == noted
    assert yaml.safe_load((tmp_path / "noted.yaml").read_text())["made"] == MADE
    # The editor reads and writes it back as it was (no panel edits it).
    assert read_draft(noted.to_dict()).to_mapping()["made"] == MADE


def test_a_wrong_made_note_is_named_by_its_field() -> None:
    with pytest.raises(LevelError) as bad:
        Level.from_dict(_level(made={**MADE, "rate": "half"}))
    assert "made" in str(bad.value) and "rate" in str(bad.value)
    with pytest.raises(LevelError) as unknown:
        Level.from_dict(_level(made={**MADE, "rat": 0.5}))
    assert "unknown key 'rat'" in str(unknown.value)


def test_a_request_that_cannot_be_met_says_why() -> None:
    with pytest.raises(ValueError, match="slide"):
        generate(Request(mode=Mode.SLIDE))
