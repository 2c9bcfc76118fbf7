"""Person-like bots, one per mode: they see what a player sees (board, goals, moves left), never the RNG.

A person scanning a board does not see every move: each legal command is noticed with a chance
(the persona's `notice`), and the best noticed one by a person's rule of thumb (the persona's
weights, game/bots/persona.py) is played; a persona that plans plays, now and then, the move the
game's hint gives instead. That is the noise, and it comes from the bot's own
seed, never from the state's RNG, so two states with the same board get the same choice. The
strong bots (greedy, chain) fold the real spawns, which a person cannot know; they stay as the
upper bound.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from game.core import (
    SPECIAL_OF, Chain, Command, Created, Grid, Mode, Slide, State, Status, Swap, Work, chain_blocker_hits, hint_move,
    legal_commands, looked, play, played, plays_all, seed_state, spread, swap_look, tiles_wanted, walk_to,
)

from .base import BotRandom, outcome
from .persona import DEFAULT_PERSONA, LOOK_WIDTH, WIN_WORTH, Features, Persona
from .slide_solver import Unsolvable, _Board, _finish_corner, _solve_column, _solve_row, _tidy

# A person's rule of thumb for a special: its unit's rank (the rarer the shape that forms it, the
# more it is wanted); the persona's special bonus is paid per rank.
SPECIAL_RANK = {special: unit.rank for special, unit in SPECIAL_OF.items()}
# A persona that looks past a move sees it play out on this imagined refill (never the game's
# own stream, which a person cannot see), so the same board always looks the same to it.
LOOK_REFILL = seed_state("person-look", 0)
# Worths closer than this are equal (whole numbers, halves and the weights' sums: far apart).
TIE = 1e-9


def _notice(rng: BotRandom, options: Sequence[Command],
            worth: Callable[[Command], float], notice: float = DEFAULT_PERSONA.notice) -> Command:
    """The best of the commands a person happens to notice, each with the chance `notice` (at
    least one, picked at random)."""
    best: Command | None = None
    best_worth = float("-inf")
    for command, draw in zip(options, rng.randoms(len(options))):
        if draw >= notice:
            continue
        # The draw also breaks ties, so equal moves are picked evenly.
        value = worth(command) + draw * 1e-6
        if value > best_worth:
            best, best_worth = command, value
    return best if best is not None else options[rng.randrange(len(options))]


def wanted_tiles(state: State) -> dict[int, int]:
    """Tiles still wanted per kind by the goals (a collect goal's)."""
    return {kind: more for kind, (more, _) in tiles_wanted(state).items()}


def swap_features(state: State, swap: Swap, wanted: dict[int, int]) -> Features:
    """What a person sees of a legal swap: its own clear (blasts included: firing a special
    pays in tiles), the wanted tiles among them, the specials it makes, the blockers it
    works on, and how low it is."""
    look = swap_look(state, swap)
    useful = 0
    by_kind = look.by_kind
    for kind, count in wanted.items():
        if kind < len(by_kind):
            useful += min(by_kind[kind], count)
    return Features(look.tiles, useful, sum(SPECIAL_RANK[s] for s in look.made), look.progress,
                    max(swap.a[0], swap.b[0]) / state.height, kinds=by_kind)


def chain_features(state: State, chain: Chain, wanted: dict[int, int],
                   steps: dict[tuple[int, int], int] | None) -> Features:
    """What a person sees of a legal chain: the tiles it eats and the wanted ones among them,
    the blockers it works on, and (`steps`: walk distances to where the goals want the token, a
    reach target) how much nearer it ends, and whether there."""
    tiles = chain.path[1:] if state.player is not None else chain.path
    kinds = Counter(state.at(cell) for cell in tiles)
    useful = sum(min(count, wanted.get(kind, 0)) for kind, count in kinds.items())
    closer, goal = 0, False
    if steps is not None and state.player is not None:
        far = len(steps)
        closer = steps.get(state.player, far) - steps.get(chain.path[-1], far)
        goal = steps.get(chain.path[-1]) == 0   # on the target
    by_kind = tuple(kinds.get(k, 0) for k in range(max(kinds, default=-1) + 1))
    return Features(len(tiles), useful, 0, chain_blocker_hits(state, tiles), closer=closer, goal=goal, kinds=by_kind)


def reach_steps(state: State) -> dict[tuple[int, int], int] | None:
    """Walk distances to where the level's goals want the token (a reach target; None: nowhere)."""
    return walk_to(state.level)


def weighed_options(state: State, scan: bool = False) -> tuple[list[Command], list[Features]]:
    """The moves a person weighs (match3: every legal swap; chain: every legal chain; slide:
    none), in the core's order, and what they see of each. With `scan`, a person playing a big
    board reads no more swaps than game.core.budget.looked, spread over it (what a swap clears is
    read off the whole board: on a 32x32 board, 900 of them cost more than the move itself)."""
    if state.level.mode == Mode.MATCH3:
        swaps: list[Command] = [c for c in legal_commands(state) if isinstance(c, Swap)]
        if scan:
            swaps = spread(swaps, looked(state))
        wanted = wanted_tiles(state)
        return swaps, [swap_features(state, s, wanted) for s in swaps]  # type: ignore[arg-type]
    if state.level.mode == Mode.CHAIN:
        chains: list[Command] = [c for c in legal_commands(state) if isinstance(c, Chain)]
        wanted, steps = wanted_tiles(state), reach_steps(state)
        return chains, [chain_features(state, c, wanted, steps) for c in chains]  # type: ignore[arg-type]
    return [], []


def _layers_left(state: State) -> int:
    """The blocker layers on the board, less the fallers' pieces brought down (what a move's
    whole cascade does to the blockers is the fall of this)."""
    return sum(n for layer in state.layers.counts for _, n in layer) - state.layers.brought


def cascade_features(state: State, options: Sequence[Command], features: Sequence[Features],
                     wanted: dict[int, int], work: Work | None = None,
                     played: dict[int, State] | None = None) -> tuple[list[Features], list[bool]]:
    """What each match3 move takes as a whole, as the tiles will really fall (its own clear,
    then the cascades of the tiles above and of the refill, which the game's own stream
    drops): the tiles by kind, the wanted ones among them, the specials made and the blocker
    progress (its depth as its `features`' own); and whether it wins. Each move played out is
    charged to `work`; once it is spent, the moves left are read by their own clears (a winning
    move on a big board plays out its whole finale: a few such reads spend a game's budget).
    `played` gets the state each move played out leaves, by its place (a look past the move on
    the real tiles starts from it). A chain move takes its eaten tiles and no more: its own
    features."""
    if state.level.mode != Mode.MATCH3:
        return list(features), [False] * len(features)
    seen: list[Features] = []
    wins: list[bool] = []
    kinds = range(1, state.level.kinds + 1)
    layers = _layers_left(state)
    for i, (command, first) in enumerate(zip(options, features)):
        if work is not None and work.spent:
            seen.append(first)
            wins.append(False)
            continue
        events, after = play(state, command)
        if work is not None:
            work.charge(state, events)
        if played is not None:
            played[i] = after
        by_kind = (0, *(after.collected_of(k) - state.collected_of(k) for k in kinds))
        useful = sum(min(by_kind[k], n) for k, n in wanted.items() if k < len(by_kind))
        made = sum(SPECIAL_RANK[e.special] for e in events if isinstance(e, Created))
        seen.append(Features(sum(by_kind), useful, made, max(0, layers - _layers_left(after)), first.depth,
                             kinds=by_kind))
        wins.append(after.status == Status.WON)
    return seen, wins


def sighted(persona: Persona, one: Sequence[float], seen: Sequence[Features], wins: Sequence[bool]) -> list[float]:
    """Moves' one-move worths (`one`: their own clears') mixed, as far as the persona's `sight`
    goes, with the worth of what each takes as a whole (`seen`, WIN_WORTH more when it wins)."""
    s = persona.sight
    return [(1.0 - s) * w + s * (persona.worth(f) + WIN_WORTH * won) for w, f, won in zip(one, seen, wins)]


def own_worths(state: State, options: Sequence[Command], features: Sequence[Features], persona: Persona,
               work: Work | None = None, played: dict[int, State] | None = None) -> list[float]:
    """What each move is worth to `persona` before any look past it: its own clear's worth, and
    for a persona with `sight` (match3), what the whole move takes mixed in (cascade_features,
    which fills `played`; once the game's look-ahead budget `work` is spent, its own clear only)."""
    one = [persona.worth(f) for f in features]
    if not persona.sight or state.level.mode != Mode.MATCH3 or (work is not None and work.spent):
        return one
    return sighted(persona, one, *cascade_features(state, options, features, wanted_tiles(state), work, played))


def thought_through(worths: Sequence[float], width: int) -> tuple[list[int], list[int], int]:
    """The moves a person thinks through: the `width` best by one-move worth. When equals
    straddle the last place, a person thinks through some of them, picked at random; so this
    gives the moves surely thought through, the equals that straddle the last place, and how
    many of those it thinks through."""
    ranked = sorted(range(len(worths)), key=lambda i: -worths[i])
    if width >= len(ranked):
        return ranked, [], 0
    if width <= 0:
        return [], [], 0
    last = worths[ranked[width - 1]]
    first = next(k for k in range(width) if worths[ranked[k]] <= last + TIE)
    end = width
    while end < len(ranked) and worths[ranked[end]] >= last - TIE:
        end += 1
    if end == width:
        return ranked[:width], [], 0
    return ranked[:first], ranked[first:end], width - first


def look_width(state: State, options: int) -> int:
    """How many of its `options` a person thinks through: LOOK_WIDTH, fewer on a big board."""
    return LOOK_WIDTH if plays_all(state, options) else min(LOOK_WIDTH, played(state))


def follow_ups(state: State, options: Sequence[Command], worths: Sequence[float], persona: Persona,
               scan: bool = False, work: Work | None = None, foresight: float | None = None,
               rng: BotRandom | None = None, known: Mapping[int, State] | None = None) -> list[float]:
    """What looking past each move shows (before the persona's `look`): for the moves it thinks
    through (thought_through: its LOOK_WIDTH best by one-move `worths`, equals at the last place
    picked with `rng`; without it, every one of those equals, as the fit reads a move), the best
    one-move worth on the board the move leaves (WIN_WORTH if it wins, 0 if the game is lost),
    on an imagined refill and, as far as `foresight` (the persona's unless given) goes, on the
    tiles the game will really drop (mixed in that proportion); 0 for the moves it does not
    think through. `scan`: as weighed_options' for the boards it leaves. On a big board it
    thinks through no more moves than game.core.budget allows a decision, and none once the
    game's look-ahead budget `work` is spent (each move played out is charged). `known`: the
    states moves already played out on the real tiles leave, by place (cascade_features'), so
    they are not played (nor charged) twice."""
    follow = [0.0] * len(options)
    if work is not None and work.spent:
        return follow
    seen = persona.foresight if foresight is None else foresight
    boards = [(b, share) for b, share in ((replace(state, rng=LOOK_REFILL), 1.0 - seen), (state, seen)) if share]
    sure, tied, slots = thought_through(worths, look_width(state, len(options)))
    for i in sure + (tied if rng is None else rng.sample(tied, slots)):
        for board, share in boards:
            if board is state and known is not None and i in known:
                after = known[i]
            else:
                events, after = play(board, options[i])
                if work is not None:
                    work.charge(board, events)
            if after.status == Status.WON:
                follow[i] += share * WIN_WORTH
            elif after.status == Status.PLAYING:
                follow[i] += share * max((persona.worth(f) for f in weighed_options(after, scan)[1]), default=0.0)
    return follow


def looked_worths(state: State, options: Sequence[Command], features: Sequence[Features],
                  persona: Persona, scan: bool = False, work: Work | None = None,
                  rng: BotRandom | None = None) -> list[float]:
    """What each move is worth to `persona`: its one-move worth (own_worths: with `sight`, what
    its cascade takes too), plus `look` times what looking past it shows (a persona that looks
    0, the default, never plays a move ahead; `rng` picks among equals at the last place it
    thinks through)."""
    played: dict[int, State] = {}
    worths = own_worths(state, options, features, persona, work, played)
    if not persona.look:
        return worths
    follow = follow_ups(state, options, worths, persona, scan, work, rng=rng, known=played)
    return [w + persona.look * f for w, f in zip(worths, follow)]


def _choose(rng: BotRandom, state: State, persona: Persona, what: str, work: Work) -> Command:
    options, features = weighed_options(state, scan=True)
    if not options:
        raise ValueError(f"no legal {what} in this state")
    # Only a persona that plans draws for it: the default's games stay what they always were.
    if persona.plan and rng.random() < persona.plan:
        return hint_move(state, work)
    worth = dict(zip(options, looked_worths(state, options, features, persona, scan=True, work=work, rng=rng)))
    return _notice(rng, options, worth.__getitem__, persona.notice)


class PersonMatch3Bot:
    """match3: the noticed swap whose own clear serves the goals most; specials and low swaps win ties."""

    name = "person"

    def __init__(self, seed: int = 0, persona: Persona = DEFAULT_PERSONA) -> None:
        self.rng = BotRandom(seed)
        self.persona = persona
        self.work = Work()   # the game's look-ahead budget (a persona that looks past a move)

    def worth(self, state: State, swap: Swap, wanted: dict[int, int] | None = None) -> float:
        """What a person makes of `swap` (`wanted`: wanted_tiles(state), when the caller has it)."""
        return self.persona.worth(swap_features(state, swap, wanted_tiles(state) if wanted is None else wanted))

    def choose(self, state: State) -> Command:
        return _choose(self.rng, state, self.persona, "swap", self.work)


class PersonChainBot:
    """chain: the noticed chain that eats the most wanted tiles, or ends nearest a reach goal."""

    name = "person"

    def __init__(self, seed: int = 0, persona: Persona = DEFAULT_PERSONA) -> None:
        self.rng = BotRandom(seed)
        self.persona = persona
        self.work = Work()   # the game's look-ahead budget (a persona that looks past a move)

    def worth(self, state: State, chain: Chain) -> float:
        return self.persona.worth(chain_features(state, chain, wanted_tiles(state), reach_steps(state)))

    def choose(self, state: State) -> Command:
        return _choose(self.rng, state, self.persona, "chain", self.work)


def solve_by_rows(grid: Grid) -> list[Slide]:
    """A person's method: the top rows one by one, then the last two rows column by column,
    then the last 2x2 corner. Not optimal (the strong slide bot's A* is). Raises Unsolvable."""
    b = _Board(grid)
    top, left = 0, 0
    locked: set[int] = set()
    while b.h - top > 2:
        _solve_row(b, top, left, locked)
        top += 1
    while b.w - left > 2:
        _solve_column(b, top, left, locked)
        left += 1
    _finish_corner(b, top, left)
    flat = [v for row in grid for v in row]
    slides = [Slide(divmod(i, b.w)) for i in range(len(flat))]   # one command a cell, not one a move
    return [slides[i] for i in _tidy(flat.index(0), b.moves)]


class PersonSlideBot:
    """slide: plays solve_by_rows, slips now and then, and plans again when the board surprises it."""

    name = "person"

    def __init__(self, seed: int = 0, persona: Persona = DEFAULT_PERSONA) -> None:
        self.rng = BotRandom(seed)
        self.slip = persona.slip
        self.plan: list[Slide] = []
        self.expect: Grid | None = None

    def choose(self, state: State) -> Command:
        options = [c for c in legal_commands(state) if isinstance(c, Slide)]
        if not options:
            raise ValueError("no legal slide in this state")
        if state.grid != self.expect or not self.plan:
            try:
                self.plan = solve_by_rows(state.grid)
            except Unsolvable:
                self.plan = []
        if self.plan and self.rng.random() >= self.slip and self.plan[0] in options:
            move = self.plan.pop(0)
        else:
            move = options[self.rng.randrange(len(options))]
            self.plan = []
        # The board the plan expects next is the one the core makes of this move.
        self.expect = outcome(state, move).grid
        return move


PersonBot = PersonMatch3Bot | PersonChainBot | PersonSlideBot


def person_bot(mode: Mode, seed: int = 0, persona: Persona = DEFAULT_PERSONA) -> PersonBot:
    """The person-like bot for a mode, playing as `persona`."""
    if mode == Mode.MATCH3:
        return PersonMatch3Bot(seed, persona)
    if mode == Mode.CHAIN:
        return PersonChainBot(seed, persona)
    return PersonSlideBot(seed, persona)
