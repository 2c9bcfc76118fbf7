"""The pack at a glance (issue 23 item 1): every level of the open level's pack as a card (its
dealt board, name, mode, moves, goals, bot pass rate), drag to reorder, duplicate, a new level in
one step, and the bots on every level in the background drawing the pack's difficulty curve."""

from __future__ import annotations

import dataclasses
import pathlib
from collections.abc import Callable
from typing import Any, Protocol

import arcade

from game.bots.generate import Outcome, Proposal
from game.bots import BotSpec
from game.bots.playtest import LABELS, PERSON, LevelReport, cap_for, report
from game.core import FALLER_OF, GOAL_FIELDS, Level, Mode
from game.io import LevelFileError, gate, load_level, save_level
from game.io.pack_proofs import keep_proof
from game.io.playtest_file import stored_figures
from game.ui.layout import Rect
from game.core import counted

from . import charts, files
from .look import BAD, DIM, GOOD, PANEL, SELECTED, TEXT, WARN, clip
from .difficulty import LABEL_COLORS, TARGET, bot_key, bot_label, bot_words, kept_run, run_key
from .draft import blank
from .host import Host
from .texts import Texts
from .overlay import board_area
from .pack_run import PackRun
from .propose import Proposer, request_for
from .thumbnails import thumbnail

CARD_W, CARD_H, GAP = 138, 150, 8
CURVE_H = 150
BANDS = {"easy": (40, 70, 56), "medium": (44, 50, 80), "hard": (74, 62, 40), "very hard": (80, 42, 52),
         "unfair": (60, 30, 36)}


@dataclasses.dataclass(frozen=True)
class Card:
    """One level of the pack as the overview shows it."""

    name: str                 # its file name in the pack
    level: Level | None       # None: the file does not load (its problems are the panel's)
    figures: LevelReport | None   # the bots' figures kept for the level as it is now
    persona: LevelReport | None = None   # the chosen persona's, kept in the Difficulty panel's store


class BotChooser(Protocol):
    """What the overview needs from the Difficulty panel: who plays, where a persona's games are kept."""

    def chosen(self) -> BotSpec: ...
    def store(self) -> pathlib.Path: ...
    def forget(self) -> None: ...


class PackOverview:
    """A part: a sheet over the board. Opening a card asks the editor to open its level (which
    asks about unsaved edits first); pack edits are the pack's own undo steps (the Pack dialog's)."""

    def __init__(self, host: Host, known: Callable[[files.PackFolder], files.PackFolder],
                 open_level: Callable[[pathlib.Path], None],
                 open_draft: Callable[[Level], None] | None = None,
                 added: Callable[[Level, pathlib.Path], None] | None = None,
                 chooser: BotChooser | None = None) -> None:
        self.host = host
        self._known = known   # the pack as the editor holds it (with its undo steps)
        self._open_level = open_level
        self._open_draft = open_draft   # a proposal shown in a tab of its own, not saved
        self._added = added             # a proposal's tab told the pack's file holds it now
        self._chooser = chooser         # the Difficulty panel: its persona draws a second curve
        self._read_for = ""             # the bot_key of the persona the cards' second figures are
        self.proposer = Proposer()
        self.proposals: list[Proposal] = []   # the last run's, not yet added to the pack
        self.labels = Texts()   # this sheet's texts, its charts' labels too
        self.run = PackRun()
        self.is_open = False
        self.pack: files.PackFolder | None = None
        self.cards: list[Card] = []
        self.selected = 0
        self.first_row = 0
        self.buttons: dict[str, Rect] = {}
        self.card_rects: list[tuple[Rect, int]] = []
        self._press: tuple[int, float, float] | None = None   # the card pressed and where
        self._grab: tuple[float, int] | None = None   # a drag on the empty space: where it began, the first row then
        self._grid = (1, 1)   # the cards' columns and rows as last drawn (the keys move by them)
        self._more_w = 0.0    # how wide the line saying which levels show was drawn (the title keeps clear)
        self._title_y = 0.0   # the title row's middle (that line sits in it, left of the buttons)
        self._drag_to: int | None = None
        self._sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._sprites_key: tuple[Any, ...] | None = None

    # -- the pack --------------------------------------------------------------------------------------
    def open(self) -> None:
        pack = files.pack_of(self.host.model.path)
        if pack is not None:
            pack = self._known(pack)
        if pack is None:
            self.host.say("the overview shows a pack you are making: open one of its levels (Pack...)", bad=True)
            return
        self.pack, self.is_open = pack, True
        self.reload()

    def close(self) -> None:
        self.is_open = False
        self._press = self._grab = None

    def area(self) -> Rect:
        return board_area(self.host.window.width, self.host.window.height)

    def reload(self) -> None:
        """Read the pack's levels and their kept figures again (after an edit or a run)."""
        pack = self.pack
        if pack is None:
            return
        self._read_for = bot_key(self._chosen())
        cards = []
        for name in pack.levels:
            path = pack.folder / name
            try:
                level: Level | None = load_level(path)
            except (LevelFileError, OSError):
                level = None
            figures = persona = None
            if level is not None:
                stored = stored_figures(pack.folder, level.id, level.content_hash())
                figures = LevelReport.from_dict(stored) if stored is not None else None
                persona = self._persona_figures(level)
            cards.append(Card(name, level, figures, persona))
        self.cards = cards
        self.selected = min(self.selected, max(0, len(cards) - 1))

    def _chosen(self) -> BotSpec:
        return self._chooser.chosen() if self._chooser is not None else PERSON

    def _kept_in(self) -> pathlib.Path | None:
        return self._chooser.store() if self._chooser is not None else None

    def _persona_figures(self, level: Level) -> LevelReport | None:
        """The chosen persona's figures of `level` as it is now (its games in the panel's store:
        an F5 or a run of every level), or None (no persona chosen, or not played)."""
        bot, store = self._chosen(), self._kept_in()
        if bot == PERSON or store is None:
            return None
        records = kept_run(store, run_key(level.content_hash(), bot))
        return report(level, records, bot_label(bot), TARGET, cap_for(level)) if records else None

    def _edit(self, change: Callable[[list[str]], list[str]], said: str) -> None:
        pack = self.pack
        if pack is None:
            return
        levels = change(pack.levels)
        try:
            pack.edit(lambda: pack.meta.__setitem__("levels", levels))
        except OSError as error:
            self.host.failed(f"the pack's list ({pack.folder.name}/pack.yaml)", error)
            return
        self.host.say(said)
        self.reload()

    def move(self, index: int, to: int) -> None:
        """Put the level at `index` at place `to` (one step of the pack's undo)."""
        if index == to or not (0 <= index < len(self.cards) and 0 <= to < len(self.cards)):
            return
        name = self.cards[index].name

        def moved(levels: list[str]) -> list[str]:
            levels.remove(name)
            levels.insert(to, name)
            return levels

        self.selected = to
        self._edit(moved, f"{name} is level {to + 1} now (the Pack dialog's Undo puts it back)")

    def _free_id(self, base: str) -> str:
        assert self.pack is not None
        taken = {p.stem for p, _ in gate.entries(self.pack.folder, "*.y*ml")}
        n = 2
        while f"{base}-{n}" in taken:
            n += 1
        return f"{base}-{n}"[:64]

    def duplicate(self) -> None:
        """A copy of the selected level, listed right after it, under a new id."""
        if self.pack is None or not self.cards:
            return
        card = self.cards[self.selected]
        try:
            draft = files.load_draft(self.pack.folder / card.name)
        except files.EditorFileError as error:
            self.host.say(f"not duplicated: {error}", bad=True)
            return
        new_id = self._free_id(draft.id)
        copy_ = dataclasses.replace(draft, id=new_id, name=f"{draft.name} (copy)")
        self._add(copy_, self.selected + 1, f"duplicated {card.name} as {new_id}.yaml")

    def new_level(self) -> None:
        """A new level saved straight into the pack and listed at its end, then opened."""
        if self.pack is None:
            return
        new_id = self._free_id("level")
        draft = blank(Mode.MATCH3, 8, 8, level_id=new_id, name=new_id.replace("-", " ").title())
        draft = dataclasses.replace(draft, moves=20, score=1000)   # a level the game can load at once
        path = self._add(draft, len(self.cards), f"new level {new_id}.yaml in the pack")
        if path is not None:
            self.close()
            self._open_level(path)

    def _add(self, draft: Any, at: int, said: str) -> pathlib.Path | None:
        pack = self.pack
        assert pack is not None
        path = pack.file_of(draft.id)
        try:
            files.save_draft(draft, path)
        except (OSError, files.EditorFileError) as error:
            self.host.failed(f"the new level {path.name}", error)
            return None
        self._edit(lambda levels: levels[:at] + [path.name] + levels[at:], said)
        self.selected = at
        return path

    def run_bots(self) -> None:
        pack = self.pack
        levels = [c.level for c in self.cards if c.level is not None]
        if pack is None or not levels:
            return
        bot = self._chosen()
        self.run.start(pack.folder, str(pack.meta.get("id") or pack.folder.name), levels, bot, self._kept_in())
        who = "the bots are" if bot == PERSON else f"{bot_words(bot)} is"
        self.host.say(f"{who} playing every level {self.run.games} times in the background")

    def propose(self) -> None:
        """Three levels for the focused card's place (before it), in the background."""
        pack = self.pack
        if pack is None or not self.cards or self.proposer.running:
            return
        place = self.selected
        taken = {p.stem for p, _ in gate.entries(pack.folder, "*.y*ml")}
        ids = tuple(i for i in (f"proposal-{n}" for n in range(1, 1000)) if i not in taken)[:3]
        asked = request_for([c.level for c in self.cards], [c.figures.pass_rate if c.figures else None
                                                            for c in self.cards], place, ids, **self.proposer.tuning)
        if isinstance(asked, str):
            self.host.say(f"nothing proposed: {asked}", bad=True)
            return
        self.proposals = []
        self.proposer.start(asked, place)
        lesson = f", teaching {asked.teaches}" if asked.teaches is not None else ""
        self.host.say(f"proposing {asked.count} levels before level {place + 1}: pass band "
                      f"{asked.band[0]:.0%}-{asked.band[1]:.0%}{lesson} (Esc cancels)")

    def _proposed(self, outcome: Outcome | str) -> None:
        if isinstance(outcome, str):
            self.host.say(outcome, bad=True)
            return
        self.proposals = list(outcome.proposals)
        for proposal in self.proposals:
            if self._open_draft is not None:
                self._open_draft(proposal.level)
        how = "cancelled: " if outcome.cancelled else ""
        missed = f" ({outcome.missed[0]})" if outcome.missed else ""
        kept = f"{len(self.proposals)} proposals in tabs of their own" if self.proposals else "no level kept"
        self.host.say(f"{how}{kept}{missed}", bad=not self.proposals)

    def accept(self, index: int) -> None:
        """'Add to pack here': the proposal's level and its proof written, listed at the slot
        (one step of the pack's undo)."""
        pack = self.pack
        if pack is None or not 0 <= index < len(self.proposals):
            return
        proposal, at = self.proposals[index], min(self.proposer.place, len(self.cards))
        level = proposal.level
        path = pack.file_of(level.id)
        try:
            save_level(level, path)
            keep_proof(pack.folder, str(pack.meta.get("id") or pack.folder.name), level, level.play_seed,
                       proposal.proof)
        except (OSError, ValueError) as error:
            self.host.failed(f"the proposal {path.name}", error)
            return
        del self.proposals[index]
        if self._added is not None:
            self._added(level, path)
        self._edit(lambda levels: levels[:at] + [path.name] + levels[at:],
                   f"{path.name} is level {at + 1} now, with its proof (the Pack dialog's Undo unlists it)")
        self.selected = at

    def cancel_proposing(self) -> None:
        self.proposer.cancel()
        self.host.say("proposing cancelled: the levels kept so far come as tabs")

    def tick(self) -> None:
        """The proposals, when they come, open in tabs whether or not the sheet is open."""
        outcome = self.proposer.poll()
        if outcome is not None:
            self._proposed(outcome)

    def poll(self) -> None:
        outcome = self.proposer.poll()
        if outcome is not None:
            self._proposed(outcome)
        if self.run.poll():
            if self.run.error is not None:
                self.host.say(self.run.error, bad=True)
            elif self.run.unwritten is not None:
                self.host.failed("the bots' figures", self.run.unwritten)
            elif self.run.bot != PERSON:
                self.host.say(f"{bot_words(self.run.bot)} played every level: its curve is drawn beside the bots'")
                if self._chooser is not None:
                    self._chooser.forget()   # the panel reads the level it shows again: its games are in
            else:
                self.host.say(f"the bots played every level: kept in {self.run.written}")
            self.reload()

    # -- input ------------------------------------------------------------------------------------------
    def press(self, x: float, y: float, button: int, modifiers: int) -> None:
        for name, rect in self.buttons.items():
            if rect.contains(x, y):
                if name.startswith("add:"):
                    self.accept(int(name[4:]))
                    return
                {"close": self.close, "run": self.run_bots, "new": self.new_level,
                 "duplicate": self.duplicate, "stop": self.run.stop, "propose": self.propose,
                 "cancel": self.cancel_proposing}[name]()
                return
        for rect, index in self.card_rects:
            if rect.contains(x, y):
                self.selected = index
                self._press, self._drag_to = (index, x, y), None
                return
        # Not on a card (a drag there reorders): a drag on the empty space scrolls the cards.
        self._grab = (y, self.first_row)

    def _slot_at(self, x: float, y: float) -> int | None:
        for rect, index in self.card_rects:
            if rect.contains(x, y):
                return index
        return None

    def drag(self, x: float, y: float) -> None:
        if self._grab is not None:
            # The cards follow the pointer: dragged up, later rows come into view.
            y0, row0 = self._grab
            self.first_row = max(0, row0 + round((y - y0) / (CARD_H + GAP)))
        elif self._press is not None and abs(x - self._press[1]) + abs(y - self._press[2]) > 8:
            self._drag_to = self._slot_at(x, y)

    def release(self, x: float, y: float) -> None:
        pressed, self._press, self._grab = self._press, None, None
        if pressed is None:
            return
        if self._drag_to is not None:
            to, self._drag_to = self._drag_to, None
            self.move(pressed[0], to)
        elif abs(x - pressed[1]) + abs(y - pressed[2]) <= 8 and self.pack is not None:
            self.close()   # a click: edit that level
            self._open_level(self.pack.folder / self.cards[pressed[0]].name)

    def scroll(self, x: float, y: float, amount: float) -> None:
        self.first_row = max(0, self.first_row - (1 if amount > 0 else -1))

    def key(self, symbol: int, modifiers: int) -> bool:
        """The keys of editor/keys.py's overview rows: a focus card moved by arrows, a page or
        to either end, the cards scrolled to keep it in view; Enter opens it."""
        k = arcade.key
        cols, rows = self._grid
        last = len(self.cards) - 1
        steps = {k.LEFT: -1, k.RIGHT: 1, k.UP: -cols, k.DOWN: cols, k.PAGEUP: -cols * rows, k.PAGEDOWN: cols * rows}
        if symbol == k.ESCAPE and self.proposer.running:
            self.cancel_proposing()   # the nearest thing first: the run, then the sheet
        elif symbol in (k.ESCAPE, k.F7):
            self.close()
        elif symbol == k.P and not modifiers & (k.MOD_CTRL | k.MOD_COMMAND):
            self.propose()
        elif symbol in steps and self.cards:
            self._focus(self.selected + steps[symbol])
            if symbol in (k.PAGEUP, k.PAGEDOWN):   # a page scrolls a page, the focus with it
                self.first_row = max(0, self.first_row + (rows if symbol == k.PAGEDOWN else -rows))
                self._focus(self.selected)
        elif symbol in (k.HOME, k.END) and self.cards:
            self._focus(0 if symbol == k.HOME else last)
        elif symbol in (k.ENTER, k.RETURN, k.NUM_ENTER) and self.cards and self.pack is not None:
            self.close()
            self._open_level(self.pack.folder / self.cards[self.selected].name)
        else:
            return False
        return True

    def _focus(self, index: int) -> None:
        """The focus on card `index` (kept to the pack), its row scrolled into view."""
        cols, rows = self._grid
        self.selected = max(0, min(len(self.cards) - 1, index))
        row = self.selected // cols
        self.first_row = min(max(self.first_row, row - rows + 1), row)

    # -- drawing -----------------------------------------------------------------------------------------
    def _button(self, name: str, text: str, rect: Rect, enabled: bool = True) -> None:
        arcade.draw_lrbt_rectangle_filled(rect.left, rect.right, rect.bottom, rect.top, SELECTED if enabled else PANEL)
        self.labels.show(f"b:{name}", text, *rect.center, TEXT if enabled else DIM, 10, anchor_x="center",
                        anchor_y="center")
        if enabled:
            self.buttons[name] = rect

    def draw(self) -> None:
        if not self.is_open or self.pack is None:
            return
        self.poll()
        if bot_key(self._chosen()) != self._read_for:
            self.reload()   # another bot chosen in the Difficulty panel: its figures, if kept
        area = self.area()
        self.buttons, self.card_rects = {}, []
        self.labels.begin_frame()
        arcade.draw_lrbt_rectangle_filled(area.left, area.right, area.bottom, area.top, (30, 32, 58))
        arcade.draw_lrbt_rectangle_outline(area.left, area.right, area.bottom, area.top, DIM, 1)
        top = self._title_y = area.top - 20
        name = self.pack.meta.get("name") or self.pack.folder.name
        # While proposals are searched Esc cancels them (the button beside says so), not the sheet.
        self._button("close", "Close" if self.proposer.running else "Close (Esc)",
                     Rect(area.right - 104, top - 12, 94, 24))
        row_y = area.bottom + 10
        x = area.left + 14
        bot = self._chosen()
        run_label = "Run bots on every level" if bot == PERSON else f"Run {clip(bot_words(bot), 13)} on every level"
        for key_, text, width, enabled in (("new", "New level", 96, True),
                                           ("duplicate", "Duplicate", 90, bool(self.cards)),
                                           ("run", run_label, max(186, 7.2 * len(run_label)), not self.run.running),
                                           ("stop", "Stop", 60, self.run.running)):
            self._button(key_, text, Rect(x, row_y, width, 24), enabled)
            x += width + 8
        if self.run.running:
            done, total = self.run.progress()
            self.labels.show("progress", f"bots: {done} of {total} levels", x + 4, row_y + 12, WARN, 10,
                            anchor_y="center")
        if self.proposer.running:
            self._button("cancel", "Cancel (Esc)", Rect(area.right - 212, top - 12, 100, 24))
        else:
            self._button("propose", "Propose (P)", Rect(area.right - 212, top - 12, 100, 24),
                         bool(self.cards))
        line = 30 if self.proposer.running or self.proposals else 0   # the run's line, or its Add buttons
        if line:
            self._draw_proposing(Rect(area.left + 14, top - 48, area.width - 28, 24))
        self._draw_cards(Rect(area.left + 10, area.bottom + CURVE_H + 44, area.width - 20,
                              top - 20 - line - (area.bottom + CURVE_H + 44)))
        self._draw_curve(Rect(area.left + 60, area.bottom + 78, area.width - 90, CURVE_H - 56))
        # Measured into the sheet, clear of Close and of the line saying which levels show (a
        # long name ran over both, into the properties).
        right = area.right - 222 - (self._more_w + 12 if self._more_w else 0)
        count = counted(len(self.cards), "level")   # "1 level", never "1 levels"
        self.labels.show("title", (f"Pack '{name}': {count}", f"{name}: {count}",
                                   f"{name}"), area.left + 14, top, TEXT, 14, room=right - (area.left + 14),
                         bold=True, anchor_y="center")
        self.labels.draw()

    def _draw_proposing(self, box: Rect) -> None:
        """The proposals' line: while they are searched a bar and what the generator does, then
        an 'Add to pack here' button for each one not added yet."""
        where = f"before level {self.proposer.place + 1}"
        if self.proposer.running:
            bar = Rect(box.left, box.bottom + 6, 160, 12)
            arcade.draw_lrbt_rectangle_filled(bar.left, bar.right, bar.bottom, bar.top, PANEL)
            done = bar.left + bar.width * self.proposer.fraction()
            arcade.draw_lrbt_rectangle_filled(bar.left, done, bar.bottom, bar.top, GOOD)
            p = self.proposer.progress
            said = "starting" if p is None else f"{p.kept} of {p.count} kept · {p.said} · {p.games:,} games"
            self.labels.show("proposing", f"proposing {where}: {said}", bar.right + 10, box.bottom + 12, WARN,
                             9, room=box.right - bar.right - 10, anchor_y="center")
            return
        x = box.left
        for i, proposal in enumerate(self.proposals):
            made = proposal.level.made
            rate = f" ({made.rate:.0%})" if made is not None else ""
            self._button(f"add:{i}", clip(f"Add {proposal.level.id}{rate} here", 30), Rect(x, box.bottom, 200, 24))
            x += 208
        self.labels.show("proposing", where, x + 4, box.bottom + 12, DIM, 9, anchor_y="center")

    def _draw_cards(self, box: Rect) -> None:
        cols = max(1, int((box.width + GAP) // (CARD_W + GAP)))
        rows = max(1, int((box.height + GAP) // (CARD_H + GAP)))
        self._grid = (cols, rows)
        self.first_row = min(self.first_row, max(0, (len(self.cards) - 1) // cols - rows + 1))
        first = self.first_row * cols
        shown = self.cards[first:first + cols * rows]
        key = (id(self.cards), first, cols, box)
        if key != self._sprites_key:
            self._sprites_key = key
            self._sprites.clear()
            for i, card in enumerate(shown):
                if card.level is None:
                    continue
                rect = self._card_rect(box, i, cols)
                tex = thumbnail(card.level)
                scale = min((CARD_W - 12) / tex.width, 78 / tex.height)
                sprite = arcade.Sprite(tex, scale=scale, center_x=rect.center[0], center_y=rect.top - 46)
                self._sprites.append(sprite)
        for i, card in enumerate(shown):
            index = first + i
            rect = self._card_rect(box, i, cols)
            self.card_rects.append((rect, index))
            color = (58, 62, 100) if index == self.selected else (42, 45, 76)
            arcade.draw_lrbt_rectangle_filled(rect.left, rect.right, rect.bottom, rect.top, color)
            if self._drag_to == index:
                arcade.draw_lrbt_rectangle_outline(rect.left, rect.right, rect.bottom, rect.top, WARN, 3)
            elif index == self.selected:   # the focus the arrow keys move and Enter opens
                arcade.draw_lrbt_rectangle_outline(rect.left, rect.right, rect.bottom, rect.top, SELECTED, 2)
            self._card_text(index, card, rect)
        self._sprites.draw()
        self._more_w = 0.0
        if len(self.cards) > cols * rows:
            # Left of the Close button: how to see the rest (the wheel, PgUp/PgDn, a drag on the space).
            span = f"{first + 1}-{first + len(shown)} of {len(self.cards)}"
            more = self.labels.show("more", (f"levels {span}: wheel, PgUp/PgDn, drag", f"levels {span}", span),
                                    box.right - 212, self._title_y, DIM, 9, room=max(60.0, box.width / 2 - 212),
                                    anchor_x="right", anchor_y="center")
            self._more_w = float(more.content_width)

    @staticmethod
    def _card_rect(box: Rect, i: int, cols: int) -> Rect:
        r, c = divmod(i, cols)
        return Rect(box.left + c * (CARD_W + GAP), box.top - (r + 1) * CARD_H - r * GAP, CARD_W, CARD_H)

    def _card_text(self, index: int, card: Card, rect: Rect) -> None:
        x = rect.left + 6
        level = card.level
        self.labels.show(f"n{index}", clip(f"{index + 1}. {level.name if level else card.name}", 20), x,
                        rect.bottom + 50, TEXT, 9, bold=True, anchor_y="center")
        if level is None:
            self.labels.show(f"m{index}", "does not load: open it", x, rect.bottom + 34, BAD, 8, anchor_y="center")
            return
        moves = f"{level.moves} moves" if level.moves is not None else "no limit"
        self.labels.show(f"m{index}", f"{level.mode} · {moves}", x, rect.bottom + 36, DIM, 8, anchor_y="center")
        self.labels.show(f"g{index}", clip(goals_text(level), 24), x, rect.bottom + 23, DIM, 8, anchor_y="center")
        f = card.figures
        said, color = ("bots: not played", DIM) if f is None else \
            (f"bots win {f.pass_rate:.0%} · {f.label}", LABEL_COLORS.get(f.label, TEXT))
        if f is None and level.made is not None:   # a generated level: its rate as made, until the bots play it
            said = f"made: bots won {level.made.rate:.0%}"
        self.labels.show(f"p{index}", said, x, rect.bottom + 9, color, 8, anchor_y="center")

    def _draw_curve(self, box: Rect) -> None:
        """The pack's difficulty curve: the pass rate level by level, the label bands behind."""
        n = len(self.cards)
        if n == 0:
            return
        plot = charts.Plot(box, 0.5, n + 0.5, 0.0, 1.0)
        bounds = [1.0] + [bound for bound, _ in LABELS]
        charts.bands(plot, [(lo, hi, BANDS[name]) for (lo, name), hi in zip(LABELS, bounds)])
        for (lo, name), hi in zip(LABELS, bounds):
            if hi - lo >= 0.1:
                self.labels.show(f"band:{name}", name, box.right - 4, plot.py((lo + hi) / 2), DIM, 8,
                                anchor_x="right", anchor_y="center")
        charts.axes(plot, self.labels, "pc", x_title="level", y_title="bots win",
                    x_fmt=lambda v: f"{v:.0f}", y_fmt=lambda v: f"{v:.0%}",
                    x_ticks=[t for t in charts.ticks(1, n, 12) if t == int(t)], y_ticks=[0.0, 0.5, 1.0])
        points = [(i + 1, c.figures.pass_rate) for i, c in enumerate(self.cards) if c.figures is not None]
        charts.line(plot, points, GOOD, 2)
        bot = self._chosen()
        theirs: list[tuple[float, float]] = []
        if bot != PERSON:
            # The designer's persona (their testers, fitted) beside the person-like bot, named.
            theirs = [(i + 1, c.persona.pass_rate) for i, c in enumerate(self.cards) if c.persona is not None]
            charts.line(plot, theirs, WARN, 2)
            for i, (said, color) in enumerate((("person-like bot", GOOD), (clip(bot_words(bot), 24), WARN))):
                y = box.top - 8 - 14 * i
                arcade.draw_line(box.left + 8, y, box.left + 24, y, color, 2)
                self.labels.show(f"legend{i}", said, box.left + 28, y, color, 9, anchor_y="center")
        if not points and not theirs:
            self.labels.show("pcnone", "Run bots on every level to draw the pack's curve", box.center[0],
                            box.center[1], TEXT, 10, anchor_x="center", anchor_y="center")


def goals_text(level: Level) -> str:
    """A level's goals in a few words: 'score 1,500, 3 squares, jelly, 2 drops' (a blocker
    unit's goal named by its key, a faller's counted in its own word)."""
    g = level.goals
    out = []
    if level.mode == Mode.SLIDE:
        return "solve it"
    for goal in GOAL_FIELDS:   # each in its file part's words ("3 squares", as the goal card says it)
        if not goal.on_board and goal.set(g):
            out += goal.words(goal.value(g))
    out += [str(goal) for goal in g.blockers]   # a blocker unit's goal is named by its key
    out += [counted(n, FALLER_OF[goal].one) for goal, n in g.fallers if n]
    for goal in GOAL_FIELDS:   # a goal on the board (reach) last
        if goal.on_board and goal.set(g):
            out += goal.words(goal.value(g))
    return ", ".join(out) or "score run"

