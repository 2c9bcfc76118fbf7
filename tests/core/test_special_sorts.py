"""A level's `specials:` (the sorts of special a run may form): read, checked, written, and obeyed by the cascade."""

from __future__ import annotations

from typing import Any

import pytest

from corekit import level
from game.core import (
    Cleared, Created, Detonated, Event, FinaleBegan, Level, LevelError, Special, SpecialSort, Status, Swap, legal_commands, new_game,
    parse_level, play,
)

Cell = tuple[int, int]
V = Special.COLUMN


def background(r: int, c: int) -> str:
    """Kinds 2..5 with no run anywhere: only the 1s a test places can match."""
    return str(2 + (2 * r + c) % 4)


def board(placed: dict[Cell, str], **extra: Any) -> Level:
    rows = [" ".join(placed.get((r, c), background(r, c)) for c in range(6)) for r in range(6)]
    return level("match3", 6, 6, kinds=5, layout=rows, **extra)


FOUR = {(2, 0): "1", (2, 1): "1", (2, 3): "1", (1, 2): "1"}            # (1,2)->(2,2) makes a run of 4
ELL = {(2, 3): "1", (2, 4): "1", (0, 2): "1", (1, 2): "1", (2, 1): "1"}  # (2,1)->(2,2) makes an L
FIVE = {(2, 0): "1", (2, 1): "1", (2, 3): "1", (2, 4): "1", (1, 2): "1"}  # (1,2)->(2,2) makes a run of 5


def swap_step(lv: Level, swap: Swap) -> list[Event]:
    """The swap's events up to the first cascade step's Cleared."""
    events, _ = play(new_game(lv, 1), swap)
    return events


def made(events: list[Event]) -> list[tuple[Cell, Special]]:
    return [(e.cell, e.special) for e in events if isinstance(e, Created)]


def cleared_first(events: list[Event]) -> set[Cell]:
    return set(next(e for e in events if isinstance(e, Cleared)).cells)


# -- the cascade obeys it -------------------------------------------------------------------------
@pytest.mark.parametrize("placed, swap, special", [
    (FOUR, Swap((1, 2), (2, 2)), V), (ELL, Swap((2, 1), (2, 2)), Special.BOMB),
    (FIVE, Swap((1, 2), (2, 2)), Special.RAINBOW),
])
def test_a_run_forms_its_special_only_when_the_level_names_its_sort(placed: dict[Cell, str], swap: Swap,
                                                                    special: Special) -> None:
    everything = made(swap_step(board(placed), swap))
    assert everything and everything[0] == ((2, 2), special)
    sort = {V: "line", Special.BOMB: "bomb", Special.RAINBOW: "rainbow"}[special]
    assert made(swap_step(board(placed, specials=[sort]), swap))[:1] == [((2, 2), special)]
    others = [s for s in ("line", "bomb", "rainbow") if s != sort]
    events = swap_step(board(placed, specials=others), swap)
    assert not any(s == special for _, s in made(events)), "a sort the level does not name never forms"
    run = {cell for cell, tok in placed.items() if tok == "1"} - {swap.a} | {swap.b}
    assert run <= cleared_first(events), "the run clears as a plain run, its swapped cell too"


def test_with_specials_off_a_four_run_just_clears_and_scores_as_a_run() -> None:
    events, after = play(new_game(board(FOUR, specials=[]), 1), Swap((1, 2), (2, 2)))
    assert made(events) == [] and after.specials == ()
    assert cleared_first(events) == {(2, 0), (2, 1), (2, 2), (2, 3)}


def test_placed_specials_stay_and_go_off_whatever_the_level_forms() -> None:
    lv = board({(2, 0): "1v", (2, 1): "1", (1, 2): "1"}, specials=[])
    events, after = play(new_game(lv, 1), Swap((1, 2), (2, 2)))
    assert any(isinstance(e, Detonated) and e.special == V for e in events)


def random_game_events(lv: Level, seed: int, moves: int = 25) -> list[list[Event]]:
    """Each move's events of a game whose swaps are picked by a simple rule (the seed-th legal one)."""
    state = new_game(lv, seed)
    out: list[list[Event]] = []
    for i in range(moves):
        if state.status != Status.PLAYING:
            break
        options = legal_commands(state)
        events, state = play(state, options[(seed * 7 + i * 13) % len(options)])
        out.append(events)
    return out


def before_finale(events: list[Event]) -> list[Event]:
    return events[:next((i for i, e in enumerate(events) if isinstance(e, FinaleBegan)), len(events))]


# A big board with few kinds: nearly every move forms specials when they are allowed.
BUSY = dict(kinds=3, moves=25, goals={"score": 999999})


@pytest.mark.parametrize("seed", range(12))
def test_with_specials_none_no_special_ever_forms_over_random_games(seed: int) -> None:
    moves = random_game_events(level("match3", 8, 8, specials=[], **BUSY), seed)
    assert moves
    assert all(not made(before_finale(events)) for events in moves)
    formed = random_game_events(level("match3", 8, 8, **BUSY), seed)
    assert any(made(events) for events in formed), "the same board forms specials when allowed"


@pytest.mark.parametrize("seed", range(12))
def test_naming_every_sort_plays_exactly_as_naming_none(seed: int) -> None:
    every = level("match3", 8, 8, specials=["rainbow", "line", "bomb"], **BUSY)
    assert random_game_events(every, seed) == random_game_events(level("match3", 8, 8, **BUSY), seed)


@pytest.mark.parametrize("seed", range(12))
def test_lines_only_forms_lines_alone(seed: int) -> None:
    formed = [s for events in random_game_events(level("match3", 8, 8, specials=["line"], **BUSY), seed)
              for _, s in made(before_finale(events))]
    # Lines do form (a busy board makes a dozen or more a game), and nothing else does.
    assert formed and set(formed) <= {Special.ROW, Special.COLUMN}


# -- the file field ------------------------------------------------------------------------------
def mapping(**extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": 1, "id": "t", "name": "T", "mode": "match3", "width": 6, "height": 6}
    data.update(extra)
    return data


def test_the_field_reads_in_its_own_order_and_round_trips() -> None:
    lv = Level.from_dict(mapping(specials=["rainbow", "line"]))
    assert lv.special_sorts == (SpecialSort.LINE, SpecialSort.RAINBOW)
    assert lv.forms == {Special.ROW, Special.COLUMN, Special.RAINBOW}
    assert lv.to_dict()["specials"] == ["line", "rainbow"]
    assert list(lv.to_dict()).index("specials") == list(lv.to_dict()).index("name") + 1
    assert Level.from_dict(lv.to_dict()) == lv
    none = Level.from_dict(mapping(specials=[]))
    assert none.special_sorts == () and none.forms == frozenset() and none.to_dict()["specials"] == []


def test_absent_keeps_the_level_s_bytes_and_hash_and_naming_sorts_changes_the_hash() -> None:
    plain = Level.from_dict(mapping())
    assert "specials" not in plain.to_dict() and plain.special_sorts is None
    assert plain.forms == set(Special)
    lines = Level.from_dict(mapping(specials=["line"]))
    every = Level.from_dict(mapping(specials=["line", "bomb", "rainbow"]))
    assert len({plain.content_hash(), lines.content_hash(), every.content_hash()}) == 3


def test_rules_specials_off_forms_nothing_whatever_the_list_says() -> None:
    lv = Level.from_dict(mapping(rules={"specials": False}))
    assert lv.forms == frozenset()


@pytest.mark.parametrize("extra, path, words", [
    (dict(specials=["line", "bom"]), ("specials", 1), "did you mean 'bomb'"),
    (dict(specials="line"), ("specials",), "expected a list like [line, bomb]"),
    (dict(specials=["line", "line"]), ("specials", 1), "'line' is named twice"),
    (dict(specials=["line"], mode="chain"), ("specials",), "only match3 levels form special tiles"),
    (dict(specials=["bomb"], teaches="line"), ("specials",), "teaches line but forms no line"),
    (dict(specials=["line"], rules={"specials": False}), ("specials",), "the rules turn specials off"),
])
def test_a_bad_field_is_a_located_problem(extra: dict[str, Any], path: tuple[Any, ...], words: str) -> None:
    lv, problems = parse_level(mapping(**extra))
    assert lv is None
    assert any(p.path == path and words in p.message for p in problems), problems
    with pytest.raises(LevelError):
        Level.from_dict(mapping(**extra))
