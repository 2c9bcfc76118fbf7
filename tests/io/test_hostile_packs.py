"""Hostile packs and folders against the command line: a clear message or a refusal, in seconds,
never a traceback, a hang, a hidden built-in pack or a file touched outside the data folder."""

from __future__ import annotations

import os
import pathlib
import time
from typing import Any

import pytest

from game.cli import main
from game.core import Level, Rules, valid_id
from game.io import Pack, list_packs, save_pack
from game.io.atomic import STALE_TEMP_SECONDS
from game.io.pack_proofs import shipped_proof
from game.io.paths import installed_packs_dir
from game.io.progress import load_progress

SLIDE = "format: 1\nid: {id}\nname: S\nmode: slide\nwidth: 3\nheight: 3\nlayout:\n  - 1 2 3\n  - 4 {tile} 6\n  - 7 _ 8\n"


def _run(capsys: Any, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    said = out.out + out.err
    assert "Traceback" not in said
    return code, said


def test_a_slide_tile_of_thousands_of_digits_is_a_located_problem(tmp_path: pathlib.Path,
                                                                   capsys: Any) -> None:
    level = tmp_path / "huge.yaml"
    level.write_text(SLIDE.format(id="huge", tile="9" * 5000))
    code, said = _run(capsys, "validate", str(level))
    assert code == 1 and f"{level}:9:" in said and "does not exist" in said
    assert max(len(line) for line in said.splitlines()) < 300
    code, said = _run(capsys, "simulate", str(level), "--games", "1")
    assert code == 1


def test_one_broken_installed_pack_hides_no_other(capsys: Any) -> None:
    broken = installed_packs_dir() / "broken"
    broken.mkdir()
    (broken / "pack.yaml").write_text("format: 1\nid: broken\nname: Broken\nlevels: [huge.yaml]\n")
    (broken / "huge.yaml").write_text(SLIDE.format(id="huge", tile="9" * 5000))
    try:
        errors: list[Any] = []
        assert "first-steps" in [p.id for p in list_packs(errors)] and errors
        code, said = _run(capsys, "pack", "list")
        assert code == 0 and "first-steps" in said and "skipped a broken pack" in said
        code, said = _run(capsys, "replay", str(shipped_proof("first-swap")))
        assert code == 0, said
    finally:
        for f in broken.iterdir():
            f.unlink()
        broken.rmdir()


def test_validate_walks_link_loops_once_and_ends(tmp_path: pathlib.Path, capsys: Any) -> None:
    top = tmp_path / "levels"
    (top / "a").mkdir(parents=True)
    (top / "a" / "one.yaml").write_text(SLIDE.format(id="one", tile="5"))
    (top / "a" / "back").symlink_to(top, target_is_directory=True)
    (top / "loop").symlink_to(top / "a", target_is_directory=True)
    code, said = _run(capsys, "validate", "--json", str(top))
    assert code == 0
    assert said.count("one.yaml") == 1


def test_a_file_name_that_is_not_utf8_is_printed_not_fatal(tmp_path: pathlib.Path, capsys: Any) -> None:
    folder = tmp_path / "odd"
    folder.mkdir()
    name = os.fsdecode(b"bad\xff.yaml")
    (folder / name).write_text("format: 1\nid: bad\n")
    code, said = _run(capsys, "validate", str(folder))
    assert code == 1 and "bad" in said


def test_many_missing_level_files_are_reported_in_proportion(tmp_path: pathlib.Path, capsys: Any) -> None:
    folder = tmp_path / "near"
    folder.mkdir()
    for i in range(2000):
        (folder / f"levl-{i:04d}.yaml").write_text("")
    listed = "\n".join(f"  - level-{i:04d}.yaml" for i in range(1000))
    (folder / "pack.yaml").write_text(f"format: 1\nid: near\nname: Near\nlevels:\n{listed}\n")
    code, said = _run(capsys, "validate", str(folder))
    assert code == 1 and "did you mean 'levl-0000.yaml'?" in said


def test_ids_are_whole_words_and_names_never_reach_the_terminal_raw(tmp_path: pathlib.Path,
                                                                   capsys: Any) -> None:
    assert not valid_id("abc\n") and not valid_id("../x") and valid_id("abc-1")
    source = tmp_path / "loud.pack.yaml"
    level = Level(id="one", name="One", mode="slide", width=3, height=3)
    save_pack(Pack(id="loud", name="Red \x1b[31mALERT\x1b[0m", levels=(level,)), source)
    code, said = _run(capsys, "pack", "install", str(source))
    assert code == 0 and "\x1b" not in said and "\\x1b[31m" in said
    code, said = _run(capsys, "pack", "list")
    assert "\x1b" not in said and "loud" in said
    newline = tmp_path / "nl.pack.yaml"
    newline.write_text(source.read_text().replace("id: loud", 'id: "loud\\n"', 1))
    code, said = _run(capsys, "pack", "install", "--replace", str(newline))
    assert code == 1 and not [p for p in installed_packs_dir().iterdir() if "\n" in p.name]
    code, _ = _run(capsys, "pack", "install", "--replace", str(source))
    assert code == 0
    import shutil
    shutil.rmtree(installed_packs_dir() / "loud")
    shutil.rmtree(installed_packs_dir() / ".backups", ignore_errors=True)


def test_a_level_file_linked_from_outside_the_pack_is_refused_unread(tmp_path: pathlib.Path,
                                                                    capsys: Any) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n")
    folder = tmp_path / "sneaky"
    folder.mkdir()
    (folder / "one.yaml").symlink_to(secret)
    (folder / "pack.yaml").write_text("format: 1\nid: sneaky\nname: S\nlevels: [one.yaml]\n")
    code, said = _run(capsys, "validate", str(folder))
    assert code == 1 and "is a link" in said and "hunter2" not in said
    code, said = _run(capsys, "pack", "install", str(folder))
    assert code == 1 and not (installed_packs_dir() / "sneaky").exists()


def test_long_keys_are_cut_in_messages(tmp_path: pathlib.Path, capsys: Any) -> None:
    level = tmp_path / "wide.yaml"
    level.write_text(SLIDE.format(id="wide", tile="5") + "k" * 500_000 + ": 1\n")
    code, said = _run(capsys, "validate", str(level))
    assert code == 1 and max(len(line) for line in said.splitlines()) < 1000


def test_stale_save_temporaries_are_swept_and_live_ones_kept(tmp_path: pathlib.Path) -> None:
    progress = tmp_path / "progress.yaml"
    stale = tmp_path / ".progress.yaml.abc.tmp"
    live = tmp_path / ".progress.yaml.def.tmp"
    stale.write_text("half")
    live.write_text("half")
    past = time.time() - STALE_TEMP_SECONDS - 60
    os.utime(stale, (past, past))
    load_progress(progress)
    assert not stale.exists() and live.exists()


def test_simulate_reports_seeds_that_cannot_be_dealt_and_goes_on(tmp_path: pathlib.Path,
                                                                capsys: Any) -> None:
    from game.bots.simulation import simulate

    tight = Level(id="tight", name="Tight", mode="match3", width=3, height=8, kinds=9,
                  rules=Rules(min_match=5), moves=3)
    report = simulate(tight, 29)
    assert report.undealt and len(report.games) + len(report.undealt) == 29
    file = tmp_path / "tight.yaml"
    file.write_text("format: 1\nid: tight\nname: Tight\nmode: match3\nwidth: 3\nheight: 8\n"
                    "kinds: 9\nmoves: 3\nrules: {min_match: 5}\n")
    code, said = _run(capsys, "simulate", str(file), "--games", "29")
    assert code == 0 and "could not be dealt" in said


def test_a_bot_judges_as_many_outcomes_on_a_huge_board_as_on_a_small_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """32x32 with 3 kinds has ~860 legal swaps, each a board-wide cascade: the greedy bot
    plays out only a shortlist sized to the board (game.core.budget), so one move is work in
    proportion."""
    import game.bots.base as base
    from game.bots import make_bot
    from game.core import legal_commands, new_game

    judged: list[int] = []
    real = base.play

    def counting(state: Any, command: Any) -> Any:
        judged.append(1)
        return real(state, command)

    monkeypatch.setattr(base, "play", counting)
    for size, kinds in ((32, 3), (9, 6)):
        lv = Level(id="b", name="B", mode="match3", width=size, height=size, kinds=kinds, moves=3)
        state = new_game(lv, 0)
        judged.clear()
        make_bot("greedy", lv, 0).choose(state)
        if size == 32:
            assert len(legal_commands(state)) > 500 and len(judged) <= 12 * 6
        else:
            assert len(judged) >= len(legal_commands(state)), "small boards are judged in full"


def test_packs_past_the_size_limits_are_refused_early_saying_which(tmp_path: pathlib.Path,
                                                                  capsys: Any) -> None:
    from game.io.packs import MAX_PACK_CELLS, MAX_PACK_LEVELS

    many = tmp_path / "many"
    many.mkdir()
    listed = "\n".join(f"  - l{i}.yaml" for i in range(MAX_PACK_LEVELS + 1))
    (many / "pack.yaml").write_text(f"format: 1\nid: many\nname: Many\nlevels:\n{listed}\n")
    code, said = _run(capsys, "validate", str(many))
    assert code == 1 and f"at most {MAX_PACK_LEVELS:,} levels" in said

    big = tmp_path / "big"
    big.mkdir()
    count = MAX_PACK_CELLS // (32 * 32) + 2
    for i in range(count):
        (big / f"b{i}.yaml").write_text(f"format: 1\nid: b{i}\nname: B\nmode: match3\nwidth: 32\n"
                                        "height: 32\nkinds: 6\n")
    listed = "\n".join(f"  - b{i}.yaml" for i in range(count))
    (big / "pack.yaml").write_text(f"format: 1\nid: big\nname: Big\nlevels:\n{listed}\n")
    code, said = _run(capsys, "validate", str(big))
    assert code == 1 and f"more than {MAX_PACK_CELLS:,}" in said
