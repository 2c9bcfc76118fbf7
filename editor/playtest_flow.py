"""The play-test: the level as it is now in the game's real play view, and back to the editor."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core import Level
from game.io.settings import Settings
from game.ui.outcome import Action

from .host import Host


class PlaytestFlow:
    """A part of the editor that owns the play view while a play-test runs (Tab there, or the
    result screen's 'editor', comes back); closing the window meanwhile still asks about edits."""

    def __init__(self, host: Host, settings: Settings | None,
                 on_end: Callable[[Level, Any], None] | None = None) -> None:
        self.host = host
        self.settings = settings
        self.on_end = on_end       # hears the level played and how the game went (a won game's proof)
        self.playing: Any = None   # the play view, while a play-test runs
        self.level: Level | None = None

    def start(self) -> None:
        """Tab: play the level as it is now (its problems are listed first, if it has any)."""
        host = self.host
        host.commit_typing()
        problems = host.model.problems()
        if problems:
            host.show_problems("Fix these before play-testing", [str(p) for p in problems])
            return
        try:
            from game.ui.play_view import PlayView
        except ImportError as error:
            host.say(f"the play view is not available: {error}", bad=True)
            return
        level = self.level = host.model.level()
        # The game's seed rule, which the editor's checks deal with too.
        self.playing = PlayView(level, seed=level.play_seed, settings=self.settings, playtest=True,
                                on_leave=self.back, show_goals=True)
        # The play view knows nothing of unsaved edits: the editor listens for the close itself.
        host.window.push_handlers(on_close=self._close_during)
        host.window.show_view(self.playing)

    def _close_during(self) -> bool | None:
        if not self.host.model.dirty:
            return None   # nothing to lose: the window closes
        self.back()
        return self.host.on_close()

    def back(self, outcome: Any = None) -> None:
        if outcome is not None and outcome.action == Action.RETRY and self.playing is not None:
            # Retry on the result screen plays the level again; only 'editor' comes back here.
            self.playing.restart()
            return
        self.playing = None
        self.host.window.remove_handler("on_close", self._close_during)
        self.host.window.show_view(self.host)
        if outcome is not None:
            self.host.say(f"play-test: {outcome.status}, score {outcome.score}")
            if self.on_end is not None and self.level is not None:
                self.on_end(self.level, outcome)
