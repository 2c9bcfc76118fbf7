"""Chain search bounds: one deal for a fixed layout, pruned exact search, budgeted hints."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corekit import examples, level, ref_chain_exists, ref_chain_ok
from game.core import Chain, LevelError, State, legal_commands, new_game
from game.core.rules import chain


def blocks_layout(size: int, block_w: int, block_h: int) -> list[str]:
    """A fixed layout of kind blocks (no '.'), neighbouring blocks of different kinds."""
    rows = []
    for r in range(size):
        rows.append(" ".join(str(1 + (r // block_h + c // block_w) % 2) for c in range(size)))
    return rows


def count_find_chain(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = chain.find_chain

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(chain, "find_chain", counted)
    return calls


def test_a_fixed_layout_without_a_chain_is_dealt_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # 2x4 blocks: every component has 8 tiles, one short of min_chain 9.
    lv = level("chain", 32, 32, kinds=3, layout=blocks_layout(32, 4, 2),
               rules={"min_chain": 9, "diagonal": False})
    calls = count_find_chain(monkeypatch)
    with pytest.raises(LevelError) as caught:
        new_game(lv, 1)
    assert calls[0] == 1, "every deal of a layout without '.' cells is the same board"
    message = str(caught.value)
    assert "cannot deal" in message and "no random '.' cells" in message
    assert "player" not in message


def test_a_deal_failure_with_a_player_names_the_player(monkeypatch: pytest.MonkeyPatch) -> None:
    lv = level("chain", 3, 3, kinds=3, layout=["1 2 1", "2 P 2", "1 2 1"],
               rules={"min_chain": 3, "diagonal": False})
    calls = count_find_chain(monkeypatch)
    with pytest.raises(LevelError) as caught:
        new_game(lv, 1)
    assert calls[0] == 1
    assert "cannot deal" in str(caught.value) and "player" in str(caught.value)


def test_components_smaller_than_the_chain_are_not_searched() -> None:
    grid = tuple(tuple(1 + (r // 2 + c // 4) % 2 for c in range(32)) for r in range(32))
    visits = chain.Visits(1 << 30)
    assert chain.find_chain(grid, None, 9, False, visits) is None
    assert visits.used == 0
    assert chain.find_chain(grid, None, 8, False, visits) is not None


@given(st.data())
@examples(80)
def test_find_chain_is_exact(data: st.DataObject) -> None:
    h = data.draw(st.integers(2, 5), label="h")
    w = data.draw(st.integers(2, 5), label="w")
    kinds = data.draw(st.integers(1, 3), label="kinds")
    grid = tuple(tuple(data.draw(st.integers(1, kinds)) for _ in range(w)) for _ in range(h))
    min_chain = data.draw(st.integers(2, 9), label="min_chain")
    diagonal = data.draw(st.booleans(), label="diagonal")
    found = chain.find_chain(grid, None, min_chain, diagonal)
    assert (found is not None) == ref_chain_exists(grid, None, min_chain, diagonal)
    if found is not None:
        assert ref_chain_ok(grid, None, found, min_chain, diagonal)


def big_board_state(seed: int) -> State:
    rnd = random.Random(seed)
    layout = [" ".join(str(rnd.randint(1, 3)) for _ in range(32)) for _ in range(32)]
    lv = level("chain", 32, 32, kinds=3, layout=layout, rules={"min_chain": 3})
    return new_game(lv, 1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_chain_hints_on_a_big_board_stay_within_one_shared_budget(seed: int) -> None:
    state = big_board_state(seed)
    visits = chain.Visits(chain.SEARCH_BUDGET)
    found = chain.good_chains(state, visits)
    assert found, "a 32x32 board of 3 kinds has chains of 3"
    assert visits.used <= chain.SEARCH_BUDGET
    rules = state.level.rules
    for c in found:
        assert ref_chain_ok(state.grid, None, c.path, rules.min_chain, rules.diagonal)
    # legal_commands uses the same bounded search (and so the same answer).
    assert legal_commands(state) == found
    assert max(len(c.path) for c in found) >= 9, "big components still give long chains"


def test_an_exhausted_budget_still_offers_a_legal_chain() -> None:
    state = big_board_state(4)
    found = chain.good_chains(state, chain.Visits(0))
    assert len(found) == 1 and isinstance(found[0], Chain)
    rules = state.level.rules
    assert ref_chain_ok(state.grid, None, found[0].path, rules.min_chain, rules.diagonal)
