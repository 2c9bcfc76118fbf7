"""The board's choreography: one batch of the core's events, step by step, into tweens between its states.

The board never applies rules. Given the state before a batch and its events, each step's state
after is the core's own fold (`evolve`); a step's tweens take the sprites from the one to the
other, and when the batch is over the board shows the state after it exactly. Timing lives in
`board_timing`; the sparks, beams and pop-ups in `board_effects`.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Sequence

import arcade

from game.core import (
    KINDLESS_AT, SPECIAL_OF, Blocker, BonusScored, Burst, Chained, Cleared, Created, Depth, Detonated, Event, FALLEN, Fell, FinaleBegan,
    Hit, LeftoversFired, Lost, Motion, MovesAdded, MoveTurned, PlayerMoved, Reshuffled, Scored, Slid, Spawned, Specials,
    State, SwapRejected, Swapped, Won, evolve,
)
from game.core import counted
from game.ui.blocker_art import light
from game.ui.board_sprites import (
    BLAST_COLOR, COMBO_COLOR, PATH_COLOR, RAY_COLORS, SWEEP_COLOR, Blockers, Cell, Grid, LayerSprite, TileSprite,
)
from game.ui.board_stage import Stage
from game.ui.board_timing import (
    ANTICIPATE, BREAK, CLEAR, DETONATE, DETONATE_STEP, FALLER_EXIT, END_PULSE, FALL_BASE, FALL_PER_ROW, FINALE_INTRO, FINALE_PACE,
    FINALE_PACE_TOP, FINALE_RAMP, FORM, MAX_FX, REJECT, RESHUFFLE, SLIDE, SWAP, WALK,
)
from game.ui.tween import Tween, call, ease_in, ease_in_out, ease_out, linear, shake, there_and_back

BONUS_COLOR = (140, 220, 255)   # a bonus's points: apart from the cascades' gold


class Choreographer:
    """Plays batches on one board: queues a tween step per event (a Fell and the Spawned after it
    play together), tracking what a batch needs across its steps (its swap, the last clear)."""

    def __init__(self, board: Stage) -> None:
        self.board = board
        self.fx = board.effects
        self.mismatches: list[Cell] = []   # the cells the last batch's tweens left off its state
        self.batches = 0                   # batches played to their end
        self._last_clear: Sequence[Cell] = ()
        self._walk_arrows: list[arcade.Sprite] = []
        self._swap: tuple[Cell, Cell] | None = None   # the batch's swap: a kindless special's partner
        self._combo = False                            # two specials were swapped together
        self._pulled: set[Cell] = set()                # tiles already pulled into a forming special
        self._step_before: State | None = None         # the state the step being played starts from
        self._pace: float | None = None                # the animator's own speed while a finale plays faster
        self._faster = 1.0                             # how many times faster the finale plays now
        self._blasted = False                          # a special went off in the step being played
        self._jumped = False                           # the batch's finale was shown at its end at once
        self._formed: list[TileSprite] = []            # specials the batch formed, marked still at its end

    def _background(self, *tweens: Tween) -> None:
        for tween in tweens:
            self.board.animator.add_background(tween)

    # -- a batch ----------------------------------------------------------------------------
    def play(self, events: Sequence[Event], after: State | Grid, on_event: Callable[[Event], None] | None = None,
             before: State | None = None, specials: Specials = (), blockers: Blockers | None = None) -> None:
        """Queue the batch's tween steps. With `before` (and `after` a State) each step plays
        between the core's states, folded event by event; a bare grid (a hand-made batch) has
        no states, and its `specials` and `blockers` say what the board ends showing."""
        animator = self.board.animator
        self.fx.unmark()   # the last move's still highlights go with the next move
        states: list[State | None] = [None] * (len(events) + 1)
        if before is not None:
            states[0] = before
            for n, e in enumerate(events):
                states[n + 1] = evolve(states[n], e)   # type: ignore[arg-type]
        if isinstance(after, State):
            grid, specials, blockers = after.grid, after.specials, Blockers.of(after)
        else:
            grid = after
            last = states[-1]
            if last is not None:   # only the state before: the fold says where the batch ends
                specials, blockers = last.specials, Blockers.of(last)
        i = 0
        while i < len(events):
            e = events[i]
            if isinstance(e, FinaleBegan) and (self.board.reduced_motion or animator.speed <= 0):
                # With reduced motion the finale goes straight to its end: one step, every event told.
                finale = tuple(events[i:])
                animator.push(self._step(self._jump, notify=on_event, events=finale, span=(states[i], states[-1])))
                break
            if isinstance(e, BonusScored) and i + 1 < len(events) and isinstance(events[i + 1], MoveTurned):
                # The finale pays a move left just before it turns: its points rise where its line is made.
                turned = events[i + 1]
                assert isinstance(turned, MoveTurned)
                animator.push(self._step(self._bonus_scored, e, turned.cell, notify=on_event, events=(e,),
                                         span=(states[i], states[i + 1])))
                i += 1
                continue
            if isinstance(e, Fell) and i + 1 < len(events) and isinstance(events[i + 1], Spawned):
                spawned = events[i + 1]
                assert isinstance(spawned, Spawned)
                animator.push(self._step(self._fall_and_spawn, e, spawned, notify=on_event, events=(e, spawned),
                                         span=(states[i], states[i + 2])))
                i += 2
                continue
            if isinstance(e, Created):
                # A step's specials form together (a combo can make many at once); what
                # they are made of is in the step's Cleared, which comes after them.
                j = i
                while j < len(events) and isinstance(events[j], Created):
                    j += 1
                made = tuple(ev for ev in events[i:j] if isinstance(ev, Created))
                cleared = next((ev.cells for ev in events[j:] if isinstance(ev, Cleared)), ())
                animator.push(self._step(self._created_all, made, cleared, notify=on_event, events=made,
                                         span=(states[i], states[j])))
                i = j
                continue
            if isinstance(e, Detonated):
                # Each goes off in turn, so a chain reaction reads in order, within one short
                # hold for the whole step however many there are.
                fired = 0
                while i + fired < len(events) and isinstance(events[i + fired], Detonated):
                    fired += 1
                cleared = next((ev.cells for ev in events[i:] if isinstance(ev, Cleared)), ())
                hold = min(DETONATE, DETONATE_STEP / fired)
                if not self.board.reduced_motion:
                    # The wind-up: what sets the step off swells and glows a moment before it goes.
                    firsts = tuple(ev for ev in events[i:i + min(2, fired)] if isinstance(ev, Detonated))
                    animator.push(functools.partial(self._wind_up, firsts))
                for nth, ev in enumerate(events[i:i + fired]):
                    assert isinstance(ev, Detonated)
                    animator.push(self._step(self._detonated, ev, cleared, hold, nth, notify=on_event, events=(ev,),
                                             span=(states[i + nth], states[i + nth + 1])))
                i += fired
                continue
            animator.push(self._step(self._handler(e), e, notify=on_event, events=(e,), span=(states[i], states[i + 1])))
            i += 1
        # A reshuffle pairs sprites by kind only, so then the specials are set, not checked.
        check = not any(isinstance(e, Reshuffled) for e in events)
        animator.push(lambda: [call(lambda: self._finish(grid, specials, blockers, check))])

    def _step(self, handler: Callable[..., list[Tween]], *args: Any, notify: Callable[[Event], None] | None,
              events: tuple[Event, ...], span: tuple[State | None, State | None]) -> Callable[[], list[Tween]]:
        def start() -> list[Tween]:
            if notify is not None:
                for e in events:
                    notify(e)
            self._step_before = span[0]
            if span[1] is not None:
                self.board.stand_on(span[1])
            return handler(*args)
        return start

    def _finish(self, grid: Grid, specials: Specials, blockers: Blockers | None, check_specials: bool) -> None:
        """The batch is over: note where the tweens left any sprite off the state, then show it."""
        board = self.board
        self._swap, self._combo, self._step_before, self._blasted = None, False, None, False
        self.fx.hide_banner()
        if self._pace is not None:   # the finale is over (or was skipped): the player's speed again
            board.animator.speed, self._pace = self._pace, None
        expected = board.grid_cells(grid)
        wrong = [cell for cell, sprite in board.by_cell.items() if expected.get(cell) != sprite.kind]
        wrong += [cell for cell in expected if cell not in board.by_cell]
        if check_specials:
            riding = {cell: s.special for cell, s in board.by_cell.items() if s.special is not None}
            want_specials = dict(specials)
            wrong += [c for c in set(riding) | set(want_specials) if riding.get(c) != want_specials.get(c)]
        # The specials the batch formed, where its tiles left them (they may have fallen since).
        formed = [cell for cell, s in board.by_cell.items()
                  if s.special is not None and any(s is f for f in self._formed)]
        self._formed = []
        board.snap(grid, keep_effects=True)   # the tiles at rest (a blocker breaking is gone now)
        if blockers is not None:
            # The layers the steps' states left on show must be the batch's last state's.
            shown = board.layer_cells()
            for unit, layer in blockers.drawn():
                cells, seen = dict(layer), shown.get(unit.name, {})
                wrong += [c for c in set(cells) | set(seen) if cells.get(c) != seen.get(c)]
            board.set_blockers(blockers)
        # A finale shown at its end at once jumped on purpose: the snap above is its animation.
        self.mismatches = [] if self._jumped else sorted(set(wrong))
        self._jumped = False
        # A reshuffle pairs sprites by kind only: the specials are set from the state after it.
        board.set_specials(specials)
        held = dict(specials)
        for cell in formed:
            if cell in held:
                self.fx.mark(cell)   # nothing moved (reduced motion, instant): a still highlight instead of the glint
        self.batches += 1

    def clear_walk_arrows(self) -> None:
        for arrow in self._walk_arrows:
            self.board.remove(arrow)
        self._walk_arrows = []

    def _handler(self, e: Event) -> Callable[..., list[Tween]]:
        handlers: dict[type, Callable[..., list[Tween]]] = {
            Swapped: self._swapped, SwapRejected: self._rejected, Chained: self._chained,
            Cleared: self._cleared, Fell: lambda ev: self._fall_and_spawn(ev, None),
            Spawned: lambda ev: self._fall_and_spawn(None, ev), PlayerMoved: self._player_moved,
            Slid: self._slid, Reshuffled: self._reshuffled, Scored: self._scored,
            BonusScored: self._bonus_scored, Won: self._won, Lost: self._lost,
            FinaleBegan: self._finale_began,
            LeftoversFired: self._finale_step, MoveTurned: self._finale_step,
            MovesAdded: lambda ev: [],   # nothing moves on the board: the HUD counts the moves
        }
        handlers.update({unit.event: functools.partial(self._hit, unit) for unit in self.board.layers.units})
        handlers.update({event: self._faller_left for event in FALLEN})
        return handlers[type(e)]

    # -- one step each ------------------------------------------------------------------------
    def _jump(self) -> list[Tween]:
        """The finale at once (reduced motion): the batch's end shows it (_finish snaps the board)."""
        self._jumped = True
        return []

    def _wind_up(self, firsts: tuple[Detonated, ...]) -> list[Tween]:
        """The specials that set a step off swell and glow for a moment: the anticipation before
        the blast (the first one, or the two swapped in a combo)."""
        swap = set(self._swap or ())
        out: list[Tween] = []
        for n, e in enumerate(firsts):
            if n and e.cell not in swap:
                break   # a second one only when the two swapped specials go off together
            sprite = self.board.by_cell.get(e.cell)
            if sprite is None:
                continue
            self.fx.charge(e.cell, ANTICIPATE)
            out.append(Tween(sprite, ANTICIPATE, ease=ease_out, relative=True, scale=(sprite.scale_x, 0.25)))
        return out or [Tween(None, ANTICIPATE)]

    def _ray_targets(self, e: Detonated, cleared: Sequence[Cell]) -> list[Cell]:
        """The step's cleared tiles a kindless special took: those of the kind its event names,
        or all of them for one that took every kind (two swapped together). Read from the sprites."""
        by_cell = self.board.by_cell
        kinds = {c: by_cell[c].kind for c in cleared if c in by_cell and c != e.cell}
        if not e.took:
            return sorted(kinds)
        return sorted(c for c, k in kinds.items() if k == e.took)

    def _detonated(self, e: Detonated, cleared: Sequence[Cell], hold_for: float = DETONATE,
                   nth: int = 0) -> list[Tween]:
        hold = [Tween(None, hold_for)]
        before = self._step_before
        layers = Blockers(before.layers.counts, self.board.layers.units) if before is not None else self.board.layers
        if any(e.cell in dict(layer) for unit, layer in layers.drawn() if unit.hit is Hit.COVER):
            # Gone off under a cover: the clear takes the cover, not the tile, and the
            # special is spent (as fold records it); the tile shows plain again.
            sprite = self.board.by_cell.get(e.cell)
            if sprite is not None and sprite.special is not None:
                sprite.special = None
                sprite.texture = self.board.texture_for(sprite.kind)
                sprite.scale = 1.0   # its wind-up is over: the tile stays, plain
        if self.board.reduced_motion:
            return []
        if nth >= MAX_FX:
            # A board of specials going off at once: the first few show theirs, the rest burst
            # with the step's sparks (every big quad is paid for pixel by pixel on software GL).
            return hold
        combo = self._combo and self._swap is not None and e.cell in self._swap
        thick = 1.8 if combo else 1.2
        self._blasted = True
        look = SPECIAL_OF[e.special].look
        if look.burst is Burst.SWEEP:
            self.fx.sweep(e.cell, e.special in look.across, thick)
            self.fx.explode(e.cell, 10, (SWEEP_COLOR, (255, 255, 255, 255)))
        elif look.burst is Burst.WAVE:
            self.fx.blast(e.cell, 5.0 if combo else 3.4, BLAST_COLOR, glow_alpha=200 if nth < 2 else 0)
            self.fx.explode(e.cell, 14, (BLAST_COLOR, (255, 240, 200, 255), (255, 150, 80, 255)))
        else:
            self.fx.rays(e.cell, self._ray_targets(e, cleared))
            self.fx.explode(e.cell, 16, RAY_COLORS)
        if combo and self._swap is not None:
            # The two specials together: one big shock wave from the swap and a word, once.
            self._combo = False
            (ax, ay), (bx, by) = self.board.center(self._swap[0]), self.board.center(self._swap[1])
            mid = self.board.layout.cell_at((ax + bx) / 2, (ay + by) / 2) or e.cell
            self.fx.blast(mid, 7.0, COMBO_COLOR, glow_alpha=0)   # a ring only: a glow this wide costs frames
            # White words: gold on the gold wave would not read.
            self.fx.popup("Combo!", (ax + bx) / 2, (ay + by) / 2 + self.board.layout.cell * 0.5, 26.0, (255, 255, 255))
        return hold

    def _hit(self, unit: Blocker, e: Event) -> list[Tween]:
        """A hit took a layer off `unit`'s blocker on a cell (the board records it, never decides
        it): its picture shows the layers left and wobbles, or at the last it plays its way out."""
        look, board = unit.look, self.board
        if look is None:
            return []
        cell, left = unit.read(e)
        board.record_hit(unit, cell, left)
        chips = light(look)
        if left > 0:
            sprite = board.layer_sprite(unit, cell)
            if sprite is not None:
                sprite.count = left
                sprite.texture = board.layer_texture(unit, left, cell)
                if not board.reduced_motion:
                    self._background(self._hit_motion(sprite, look.hit, last=False))
            self.fx.chips(cell, chips, look.chips)
            return []
        sprite = board.layer_sprite(unit, cell, lift=True)
        if look.depth is Depth.FLOOR:
            board.build_quads(board.grid)   # the cell's own quad comes back under it as it goes
        self.fx.chips(cell, chips, 2 * look.chips)
        if sprite is not None:
            if board.reduced_motion:
                board.remove(sprite)
            else:
                self._background(self._hit_motion(sprite, look.gone, last=True))
        return []

    def _hit_motion(self, sprite: LayerSprite, motion: Motion, last: bool) -> Tween:
        """A blocker's sprite moving as a hit takes a layer: a shake or a squash while layers are
        left; at the last it bursts, crumbles or fades out, then is removed."""
        cell = self.board.layout.cell
        if not last:
            if motion is Motion.SHAKE:
                return Tween(sprite, BREAK, ease=shake, relative=True, center_x=(sprite.center_x, cell * 0.06))
            return Tween(sprite, BREAK, ease=there_and_back, relative=True, scale=(1.0, 0.12))
        done = functools.partial(self.board.remove, sprite)
        if motion is Motion.BURST:
            return Tween(sprite, BREAK, ease=ease_in, on_done=done, scale=1.4, angle=25.0, alpha=0.0,
                         center_y=sprite.center_y - cell * 0.3)
        if motion is Motion.CRUMBLE:
            return Tween(sprite, BREAK, ease=ease_in, on_done=done, scale=0.4, alpha=0.0)
        return Tween(sprite, BREAK, ease=ease_out, on_done=done, scale=1.15, alpha=0.0)

    def _faller_left(self, e: object) -> list[Tween]:
        """A faller's piece left the board at the bottom of its chute (its unit's event)."""
        sprite = self.board.lift(FALLEN[type(e)].read(e))
        if sprite is None:
            return []
        if self.board.reduced_motion:
            return [self._vanish(sprite, CLEAR)]
        # Out through the bottom edge of the board (the clip hides it as it goes), then gone.
        below = self.board.layout.rect.bottom - self.board.layout.cell * 0.6
        return [Tween(sprite, FALLER_EXIT, ease=ease_in, on_done=functools.partial(self.board.remove, sprite),
                      center_y=below, alpha=120.0)]

    def _group(self, cell: Cell, kind: int, cleared: Sequence[Cell]) -> list[Cell]:
        """The cleared tiles of `kind` joined to `cell` through each other: the run that made it."""
        pool = {c for c in cleared if c in self.board.by_cell and self.board.by_cell[c].kind == kind}
        seen, todo = [], [cell]
        while todo:
            r, c = todo.pop()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in pool:
                    pool.discard(n)
                    seen.append(n)
                    todo.append(n)
        return seen

    def _created_all(self, made: Sequence[Created], cleared: Sequence[Cell]) -> list[Tween]:
        # Many at once are a combo's doing (a kindless special turning a kind into specials), not runs:
        # they only pop. Otherwise each tile joins one special's pull at most.
        free = [] if len(made) > 2 else list(cleared)
        out: list[Tween] = []
        for n, e in enumerate(made):
            out += self._created(e, free, glint=n < MAX_FX)
            free = [c for c in free if c not in self._pulled]
        self._pulled.clear()
        return out

    def _created(self, e: Created, cleared: Sequence[Cell] = (), glint: bool = True) -> list[Tween]:
        # The tile stays and shows its special (a kindless one loses its kind); its run pulls into it.
        sprite = self.board.by_cell.get(e.cell)
        if sprite is None:
            return []
        group = self._group(e.cell, sprite.kind, cleared) if sprite.kind > 0 else []
        value = SPECIAL_OF[e.special].value
        if value:
            sprite.kind = value
        sprite.special = e.special
        sprite.texture = self.board.texture_for(sprite.kind, e.special)
        if self.board.reduced_motion or self.board.animator.speed <= 0:
            self._formed.append(sprite)   # nothing moves: marked still where it rests when the batch ends
            if self.board.reduced_motion:
                return []
        elif glint:
            self.fx.glint(e.cell)   # the special appears: a star twinkles over it as its run pulls in
        self._pulled.update(group)
        out = [self._move(self.board.by_cell[c], e.cell, FORM, ease=ease_in) for c in group]
        out.append(Tween(sprite, FORM * 2, ease=there_and_back, relative=True, scale=(1.0, 0.3)))
        return out

    def _move(self, sprite: TileSprite, cell: Cell, duration: float, ease: Any = ease_in_out,
              delay: float = 0.0) -> Tween:
        x, y = self.board.center(cell)
        return Tween(sprite, duration, ease=ease, delay=delay, center_x=x, center_y=y)

    def _swapped(self, e: Swapped) -> list[Tween]:
        a, b = self.board.by_cell.get(e.a), self.board.by_cell.get(e.b)
        out: list[Tween] = []
        if a is not None:
            out.append(self._move(a, e.b, SWAP))
        if b is not None:
            out.append(self._move(b, e.a, SWAP))
        self._relink({e.a: b, e.b: a})
        # Remembered for the specials it sets off: a kindless special's partner, two specials' combo.
        self._swap = (e.a, e.b)
        self._combo = all(s is not None and (s.special is not None or s.kind in KINDLESS_AT) for s in (a, b))
        return out

    def _relink(self, placed: dict[Cell, TileSprite | None]) -> None:
        for cell, sprite in placed.items():
            if sprite is None:
                self.board.lift(cell)
            else:
                self.board.put(cell, sprite)

    def _rejected(self, e: SwapRejected) -> list[Tween]:
        out: list[Tween] = []
        for here, there in ((e.a, e.b), (e.b, e.a)):
            sprite = self.board.by_cell.get(here)
            if sprite is None:
                continue
            (hx, hy), (tx, ty) = self.board.center(here), self.board.center(there)
            # Most of the way over and back: it tried, the rules said no.
            out.append(Tween(sprite, REJECT, ease=there_and_back, relative=True,
                             center_x=(hx, (tx - hx) * 0.8), center_y=(hy, (ty - hy) * 0.8)))
        return out

    def _chained(self, e: Chained) -> list[Tween]:
        self.board.set_path(())
        self.clear_walk_arrows()
        self._walk_arrows = [self.board.arrow(a, b, PATH_COLOR) for a, b in zip(e.path, e.path[1:])]
        self._last_clear = e.path
        return []

    def _vanish(self, sprite: arcade.Sprite, duration: float, delay: float = 0.0) -> Tween:
        def gone() -> None:
            self.board.remove(sprite)
        return Tween(sprite, duration, delay=delay, ease=ease_in, on_done=gone,
                     scale=0.0, alpha=0.0)

    def _cleared(self, e: Cleared) -> list[Tween]:
        self.clear_walk_arrows()
        self._last_clear = e.cells
        out: list[Tween] = []
        if self._blasted:
            self.fx.shake(len(e.cells))   # the board takes the blast's weight: the more it clears, the harder
            self._blasted = False
        if not self.board.reduced_motion:
            # Sparks fly on past the step: they must not hold up the fall.
            by_cell = self.board.by_cell
            self.fx.burst(e.cells, {c: by_cell[c].kind for c in e.cells if c in by_cell})
        for cell in e.cells:
            sprite = self.board.lift(cell)
            if sprite is not None:
                out.append(self._vanish(sprite, CLEAR))
        return out

    def _fall_and_spawn(self, fell: Fell | None, spawned: Spawned | None) -> list[Tween]:
        self.clear_walk_arrows()
        out: list[Tween] = []
        if fell is not None:
            movers = [(self.board.lift(src), src, dst) for src, dst in fell.moves]
            for sprite, src, dst in movers:
                if sprite is None:
                    continue
                self.board.put(dst, sprite)
                rows = abs(dst[0] - src[0])
                # Longer falls take longer, as a falling thing would; all columns move at once.
                out.append(self._move(sprite, dst, FALL_BASE + FALL_PER_ROW * rows, ease=ease_out))
        if spawned is not None:
            per_column: dict[int, int] = {}
            for (r, c), _ in spawned.tiles:
                per_column[c] = per_column.get(c, 0) + 1
            for (r, c), kind in spawned.tiles:
                fall = per_column[c]
                old = self.board.lift((r, c))
                if old is not None:
                    self.board.remove(old)
                sprite = self.board.new_sprite((r, c), kind)
                # Start `fall` rows higher: above the board, where the clip hides it until it enters.
                sprite.position = self.board.layout.center_of(r - fall, c)
                self.board.put((r, c), sprite)
                out.append(self._move(sprite, (r, c), FALL_BASE + FALL_PER_ROW * fall, ease=ease_out))
        return out

    def _player_moved(self, e: PlayerMoved) -> list[Tween]:
        token = self.board.lift(e.src)
        eaten = self.board.lift(e.dst)
        out: list[Tween] = []
        if token is not None:
            self.board.put(e.dst, token)
            out.append(self._move(token, e.dst, WALK, ease=linear))
        if eaten is not None:
            out.append(self._vanish(eaten, WALK * 0.7, delay=WALK * 0.3))
        if self._walk_arrows:
            self.board.remove(self._walk_arrows.pop(0))
        return out

    def _slid(self, e: Slid) -> list[Tween]:
        sprite = self.board.lift(e.src)
        if sprite is None:
            return []
        self.board.put(e.dst, sprite)
        return [self._move(sprite, e.dst, SLIDE, ease=ease_out)]

    def _reshuffled(self, e: Reshuffled) -> list[Tween]:
        # Pair each kind's sprites with that kind's new cells; any left over fade out or in.
        free: dict[int, list[TileSprite]] = {}
        for cell in sorted(self.board.by_cell):
            sprite = self.board.by_cell[cell]
            if sprite.kind > 0:
                free.setdefault(sprite.kind, []).append(sprite)
        placed: dict[Cell, TileSprite] = {cell: s for cell, s in self.board.by_cell.items() if s.kind <= 0}
        out: list[Tween] = []
        for r, row in enumerate(e.grid):
            for c, v in enumerate(row):
                if v <= 0:
                    continue
                pool = free.get(v)
                if pool:
                    sprite = pool.pop(0)
                    out.append(self._move(sprite, (r, c), RESHUFFLE, ease=ease_in_out))
                else:
                    sprite = self.board.new_sprite((r, c), v)
                    sprite.alpha = 0
                    out.append(Tween(sprite, RESHUFFLE, alpha=255.0))
                placed[(r, c)] = sprite
        for pool in free.values():
            for sprite in pool:
                out.append(self._vanish(sprite, RESHUFFLE))
        self.board.set_tiles(placed)
        return out

    def _popup_at(self) -> tuple[float, float]:
        cells = [c for c in self._last_clear if 0 <= c[0] < self.board.rows and 0 <= c[1] < self.board.cols]
        if not cells:
            return self.board.layout.rect.center
        xs, ys = zip(*(self.board.center(c) for c in cells))
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    def _scored(self, e: Scored) -> list[Tween]:
        text = f"+{e.points}" + (f"  x{e.combo}" if e.combo > 1 else "")
        # Two sizes only: every new font size makes pyglet render its glyphs again.
        size = 26.0 if e.combo != 1 else 20.0
        color = (255, 240, 140) if e.combo == 1 else (255, 170, 90)
        if self._pace is None or e.combo == 1:
            # (In the finale only each line's own points rise: its fast cascades would pile them up.)
            self.fx.popup(text, *self._popup_at(), size, color)
        if e.combo > 1:
            self.fx.count(e.combo)   # the cascade counter climbs step by step (its sound does too)
        return []

    def _bonus_scored(self, e: BonusScored, turning: Cell | None = None) -> list[Tween]:
        if turning is not None:
            # A move left's worth in the finale: over the tile its line is made on, as a line's points.
            self.fx.popup(f"+{e.points}", *self.board.center(turning), 26.0, BONUS_COLOR)
            return []
        # The moves-left bonus of a win: over the middle of the board, not over a clear.
        self.fx.popup(f"+{e.points} for {counted(e.moves_left, 'move')} left", *self.board.layout.rect.center, 26.0,
                      BONUS_COLOR)
        return []

    def _finale_began(self, e: FinaleBegan) -> list[Tween]:
        # The level is won; what is left on the board plays out as the bonus, briskly.
        self.fx.show_banner("Bonus!")
        animator = self.board.animator
        if animator.speed <= 0 or self._pace is not None:
            return []
        self._pace, self._faster = animator.speed, FINALE_PACE
        animator.speed = self._pace / self._faster
        return [Tween(None, FINALE_INTRO * self._faster)]   # scaled by the new speed: FINALE_INTRO at the player's

    def _finale_step(self, e: MoveTurned | LeftoversFired) -> list[Tween]:
        # Each step plays a little faster than the one before: a flourish that speeds up.
        if self._pace is not None:
            self._faster = min(FINALE_PACE_TOP, self._faster * FINALE_RAMP)
            self.board.animator.speed = self._pace / self._faster
        return []

    def _won(self, e: Won) -> list[Tween]:
        if self.board.reduced_motion:
            return []
        # One gentle wave across the board, never a strobe: each tile swells once, in turn.
        # Tile textures are made at the tile's pixel size (textures.fitted): their scale is 1.
        return [Tween(s, END_PULSE, ease=there_and_back, relative=True, scale=(s.scale_x, 0.18),
                      delay=0.012 * (s.cell[0] + s.cell[1]))
                for s in self.board.by_cell.values()]

    def _lost(self, e: Lost) -> list[Tween]:
        if self.board.reduced_motion:
            return []
        return [Tween(s, END_PULSE, ease=there_and_back, relative=True, alpha=(255.0, -150.0))
                for s in self.board.by_cell.values()]


__all__ = ["Choreographer"]
