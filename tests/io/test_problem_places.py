"""Where a problem points: the offending key or value, whatever the line ends and however it was reached."""

from __future__ import annotations

import pathlib

import pytest

from game.io import LevelFileError, load_level, load_pack
from game.io.problems import FileProblem
from test_bad_files import BAD, EXPECTED as BAD_EXPECTED

PLACED = pathlib.Path(__file__).parent / "placed"

# Every line end the YAML reader knows: LF, CR LF, CR alone (old Mac), NEL, LS and PS.
LINE_ENDS = {"lf": "\n", "crlf": "\r\n", "cr": "\r", "nel": "\x85", "ls": "\u2028", "ps": "\u2029"}

# file in tests/io/placed: (line, column, field, a piece of the message)
EXPECTED: dict[str, tuple[int, int, str, str]] = {
    # An alias points where it is used, not at the anchor it names.
    "alias-as-value.yaml": (7, 8, "moves", "expected a whole number, found the text 'Windy'"),
    "alias-as-key.yaml": (9, 1, "colour", "unknown key 'colour'"),
    "alias-collect-kind.yaml": (10, 20, "goals.collect.7", "kind 7 does not exist"),
    # The second player is the alias's row; an alias has no tokens to point into.
    "alias-layout-row.yaml": (10, 5, "layout", "at most one player start 'P', found 2 at 0,1, 2,1"),
    # An anchored value points at the value, past its '&name' (even on the next line).
    "anchor-on-its-own-line.yaml": (7, 3, "width", "expected a whole number, found the text 'eight'"),
    "anchored-key.yaml": (6, 4, "heigth", "unknown key 'heigth'; did you mean 'height'?"),
    "anchored-layout-row.yaml": (9, 17, "layout[1]", "cell 1,2: 'X' is not a cell"),
    # The same places the LF-only corpus checks, here under every line end.
    "unknown-key-crowded.yaml": (7, 21, "goals.scroe", "unknown key 'scroe'"),
    "layout-token.yaml": (9, 12, "layout[1]", "cell 1,3: 'Z' is not a cell"),
    "layout-comment.yaml": (9, 5, "layout[1]", "' #' starts a YAML comment"),
    "syntax-error.yaml": (5, 9, "", "YAML syntax error: mapping values are not allowed"),
    "octal-moves.yaml": (7, 8, "moves", "YAML reads 017 as an octal number, giving 15"),
    "duplicate-key.yaml": (8, 1, "moves", "'moves' is given twice (first on line 7)"),
}


def _find(problems: list[FileProblem], piece: str) -> FileProblem:
    found = [p for p in problems if piece in p.message]
    assert found, f"no problem says {piece!r}:\n" + "\n".join(map(str, problems))
    return found[0]


def _refused(path: pathlib.Path) -> list[FileProblem]:
    with pytest.raises(LevelFileError) as caught:
        load_level(path)
    return caught.value.problems


def _with_line_ends(text: str, end: str) -> str:
    return text.replace("\n", end)


def test_the_placed_corpus_has_an_expectation_for_every_file() -> None:
    assert sorted(p.name for p in PLACED.glob("*.yaml")) == sorted(EXPECTED)


@pytest.mark.parametrize("end", sorted(LINE_ENDS))
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_problem_points_at_its_key_or_value_whatever_the_line_ends(
        name: str, end: str, tmp_path: pathlib.Path) -> None:
    line, column, field, piece = EXPECTED[name]
    path = tmp_path / name
    path.write_bytes(_with_line_ends((PLACED / name).read_text(encoding="utf-8"),
                                     LINE_ENDS[end]).encode("utf-8"))
    problem = _find(_refused(path), piece)
    assert (problem.line, problem.column, problem.field) == (line, column, field), str(problem)


TEXT_BAD_FILES = sorted(
    name for name, (_, column, *_rest) in BAD_EXPECTED.items()
    if column is not None and b"\r" not in (BAD / name).read_bytes()
    and (BAD / name).read_bytes().isascii())


@pytest.mark.parametrize("end", ["crlf", "cr"])
@pytest.mark.parametrize("name", TEXT_BAD_FILES)
def test_the_bad_corpus_points_at_the_same_places_with_cr_line_ends(
        name: str, end: str, tmp_path: pathlib.Path) -> None:
    """Windows and old Mac line ends must not move a single reported line or column."""
    line, column, field, piece, _ = BAD_EXPECTED[name]
    path = tmp_path / name
    path.write_bytes((BAD / name).read_bytes().replace(b"\n", LINE_ENDS[end].encode()))
    problem = _find(_refused(path), piece)
    assert (problem.line, problem.column, problem.field) == (line, column, field), str(problem)


def test_the_bad_corpus_check_covers_most_of_it() -> None:
    assert len(TEXT_BAD_FILES) >= 50


# Problems found before any YAML is read: bytes that are not text, characters YAML refuses.
HEAD = "format: 1\nid: junk\nname: Fine\n"
BYTES: dict[str, tuple[bytes, str]] = {
    "a control character": ((HEAD + "mode: ma\atch3\n").encode(), "control character U+0007"),
    "a Latin-1 byte": (HEAD.encode() + b"mode: ma\xe9ch3\n", "is not UTF-8 text (byte 0xe9"),
    "a zero byte": (HEAD.encode() + b"mode: ma\x00tch3\n", "holds binary data"),
}


@pytest.mark.parametrize("end", ["lf", "crlf", "cr"])
@pytest.mark.parametrize("case", sorted(BYTES))
def test_a_file_that_is_not_yaml_text_names_the_line_whatever_the_line_ends(
        case: str, end: str, tmp_path: pathlib.Path) -> None:
    data, piece = BYTES[case]
    path = tmp_path / "junk.yaml"
    path.write_bytes(data.replace(b"\n", LINE_ENDS[end].encode()))
    problem = _find(_refused(path), piece)
    assert (problem.line, problem.column) == (4, 9), str(problem)


def test_an_alias_in_a_one_file_pack_points_at_each_use(tmp_path: pathlib.Path) -> None:
    """A value shared by two levels points at each alias; an item inside it where it is written."""
    path = tmp_path / "shared.pack.yaml"
    path.write_bytes("\r".join([
        "format: 1",
        "id: shared",
        "name: &pack Shared",
        "levels:",
        "  - {format: 1, id: one, name: One, mode: match3, width: 6, height: 6,",
        "     rules: &easy {min_match: 9}}",
        "  - {format: 1, id: two, name: Two, mode: match3, width: 6, height: 6,",
        "     moves: *pack, rules: *easy}",
        "",
    ]).encode())
    with pytest.raises(LevelFileError) as caught:
        load_pack(path)
    where = {(p.field, p.line, p.column) for p in caught.value.problems}
    assert ("levels[1].moves", 8, 13) in where  # the alias *pack, not the anchor on line 3
    # min_match 9 is written once, in level one's rules: both levels' problems point there.
    assert ("levels[0].rules.min_match", 6, 31) in where
    assert ("levels[1].rules.min_match", 6, 31) in where


def test_a_pack_file_problem_points_at_the_key_under_cr_line_ends(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "crpack"
    folder.mkdir()
    (folder / "pack.yaml").write_bytes(
        b"format: 2\rid: crpack\rname: CR pack\rauthr: Me\rversion: [1]\rlevels:\r  - missing.yaml\r")
    with pytest.raises(LevelFileError) as caught:
        load_pack(folder)
    where = {(p.field, p.line, p.column): p.message for p in caught.value.problems}
    # The pack checks name values as the level checks do (one describe helper).
    assert where[("format", 1, 9)] == "this game reads pack format 1, found the number 2"
    assert "did you mean 'author'" in where[("authr", 4, 1)]
    assert "expected a version like 1.0" in where[("version", 5, 10)]
    assert "'missing.yaml' is not in" in where[("levels[0]", 7, 5)]
