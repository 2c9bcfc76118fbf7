"""Keep going on the play screen: a match3 game lost by running out of moves goes on with more
moves (the core's KeepGoing), helped: its win earns no stars, and the result card says why."""

from __future__ import annotations

from typing import Callable, Protocol

from game.core import KEEP_GOING_MOVES, IllegalMove, KeepGoing, Session, State, can_keep_going
from game.ui.widgets import Button, Menu

KEY = "keep going"   # the result card's button, and what K presses on it
LABEL = f"Keep going: +{KEEP_GOING_MOVES} moves"
GOING_ON = f"+{KEEP_GOING_MOVES} moves: a win now earns no stars."
# A level passed only with help, on its card in the level list: this mark where its stars would be.
PASSED_MARK = f"+{KEEP_GOING_MOVES} moves"
PASSED_NOTE = "Passed · no stars"


class KeepHost(Protocol):
    """What keeping going needs from the play view."""

    session: Session
    result_menu: Menu | None

    @property
    def state(self) -> State: ...
    def finish_animation(self) -> None: ...
    def say(self, message: str, error: bool = False) -> None: ...
    def snap(self) -> None: ...
    def changed(self) -> None: ...


def keep_going_button(state: State, press: Callable[[], None]) -> list[Button]:
    """The result card's "Keep going" button when the core allows it in `state` (none otherwise);
    `press` runs it."""
    return [Button(LABEL, press, KEY)] if can_keep_going(state) else []


def helped_note(state: State) -> str | None:
    """The won card's line when KeepGoing helped the game (why it shows no star), else None."""
    return f"Won with +{state.added} moves: no stars" if state.helped else None


def keep_going(host: KeepHost) -> bool:
    """The lost game goes on with more moves (the core decides whether it may): the card
    closes, the board stays as it was, the HUD counts the new moves; saved at once."""
    host.finish_animation()
    try:
        host.session.play(KeepGoing())
    except IllegalMove as exc:
        host.say(exc.said or "The game cannot keep going.", error=True)
        return False
    host.result_menu = None
    host.snap()   # the board as it stands (reshuffled, when the last move left no swap), the HUD's moves
    host.say(GOING_ON)
    host.changed()   # saved at once: a kill now resumes the helped game
    return True
