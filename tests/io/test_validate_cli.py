"""`gridfall validate`: every problem as file:line:col, exit 0 or 1, JSON for tools, no traceback."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import pytest

from game.cli import main
from game.io import Pack, save_pack
from levelgen import generated_level
from game.io.paths import levels_dir

ROOT = pathlib.Path(__file__).resolve().parents[2]

BAD = pathlib.Path(__file__).parent / "bad"
LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<rest>.+)$")


def test_clean_levels_and_packs_exit_zero(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    levels = tuple(generated_level(n) for n in range(4))
    save_pack(Pack(id="four", name="Four", levels=levels), tmp_path / "four")
    save_pack(Pack(id="four", name="Four", levels=levels), tmp_path / "four.pack.yaml")
    assert main(["validate", str(tmp_path / "four"), str(tmp_path / "four.pack.yaml"),
                 str(tmp_path / "four" / f"{levels[0].id}.yaml")]) == 0
    out = capsys.readouterr()
    assert out.out == ""
    assert "checked 3 files or packs (9 valid levels): ok" in out.err


def test_the_shipped_levels_are_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert any(levels_dir().glob("*/pack.yaml")), "the game ships at least one built-in pack"
    assert main(["validate", str(levels_dir())]) == 0, capsys.readouterr().out


def test_every_problem_is_printed_as_file_line_col(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(BAD.glob("*.yaml"))
    assert main(["validate", *map(str, files)]) == 1
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert len(lines) >= len(files)
    for line in lines:
        match = LINE.match(line)
        assert match, line
        assert pathlib.Path(match["file"]).name.endswith(".yaml")
    assert f"{BAD / 'collect-kind-missing.yaml'}:10:20: goals.collect.7: kind 7 does not exist " \
           "(this level has 5 kinds)" in lines
    assert "Traceback" not in out.out + out.err


def test_json_output_for_tools(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--json", str(BAD / "unknown-key-goals.yaml")]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False and data["notes"] == []
    assert data["problems"] == [{
        "file": str(BAD / "unknown-key-goals.yaml"), "line": 9, "column": 3,
        "field": "goals.scroe", "message": "unknown key 'scroe'; did you mean 'score'?"}]
    assert data["checked"] == [{"path": str(BAD / "unknown-key-goals.yaml"), "kind": "level",
                                "ok": False, "levels": None}]


def test_a_real_process_never_shows_a_traceback(tmp_path: pathlib.Path) -> None:
    junk = tmp_path / "junk.yaml"
    junk.write_bytes(bytes(range(256)) * 4)
    missing = tmp_path / "missing.yaml"
    result = subprocess.run(
        [sys.executable, "-m", "game", "validate", str(junk), str(missing), str(BAD / "billion-laughs.yaml")],
        capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert f"{junk}:1:1: holds binary data" in result.stdout
    assert f"{missing}:1:1: no such file" in result.stdout
    assert "more than 64 aliases" in result.stdout


def test_a_level_file_missing_from_pack_yaml_gets_a_note(tmp_path: pathlib.Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    levels = tuple(generated_level(n) for n in range(3))
    save_pack(Pack(id="three", name="Three", levels=levels), tmp_path / "three")
    save_pack(Pack(id="three", name="Three", levels=levels[:2]), tmp_path / "three")
    assert main(["validate", str(tmp_path / "three")]) == 0  # a note is not a problem
    err = capsys.readouterr().err
    assert f"note: {tmp_path / 'three' / levels[2].id}.yaml is in the pack folder but not listed" in err
