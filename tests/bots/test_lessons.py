"""Levels that teach what they say (issue 25 part 4): a level's `teaches:` is checked by the
loader, kept out of the level's hash, and the lesson lab (game.bots.lessons) tells a level that
teaches its lesson from one that does not; `gridfall validate --lessons` says which, at the line.

The full check of both shipped packs is `gridfall validate --lessons sweet-mechanics first-steps`;
here one or two levels on a few seeds keep the suite's CPU small."""

from __future__ import annotations

import dataclasses
import pathlib
from typing import Any

import pytest

from game.bots.lessons import check_lesson, lesson_game
from game.cli import main
from game.core import Lesson, Level, LevelError, Swap, new_game, play, lesson_used
from game.io import find_pack, load_pack, save_level
from game.io.paths import levels_dir

SWEET = levels_dir() / "sweet-mechanics"
SEEDS = tuple(range(1, 5))


def _level(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"format": 1, "id": "lesson", "name": "Lesson", "mode": "match3", "width": 6,
                            "height": 6, "kinds": 5, "moves": 10, "goals": {"score": 500}}
    base.update(changes)
    return base


def test_a_level_says_what_it_teaches_and_the_hash_ignores_it() -> None:
    level = Level.from_dict(_level(teaches="bomb"))
    assert level.teaches is Lesson.BOMB
    assert level.to_dict()["teaches"] == "bomb"
    assert list(level.to_dict())[3:5] == ["teaches", "mode"]   # near the name, where a designer reads
    assert level.content_hash() == Level.from_dict(_level()).content_hash()   # replays stay proven
    assert "teaches" not in Level.from_dict(_level()).to_dict()


@pytest.mark.parametrize("value,words", [
    ("bombs", "did you mean 'bomb'"), (3, "expected one of line, bomb"), (["jelly"], "expected one of"),
    ("jelly", "the board has no jelly to teach"), ("drops", "a chain level has no drops"),
])
def test_a_lesson_the_level_cannot_teach_is_a_problem_at_teaches(value: object, words: str) -> None:
    data = _level(teaches=value)
    if value == "drops":
        data.update(mode="chain", layout=["P . . . . ."] + [". . . . . ."] * 5)
    with pytest.raises(LevelError) as caught:
        Level.from_dict(data)
    problem = next(p for p in caught.value.problems if p.path == ("teaches",))
    assert words in problem.message


def test_no_specials_no_special_lesson() -> None:
    with pytest.raises(LevelError, match="turn specials off"):
        Level.from_dict(_level(teaches="line", rules={"specials": False}))


def test_a_lesson_is_used_when_its_special_goes_off_or_its_two_specials_are_swapped() -> None:
    rows = [" ".join(str((c + 2 * r) % 5 + 1) for c in range(6)) for r in range(6)]
    cells = [row.split() for row in rows]
    cells[2][2], cells[2][3] = "1h", "2b"
    level = Level.from_dict(_level(layout=[" ".join(row) for row in cells], teaches="line+bomb"))
    state = new_game(level, 0)
    combo = Swap((2, 2), (2, 3))
    events = play(state, combo)[0]
    assert lesson_used(Lesson.LINE_BOMB, state, combo, events)
    assert lesson_used(Lesson.LINE, state, combo, events) and lesson_used(Lesson.BOMB, state, combo, events)
    assert not lesson_used(Lesson.LINE_LINE, state, combo, events)
    assert not lesson_used(Lesson.JELLY, state, combo, events)


def test_the_lab_passes_a_level_that_needs_its_lesson() -> None:
    # Stepping Stones: the person-like bot breaks stones in every win; avoiding them never wins.
    report = check_lesson(find_pack("sweet-mechanics").level("stepping-stones"), SEEDS)
    assert report is not None and report.passed, report
    assert report.used == report.wins > 0 and report.avoid_wins == 0


def test_the_lab_fails_a_level_won_without_its_lesson() -> None:
    # A score run says it teaches bombs, yet a bot that never sets one off wins it as well.
    level = Level.from_dict(_level(teaches="bomb", goals={"score": 300}))
    report = check_lesson(level, SEEDS[:4])
    assert report is not None and not report.passed
    assert report.avoid_wins > 1
    assert "does not teach bomb" in report.failure() and "never uses it won" in report.failure()
    won, used = lesson_game(level, Lesson.BOMB, 1, avoid=True)
    assert won and not used


def test_validate_lessons_names_the_file_and_the_teaches_line(tmp_path: pathlib.Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    level = Level.from_dict(_level(teaches="bomb", goals={"score": 300}))
    path = tmp_path / "lesson.yaml"
    save_level(level, path)
    line = next(i for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if text.startswith("teaches:"))
    assert main(["validate", str(path)]) == 0            # without --lessons no game is played
    capsys.readouterr()
    assert main(["validate", "--lessons", "--lesson-games", "4", str(path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith(f"{path}:{line}:1: teaches: does not teach bomb")


def test_the_shipped_teaching_levels_say_lessons_the_loader_accepts() -> None:
    pack = load_pack(SWEET)
    taught = {lv.id: lv.teaches for lv in pack.levels if lv.teaches is not None}
    assert taught["stepping-stones"] is Lesson.STONES and taught["lockdown"] is Lesson.LOCKS
    assert dataclasses.replace(pack.level("lockdown"), teaches=None).content_hash() \
        == pack.level("lockdown").content_hash()


def test_the_editor_keeps_what_a_level_teaches() -> None:
    from editor.draft import read_draft

    level = find_pack("sweet-mechanics").level("stepping-stones")
    again = Level.from_dict(read_draft(level.to_dict()).to_mapping())
    assert again.teaches is Lesson.STONES and again == level


def test_a_level_before_a_lesson_that_shows_its_mechanic_by_accident_is_caught(tmp_path: pathlib.Path) -> None:
    # Jelly Beds as it was before its `specials: []`: its cascades fire striped tiles in most
    # wins, so before a level that teaches the line it gives the lesson away. As shipped it
    # forms no special, and neither does First Swap (rules: specials: false).
    from game.bots.lessons import ACCIDENT_SHARE, check_accidents
    from game.cli.lessons import lesson_problems

    shipped = find_pack("sweet-mechanics").level("jelly-beds")
    assert shipped.special_sorts == ()
    jelly_beds = dataclasses.replace(shipped, special_sorts=None)   # every special forms
    first_swap = find_pack("first-steps").level("first-swap")
    four = find_pack("sweet-mechanics").level("four-in-a-row")
    reports = check_accidents([first_swap, jelly_beds, four], SEEDS)
    by_level = {r.level_id: r for r in reports if r.lesson is Lesson.LINE}
    assert set(by_level) == {"first-swap", "jelly-beds"}   # the lesson's own level is not before it
    assert by_level["first-swap"].passed and by_level["first-swap"].used == 0 < by_level["first-swap"].wins
    caught = by_level["jelly-beds"]
    assert not caught.passed and caught.used >= ACCIDENT_SHARE * caught.wins > 0
    assert caught.taught_by == "four-in-a-row" and "before four-in-a-row teaches it" in caught.failure()
    fixed = {r.level_id: r for r in check_accidents([shipped, four], SEEDS)}
    assert fixed["jelly-beds"].passed and fixed["jelly-beds"].used == 0 < fixed["jelly-beds"].wins
    # validate --lessons says so at the earlier level's name.
    for level in (first_swap, jelly_beds, four):
        save_level(level, tmp_path / f"{level.id}.yaml")
    problems = [p for p in lesson_problems([first_swap, jelly_beds, four], tmp_path, len(SEEDS))
                if p.field == "name"]
    assert [pathlib.Path(p.file).name for p in problems] == ["jelly-beds.yaml"]
    text = (tmp_path / "jelly-beds.yaml").read_text(encoding="utf-8").splitlines()
    assert text[problems[0].line - 1].startswith("name:")


def test_the_shipped_packs_are_one_course_for_the_lessons(tmp_path: pathlib.Path) -> None:
    # Sweet Mechanics opens with stars won in First Steps, so its lessons are still to come
    # while a player is in First Steps; the specials come first in First Steps itself (Line of
    # Four, its sixth level): a line fired before it gives that lesson away.
    from game.bots.lessons import check_accidents
    from game.cli.lessons import course_around, lesson_problems

    first, sweet = find_pack("first-steps"), find_pack("sweet-mechanics")
    course = course_around(first)
    assert course == first.levels + sweet.levels and course_around(sweet) == course
    # A copy of First Steps elsewhere (here without its three special lessons) is a pack of its
    # own: it is its own course.
    copy = tmp_path / "first-steps"
    copy.mkdir()
    mine = [level for level in first.levels if level.teaches is None]
    for level in mine:
        save_level(level, copy / f"{level.id}.yaml")
    (copy / "pack.yaml").write_text("format: 1\nid: first-steps\nname: First Steps\nlevels:\n"
                                    + "".join(f"  - {level.id}.yaml\n" for level in mine), encoding="utf-8")
    assert course_around(load_pack(copy)) == load_pack(copy).levels
    # Falling Luck as it was before its `specials: []`: its cascades fire striped tiles.
    shipped = first.level("falling-luck")
    assert shipped.special_sorts == ()
    lucky = dataclasses.replace(shipped, special_sorts=None)
    seeds = tuple(range(1, 9))
    mixed = tuple(lucky if level.id == "falling-luck" else level for level in course)
    lines = {r.level_id: r for r in check_accidents(mixed, seeds, {"falling-luck"}) if r.lesson is Lesson.LINE}
    assert set(lines) == {"falling-luck"} and not lines["falling-luck"].passed
    assert lines["falling-luck"].taught_by == "line-of-four"
    shipped_lines = [r for r in check_accidents(course, seeds, {"falling-luck"}) if r.lesson is Lesson.LINE]
    assert [r.used for r in shipped_lines] == [0] and shipped_lines[0].wins > 0
    # On its own that copy teaches no special, so the same level is nothing to report there.
    save_level(lucky, copy / "falling-luck.yaml")
    alone = [p for p in lesson_problems(load_pack(copy).levels, copy, len(seeds)) if p.field == "name"]
    assert alone == []
    in_course = lesson_problems(load_pack(copy).levels, copy, len(seeds), mixed)
    # (Later First Steps levels form every special, so on these 8 seeds some also swap two
    # specials together before Sweet Mechanics teaches combos: only the line lesson is asked here.)
    named = [p for p in in_course if p.field == "name" and "uses line before" in p.message]
    assert {pathlib.Path(p.file).name for p in named} == {"falling-luck.yaml"}
    assert any("uses line before line-of-four teaches it" in p.message for p in named)


@pytest.mark.parametrize("pack", ["first-steps", "sweet-mechanics"])
def test_both_shipped_packs_teach_every_lesson_and_give_none_away(pack: str, capsys: pytest.CaptureFixture[str]) -> None:
    # The full lab (20 games a bot and level): every teaching level passes its lesson, and no
    # level before a lesson, in either pack (each is judged in the shipped course, First Steps
    # before all of Sweet Mechanics' lessons), uses its mechanic in 20% of its wins (each names
    # the specials that may form there: `specials:`). One pack a test, so two workers share them.
    code = main(["validate", "--lessons", str(levels_dir() / pack)])
    said = capsys.readouterr()
    assert code == 0, said.out + said.err
    assert "teach" not in said.out + said.err


def test_playtest_reports_a_level_that_fails_its_lesson(tmp_path: pathlib.Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    level = Level.from_dict(_level(teaches="bomb", goals={"score": 300}))
    path = tmp_path / "lesson.yaml"
    save_level(level, path)
    assert main(["playtest", str(path), "-n", "2", "--workers", "1"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("lesson: ")]
    assert len(lines) == 1 and f"{path}:" in lines[0] and "does not teach bomb" in lines[0]
