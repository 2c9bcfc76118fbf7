"""Rules per mode, sessions and command texts: what a player would notice."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corekit import examples, level, ref_legal_swaps
from game.core import (
    BonusScored, Chain, Chained, Cleared, IllegalMove, Lost, PlayerMoved, Scored, Session, Slid,
    Slide, Swap, SwapRejected, Swapped, Won, decide, evolve, fold, format_command, goals_met,
    legal_commands, new_game, parse_command, progress, slide_sources, stars, stars_reached, RULESETS, Mode, Status, ruleset,
    swap_clears,
)

# A fixed 5x5 match3 board: (2,2)<->(1,2) makes a T of seven 1s; (0,0)<->(0,1) makes nothing.
T_BOARD = [
    "2 3 2 4 5",
    "4 5 1 2 3",
    "1 1 3 1 1",
    "3 2 1 5 2",
    "5 4 1 3 4",
]


def first_legal(s: Session) -> Any:
    return legal_commands(s.state)[0]


# -- match3 -----------------------------------------------------------------------------------

def test_rejected_swap_costs_no_move_changes_nothing_and_is_not_logged() -> None:
    s = Session(level("match3", 5, 5, kinds=5, moves=3, layout=T_BOARD), 1)
    before = s.state
    assert s.play(Swap((0, 0), (0, 1))) == [SwapRejected((0, 0), (0, 1))]
    assert s.state is before and s.state.moves == 0 and s.state.moves_left == 3
    assert s.commands == [] and not s.can_undo
    # the same tiles, asked the other way round, are rejected the same way
    assert s.play(Swap((0, 1), (0, 0))) == [SwapRejected((0, 1), (0, 0))]
    assert decide(before, Swap((0, 0), (0, 1))) == [SwapRejected((0, 0), (0, 1))]


@pytest.mark.parametrize("a,b,words", [
    ((0, 0), (1, 1), "side by side"),        # diagonal
    ((0, 0), (0, 2), "side by side"),        # two apart
    ((2, 2), (2, 2), "side by side"),        # itself
    ((0, 0), (-1, 0), "outside"),
    ((4, 4), (4, 5), "outside"),
])
def test_swaps_of_cells_that_are_not_neighbours_are_illegal(a: Any, b: Any, words: str) -> None:
    s = Session(level("match3", 5, 5, kinds=5, layout=T_BOARD), 1)
    with pytest.raises(IllegalMove, match=words):
        s.play(Swap(a, b))
    assert s.commands == [] and s.state == s.initial


def test_a_hole_cannot_be_swapped() -> None:
    rows = list(T_BOARD)
    rows[0] = "# 3 2 4 5"
    s = Session(level("match3", 5, 5, kinds=5, layout=rows), 1)
    with pytest.raises(IllegalMove, match="no tile"):
        s.play(Swap((0, 0), (0, 1)))


def test_each_mode_refuses_the_other_modes_commands() -> None:
    m = new_game(level("match3", 5, 5, kinds=5, layout=T_BOARD), 1)
    c = new_game(level("chain", 4, 4, kinds=3), 1)
    sl = new_game(level("slide", 3, 3), 1)
    for state, bad in ((m, Slide((0, 0))), (m, Chain(((0, 0),))), (c, Swap((0, 0), (0, 1))),
                       (sl, Swap((0, 0), (0, 1))), (sl, Chain(((0, 0), (0, 1))))):
        with pytest.raises(IllegalMove, match="takes"):
            decide(state, bad)


def test_swap_clears_names_the_tiles_the_swap_explodes_before_it_is_played() -> None:
    state = new_game(level("match3", 5, 5, kinds=5, layout=T_BOARD), 1)
    # The T of seven 1s, each with its kind, but (2,2), the swapped cell where the row of
    # five makes a rainbow; the board and its RNG are untouched.
    t = ((2, 0), (2, 1), (2, 3), (2, 4), (3, 2), (4, 2))
    assert swap_clears(state, Swap((2, 2), (1, 2))) == tuple((cell, 1) for cell in t)
    plain = new_game(level("match3", 5, 5, kinds=5, layout=T_BOARD, rules={"specials": False}), 1)
    assert swap_clears(plain, Swap((2, 2), (1, 2))) == tuple((cell, 1) for cell in sorted(t + ((2, 2),)))
    assert swap_clears(state, Swap((0, 0), (0, 1))) == ()          # no run: nothing clears
    with pytest.raises(IllegalMove, match="side by side"):
        swap_clears(state, Swap((0, 0), (1, 1)))
    with pytest.raises(IllegalMove):
        swap_clears(new_game(level("slide", 3, 3), 1), Swap((0, 0), (0, 1)))


@pytest.mark.parametrize("seed", range(4))
def test_swap_clears_is_the_first_clear_decide_makes(seed: int) -> None:
    lv = level("match3", 7, 6, kinds=5, layout=[". . . . . . .", ". # . . . # .", *[". " * 6 + "."] * 4])
    state = new_game(lv, seed)
    for _ in range(6):
        for swap in legal_commands(state):
            assert isinstance(swap, Swap)
            first = next(e for e in decide(state, swap) if isinstance(e, Cleared))
            named = swap_clears(state, swap)
            assert [cell for cell, _ in named] == sorted(first.cells)
            assert all(state.grid[r][c] == kind for (r, c), kind in named if (r, c) not in (swap.a, swap.b))
        state = fold(state, decide(state, legal_commands(state)[0]))


def test_move_limit_ends_in_lost() -> None:
    s = Session(level("match3", 5, 5, kinds=5, moves=1, layout=T_BOARD,
                      goals={"score": 100000}), 1)
    events = s.play(Swap((2, 2), (1, 2)))
    assert events[-1] == Lost() and s.state.status == "lost"
    assert s.state.moves_left == 0 and stars(s.state) == 0
    assert legal_commands(s.state) == []
    with pytest.raises(IllegalMove, match="over"):
        s.play(first_legal(Session(s.level, 1)))


def test_score_goal_ends_in_won_with_stars() -> None:
    s = Session(level("match3", 5, 5, kinds=5, moves=5, layout=T_BOARD,
                      goals={"score": 60}, stars=[60, 70, 1000], rules={"specials": False}), 1)
    events = s.play(Swap((2, 2), (1, 2)))
    assert Scored(70, 1) in events and events[-1] == Won()
    assert s.state.status == "won" and goals_met(s.state)
    assert 2 <= stars(s.state) <= 3       # 70 reached; cascades may have added more
    assert [g.name for g in progress(s.state)] == ["score"] and progress(s.state)[0].met


def test_a_win_with_moves_to_spare_pays_a_named_bonus_just_before_won_under_rules_3() -> None:
    # Rules 3 games (older replays) keep the flat bonus; from rules 4 match3 plays the finale.
    s = Session(level("match3", 5, 5, kinds=5, moves=5, layout=T_BOARD, goals={"score": 60}), 1, rules=3)
    before = s.state
    events = s.play(Swap((2, 2), (1, 2)))
    # Four moves left after the winning swap: 50 points each, named as the bonus it is.
    assert events[-2:] == [BonusScored(moves_left=4, points=200), Won()]
    assert not any(isinstance(e, Scored) and e.combo < 1 for e in events)
    earned = sum(e.points for e in events if isinstance(e, Scored))
    assert s.state.score == before.score + earned + 200
    # A win on the last move has nothing to spare: no bonus.
    last = Session(level("match3", 5, 5, kinds=5, moves=1, layout=T_BOARD, goals={"score": 60}), 1, rules=3)
    assert not any(isinstance(e, BonusScored) for e in last.play(Swap((2, 2), (1, 2))))


def test_stars_light_by_score_while_playing_and_are_awarded_only_on_a_win() -> None:
    s = Session(level("match3", 5, 5, kinds=5, moves=5, layout=T_BOARD,
                      goals={"score": 100000}, stars=[60, 70, 1000]), 1)
    s.play(Swap((2, 2), (1, 2)))
    assert s.state.status == "playing" and s.state.score >= 70
    # Two star scores reached on the way, none awarded until the level is won.
    assert stars_reached(s.state) == 2 == stars_reached(s.state, 70)
    assert stars_reached(s.state, 59) == 0 and stars_reached(s.state, 10**6) == 3
    assert stars(s.state) == 0
    won = Session(level("match3", 5, 5, kinds=5, moves=5, layout=T_BOARD,
                        goals={"score": 60}, stars=[60, 70, 1000]), 1)
    won.play(Swap((2, 2), (1, 2)))
    assert stars(won.state) == stars_reached(won.state) >= 2


def test_collect_goal_counts_cleared_tiles_by_kind() -> None:
    s = Session(level("match3", 5, 5, kinds=5, moves=9, layout=T_BOARD,
                      goals={"collect": {1: 7}}, rules={"specials": False}), 1)
    assert progress(s.state)[0].current == 0
    before = s.state
    events = s.play(Swap((2, 2), (1, 2)))
    ones = 0
    state = before
    for e in events:
        if isinstance(e, Cleared):
            ones += sum(1 for r, c in e.cells if state.grid[r][c] == 1)
        state = evolve(state, e)
    assert ones >= 7 and s.state.collected_of(1) == ones
    assert progress(s.state)[0].current == 7 and progress(s.state)[0].met
    assert s.state.status == "won" and events[-1] == Won()


def test_a_level_without_goals_is_a_score_run_won_when_its_moves_are_used() -> None:
    s = Session(level("match3", 6, 6, kinds=4, moves=2), 3)
    s.play(first_legal(s))
    assert s.state.status == "playing"
    events = s.play(first_legal(s))
    assert events[-1] == Won() and stars(s.state) == 3


def test_legal_swaps_are_every_swap_that_makes_a_run() -> None:
    for seed in range(10):
        state = new_game(level("match3", 9, 9, kinds=5), seed)
        got = {frozenset({c.a, c.b}) for c in legal_commands(state) if isinstance(c, Swap)}
        assert got == ref_legal_swaps(state.grid, 3)
        for cmd in legal_commands(state)[:5]:
            assert isinstance(decide(state, cmd)[0], Swapped)


# -- chain ------------------------------------------------------------------------------------

CHAIN_ROWS = [
    "1 2 3 1",
    "2 P 2 3",
    "3 1 2 1",
    "1 2 3 2",
]


def test_chain_reach_goal_wins_when_the_player_stands_there() -> None:
    lv = level("chain", 4, 4, kinds=3, layout=CHAIN_ROWS, moves=5, goals={"reach": [2, 2]},
               rules={"min_chain": 2})
    s = Session(lv, 1)
    assert not progress(s.state)[0].met
    events = s.play(Chain(((1, 1), (2, 2))))
    assert events[:2] == [Chained(((1, 1), (2, 2))), PlayerMoved((1, 1), (2, 2))]
    assert events[-1] == Won() and s.state.player == (2, 2)


def test_chain_collect_counts_what_the_player_eats() -> None:
    lv = level("chain", 4, 4, kinds=3, layout=CHAIN_ROWS, goals={"collect": {2: 3}})
    s = Session(lv, 1)
    # up onto the 2 at (0,1), back down-right onto (1,2), down onto (2,2): three 2s
    events = s.play(Chain(((1, 1), (0, 1), (1, 2), (2, 2))))
    assert [e for e in events if isinstance(e, PlayerMoved)] == [
        PlayerMoved((1, 1), (0, 1)), PlayerMoved((0, 1), (1, 2)), PlayerMoved((1, 2), (2, 2))]
    assert Scored(30, 1) in events            # 3 tiles: 10 * 3 * (1 + 2 // 3)
    assert s.state.collected_of(2) == 3 and events[-1] == Won()


def test_chain_move_limit_ends_in_lost() -> None:
    lv = level("chain", 4, 4, kinds=3, layout=CHAIN_ROWS, moves=1, goals={"score": 99999},
               rules={"min_chain": 2})
    s = Session(lv, 1)
    assert s.play(Chain(((1, 1), (2, 2))))[-1] == Lost()


def test_chain_diagonal_rule_switches_eight_and_four_neighbours() -> None:
    lv8 = level("chain", 4, 4, kinds=3, layout=CHAIN_ROWS, rules={"min_chain": 2})
    lv4 = level("chain", 4, 4, kinds=3, layout=CHAIN_ROWS,
                rules={"min_chain": 2, "diagonal": False})
    assert decide(new_game(lv8, 1), Chain(((1, 1), (2, 2))))[0] == Chained(((1, 1), (2, 2)))
    with pytest.raises(IllegalMove, match="side by side"):
        decide(new_game(lv4, 1), Chain(((1, 1), (2, 2))))
    assert decide(new_game(lv4, 1), Chain(((1, 1), (1, 2))))[0] == Chained(((1, 1), (1, 2)))
    for cmd in legal_commands(new_game(lv4, 1)):
        assert isinstance(cmd, Chain)
        for a, b in zip(cmd.path, cmd.path[1:]):
            assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def test_chain_may_not_step_onto_a_hole_or_the_player() -> None:
    rows = ["1 2 3 1", "2 P # 3", "3 1 2 1", "1 2 3 2"]
    s = Session(level("chain", 4, 4, kinds=3, layout=rows, rules={"min_chain": 2}), 1)
    with pytest.raises(IllegalMove, match="tiles only"):
        s.play(Chain(((1, 1), (1, 2))))


# -- slide ------------------------------------------------------------------------------------

def test_slide_moves_only_a_tile_next_to_the_gap() -> None:
    lv = level("slide", 3, 3, layout=["1 2 3", "4 _ 5", "7 8 6"], moves=2)
    s = Session(lv, 1)
    assert {c.cell for c in legal_commands(s.state) if isinstance(c, Slide)} == {
        (0, 1), (1, 0), (1, 2), (2, 1)}
    for cell in ((0, 0), (2, 2), (1, 1), (3, 1), (-1, 1)):
        with pytest.raises(IllegalMove):
            s.play(Slide(cell))
    assert s.play(Slide((1, 2))) == [Slid((1, 2), (1, 1))]
    assert s.state.grid[1] == (4, 5, 0)
    events = s.play(Slide((2, 2)))            # 6 up: solved on the last allowed move
    assert events[0] == Slid((2, 2), (1, 2)) and events[-1] == Won()


@pytest.mark.parametrize("gap", [(0, 0), (0, 1), (1, 1), (1, 3), (2, 0)])
def test_slide_sources_are_exactly_the_slides_the_rules_allow(gap: Any) -> None:
    assert slide_sources((0, 0), 3, 4) == ((0, 1), (1, 0))
    assert slide_sources((1, 1), 3, 4) == ((0, 1), (1, 0), (1, 2), (2, 1))
    # The solved board with the gap walked left along the bottom row, then up to `gap`.
    rows = [[r * 4 + c + 1 for c in range(4)] for r in range(3)]
    path = [(2, c) for c in range(3, gap[1] - 1, -1)] + [(r, gap[1]) for r in range(1, gap[0] - 1, -1)]
    for (r, c), (nr, nc) in zip(path, path[1:]):
        rows[r][c], rows[nr][nc] = rows[nr][nc], rows[r][c]
    layout = [" ".join("_" if (r, c) == gap else str(v) for c, v in enumerate(row))
              for r, row in enumerate(rows)]
    state = new_game(level("slide", 4, 3, layout=layout), 1)
    assert legal_commands(state) == [Slide(cell) for cell in slide_sources(gap, 3, 4)]
    for r in range(3):
        for c in range(4):
            if (r, c) in slide_sources(gap, 3, 4):
                assert isinstance(decide(state, Slide((r, c)))[0], Slid)
            else:
                with pytest.raises(IllegalMove):
                    decide(state, Slide((r, c)))


def test_slide_move_limit_ends_in_lost() -> None:
    s = Session(level("slide", 3, 3, layout=["1 2 3", "4 _ 5", "7 8 6"], moves=1), 1)
    assert s.play(Slide((0, 1)))[-1] == Lost()


# -- sessions ---------------------------------------------------------------------------------

def test_session_undo_redo_and_a_new_move_clears_redo() -> None:
    s = Session(level("match3", 8, 8, kinds=5, moves=10), 11)
    assert not s.undo() and not s.redo()
    first = first_legal(s)
    e1 = s.play(first)
    after1 = s.state
    second = first_legal(s)
    s.play(second)
    after2 = s.state
    assert s.commands == [first, second] and len(s.batches) == 2
    assert s.undo() and s.state == after1 and s.can_redo
    assert s.undo() and s.state == s.initial and not s.can_undo
    assert s.redo() and s.state == after1
    assert s.redo() and s.state == after2 and not s.can_redo
    s.undo()
    other = [c for c in legal_commands(s.state) if c != second][0]
    s.play(other)
    assert not s.can_redo and s.commands == [first, other]
    assert list(s.batches[0]) == e1


def test_replay_names_the_command_that_is_illegal() -> None:
    lv = level("match3", 5, 5, kinds=5, layout=T_BOARD)
    with pytest.raises(IllegalMove, match=r"command 2 \(swap 0,0 4,4\)"):
        Session.replay(lv, 1, [Swap((0, 0), (0, 1)), Swap((0, 0), (4, 4))])


def test_replay_of_the_same_commands_gives_the_same_events() -> None:
    lv = level("chain", 7, 7, kinds=4, moves=8)
    s = Session(lv, 99)
    for _ in range(6):
        if s.state.status != "playing":
            break
        s.play(first_legal(s))
    again = Session.replay(lv, 99, s.commands)
    assert repr(again.events) == repr(s.events) and again.state == s.state
    other = Session.replay(lv, 100, [])
    assert other.state.grid != s.initial.grid, "another seed deals another board"


# -- the rules table -------------------------------------------------------------------------

COMMAND_OF = {Mode.MATCH3: Swap((0, 0), (0, 1)), Mode.CHAIN: Chain(((0, 0), (0, 1))),
              Mode.SLIDE: Slide((0, 0))}


def test_every_mode_plays_by_its_own_ruleset() -> None:
    assert set(RULESETS) == set(Mode)
    for mode in Mode:
        rules = ruleset(mode)
        assert rules.mode == mode and isinstance(COMMAND_OF[mode], rules.command)
    assert [m for m in Mode if ruleset(m).has_player] == [Mode.CHAIN]
    assert [m for m in Mode if not ruleset(m).has_kinds] == [Mode.SLIDE]


@pytest.mark.parametrize("mode", list(Mode))
def test_a_command_of_another_mode_or_after_the_end_is_refused_alike(mode: Mode) -> None:
    lv = level(mode.value, 5, 5, moves=10) if mode == Mode.SLIDE else level(mode.value, 5, 5, kinds=5, moves=10)
    state = new_game(lv, 3)
    assert state.level.mode is mode and state.status is Status.PLAYING
    for other in Mode:
        if other != mode:
            with pytest.raises(IllegalMove, match=f"^a {mode} level takes {ruleset(mode).command_noun}, not "):
                decide(state, COMMAND_OF[other])
    for status in (Status.WON, Status.LOST):
        over = replace(state, status=status)
        with pytest.raises(IllegalMove, match=rf"^the game is over \({status}\)$"):
            decide(over, legal_commands(state)[0])
        assert legal_commands(over) == []


def test_a_level_written_with_a_mode_in_words_holds_the_typed_mode() -> None:
    assert level("slide", 3, 3).mode is Mode.SLIDE
    assert level("chain", 5, 5).to_dict()["mode"] == "chain"
    assert type(level("chain", 5, 5).to_dict()["mode"]) is str


# -- command texts ----------------------------------------------------------------------------

def test_command_texts_are_as_documented() -> None:
    assert format_command(Swap((3, 4), (3, 5))) == "swap 3,4 3,5"
    assert format_command(Chain(((7, 3), (6, 3), (6, 4)))) == "chain 7,3 6,3 6,4"
    assert format_command(Slide((2, 1))) == "slide 2,1"
    assert parse_command("  swap 3,4   3,5 ") == Swap((3, 4), (3, 5))


@pytest.mark.parametrize("text", [
    "", "jump 1,2", "swap 1,2", "swap 1,2 3,4 5,6", "swap 1 2", "swap a,b 1,2", "chain",
    "slide", "slide 1,2 2,2", "slide 1,2,3", "slide 1_0,2", "slide +1,2", "slide \u0661,2",
    "slide 1.0,2",
])
def test_bad_command_texts_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_command(text)


@pytest.mark.parametrize("text,why", [
    ("SWAP 3,4 3,5", "lower case"), ("Chain 1,1 1,2", "lower case"), ("sLide 2,1", "lower case"),
    ("slide 01,0", "whole numbers"), ("slide 0,00", "whole numbers"), ("slide -0,1", "whole numbers"),
    ("swap 1,2 1,03", "whole numbers"), ("chain 1,1 -01,2", "whole numbers"),
])
def test_texts_that_would_not_format_back_the_same_are_refused(text: str, why: str) -> None:
    """Every accepted text is exactly what format_command writes for its command."""
    with pytest.raises(ValueError, match=why):
        parse_command(text)


@given(st.text(alphabet="swapchinlde SWAPCHINLDE0123456789-,", max_size=24))
@examples(300)
def test_an_accepted_command_text_formats_back_to_itself(text: str) -> None:
    try:
        command = parse_command(text)
    except ValueError:
        return
    assert format_command(command) == " ".join(text.split())


CELLS = st.tuples(st.integers(-3, 40), st.integers(-3, 40))
COMMANDS = (st.builds(Swap, CELLS, CELLS) | st.builds(Slide, CELLS)
            | st.builds(Chain, st.lists(CELLS, min_size=1, max_size=12).map(tuple)))


@given(COMMANDS)
@examples(200)
def test_every_command_text_round_trips(command: Any) -> None:
    text = format_command(command)
    assert parse_command(text) == command
    assert format_command(parse_command(text)) == text


# -- stars ------------------------------------------------------------------------------------

@pytest.mark.parametrize("extra,score,want", [
    ({"goals": {"score": 1000}}, 1000, 1),          # s, 1.5 s, 2 s from the score goal
    ({"goals": {"score": 1000}}, 1499, 1),
    ({"goals": {"score": 1000}}, 1500, 2),
    ({"goals": {"score": 1000}}, 2000, 3),
    ({"goals": {"score": 1000}, "stars": [10, 20, 5000]}, 1000, 2),   # the level's own marks
    ({"goals": {"collect": {1: 3}}, "stars": [100, 200, 300]}, 50, 1),  # a win is 1 at least
    ({"goals": {"collect": {1: 3}}}, 0, 3),         # neither: a win is three stars
])
def test_stars_follow_the_readme(extra: dict[str, Any], score: int, want: int) -> None:
    state = new_game(level("match3", 6, 6, kinds=4, **extra), 1)
    assert stars(replace(state, score=score)) == 0, "no stars until won"
    assert stars(replace(state, score=score, status="won")) == want
