"""Finding a winning game for a level and seed: the proof that a shipped level can be won."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import Command, IllegalMove, Level, Mode, Session, State, Status, legal_commands, new_game, stars

from . import make_bot
from .base import outcome, play_game, turn_limit_for, value
from .chain_bot import candidate_chains

# Later attempts play with more noise, so they try games the plain greedy line never would.
NOISE_STEPS = (0.0, 20.0, 60.0, 150.0, 400.0)


@dataclass(frozen=True, slots=True)
class Proof:
    """A won game: the commands, what it scored and how many tries it took to find."""

    commands: tuple[Command, ...]
    score: int
    stars: int
    tries: int
    bot: str


def find_win(level: Level, seed: int, tries: int = 12,
             turn_limit: int | None = None) -> Proof | None:
    """Play `level` from `seed` with the best bot for its mode, varying the bot, until a win.

    The level's seed never changes here: the proof is the game a player starts with.
    """
    attempts = 1 if level.mode == Mode.SLIDE else tries
    for attempt in range(attempts):
        noise = NOISE_STEPS[min(attempt, len(NOISE_STEPS) - 1)]
        bot = make_bot("auto", level, seed=attempt, noise=noise)
        session = play_game(level, seed, bot, turn_limit)
        if session.state.status == Status.WON:
            return _proof(session, attempt + 1, bot.name)
    # Last resort: random play sometimes stumbles on what the heuristics skip.
    for attempt in range(tries if level.mode != Mode.SLIDE else 0):
        bot = make_bot("random", level, seed=attempt)
        session = play_game(level, seed, bot, turn_limit)
        if session.state.status == Status.WON:
            return _proof(session, attempts + attempt + 1, bot.name)
    return None


def _proof(session: Session, tries: int, bot: str) -> Proof:
    state = session.state
    return Proof(tuple(session.commands), state.score, stars(state), tries, bot)


# The bots a star hunt takes turns with: the mode's best, with each noise in turn (a quieter
# line scores more, a noisier one finds the games the plain line never plays), then the hint
# bot (which weighs the goals and the finale) and the random bot.
HUNTERS = ("auto", "hint", "random")


def find_best(level: Level, seed: int, tries: int = 40,
              turn_limit: int | None = None, beam: int = 0) -> Proof | None:
    """The won game from `seed` with the most stars (then the most points) that `tries` bot
    games find, stopping at the first three-star one: a star mark no such game reaches is one
    the level's own deal may not give a player (see stars.unearned_star); with `beam`, a beam
    search that wide follows when no bot game earned all three. None: no game won."""
    best: Proof | None = None
    attempts = 1 if level.mode == Mode.SLIDE else tries
    for attempt in range(attempts):
        kind = HUNTERS[attempt % len(HUNTERS)] if level.mode != Mode.SLIDE else "auto"
        noise = NOISE_STEPS[(attempt // len(HUNTERS)) % len(NOISE_STEPS)] if kind == "auto" else 0.0
        bot = make_bot(kind, level, seed=attempt, noise=noise)
        session = play_game(level, seed, bot, turn_limit)
        if session.state.status != Status.WON:
            continue
        found = _proof(session, attempt + 1, bot.name)
        if best is None or (found.stars, found.score) > (best.stars, best.score):
            best = found
        if best.stars >= 3:
            break
    if beam and level.mode != Mode.SLIDE and (best is None or best.stars < 3):
        searched = beam_best(level, seed, beam, turn_limit)
        if searched is not None and (best is None or (searched.stars, searched.score) > (best.stars, best.score)):
            best = searched
    return best


BRANCH = 6
"""The best children of each state a beam search keeps before the beam is cut to its width."""


def beam_best(level: Level, seed: int, width: int, turn_limit: int | None = None) -> Proof | None:
    """The won game with the most stars (then points) of a beam search from `seed`'s deal:
    each turn, every kept game tries its moves (chain: the chain bot's candidate paths; match3:
    every legal swap), keeps its BRANCH best by the bots' `value`, and the `width` best new
    games go on (the same board reached twice counts once). The spawns are the deal's own, so a
    found game is one a player of that deal can play; it stops at the first three-star win."""
    beam: list[tuple[State, tuple[Command, ...]]] = [(new_game(level, seed), ())]
    best: Proof | None = None
    for turn in range(turn_limit or turn_limit_for(level)):
        children: list[tuple[float, State, tuple[Command, ...]]] = []
        for state, commands in beam:
            options = candidate_chains(state) if level.mode == Mode.CHAIN else legal_commands(state)
            tried: list[tuple[float, State, tuple[Command, ...]]] = []
            for command in options:
                try:
                    after = outcome(state, command)
                except IllegalMove:
                    continue
                tried.append((value(after), after, commands + (command,)))
            tried.sort(key=lambda t: -t[0])
            children += tried[:BRANCH]
        children.sort(key=lambda t: -t[0])
        beam, seen = [], set()
        for _, state, commands in children:
            if state.status == Status.WON:
                found = Proof(commands, state.score, stars(state), turn + 1, "beam")
                if best is None or (found.stars, found.score) > (best.stars, best.score):
                    best = found
            elif state.status == Status.PLAYING and len(beam) < width:
                key = (state.grid, state.player, state.score)
                if key not in seen:
                    seen.add(key)
                    beam.append((state, commands))
        if not beam or (best is not None and best.stars >= 3):
            break
    return best

