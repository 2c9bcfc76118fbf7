"""The HUD following a batch of the core's events as the board plays them, one event at a time:
the one follower of the play screen and the theatre (moves, goals, score, the finale's banking)."""

from __future__ import annotations

from game.core import BonusScored, Cleared, Event, FinaleBegan, MoveTurned, State, Won, evolve
from game.ui.board import BoardRenderer
from game.ui.fliers import GoalFliers
from game.ui.hud import Hud

BONUS_PER_MOVE = 0.09       # a win's moves left count down into points at this pace
BONUS_MAX_SECONDS = 1.4     # however many were left


class HudFollower:
    """Folds each event the board plays into the state the HUD shows (the core's own evolve).

    With `fliers` the wanted tiles a clear takes fly to their counters from `board`, and are
    counted as they land; with `count_bonus` a win's moves left count down into the score
    (the play screen's; the theatre's score just steps)."""

    def __init__(self, hud: Hud, state: State, board: BoardRenderer, *, fliers: GoalFliers | None = None,
                 colorblind: bool = False, count_bonus: bool = False) -> None:
        self.hud = hud
        self.board = board
        self.fliers = fliers
        self.colorblind = colorblind
        self.count_bonus = count_bonus
        self.shown = state   # the state the HUD shows: while a batch plays, folded event by event

    def begin(self, before: State) -> None:
        """A batch is about to play from `before`."""
        self.shown = before

    def counted(self, state: State) -> State:
        """`state` as the counters show it: tiles still flying are not counted yet."""
        return self.fliers.owed(state) if self.fliers is not None else state

    def follow(self, event: Event) -> None:
        """The board is playing `event`: the HUD moves with it."""
        hud = self.hud
        if isinstance(event, (FinaleBegan, MoveTurned)):
            hud.bank(event.moves_left)   # the finale turns the moves left into lines, one by one
        elif isinstance(event, Won):
            hud.paid_out()   # each move left is paid by now, a line made of it or not
        shown_score = hud.shown_score
        before = self.shown
        speed = self.board.animator.speed
        if isinstance(event, Cleared) and self.fliers is not None:
            # The wanted tiles fly to their counters (read off the board as it was).
            self.fliers.animator.speed = speed
            self.fliers.launch(event.cells, before, self.board, hud.collect_counters(), self.colorblind)
        self.shown = evolve(before, event)   # the core's fold, one event at a time
        hud.update_state(self.counted(self.shown))
        if isinstance(event, BonusScored) and self.count_bonus and speed > 0 and not hud.banking:
            # The moves left count down into points (instant with reduced motion); the finale
            # pays its moves one by one as they turn into lines (banking), so the score just ticks.
            hud.count_bonus(event.moves_left, event.points,
                            min(BONUS_MAX_SECONDS, BONUS_PER_MOVE * event.moves_left) * speed)
        else:
            hud.set_score(shown_score + self.shown.score - before.score)

    def show(self, state: State) -> None:
        """The HUD shows `state` at once (the board jumped to it)."""
        self.shown = state
        self.hud.update_state(state)
        self.hud.set_score(state.score)


__all__ = ["BONUS_MAX_SECONDS", "BONUS_PER_MOVE", "HudFollower"]
