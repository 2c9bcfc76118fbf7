"""What every bot shares: the Bot protocol, playing one game, and a state's worth to a bot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from game.core import MASK64

from game.core import (
    BLOCKERS, FALLER, FALLERS, GOAL_NAMED, Draws, Cell, Command, Event, Level, Mode, Session, State, Status, Work, placed, play,
    asked_goals, progress, shortlist,
)

T = TypeVar("T")

# A win beats any unfinished state, and a loss is below every one of them.
WIN_VALUE = 1_000_000.0
LOSS_VALUE = -1_000_000.0
GOAL_WEIGHT = 1000.0
DEFAULT_TURN_LIMIT = 400
# The reduction solver needs up to about 14 slides a cell on big boards.
SLIDE_TURNS_PER_CELL = 40
# A match3 or chain bot's turn costs at least its board's cells (a 32x32 board with 3 kinds
# cascades about a hundred steps a move, 80 ms of CPU): past this many cells x turns a game is
# called off, so one game of a 32x32 level is seconds, not minutes (9x9: 370 turns, far past
# any shipped level's moves; 32x32: 29).
MAX_CELL_TURNS = 30_000
# Boards up to this many cells get the look one move further (every shipped board does); on
# bigger ones it would cost five times the move itself, for little.
LOOKAHEAD_CELLS = 144


class BotRandom:
    """A bot's random choices, drawn from the core's RNG (Draws): the house's one random
    source. A game of a bot is the same on every Python version (random.Random's methods may
    change between versions; these never do), so a daily made from bot games never changes."""

    __slots__ = ("draws",)

    def __init__(self, seed: int = 0) -> None:
        self.draws = Draws(seed & MASK64)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.draws.next64() >> 11) / float(1 << 53)

    def randoms(self, n: int) -> list[float]:
        """What `n` calls of random() give, in order (drawn in one loop: a bot that draws once
        for each of its options pays for the draws, not for the calls)."""
        return self.draws.fractions(n)

    def randrange(self, n: int) -> int:
        """A number in 0..n-1."""
        if n <= 0:
            raise ValueError("empty range for randrange")
        return self.draws.below(n)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """`k` different items, in the order drawn (a partial Fisher-Yates)."""
        pool = list(items)
        for i in range(k):
            j = i + self.draws.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]


class Bot(Protocol):
    """Something that picks the next command for a state that is still playing."""

    name: str

    def choose(self, state: State) -> Command:
        """The command to play now; only called while some legal command exists."""
        ...


def distance(a: Cell, b: Cell, diagonal: bool) -> int:
    """Steps between two cells on an open board (king steps when diagonals are allowed)."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dr, dc) if diagonal else dr + dc


def value(state: State) -> float:
    """How good `state` is for the player: won >> goal progress >> score >> lost.

    Among wins, the one with more moves left is better (stars and a snappier replay).
    """
    if state.status == Status.WON:
        left = state.moves_left or 0
        return WIN_VALUE + 1000.0 * left + state.score * 0.01
    if state.status == Status.LOST:
        return LOSS_VALUE + state.score * 0.01
    total = 0.0
    level = state.level
    for goal in progress(state):
        total += GOAL_NAMED[goal.name].credit(state, goal, GOAL_WEIGHT)
    for asked in asked_goals(level):
        # What the counters do not show (how near the token is to a reach target), up to one whole goal.
        total += asked.toward(state, GOAL_WEIGHT)
    total += _blocker_credit(state)
    # Score breaks ties (and is the whole story on a score run without goals).
    return total + state.score * 0.05


def _blocker_credit(state: State) -> float:
    """Part-way credit the goals' counters do not show: the layers taken off each blocker unit
    that earns some (its Blocker.credit, when its goal is asked or it has none), and how far
    down the board a faller's pieces have come (its Faller.credit, when its goal is asked)."""
    level = state.level
    credit = 0.0
    for unit, layer in zip(BLOCKERS, placed(level)):
        if not (unit.credit and layer) or (unit.goal is not None and not level.goals.asks(unit.goal)):
            continue
        total = sum(n for _, n in layer)
        credit += unit.credit * GOAL_WEIGHT * (total - sum(n for _, n in state.layers.of(unit))) / total
    for faller in FALLERS:
        wanted = level.goals.wanted(faller.goal)
        if wanted is not None:
            depth = [r + 1 for r, row in enumerate(state.grid) for v in row if v == FALLER]
            credit += faller.credit * GOAL_WEIGHT * sum(depth) / (state.height * wanted)
    return credit


def outcome(state: State, command: Command) -> State:
    """The state after `command` (the rules' own: exactly what a Session would do)."""
    return play(state, command)[1]


def turn_limit_for(level: Level) -> int:
    """How many turns a bot game may take before it is called off."""
    if level.mode == Mode.SLIDE:
        return max(level.moves or 0, SLIDE_TURNS_PER_CELL * level.width * level.height)
    wanted = level.moves if level.moves is not None else DEFAULT_TURN_LIMIT
    return min(wanted, max(1, MAX_CELL_TURNS // (level.width * level.height)))


def play_game(level: Level, seed: int, bot: Bot, turn_limit: int | None = None) -> Session:
    """Let `bot` play `level` from `seed` until it is won, lost, stuck or out of turns."""
    session = Session(level, seed)
    limit = turn_limit_for(level) if turn_limit is None else turn_limit
    for _ in range(limit):
        state = session.state
        if state.status != Status.PLAYING:
            break
        command = bot.choose(state)
        before = session.played
        session.play(command, bot.foreseen(state, command) if isinstance(bot, LookaheadBot) else None)
        if session.played == before:
            # A command that changed nothing would loop forever: the bot is stuck.
            break
    return session



class LookaheadBot:
    """A bot that scores each candidate by its outcome's value, then looks one move further.

    Subclasses say which commands are candidates (`candidates`) and which are looked at one
    move later (`follow_ups`, the candidates unless overridden).
    """

    name = "lookahead"
    # Only the most promising candidates get a look one move further.
    lookahead_width = 5
    # The second move counts a little less than the first: it may never come.
    lookahead_discount = 0.9

    def __init__(self, seed: int = 0, lookahead: bool = True, noise: float = 0.0) -> None:
        self.rng = BotRandom(seed)
        self.lookahead = lookahead
        # Noise makes different bot seeds play different games (for the prover's retries).
        self.noise = noise
        # The last state judged, and what each of its candidates gave (play's events and state).
        self._judged: tuple[State, dict[Command, tuple[list[Event], State]]] | None = None
        # The game's look-ahead budget (game.core.budget): every move played out is charged.
        self.work = Work()

    def foreseen(self, state: State, command: Command) -> tuple[list[Event], State] | None:
        """What play(state, command) gives, when this bot worked it out judging `state` (the
        game then plays its choice without working it out again), else None."""
        judged = self._judged
        if judged is None or judged[0] is not state:
            return None
        return judged[1].get(command)

    def candidates(self, state: State) -> Sequence[Command]:
        raise NotImplementedError

    def follow_ups(self, state: State) -> Sequence[Command]:
        return self.candidates(state)

    def _jitter(self) -> float:
        return self.rng.random() * self.noise if self.noise else self.rng.random() * 1e-6

    def _some(self, state: State, commands: Sequence[Command]) -> Sequence[Command]:
        # A 32x32 board has hundreds of legal swaps, each a whole cascade of a thousand cells
        # to fold: past the budget of a decision, only the best few by their first wave are
        # played out, and once the game's look ahead is spent only the best one (shipped boards
        # are judged in full: game.core.budget says how much).
        return shortlist(state, commands, self.work)

    def _played(self, state: State, command: Command) -> tuple[list[Event], State]:
        found = play(state, command)
        self.work.charge(state, found[0])
        return found

    def choose(self, state: State) -> Command:
        commands = self._some(state, self.candidates(state))
        if not commands:
            raise ValueError("no legal command in this state")
        scored = []
        results: dict[Command, tuple[list[Event], State]] = {}
        self._judged = (state, results)
        for command in commands:
            results[command] = found = self._played(state, command)
            after = found[1]
            scored.append((value(after) + self._jitter(), command, after))
        scored.sort(key=lambda item: -item[0])
        if (not self.lookahead or scored[0][2].status != Status.PLAYING
                or state.width * state.height > LOOKAHEAD_CELLS or self.work.spent):
            return scored[0][1]
        best_value, best = float("-inf"), scored[0][1]
        for first_value, command, after in scored[:self.lookahead_width]:
            if after.status != Status.PLAYING:
                total = first_value
            else:
                follow = max((value(self._played(after, c)[1]) for c in self._some(after, self.follow_ups(after))),
                             default=first_value)
                total = first_value + self.lookahead_discount * (follow - first_value)
            if total > best_value:
                best_value, best = total, command
        return best
