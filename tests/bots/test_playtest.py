"""The playtest lab: person-like bots that see only the board, figures a designer can trust,
the same results from any number of workers, a move limit suggested from one run."""

from __future__ import annotations

import dataclasses
import json
import pathlib
import shutil
from typing import Any

import pytest

from game.bots import make_bot
from game.bots.playtest import label, play_many, report, suggest_moves, wilson
from game.cli import main
from game.core import Level, new_game
from game.io import find_pack, load_pack
from game.io.playtest_file import read_results

ROOT = pathlib.Path(__file__).resolve().parents[2]


def level(level_id: str) -> Level:
    return find_pack("first-steps").level(level_id)


def test_wilson_interval_matches_known_values() -> None:
    # Known values of the 95% Wilson score interval.
    assert [round(v, 4) for v in wilson(0, 10)] == [0.0, 0.2775]
    assert [round(v, 4) for v in wilson(5, 10)] == [0.2366, 0.7634]
    assert [round(v, 4) for v in wilson(10, 10)] == [0.7225, 1.0]
    assert [round(v, 4) for v in wilson(81, 263)] == [0.2553, 0.3662]
    assert wilson(0, 0) == (0.0, 1.0)


def test_labels_follow_the_documented_thresholds() -> None:
    assert [label(r) for r in (1.0, 0.8, 0.79, 0.5, 0.2, 0.19, 0.05, 0.049, 0.0)] == [
        "easy", "easy", "medium", "medium", "hard", "very hard", "very hard", "unfair", "unfair"]


@pytest.mark.parametrize("level_id", ["falling-luck", "ring-harvest", "chain-master",
                                      "the-long-way", "nine-tiles"])
def test_the_person_bot_never_reads_the_rng(level_id: str) -> None:
    """A state with another RNG (other future spawns) but the same board gets the same move."""
    lv = level(level_id)
    state = new_game(lv, 11)
    other = dataclasses.replace(state, rng=state.rng ^ 0x5DEECE66D)
    assert other.grid == state.grid and other.rng != state.rng
    for seed in range(4):
        assert make_bot("person", lv, seed).choose(state) == make_bot("person", lv, seed).choose(other)


def test_the_same_results_from_one_worker_or_two() -> None:
    lv = level("chain-master")
    seeds = list(range(60))
    one = report(lv, play_many(lv, seeds, "person", workers=1), "person").to_dict()
    two = report(lv, play_many(lv, seeds, "person", workers=2), "person").to_dict()
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert one["games"] == 60 and 0 < one["wins"] < 60


def test_the_suggested_limit_moves_with_the_target() -> None:
    lv = level("chain-master")
    seeds = list(range(40))
    low = suggest_moves(lv, 0.2, seeds)
    high = suggest_moves(lv, 0.9, seeds)
    assert low is not None and high is not None and low < high
    # The rate at the suggested limit, played for real, is near the target.
    at_high = report(lv, play_many(dataclasses.replace(lv, moves=high), seeds), "person")
    assert abs(at_high.pass_rate - 0.9) <= 0.1
    assert suggest_moves(dataclasses.replace(lv, moves=None), 0.5, seeds) is None


def test_the_command_reports_json_and_stores_results_for_the_game(tmp_path: pathlib.Path,
                                                                  capsys: Any) -> None:
    pack_dir = tmp_path / "first-steps"
    shutil.copytree(ROOT / "levels" / "first-steps", pack_dir)
    one = tmp_path / "one"
    one.mkdir()
    for name in ("first-swap.yaml", "token-walk.yaml", "slide-in.yaml"):
        shutil.copy(pack_dir / name, one / name)
    (one / "pack.yaml").write_text("format: 1\nid: one\nname: One\nlevels: [first-swap.yaml, "
                                   "token-walk.yaml, slide-in.yaml]\n")
    assert main(["playtest", str(one), "--games", "12", "--workers", "1", "--json",
                 "--write", "--suggest", "0.5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["level_id"] for r in out["levels"]] == ["first-swap", "token-walk", "slide-in"]
    for row in out["levels"]:
        assert row["games"] == 12 and row["label"] in ("easy", "medium", "hard", "very hard", "unfair")
        lo, hi = row["interval"]
        assert lo <= row["pass_rate"] <= hi
    stored = read_results(load_pack(one))
    assert set(stored) == {"first-swap", "token-walk", "slide-in"}
    assert all(s.current for s in stored.values())
    # Editing a level makes its stored result stale, not wrong.
    text = (one / "first-swap.yaml").read_text().replace("moves: 10", "moves: 11")
    (one / "first-swap.yaml").write_text(text)
    again = read_results(load_pack(one))
    assert not again["first-swap"].current and again["token-walk"].current
    assert main(["playtest", str(one / "first-swap.yaml"), "--games", "0"]) == 2
