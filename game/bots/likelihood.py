"""How likely a persona makes the moves a person made: decisions read off a game, and the chance of each under the notice model."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.core import Command, Mode, Session, State, Status, Work, hint_move

from .base import BotRandom
from .persona import Features, Persona
from .person import cascade_features, follow_ups, look_width, sighted, thought_through, wanted_tiles, weighed_options

# Worths closer than this are a tie: the bot breaks ties by its draw (a millionth at most).
TIE = 1e-6
# The notice chance is kept inside this band: at 1 a move the persona ranks second would be
# impossible, and one such move would make the whole fit -inf.
NOTICE_FLOOR, NOTICE_CEILING = 0.02, 0.99
# A looking persona picks at random which of the equals at the last place it thinks through:
# the chance of a move is its mean over this many such picks, drawn once when the move is read.
LOOK_DRAWS = 16


@dataclass(frozen=True, slots=True)
class Decision:
    """One move a person made: every move they could have made (as the person bot sees them,
    in the order it sees them) and which one they chose. `follow` (when the decision was read
    for a persona that looks ahead) holds what looking past each move shows to that persona's
    weights (person.follow_ups) on an imagined refill, and `foreseen` (read for a persona that
    foresees) what it shows on the tiles that really fell; without them the decision weighs one
    move only. `planned` (when
    the decision was read for a persona that plans) is the option the game's hint gives (-1: not
    read, or the hint is none of the options). `draws` (read for a looking persona whose last
    places straddle equals) holds, for each of LOOK_DRAWS random picks, the equals it leaves
    unthought (`follow` and `foreseen` hold what every one of them shows). `seen` and `wins`
    (read for a persona that reads its moves' cascades: match3) hold what each move takes as a
    whole as the tiles really fell (person.cascade_features) and whether it wins."""

    options: tuple[Features, ...]
    chosen: int
    follow: tuple[float, ...] = ()
    planned: int = -1
    foreseen: tuple[float, ...] = ()
    draws: tuple[tuple[int, ...], ...] = ()
    seen: tuple[Features, ...] = ()
    wins: tuple[bool, ...] = ()


def decisions_of(session: Session, looking: Persona | None = None, planning: bool = False,
                 foreseeing: bool = False, seeing: bool = False) -> list[Decision]:
    """The decisions of a played game: each match3 swap or chain command made while the game
    was playing (slide games and the finale hold no choices a persona weighs). With `looking`,
    each also holds what looking past its moves shows to that persona's weights (and sight);
    with `planning`, the move the game's hint gives (its look-ahead budget the game's own); with
    `foreseeing` too, what looking past shows on the tiles that really fell; with `seeing` (or
    a `looking` persona with sight), what each move takes as a whole."""
    out: list[Decision] = []
    state = session.initial
    work = Work() if planning else None
    # Reading the moves' cascades costs what the bot's own reading does: a game's budget.
    reading = Work()
    for n, turn in enumerate(session.turns):
        decision = decision_at(state, turn.command, looking, work, foreseeing, seed=n, seeing=seeing,
                               reading=reading)
        if decision is not None:
            out.append(decision)
        state = turn.state
    return out


def decision_at(state: State, command: Command, looking: Persona | None = None,
                planning: Work | None = None, foreseeing: bool = False, seed: int = 0,
                seeing: bool = False, reading: Work | None = None) -> Decision | None:
    """The decision of playing `command` in `state` (None: nothing a persona weighs); with
    `looking`, what looking past each move shows; with `planning` (a look-ahead budget), which
    move the game's hint gives; with `foreseeing` (and `looking`), what looking past shows on
    the game's own coming tiles as well (`seed`: of the picks among equals at the last place
    thought through); with `seeing` (or a `looking` persona with sight), what each move takes
    as a whole, as the tiles really fell (each move played out charged to `reading`, the
    game's budget for it: once spent, a move is read by its own clear, as the bot reads it)."""
    if state.status != Status.PLAYING or state.level.mode == Mode.SLIDE:
        return None
    options, features = weighed_options(state)
    if command not in options:
        return None
    follow: tuple[float, ...] = ()
    foreseen: tuple[float, ...] = ()
    draws: tuple[tuple[int, ...], ...] = ()
    seen: tuple[Features, ...] = ()
    wins: tuple[bool, ...] = ()
    played: dict[int, State] = {}
    if (seeing or (looking is not None and looking.sight)) and state.level.mode == Mode.MATCH3:
        cascades, won = cascade_features(state, options, features, wanted_tiles(state), reading, played)
        seen, wins = tuple(cascades), tuple(won)
    if looking is not None:
        worths = [looking.worth(f) for f in features]
        if looking.sight and seen:
            worths = sighted(looking, worths, seen, wins)
        _, tied, slots = thought_through(worths, look_width(state, len(options)))
        if tied:
            rng = BotRandom(seed)
            draws = tuple(tuple(sorted(set(tied) - set(rng.sample(tied, slots)))) for _ in range(LOOK_DRAWS))
        follow = tuple(follow_ups(state, options, worths, looking, foresight=0.0))
        if foreseeing:
            foreseen = tuple(follow_ups(state, options, worths, looking, foresight=1.0, known=played))
    planned = -1
    if planning is not None:
        hint = hint_move(state, planning)
        planned = options.index(hint) if hint in options else -1
    return Decision(tuple(features), options.index(command), follow, planned, foreseen, draws, seen, wins)


Standing = tuple[int, int, int]
"""Where a chosen move stands among its options for one persona: (options worth more, options
worth the same counting itself, all options)."""


def option_worths(decision: Decision, persona: Persona, unthought: tuple[int, ...] = ()) -> list[float]:
    """What each option of `decision` is worth to `persona` (as person.looked_worths, with the
    look past read off the decision: the imagined and the foreseen mixed by its `foresight`;
    with `sight`, what each move takes as a whole mixed in; the options `unthought` weigh one
    move only)."""
    one = [persona.worth(f) for f in decision.options]
    if persona.sight and decision.seen:
        one = sighted(persona, one, decision.seen, decision.wins)
    if not persona.look or not decision.follow:
        return one
    seen = persona.foresight if decision.foreseen else 0.0
    if not seen:
        worths = [w + persona.look * f for w, f in zip(one, decision.follow)]
    else:
        worths = [w + persona.look * ((1.0 - seen) * f + seen * g)
                  for w, f, g in zip(one, decision.follow, decision.foreseen)]
    for i in unthought:
        worths[i] = one[i]
    return worths


def standing(decision: Decision, persona: Persona, unthought: tuple[int, ...] = ()) -> Standing:
    """Where the chosen move stands for `persona` (the options `unthought` weighing one move only)."""
    worths = option_worths(decision, persona, unthought)
    mine = worths[decision.chosen]
    above = sum(1 for w in worths if w > mine + TIE)
    level = sum(1 for w in worths if abs(w - mine) <= TIE)
    return above, level, len(worths)



Stands = tuple[tuple[Standing, int], ...]
"""A decision's standings over its draws, each with how many draws stand so (one standing, once,
when it has none)."""


def stands(decision: Decision, persona: Persona) -> Stands:
    """Where the chosen move stands for `persona` under each of the decision's draws (for a
    persona that looks; one standing, every option thought through, otherwise), counted."""
    if not persona.look or not decision.draws:
        return ((standing(decision, persona), 1),)
    return tuple(sorted(Counter(standing(decision, persona, left) for left in decision.draws).items()))


def standings(decisions: Iterable[Decision], persona: Persona) -> Counter[Stands]:
    """How many decisions stand each way for `persona` (the likelihood depends on nothing else)."""
    return Counter(stands(d, persona) for d in decisions)


def move_chance(stand: Standing, notice: float) -> float:
    """The chance the notice model plays the chosen move: it is noticed, none better is, and it
    wins the draw among its equals; or nothing is noticed and it is the random pick.
    With q = 1 - notice: q^above * (1 - q^level) / level + q^all / all."""
    above, level, total = stand
    q = 1.0 - notice
    return q ** above * (1.0 - q ** level) / level + q ** total / total


def mixed_chance(stood: Stands, notice: float) -> float:
    """The chance of the chosen move, its mean over the decision's draws."""
    if len(stood) == 1:
        return move_chance(stood[0][0], notice)
    return sum(n * move_chance(s, notice) for s, n in stood) / sum(n for _, n in stood)


def log_likelihood(counted: Counter[Stands], notice: float) -> float:
    q = 1.0 - notice
    total = 0.0
    for stood, n in counted.items():
        if len(stood) == 1:
            # move_chance, inlined: the fit asks this thousands of times a try.
            above, level, options = stood[0][0]
            chance = q ** above * (1.0 - q ** level) / level + q ** options / options
        else:
            chance = mixed_chance(stood, notice)
        total += n * math.log(max(chance, 1e-300))
    return total


def chance_of(decision: Decision, persona: Persona) -> float:
    """The chance `persona` plays the move made: the hint's move with the chance `plan`, else
    the notice model's pick (the decision must be read with `planning` when the persona plans)."""
    picked = mixed_chance(stands(decision, persona), persona.notice)
    if not persona.plan:
        return picked
    return persona.plan * (decision.chosen == decision.planned) + (1.0 - persona.plan) * picked


def persona_log_likelihood(decisions: Sequence[Decision], persona: Persona) -> float:
    """The log-likelihood of the moves made for `persona` at its own notice chance and plan."""
    if not persona.plan:
        return log_likelihood(standings(decisions, persona), persona.notice)
    return sum(math.log(max(chance_of(d, persona), 1e-300)) for d in decisions)


def best_notice(counted: Counter[Stands]) -> tuple[float, float]:
    """The notice chance that makes these standings most likely, and that log-likelihood: a
    coarse scan, then a golden-section search around the best point."""
    grid = [NOTICE_FLOOR + i * (NOTICE_CEILING - NOTICE_FLOOR) / 48 for i in range(49)]
    scores = [log_likelihood(counted, p) for p in grid]
    i = max(range(len(grid)), key=scores.__getitem__)
    lo, hi = grid[max(0, i - 1)], grid[min(len(grid) - 1, i + 1)]
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(30):
        a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if log_likelihood(counted, a) >= log_likelihood(counted, b):
            hi = b
        else:
            lo = a
    p = (lo + hi) / 2
    best = log_likelihood(counted, p)
    return (p, best) if best >= scores[i] else (grid[i], scores[i])


def top_share(decisions: Sequence[Decision], persona: Persona) -> float:
    """The share of decisions where the persona's first choice is the move made (a tie for
    first counts its share): the hint's move for a persona that plans half its moves or more,
    else the best by its worth."""
    if not decisions:
        return 0.0
    if persona.plan >= 0.5:
        return sum(d.chosen == d.planned for d in decisions) / len(decisions)
    hits = 0.0
    for d in decisions:
        stood = stands(d, persona)
        hits += sum(n / level for (above, level, _), n in stood if above == 0) / sum(n for _, n in stood)
    return hits / len(decisions)
