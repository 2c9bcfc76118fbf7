"""Messages (issue 22): every problem is one line naming file:line:col and field, an id holding a
newline or an escape is never printed raw, and a pack author's replay is placed at its own line."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from game.cli import main
from game.core import Level
from game.io import Pack, save_pack
from game.io.replay import replay_of, save_replay

SLIDE = "format: 1\nid: {id}\nname: S\nmode: slide\nwidth: 3\nheight: 3\n"


def _validate(capsys: Any, path: pathlib.Path) -> str:
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return out.out


@pytest.mark.parametrize("raw, shown", [
    ('"a\\nb"', "'a\\\\nb'"), ('"x\\e[31mred"', "'x\\\\x1b[31mred'"), ('"tab\\there"', "'tab\\\\there'"),
    ('"' + "k" * 5000 + '"', "'kkkkkkkkk"),
])
def test_a_bad_id_is_never_printed_raw(tmp_path: pathlib.Path, capsys: Any, raw: str, shown: str) -> None:
    path = tmp_path / "level.yaml"
    path.write_text(SLIDE.format(id=raw))
    said = _validate(capsys, path)
    lines = said.strip().splitlines()
    assert all(line.startswith(f"{path}:") for line in lines)   # no line broken by the id
    assert "\x1b" not in said and "\t" not in said and max(len(line) for line in lines) < 400
    assert any(":2:5: id: " in line for line in lines)


def test_twin_ids_with_a_newline_are_escaped_in_the_second_message(tmp_path: pathlib.Path, capsys: Any) -> None:
    path = tmp_path / "twins.pack.yaml"
    level = SLIDE.format(id='"a\\nb"').replace("\n", "\n    ").rstrip()
    path.write_text("format: 1\nid: twins\nname: Twins\nlevels:\n  - " + level + "\n  - " + level + "\n")
    said = _validate(capsys, path)
    assert all(line.startswith(f"{path}:") for line in said.strip().splitlines())
    assert "is used twice" in said and "'a\\nb'" in said


def test_a_pack_authors_bad_replay_is_placed_at_its_own_line(tmp_path: pathlib.Path, capsys: Any) -> None:
    level = Level.from_dict({"format": 1, "id": "tiny", "name": "Tiny", "mode": "slide", "width": 2,
                             "height": 2, "layout": ["1 2", "_ 3"]})
    folder = tmp_path / "proofs"
    save_pack(Pack(id="proofs", name="Proofs", levels=(level,)), folder)
    from game.core import parse_command

    replay = replay_of(level, 0, (parse_command("slide 1,1"),), "proofs")
    (folder / "replays").mkdir()
    path = folder / "replays" / "tiny.yaml"
    save_replay(replay, path)
    text = path.read_text()
    path.write_text(text.replace(replay.checks[0].text(), "00000000 10 1"))
    said = _validate(capsys, folder)
    line = next(n for n, t in enumerate(path.read_text().splitlines(), 1) if t.startswith("- 00000000"))
    assert f"{path}:{line}:3: checks[0]: does not prove level 'tiny': the game differs" in said
