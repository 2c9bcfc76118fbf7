"""Replay files: a stable round trip, atomic saves, and errors that name the file, line and field."""

from __future__ import annotations

import dataclasses
import os
import pathlib
from typing import Any

import pytest

from game.core import Chain, Level, Session, Slide, Swap, legal_commands
from game.cli import main
from game.io import find_pack, yamldoc
from game.io.pack_proofs import shipped_proof
from game.io.paths import levels_dir
from game.io.replay import Replay, ReplayFileError, load_replay, replay_to_yaml, save_replay

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLE = Replay("first-steps", "first-swap", 7,
                (Swap((1, 2), (1, 3)), Chain(((0, 0), (1, 1), (2, 2))), Slide((2, 1))))


def test_round_trip_is_equal_and_byte_stable(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "r.yaml"
    save_replay(SAMPLE, path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("format: 2\n")
    assert "- swap 1,2 1,3\n" in text
    loaded = load_replay(path)
    assert loaded == SAMPLE
    save_replay(loaded, path)
    assert path.read_text(encoding="utf-8") == text == replay_to_yaml(SAMPLE)


def test_a_played_game_replays_to_the_same_state(tmp_path: pathlib.Path) -> None:
    level = Level.from_dict({"format": 1, "id": "demo", "name": "Demo", "mode": "match3",
                             "width": 7, "height": 7, "kinds": 5, "moves": 6})
    session = Session(level, 3)
    for _ in range(4):
        session.play(legal_commands(session.state)[-1])
    path = tmp_path / "demo.yaml"
    save_replay(Replay(None, level.id, 3, tuple(session.commands)), path)
    loaded = load_replay(path)
    assert loaded.pack is None
    again = Session.replay(level, loaded.seed, loaded.commands)
    assert again.state == session.state
    assert again.events == session.events


def test_a_failed_save_leaves_the_old_file(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "r.yaml"
    save_replay(SAMPLE, path)
    before = path.read_bytes()

    def broken(src: str, dst: str, **at: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        save_replay(Replay(None, "other", 1, ()), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["r.yaml"], "no temporary file is left behind"


def _error(tmp_path: pathlib.Path, text: str | bytes) -> ReplayFileError:
    path = tmp_path / "bad.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(ReplayFileError) as info:
        load_replay(path)
    error = info.value
    assert isinstance(error, ValueError)
    assert str(path) in str(error)
    return error


GOOD_HEAD = "format: 1\npack: p\nlevel: a\nseed: 3\n"


@pytest.mark.parametrize(("text", "field", "line", "words"), [
    ("format: 1\nlevel: a\nseed: 3\ncommands:\n- swap 1,2 1,3\n- swap 1,2\n", "commands[1]", 6, "two cells"),
    (GOOD_HEAD + "commands:\n- jump 1,1\n", "commands[0]", 6, "unknown command"),
    (GOOD_HEAD + "commands:\n- slide x,1\n", "commands[0]", 6, ""),
    (GOOD_HEAD + "commands:\n- [1, 2]\n", "commands[0]", 6, "command text"),
    (GOOD_HEAD + "commands: swap 1,2 1,3\n", "commands", 5, "list"),
    ("format: 3\nlevel: a\nseed: 3\ncommands: []\n", "format", 1, "formats 1 and 2"),
    ("format: 1\nlevel: a\nseed: -4\ncommands: []\n", "seed", 3, "at least 0"),
    ("format: 1\nlevel: a\nseed: yes\ncommands: []\n", "seed", 3, "whole number"),
    ("format: 1\nlevel: 12\nseed: 3\ncommands: []\n", "level", 2, "level id"),
    ("format: 1\npack: [x]\nlevel: a\nseed: 3\ncommands: []\n", "pack", 2, "pack id"),
    ("format: 1\nlevel: a\ncommands: []\n", "seed", 1, "required"),
    (GOOD_HEAD + "commands: []\nspeed: 3\n", "speed", 6, "unknown key"),
])
def test_bad_fields_are_named_with_their_line(tmp_path: pathlib.Path, text: str, field: str,
                                              line: int, words: str) -> None:
    error = _error(tmp_path, text)
    assert error.field == field
    assert error.line == line
    assert words in error.message
    assert f"{field}:" in str(error)


def test_broken_yaml_names_the_line(tmp_path: pathlib.Path) -> None:
    error = _error(tmp_path, "format: 1\nlevel: a\nseed: [3\ncommands: []\n")
    assert "YAML syntax error" in error.message
    assert error.line >= 3


def test_not_a_mapping_binary_and_huge_files(tmp_path: pathlib.Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert "mapping" in _error(tmp_path, "- 1\n- 2\n").message
    assert "UTF-8" in _error(tmp_path, b"\xff\xfe\x00junk\x80").message
    monkeypatch.setattr(yamldoc, "MAX_BYTES", 100)
    assert "at most" in _error(tmp_path, GOOD_HEAD + "commands:\n" + "- slide 0,1\n" * 20).message


def test_a_missing_file_is_a_clear_error(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ReplayFileError, match="nope.yaml:1:1: no such file"):
        load_replay(tmp_path / "nope.yaml")


# -- replays that prove themselves ---------------------------------------------------------------

def _proven(tmp_path: pathlib.Path) -> tuple[pathlib.Path, Any]:
    from game.io.replay import replay_of

    level = find_pack("first-steps").level("chain-master")
    session = Session(level, level.play_seed)
    for _ in range(5):
        session.play(legal_commands(session.state)[0])
    replay = replay_of(level, level.play_seed, session.commands, "first-steps")
    path = tmp_path / "proven.yaml"
    save_replay(replay, path)
    return path, replay


def test_a_new_replay_names_its_rules_level_hash_and_a_check_per_command(tmp_path: pathlib.Path,
                                                                         capsys: Any) -> None:
    from game.core import RULES_VERSION

    path, replay = _proven(tmp_path)
    text = path.read_text()
    assert f"rules: {RULES_VERSION}\n" in text and "level_hash: " in text
    assert len(replay.checks) == len(replay.commands) == 5 and load_replay(path) == replay
    assert main(["replay", str(path)]) == 0
    assert "5 checks match" in capsys.readouterr().out


def test_a_replay_made_by_other_rules_names_the_first_command_that_differs(tmp_path: pathlib.Path,
                                                                           capsys: Any) -> None:
    """What an older rules version looks like to today's game: its check at command 3 no
    longer matches (there another score), so the report points at command 3 and says how."""
    from game.core import Check

    path, replay = _proven(tmp_path)
    checks = list(replay.checks)
    real = checks[2]
    checks[2] = Check("0" * 8 if real.digest != "0" * 8 else "1" * 8, real.score + 30, real.moves)
    save_replay(dataclasses.replace(replay, checks=tuple(checks), rules=replay.rules + 1), path)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "differs from command 3" in err and f"score {real.score + 30}" in err
    assert f"score {real.score}" in err and "made with rules version" in err
    # Same score and moves but another board: said too.
    checks[2] = Check("0" * 8 if real.digest != "0" * 8 else "1" * 8, real.score, real.moves)
    save_replay(dataclasses.replace(replay, checks=tuple(checks)), path)
    assert main(["replay", str(path)]) == 1
    assert "another board" in capsys.readouterr().err


def test_a_changed_level_is_named_when_its_replay_no_longer_plays(tmp_path: pathlib.Path,
                                                                  capsys: Any) -> None:
    path, replay = _proven(tmp_path)
    save_replay(dataclasses.replace(replay, level_hash="0123456789abcdef"), path)
    # Even where the game happens to agree, a hash of another level is refused, placed at
    # its line (issue 22: a forged level_hash was accepted silently).
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:5:13: level_hash: 0123456789abcdef is not the hash" in err
    assert len(err.strip().splitlines()) == 1
    broken = dataclasses.replace(replay, level_hash="0123456789abcdef",
                                 checks=(replay.checks[0], dataclasses.replace(replay.checks[1], moves=9)))
    save_replay(broken, path)
    assert main(["replay", str(path)]) == 1
    assert "changed since the replay was made" in capsys.readouterr().err


def test_a_replay_outlives_a_re_tune_of_the_levels_stars(tmp_path: pathlib.Path, capsys: Any) -> None:
    # Replays name the level's play_hash, which leaves the star marks out: a pack re-tuning its
    # stars (every rules change does) keeps its players' replays; any change to play does not.
    from game.io.replay import verify_replay

    path, replay = _proven(tmp_path)
    level = find_pack("first-steps").level("chain-master")
    assert replay.level_hash == level.play_hash() != level.content_hash()
    re_tuned = dataclasses.replace(level, stars=(1, 2, 3))
    assert re_tuned.content_hash() != level.content_hash() and re_tuned.play_hash() == level.play_hash()
    again, first = verify_replay(load_replay(path), re_tuned).state, verify_replay(replay, level).state
    assert (again.grid, again.score, again.moves) == (first.grid, first.score, first.moves)
    with pytest.raises(ReplayFileError, match="changed since the replay was made"):
        verify_replay(load_replay(path), dataclasses.replace(level, moves=(level.moves or 0) + 1))
    # A replay written before play_hash was kept apart names the content hash: still proven.
    save_replay(dataclasses.replace(replay, level_hash=level.content_hash()), path)
    assert main(["replay", str(path)]) == 0 and "checks match" in capsys.readouterr().out


def test_format_1_replays_still_load_and_play(tmp_path: pathlib.Path, capsys: Any) -> None:
    path = tmp_path / "old.yaml"
    path.write_text("format: 1\npack: first-steps\nlevel: first-swap\nseed: 1\ncommands:\n- swap 4,5 5,5\n")
    old = load_replay(path)
    assert old.rules is None and old.checks == () and old.level_hash is None
    assert main(["replay", str(path)]) == 0 and "won" in capsys.readouterr().out


def test_a_pack_carries_its_authors_replays_and_validate_and_install_prove_them(
        tmp_path: pathlib.Path, capsys: Any) -> None:
    import shutil

    from game.io.paths import installed_packs_dir

    pack = tmp_path / "proofs"
    pack.mkdir()
    for name in ("first-swap.yaml", "token-walk.yaml", "slide-in.yaml"):
        shutil.copy(levels_dir() / "first-steps" / name, pack / name)
    (pack / "pack.yaml").write_text("format: 1\nid: proofs\nname: Proofs\nlevels: [first-swap.yaml, "
                                    "token-walk.yaml, slide-in.yaml]\n")
    (pack / "replays").mkdir()
    shutil.copy(shipped_proof("first-swap"), pack / "replays" / "first-swap.yaml")
    assert main(["validate", str(pack)]) == 0
    said = capsys.readouterr()
    assert "1 of 3 levels proven" in said.err and "token-walk, slide-in" in said.err
    # A replay that no longer wins is the author's error in validate, a warning on install.
    lost = load_replay(pack / "replays" / "first-swap.yaml")
    save_replay(dataclasses.replace(lost, level="token-walk", commands=(), checks=()),
                pack / "replays" / "token-walk.yaml")
    assert main(["validate", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "token-walk.yaml" in out and "does not prove level 'token-walk'" in out
    assert main(["pack", "install", str(pack)]) == 0
    said = capsys.readouterr()
    assert "warning:" in said.err and "1 of 3 levels proven" in said.out
    installed = installed_packs_dir() / "proofs"
    assert sorted(p.name for p in (installed / "replays").iterdir()) == ["first-swap.yaml"]
    shutil.rmtree(installed)


def test_a_replay_recorded_before_special_tiles_reports_where_the_game_now_differs(
        tmp_path: pathlib.Path, capsys: Any) -> None:
    # first-swap as rules version 1 recorded it: the same winning swap, scored before specials.
    path = tmp_path / "old.yaml"
    path.write_text("format: 2\nrules: 1\npack: first-steps\nlevel: first-swap\n"
                    "level_hash: 0d1e7313f64ae197\nseed: 1\ncommands:\n- swap 4,5 5,5\n"
                    "checks:\n- ea6bf88d 1950 1\n")
    # Given the level as it was then (First Swap has since switched specials off).
    old_level = ROOT / "tests/core/older/levels/first-swap.yaml"
    assert main(["replay", str(path), "--level", str(old_level)]) == 1
    said = capsys.readouterr()
    text = said.out + said.err
    assert "made with rules version 1" in text
    assert "differs from command 1 (swap 4,5 5,5)" in text and "score 1950" in text
