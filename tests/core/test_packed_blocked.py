"""The packed path with blockers (rules/packed_blocked.py) plays every move as the general path does, byte for byte.

Random small boards with stones, locked and iced tiles, jelly and now and then holes (runs on
them or not, any stream), a few moves each, legal swaps and refused ones: the events, the state
(its layers too), the legal swaps of the board it keeps and the next legal commands are the
general path's (rules/match3.play_general with the cascade's blocker hooks).
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume, given
from hypothesis import strategies as st

from corekit import examples, play_side_by_side
from game.core import HOLE, SOLID, Level, LevelError, State, legal_commands, new_game, placed
from game.core.rules import match3
from game.core.rules.packed import packer
from game.core.rules.packed_blocked import BlockedBoard, BlockedPacker, kernel
from game.core.state import Layers
from game.core.units import covered

TOKENS = (".", ".", ".", ".", ".", ".", "S1", "S2", "S3", ".L", ".L", ".I1", ".I2")


def _level(layout: list[str], kinds: int, moves: int | None, **extra: object) -> Level:
    data: dict[str, object] = {"format": 1, "id": "blocked", "name": "Blocked", "mode": "match3",
                               "width": len(layout[0].split()), "height": len(layout), "kinds": kinds,
                               "rules": {"specials": False}, "layout": layout, **extra}
    if moves is not None:
        data["moves"] = moves
        data["goals"] = {"score": 400}
    return Level.from_dict(data)


@st.composite
def blocked_games(draw: st.DrawFn) -> tuple[State, list[int]]:
    height, width = draw(st.integers(3, 7)), draw(st.integers(3, 7))
    kinds = draw(st.integers(3, 7))
    # Now and then a few holes, which tiles fall past (a board without any plays its row runs
    # on their own fast path).
    tokens_of = st.sampled_from(TOKENS + ("#",) if draw(st.integers(0, 2)) == 0 else TOKENS)
    tokens = [[draw(tokens_of) for _ in range(width)] for _ in range(height)]
    jelly = [" ".join(str(draw(st.integers(0, 2))) if tok[0] == "." else "0" for tok in row) for row in tokens]
    try:
        level = _level([" ".join(row) for row in tokens], kinds, draw(st.sampled_from([None, 2, 30])),
                       **({"jelly": jelly} if draw(st.booleans()) else {}))
    except LevelError:
        assume(False)
    assume(any(placed(level)))
    grid = tuple(tuple(HOLE if tok == "#" else SOLID if tok[0] == "S" else draw(st.integers(1, kinds))
                       for tok in row) for row in tokens)
    state = State(level=level, grid=grid, player=None, collected=(0,) * kinds,
                  rng=draw(st.integers(0, (1 << 64) - 1)), layers=Layers(placed(level)))
    return state, draw(st.lists(st.integers(0, 10_000), min_size=1, max_size=5))


@given(blocked_games())
@examples(40)
def test_packed_blocked_moves_are_the_general_moves(game: tuple[State, list[int]]) -> None:
    fast, picks = game
    slow = replace(fast)
    match3.board_of(slow)   # the general path's board (the first legal_commands packs the fast one)
    assert isinstance(kernel(fast.level), BlockedPacker)

    def same_board(after: State, slow_after: State) -> None:
        board = after.cache
        if isinstance(board, BlockedBoard):
            other_board = match3.board_of(slow_after)
            assert board.kinds == other_board.kinds and board.tiles == other_board.tiles
            assert board.swaps(3) == other_board.swaps(3)
            assert board.legal == match3.legal_masks(slow_after, other_board)

    play_side_by_side(fast, slow, picks, same_board)


def test_dealt_blocker_boards_play_alike() -> None:
    """Games of boards like the bench's (stones, locked and iced tiles, jelly under the lower
    half), with a hole and without, move after move, on both paths; a level with specials takes
    neither packed path."""
    jelly = ["0 0 0 0 0 0 0"] * 3 + ["2 2 0 2 2 0 2"] * 4
    for hole in ("#", "."):
        layout = [". . . . . . .", ". . . . . . .", "S3 . . . .L . .", f". . {hole} . . . .",
                  ". .I2 . . . S1 .", ". . . . . . .", ". . . . . . ."]
        level = _level(layout, 5, None, jelly=jelly)
        assert packer(level) is None and isinstance(kernel(level), BlockedPacker)
        fast = new_game(level, 7)
        slow = replace(fast)
        match3.board_of(slow)   # the general path's board: its swaps found by the general rules
        for turn in range(30):
            legal = legal_commands(fast)
            assert legal == legal_commands(slow)
            assert type(fast.cache) is BlockedBoard   # (the first one packed by the first legal_commands)
            events, fast = match3.play(fast, legal[turn * 7 % len(legal)])
            slow_events, slow = match3.play_general(slow, legal[turn * 7 % len(legal)])
            assert events == slow_events and fast == slow
    assert kernel(_level(layout, 5, None, jelly=jelly, rules={"specials": True})) is None


@given(blocked_games())
@examples(40)
def test_packed_deal_check_is_the_general_one(game: tuple[State, list[int]]) -> None:
    """A blocker level's deal asks its packed board whether a grid is playable (no run, a swap
    that runs, no held tile or filled cell moving): match3.playable's answer, grid after grid."""
    state, _ = game
    level = state.level
    held = covered(placed(level))
    found = kernel(level)
    assert isinstance(found, BlockedPacker)
    assert found.playable(state.grid, held) == match3.playable(state.grid, 3, (), held, level.geometry())
