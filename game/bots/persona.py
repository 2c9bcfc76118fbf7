"""A persona: the person-like bot's parameters (how often it misses a move, what it prefers, how much of a move's own cascade it reads, how far past a move it looks and how much of the coming tiles it foresees, how often it thinks a move through), and what a move is worth to it."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

# The default persona's numbers: the person-like bot as tuned by hand before it was fitted to
# anyone (every figure the lab printed before personas, and every daily, comes from these).
NOTICE = 0.75            # each legal command is noticed with this chance
WANTED_WEIGHT = 4.0      # a tile of a kind the level still wants counts this many times
SPECIAL_BONUS = 2.5      # a run that makes a special: this much its unit's rank (SpecialUnit.rank)
BLOCKER_WEIGHT = 4.0     # each blocker layer or cell under a faller's piece a move takes
DEPTH_WEIGHT = 0.5       # swaps low on the board stir more of it
REACH_STEP_WEIGHT = 1.5  # chain: every step nearer a reach goal
SLIP = 0.03              # slide: the chance of sliding a tile that is not the method's next one
GOAL_CELL_WORTH = 1000.0  # chain: a path ending on the reach goal itself; a person takes it
LOOK = 0.0               # the default persona weighs one move only (it never looks past it)
# A persona that looks ahead weighs again only its best few moves by one-move worth (a person
# thinks through a handful, not the whole board): each is played on an imagined refill, and
# `look` times the best one-move worth on the board it leaves is added.
LOOK_WIDTH = 4
# A persona that plans (`plan` above 0) thinks a move through with this chance: it plays the
# move the game's hint gives (game.core.advice.hint_move: the goals weighed with the moves left
# in mind, one move past the best few; the board alone, never the spawns), and otherwise the
# best move it notices. The default never does (it is the bot every shipped figure came from).
PLAN = 0.0
# A persona that looks past a move sees it play out on an imagined refill (FORESIGHT 0, the
# default: a person cannot see the coming tiles) or, with `foresight` 1, on the tiles the game
# will really drop (a player who reads the board as it will fall: the lab's strong bots do);
# between, the two looks are mixed in that proportion.
FORESIGHT = 0.0
# A liked colour: each tile of kind `colour` a move clears adds `colour_weight` (0: no colour is
# liked, the default).
COLOUR = 1
COLOUR_WEIGHT = 0.0
# A persona that reads a move's own cascade (`sight` above 0) weighs, besides what the move's
# own clear takes, what the whole move takes as the tiles will really fall (the cascades of the
# tiles above and of the refill; match3: a chain's eaten tiles are all it takes), the two mixed in
# that proportion: the lab's strong bots judge every move so; a person reading the falls well
# comes near. The default reads its own clear only (0).
SIGHT = 0.0
# The worth of a move that wins the game outright, seen by looking past it (before `look`) or
# by reading its cascade.
WIN_WORTH = 1000.0

# The bounds a persona's numbers must keep (a file's values are checked against them).
NOTICE_RANGE = (0.01, 1.0)
WEIGHT_RANGE = (0.0, 100.0)
LOOK_RANGE = (0.0, 1.0)
PLAN_RANGE = (0.0, 1.0)
FORESIGHT_RANGE = (0.0, 1.0)
SIGHT_RANGE = (0.0, 1.0)
COLOUR_RANGE = (1, 16)


@dataclass(frozen=True, slots=True)
class Features:
    """What a person sees of one move: the tiles it clears (or eats), those a collect goal still
    wants, the specials it makes (ranks added), the blocker progress, how low on the board it is
    (0 top .. 1 bottom), the steps it brings the token nearer a reach goal, and whether it ends
    on that goal; `kinds[k]`: of its tiles, those of kind k (for a liked colour)."""

    tiles: int
    useful: int = 0
    special: int = 0
    progress: int = 0
    depth: float = 0.0
    closer: int = 0
    goal: bool = False
    kinds: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Persona:
    """The person-like bot's numbers. `name` says whose they are; `fitted` keeps what the fit
    measured (games, moves, log-likelihood per move...) as plain values, for the designer."""

    name: str = "default"
    notice: float = NOTICE
    wanted_weight: float = WANTED_WEIGHT
    special_bonus: float = SPECIAL_BONUS
    blocker_weight: float = BLOCKER_WEIGHT
    depth_weight: float = DEPTH_WEIGHT
    reach_step_weight: float = REACH_STEP_WEIGHT
    slip: float = SLIP
    look: float = LOOK
    plan: float = PLAN
    foresight: float = FORESIGHT
    colour: int = COLOUR
    colour_weight: float = COLOUR_WEIGHT
    sight: float = SIGHT
    fitted: tuple[tuple[str, float], ...] = ()

    def worth(self, f: Features) -> float:
        """What the move of `f` is worth to this persona: every tile counts 1, a wanted one
        `wanted_weight`, plus the specials, blockers, depth and reach terms, and `colour_weight`
        for each tile of the liked colour. The sum is built in one fixed order (the colour term
        only when it weighs), so the default persona plays exactly the games it always played."""
        worth = float(f.tiles + (self.wanted_weight - 1) * f.useful)
        worth += self.special_bonus * f.special
        worth += self.blocker_weight * f.progress
        worth += self.reach_step_weight * f.closer
        if f.goal:
            worth += GOAL_CELL_WORTH
        worth += self.depth_weight * f.depth
        if self.colour_weight and self.colour < len(f.kinds):
            worth += self.colour_weight * f.kinds[self.colour]
        return worth

    def with_number(self, name: str, value: float) -> Persona:
        """This persona with one of its numbers (a name of PARAMETERS) changed."""
        if name not in PARAMETERS:
            raise ValueError(f"a persona has no number {name!r}")
        changed: dict[str, Any] = {name: int(value) if name == "colour" else value}
        return replace(self, **changed)

    def numbers(self) -> dict[str, float]:
        """The persona's parameters by name (what a persona file holds besides its name)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name in PARAMETERS}


PARAMETERS = ("notice", "wanted_weight", "special_bonus", "blocker_weight", "depth_weight",
              "reach_step_weight", "slip", "look", "plan", "foresight", "colour", "colour_weight", "sight")
"""A persona's numbers, in the order a persona file lists them."""

DEFAULT_PERSONA = Persona()
