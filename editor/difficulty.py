"""The editor's Difficulty panel: person-like bots play the level as it is now, in background processes, and say how hard it is."""

from __future__ import annotations

import collections
import dataclasses
import hashlib
import json
import pathlib
import re
import textwrap
from concurrent.futures import Future, ProcessPoolExecutor
from collections.abc import Callable
from dataclasses import dataclass
import arcade

from game.bots import BotSpec, Persona
from game.bots.farm import Job, chunked, default_workers
from game.bots.persona_file import personas_in
from game.bots.workers import start_pool, stop_pool
from game.bots.playtest import PERSON, GameRecord, LevelReport, cap_for, nearest_limit, play_seeds, report
from game.core import Level, Problem
from game.io import gate
from game.io.paths import data_dir, personas_dir
from game.io.playtest_file import PlaytestFileError
from game.ui.layout import Rect

from . import pack_results
from .host import Host, Part
from .look import BAD, DIM, GOOD, PANEL, PROBLEMS_H, PROPS_W, SELECTED, TEXT, WARN, clip

GAMES = 200                 # per run: a figure within about +-7% in a few seconds
TARGETS = tuple(t / 10 for t in range(1, 10))   # the pass rates a designer can aim the limit at
TARGET = 0.6
# The problems panel warns outside these (a warning, never an error: a designer may mean it).
TOO_HARD, TOO_EASY, MANY_RESHUFFLES = 0.05, 0.98, 0.25
PANEL_W = 380               # the panel's share of the problems strip, on the right
MIN_PANEL_W = 200           # narrower (a small window): no panel; F5 still runs, the status line tells
LABEL_COLORS = {"easy": GOOD, "medium": TEXT, "hard": WARN, "very hard": BAD, "unfair": BAD}
KEPT_RUNS = 300             # stored runs kept in the data folder (the oldest go first)
KEPT_NAME = r"[0-9a-f]{16}(-[0-9a-f]{8})?"   # a kept run's file: the level's hash (and a persona's key)


def figures_of(level: Level, records: tuple[GameRecord, ...], target: float, bot: BotSpec = PERSON) -> Figures:
    """A run's figures: the games were played on to cap_for(level), so the curve reaches it."""
    return Figures(level, records, report(level, records, bot_label(bot), target, cap_for(level)), bot)


def bot_label(bot: BotSpec) -> str:
    """How a run's bot is named in its report: the person-like bot, or a persona by its name."""
    return f"persona:{bot.name}" if isinstance(bot, Persona) else bot


def bot_words(bot: BotSpec) -> str:
    """The bot in the panel's words: 'person-like bot', or the persona's name."""
    return bot.name if isinstance(bot, Persona) else "person-like bot"


def bot_key(bot: BotSpec) -> str:
    """What tells a persona's runs from the default bot's and another persona's: the first 8
    hex digits of a hash of its name and numbers (a persona fitted again runs afresh); the
    default bot's runs have none."""
    if not isinstance(bot, Persona):
        return ""
    numbers = ",".join(f"{k}={v!r}" for k, v in sorted(bot.numbers().items()))
    return hashlib.sha256(f"{bot.name}|{numbers}".encode()).hexdigest()[:8]


def aimed(figures: Figures, target: float) -> Figures:
    """The same figures with the move limit suggested for another pass rate (from the games, or
    for figures read back from a pack's playtest.yaml, from the stored curve)."""
    if figures.records:
        return figures_of(figures.level, figures.records, target, figures.bot)
    r = figures.report
    return Figures(figures.level, (), dataclasses.replace(
        r, suggested_moves=nearest_limit(r.limit_curve, target), suggest_target=target), figures.bot)


@dataclass(frozen=True, slots=True)
class Figures:
    """A finished run: its games (played on past the limit, for the curve) and what they say."""

    level: Level
    records: tuple[GameRecord, ...]
    report: LevelReport
    bot: BotSpec = PERSON   # who played them: the person-like bot, or a persona


def run_key(level_hash: str, bot: BotSpec) -> str:
    """Where a level's figures by `bot` are kept: its content hash, then a persona's bot_key."""
    tail = bot_key(bot)
    return f"{level_hash}-{tail}" if tail else level_hash


def keep_run(store: pathlib.Path, key: str, records: tuple[GameRecord, ...]) -> None:
    """Keep a run's games in the data folder's store as `key`.json (a level's content hash, and
    a persona's key); the oldest of the store's own files make way past KEPT_RUNS. OSError when
    it cannot be written."""
    gate.write_text(store / f"{key}.json", json.dumps([r.to_row() for r in records]))
    # Only the store's own files (a content hash's name) ever make way for newer ones.
    kept = [p for p in gate.files(store, "*.json") if re.fullmatch(KEPT_NAME, p.stem)]
    for old in sorted(kept, key=_modified)[:-KEPT_RUNS]:
        gate.remove(old)


def kept_run(store: pathlib.Path, key: str) -> tuple[GameRecord, ...]:
    """The games kept as `key`.json in the store; none when there are none or the file is damaged."""
    try:
        rows = json.loads(gate.read_text(store / f"{key}.json"))
        return tuple(GameRecord.from_row(row) for row in rows)
    except (OSError, ValueError, TypeError, KeyError, IndexError):
        return ()


def _modified(path: pathlib.Path) -> float:
    info = gate.lstat(path)
    return info.st_mtime if info is not None else 0.0


class DifficultyRun:
    """Plays GAMES person-like games of a level on worker processes (painting goes on), and keeps
    the figures by the level's content hash: an edit makes them stale, undoing it makes them good.
    `bot` is who plays: the person-like bot, or a persona (a designer's testers, fitted by
    `gridfall calibrate`), whose figures are kept apart by its bot_key."""

    def __init__(self, games: int = GAMES, workers: int | None = None,
                 store: pathlib.Path | None = None) -> None:
        self.games = games
        # Finished runs are kept by content hash in the data folder, so closing the editor and
        # opening the level again shows its figures without playing it again.
        self.store = store if store is not None else data_dir() / "difficulty"
        self._owners: dict[str, str] = {}   # which level (its file, or an unsaved draft) ran what
        self._owner = ""
        # Every core: the workers play at a lower priority (nice 10), so painting
        # in the editor stays smooth while they use the rest.
        self.workers = workers if workers is not None else default_workers()
        self.target = TARGET
        self.bot: BotSpec = PERSON
        self._playing: BotSpec = PERSON   # the bot of the run going on
        self._pool: ProcessPoolExecutor | None = None
        self._level: Level | None = None
        self._pending: list[Future[list[GameRecord]]] = []
        self._sizes: list[int] = []
        self.figures: dict[str, Figures] = {}
        self.error: str | None = None
        self.unkept: OSError | None = None   # why the last finished run could not be kept

    # -- running ----------------------------------------------------------------------------------
    def start(self, level: Level, owner: str = "") -> None:
        """Play `level` (a run already going for another version of it is dropped); `owner`
        names the level being edited, whose latest figures the panel shows as stale."""
        self.cancel()
        self._owner = owner
        self.error = None
        if self._pool is None:
            # spawn: the editor has threads (the slide solver, pyglet) that fork copies badly;
            # nice: a worker yields the cores to the editor's drawing and input.
            self._pool = start_pool(self.workers, "spawn", nice=True)
        self._playing = self.bot
        pieces = chunked(Job(level, tuple(range(self.games)), self.bot, cap_for(level)))
        self._level = level
        # play_seeds itself, not a function of this module: a spawned worker then imports the
        # bots alone, not the editor and arcade (seconds of start-up a worker).
        self._pending = [self._pool.submit(play_seeds, piece.level, piece.seeds, piece.bot, piece.cap)
                         for piece in pieces]
        self._sizes = [len(piece.seeds) for piece in pieces]

    @property
    def owner(self) -> str:
        """Which level the last run was of: its file, or 'unsaved:...' for a draft never saved."""
        return self._owner

    @property
    def running(self) -> bool:
        return self._level is not None

    def progress(self) -> float:
        """The share of this run's games played (0..1)."""
        total = sum(self._sizes)
        played = sum(size for size, f in zip(self._sizes, self._pending) if f.done())
        return played / total if total else 0.0

    def poll(self) -> bool:
        """Collect finished work; True when the run has just ended (figures or an error)."""
        level = self._level
        if level is None or not all(f.done() for f in self._pending):
            return False
        self._level = None
        try:
            records = tuple(r for f in self._pending for r in f.result())
        except Exception as exc:   # a worker died or raised: say so, never crash the editor
            self.error = f"the bots could not play it: {exc}"
            return True
        key = self.key(level.content_hash(), self._playing)
        self.figures[key] = figures_of(level, records, self.target, self._playing)
        self._owners[self._owner + "|" + bot_key(self._playing)] = key
        self._keep(key, records)
        return True

    def key(self, level_hash: str, bot: BotSpec | None = None) -> str:
        """Where a level's figures by `bot` (default: the chosen bot) are kept: its content hash,
        then the persona's bot_key."""
        return run_key(level_hash, self.bot if bot is None else bot)

    # -- kept runs --------------------------------------------------------------------------------------
    def _keep(self, key: str, records: tuple[GameRecord, ...]) -> None:
        """Write a finished run's games to the data folder (a failed write only loses the cache,
        and is said: `unkept`)."""
        self.unkept = None
        try:
            keep_run(self.store, key, records)
        except OSError as exc:
            self.unkept = exc   # the figures stand; the editor says they could not be kept

    def recall(self, level: Level, path: pathlib.Path | None = None) -> Figures | None:
        """The figures of `level` as it is now: from this session, else from a kept run, else
        (for a level file of a pack) from the pack's playtest.yaml when played as it is now."""
        level_hash = level.content_hash()
        key = self.key(level_hash)
        if key in self.figures or not re.fullmatch(KEPT_NAME, key):
            return self.figures.get(key)
        records = kept_run(self.store, key)
        if records:
            self.figures[key] = figures_of(level, records, self.target, self.bot)
        else:
            # The pack's playtest.yaml holds the default bot's figures, never a persona's.
            stored = pack_results.recall(path, level) if self.bot == PERSON else None
            if stored is None:
                return None   # the panel offers a run
            self.figures[key] = aimed(Figures(level, (), stored), self.target)
        return self.figures[key]

    def cancel(self) -> None:
        for future in self._pending:
            future.cancel()
        self._pending, self._sizes, self._level = [], [], None

    def close(self) -> None:
        """Stop the workers (the editor is leaving); nothing waits for a game in play."""
        self.cancel()
        if self._pool is not None:
            stop_pool(self._pool)
            self._pool = None

    # -- what the figures say -----------------------------------------------------------------------
    def for_level(self, level_hash: str | None) -> Figures | None:
        """The chosen bot's figures of the level with this content hash."""
        return self.figures.get(self.key(level_hash)) if level_hash is not None else None

    def latest(self, owner: str | None = None) -> Figures | None:
        """The last run's figures (with an owner: the chosen bot's last run of that level, none
        for another: a new or another level never shows the figures of the one before)."""
        if owner is not None:
            return self.figures.get(self._owners.get(owner + "|" + bot_key(self.bot), ""))
        return next(reversed(self.figures.values()), None) if self.figures else None

    def aim(self, target: float) -> None:
        """Aim the suggested move limit at another pass rate: read off the same games again."""
        self.target = min(TARGETS, key=lambda t: abs(t - target))
        for key, f in self.figures.items():
            self.figures[key] = aimed(f, self.target)


def warnings_of(figures: Figures | None) -> list[Problem]:
    """The problems panel's warnings from a run on the level as it is now (none without one)."""
    if figures is None:
        return []
    r = figures.report
    out = []
    if r.pass_rate < TOO_HARD:
        out.append(Problem(("moves",), f"bots win {r.pass_rate:.0%} of games: almost no player will "
                                       "(more moves or an easier goal; see Difficulty)"))
    elif r.pass_rate > TOO_EASY:
        out.append(Problem(("moves",), f"bots win {r.pass_rate:.0%} of games: nothing to think about "
                                       "(fewer moves or a harder goal; see Difficulty)"))
    if r.reshuffle_rate > MANY_RESHUFFLES:
        out.append(Problem(("kinds",), f"{r.reshuffle_rate:.0%} of games ran out of moves and were "
                                       "reshuffled (fewer kinds or fewer holes make that rarer)"))
    return out


def histogram(records: tuple[GameRecord, ...], cap: int) -> list[int]:
    """Games won at each move count 1..cap (played on past the level's limit)."""
    counts = collections.Counter(r.won_at for r in records if r.won_at is not None)
    return [counts.get(m, 0) for m in range(1, cap + 1)]


class DifficultyPanel(Part):
    """A part of the editor: the panel on the right of the problems strip. It owns the bots'
    run (`run`), its buttons as drawn this frame and the level's hash for the last draft."""

    def __init__(self, host: Host, details: Callable[[], None], run: DifficultyRun | None = None) -> None:
        super().__init__(host)
        self.run = run if run is not None else DifficultyRun()
        self._details = details   # opens the difficulty report over the board (F6)
        self.buttons: dict[str, Rect] = {}   # the panel's buttons as drawn this frame
        self._hashed: tuple[object, str | None] = (None, None)   # (the draft, its content hash)
        self.personas: list[Persona] = []   # the personas folder's, as last read (the chooser shows when any)
        self._read_personas(say=False)   # the editor is still being made: nothing to say it on

    def _read_personas(self, say: bool = True) -> str:
        """The personas in the data folder's personas/; what was wrong with a file there, in
        one line (said unless `say` is false: a bad file is passed over, never a crash)."""
        try:
            self.personas, bad = personas_in(personas_dir())
        except OSError as exc:
            self.personas = []
            return self.host.failed("the personas folder", exc, "read") if say else ""
        told = f"skipped {bad[0]}" if bad else ""
        if told and say:
            self.host.say(told, bad=True)
        return told

    def chosen(self) -> BotSpec:
        """Who plays the level: the person-like bot, or the persona chosen (the pack overview asks)."""
        return self.run.bot

    def store(self) -> pathlib.Path:
        """Where the runs' games are kept (a persona's for the overview too)."""
        return self.run.store

    def forget(self) -> None:
        """Read the shown level's kept figures again (another part just kept games for it)."""
        self._hashed = (None, None)

    def model_replaced(self) -> None:
        """Another level is shown (new, opened, a tab): the personas folder is read again, so a
        persona `gridfall calibrate` wrote meanwhile is offered."""
        self._read_personas()

    def next_bot(self) -> None:
        """The panel's bot button: the next of the person-like bot and the personas (read again,
        so one `gridfall calibrate` just wrote is offered); its figures, if kept, show at once."""
        told = self._read_personas(say=False)
        bots: list[BotSpec] = [PERSON, *self.personas]
        keys = [bot_key(b) for b in bots]
        at = keys.index(bot_key(self.run.bot)) if bot_key(self.run.bot) in keys else -1
        self.run.bot = bots[(at + 1) % len(bots)]
        self._hashed = (None, None)   # recall this bot's kept figures of the level
        self.host.say(f"difficulty: {bot_words(self.run.bot)} plays the level (F5 runs it)"
                      + (f"; {told}" if told else ""), bad=bool(told))

    def rect(self) -> Rect:
        window = self.host.window
        strip = window.width - PROPS_W - 180
        width = min(PANEL_W, max(0.0, strip * 0.5))
        return Rect(window.width - PROPS_W - width - 4, 4, width, PROBLEMS_H - 12)

    def width(self) -> float:
        """How much of the problems strip the panel takes (nothing in a narrow window)."""
        area = self.rect()
        return area.width + 24 if area.width >= MIN_PANEL_W else 0.0   # and a gap: wrapping is by estimate

    def figures(self) -> Figures | None:
        """The bots' figures for the level as it is now (None: no run of it, or it has problems)."""
        return self.run.for_level(self.current_hash())

    def warnings(self) -> list[Problem]:
        """Warnings from the bots' games of the level as it is now (none without a run)."""
        return warnings_of(self.figures())

    def current_hash(self) -> str | None:
        """The content hash of the level as it is now, or None while it has problems (worked
        out once per edit: the panel asks every frame). A run kept from an earlier session is
        read back here, the first time the level is seen as it was played."""
        model = self.host.model
        draft = model.draft
        if self._hashed[0] is not draft:
            try:
                level = model.level()
            except ValueError:
                self._hashed = (draft, None)
            else:
                self._hashed = (draft, level.content_hash())
                self.run.recall(level, model.path)
        return self._hashed[1]

    def owner(self) -> str:
        """Which level the panel is about: its file, or this unsaved draft."""
        model = self.host.model
        return str(model.path) if model.path is not None else f"unsaved:{id(model)}"

    def start(self) -> None:
        """F5 or the panel's button: play the level as it is now (problems first, if it has any)."""
        host = self.host
        host.commit_typing()
        try:
            level = host.model.level()
        except ValueError:
            host.say("fix the problems first: the bots play only a level the game can load", bad=True)
            return
        known = self.run.for_level(level.content_hash())
        if known is not None and known.records and not self.run.running:
            # Its games were played already: the same seeds would play them the same. Figures
            # kept in a pack's playtest.yaml (the overview's) have no games: those play again.
            host.say("these figures are the bots' games of the level as it is now: edit it, then run again")
            return
        self.run.start(level, self.owner())
        who = "the bots are" if self.run.bot == PERSON else f"{bot_words(self.run.bot)} is"
        host.say(f"{who} playing it {self.run.games} times; paint on meanwhile")

    def apply_suggestion(self) -> None:
        """Set the move limit the figures suggest: one undo step."""
        figures = self.run.for_level(self.current_hash())
        moves = figures.report.suggested_moves if figures is not None else None
        if moves is None:
            return
        if self.host.model.set(moves=moves):
            self.host.say(f"move limit set to {moves} (Ctrl+Z undoes it); run again to check")
        self.host.refresh()

    def tick(self, dt: float) -> None:
        """Collect the bots' finished games; say the outcome when the run ends."""
        if self.run.poll():
            if self.run.error is not None:
                self.host.say(self.run.error, bad=True)
            else:
                latest = self.run.latest()
                if latest is not None:
                    # Kept with the pack too (playtest.yaml), for the overview and the next session.
                    unkept: list[tuple[str, Exception]] = []
                    kept = None
                    try:
                        # The pack's playtest.yaml holds the person-like bot's figures alone.
                        if latest.bot == PERSON:
                            kept = pack_results.keep(self.run.owner, latest.report)
                    except (OSError, PlaytestFileError) as exc:   # the figures stand; the pack's file does not
                        kept, unkept = None, [("the figures in the pack's playtest.yaml", exc)]
                    who = "" if latest.bot == PERSON else f" for {bot_words(latest.bot)}"
                    self.host.say(f"difficulty{who}: {latest.report.label}, "
                                  f"{'bots win' if latest.bot == PERSON else 'wins'} {latest.report.pass_rate:.0%}"
                                  + (f" (kept in the pack's {kept})" if kept else ""))
                    if self.run.unkept is not None:   # the figures stand; keeping them failed
                        unkept.append(("the figures", self.run.unkept))
                    for what, why in unkept:
                        self.host.failed(what, why, "keep")

    def click(self, x: float, y: float, button: int) -> bool:
        for name, rect in self.buttons.items():
            if rect.contains(x, y):
                if name == "run":
                    self.start()
                elif name == "bot":
                    self.next_bot()
                elif name == "details":
                    self._details()
                elif name == "apply":
                    self.apply_suggestion()
                elif name in ("lower", "higher"):
                    step = -0.1 if name == "lower" else 0.1
                    self.run.aim(self.run.target + step)
                return True
        return False

    def close(self) -> None:
        """The editor is leaving: stop the bots' workers."""
        self.run.close()

    def _button(self, name: str, label: str, left: float, bottom: float, width: float,
                enabled: bool = True) -> None:
        rect = Rect(left, bottom, width, 22)
        arcade.draw_lrbt_rectangle_filled(rect.left, rect.right, rect.bottom, rect.top,
                                          SELECTED if enabled else PANEL)
        self.host.texts.show(f"db:{name}", label, rect.center[0], rect.center[1], TEXT if enabled else DIM, 10,
                   anchor_x="center", anchor_y="center")
        if enabled:
            self.buttons[name] = rect

    def draw(self) -> None:
        self.buttons = {}
        area = self.rect()
        if area.width < MIN_PANEL_W:
            return   # a narrow window: F5 still runs it, the status line says the outcome
        arcade.draw_lrbt_rectangle_filled(area.left, area.right, area.bottom, area.top, (38, 40, 70))
        left, top = area.left + 10, area.top - 14
        room = area.right - 8 - left   # every line is measured into the panel, never past it
        run = self.run
        text = self.host.texts.show
        level_hash = self.current_hash()
        figures = run.for_level(level_hash)
        shown = figures or run.latest(self.owner())
        self._button("run", "Run (F5)", area.right - 84, top - 11, 74, enabled=not run.running)
        self._button("details", "Details (F6)", area.right - 188, top - 11, 98,
                     enabled=not run.running and figures is not None)
        if self.personas or run.bot != PERSON:
            # Personas to choose from: the heading is the chooser, naming who plays.
            chooser = area.right - 196 - left
            heading = text("dhead", "", left, top, TEXT, 12, bold=True, anchor_y="center")
            heading.visible = False
            if chooser >= 60:
                label = clip(f"Bot: {bot_words(run.bot)}", max(6, int(chooser / 6.5)))
                self._button("bot", label, left - 4, top - 11, chooser, enabled=not run.running)
        else:
            heading = text("dhead", "Difficulty", left, top, TEXT, 12, bold=True, anchor_y="center")
            # A small window's panel has no room for all three: the buttons say what it is.
            heading.visible = left + heading.content_width + 8 < area.right - 188
        if run.running:
            share = run.progress()
            who = "person-like bot games" if run.bot == PERSON else f"games of {bot_words(run.bot)}"
            text("d1", f"{run.games} {who}: {share:.0%}", left, top - 28,
                 DIM, 10, room=room, anchor_y="center")
            bar = Rect(left, top - 50, area.width - 20, 10)
            arcade.draw_lrbt_rectangle_filled(bar.left, bar.right, bar.bottom, bar.top, PANEL)
            arcade.draw_lrbt_rectangle_filled(bar.left, bar.left + max(1.0, bar.width * share), bar.bottom,
                                              bar.top, GOOD)
            return
        if shown is None:
            who = "Person-like bots play" if run.bot == PERSON else f"{bot_words(run.bot)} plays"
            text("d1", f"How hard is it? {who} it {run.games} times.",
                 left, top - 28, DIM, 10, room=room, anchor_y="center")
            return
        r = shown.report
        stale = figures is None
        lo, hi = r.interval
        color = DIM if stale else LABEL_COLORS.get(r.label, TEXT)
        # The range goes first when the panel is narrow: the label and the pass rate are what count.
        wins = "bots win" if shown.bot == PERSON else "wins"
        head = (f"{r.label}: {wins} {r.pass_rate:.0%} ({lo:.0%}-{hi:.0%})", f"{r.label}: {wins} {r.pass_rate:.0%}")
        text("d1", head, left, top - 28, color, 11, room=room, bold=True, anchor_y="center")
        if stale:
            text("d2", "stale: the level changed since (F5 runs it again)", left, top - 46,
                 WARN, 10, room=room, anchor_y="center")
        else:
            moves = (f"a win takes {r.median_moves} moves, the best 5% {r.best_moves}"
                     if r.median_moves is not None else "no bot won it")
            if r.lost_goals:   # what the lost games lacked, shortly (the sheet, F6, says more)
                lost = ", ".join(f"{g.share:.0%} {g.phrase.split(' (')[0]}" for g in r.lost_goals[:2])
                moves = (f"wins in {r.median_moves}; " if r.median_moves is not None else "") + f"lost: {lost}"
            text("d2", moves, left, top - 46, WARN if r.lost_goals else DIM, 10, room=room, anchor_y="center")
        self._draw_histogram(shown, Rect(left + 18, area.bottom + 44, area.width - 38, top - 60 - area.bottom - 44),
                             stale)
        # The suggestion for the target pass rate, with Apply (one undo step) when it would change.
        y = area.bottom + 8
        self._button("lower", "-", left, y, 20, enabled=run.target > TARGETS[0] + 1e-9)
        text("dtarget", f"{run.target:.0%}", left + 40, y + 11, TEXT, 10, anchor_x="center",
                   anchor_y="center")
        self._button("higher", "+", left + 60, y, 20, enabled=run.target < TARGETS[-1] - 1e-9)
        suggested = r.suggested_moves
        # Shorter wordings for a narrow panel keep the number in view (it was cut to "needs...").
        said: tuple[str, ...]
        if suggested is None:
            said = ("no move limit to suggest", "no limit")
        elif suggested == r.move_limit:
            said = (f"{suggested} moves: as it is", f"{suggested}: as is", f"{suggested}")
        else:
            said = (f"needs {suggested} moves", f"{suggested} moves", f"{suggested}")
        text("dsuggest", said, left + 88, y + 11, TEXT, 10, room=area.right - 74 - (left + 88),
             anchor_y="center")
        self._button("apply", "Apply", area.right - 70, y, 60,
                     enabled=not stale and suggested is not None and suggested != r.move_limit)

    def _draw_histogram(self, figures: Figures, box: Rect, stale: bool) -> None:
        """Wins by the move that won them, past the limit too; a line at the limit and the suggestion."""
        cap = cap_for(figures.level)
        if cap is None or box.height < 8 or box.width < 40:
            return
        if not figures.records:   # read back from the pack's playtest.yaml: figures, no games
            # Two lines at most, in the chart's place: one ran past the panel into the properties,
            # and a third would cover the line above.
            said = textwrap.wrap("kept in the pack's playtest.yaml: F6 shows the curve, F5 plays again",
                                 max(12, int(box.width / 6.3)))
            if len(said) > 2:
                said = [said[0], clip(" ".join(said[1:]), max(12, int(box.width / 6.3)))]
            for i, line in enumerate(said):
                self.host.texts.show("dh:kept" if i == 0 else "dh:kept2", line, box.left,
                                     box.center[1] + 6 * (len(said) - 1) - 12 * i, DIM, 9, anchor_y="center")
            return
        counts = histogram(figures.records, cap)
        tallest = max(counts) or 1
        bar_w = box.width / cap
        limit = figures.level.moves or cap
        for i, n in enumerate(counts):
            if n:
                x = box.left + i * bar_w
                within = i + 1 <= limit
                color = (DIM if stale else GOOD) if within else (90, 96, 130)
                arcade.draw_lrbt_rectangle_filled(x, x + max(1.0, bar_w - 1), box.bottom,
                                                  box.bottom + box.height * n / tallest, color)
        suggested = figures.report.suggested_moves
        lines = [(limit, TEXT)] + ([(suggested, WARN)] if suggested is not None and suggested != limit else [])
        for moves, color in lines:
            x = box.left + moves * bar_w
            arcade.draw_line(x, box.bottom, x, box.top, color, 1)
        arcade.draw_line(box.left, box.bottom, box.right, box.bottom, DIM, 1)
        arcade.draw_line(box.left, box.bottom, box.left, box.top, DIM, 1)
        # Axes: the move counts under the bars (1, the limit, the last), the tallest bar's games.
        self.host.texts.show("dh:y", f"{tallest}", box.left - 3, box.top, DIM, 8, anchor_x="right", anchor_y="top")
        if box.height >= 26:
            self.host.texts.show("dh:y0", "0", box.left - 3, box.bottom, DIM, 8, anchor_x="right", anchor_y="bottom")
        for name, moves in (("1", 1), ("lim", limit), ("cap", cap)):
            if name == "1" and limit * bar_w < 24 or name == "cap" and (cap - limit) * bar_w < 60:
                continue   # too near the limit's label to read
            x = box.right if name == "cap" else box.left + (moves - 0.5) * bar_w
            self.host.texts.show(f"dh:x{name}", f"{moves}" + (" moves" if name == "cap" else ""), x,
                                 box.bottom - 1, DIM, 8, anchor_x="right" if name == "cap" else "center", anchor_y="top")
