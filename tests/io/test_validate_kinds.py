"""`gridfall validate` recognises a pack's playtest.yaml and a replay file and says what each is
(issue 34: it called a playtest.yaml "a pack" and a replay "a level with 13 errors")."""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

from game.io.paths import levels_dir

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _validate(*paths: pathlib.Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", "validate", *map(str, paths)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_a_playtest_file_and_a_replay_are_named_for_what_they_are() -> None:
    playtest = levels_dir() / "first-steps" / "playtest.yaml"
    replay = ROOT / "tests" / "core" / "older" / "big-cross-rules-3.yaml"
    out = _validate(playtest, replay)
    said = out.stdout + out.stderr
    assert out.returncode == 0, said
    assert "looks like a pack" not in said and "unknown key" not in said
    assert "playtest figures of pack 'first-steps'" in said
    assert "a replay of level 'big-cross' of pack 'sweet-mechanics', 1 move from seed 8" in said


def test_a_broken_playtest_file_or_replay_is_one_located_problem(tmp_path: pathlib.Path) -> None:
    pack = tmp_path / "first-steps"
    shutil.copytree(levels_dir() / "first-steps", pack)
    (pack / "playtest.yaml").write_text("format: 1\npack: first-steps\nbot: person\ngames: many\n",
                                        encoding="utf-8")
    replay = tmp_path / "r.yaml"
    replay.write_text("format: 2\nlevel: x\nseed: 1\ncommands:\n- fly away\n", encoding="utf-8")
    out = _validate(pack / "playtest.yaml", replay)
    assert out.returncode == 1
    lines = [ln for ln in out.stdout.splitlines() if ln.strip()]
    assert any(ln.startswith(f"{pack / 'playtest.yaml'}:4:") for ln in lines), out.stdout
    assert any(ln.startswith(f"{replay}:5:") for ln in lines), out.stdout
    # Alone, a playtest.yaml with no pack beside it says so.
    lone = tmp_path / "lone"
    lone.mkdir()
    shutil.copy(levels_dir() / "first-steps" / "playtest.yaml", lone / "playtest.yaml")
    out = _validate(lone / "playtest.yaml")
    assert out.returncode == 1 and "no pack beside it" in out.stdout
