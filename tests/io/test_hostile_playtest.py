"""`gridfall playtest` against bad options and outputs (issue 22): every output is checked before
a game is played, the numbers are bounded, and a write that fails after the games says so in one
line (exit 1) and leaves the old file whole; a stored playtest.yaml no game could have written
is a located problem, and `validate` reads it."""

from __future__ import annotations

import errno
import os
import pathlib
import sys
from typing import Any

import pytest

from game.cli import main
from game.core import Level
from game.io import Pack, save_pack
from game.io.playtest_file import FILE_NAME

SLIDE = Level(id="tiny", name="Tiny", mode="slide", width=3, height=3, moves=40)


@pytest.fixture()
def pack(tmp_path: pathlib.Path) -> pathlib.Path:
    folder = tmp_path / "tiny-pack"
    save_pack(Pack(id="tiny-pack", name="Tiny", levels=(SLIDE,)), folder)
    return folder


def _run(capsys: Any, *argv: str) -> tuple[int, str]:
    code = main(["playtest", *argv])
    out = capsys.readouterr()
    said = out.out + out.err
    assert "Traceback" not in said
    return code, said


@pytest.mark.parametrize("options, words", [
    (["-n", "1000000000"], "--games must be 1..100,000"),
    (["-n", "0"], "--games must be 1.."),
    (["-n", "-5"], "--games must be 1.."),
    (["--workers", "0"], "--workers must be 1..256"),
    (["-j", "-3"], "--workers must be 1..256"),
    (["--workers", "100000"], "--workers must be 1..256"),
    (["--first-seed", "-1"], "--first-seed must be 0.."),
    (["--first-seed", str(1 << 70)], "--first-seed must be 0.."),
    (["--suggest", "2"], "--suggest takes a pass rate"),
])
def test_numbers_out_of_range_are_refused_before_any_game(pack: pathlib.Path, capsys: Any,
                                                          options: list[str], words: str) -> None:
    code, said = _run(capsys, str(pack), *options)
    assert code == 2 and words in said and len(said.strip().splitlines()) == 1


@pytest.mark.parametrize("where, words", [
    ("missing/plot.png", "does not exist"),
    ("plot.gif", "name a png, svg, pdf file"),
    ("plot", "name a png, svg, pdf file"),
    ("a-folder.png", "is a folder"),
])
def test_a_plot_that_cannot_be_written_is_refused_before_any_game(pack: pathlib.Path, tmp_path: pathlib.Path,
                                                                  capsys: Any, where: str, words: str) -> None:
    (tmp_path / "a-folder.png").mkdir()
    code, said = _run(capsys, str(pack), "-n", "1", "--plot", str(tmp_path / where))
    assert code == 2 and words in said and "tiny" not in said.split(":", 1)[0]
    assert "pass" not in said   # no table: nothing was played


def test_results_onto_a_folder_are_refused_before_any_game(pack: pathlib.Path, capsys: Any) -> None:
    (pack / FILE_NAME).mkdir()
    code, said = _run(capsys, str(pack), "-n", "1", "--write")
    assert code == 1 and "--write" in said and "is a folder" in said and "pass" not in said


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes read-only files")
def test_read_only_results_are_refused_before_any_game(pack: pathlib.Path, capsys: Any) -> None:
    results = pack / FILE_NAME
    results.write_text("old\n")
    results.chmod(0o444)
    code, said = _run(capsys, str(pack), "-n", "1", "--write")
    assert code == 1 and "read-only" in said and results.read_text() == "old\n"


def test_a_full_disk_after_the_games_is_one_line_and_keeps_the_old_file(
        pack: pathlib.Path, capsys: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    results = pack / FILE_NAME
    results.write_text("old\n")

    def full(path: Any, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("game.cli.playtest.atomic_write_bytes", full)
    monkeypatch.setattr("game.io.playtest_file.atomic_write_text", lambda p, t: full(p, t.encode()))
    code, said = _run(capsys, str(pack), "-n", "1", "--write", "--workers", "1")
    assert code == 1 and f"{results}: cannot be written (No space left on device)" in said
    assert results.read_text() == "old\n"
    code, said = _run(capsys, str(pack), "-n", "1", "--workers", "1", "--plot", str(pack / "p.png"))
    assert code == 1 and "p.png: cannot be written" in said and not (pack / "p.png").exists()


def test_a_scheduler_with_nothing_listening_fails_at_once(pack: pathlib.Path, capsys: Any) -> None:
    pytest.importorskip("distributed")
    code, said = _run(capsys, str(pack), "-n", "1", "--scheduler", "tcp://127.0.0.1:1")
    assert code == 1 and "cannot reach the Dask scheduler at tcp://127.0.0.1:1" in said
    code, said = _run(capsys, str(pack), "-n", "1", "--scheduler", "tcp://[nonsense")
    assert code == 1 and "--scheduler" in said


STORED = ("format: 1\npack: tiny-pack\nbot: person\ngames: {games}\ndate: '2026-01-01'\nlevels:\n"
          "  tiny:\n    level_hash: {hash}\n    pass_rate: {rate}\n    label: easy\n    wins: {wins}\n"
          "    star_rates: {stars}\n")


@pytest.mark.parametrize("values, line, field", [
    ({"games": -5}, 4, "games"),
    ({"rate": -0.5}, 9, "levels.tiny.pass_rate"),
    ({"rate": 7}, 9, "levels.tiny.pass_rate"),
    ({"rate": ".nan"}, 9, "levels.tiny.pass_rate"),
    ({"wins": -1}, 11, "levels.tiny.wins"),
    ({"stars": "[0.5, 2, 0.1]"}, 12, "levels.tiny.star_rates"),
])
def test_stored_figures_no_game_could_give_are_located_problems_validate_reads(
        pack: pathlib.Path, capsys: Any, values: dict[str, Any], line: int, field: str) -> None:
    fields = {"games": 10, "hash": SLIDE.content_hash(), "rate": 0.5, "wins": 5, "stars": "[0.5, 0.2, 0.1]"}
    fields.update(values)
    (pack / FILE_NAME).write_text(STORED.format(**fields))
    assert main(["validate", str(pack)]) == 1
    out = capsys.readouterr()
    assert f"{pack / FILE_NAME}:{line}:" in out.out and f": {field}: " in out.out
    fields = {"games": 10, "hash": SLIDE.content_hash(), "rate": 0.5, "wins": 5, "stars": "[0.5, 0.2, 0.1]"}
    (pack / FILE_NAME).write_text(STORED.format(**fields))
    assert main(["validate", str(pack)]) == 0


def test_a_plot_without_matplotlib_says_which_extra_in_one_line(pack: pathlib.Path, tmp_path: pathlib.Path,
                                                                 capsys: Any, monkeypatch: Any) -> None:
    # matplotlib is an extra a player's install leaves out: a None in sys.modules hides it.
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, said = _run(capsys, str(pack), "-n", "1", "--plot", str(tmp_path / "plot.png"))
    assert code == 2 and len(said.strip().splitlines()) == 1
    assert "gridfall[plot]" in said and "pass" not in said and not (tmp_path / "plot.png").exists()
