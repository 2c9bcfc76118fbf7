"""Star marks from the lab: each match3 level's stars suggested from its winning games (the finale
turns moves left into points), written into its file by `gridfall playtest --apply-stars`."""

from __future__ import annotations

import dataclasses
import pathlib
import shutil

import pytest

from game.bots.playtest import GameRecord, play_seeds
from game.bots.stars import MIN_WINS, propose_stars
from game.cli import main
from game.core import Level
from game.io import load_level
from game.io.paths import levels_dir

SWEET = levels_dir() / "sweet-mechanics"


def record(seed: int, score: int, won: bool = True) -> GameRecord:
    return GameRecord(seed, dealt=True, won=won, moves=5, score=score, stars=1, reshuffles=0, stuck=False)


def level(**extra: object) -> Level:
    data = {"format": 1, "id": "t", "name": "T", "mode": "match3", "width": 5, "height": 5, "moves": 9}
    data.update(extra)
    return Level.from_dict(data)


def test_the_second_star_is_the_median_win_and_the_third_the_best_fifth() -> None:
    games = [record(s, 1000 + 100 * s) for s in range(20)] + [record(20 + s, 9999, won=False) for s in range(5)]
    marks = propose_stars(level(), games)
    # Winning scores 1000..2900: the 5% rank is 1000, the median 1900, the 80% rank 2500.
    assert marks == (1000, 1900, 2500)
    # A score goal stays the first mark (a win lights the first star, never before it).
    assert propose_stars(level(goals={"score": 800}), games) == (800, 1900, 2500)


def test_marks_always_rise_and_round_to_what_a_player_reads() -> None:
    same = [record(s, 1234) for s in range(12)]
    assert propose_stars(level(), same) == (1250, 1300, 1350)
    assert propose_stars(level(), [record(s, 47 + s) for s in range(12)]) == (50, 60, 70)


def test_no_marks_without_a_finale_or_enough_wins() -> None:
    games = [record(s, 1000 + s) for s in range(30)]
    assert propose_stars(level(), games[:MIN_WINS - 1]) is None
    chain = Level.from_dict({"format": 1, "id": "c", "name": "C", "mode": "chain", "width": 5, "height": 5,
                             "moves": 9, "kinds": 4})
    assert propose_stars(chain, games) is None


def test_apply_stars_writes_the_suggestion_and_a_second_run_changes_nothing(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "four-in-a-row.yaml"
    shutil.copy(SWEET / "four-in-a-row.yaml", file)
    before = load_level(file)
    assert main(["playtest", str(file), "-n", "16", "-j", "1", "--apply-stars"]) == 0
    said = capsys.readouterr()
    after = load_level(file)
    expected = propose_stars(before, play_seeds(before, range(16)))
    assert expected is not None and after.stars == expected != before.stars
    assert "/".join(map(str, expected)) in said.out and "re-prove" in said.err
    # Only the stars changed, and the same seeds give the same marks: the file stays as it is.
    assert dataclasses.replace(after, stars=before.stars) == before
    text = file.read_text(encoding="utf-8")
    assert main(["playtest", str(file), "-n", "16", "-j", "1", "--apply-stars"]) == 0
    assert file.read_text(encoding="utf-8") == text
