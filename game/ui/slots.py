"""Slots: a pack's level and a daily puzzle, the two kinds of game the shell plays, in one shape.

A slot knows where its game resumes, how an outcome is recorded, what comes after it, its best
replay and the screen it belongs to; the shell runs one life over any slot.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from game.bots.daily import DAILY_MODES, DailyPuzzle, daily_puzzle
from game.core import (
    RULES_VERSION, Command, IllegalMove, Level, Mode, Session, Status, first_divergence, next_deal, stars,
)
from game.io.daily_records import daily_replay_path, save_daily_replay
from game.io.kept_replays import Kept, best_win, keep_finished
from game.io.replay import ReplayFileError, load_replay
from game.ui.saves import Saves
from game.ui.shelf import Shelf, difficulty_line
from game.core import counted

if TYPE_CHECKING:
    from game.ui.navigator import Navigator


@dataclass(frozen=True, slots=True)
class Start:
    """Where a game starts: a seed to deal and the commands already played on it."""

    seed: int
    commands: tuple[Command, ...] = ()
    undone: bool = False   # undo was used in the game so far (game.ui.play_undo)


@dataclass(frozen=True, slots=True)
class Watchable:
    """A game to watch in the theatre, with the title it shows."""

    seed: int
    commands: tuple[Command, ...]
    title: str
    rules: int = RULES_VERSION   # the rules version it plays by


class Slot(abc.ABC):
    """A game the shell can play: resume it, record how it went, what comes next, its best replay."""

    level: Level
    pack_id: str | None = None   # the pack it is shared under (none for a daily)
    pack_name: str | None = None
    difficulty: str | None = None   # the goal card's line of playtest figures
    back_to = "levels"              # what the play view's Back is called
    new_deals = True                # whether "New deal" is offered (a daily has one deal a day)
    yours = "Your game"             # the theatre's title for the game just played
    first_move = False              # where a player meets a mode or a lesson: a hand shows the first move

    def __init__(self, saves: Saves) -> None:
        self.saves = saves

    @abc.abstractmethod
    def resume(self) -> Start:
        """The game to start: the one left halfway if it still replays, else a fresh deal."""

    @abc.abstractmethod
    def clear(self) -> None:
        """Forget the game left halfway (a new deal, a Retry, playing on from a replay)."""

    @abc.abstractmethod
    def record(self, status: Status, score: int, star_count: int, seed: int,
               commands: Sequence[Command], undone: bool = False, helped: bool = False) -> None:
        """Keep how the game stands: a win counts, a loss is dropped, a game in play resumes later
        (with `undone`, whether undo was used in it: its stars stay capped after a resume; `helped`,
        whether keep going gave it moves: the game's commands say so too, so a resume keeps it)."""

    @abc.abstractmethod
    def again(self, seed: int) -> int:
        """The seed Retry deals after a game dealt from `seed`: the same board again."""

    @abc.abstractmethod
    def redeal(self, seed: int) -> int:
        """The seed New deal deals after a game dealt from `seed`."""

    @property
    @abc.abstractmethod
    def next_label(self) -> str | None:
        """What the result's Next says; None when nothing comes after this one."""

    @abc.abstractmethod
    def following(self) -> Slot | None:
        """What Next plays after this one, when there is something open to play."""

    def beyond(self, nav: Navigator) -> bool:
        """Where Next goes when no game follows (a pack's end: the next pack); True when it went."""
        return False

    @abc.abstractmethod
    def best(self) -> Watchable | None:
        """The best game kept of this slot, to watch; None when there is none that still plays."""

    @abc.abstractmethod
    def home(self, nav: Navigator) -> object:
        """Show the screen this slot is chosen on, focused on it."""


class LevelSlot(Slot):
    """A level of a pack: progress keeps its game in play, its best score and stars."""

    def __init__(self, saves: Saves, shelf: Shelf, pack_id: str, level_id: str) -> None:
        super().__init__(saves)
        self.shelf = shelf
        self.pack_id: str = pack_id
        self.level = shelf.level(pack_id, level_id)
        self.pack_name = shelf.pack(pack_id).name
        figures = shelf.difficulty(pack_id, level_id)
        self.difficulty = None if figures is None else difficulty_line(figures)
        self.first_move = shelf.meets_mode(pack_id, level_id) or shelf.meets_lesson(pack_id, level_id)

    def resume(self) -> Start:
        level, progress = self.level, self.saves.progress
        saved = progress.saved_game(self.pack_id, level.id, level)
        if saved is None:
            return Start(level.play_seed)
        try:
            commands = saved.parsed_commands()
            Session.replay(level, saved.seed, commands)
        except (ValueError, IllegalMove):
            # The level changed under the saved game: start over rather than show a wrong board.
            self.clear()
            return Start(level.play_seed)
        return Start(saved.seed, commands, saved.undone)

    def clear(self) -> None:
        self.saves.progress.clear_game(self.pack_id, self.level.id)
        self.saves.save_progress()

    def record(self, status: Status, score: int, star_count: int, seed: int,
               commands: Sequence[Command], undone: bool = False, helped: bool = False) -> None:
        progress, level_id = self.saves.progress, self.level.id
        if status == Status.WON:
            progress.record_win(self.pack_id, level_id, score, star_count, helped=helped)
            self._keep(seed, commands)
        elif status == Status.LOST:
            progress.clear_game(self.pack_id, level_id)  # a lost game is not worth resuming
            self._keep(seed, commands)
        else:
            progress.save_game(self.pack_id, level_id, seed, commands, self.level, undone=undone)
        self.saves.save_progress()

    def _keep(self, seed: int, commands: Sequence[Command]) -> None:
        """Keep a finished game as a replay (and as the best win when it is one)."""
        try:
            kept = keep_finished(self.level, self.pack_id, seed, commands)
        except (OSError, ValueError) as exc:
            self.saves.reporter.failed("the replay of this game", exc)
            return
        if kept is not None and kept.won:
            self.saves.best.pop((self.pack_id, self.level.id), None)

    def again(self, seed: int) -> int:
        return seed

    def redeal(self, seed: int) -> int:
        # A new board, as the genre deals; its seed is shown, so it can be replayed.
        return next_deal(self.level, seed)

    @property
    def next_label(self) -> str | None:
        ids = self.shelf.level_ids(self.pack_id)
        if self.level.id in ids and ids.index(self.level.id) + 1 < len(ids):
            return "Next level"
        return "Next pack" if self.shelf.pack_after(self.pack_id) is not None else None

    def following(self) -> Slot | None:
        ids = self.shelf.level_ids(self.pack_id)
        i = ids.index(self.level.id)
        if i + 1 < len(ids) and self.saves.progress.unlocked(self.pack_id, ids, ids[i + 1]):
            return LevelSlot(self.saves, self.shelf, self.pack_id, ids[i + 1])
        return None

    def beyond(self, nav: Navigator) -> bool:
        ids = self.shelf.level_ids(self.pack_id)
        i = ids.index(self.level.id)
        if i + 1 < len(ids):
            # The next level is locked (a level before it is not finished): the list, on it,
            # says which level opens it, rather than dropping there without a word.
            nav.show_levels(self.pack_id, focus_level=ids[i + 1]).say_locked()
            return True
        after = self.shelf.pack_after(self.pack_id)
        if after is None:
            return False
        # The pack is done: the next one opens, or the packs screen says what it asks.
        if self.shelf.stars_to_open(self.saves.progress, after.id) == 0:
            nav.show_levels(after.id)
        else:
            nav.show_packs().show_toast(self.shelf.locked_words(self.saves.progress, after.id))
        return True

    def best_win(self) -> Kept | None:
        """The level's best win kept in the data folder, when it still plays on the level."""
        key = (self.pack_id, self.level.id)
        if key not in self.saves.best:
            try:
                self.saves.best[key] = best_win(self.pack_id, self.level)
            except (OSError, ValueError):
                self.saves.best[key] = None
        return self.saves.best[key]

    def best(self) -> Watchable | None:
        kept = self.best_win()
        if kept is None:
            return None
        return Watchable(kept.replay.seed, tuple(kept.replay.commands),
                         f"Your best: {kept.score:,} in {counted(kept.moves, 'move')}", kept.replay.plays_by)

    def home(self, nav: Navigator) -> object:
        return nav.show_levels(self.pack_id, focus_level=self.level.id)

    @property
    def pack_id_(self) -> str:
        """The pack's id (a level slot always has one)."""
        assert self.pack_id is not None
        return self.pack_id


class DailySlot(Slot):
    """Today's puzzle of one mode: the daily records keep its game in play, the day's best and the streak."""

    back_to = "daily"
    new_deals = False
    yours = "Your daily"

    def __init__(self, saves: Saves, puzzle: DailyPuzzle) -> None:
        super().__init__(saves)
        self.puzzle = puzzle
        self.level = puzzle.level
        self.mode: Mode = puzzle.mode

    def resume(self) -> Start:
        puzzle, records = self.puzzle, self.saves.daily_records
        saved = records.saved_game(self.mode.value, puzzle.date)
        if saved is None:
            return Start(puzzle.seed)
        try:
            commands = saved.parsed_commands()
            Session.replay(puzzle.level, saved.seed, commands)
        except (ValueError, IllegalMove):
            commands = ()   # the generator changed under it: start over rather than show a wrong board
        if not commands:
            self.clear()
            return Start(puzzle.seed)
        return Start(saved.seed, commands, saved.undone)

    def clear(self) -> None:
        self.saves.daily_records.clear_game(self.mode.value)
        self.saves.save_daily()

    def record(self, status: Status, score: int, star_count: int, seed: int,
               commands: Sequence[Command], undone: bool = False, helped: bool = False) -> None:
        # A win counts at once (the day's best, the streak; a new best keeps its replay), a loss
        # is dropped, a game in play is kept to resume today.
        records, mode, day = self.saves.daily_records, self.mode.value, self.puzzle.date
        better = False
        if status == Status.WON:
            state = Session.replay(self.level, seed, commands).state
            # The stars as the game earned them, capped where undo was used (star_count says so).
            better = records.record_win(mode, day, state.score, min(star_count, stars(state)), state.moves)
            records.clear_game(mode)
        elif status == Status.LOST:
            records.clear_game(mode)
        else:
            records.save_game(mode, day, seed, commands, undone=undone)
        self.saves.save_daily()
        if better:
            try:
                save_daily_replay(self.level, seed, commands)
            except OSError as exc:
                self.saves.reporter.failed("the daily's replay", exc)

    def again(self, seed: int) -> int:
        return self.puzzle.seed   # the day's board again: every player plays the same one

    def redeal(self, seed: int) -> int:
        return self.puzzle.seed   # one deal a day (the play view offers no New deal)

    @property
    def next_label(self) -> str | None:
        return "Next puzzle"

    def following(self) -> Slot | None:
        # The next mode not yet won today, in the daily screen's order.
        modes = list(DAILY_MODES)
        i = modes.index(self.mode)
        day = self.puzzle.date
        left = [m for m in modes[i + 1:] + modes[:i] if self.saves.daily_records.best(m.value, day) is None]
        return DailySlot(self.saves, daily_puzzle(day, left[0])) if left else None

    def best(self) -> Watchable | None:
        puzzle = self.puzzle
        kept = self.saves.daily_records.best(self.mode.value, puzzle.date)
        try:
            replay = load_replay(daily_replay_path(puzzle.level.id))
            if first_divergence(puzzle.level, replay.seed, replay.commands, replay.checks) is not None:
                return None   # kept under rules that have changed since: not today's game any more
        except (OSError, ReplayFileError, ValueError, IllegalMove):
            return None
        title = ("Today's best" if kept is None
                 else f"Today's best: {kept.score:,} in {counted(kept.moves, 'move')}")
        return Watchable(replay.seed, tuple(replay.commands), title)

    def home(self, nav: Navigator) -> object:
        return nav.show_daily(focus_mode=self.mode)
