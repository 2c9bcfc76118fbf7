"""State: one moment of a game, frozen; new_game deals the first one."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from .grid import Cell, Grid
from .level import Level
from .pickling import by_init_fields
from .units import AT, BLOCKERS, LOCK, NONE_PLACED, Blocker, Counts
from .vocab import Special, Status

Specials = tuple[tuple[Cell, Special], ...]
"""The specials on a board, each with its cell, in reading order (few, so kept sparse)."""
_SAME: object = object()
"""State.after's default: the field as it was."""

RULES_VERSION = 5
"""Raised whenever a rule changes what a command does; replays name the version they were made
with, and a game is played by the version it was started under (State.rules). A new command no
older game could give (KeepGoing) changes no recorded game, so it needs no new version."""
REACH_ON_THE_WAY = 3
"""From this version a reach goal is met when the token stands on the target at any step of its
walk (before it, only where the walk ended counted)."""
FINALE = 4
"""From this version a won match3 level plays the finale (rules/finale.py): the specials left
go off, then each move left becomes a line special that fires, scored by the cascade (before
it, a flat bonus of 50 points paid each move left)."""
MOVE_WORTH = 5
"""From this version each move left in the finale also pays what the player's moves were worth:
the game's score over its moves when the winning move's own events are done, as a BonusScored
before each move turns (and one for the moves a board of specials left no tile to turn), so a
faster win never scores less (a line on a cleared board scores little beside blocker layers and cascades)."""


class IllegalMove(ValueError):
    """A command the rules forbid in this state.

    The message names cells for logs, replays and the command line; `said` is the same refusal
    in a player's words, short, for the game to show (None: the game says a general line).
    """

    def __init__(self, message: str, said: str | None = None) -> None:
        super().__init__(message)
        self.said = said


@dataclass(frozen=True, slots=True)
class Layers:
    """A board's blocker layers, one value the rules hand on whole: one Counts per blocker unit,
    in units.BLOCKERS order (a lock's count is 1; the grid holds SOLID where a unit fills its cell), and the
    faller's pieces brought down (a piece is grid.FALLER in the grid). A move that touches no blocker keeps its
    state's value as it is."""

    counts: tuple[Counts, ...] = NONE_PLACED
    brought: int = 0

    def of(self, unit: Blocker) -> Counts:
        """The layer of `unit`."""
        return self.counts[AT[unit]]

    def put(self, unit: Blocker, layer: Counts) -> Layers:
        """These layers with `unit`'s as `layer`."""
        at = AT[unit]
        return Layers(self.counts[:at] + (layer,) + self.counts[at + 1:], self.brought)


NO_LAYERS = Layers()


def placed(level: Level) -> tuple[Counts, ...]:
    """The layers `level` places, one per unit in units.BLOCKERS order (found once, kept with it):
    a unit's layout tokens, or the level's per-cell map it names."""
    return level.kept("blocker layers", lambda: tuple(level.layer_of(unit) for unit in BLOCKERS))


def present(state: State) -> tuple[int, ...]:
    """The places (in units.BLOCKERS) of the units with a layer on the state's board (a move with
    blockers finds them once and hands them on to the next with its layers by bit)."""
    return tuple(i for i, layer in enumerate(state.layers.counts) if layer)


@dataclass(frozen=True, slots=True)
class State:
    """The board, the player, score, moves used, status, goal progress, the RNG stream, the
    specials, the blocker layers (one Layers), whether the token ever stood on a reach goal, the
    rules version the game plays by, and the moves KeepGoing added.

    new_game deals the first state; every later one is made by `after` (the one way the rules,
    in every mode, and the fold make the state a move leads to)."""

    level: Level
    grid: Grid
    player: Cell | None
    score: int = 0
    moves: int = 0
    status: Status = Status.PLAYING
    collected: tuple[int, ...] = ()
    rng: int = 0
    specials: Specials = ()
    layers: Layers = NO_LAYERS
    # Whether the token has stood on the reach goal's cell at any step of any walk this game.
    reached: bool = False
    # The rules version this game is played by (an older replay plays by its own).
    rules: int = RULES_VERSION
    # Moves given past the level's limit by KeepGoing (rules/keep_going.py): a game with any is
    # helped, and a helped win earns no stars.
    added: int = 0
    # Facts derived from `grid` alone (match3 keeps its bitboard here), made on first use.
    # Not an init field, so dataclasses.replace never carries it over to a changed grid;
    # not compared, hashed or printed, so two equal states stay equal with or without it.
    cache: object = field(default=None, init=False, repr=False, compare=False)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # A copy (a worker's, a saved one) makes its own cache on first use: the cache holds
        # struct.Structs, which do not pickle.
        return by_init_fields(self)

    def after(self, grid: Grid, *, player: object = _SAME, score: int | None = None,
              moves: int | None = None, status: Status | None = None,
              collected: tuple[int, ...] | None = None, rng: int | None = None,
              specials: Specials | None = None, layers: Layers | None = None,
              reached: bool | None = None, added: int | None = None) -> State:
        """The state a move leads to from this one: `grid`, and each field named; the rest as
        they are (the level and the rules version never change within a game).

        Built directly, each slot set through its own descriptor: the frozen dataclass's
        __init__ (object.__setattr__ by name, field by field) cost more than half of it, and a
        match3 move makes one state."""
        made: State = _blank(State)
        _put_level(made, self.level)
        _put_grid(made, grid)
        _put_player(made, self.player if player is _SAME else player)
        _put_score(made, self.score if score is None else score)
        _put_moves(made, self.moves if moves is None else moves)
        _put_status(made, self.status if status is None else status)
        _put_collected(made, self.collected if collected is None else collected)
        _put_rng(made, self.rng if rng is None else rng)
        _put_specials(made, self.specials if specials is None else specials)
        _put_layers(made, self.layers if layers is None else layers)
        _put_reached(made, self.reached if reached is None else reached)
        _put_rules(made, self.rules)
        _put_added(made, self.added if added is None else added)
        _put_cache(made, None)
        return made

    def layer_of(self, unit: Blocker) -> Counts:
        """The layer of `unit` on this board: its cells with a count above 0 (as Level.layer_of)."""
        return self.layers.counts[AT[unit]]

    def count_at(self, unit: Blocker, cell: Cell) -> int:
        """The count of `unit` at `cell`: its hits or layers left (0: none)."""
        for at, count in self.layers.counts[AT[unit]]:
            if at == cell:
                return count
        return 0

    # A lock's layer as its cells, which the view, the bots and the chain's drawing ask for.
    @property
    def locks(self) -> tuple[Cell, ...]:
        return tuple(cell for cell, _ in self.layers.counts[AT[LOCK]])

    @property
    def brought(self) -> int:
        return self.layers.brought

    @property
    def height(self) -> int:
        return self.level.height

    @property
    def width(self) -> int:
        return self.level.width

    @property
    def move_limit(self) -> int | None:
        """The moves this game may make: the level's, and any KeepGoing added (None: no limit)."""
        limit = self.level.moves
        return None if limit is None else limit + self.added

    @property
    def helped(self) -> bool:
        """Whether KeepGoing gave this game more moves (a helped win earns no stars)."""
        return self.added > 0

    @property
    def moves_left(self) -> int | None:
        limit = self.move_limit
        return None if limit is None else max(0, limit - self.moves)

    def at(self, cell: Cell) -> int:
        return self.grid[cell[0]][cell[1]]

    def special_at(self, cell: Cell) -> Special | None:
        """The special on the tile at `cell`, if any."""
        for at, special in self.specials:
            if at == cell:
                return special
        return None

    def special_layer(self) -> tuple[tuple[Special | None, ...], ...]:
        """The specials as a layer of the board's shape (None where a cell holds none)."""
        rows: list[list[Special | None]] = [[None] * self.width for _ in range(self.height)]
        for (r, c), special in self.specials:
            rows[r][c] = special
        return tuple(map(tuple, rows))

    @property
    def has_blockers(self) -> bool:
        """Whether blockers take part in this game's rules (a layer is left, or a faller's goal is asked)."""
        return any(self.layers.counts) or self.level.goals.fallers != ()

    def locked(self, cell: Cell) -> bool:
        return any(at == cell for at, _ in self.layers.counts[AT[LOCK]])

    def collected_of(self, kind: int) -> int:
        return self.collected[kind - 1] if 0 < kind <= len(self.collected) else 0


# State.after's setters: each slot's own descriptor (the frozen dataclass refuses setattr).
_blank = object.__new__
(_put_level, _put_grid, _put_player, _put_score, _put_moves, _put_status, _put_collected, _put_rng,
 _put_specials, _put_layers, _put_reached, _put_rules, _put_added, _put_cache) = (
    State.__dict__[f.name].__set__ for f in fields(State))
