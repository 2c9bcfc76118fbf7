"""Level.from_dict / to_dict: round trips, and every bad field named in a LevelError."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corekit import examples
from game.core import HOLE, PLAYER, Level, LevelError, Problem, parse_level
from game.core.checking import Fault, Part, describe, unknown_keys

BASE: dict[str, Any] = {"format": 1, "id": "meadow-03", "name": "Meadow 3", "mode": "match3",
                        "width": 8, "height": 8}
CHAIN: dict[str, Any] = {**BASE, "mode": "chain", "width": 4, "height": 3,
                         "layout": [". . . .", ". P . .", "# . . ."]}
SLIDE: dict[str, Any] = {**BASE, "mode": "slide", "width": 3, "height": 3}

DROP = object()


def patched(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = dict(base)
    for key, value in changes.items():
        if value is DROP:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def problems(data: Any) -> list[Problem]:
    with pytest.raises(LevelError) as info:
        Level.from_dict(data)
    assert info.value.problems, "a LevelError lists its problems"
    assert str(info.value) == "; ".join(str(p) for p in info.value.problems)
    return info.value.problems


def paths(data: Any) -> list[tuple[Any, ...]]:
    return [p.path for p in problems(data)]


# -- round trips ---------------------------------------------------------------------------

FULL_LEVELS: list[dict[str, Any]] = [
    {"format": 1, "id": "meadow-03", "name": "Meadow 3", "description": "Three kinds of flower",
     "mode": "match3", "width": 8, "height": 8, "kinds": 6, "seed": 42, "moves": 20,
     "layout": ["1 2 1 3 . . # #"] + [". . . . . . . ."] * 7,
     "goals": {"score": 3000, "collect": {1: 20, 3: 15}}, "stars": [3000, 4500, 6000],
     "rules": {"min_match": 4, "min_chain": 3, "diagonal": True}},
    {"format": 1, "id": "cave_1", "name": "Cave", "mode": "chain", "width": 5, "height": 4,
     "kinds": 4, "moves": 12,
     "layout": [". . . . .", ". # P # .", ". . . . .", "1 2 3 4 1"],
     "goals": {"reach": [0, 2], "collect": {2: 5}},
     "rules": {"min_match": 3, "min_chain": 2, "diagonal": False}},
    {"format": 1, "id": "open", "name": "Open field", "mode": "chain", "width": 6, "height": 6,
     "kinds": 3},
    {"format": 1, "id": "fifteen", "name": "Fifteen", "mode": "slide", "width": 4, "height": 4,
     "seed": 7},
    {"format": 1, "id": "ten", "name": "Ten", "mode": "slide", "width": 4, "height": 3,
     "moves": 200, "layout": [" 1  2  3  4", " 5  6  7  8", " 9 10  _ 11"]},
]


@pytest.mark.parametrize("data", FULL_LEVELS, ids=lambda d: d["id"])
def test_round_trip_of_full_levels(data: dict[str, Any]) -> None:
    lv = Level.from_dict(data)
    out = lv.to_dict()
    assert Level.from_dict(out) == lv
    assert Level.from_dict(out).to_dict() == out
    assert list(out) == [k for k in ("format", "id", "name", "description", "mode", "width",
                                     "height", "kinds", "seed", "moves", "layout", "goals",
                                     "stars", "rules") if k in out], "keys in the documented order"


def test_round_trip_keeps_what_the_file_said() -> None:
    lv = Level.from_dict(FULL_LEVELS[0])
    assert lv.goals.collect == ((1, 20), (3, 15))
    assert lv.rules.min_match == 4 and lv.stars == (3000, 4500, 6000)
    assert lv.holes == frozenset({(0, 6), (0, 7)})
    assert lv.template()[0][:4] == (1, 2, 1, 3) and lv.template()[0][6] == HOLE
    chain = Level.from_dict(FULL_LEVELS[1])
    assert chain.player_start == (1, 2) and chain.template()[1][2] == PLAYER
    assert chain.goals.reach == (0, 2)


def test_defaults_are_left_out_of_the_mapping() -> None:
    out = Level.from_dict(BASE).to_dict()
    assert out == {"format": 1, "id": "meadow-03", "name": "Meadow 3", "mode": "match3",
                   "width": 8, "height": 8, "kinds": 6}
    assert "kinds" not in Level.from_dict(SLIDE).to_dict()


def test_an_already_solved_slide_layout_is_a_layout_problem() -> None:
    rows = ["1 2 3", "4 5 6", "7 8 _"]
    level, found = parse_level(patched(SLIDE, layout=rows))
    assert level is None and [p.path for p in found] == [("layout",)]
    assert "this slide board is already solved" in found[0].message
    # One slide away from solved is a fine (easy) level.
    level, found = parse_level(patched(SLIDE, layout=["1 2 3", "4 5 6", "7 _ 8"]))
    assert level is not None and found == []


def test_slide_layout_round_trips_with_wide_numbers() -> None:
    rows = ["1 2 3 4", "5 6 7 8", "9 10 11 12", "13 14 _ 15"]
    lv = Level.from_dict(patched(SLIDE, width=4, height=4, layout=rows))
    assert Level.from_dict(lv.to_dict()) == lv
    assert lv.template()[3] == (13, 14, 0, 15)


@given(st.integers(3, 12), st.integers(3, 12), st.data())
@examples(30)
def test_any_valid_slide_layout_round_trips(w: int, h: int, data: st.DataObject) -> None:
    tiles = data.draw(st.permutations(list(range(1, w * h)) + [0]))
    rows = [" ".join(str(v) if v else "_" for v in tiles[r * w:(r + 1) * w]) for r in range(h)]
    level, found = parse_level(patched(SLIDE, width=w, height=h, layout=rows))
    if level is None:
        assert [p.path for p in found] == [("layout",)]
        solved = rows == [" ".join(str(r * w + c + 1) for c in range(w)) for r in range(h - 1)] + [
            " ".join([*(str((h - 1) * w + c + 1) for c in range(w - 1)), "_"])]
        assert ("already solved" if solved else "cannot be solved") in found[0].message
        return
    assert Level.from_dict(level.to_dict()) == level


# -- every field's bad values -------------------------------------------------------------

BAD_FIELDS: list[tuple[str, dict[str, Any], tuple[Any, ...], str]] = [
    ("format missing", patched(BASE, format=DROP), ("format",), "required"),
    ("format 2", patched(BASE, format=2), ("format",), "format 1"),
    ("format text", patched(BASE, format="1"), ("format",), "format 1"),
    ("format bool", patched(BASE, format=True), ("format",), "boolean"),
    ("id missing", patched(BASE, id=DROP), ("id",), "required"),
    ("id spaces", patched(BASE, id="my level"), ("id",), "letters"),
    ("id empty", patched(BASE, id=""), ("id",), "letters"),
    ("id number", patched(BASE, id=3), ("id",), "text"),
    ("name missing", patched(BASE, name=DROP), ("name",), "required"),
    ("name blank", patched(BASE, name="   "), ("name",), "blank"),
    ("name list", patched(BASE, name=["a"]), ("name",), "list"),
    ("description number", patched(BASE, description=5), ("description",), "text"),
    ("mode missing", patched(BASE, mode=DROP), ("mode",), "required"),
    ("mode typo", patched(BASE, mode="match-3"), ("mode",), "did you mean 'match3'"),
    ("mode unknown", patched(BASE, mode="tetris"), ("mode",), "match3, chain, slide"),
    ("width missing", patched(BASE, width=DROP), ("width",), "required"),
    ("width small", patched(BASE, width=1), ("width",), "2..32"),
    ("width big", patched(BASE, width=33), ("width",), "2..32"),
    ("width text", patched(BASE, width="8"), ("width",), "the text '8'"),
    ("width float", patched(BASE, width=8.0), ("width",), "whole number"),
    ("width bool", patched(BASE, width=True), ("width",), "boolean"),
    ("height missing", patched(BASE, height=DROP), ("height",), "required"),
    ("height zero", patched(BASE, height=0), ("height",), "2..32"),
    ("slide too big", patched(SLIDE, height=13), ("height",), "2..12"),
    ("kinds few", patched(BASE, kinds=2), ("kinds",), "3..9"),
    ("kinds many", patched(BASE, kinds=10), ("kinds",), "3..9"),
    ("kinds text", patched(BASE, kinds="six"), ("kinds",), "whole number"),
    ("slide kinds", patched(SLIDE, kinds=6), ("kinds",), "remove 'kinds'"),
    ("seed negative", patched(BASE, seed=-1), ("seed",), "must be"),
    ("seed huge", patched(BASE, seed=2**63), ("seed",), "must be"),
    ("seed text", patched(BASE, seed="x"), ("seed",), "whole number"),
    ("moves zero", patched(BASE, moves=0), ("moves",), "1..9999"),
    ("moves huge", patched(BASE, moves=10000), ("moves",), "1..9999"),
    ("moves float", patched(BASE, moves=1.5), ("moves",), "whole number"),
    ("layout text", patched(BASE, layout="1 2 3"), ("layout",), "list of rows"),
    ("layout numbers", patched(BASE, width=3, height=2, layout=[[1, 2], [3, 4]]), ("layout",), "list of rows"),
    ("layout rows", patched(BASE, width=2, height=3, layout=[". .", ". ."]), ("layout",), "2 rows"),
    ("layout row width", patched(BASE, width=3, height=2, layout=[". . .", ". . . ."]), ("layout", 1), "4 cells"),
    ("layout token", patched(BASE, width=3, height=2, layout=[". x .", ". . ."]), ("layout", 0), "cell 0,1"),
    ("layout zero", patched(BASE, width=3, height=2, layout=[". 0 .", ". . ."]), ("layout", 0), "'0'"),
    ("layout kind", patched(BASE, width=3, height=2, kinds=3, layout=[". 4 .", ". . ."]), ("layout", 0), "kind 4"),
    ("layout superscript", patched(BASE, width=3, height=2, layout=[". \u00b2 .", ". . ."]), ("layout", 0), "not a cell"),
    ("layout fullwidth", patched(BASE, width=3, height=2, layout=[". \uff11 .", ". . ."]), ("layout", 0), "not a cell"),
    ("layout player", patched(BASE, width=3, height=2, layout=["P . .", ". . ."]), ("layout", 0), "only chain"),
    ("layout gap", patched(BASE, width=3, height=2, layout=["_ . .", ". . ."]), ("layout", 0), "slide gap"),
    ("layout two players", patched(CHAIN, layout=["P . . .", ". P . .", ". . . ."]), ("layout",), "at most one"),
    ("layout no tiles", patched(CHAIN, width=2, height=2, layout=["P #", "# #"]), ("layout",), "no tile"),
    ("layout walled player", patched(CHAIN, layout=[". # . .", "# P # .", ". # . ."], rules={"diagonal": False}), ("layout",), "no tile cell next to it"),
    ("layout run", patched(BASE, width=3, height=3, layout=["1 1 1", ". . .", ". . ."]), ("layout",), "run of 3"),
    ("slide two gaps", patched(SLIDE, width=2, height=2, layout=["1 _", "_ 2"]), ("layout",), "one gap"),
    ("slide repeat", patched(SLIDE, width=2, height=2, layout=["1 1", "2 _"]), ("layout",), "repeated: 1"),
    ("slide tile", patched(SLIDE, width=2, height=2, layout=["1 4", "2 _"]), ("layout", 0), "tile 4"),
    ("slide letter", patched(SLIDE, width=2, height=2, layout=["1 .", "2 _"]), ("layout", 0), "not a slide cell"),
    ("slide superscript", patched(SLIDE, width=2, height=2, layout=["1 \u00b3", "2 _"]), ("layout", 0), "not a slide cell"),
    ("slide unsolvable", patched(SLIDE, width=2, height=2, layout=["2 1", "3 _"]), ("layout",), "cannot be solved"),
    ("slide unsolvable even", patched(SLIDE, width=4, layout=["1 2 3 4", "5 6 7 8", "9 11 10 _"]), ("layout",), "cannot be solved"),
    ("goals text", patched(BASE, goals="win"), ("goals",), "mapping"),
    ("goals score", patched(BASE, goals={"score": 0}), ("goals", "score"), "at least 1"),
    ("goals collect list", patched(BASE, goals={"collect": [1, 2]}), ("goals", "collect"), "mapping of kind"),
    ("goals collect empty", patched(BASE, goals={"collect": {}}), ("goals", "collect"), "mapping of kind"),
    ("goals collect kind", patched(BASE, goals={"collect": {7: 3}}), ("goals", "collect", 7), "kind 7"),
    ("goals collect text kind", patched(BASE, goals={"collect": {"red": 3}}), ("goals", "collect", "red"), "a kind"),
    ("goals collect count", patched(BASE, goals={"collect": {1: 0}}), ("goals", "collect", 1), "at least 1"),
    ("goals reach match3", patched(BASE, goals={"reach": [0, 0]}), ("goals", "reach"), "only chain"),
    ("goals reach shape", patched(CHAIN, goals={"reach": [0]}), ("goals", "reach"), "[row, column]"),
    ("goals reach outside", patched(CHAIN, goals={"reach": [3, 0]}), ("goals", "reach"), "outside"),
    ("goals reach hole", patched(CHAIN, goals={"reach": [2, 0]}), ("goals", "reach"), "hole"),
    ("goals reach start", patched(CHAIN, goals={"reach": [1, 1]}), ("goals", "reach"), "starts"),
    ("goals reach no player", patched(CHAIN, layout=DROP, goals={"reach": [1, 1]}), ("goals", "reach"), "needs a player"),
    ("goals slide", patched(SLIDE, goals={"score": 10}), ("goals",), "solving"),
    ("stars two", patched(BASE, stars=[1, 2]), ("stars",), "three scores"),
    ("stars negative", patched(BASE, stars=[-1, 2, 3]), ("stars",), "three scores"),
    ("stars down", patched(BASE, stars=[3, 2, 1]), ("stars",), "not go down"),
    ("rules text", patched(BASE, rules="easy"), ("rules",), "mapping"),
    ("rules min_match", patched(BASE, rules={"min_match": 2}), ("rules", "min_match"), "3..5"),
    ("rules min_match big", patched(BASE, rules={"min_match": 6}), ("rules", "min_match"), "3..5"),
    ("rules min_match fit", patched(BASE, width=4, height=3, rules={"min_match": 5}), ("rules", "min_match"), "cannot fit"),
    ("rules min_chain", patched(CHAIN, rules={"min_chain": 1}), ("rules", "min_chain"), "2..9"),
    ("rules min_chain fit", patched(CHAIN, width=2, height=2, layout=DROP, rules={"min_chain": 5}), ("rules", "min_chain"), "cannot fit"),
    ("rules diagonal", patched(CHAIN, rules={"diagonal": "yes"}), ("rules", "diagonal"), "true or false"),
]


@pytest.mark.parametrize("data,path,words", [c[1:] for c in BAD_FIELDS], ids=[c[0] for c in BAD_FIELDS])
def test_a_bad_field_is_named(data: dict[str, Any], path: tuple[Any, ...], words: str) -> None:
    found = problems(data)
    assert [p.path for p in found] == [path], found
    assert words in found[0].message, found[0].message


def test_unknown_keys_suggest_the_nearest_key() -> None:
    found = problems(patched(BASE, widht=8, colour="red"))
    assert [p.path for p in found] == [("widht",), ("colour",)]
    assert "did you mean 'width'" in found[0].message
    assert "known keys" in found[1].message
    assert "did you mean 'collect'" in problems(patched(BASE, goals={"colect": {1: 2}}))[0].message
    assert "did you mean 'diagonal'" in problems(patched(CHAIN, rules={"diagonals": True}))[0].message


def test_every_problem_is_reported_at_once() -> None:
    data = {"format": 2, "id": "bad id", "mode": "chain", "width": 40, "height": 5, "kinds": 1,
            "moves": 0, "stars": [3, 2, 1], "rules": {"diagonal": 1}, "goal": {}}
    assert sorted(map(str, paths(data))) == sorted(map(str, [
        ("goal",), ("format",), ("id",), ("name",), ("width",), ("kinds",), ("moves",),
        ("rules", "diagonal"), ("stars",),
    ]))


def test_layout_problems_name_each_cell() -> None:
    found = problems(patched(BASE, width=3, height=2, kinds=3, layout=["1 x 5", "? . ."]))
    assert [(p.path, p.cell) for p in found] == [
        (("layout", 0), (0, 1)), (("layout", 0), (0, 2)), (("layout", 1), (1, 0))]


# -- what a problem says about where it points ----------------------------------------------

def test_a_problem_says_whether_the_key_or_its_value_is_wrong() -> None:
    """An unknown key and a collect goal's kind are the key's fault; a bad count is its value's."""
    found = problems(patched(BASE, kinds=5, colour="red",
                             goals={"collect": {7: 10, 2: 0, "red": 3}, "scroe": 1}))
    by_path = {p.path: p for p in found}
    assert by_path[("colour",)].part is Part.KEY
    assert by_path[("goals", "scroe")].part is Part.KEY
    assert by_path[("goals", "collect", 7)].part is Part.KEY  # kind 7 does not exist
    assert by_path[("goals", "collect", "red")].part is Part.KEY  # a kind must be a number
    assert by_path[("goals", "collect", 2)].part is Part.VALUE  # a count of 0
    assert all(p.part is Part.VALUE for p in problems(patched(BASE, width="eight", moves=0)))


@pytest.mark.parametrize("changes,path,fault", [
    ({"width": "eight"}, ("width",), Fault.TYPE),
    ({"width": 40}, ("width",), Fault.VALUE),
    ({"name": 12}, ("name",), Fault.NOT_TEXT),
    ({"name": None}, ("name",), Fault.TYPE),
    ({"name": "  "}, ("name",), Fault.VALUE),
    ({"mode": 3}, ("mode",), Fault.NOT_TEXT),
    ({"format": True}, ("format",), Fault.TYPE),
    ({"format": 2}, ("format",), Fault.VALUE),
    ({"goals": {"collect": {1: True}}}, ("goals", "collect", 1), Fault.TYPE),
    ({"goals": {"collect": {1: 0}}}, ("goals", "collect", 1), Fault.VALUE),
    ({"stars": [3, 2, 1]}, ("stars",), Fault.VALUE),
    ({"stars": "many"}, ("stars",), Fault.TYPE),
    ({"rules": {"diagonal": "yes"}}, ("rules", "diagonal"), Fault.TYPE),
], ids=lambda v: str(v))
def test_a_problem_says_whether_the_value_had_the_wrong_type(
        changes: dict[str, Any], path: tuple[Any, ...], fault: Fault) -> None:
    """The loader explains a bare word YAML misread only where the type was wrong: say so."""
    found = [p for p in problems(patched(BASE, **changes)) if p.path == path]
    assert [p.fault for p in found] == [fault], found


def test_a_cell_problem_names_the_layout_row_it_is_in() -> None:
    found = problems(patched(CHAIN, layout=[". P . .", ". . . .", "# . x P"]))
    by_message = {p.message.split(":")[0]: p for p in found}
    token = by_message["cell 2,2"]
    assert (token.path, token.cell, token.layout_row) == (("layout", 2), (2, 2), ("layout", 2))
    two = next(p for p in problems(patched(CHAIN, layout=[". P . .", ". . . .", "# . . P"]))
               if "at most one player" in p.message)
    # The problem is about the layout; it points at the second player, in row 2.
    assert (two.path, two.layout_row) == (("layout",), ("layout", 2))
    reach = Problem(("goals", "reach"), "is a hole", (1, 1))
    assert reach.layout_row is None  # a goal's cell is written in the goal
    row = Problem(("layout", 1), "row 1 has 5 cells")
    assert row.layout_row == ("layout", 1)


def test_the_shared_helpers_describe_values_and_unknown_keys() -> None:
    assert [describe(v) for v in (None, True, 3, 2.5, "hi", {}, [])] == [
        "nothing", "the boolean true", "the number 3", "the number 2.5", "the text 'hi'",
        "a mapping", "a list"]
    found = unknown_keys({"nmae": 1, "id": 2, 7: 3}, ("id", "name"), ("pack",))
    assert [(p.path, p.part, p.fault) for p in found] == [
        (("pack", "nmae"), Part.KEY, Fault.TYPE), (("pack", 7), Part.KEY, Fault.TYPE)]   # the key itself: its line is found
    assert found[0].message == "unknown key 'nmae'; did you mean 'name'?"
    assert found[1].message == "unknown key '7'; known keys: id, name"


@pytest.mark.parametrize("data", [None, [], "level", 3, ["format", 1]])
def test_a_level_that_is_not_a_mapping(data: Any) -> None:
    assert paths(data) == [()]
    assert "mapping" in problems(data)[0].message


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["match3", "chain", "slide", ". . .", "P", "#", "_"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["score", "collect", "reach", "min_match", "min_chain", "diagonal", 1, 2])
        | st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)
KEYS = ["format", "id", "name", "description", "mode", "width", "height", "kinds", "seed",
        "moves", "layout", "goals", "stars", "rules"]


@given(st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=5), JSONISH, max_size=9),
       st.sampled_from([BASE, CHAIN, SLIDE, {}]))
@examples(150)
def test_no_mapping_crashes_the_reader(extra: dict[str, Any], base: dict[str, Any]) -> None:
    """Whatever a file holds, from_dict gives a Level or a LevelError naming fields."""
    data = {**base, **extra}
    try:
        lv = Level.from_dict(data)
    except LevelError as exc:
        assert exc.problems
        for p in exc.problems:
            assert isinstance(p.message, str) and p.message
        return
    assert Level.from_dict(lv.to_dict()) == lv
