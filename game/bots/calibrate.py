"""Fit a persona to real games: the numbers that make the moves people made most likely, checked against how their games ended."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.core import Level, Session, Status

from .base import play_game
from .likelihood import (
    NOTICE_CEILING, NOTICE_FLOOR, Decision, best_notice, decisions_of, log_likelihood, persona_log_likelihood,
    standings, top_share,
)
from .persona import DEFAULT_PERSONA, Persona
from .person import person_bot

# The values each weight may take in the search (the default's own value is always tried too).
# Coarse on purpose: twenty games say little finer than this, and each try is a pass over
# every option of every move.
STEPS: dict[str, tuple[float, ...]] = {
    "wanted_weight": (1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 9.0, 14.0),
    "special_bonus": (0.0, 0.5, 1.0, 1.5, 2.5, 4.0, 6.0, 10.0),
    "blocker_weight": (0.0, 1.0, 2.0, 4.0, 6.0, 10.0, 16.0),
    "depth_weight": (0.0, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0),
    "reach_step_weight": (0.0, 0.5, 1.5, 3.0, 6.0, 12.0),
}
# A liked colour's weight is tried at these values, for each colour the moves' tiles show.
COLOUR_STEPS = (0.5, 1.0, 2.0, 4.0)
# A liked colour is two numbers more to fit, tried over every colour: the moves must say so by
# more than noise would (Schwarz's rule: a log-likelihood gain of half the log of the moves a
# number, so ln(moves) for the two).
ROUNDS = 4
# A weight moves only for a gain in log-likelihood above this: where the games say nothing of
# a weight (no collect goal, no blockers) it keeps the default's value.
GAIN = 1e-6
# Persona games played in all for each skill tried when the fit is held against how the games
# ended (at least one per real game), and the halvings of the skill knob's bisection.
OUTCOME_PLAYS = 80
SKILL_STEPS = 5
# The most a fitted persona plans: at 1 every move the hint did not give would be impossible.
PLAN_CEILING = 0.95
# The looks tried (how much the best follow-up counts against the move's own worth); the
# moves choose among them, and the skill knob looks up to the last.
LOOKS = (0.0, 0.25, 0.5, 0.75, 1.0)
# The foresights tried with each look (how much of the tiles that really fell the look past sees).
FORESIGHTS = (0.0, 0.5, 1.0)
# The sights tried (how much of what a match3 move takes as a whole, cascades included, its
# worth reads): each is a reading of the moves of its own, so only the two ends.
SIGHTS = (0.0, 1.0)
# The skill knob's top: from 1 to 2 a stronger reader of the board, from 2 to 3 a planner too.
SKILL_TOP = 3.0


@dataclass(frozen=True, slots=True)
class Game:
    """One real game to learn from: its level, its seed and how it was played."""

    level: Level
    seed: int
    session: Session

    @property
    def won(self) -> bool:
        return self.session.state.status == Status.WON


@dataclass(frozen=True, slots=True)
class Fit:
    """What calibrate found: the persona, and how well it and the default explain the games."""

    persona: Persona
    games: int
    moves: int                  # decisions the fit weighed (match3 swaps and chains)
    log_likelihood: float       # per move, the fitted persona
    default_log_likelihood: float
    top1: float                 # share of moves that were the persona's first choice
    default_top1: float
    real_wins: float            # share of the games people won
    predicted_wins: float       # share the fitted persona wins on the same levels and seeds
    default_predicted_wins: float

    def figures(self) -> tuple[tuple[str, float], ...]:
        """The figures a persona file keeps under `fitted:`."""
        return (("games", self.games), ("moves", self.moves),
                ("log_likelihood_per_move", round(self.log_likelihood, 4)),
                ("default_log_likelihood_per_move", round(self.default_log_likelihood, 4)),
                ("top1", round(self.top1, 4)), ("default_top1", round(self.default_top1, 4)),
                ("real_wins", round(self.real_wins, 4)), ("predicted_wins", round(self.predicted_wins, 4)),
                ("default_predicted_wins", round(self.default_predicted_wins, 4)))


def _steps(persona: Persona, colours: int) -> list[tuple[tuple[str, float], ...]]:
    """The changes fit_weights tries from `persona`: each weight at each of its STEPS; and, if it
    likes no colour, each colour (1..colours) liked at weight 1, else its colour's weight at each
    of COLOUR_STEPS and each other colour at that weight."""
    steps: list[tuple[tuple[str, float], ...]] = [((name, value),) for name, values in STEPS.items()
                                                  for value in values]
    if not persona.colour_weight:
        return steps + [(("colour", float(colour)), ("colour_weight", 1.0)) for colour in range(1, colours + 1)]
    return steps + [(("colour_weight", weight),) for weight in COLOUR_STEPS] + \
        [(("colour", float(colour)),) for colour in range(1, colours + 1)]


def fit_weights(decisions: Sequence[Decision], start: Persona = DEFAULT_PERSONA,
                tick: Callable[[], None] | None = None) -> tuple[Persona, float]:
    """The weights (each from STEPS, and a liked colour from COLOUR_STEPS, one at a time, for a
    few rounds) and the notice chance that make `decisions` most likely, and that log-likelihood."""
    persona = start

    def penalty(p: Persona) -> float:
        return math.log(len(decisions)) if p.colour_weight and decisions else 0.0

    notice, best = best_notice(standings(decisions, persona))
    best -= penalty(persona)
    colours = max((len(f.kinds) - 1 for d in decisions for f in d.options), default=0)
    for _ in range(ROUNDS):
        moved = False
        for change in _steps(persona, colours):
            if all(getattr(persona, name) == value for name, value in change):
                continue
            trial = persona
            for name, value in change:
                trial = trial.with_number(name, value)
            p, score = best_notice(standings(decisions, trial))
            score -= penalty(trial)
            if tick is not None:
                tick()
            if score > best + GAIN:
                persona, notice, best, moved = trial, p, score, True
        if not moved:
            break
    return dataclasses.replace(persona, notice=round(notice, 4)), best + penalty(persona)


def fit_look(games: Sequence[Game], persona: Persona, tick: Callable[[], None] | None = None,
             sights: Sequence[float] = SIGHTS) -> tuple[Persona, list[Decision], float]:
    """The sight (from `sights`), look (from LOOKS), foresight (from FORESIGHTS) and notice
    chance that, with `persona`'s weights, make the games' moves most likely; the decisions read
    (for the sight found) with what each move takes as a whole and what looking past it shows
    to those weights, on an imagined refill and on the tiles that really fell (what the
    likelihood of a looking persona of these weights needs); that log-likelihood."""
    best: tuple[float, float, Persona, list[Decision]] | None = None
    for sight in sights:
        seer = persona.with_number("sight", sight)
        looked = [d for game in games for d in decisions_of(game.session, looking=seer, foreseeing=True)]
        # The sight, the look and the foresight are a number each to fit: each must say so by
        # more than noise would (Schwarz's rule, as for a liked colour).
        price = math.log(max(2, len(looked))) / 2
        for look in LOOKS:
            for foresight in FORESIGHTS if look else (0.0,):
                trial = seer.with_number("look", look).with_number("foresight", foresight)
                notice, score = best_notice(standings(looked, trial))
                if tick is not None:
                    tick()
                priced = score - price * ((sight > 0) + (look > 0) + (foresight > 0))
                if best is None or priced > best[0] + GAIN:
                    best = (priced, score, dataclasses.replace(trial, notice=round(notice, 4)), looked)
    assert best is not None
    return best[2], best[3], best[1]


def refit_look(games: Sequence[Game], persona: Persona, looked: list[Decision], score: float,
               tick: Callable[[], None] | None = None) -> tuple[Persona, list[Decision], float]:
    """A looking persona's weights tried at 0 one by one, the moves read again each time
    (fit_look): a weight the one-move fit gave may stand for what the look explains better (a
    player who looks ahead goes toward a reach goal without valuing steps). Keeps the likeliest
    (a change only for a gain); returns it, its decisions and their log-likelihood."""
    for name in STEPS:
        if not persona.look or not getattr(persona, name):
            continue
        trial, read, tried = fit_look(games, persona.with_number(name, 0.0), tick, sights=(persona.sight,))
        if tried > score + GAIN:
            persona, looked, score = trial, read, tried
    return persona, looked, score


def win_share(games: Sequence[Game], persona: Persona, per_game: int = 1) -> float:
    """The share of the games' levels and seeds the persona wins (`per_game` bot seeds each)."""
    if not games:
        return 0.0
    wins = 0
    for n, game in enumerate(games):
        for k in range(per_game):
            bot = person_bot(game.level.mode, seed=(n * per_game + k) * 7919 + 1, persona=persona)
            wins += play_game(game.level, game.seed, bot).state.status == Status.WON
    return wins / (len(games) * per_game)


def skill_persona(persona: Persona, skill: float) -> Persona:
    """`persona` made weaker or stronger along one knob, `skill` from 0 to SKILL_TOP: at 1
    itself; below 1 its notice chance falls toward NOTICE_FLOOR (at 0, nearly every move a random
    one); from 1 to 2, with t = skill - 1, a stronger reader of the board with the same rule of
    thumb: it notices more (toward NOTICE_CEILING), reads more of what its moves take as a whole
    (sight, toward 1), and looks further past a move (toward the most look) on more of the tiles
    that really fall (foresight, toward 1), all at their most at 2; from 2 to 3, with u = skill -
    2, it also thinks a move through as the game's hint does with the chance u * PLAN_CEILING."""
    if skill <= 1.0:
        notice = NOTICE_FLOOR + max(0.0, skill) * (persona.notice - NOTICE_FLOOR)
        return dataclasses.replace(persona, notice=round(notice, 4), plan=0.0)
    t = min(1.0, skill - 1.0)
    u = min(1.0, max(0.0, skill - 2.0))

    def toward(now: float, most: float) -> float:
        return round(now + t * (most - now), 4)

    return dataclasses.replace(persona, notice=toward(persona.notice, NOTICE_CEILING), sight=toward(persona.sight, 1.0),
                               look=toward(persona.look, LOOKS[-1]), foresight=toward(persona.foresight, 1.0),
                               plan=round(u * PLAN_CEILING, 4))


def match_wins(games: Sequence[Game], persona: Persona, per_game: int,
               tick: Callable[[], None] | None = None) -> tuple[Persona, float]:
    """The persona along the skill knob (skill_persona) whose wins on the games' own levels and
    seeds come nearest the people's, and its share: `persona` itself when its wins are within a
    standard error of theirs (the moves' fit stands), else a bisection of up to SKILL_STEPS
    halvings toward them (the same bot seeds at every step; it stops within half a game), the
    nearest try kept (of equals, the one nearest `persona`)."""
    real = sum(g.won for g in games) / len(games)
    tried: list[tuple[float, float, float, Persona]] = []

    def share(skill: float) -> float:
        trial = skill_persona(persona, skill)
        won = win_share(games, trial, per_game)
        tried.append((abs(won - real), abs(skill - 1.0), won, trial))
        if tick is not None:
            tick()
        return won

    n = len(games)
    # The moves' fit stands unless the outcomes say otherwise: more than a standard error off.
    if abs(share(1.0) - real) > max(math.sqrt(real * (1 - real) / n), 1 / n):
        low, high = (1.0, SKILL_TOP) if tried[0][2] < real else (0.0, 1.0)
        for _ in range(SKILL_STEPS):
            middle = (low + high) / 2
            won = share(middle)
            if abs(won - real) <= 1 / (2 * n):
                break
            if won < real:
                low = middle
            else:
                high = middle
    _, _, won, best = min(tried, key=lambda t: (t[0], t[1]))
    return best, won


def calibrate(games: Sequence[Game], name: str = "calibrated",
              tick: Callable[[], None] | None = None) -> Fit:
    """Fit a persona to `games` (match3 and chain; slide games hold no choices to weigh).

    First the weights and notice chance that make the moves most likely, weighing one move
    (fit_weights); then, with those weights, how much of a move's cascade the person reads and
    how far past a move they look (fit_look).
    Then the fit is held against how the games ended: the persona that explains the moves best
    may still win far more or less often than the people did (a person who plans makes moves no
    one-move rule quite explains). So, unless it already wins within a standard error of them,
    one skill knob (skill_persona: down, its notice chance falls; up, it notices more, reads its
    moves' cascades and looks further, then plays the game's hint's move now and then too) is
    set by bisection until the persona wins the people's own levels and seeds as often as they
    did (match_wins): what it is asked to predict is how often people win."""
    decisions = [d for game in games for d in decisions_of(game.session)]
    if not decisions:
        raise ValueError("no match3 or chain move to learn from in these games")
    weighed, _ = fit_weights(decisions, tick=tick)
    looking, looked, score = fit_look(games, weighed, tick=tick)
    looking, looked, _ = refit_look(games, looking, looked, score, tick)
    real = sum(g.won for g in games) / len(games)
    per_game = max(1, OUTCOME_PLAYS // len(games))
    persona, predicted = match_wins(games, looking, per_game, tick)
    default_wins = win_share(games, DEFAULT_PERSONA, per_game)
    # The moves as the persona found reads them (again when the skill knob changed its sight).
    if persona.sight != looking.sight:
        looked = [d for game in games for d in decisions_of(game.session, looking=persona, foreseeing=True, seeing=True)]
    read = looked if persona.look or persona.sight else decisions
    if persona.plan:
        # The same decisions, each with the move the game's hint gives.
        planned = [d.planned for game in games for d in decisions_of(game.session, planning=True)]
        read = [dataclasses.replace(d, planned=p) for d, p in zip(read, planned, strict=True)]
    moves = len(decisions)
    fit = Fit(
        persona=dataclasses.replace(persona, name=name),
        games=len(games), moves=moves,
        log_likelihood=persona_log_likelihood(read, persona) / moves,
        default_log_likelihood=log_likelihood(standings(decisions, DEFAULT_PERSONA), DEFAULT_PERSONA.notice) / moves,
        top1=top_share(read, persona), default_top1=top_share(decisions, DEFAULT_PERSONA),
        real_wins=real, predicted_wins=predicted,
        default_predicted_wins=default_wins)
    return dataclasses.replace(fit, persona=dataclasses.replace(fit.persona, fitted=fit.figures()))
