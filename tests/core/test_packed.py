"""The packed path (rules/packed.py) plays every plain move as the general path does, byte for byte.

Random plain boards (runs on them or not, holes or not, any size, 3..7 kinds, any stream), a
few moves each,
legal swaps and refused ones: the events, the state, the board it keeps (its kinds, tiles and
legal swaps) and the next legal commands are the general path's (rules/match3.play_general,
itself held to the slow references in test_perf_equivalence.py). Boards with blockers never
take the packed path.
"""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from corekit import examples, play_side_by_side
from game.core import HOLE, Level, LevelError, State, legal_commands, new_game
from game.core.boards import bitboard
from game.core.rules import match3
from game.core.rules.packed import PackedBoard, packer


def _level(height: int, width: int, kinds: int, moves: int | None, **extra: object) -> Level:
    data: dict[str, object] = {"format": 1, "id": "packed", "name": "Packed", "mode": "match3",
                               "width": width, "height": height, "kinds": kinds,
                               "rules": {"specials": False}, **extra}
    if moves is not None:
        data["moves"] = moves
        data["goals"] = {"score": 400}
    return Level.from_dict(data)


@st.composite
def plain_games(draw: st.DrawFn) -> tuple[State, list[int]]:
    height, width = draw(st.integers(2, 9)), draw(st.integers(3, 9))   # a run fits one way at least
    if draw(st.booleans()):
        height, width = width, height
    kinds = draw(st.integers(3, 7))
    # Now and then a few holes, which tiles fall past.
    holes = draw(st.sets(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1)),
                         max_size=(height * width) // 4)) if draw(st.integers(0, 2)) == 0 else set()
    layout = [" ".join("#" if (r, c) in holes else "." for c in range(width)) for r in range(height)]
    try:
        level = _level(height, width, kinds, draw(st.sampled_from([None, 2, 30])),
                       **({"layout": layout} if holes else {}))
    except LevelError:
        assume(False)
    grid = tuple(tuple(HOLE if (r, c) in holes else draw(st.integers(1, kinds)) for c in range(width))
                 for r in range(height))
    state = State(level=level, grid=grid, player=None, collected=(0,) * kinds,
                  rng=draw(st.integers(0, (1 << 64) - 1)))
    return state, draw(st.lists(st.integers(0, 10_000), min_size=1, max_size=4))


def _same_board(a: object, b: object) -> None:
    """Two boards kept with equal states answer alike (a packed one unpacked on demand)."""
    assert isinstance(a, PackedBoard) and isinstance(b, match3.Bitboard)
    assert a.kinds == b.kinds and a.tiles == b.tiles and a.geo.stride == b.geo.stride
    assert a.swaps(3) == b.swaps(3) and a.legal == b.legal


@given(plain_games())
@examples(40)
def test_packed_moves_are_the_general_moves(game: tuple[State, list[int]]) -> None:
    fast, picks = game
    assert packer(fast.level) is not None

    def same_board(after: State, slow_after: State) -> None:
        if isinstance(after.cache, PackedBoard):
            _same_board(after.cache, slow_after.cache)
            assert after.cache.kinds == bitboard(after.grid).kinds

    play_side_by_side(fast, fast, picks, same_board)


def test_boards_with_blockers_or_specials_take_the_general_path() -> None:
    """A level the packed path cannot play is known as such once, at load (packer is None)."""
    assert packer(_level(6, 6, 5, None, layout=[". . . . . .", ". S3 . . . .", *[". . . . . ."] * 4])) is None
    assert packer(_level(6, 6, 5, None, jelly=["1 0 0 0 0 0", *["0 0 0 0 0 0"] * 5])) is None
    assert packer(_level(6, 6, 8, None)) is None
    assert packer(_level(6, 6, 5, None, rules={"specials": False, "min_match": 4})) is None
    with_specials = Level.from_dict({"format": 1, "id": "s", "name": "S", "mode": "match3",
                                     "width": 6, "height": 6, "kinds": 5})
    assert packer(with_specials) is None


def test_a_dealt_board_with_holes_plays_alike() -> None:
    """A game of a shaped plain board (holes in the top row, the middle and a corner): its tiles
    fall past the holes on the packed path as on the general one, move after move."""
    level = _level(7, 6, 5, None, layout=["# . . # . .", ". . . . . .", ". . # # . .", ". . . . . .",
                                          ". . . . . .", ". . . . . .", ". . . . . #"])
    assert packer(level) is not None
    fast = slow = new_game(level, 7)
    for turn in range(25):
        legal = legal_commands(fast)
        assert legal == legal_commands(slow)
        events, fast = match3.play(fast, legal[turn * 7 % len(legal)])
        slow_events, slow = match3.play_general(slow, legal[turn * 7 % len(legal)])
        assert events == slow_events and fast == slow
