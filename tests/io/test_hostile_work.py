"""Unbounded work (issue 22): numbers that would run for hours are refused at once (exit 2), and a
bot game on the biggest board is bounded (seconds of CPU, not minutes) and says so."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from game.bots.base import MAX_CELL_TURNS, turn_limit_for
from game.cli import main
from game.core import Level
from game.io.pack_proofs import shipped_proof

REPLAY = str(shipped_proof("first-swap"))


def _run(capsys: Any, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    said = out.out + out.err
    assert "Traceback" not in said
    return code, said


@pytest.mark.parametrize("options, words", [
    (["--moves", "100000000"], "--moves must be 0..1,000"),
    (["--moves", "-1"], "--moves must be 0..1,000"),
    (["--seed", "-4"], "--seed must be"),
    (["--seed", str(1 << 64)], "--seed must be"),
    (["--fps", "0"], "--fps must be"),
    (["--scale", "9"], "--scale must be"),
])
def test_record_refuses_unbounded_options_at_once(tmp_path: pathlib.Path, capsys: Any,
                                                  options: list[str], words: str) -> None:
    out = tmp_path / "clip.gif"
    code, said = _run(capsys, "record", REPLAY, "--out", str(out), *options)
    assert code == 2 and words in said and not out.exists()
    assert len(said.strip().splitlines()) == 1


@pytest.mark.parametrize("options, words", [
    (["-n", "1000000000"], "--games must be 1..100,000"),
    (["-n", "0"], "--games must be 1.."),
    (["--first-seed", "-3"], "--first-seed must be 0.."),
])
def test_simulate_refuses_unbounded_numbers(capsys: Any, options: list[str], words: str) -> None:
    code, said = _run(capsys, "simulate", str(shipped_proof("first-swap")), *options)
    assert code == 2 and words in said


def test_a_game_on_the_biggest_board_is_bounded_and_says_so(tmp_path: pathlib.Path, capsys: Any) -> None:
    big = Level(id="big", name="Big", mode="match3", width=32, height=32)
    assert turn_limit_for(big) * 32 * 32 <= MAX_CELL_TURNS
    nine = Level(id="nine", name="Nine", mode="match3", width=9, height=9, moves=30)
    assert turn_limit_for(nine) == 30   # a normal level plays all its moves
    path = tmp_path / "big.yaml"
    path.write_text("format: 1\nid: big\nname: Big\nmode: match3\nwidth: 32\nheight: 32\n")
    code, said = _run(capsys, "simulate", str(path), "-n", "1")
    assert code == 0 and f"called off unfinished after {turn_limit_for(big)} moves" in said
