"""The editor's status line: the one place its message is kept, and how long it stays."""

from __future__ import annotations

from game.io.reporter import Reporter

STATUS_SECONDS = 6.0        # how long the status line keeps a message
STATUS_BAD_SECONDS = 15.0   # and an error


class StatusLine:
    """A message for the designer (news or an error) that goes after a while, so none is left
    over from something already done (an error stays longer than news). Parts write it through
    the host's say(); nothing else assigns it."""

    def __init__(self) -> None:
        self.text = ""
        self.bad = False
        self._age = 0.0
        # Every failure to save, keep or load something is told here, by the one reporter.
        self.reporter = Reporter(lambda line: self.say(line, True))

    def say(self, text: str, bad: bool = False) -> None:
        self.text, self.bad, self._age = text, bad, 0.0

    def tick(self, dt: float) -> None:
        self._age += dt

    def shown(self) -> str:
        """The status line as it stands now ('' once its message has stayed its time)."""
        return self.text if self._age < (STATUS_BAD_SECONDS if self.bad else STATUS_SECONDS) else ""
