"""Every YAML the program reads goes through the one bounded reader: hostile progress, settings,
replays and record inputs give a clear message (file, line) or the defaults, never a crash or hang."""

from __future__ import annotations

import ast
import dataclasses
import os
import pathlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.io.pack_proofs import shipped_proof
from game.io.packs import list_packs
from game.io.progress import load_progress
from game.io.replay import ReplayFileError, load_replay
from game.io.settings import Settings, load_settings, save_settings

ROOT = pathlib.Path(__file__).resolve().parents[2]
ALIAS_BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
    for p, c in zip("abcdefgh", "bcdefghi"))
DEEP = "x: " + "[" * 5000 + "]" * 5000 + "\n"
HOSTILE = {
    "impossible date": "animation_speed: fast\nwhen: 2024-13-45\n",
    "huge number": f"sound: {'9' * 6000}\n",
    "deep nesting": DEEP,
    "alias bomb": ALIAS_BOMB,
    "a python tag": "sound: !!python/object:os.system [ls]\n",
    "binary": "\x00\x01\x02",
    "not a mapping": "- fast\n- slow\n",
}


def test_no_reader_outside_the_bounded_one_calls_yaml_load_itself() -> None:
    offenders = []
    for path in [*(ROOT / "game").rglob("*.py"), *(ROOT / "editor").rglob("*.py")]:
        if path.name == "yamldoc.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id == "yaml" and node.attr in ("load", "safe_load", "compose",
                                                                   "full_load", "unsafe_load",
                                                                   "load_all", "safe_load_all"):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: yaml.{node.attr}")
    assert offenders == []


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_bad_settings_fall_back_to_the_defaults_and_say_so(tmp_path: pathlib.Path, case: str) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text(HOSTILE[case], encoding="utf-8")
    notices: list[str] = []
    got = load_settings(path, notices)
    if case == "impossible date":
        # Only one value is bad: the file is read, the good value kept, the date refused.
        assert notices and f"{path}:2:" in notices[0] and "2024-13-45" in notices[0]
        assert got == Settings()
    else:
        assert got == Settings()
        assert len(notices) == 1 and str(path) in notices[0] and len(notices[0]) < 400


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_bad_progress_is_moved_aside_quickly_with_a_short_notice(tmp_path: pathlib.Path, case: str) -> None:
    path = tmp_path / "progress.yaml"
    path.write_text(HOSTILE[case], encoding="utf-8")
    loaded = load_progress(path)
    assert loaded.progress.packs == {} and loaded.notice and len(loaded.notice) < 400
    assert loaded.backup is not None and loaded.backup.exists() and not path.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_as_progress_or_settings_never_blocks(tmp_path: pathlib.Path) -> None:
    for name in ("progress.yaml", "settings.yaml"):
        os.mkfifo(tmp_path / name)
    notices: list[str] = []
    assert load_settings(tmp_path / "settings.yaml", notices) == Settings()
    assert "not a regular file" in notices[0]
    loaded = load_progress(tmp_path / "progress.yaml")
    assert loaded.progress.packs == {} and "not a regular file" in (loaded.notice or "")


def test_a_data_folder_that_is_a_file_still_starts_with_the_built_in_packs(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GRIDFALL_DATA_DIR", str(blocker))
    notices: list[str] = []
    assert load_settings(notices=notices) == Settings() and "is a file" in notices[0]
    assert "is a file" in (load_progress().notice or "")
    errors: list[Any] = []
    packs = list_packs(errors)
    assert "first-steps" in [p.id for p in packs] and errors
    with pytest.raises(OSError, match="is a file"):
        save_settings(Settings(sound=False))
    assert main(["pack", "list"]) in (0, 1)
    assert blocker.read_text() == "not a folder"


def test_a_packs_folder_that_is_a_file_hides_no_built_in_pack(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "packs").write_text("oops")
    monkeypatch.setenv("GRIDFALL_DATA_DIR", str(data))
    errors: list[Any] = []
    assert "first-steps" in [p.id for p in list_packs(errors)]
    assert "is a file" in str(errors[0])


REPLAY_HEAD = "format: 1\npack: first-steps\nlevel: first-swap\n"


@pytest.mark.parametrize("body, expected", [
    ("seed: 2024-01-05\ncommands: []\n", "found the date 2024-01-05"),
    (f"seed: 1\ncommands: [{'9' * 5000}]\n", "far too long"),
    ("seed: 1\ncommands:\n- &a swap 0,0 0,1\n" + "- *a\n" * 70, "more than 64 aliases"),
    ("seed: 1\ncommands: ['chain " + " ".join(f"{i % 9},{i % 7}" for i in range(90_000)) + " x']\n",
     "commands[0]"),
    (ALIAS_BOMB, "aliases"),
])
def test_hostile_replays_are_refused_with_a_short_message(tmp_path: pathlib.Path, body: str,
                                                          expected: str) -> None:
    path = tmp_path / "hostile.yaml"
    path.write_text(REPLAY_HEAD + body, encoding="utf-8")
    with pytest.raises(ReplayFileError) as caught:
        load_replay(path)
    text = str(caught.value)
    assert expected in text and str(path) in text and len(text) < 600


def _record(capsys: Any, *args: str) -> tuple[int, str]:
    code = main(["record", *args])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_record_refuses_bad_inputs_before_any_window(tmp_path: pathlib.Path, capsys: Any) -> None:
    dated = tmp_path / "dated.yaml"
    dated.write_text("format: 1\nid: dated\nname: D\nmode: match3\nwidth: 5\nheight: 5\nseed: 2024-13-45\n")
    code, said = _record(capsys, str(dated), "--out", str(tmp_path / "a.gif"))
    assert code == 1 and f"{dated}:7:" in said and "Traceback" not in said
    deep = tmp_path / "deep.yaml"
    deep.write_text(DEEP)
    code, said = _record(capsys, str(deep), "--out", str(tmp_path / "b.gif"))
    assert code == 1 and str(deep) in said and "nested" in said
    folder = tmp_path / "clip.gif"
    folder.mkdir()
    code, said = _record(capsys, str(shipped_proof("first-swap")), "--out", str(folder))
    assert code == 2 and "is a folder" in said
    tight = tmp_path / "tight.yaml"
    tight.write_text("format: 1\nid: tight\nname: T\nmode: match3\nwidth: 3\nheight: 8\n"
                     "kinds: 9\nmoves: 3\nrules: {min_match: 5}\n")
    code, said = _record(capsys, str(tight), "--out", str(tmp_path / "c.gif"), "--seed", "7")
    assert code == 1 and "cannot be dealt from seed 7" in said and "Traceback" not in said
    assert not (tmp_path / "c.gif").exists()


def test_record_refuses_a_replay_that_plays_on_after_the_end(tmp_path: pathlib.Path, capsys: Any) -> None:
    from game.core import parse_command
    from game.io.replay import save_replay

    won = load_replay(shipped_proof("first-swap"))
    late = tmp_path / "late.yaml"
    save_replay(dataclasses.replace(won, commands=won.commands + (parse_command("swap 0,0 0,1"),)), late)
    code, said = _record(capsys, str(late), "--out", str(tmp_path / "late.gif"))
    assert code == 1 and "the game is over" in said and not (tmp_path / "late.gif").exists()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(["format: 1", "packs:", "  p:", "    l:", "      stars: 9",
                              "      game: {seed: -1, commands: [x]}", "&a [*a]", "*b", "!!set",
                              "animation_speed: instant", "sound: no", "- 1", "{", "]", "'",
                              "best_score: 1e400", "2024-02-30", "~", "<<: *a"]),
             max_size=12).map("\n".join),
))
def test_progress_and_settings_readers_never_raise(tmp_path: pathlib.Path, text: str) -> None:
    for name in ("progress.yaml", "settings.yaml"):
        path = tmp_path / name
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
    load_settings(tmp_path / "settings.yaml", [])
    load_progress(tmp_path / "progress.yaml")
