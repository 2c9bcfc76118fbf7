"""The special units' registry: every special letter, sort and lesson is one unit's, and every pair has its combo."""

from __future__ import annotations

import itertools

from game.core import KINDLESS, SORT_OF, SPECIAL_OF, SPECIALS, Lesson, Level, Special, SpecialSort, token_special
from game.core.lessons import COMBO_LESSONS, SPECIAL_LESSONS
from game.core.units import FORMING, KIND_SPECIALS
from game.core.advice import blast_cells
from game.core import new_game


def test_every_special_letter_and_sort_is_one_unit_s() -> None:
    assert set(SPECIAL_OF) == set(Special)
    assert sum(len(unit.specials) for unit in SPECIALS) == len(Special)
    assert set(SORT_OF) == set(SpecialSort) and [unit.sort for unit in SPECIALS] == list(SpecialSort)
    assert set(FORMING) == set(SPECIALS) and len(FORMING) == len(SPECIALS)


def test_a_layout_token_places_the_special_its_unit_says() -> None:
    for special in KIND_SPECIALS:
        assert token_special(f"3{special}") is special
    for unit in KINDLESS:
        assert token_special(unit.token) is unit.specials[0]
        assert unit.value and not unit.value in range(1, 10)


def test_every_special_lesson_and_combo_lesson_names_units() -> None:
    assert set(SPECIAL_LESSONS) == {unit.lesson for unit in SPECIALS}
    combos = {lesson for lesson in Lesson if "+" in lesson.value}
    assert set(COMBO_LESSONS) == combos
    # Every pair of units has its combo lesson and its combo sound, written once.
    pairs = {frozenset(pair) for pair in itertools.combinations_with_replacement([u.name for u in SPECIALS], 2)}
    assert {frozenset(lesson.value.split("+")) for lesson in combos} == pairs
    sounds = [frozenset({unit.name, other}) for unit in SPECIALS for other, _ in unit.look.combos]
    assert sorted(sounds, key=sorted) == sorted(pairs, key=sorted)


def test_each_unit_s_shape_is_the_one_the_rules_form() -> None:
    # A group's longest run, how many runs it joins, along a row: the first unit that forms wins.
    def formed(longest: int, runs: int, along_row: bool) -> Special | None:
        return next((s for unit in FORMING if (s := unit.forms(longest, runs, along_row)) is not None), None)
    assert formed(3, 1, True) is None
    assert {formed(4, 1, True), formed(4, 1, False)} == set(SORT_OF[SpecialSort.LINE].specials)
    assert formed(3, 2, True) in SORT_OF[SpecialSort.BOMB].specials
    assert formed(5, 2, False) in SORT_OF[SpecialSort.RAINBOW].specials


def test_a_unit_s_blast_is_the_cells_the_view_previews() -> None:
    level = Level.from_dict({"format": 1, "id": "blast", "name": "Blast", "mode": "match3", "width": 5,
                             "height": 5, "kinds": 4, "moves": 5, "goals": {"score": 100},
                             "layout": [". . . . .", ". . . . .", ". . 1b . .", ". . . . .", ". . . . ."]})
    state = new_game(level, 1)
    assert set(blast_cells(state, (2, 2))) == {(r, c) for r in (1, 2, 3) for c in (1, 2, 3)}
    assert set(blast_cells(state, (0, 0))) == set()   # no special there
