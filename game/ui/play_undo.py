"""Undo and redo on the play screen, and what undo costs: in match3 and chain a game with undo earns at most one star, said before the first undo; slide's undo is free."""

from __future__ import annotations

from typing import Protocol

from game.core import Mode, Status
from game.ui.hud import Hud
from game.ui.play_keep import KeepHost

# The most stars a game in which undo was used earns, per mode (None: undo is free).
# match3 and chain refill from a seeded draw, so an undo lets a player look at what falls
# and take the move back: the genre (Candy Crush, Royal Match, Two Dots) gives no free undo,
# and free undo would make every star cheap. A slide puzzle has no chance in it: undo only
# takes back a slide, the moves that stand are a real solution of their length, and the genre
# (Tatham's Fifteen, every sliding-puzzle app) allows undo freely.
STAR_CAP: dict[Mode, int | None] = {Mode.MATCH3: 1, Mode.CHAIN: 1, Mode.SLIDE: None}

WARNING = "Undo costs your stars: 1 at most. Undo again to undo."   # one line under the smallest board
USED = "Undo used: 1 star at most"


class UndoCost:
    """Whether undo was used in this game (saved with it, so a kill and resume keeps it) and
    whether the player was told what it costs; the stars a won game earns after it."""

    def __init__(self, mode: Mode, used: bool = False, free: bool = False) -> None:
        self.cap = None if free else STAR_CAP[mode]   # free: a designer's play-test earns nothing to keep
        self.used = used
        self.warned = used   # a game already capped has nothing more to lose

    def ask(self) -> str | None:
        """Before an undo: the warning to say instead of undoing (the first time only), or None
        to go ahead."""
        if self.cap is None or self.warned:
            return None
        self.warned = True
        return WARNING

    def spend(self) -> None:
        """An undo took effect: the game's stars are capped from now on."""
        if self.cap is not None:
            self.used = True

    def stars(self, earned: int) -> int:
        """The stars a game that earned `earned` keeps."""
        return earned if self.cap is None or not self.used else min(earned, self.cap)

    @property
    def limit(self) -> int | None:
        """The most stars the game can still earn (None: as many as it scores)."""
        return self.cap if self.used else None

    @property
    def note(self) -> str | None:
        """The result card's line when undo capped the stars (None when it did not)."""
        return USED if self.cap is not None and self.used else None

    def reset(self) -> None:
        """A new game on the same view (Restart, Retry, a new deal): nothing used, nothing told."""
        self.used = self.warned = False


class UndoHost(KeepHost, Protocol):
    """What undo and redo need from the play view: what keeping going needs (the session, the
    card, saying, snapping the board, saving), and the undo cost, the HUD and the result card."""

    undo_cost: UndoCost
    hud: Hud
    new_deals: bool

    def show_result(self) -> None: ...


def undo(host: UndoHost) -> bool:
    """Take the last move back (where it costs stars, only once the player was told so)."""
    host.finish_animation()
    if host.state.status == Status.LOST:
        # A lost game stays lost, as the genre has it: Retry deals the same board again.
        host.say("The game is over: Retry plays the same board again"
                 + (", New deal another." if host.new_deals else "."), error=True)
        return False
    if not host.session.can_undo:
        host.say("Nothing to undo.", error=True)
        return False
    warning = host.undo_cost.ask()
    if warning is not None:
        host.say(warning, error=True)   # in the warning colour: it costs something
        return False
    host.session.undo()
    host.undo_cost.spend()
    host.hud.star_cap = host.undo_cost.limit   # the HUD's stars say it from now on too
    host.result_menu = None
    host.snap()
    host.changed()   # saved at once: a kill after an undo keeps the cap
    if host.state.status != Status.PLAYING:
        host.show_result()   # a keep going taken back: the game is lost again, its card with it
    return True


def redo(host: UndoHost) -> bool:
    """Play the last undone move again (free: it only puts back what stood)."""
    host.finish_animation()
    if not host.session.redo():
        host.say("Nothing to redo.", error=True)
        return False
    host.snap()
    host.changed()
    if host.state.status != Status.PLAYING:
        host.show_result()
    return True
