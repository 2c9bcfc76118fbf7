"""The playtesting bots: legal, better than chance where they should be, and the prover's proofs win."""

from __future__ import annotations

from typing import Any

import pytest

from game.bots import ChainBot, FairBot, GreedyBot, RandomBot, make_bot, play_game
from game.bots.proving import find_win
from game.bots.simulation import simulate
from game.core import Chain, Level, Session, Status, Swap, legal_commands, new_game

MATCH3 = Level.from_dict({
    "format": 1, "id": "budget", "name": "Budget", "mode": "match3", "width": 8, "height": 8,
    "kinds": 6, "moves": 10, "goals": {"score": 1300},
})
WALL = Level.from_dict({
    "format": 1, "id": "wall", "name": "Wall", "mode": "chain", "width": 8, "height": 8, "kinds": 5,
    "moves": 20,
    "layout": [". . . . . . . .", ". . . . . . . ."] + [". . . # # . . ."] * 5 + ["P . . # # . . ."],
    "goals": {"reach": [7, 7]},
})
COLLECT = Level.from_dict({
    "format": 1, "id": "picking", "name": "Picking", "mode": "chain", "width": 7, "height": 7,
    "kinds": 4, "moves": 10,
    "layout": [". . . . . . ."] * 3 + [". . . P . . ."] + [". . . . . . ."] * 3,
    "goals": {"collect": {2: 16}},
})
FREE = Level.from_dict({
    "format": 1, "id": "free", "name": "Free", "mode": "chain", "width": 7, "height": 7, "kinds": 4,
    "moves": 8, "goals": {"score": 900},
})


def _wins(level: Level, bot: str, games: int = 8) -> int:
    return simulate(level, games, bot).wins


def test_random_bot_plays_only_legal_commands_and_is_repeatable() -> None:
    for level in (MATCH3, FREE):
        a = play_game(level, 5, RandomBot(1))
        b = play_game(level, 5, RandomBot(1))
        assert a.commands == b.commands and a.commands
        assert Session.replay(level, 5, a.commands).state == a.state


def test_greedy_beats_random_on_a_tight_match3_level() -> None:
    greedy, chance = _wins(MATCH3, "greedy"), _wins(MATCH3, "random")
    assert greedy >= 7
    assert greedy >= chance + 4


def test_greedy_takes_a_winning_swap_when_there_is_one() -> None:
    level = Level.from_dict({**MATCH3.to_dict(), "goals": {"score": 30}})
    state = new_game(level, 2)
    command = GreedyBot().choose(state)
    assert isinstance(command, Swap) and command in legal_commands(state)
    session = Session(level, 2)
    session.play(command)
    assert session.state.status == "won"


def test_chain_bot_walks_round_a_wall_to_the_goal() -> None:
    chain, chance = _wins(WALL, "chain"), _wins(WALL, "random")
    assert chain >= 6
    assert chain > chance + 2


def test_chain_bot_prefers_the_kind_it_must_collect() -> None:
    bot = [play_game(COLLECT, s, ChainBot(s)).state for s in range(6)]
    chance = [play_game(COLLECT, s, RandomBot(s)).state for s in range(6)]
    assert all(state.status == "won" for state in bot)

    def per_move(states: list[Any]) -> float:
        return sum(st.collected_of(2) for st in states) / sum(st.moves for st in states)

    # The wanted kind, eaten per move: a win ends the game, so compare rates, not totals.
    assert per_move(bot) > 1.5 * per_move(chance)


def test_chain_bot_starts_anywhere_without_a_player() -> None:
    state = new_game(FREE, 3)
    command = ChainBot().choose(state)
    assert isinstance(command, Chain) and len(command.path) >= FREE.rules.min_chain
    assert _wins(FREE, "chain", 4) == 4


def test_make_bot_refuses_the_wrong_mode_and_unknown_names() -> None:
    with pytest.raises(ValueError, match="match3"):
        make_bot("greedy", WALL)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("clever", WALL)
    assert make_bot("auto", WALL).name == "chain"
    assert make_bot("auto", MATCH3).name == "greedy"


def test_simulation_report_adds_up() -> None:
    report = simulate(MATCH3, 5, "random", first_seed=10)
    assert [g.seed for g in report.games] == [10, 11, 12, 13, 14]
    assert report.wins == sum(g.status == "won" for g in report.games)
    assert report.average_score == sum(g.score for g in report.games) / 5
    assert all(g.moves <= 10 for g in report.games)
    assert all(g.status in ("won", "lost") for g in report.games)


@pytest.mark.parametrize("level", [MATCH3, WALL, COLLECT, FREE], ids=lambda lv: lv.id)
def test_find_win_returns_a_game_that_wins_from_the_same_seed(level: Level) -> None:
    proof = find_win(level, 7)
    assert proof is not None
    session = Session.replay(level, 7, proof.commands)
    assert session.state.status == "won"
    assert session.state.score == proof.score


def test_find_win_gives_up_on_an_impossible_level() -> None:
    level = Level.from_dict({**MATCH3.to_dict(), "moves": 1, "goals": {"score": 99999}})
    assert find_win(level, 0, tries=2) is None


def test_bots_are_pure(monkeypatch: Any) -> None:
    import sys
    import game.bots  # noqa: F401

    for name in ("game.bots.base", "game.bots.greedy", "game.bots.chain_bot",
                 "game.bots.slide_solver", "game.bots.random_bot", "game.bots.proving",
                 "game.bots.fair", "game.bots.simulation"):
        module = sys.modules[name]
        source = open(module.__file__ or "", encoding="utf-8").read()
        assert "import yaml" not in source and "arcade" not in source, name


HARVEST = Level.from_dict({
    "format": 1, "id": "harvest", "name": "Harvest", "mode": "match3", "width": 7, "height": 7,
    "kinds": 5, "moves": 15, "goals": {"collect": {1: 40}},
})


def test_fair_bot_goes_for_the_wanted_kind_without_seeing_spawns() -> None:
    fair = [play_game(HARVEST, s, FairBot(s)).state for s in range(8)]
    chance = [play_game(HARVEST, s, RandomBot(s)).state for s in range(8)]
    for state in fair:   # never stuck: every game plays its 15 moves, or is won sooner
        assert state.moves == 15 or (state.status == Status.WON and state.collected_of(1) >= 40)

    def per_move(states: list[Any]) -> float:
        return sum(st.collected_of(1) for st in states) / sum(st.moves for st in states)

    assert per_move(fair) > 1.3 * per_move(chance)
    # It judges a swap by the board alone: two bots with the same seed agree on any state.
    state = new_game(HARVEST, 3)
    assert FairBot(1).choose(state) == FairBot(1).choose(state)
    assert make_bot("fair", HARVEST).name == "fair"


def test_the_hint_is_the_same_for_the_same_board_and_sees_no_spawn() -> None:
    from game.bots import HintBot

    state = new_game(HARVEST, 3)
    assert HintBot(0).choose(state) == HintBot(9).choose(state)      # no noise
    # Another RNG stream (other spawns to come) on the same board: the same hint.
    import dataclasses
    assert HintBot(0).choose(dataclasses.replace(state, rng=state.rng + 12345)) == HintBot(0).choose(state)


def test_the_hint_bot_sees_only_the_board_and_plays_every_mode() -> None:
    from game.bots import SlideBot, hint_bot

    slide = Level.from_dict({"format": 1, "id": "s", "name": "S", "mode": "slide", "width": 3,
                             "height": 3})
    assert [hint_bot(lv).name for lv in (HARVEST, COLLECT, slide)] == ["hint", "hint", "slide"]
    assert isinstance(hint_bot(slide), SlideBot)
    # On a chain level the fair bot plays the longest chain the core finds on the board.
    state = new_game(COLLECT, 5)
    chosen = FairBot(0).choose(state)
    assert isinstance(chosen, Chain) and chosen == legal_commands(state)[0]
    assert len(chosen.path) == max(len(c.path) for c in legal_commands(state) if isinstance(c, Chain))
    session = play_game(COLLECT, 5, FairBot(5))
    assert session.state.moves > 0 and session.state.status in ("won", "lost")
    with pytest.raises(ValueError, match="plays match3 and chain levels"):
        make_bot("fair", slide)


@pytest.mark.parametrize("level, bot", [(MATCH3, GreedyBot(3)), (COLLECT, ChainBot(3))])
def test_a_bot_game_logs_the_moves_it_weighed_as_the_rules_play_them(level: Level, bot: Any) -> None:
    # The game takes the bot's own working-out of its choice (not played twice): the log must be
    # what the rules give for those commands from the same seed, event for event.
    played = play_game(level, 4, bot)
    again = Session.replay(level, 4, [turn.command for turn in played.turns])
    assert played.played > 3
    assert [turn.events for turn in played.turns] == [turn.events for turn in again.turns]
    assert played.state == again.state
