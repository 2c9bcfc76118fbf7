"""Sweet Mechanics, the second shipped pack: it loads and validates clean, every level's replay
wins, it teaches each special, combo and blocker on its own before mixing them, and its stored
playtest results are current and never call a level unfair."""

from __future__ import annotations

import textwrap

import pytest

from game.cli import main
from game.core import (
    BLOCKERS, Created, GoalName, Lesson, Level, Mode, SpecialSort, Session, Special, State, Status, Swap, decide, legal_commands, new_game, stars,
)
from game.core.units import DROP
from game.core.units import JELLY as JELLY_UNIT, STONE as STONE_UNIT
from game.io import find_pack, list_packs, load_pack
from game.io.paths import levels_dir
from game.io.playtest_file import read_results
from game.io.replay import load_replay

FOLDER = levels_dir() / "sweet-mechanics"
REPLAYS = FOLDER / "replays"   # the proofs, beside the levels
PACK = load_pack(FOLDER, builtin=True)
LINES = {Special.ROW, Special.COLUMN}


def _dealt(level: Level) -> State:
    """The board a player is dealt: the level's own seed."""
    return new_game(level, level.play_seed)


def _blockers(level: Level) -> set[str]:
    state = _dealt(level)
    kinds = {unit.name for unit in BLOCKERS if state.layers.of(unit)}
    if any(DROP in row for row in state.grid) or level.goals.wanted(GoalName.DROPS):
        kinds.add("drops")
    return kinds


def test_the_pack_is_shipped_listed_and_described() -> None:
    assert PACK.id == "sweet-mechanics" and PACK.name == "Sweet Mechanics"
    assert PACK.author and PACK.version and PACK.description
    assert len(PACK.levels) >= 24
    assert {lv.mode for lv in PACK.levels} == {Mode.MATCH3, Mode.CHAIN}
    # The packs screen reads shipped packs from levels/: both are there, built in.
    listed = {p.id: p for p in list_packs()}
    assert listed["sweet-mechanics"].builtin and listed["first-steps"].builtin
    assert find_pack("sweet-mechanics").levels == PACK.levels
    for level in PACK.levels:
        assert level.name.strip() and level.name != level.id
        # The goal card shows the description wrapped at 46 characters, three lines at most.
        assert 20 <= len(level.description) and len(textwrap.wrap(level.description, 46)) <= 3, level.id
        assert level.seed is not None and level.moves is not None, level.id
        assert not level.goals.is_empty(), level.id


def test_the_pack_validates_clean_and_every_replay_wins(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(FOLDER)]) == 0
    said = capsys.readouterr().err
    assert f"({len(PACK.levels)} valid levels): ok" in said
    assert f"{len(PACK.levels)} of {len(PACK.levels)} levels proven by their replays" in said
    for level in PACK.levels:
        replay = load_replay(REPLAYS / f"{level.id}.yaml")
        assert (replay.pack, replay.level, replay.seed) == (PACK.id, level.id, level.play_seed)
        session = Session.replay(level, replay.seed, replay.commands)
        assert session.state.status == Status.WON, f"{level.id}: the replay ends {session.state.status}"
        assert stars(session.state) >= 1


def _made_by_one_swap(state: State) -> set[Special]:
    """The specials some legal first swap makes, as the core decides it."""
    made: set[Special] = set()
    for command in legal_commands(state):
        assert isinstance(command, Swap)
        made.update(e.special for e in decide(state, command) if isinstance(e, Created))
    return made


@pytest.mark.parametrize("level_id, special", [
    ("four-in-a-row", LINES), ("corner-piece", {Special.BOMB}), ("high-five", {Special.RAINBOW})])
def test_the_first_levels_make_each_special_at_once(level_id: str, special: set[Special]) -> None:
    level = PACK.level(level_id)
    state = _dealt(level)
    assert not state.specials, "the player makes this special; none is placed"
    earlier = PACK.levels[:PACK.levels.index(level)]
    taught = {kind for lv in earlier for kind in _blockers(lv)}
    assert _blockers(level) <= taught, "one new thing at a time: its blockers were taught before it"
    assert _made_by_one_swap(state) & special, f"{level_id}: no first swap makes {special}"


def test_no_level_forms_a_special_before_the_level_that_teaches_it() -> None:
    # Each level names the specials a run may form there (`specials:`): only those taught by
    # then, or by the level itself. A 4-run before the line's lesson simply clears.
    sort_of = {Lesson.LINE: SpecialSort.LINE, Lesson.BOMB: SpecialSort.BOMB, Lesson.RAINBOW: SpecialSort.RAINBOW}
    taught: set[SpecialSort] = set()
    for level in PACK.levels:
        if level.teaches in sort_of:
            taught.add(sort_of[level.teaches])
        if level.mode == Mode.MATCH3:
            formed = set(SpecialSort) if level.special_sorts is None else set(level.special_sorts)
            assert formed <= taught, f"{level.id} forms {sorted(formed - taught)} before its lesson"
    assert taught == set(SpecialSort)
    four = PACK.level("four-in-a-row")
    assert four.forms == LINES and PACK.levels[0].forms == set()


def _pair(state: State) -> frozenset[str] | None:
    """The two specials placed side by side on the dealt board, as line/bomb/rainbow."""
    family = {Special.ROW: "line", Special.COLUMN: "line", Special.BOMB: "bomb", Special.RAINBOW: "rainbow"}
    placed = dict(state.specials)
    for (r, c), special in placed.items():
        for other in ((r, c + 1), (r + 1, c)):
            if other in placed and Swap((r, c), other) in legal_commands(state):
                return frozenset((family[special], family[placed[other]]))
    return None


def test_every_combo_has_a_level_with_the_pair_placed_ready_to_swap() -> None:
    pairs = {_pair(_dealt(lv)) for lv in PACK.levels if lv.mode == Mode.MATCH3}
    for combo in (("line",), ("line", "bomb"), ("bomb",), ("rainbow", "line"), ("rainbow", "bomb"), ("rainbow",)):
        assert frozenset(combo) in pairs, f"no level places {' + '.join(combo)} side by side"


def test_blockers_come_one_at_a_time_then_mixed_and_in_chain() -> None:
    levels = list(PACK.levels)
    # Blockers come early (issue 25): jelly opens the pack, stones before the rainbow.
    assert _blockers(levels[0]) == {"jelly"}
    assert levels.index(PACK.level("stepping-stones")) < levels.index(PACK.level("high-five"))
    taught: set[str] = set()
    for level in levels:
        new = _blockers(level) - taught
        assert len(new) <= 1, f"{level.id} brings in {sorted(new)} at once"
        taught |= new
    assert taught == {unit.name for unit in BLOCKERS} | {"drops"}   # every blocker unit is taught
    # Each unit with a goal, and drops, has a level of its own (a lock has no goal: jelly under it is).
    alone = {kind for lv in levels if len(_blockers(lv)) == 1 for kind in _blockers(lv)}
    assert alone == {unit.name for unit in BLOCKERS if unit.goal is not None} | {"drops"}
    # Jelly of one layer, then two; stones of one hit, then harder ones.
    depth = [max(n for _, n in _dealt(lv).layer_of(JELLY_UNIT)) for lv in levels if _blockers(lv) == {"jelly"}]
    assert 1 in depth and 2 in depth and depth.index(1) < depth.index(2)
    hits = [max(n for _, n in _dealt(lv).layer_of(STONE_UNIT)) for lv in levels if _blockers(lv) == {"stones"}]
    assert hits[0] == 1 and max(hits) >= 2
    assert any(len(_blockers(lv)) >= 3 for lv in levels), "a level mixes three blockers or more"
    chain = [lv for lv in levels if lv.mode == Mode.CHAIN]
    assert len(chain) >= 3 and all(_blockers(lv) and "drops" not in _blockers(lv) for lv in chain)
    assert any(lv.player_start is None for lv in chain) and any(lv.player_start is not None for lv in chain)


def test_the_stored_playtest_is_current_and_rises_in_difficulty() -> None:
    stored = read_results(PACK)
    assert stored is not None, "write it with: gridfall playtest levels/sweet-mechanics --write"
    assert stored.games >= 200 and stored.bot == "person"
    assert set(stored.levels) == {lv.id for lv in PACK.levels}
    assert all(r.current for r in stored.levels.values()), "a level changed since the pack was playtested"
    rates = [stored.levels[lv.id].pass_rate for lv in PACK.levels]
    assert min(rates) >= 0.3, "no level is beyond most players"
    assert all(rate >= 0.75 for rate in rates[:6]), "the first specials are easy"
    assert sum(rates[-5:]) / 5 < sum(rates[:6]) / 6 - 0.15, "the mixed levels at the end are harder"
