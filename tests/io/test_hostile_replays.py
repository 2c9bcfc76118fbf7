"""Hostile replays (issue 22): a level named by a path, forged hashes and checks, long values;
each is one located line (file:line:col: field), exit 1, never a traceback or a file read
outside the replay's own folder."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from game.cli import main
from game.io.pack_proofs import shipped_proof
from game.io.replay import ReplayFileError, load_replay

GOOD = shipped_proof("first-swap").read_text(encoding="utf-8")
CHECK = GOOD.split("checks:\n- ", 1)[1].splitlines()[0]   # its one check: 'digest score moves'
CHECK_LINE = GOOD.splitlines().index(f"- {CHECK}") + 1
HASH = GOOD.split("level_hash: ", 1)[1].splitlines()[0]    # the level's true hash, as proven



def _said(capsys: Any) -> str:
    out = capsys.readouterr()
    said = out.out + out.err
    assert "Traceback" not in said
    return said


@pytest.mark.parametrize("level", [
    "../x", "../../etc/passwd", "/etc/passwd", "a/b", "..", "C:\\\\x", "x.yaml", "", "~/x",
    "a\\nb", "-lead",
])
def test_a_replay_names_its_level_by_id_never_by_a_path(tmp_path: pathlib.Path, level: str) -> None:
    outside = tmp_path / "x.yaml"
    outside.write_text("format: 1\nid: x\nname: X\nmode: match3\nwidth: 5\nheight: 5\n")
    drop = tmp_path / "drop"
    drop.mkdir()
    path = drop / "r.yaml"
    path.write_text(GOOD.replace("level: first-swap", f'level: "{level}"'), encoding="utf-8")
    with pytest.raises(ReplayFileError) as caught:
        load_replay(path)
    assert str(caught.value).startswith(f"{path}:4:8: level: expected a level id")
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("pack", ["../p", "/tmp", "p/q", "."])
def test_a_replay_names_its_pack_by_id_never_by_a_path(tmp_path: pathlib.Path, pack: str) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(GOOD.replace("pack: first-steps", f'pack: "{pack}"'), encoding="utf-8")
    with pytest.raises(ReplayFileError, match=r"r.yaml:3:7: pack: expected a pack id"):
        load_replay(path)


@pytest.mark.parametrize("value, words", [
    ("a" * 500_000, "16 digits"),
    ("0D1E7313F64AE197", "16 digits"),
    ("0d1e7313f64ae19", "16 digits"),
    ("12345", "16 digits"),        # a number, not text
    ("[1, 2]", "16 digits"),
])
def test_a_malformed_level_hash_is_refused_at_its_place(tmp_path: pathlib.Path, capsys: Any,
                                                       value: str, words: str) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(GOOD.replace(f"level_hash: {HASH}", f"level_hash: {value}"),
                    encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    said = _said(capsys)
    assert f"{path}:5:13: level_hash: " in said and words in said
    assert len(said.strip().splitlines()) == 1 and len(said) < 400


def test_a_forged_level_hash_is_refused_even_where_the_game_agrees(tmp_path: pathlib.Path,
                                                                   capsys: Any) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(GOOD.replace(HASH, "0123456789abcdef"), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    said = _said(capsys)
    assert f"{path}:5:13: level_hash: 0123456789abcdef is not the hash" in said
    assert main(["replay", str(shipped_proof("first-swap"))]) == 0


def test_a_forged_check_is_placed_on_its_own_line(tmp_path: pathlib.Path, capsys: Any) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(GOOD.replace(f"- {CHECK}", f"- {CHECK.split()[0]} 9999 1"), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert f"{path}:{CHECK_LINE}:3: checks[0]: the game differs from command 1" in _said(capsys)
    # gridfall record refuses it as replay does, before any window or frame
    out = tmp_path / "clip.gif"
    assert main(["record", str(path), "--out", str(out)]) == 1
    said = _said(capsys)
    assert f"{path}:{CHECK_LINE}:3: checks[0]: the game differs" in said and not out.exists()


@pytest.mark.parametrize("check", ["nonsense", "'[1, 2]'", "zzzzzzzz 1 1", "d64eff8c -1 1",
                                   "'" + "9" * 60 + " 1 1'"])
def test_a_bad_check_text_is_named_at_its_line_not_line_0(tmp_path: pathlib.Path, check: str) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(GOOD.replace(f"- {CHECK}", f"- {check}"), encoding="utf-8")
    with pytest.raises(ReplayFileError) as caught:
        load_replay(path)
    assert (caught.value.line, caught.value.field) == (CHECK_LINE, "checks[0]")
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize("seed, words", [
    ("2024-13-45", "seed: '2024-13-45' is not a valid"),
    ("2024-01-05", "seed: expected a whole number"),
    ("99999999999999999999999", "seed: expected a whole number"),
    ("-1", "seed: expected a whole number"),
    ("1.5", "seed: expected a whole number"),
])
def test_a_bad_seed_names_the_seed_field(tmp_path: pathlib.Path, capsys: Any, seed: str, words: str) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(GOOD.replace("seed: 1", f"seed: {seed}"), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    said = _said(capsys)
    assert f"{path}:6:7: {words}" in said


def test_an_unknown_key_of_any_length_is_one_short_located_line(tmp_path: pathlib.Path, capsys: Any) -> None:
    after = len(GOOD.splitlines()) + 1   # the line after the file's last
    for key, line in (("speed", after), ("k" * 1000, after), ("'" + "k" * 500_000 + "'", after)):
        path = tmp_path / "r.yaml"
        path.write_text(GOOD + f"{key}: 3\n", encoding="utf-8")
        assert main(["replay", str(path)]) == 1
        said = _said(capsys)
        assert f"{path}:{line}:" in said and len(said) < 400
        assert len(said.strip().splitlines()) == 1


def test_a_replay_naming_a_level_file_not_beside_it_is_not_followed(tmp_path: pathlib.Path,
                                                                    capsys: Any) -> None:
    # What the game's drop handler does: a replay whose pack is not installed plays on the
    # level file beside it, named by the replay's level id (load_level checks id == file name).
    path = tmp_path / "r.yaml"
    path.write_text(GOOD.replace("pack: first-steps", "pack: not-installed"), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    said = _said(capsys)
    assert f"{path}:3:7: pack: no pack with the id 'not-installed'" in said
