"""Calibrating the person-like bot on real games: the notice model's chances against a slow
reference, a fit that finds a hidden persona again, and persona files."""

from __future__ import annotations

import itertools
import math
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots.base import play_game
from game.bots.calibrate import PLAN_CEILING, Game, calibrate, fit_look, fit_weights, skill_persona
from game.bots.likelihood import (
    Decision, best_notice, chance_of, decisions_of, mixed_chance, move_chance, standing, standings, stands, top_share,
)
from game.bots.persona import DEFAULT_PERSONA, Features, Persona
from game.bots.persona_file import PersonaFileError, load_persona, persona_to_yaml, save_persona
from game.bots.person import cascade_features, person_bot, thought_through, wanted_tiles, weighed_options
from game.core import Mode, Work
from game.io import find_pack

HIDDEN = Persona(name="hidden", notice=0.35, wanted_weight=1.5, depth_weight=0.0)


def _reference_chance(worths: list[float], chosen: int, notice: float) -> float:
    """The chance the notice model plays `chosen`, by going through every set of noticed moves:
    the best noticed wins (ties shared evenly); none noticed, each move is the random pick."""
    n = len(worths)
    total = 0.0
    for noticed in itertools.product((False, True), repeat=n):
        chance = math.prod(notice if seen else 1 - notice for seen in noticed)
        seen = [i for i in range(n) if noticed[i]]
        if not seen:
            total += chance / n
            continue
        top = max(worths[i] for i in seen)
        best = [i for i in seen if worths[i] == top]
        if chosen in best:
            total += chance / len(best)
    return total


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=7), st.data(),
       st.floats(0.02, 0.99))
def test_the_move_chance_is_the_notice_models_own(worths: list[int], data: st.DataObject, notice: float) -> None:
    chosen = data.draw(st.integers(0, len(worths) - 1))
    decision = Decision(tuple(Features(w) for w in worths), chosen)
    got = move_chance(standing(decision, DEFAULT_PERSONA), notice)
    assert got == pytest.approx(_reference_chance([float(w) for w in worths], chosen, notice), abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=1, max_size=12), st.floats(0.02, 0.99))
def test_the_chances_of_all_moves_add_up_to_one(worths: list[int], notice: float) -> None:
    options = tuple(Features(w) for w in worths)
    total = sum(move_chance(standing(Decision(options, i), DEFAULT_PERSONA), notice) for i in range(len(worths)))
    assert total == pytest.approx(1.0)


def _games_of(persona: Persona, count: int) -> list[Game]:
    levels = [lv for lv in find_pack("first-steps").levels if lv.mode != Mode.SLIDE]
    games = []
    for n in range(count):
        level = levels[n % len(levels)]
        games.append(Game(level, 300 + n, play_game(level, 300 + n, person_bot(level.mode, 40 + n, persona))))
    return games


def test_a_fit_finds_a_hidden_persona_again() -> None:
    fit = calibrate(_games_of(HIDDEN, 30))
    assert abs(fit.persona.notice - HIDDEN.notice) < 0.1       # the default notices 0.75
    assert fit.persona.wanted_weight < DEFAULT_PERSONA.wanted_weight
    assert fit.log_likelihood > fit.default_log_likelihood + 0.5
    assert dict(fit.persona.fitted)["games"] == 30
    assert fit.moves > 100


LOOKER = Persona(name="looker", notice=0.9, look=1.0)


def test_a_fit_finds_a_hidden_player_who_looks_ahead() -> None:
    games = _games_of(LOOKER, 8)
    fitted, looked, score = fit_look(games, DEFAULT_PERSONA.with_number("notice", LOOKER.notice))
    assert fitted.look >= 0.5
    _, blind = best_notice(standings(looked, DEFAULT_PERSONA))
    assert score > blind + 0.05 * len(looked)      # its moves are far likelier looking than not
    # Read for a looking persona, the moves it made are mostly its own first choice.
    assert sum(standing(d, fitted)[0] == 0 for d in looked) > 0.8 * len(looked)


def test_a_persona_that_notices_everything_always_plays_its_first_choice() -> None:
    sharp = Persona(notice=1.0)
    for game in _games_of(sharp, 4):
        for decision in decisions_of(game.session):
            assert standing(decision, sharp)[0] == 0


def test_a_persona_that_always_plans_plays_the_games_hint() -> None:
    planner = Persona(plan=1.0)
    game = _games_of(planner, 1)[0]
    read = decisions_of(game.session, planning=True)
    assert read and all(d.chosen == d.planned for d in read)
    assert top_share(read, planner) == 1.0


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=1, max_size=12), st.floats(0.02, 0.99), st.floats(0.0, 1.0),
       st.data())
def test_a_persona_that_plans_still_gives_every_move_a_chance_adding_up_to_one(
        worths: list[int], notice: float, plan: float, data: st.DataObject) -> None:
    planner = Persona(notice=notice, plan=plan)
    hinted = data.draw(st.integers(-1, len(worths) - 1))     # -1: the hint's move is none of them
    options = tuple(Features(w) for w in worths)
    chances = [chance_of(Decision(options, i, planned=hinted), planner) for i in range(len(worths))]
    assert sum(chances) == pytest.approx(1.0) if hinted >= 0 else sum(chances) == pytest.approx(1.0 - plan)
    if hinted >= 0:
        # The hint's move is at least as likely as the plan says.
        assert chances[hinted] >= plan - 1e-12


@settings(max_examples=50, deadline=None)
@given(st.floats(0.01, 1.0), st.floats(0.0, 100.0), st.floats(0.0, 100.0), st.floats(0.0, 1.0),
       st.floats(0.0, 1.0), st.text(min_size=1, max_size=20).filter(str.strip))
def test_a_persona_file_reads_back_as_written(notice: float, wanted: float, depth: float, look: float,
                                              plan: float, name: str) -> None:
    persona = Persona(name=name.strip(), notice=notice, wanted_weight=wanted, depth_weight=depth, look=look,
                      plan=plan, fitted=(("games", 20.0), ("moves", 311.0)))
    folder = pathlib.Path(__import__("tempfile").mkdtemp())
    save_persona(persona, folder / "p.yaml")
    assert load_persona(folder / "p.yaml") == persona
    assert persona_to_yaml(persona) == (folder / "p.yaml").read_text(encoding="utf-8")


def test_a_persona_file_from_before_look_reads_as_looking_nowhere(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "old.yaml"
    path.write_text("persona: 1\nname: testers\nnotice: 0.6\nwanted_weight: 2.0\nslip: 0.03\n", encoding="utf-8")
    old = load_persona(path)
    assert old.look == 0.0 and old.plan == 0.0 and old == Persona(name="testers", notice=0.6, wanted_weight=2.0)
    save_persona(old, path)
    written = path.read_text(encoding="utf-8")
    assert "look: 0.0" in written and "plan: 0.0" in written and load_persona(path) == old


@pytest.mark.parametrize(("text", "said"), [
    ("persona: 1\nlook: 1.5\n", "2:7: look: expected a number from 0 to 1"),
    ("persona: 1\nplan: 2\n", "2:7: plan: expected a number from 0 to 1"),
    ("persona: 1\ncolour: 2.5\n", "2:9: colour: expected a whole number from 1 to 16"),
    ("persona: 1\nforesight: -1\n", "2:12: foresight: expected a number from 0 to 1"),
    ("persona: 1\nsight: 2\n", "2:8: sight: expected a number from 0 to 1"),
    ("persona: 1\nsight: far\n", "2:8: sight: expected a number"),
    ("notice: 0.5\n", "1:1: a persona file is a mapping that starts with 'persona: 1'"),
    ("persona: 2\n", "1:10: persona: this game reads persona format 1"),
    ("persona: 1\nnotise: 0.5\n", "2:1: notise: unknown key"),
    ("persona: 1\nnotice: 0\n", "2:9: notice: expected a number from 0.01 to 1"),
    ("persona: 1\nnotice: .nan\n", "2:9: notice: expected a number"),
    ("persona: 1\nwanted_weight: yes\n", "2:16: wanted_weight: expected a number"),
    ("persona: 1\nname: ''\n", "2:7: name: expected a short name"),
    ("persona: 1\nfitted: [1, 2]\n", "2:9: fitted: expected the fit's figures"),
    ("- a\n- b\n", "1:1: a persona file is a mapping"),
    ("persona: 1\n  bad: [\n", "persona.yaml:"),
])
def test_a_bad_persona_file_is_one_located_line(tmp_path: pathlib.Path, text: str, said: str) -> None:
    path = tmp_path / "persona.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PersonaFileError) as caught:
        load_persona(path)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message and said in message


def test_a_fit_finds_a_hidden_players_liked_colour() -> None:
    liker = Persona(name="liker", notice=0.6, colour=2, colour_weight=2.0)
    decisions = [d for game in _games_of(liker, 8) for d in decisions_of(game.session)]
    fitted, _ = fit_weights(decisions)
    assert fitted.colour == 2 and fitted.colour_weight > 0.0
    # A player who likes no colour is not given one.
    plain = [d for game in _games_of(HIDDEN, 8) for d in decisions_of(game.session)]
    assert fit_weights(plain)[0].colour_weight == 0.0


def test_a_fit_finds_a_hidden_player_who_foresees_the_coming_tiles() -> None:
    seer = Persona(name="seer", notice=0.95, look=1.0, foresight=1.0)
    fitted, looked, _ = fit_look(_games_of(seer, 6), DEFAULT_PERSONA.with_number("notice", 0.95))
    assert fitted.look >= 0.5 and fitted.foresight >= 0.5
    assert all(d.foreseen for d in looked)


def test_a_person_thinks_through_some_of_the_equals_at_its_last_place() -> None:
    assert thought_through([5.0, 3.0, 3.0, 3.0, 1.0], 2) == ([0], [1, 2, 3], 1)
    assert thought_through([5.0, 4.0, 3.0], 2) == ([0, 1], [], 0)
    assert thought_through([2.0, 2.0], 4) == ([0, 1], [], 0)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=2, max_size=9), st.floats(0.02, 0.99), st.data())
def test_with_picks_among_equals_the_chances_of_all_moves_still_add_up_to_one(
        worths: list[int], notice: float, data: st.DataObject) -> None:
    follow = tuple(float(x) for x in data.draw(st.lists(st.integers(0, 9), min_size=len(worths),
                                                        max_size=len(worths))))
    left = data.draw(st.lists(st.lists(st.integers(0, len(worths) - 1), max_size=3), min_size=1, max_size=4))
    draws = tuple(tuple(sorted(set(d))) for d in left)
    looker = Persona(notice=notice, look=0.5)
    options = tuple(Features(w) for w in worths)
    total = sum(mixed_chance(stands(Decision(options, i, follow, draws=draws), looker), notice)
                for i in range(len(worths)))
    assert total == pytest.approx(1.0)


def test_a_persona_file_from_before_colour_and_foresight_likes_none_and_foresees_nothing(
        tmp_path: pathlib.Path) -> None:
    path = tmp_path / "old.yaml"
    path.write_text("persona: 1\nname: testers\nnotice: 0.6\nlook: 0.5\nplan: 0.1\n", encoding="utf-8")
    old = load_persona(path)
    assert old.foresight == 0.0 and old.colour_weight == 0.0 and old.sight == 0.0
    assert old == Persona(name="testers", notice=0.6, look=0.5, plan=0.1)
    liker = Persona(name="liker", foresight=0.5, colour=3, colour_weight=1.5, sight=0.5)
    save_persona(liker, path)
    written = path.read_text(encoding="utf-8")
    assert "colour: 3\n" in written and "sight: 0.5\n" in written and load_persona(path) == liker


SEER = Persona(name="seer", notice=1.0, sight=1.0)


def test_a_persona_that_reads_its_moves_cascades_plays_what_it_reads() -> None:
    # The bot and the fit weigh a move alike: every move this persona made is its first choice
    # as the fit reads it, and the moves that set off cascades are read as taking more.
    cascaded = 0
    for game in _games_of(SEER, 3):
        read = decisions_of(game.session, seeing=True)
        assert read and all(standing(d, SEER)[0] == 0 for d in read)
        cascaded += sum(g.tiles > f.tiles for d in read for f, g in zip(d.options, d.seen))
    assert cascaded > 0
    # Without its sight, the same persona would not have made all of them.
    blind = SEER.with_number("sight", 0.0)
    assert any(standing(d, blind)[0] > 0 for game in _games_of(SEER, 3) for d in decisions_of(game.session))


def test_a_fit_finds_a_hidden_player_who_reads_its_moves_cascades() -> None:
    games = _games_of(Persona(name="seer", notice=0.9, sight=1.0), 6)
    fitted, looked, score = fit_look(games, DEFAULT_PERSONA.with_number("notice", 0.9))
    assert fitted.sight == 1.0
    assert any(d.seen for d in looked) and all(len(d.seen) in (0, len(d.options)) for d in looked)
    # A player who reads only its own clears is not given the sight.
    plain, _, _ = fit_look(_games_of(HIDDEN, 6), HIDDEN)
    assert plain.sight == 0.0


def test_the_skill_knob_reads_the_board_better_before_it_plans() -> None:
    start = Persona(notice=0.5, look=0.25)
    assert skill_persona(start, 1.0) == start
    read = skill_persona(start, 2.0)
    assert (read.notice, read.sight, read.look, read.foresight, read.plan) == (0.99, 1.0, 1.0, 1.0, 0.0)
    planner = skill_persona(start, 3.0)
    assert planner.plan == PLAN_CEILING and planner.sight == 1.0
    assert skill_persona(start, 0.0).notice < start.notice


def test_reading_cascades_stops_when_the_games_budget_is_spent() -> None:
    # A winning move on a big board plays out its whole finale: the reading is charged to the
    # game's look-ahead budget, and once that is gone the moves left are read by their own clears.
    level = find_pack("first-steps").level("the-diamond")
    state = play_game(level, 3, person_bot(level.mode, 3)).initial
    options, features = weighed_options(state)
    full, _ = cascade_features(state, options, features, wanted_tiles(state))
    work = Work(budget=2 * level.width * level.height)
    cut, wins = cascade_features(state, options, features, wanted_tiles(state), work)
    assert work.spent
    read = next(i for i, (f, g) in enumerate(zip(cut, features)) if f is g)   # the first left unread
    assert 0 < read < len(options) and cut[:read] == full[:read]
    assert all(f is g for f, g in zip(cut[read:], features[read:])) and not any(wins[read:])
