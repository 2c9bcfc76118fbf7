"""The corpus of bad files: each is refused with the expected message at the expected place."""

from __future__ import annotations

import pathlib

import pytest

from game.io import LevelFileError, load_level
from game.io.yamldoc import MAX_BYTES, DocError, parse, read_text
from schema_check import schema_errors

BAD = pathlib.Path(__file__).parent / "bad"

# file: (line, column or None, field, a piece of the message, does the schema refuse it too?)
# The last column is None where the file is not readable YAML at all (no value to check),
# False where only the loader can see the problem (it needs the layout, the file name, ...).
EXPECTED: dict[str, tuple[int, int | None, str, str, bool | None]] = {
    "alias-bomb-wide.yaml": (8, None, "", "aliases ('*name') repeat more than 10,000 values", None),
    "alias-cycle.yaml": (8, 9, "", "nested more than 24 levels deep (through aliases)", None),
    "blocker-chain-player-walled.yaml": (10, 6, "layout", "the player at 0,0 has only stones, locked tiles, iced tiles and holes next to it", False),
    "blocker-drop-at-bottom.yaml": (11, 8, "layout[2]", "cell 2,1: this drop is on the bottom cell of its column already", False),
    "blocker-drop-chain.yaml": (9, 10, "layout[0]", "cell 0,2: drops 'D' are for match3 levels only", True),
    "blocker-drop-no-goal.yaml": (9, 10, "layout[0]", "cell 0,2: a drop 'D' counts only toward a drops goal", False),
    "blocker-drops-too-few.yaml": (13, 16, "goals.drops", "3 drops, but the layout places 1 and the other 2 enter one at a time", False),
    "blocker-goal-drops-chain.yaml": (8, 16, "goals.drops", "drops are for match3 levels only", True),
    "blocker-goal-jelly-none.yaml": (8, 16, "goals.jelly", "there is no jelly to clear", False),
    "blocker-goal-jelly-type.yaml": (8, 16, "goals.jelly", "expected true or false, found the text 'maybe'", True),
    "blocker-goal-stones-none.yaml": (12, 17, "goals.stones", "there is no stone to break", False),
    "blocker-jelly-digit.yaml": (10, 8, "jelly[1]", "cell 1,1: jelly is 0, 1 or 2 layers, found '3'", True),
    "blocker-jelly-hole.yaml": (14, 8, "jelly[1]", "cell 1,1: jelly on a hole", False),
    "blocker-jelly-player.yaml": (14, 8, "jelly[1]", "cell 1,1: jelly under the player", False),
    "blocker-jelly-row-width.yaml": (10, 5, "jelly[1]", "row 1 has 3 cells but the level's width is 4", False),
    "blocker-lock-hole.yaml": (10, 10, "layout[1]", "cell 1,2: '#L': a hole holds no tile, so it cannot be locked", True),
    "blocker-slide-jelly.yaml": (7, 1, "jelly", "slide levels have no blockers", True),
    "blocker-slide-stone.yaml": (9, 8, "layout[1]", "cell 1,1: 'S1' is not a slide cell", True),
    "blocker-stone-hits.yaml": (10, 8, "layout[1]", "cell 1,1: a stone takes 1 to 3 hits: write S1, S2 or S3, not 'S4'", True),
    "bad-format.yaml": (1, 9, "format", "this game reads format 1, found the number 2", True),
    "bad-mode.yaml": (4, 7, "mode", "did you mean 'match3'?", True),
    "billion-laughs.yaml": (16, None, "", "more than 64 aliases", None),
    "binary-junk.yaml": (5, None, "", "holds binary data", None),
    "chain-reach-hole.yaml": (13, 10, "goals.reach", "2,3 is a hole", False),
    "chain-reach-no-player.yaml": (9, 10, "goals.reach", "a reach goal needs a player", False),
    "chain-reach-outside.yaml": (13, 10, "goals.reach", "5,1 is outside the 4x3 board", False),
    "chain-two-players.yaml": (11, 10, "layout", "at most one player start 'P', found 2 at 0,0, 2,2", False),
    "collect-count-zero.yaml": (9, 16, "goals.collect.2", "the count must be a whole number of at least 1", True),
    "collect-kind-missing.yaml": (10, 20, "goals.collect.7", "kind 7 does not exist (this level has 5 kinds)", False),
    "collect-not-mapping.yaml": (9, 12, "goals.collect", "expected a mapping of kind to count", True),
    "comment-only.yaml": (1, 1, "", "the file is empty", None),
    "complex-key.yaml": (8, 3, "", "a key must be a word or a number", False),
    "control-char.yaml": (3, 10, "", "control character U+0007", None),
    "custom-tag.yaml": (8, 8, "moves", "the tag !twenty is not allowed", False),
    "deep-nesting.yaml": (8, None, "", "nested more than 24 levels deep", None),
    "duplicate-key.yaml": (9, 1, "moves", "'moves' is given twice (first on line 8)", False),
    "empty.yaml": (1, 1, "", "the file is empty", None),
    "huge-seed.yaml": (8, 7, "seed", "must be 0..9223372036854775807", True),
    "id-mismatch.yaml": (2, 5, "id", "must equal the file name 'id-mismatch'", False),
    "kinds-out-of-range.yaml": (7, 8, "kinds", "must be 3..9, found 12", True),
    "latin1.yaml": (3, 9, "", "is not UTF-8 text (byte 0xe9", None),
    "layout-bad-token.yaml": (10, 10, "layout[1]", "cell 1,2: 'X' is not a cell", True),
    "layout-comment-hash.yaml": (10, 5, "layout[1]", "' #' starts a YAML comment", False),
    "layout-kind-too-big.yaml": (11, 8, "layout[2]", "cell 2,1: kind 7 does not exist", False),
    "layout-player-match3.yaml": (10, 8, "layout[1]", "only chain levels have a player 'P'", True),
    "layout-special-chain.yaml": (10, 8, "layout[1]", "cell 1,1: '*' is a special tile: only match3 levels have specials", True),
    "layout-special-hole.yaml": (10, 10, "layout[1]", "cell 1,2: '#h': a hole holds no tile", True),
    "layout-special-kind.yaml": (11, 8, "layout[2]", "cell 2,1: kind 7 does not exist", False),
    "layout-special-off.yaml": (9, 8, "layout[0]", "cell 0,1: '3b' is a special tile, but this level turns specials off", False),
    "layout-row-count.yaml": (8, 1, "layout", "has 3 rows but the level's height is 4", False),
    "layout-row-width.yaml": (10, 5, "layout[1]", "row 1 has 5 cells but the level's width is 4", False),
    "match3-free-run.yaml": (10, 8, "layout", "fixed tiles already make a run of 3 at 1,1, 1,2, 1,3", False),
    "merge-key.yaml": (6, 1, "", "merge keys ('<<') are not allowed", True),
    "missing-required.yaml": (1, 1, "mode", "is required (one of match3, chain, slide)", True),
    "null-name.yaml": (3, 1, "name", "is required (text) (the value is empty)", True),
    "octal-width.yaml": (5, 8, "width", "YAML reads 010 as an octal number, giving 8", False),
    "pack-as-level.yaml": (1, 1, "", "this looks like a pack", True),
    "python-tag.yaml": (3, 7, "name", "the tag !!python/object/apply:os.system is not allowed", True),
    "sexagesimal-moves.yaml": (8, 8, "moves", "YAML reads 1:30 in base 60, giving 90", False),
    "size-slide-too-big.yaml": (5, 8, "width", "must be 2..12, found 13", True),
    "size-too-big.yaml": (5, 8, "width", "must be 2..32, found 40", True),
    "slide-not-permutation.yaml": (7, 1, "layout", "holds each tile 1..8 once (repeated: 4; missing: 5)", False),
    "slide-two-gaps.yaml": (7, 1, "layout", "exactly one gap '_', found 2", False),
    "slide-unsolvable.yaml": (7, 1, "layout", "cannot be solved", False),
    "slide-with-goals.yaml": (7, 1, "goals", "it takes no goals", True),
    "stars-decreasing.yaml": (8, 8, "stars", "must not go down", False),
    "syntax-bad-indent.yaml": (6, 9, "", "YAML syntax error: mapping values are not allowed", None),
    "syntax-colon-in-value.yaml": (3, 11, "", "must be put in quotes", None),
    "syntax-tab-indent.yaml": (8, 1, "", "YAML does not allow tabs for indentation", None),
    "syntax-unclosed-flow.yaml": (10, 6, "", "flow mapping started on line 9", None),
    "syntax-unclosed-quote.yaml": (7, 1, "", "quoted scalar started on line 3", None),
    "top-list.yaml": (1, 1, "", "a level is a mapping of keys to values, found a list", True),
    "top-scalar.yaml": (1, 1, "", "found the text 'just some words'", True),
    "two-documents.yaml": (8, 1, "", "more than one YAML document", False),
    "type-diagonal.yaml": (8, 19, "rules.diagonal", "expected true or false, found the text 'maybe'", True),
    "type-specials.yaml": (8, 19, "rules.specials", "expected true or false, found the text 'maybe'", True),
    "type-specials-list.yaml": (8, 11, "specials", "expected a list like [line, bomb]", True),
    "word-specials-list.yaml": (8, 18, "specials[1]", "found the text 'bom'; did you mean 'bomb'?", True),
    "type-goals-list.yaml": (8, 8, "goals", "expected a mapping like {score: 3000}, found a list", True),
    "type-id-number.yaml": (2, 5, "id", "write \"12\" in quotes", True),
    "type-kinds-float.yaml": (7, 8, "kinds", "expected a whole number, found the number 5.5", True),
    "type-layout-text.yaml": (8, 9, "layout", "expected a list of rows", True),
    "type-name-bool.yaml": (3, 7, "name", "YAML reads the bare word no as false", True),
    "type-name-date.yaml": (3, 7, "name", "YAML reads 2024-01-01 as a date", True),
    "type-width-text.yaml": (5, 8, "width", "expected a whole number, found the text 'eight'", True),
    "unknown-key-goals.yaml": (9, 3, "goals.scroe", "unknown key 'scroe'; did you mean 'score'?", True),
    "unknown-key-rules.yaml": (8, 9, "rules.min_mach", "did you mean 'min_match'?", True),
    "unknown-key-top.yaml": (6, 1, "heigth", "unknown key 'heigth'; did you mean 'height'?", True),
    "unplayable-chain.yaml": (9, 6, "layout", "the player at 0,0 has no tile cell next to it", False),
    "unplayable-match3.yaml": (8, 1, "layout", "no swap on this board can ever make a run", False),
    "utf16.yaml": (1, 1, "", "is UTF-16 text; save it as UTF-8", None),
}


def test_the_corpus_is_big_and_every_file_has_an_expectation() -> None:
    files = sorted(p.name for p in BAD.glob("*.yaml"))
    assert len(files) >= 40
    assert files == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_file_is_refused_with_its_message_and_place(name: str) -> None:
    line, column, field, text, _ = EXPECTED[name]
    with pytest.raises(LevelFileError) as caught:
        load_level(BAD / name)
    err = caught.value
    matching = [p for p in err.problems if text in p.message]
    assert matching, f"no problem says {text!r}:\n{err}"
    problem = matching[0]
    assert (problem.line, problem.field) == (line, field), str(problem)
    if column is not None:
        assert problem.column == column, str(problem)
    assert problem.file == str(BAD / name)
    # The error's text is what a designer reads: one 'file:line:col: field: message' a line.
    assert f"{name}:{line}:{problem.column}: " in str(err)
    assert isinstance(err, ValueError)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_schema_and_loader_agree_on_the_bad_corpus(name: str) -> None:
    """Whatever the schema refuses the loader refuses; the table says which the schema sees."""
    schema_refuses = EXPECTED[name][4]
    try:
        value = parse(read_text(BAD / name)).value
    except DocError:
        assert schema_refuses is None, "the file is unreadable, so the table must say None"
        return
    errors = schema_errors(value, "level")
    assert bool(errors) == schema_refuses, errors


def test_every_problem_in_a_file_is_listed() -> None:
    with pytest.raises(LevelFileError) as caught:
        load_level(BAD / "merge-key.yaml")
    messages = "\n".join(p.message for p in caught.value.problems)
    assert "unknown key 'base'" in messages
    assert "merge keys" in messages
    assert messages.count("is required") == 2  # width and height


def test_a_two_megabyte_file_is_refused_before_parsing(tmp_path: pathlib.Path) -> None:
    big = tmp_path / "huge.yaml"
    row = '  - "' + " ".join(["1"] * 30) + '"\n'
    big.write_text("format: 1\nid: huge\nname: Huge\nmode: match3\nwidth: 30\nheight: 30\nlayout:\n"
                   + row * (2 * MAX_BYTES // len(row)), encoding="utf-8")
    assert big.stat().st_size > 2_000_000
    with pytest.raises(LevelFileError) as caught:
        load_level(big)
    assert "may be at most 1,048,576 bytes" in str(caught.value)
    assert str(caught.value).startswith(f"{big}:1:1: is 2,")


def test_folders_and_missing_files_are_clear_errors(tmp_path: pathlib.Path) -> None:
    with pytest.raises(LevelFileError, match="is a folder"):
        load_level(tmp_path)
    with pytest.raises(LevelFileError, match="no such file"):
        load_level(tmp_path / "nope.yaml")


_HEAD = "format: 1\nid: big\nname: Big\nmode: match3\nwidth: 32\nheight: 2\n"
HOSTILE = {
    "a layout row of 400,000 cells": (_HEAD + 'layout:\n  - "' + "X " * 400_000 + '"\n',
                                      "row 0 has 400,000 cells; a board has at most 32 columns"),
    "9,000 layout rows": (_HEAD + "layout:\n" + '  - "1 2 3 4 5 6 7 8 9 1 2 3 4 5 6 7 8 9"\n' * 9_000,
                          "has 9,000 rows; a board has at most 32"),
    "60,000 keys": ("".join(f"k{i}: {i}\n" for i in range(60_000)),
                    "a mapping with more than 256 keys"),
    "40,000 anchors": ("".join(f"k{i}: &a{i} {i}\n" for i in range(40_000)),
                       "a mapping with more than 256 keys"),
    "20,000 list items": ("format: 1\nid: big\nname: Big\nlayout: [" + "1, " * 20_000 + "1]\n",
                          "a list with more than 10,000 items"),
    "[ nested 900,000 deep": ("[" * 900_000, "nested more than 24 levels deep"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_files_near_the_size_limit_are_refused_quickly(case: str, tmp_path: pathlib.Path) -> None:
    text, message = HOSTILE[case]
    path = tmp_path / "big.yaml"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size <= MAX_BYTES
    with pytest.raises(LevelFileError) as caught:
        load_level(path)
    assert message in str(caught.value)
    assert len(caught.value.problems) <= 3


def test_a_pack_with_thousands_of_broken_levels_stops_counting(tmp_path: pathlib.Path) -> None:
    from game.io import load_pack

    path = tmp_path / "many.pack.yaml"
    path.write_text("format: 1\nid: many\nname: Many\nlevels:\n" + "  - {}\n" * 1_000, encoding="utf-8")
    with pytest.raises(LevelFileError) as caught:
        load_pack(path)
    assert "stopped after 200 problems" in str(caught.value.problems[-1])
    assert len(caught.value.problems) < 220
