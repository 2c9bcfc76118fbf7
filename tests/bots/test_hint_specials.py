"""The hint goes for specials: of the legal swaps it shows the one that makes or sets off the
strongest special, over a plain run of three, and it learns that from the core alone."""

from __future__ import annotations

import dataclasses

import pytest

from game.bots import HintBot
from game.bots.person import PersonMatch3Bot
from game.core import Level, Special, State, Swap, legal_commands, new_game, swap_specials

# A board with no free swap (kind (c + 2r) % 6 + 1), with a few tiles changed to give it moves.
PLAIN = [[(c + 2 * r) % 6 + 1 for c in range(7)] for r in range(7)]


def _board(changes: dict[tuple[int, int], str]) -> State:
    rows = [[str(k) for k in row] for row in PLAIN]
    for (r, c), token in changes.items():
        rows[r][c] = token
    level = Level.from_dict({"format": 1, "id": "hint-board", "name": "Hint board", "mode": "match3",
                             "width": 7, "height": 7, "kinds": 6, "moves": 10,
                             "layout": [" ".join(row) for row in rows], "goals": {"score": 9000}})
    state = new_game(level, 0)
    assert [[str(k) for k in row] for row in state.grid] == [[t.rstrip("hvb") for t in row] for row in rows]
    return state


# A run of three at the bottom (the low swap a person's rule of thumb likes) in every board.
LOW_RUN = {(6, 4): "5", (6, 5): "5", (5, 6): "5"}
LOW_SWAP = Swap((5, 6), (6, 6))


def _four(kind: str) -> dict[tuple[int, int], str]:
    """Row 0 reads k k . k with a k under the gap: one swap lines up four (or five, if the
    board's own tile at 0,4 is a k too)."""
    return {(0, 0): kind, (0, 1): kind, (0, 3): kind, (1, 2): kind}


def test_the_hint_makes_a_line_special_rather_than_a_plain_low_run() -> None:
    state = _board({**_four("2"), **LOW_RUN})
    line = Swap((0, 2), (1, 2))
    assert {line, LOW_SWAP} <= set(legal_commands(state))
    assert swap_specials(state, line) == ((Special.COLUMN,), ())
    assert swap_specials(state, LOW_SWAP) == ((), ())
    # The person bots go for the four too (the core says it makes a special), as people do.
    person = PersonMatch3Bot(0)
    assert max(legal_commands(state), key=lambda c: person.worth(state, c)) == line  # type: ignore[arg-type]
    assert person.worth(state, line) > person.worth(state, LOW_SWAP)
    assert HintBot(0).choose(state) == line


def test_the_hint_takes_the_strongest_special_on_offer() -> None:
    # Kind 1 at 2,2 (the board's own) turns the four into an L as well: a bomb beats a line.
    state = _board({**_four("1"), **LOW_RUN})
    made = {c: swap_specials(state, c)[0] for c in legal_commands(state) if isinstance(c, Swap)}
    assert (Special.BOMB,) in made.values() and (Special.COLUMN,) in made.values()
    assert made[HintBot(0).choose(state)] == (Special.BOMB,)    # type: ignore[index]
    # Kind 5 at 0,4 (the board's own) makes the four a five: a rainbow beats them all.
    state = _board({**_four("5"), **LOW_RUN})
    choice = HintBot(0).choose(state)
    assert swap_specials(state, choice) == ((Special.RAINBOW,), ())   # type: ignore[arg-type]


def test_the_hint_fires_two_specials_together() -> None:
    state = _board({(2, 2): "2h", (2, 3): "4v", **LOW_RUN})
    combo = Swap((2, 2), (2, 3))
    assert combo in legal_commands(state)
    assert sorted(swap_specials(state, combo)[1]) == sorted((Special.ROW, Special.COLUMN))
    assert HintBot(0).choose(state) == combo


@pytest.mark.parametrize("changes", [{**_four("2"), **LOW_RUN}, {(2, 2): "2h", (2, 3): "4v", **LOW_RUN}])
def test_the_special_hint_sees_no_spawn(changes: dict[tuple[int, int], str]) -> None:
    state = _board(changes)
    other_stream = dataclasses.replace(state, rng=state.rng + 98765)
    assert HintBot(0).choose(other_stream) == HintBot(3).choose(state)
    for swap in legal_commands(state):
        assert swap_specials(other_stream, swap) == swap_specials(state, swap)  # type: ignore[arg-type]
