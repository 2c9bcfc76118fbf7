"""Turning mouse and keys into commands, one controller per mode; the core decides legality."""

from __future__ import annotations

import math
from typing import Protocol

import arcade

from game.core import Chain, Command, IllegalMove, Mode, Scored, Slide, State, Swap, Touch, blast_cells, decide
from game.core import are_orthogonal_neighbours, gap, look_at_path, start_path, touch

from game.ui.actions import Action as Input
from game.ui.board import BoardRenderer

key = arcade.key

Cell = tuple[int, int]

ARROWS: dict[int, Cell] = {key.UP: (-1, 0), key.DOWN: (1, 0), key.LEFT: (0, -1), key.RIGHT: (0, 1)}
NUMPAD: dict[int, Cell] = {
    key.NUM_7: (-1, -1), key.NUM_8: (-1, 0), key.NUM_9: (-1, 1), key.NUM_4: (0, -1),
    key.NUM_6: (0, 1), key.NUM_1: (1, -1), key.NUM_2: (1, 0), key.NUM_3: (1, 1),
    # The same keys with NumLock off, which send their navigation meanings instead (X11).
    key.NUM_HOME: (-1, -1), key.NUM_UP: (-1, 0), key.NUM_PAGE_UP: (-1, 1), key.NUM_LEFT: (0, -1),
    key.NUM_RIGHT: (0, 1), key.NUM_END: (1, -1), key.NUM_DOWN: (1, 0), key.NUM_PAGE_DOWN: (1, 1),
    # Windows sends the plain navigation keys for the keypad with NumLock off (its 8 is UP):
    # the corners of the keypad are the corners of the board there too.
    key.HOME: (-1, -1), key.PAGEUP: (-1, 1), key.END: (1, -1), key.PAGEDOWN: (1, 1),
}
# A pad's directions as steps on the board (row 0 at the top): eight, for a chain's diagonals.
STEPS: dict[Input, Cell] = {
    Input.UP: (-1, 0), Input.DOWN: (1, 0), Input.LEFT: (0, -1), Input.RIGHT: (0, 1),
    Input.UP_LEFT: (-1, -1), Input.UP_RIGHT: (-1, 1), Input.DOWN_LEFT: (1, -1), Input.DOWN_RIGHT: (1, 1),
}
CONFIRM = (key.ENTER, key.RETURN, key.NUM_ENTER)
FLICK = 0.3   # of a cell: how far a press must travel to mean a swap


class Host(Protocol):
    """What a controller needs from the play view."""

    board: BoardRenderer

    @property
    def state(self) -> State: ...

    def submit(self, command: Command) -> bool: ...

    def say(self, message: str, error: bool = False) -> None: ...


def _step(cell: Cell, d: Cell, state: State) -> Cell | None:
    r, c = cell[0] + d[0], cell[1] + d[1]
    if 0 <= r < state.height and 0 <= c < state.width:
        return (r, c)
    return None


class Controller:
    """The input of one mode. Every handler gets cells already mapped by the board's layout."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.cursor: Cell | None = None
        self.cursor_shown = False   # the keys' or pad's ring is on the board (not the mouse's turn)

    def press(self, x: float, y: float) -> None: ...

    def drag(self, x: float, y: float) -> None: ...

    def release(self, x: float, y: float) -> None: ...

    def hover(self, x: float, y: float) -> None:
        # One pointer on the board at a time: the mouse moving hides the keyboard's ring
        # (the cursor keeps its cell for the next key).
        cell = self.host.board.cell_at(x, y)
        if cell is not None and self.cursor is not None:
            self.host.board.set_cursor(None)
            self.cursor_shown = False
        self.host.board.set_hover(cell)

    def key_press(self, symbol: int, modifiers: int) -> bool:
        return False

    def key_release(self, symbol: int, modifiers: int) -> None: ...

    def cancel(self) -> bool:
        """Drop a half-made move (Esc); True when there was one."""
        return False

    def reset(self) -> None:
        self.cancel()

    def act(self, action: Input) -> bool:
        """A pad's action on the board (game/ui/pad.py); False when it means nothing here."""
        return False

    def back(self) -> bool:
        """B: take back what is half made (a pick, a step of a path); False when there is nothing."""
        return self.cancel()

    def show_cursor(self) -> None:
        """A pad took over: the board's cursor shows where its buttons act (modes with one)."""

    def _move_cursor(self, d: Cell) -> None:
        state = self.host.state
        if self.cursor is None:
            self.cursor = (state.height // 2, state.width // 2)
        else:
            self.cursor = _step(self.cursor, d, state) or self.cursor
        self.host.board.set_hover(None)   # the keys lead now: no mouse ring beside the cursor
        self.host.board.set_cursor(self.cursor)
        self.cursor_shown = True


class Match3Input(Controller):
    """Click a tile then a neighbour, or press and drag toward one; arrows + Space/Enter."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.selected: Cell | None = None
        self.pressed: Cell | None = None
        self.pressed_at = (0.0, 0.0)

    def _select(self, cell: Cell | None) -> None:
        self.selected = cell
        self.host.board.set_selected(cell)
        if self.cursor_shown and self.cursor is not None:
            # The picked tile's own ring shows while it is picked (the cursor's hid it).
            self.host.board.set_cursor(None if cell == self.cursor else self.cursor)
        # A picked special shows what it will clear (the core says which cells).
        self.host.board.set_blast(blast_cells(self.host.state, cell) if cell is not None else ())

    def _try(self, a: Cell, b: Cell) -> None:
        self._select(None)
        self.pressed = None
        self.host.submit(Swap(a, b))

    def press(self, x: float, y: float) -> None:
        cell = self.host.board.cell_at(x, y)
        if cell is None or self.host.state.at(cell) <= 0:
            self._select(None)
            return
        if self.selected is not None and are_orthogonal_neighbours(self.selected, cell):
            self._try(self.selected, cell)
            return
        if self.selected == cell:
            self._select(None)
            self.pressed = None
            return
        self._select(cell)
        self.pressed = cell
        self.pressed_at = (x, y)

    def drag(self, x: float, y: float) -> None:
        if self.pressed is None:
            return
        board = self.host.board
        # Measured from where the finger went down, not the tile's centre: a quick flick of a
        # third of a tile means the swap wherever on the tile it started (the larger axis wins).
        cx, cy = self.pressed_at
        dx, dy = x - cx, y - cy
        if max(abs(dx), abs(dy)) < board.layout.cell * FLICK:
            return
        d = (0, 1 if dx > 0 else -1) if abs(dx) >= abs(dy) else (-1 if dy > 0 else 1, 0)
        other = _step(self.pressed, d, self.host.state)
        if other is None:
            return
        self._try(self.pressed, other)

    def release(self, x: float, y: float) -> None:
        # A flick so quick that no drag event came between press and release still swaps:
        # where the finger came up says which way it went.
        self.drag(x, y)
        self.pressed = None

    def key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in ARROWS:
            self._move_cursor(ARROWS[symbol])
            return True
        if symbol == key.SPACE or symbol in CONFIRM:
            cursor = self.cursor
            if cursor is None:
                self._move_cursor((0, 0))
                return True
            if self.selected is not None and are_orthogonal_neighbours(self.selected, cursor):
                self._try(self.selected, cursor)
            elif self.selected == cursor:
                self._select(None)
            elif self.host.state.at(cursor) > 0:
                self._select(cursor)
            return True
        return False

    def cancel(self) -> bool:
        had = self.selected is not None
        self._select(None)
        self.pressed = None
        return had

    def show_cursor(self) -> None:
        self._move_cursor((0, 0))

    def act(self, action: Input) -> bool:
        """A pad: a direction moves the cursor, A picks the tile under it (A again drops it), and
        a direction with a tile picked swaps it with that neighbour, as the genre's consoles do."""
        d = STEPS.get(action)
        if d is not None:
            picked = self.selected
            if picked is None:
                self._move_cursor(d)
            elif action in (Input.UP, Input.DOWN, Input.LEFT, Input.RIGHT):
                other = _step(picked, d, self.host.state)
                if other is not None:
                    self._try(picked, other)
            return True
        if action is Input.PRESS:
            if self.cursor is None:
                self.show_cursor()
            cursor = self.cursor
            assert cursor is not None
            if self.selected == cursor:
                self._select(None)
            elif self.host.state.at(cursor) > 0:
                self._select(cursor)
            return True
        return False


class ChainInput(Controller):
    """Press on the player (or any tile without one) and drag a path; release commits.

    Going back onto the previous cell backtracks. Keys: arrows (two at once, or the numpad, for
    diagonals) extend, Backspace backtracks, Enter commits, Esc drops the path.
    """

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.path: list[Cell] = []
        self.dragging = False
        self.held: set[int] = set()
        # The last arrow pressed and the path before it, for a second arrow that makes a diagonal.
        self._first: tuple[int, list[Cell]] | None = None
        self._pointer = (0.0, 0.0)   # where the last mouse event of a drag was

    # -- the path -------------------------------------------------------------------------
    @property
    def has_player(self) -> bool:
        return self.host.state.player is not None

    def _show(self) -> None:
        # The rules judge the path as it stands: red while it cannot be played (too short, or
        # over a tile no chain may take, which is marked), with what it would score otherwise.
        look = look_at_path(self.host.state, self.path)
        end = self.path[-1] if self.path else None
        self.host.board.set_path(self.path, bad=not look.legal, refused=look.refused)
        self.host.board.set_selected(end if end not in look.refused else None)
        self.host.board.set_path_label(self._preview() if look.legal else "", end)

    def _preview(self) -> str:
        """What committing the path now would score, as the core says (nothing if it would be
        refused): the player sees the worth of a longer chain while drawing it."""
        if len(self.path) < 2:
            return ""
        try:
            events = decide(self.host.state, Chain(tuple(self.path)))
        except IllegalMove:
            return ""
        points = sum(e.points for e in events if isinstance(e, Scored))
        return f"+{points:,}" if points else ""

    def _can_extend(self, cell: Cell) -> bool:
        """Whether the core lets `cell` be drawn onto the path (a locked tile is, shown refused)."""
        return touch(self.host.state, self.path, cell) in (Touch.EXTEND, Touch.REFUSED)

    def _visit(self, cell: Cell) -> None:
        step = touch(self.host.state, self.path, cell)
        if step is Touch.BACK:
            self.path.pop()
            self._show()
        elif step is not Touch.NOTHING:
            self.path.append(cell)
            self._show()

    def _start(self, cell: Cell) -> bool:
        try:
            self.path = list(start_path(self.host.state, cell))
        except IllegalMove as refusal:
            if refusal.said:
                self.host.say(refusal.said, error=True)
            return False
        self._show()
        return True

    def commit(self) -> None:
        path = tuple(self.path)
        self.path = []
        self._first = None   # a held arrow now belongs to no path
        self.dragging = False
        self._show()
        if len(path) < 2:
            return
        if not self.host.submit(Chain(path)):
            self.host.board.shake(path)

    def cancel(self) -> bool:
        had = bool(self.path)
        self.path = []
        self._first = None
        self.dragging = False
        self._show()
        return had

    # -- mouse ----------------------------------------------------------------------------
    def press(self, x: float, y: float) -> None:
        cell = self.host.board.cell_at(x, y)
        if cell is None:
            return
        self._first = None
        self._pointer = (x, y)
        self.dragging = self._start(cell)

    def drag(self, x: float, y: float) -> None:
        if not self.dragging:
            return
        board = self.host.board
        # A fast stroke moves the pointer several cells between two drag events: walk the line
        # between them, so the cells it crossed are drawn in order rather than dropped.
        px, py = self._pointer
        steps = max(1, math.ceil(math.hypot(x - px, y - py) / (board.layout.cell * 0.2)))
        for i in range(1, steps + 1):
            sx, sy = px + (x - px) * i / steps, py + (y - py) * i / steps
            cell = board.cell_at(sx, sy)
            # Only near a cell's centre: cutting a corner must not pick up a diagonal neighbour.
            if cell is not None and board.layout.near_center(sx, sy, cell):
                self._visit(cell)
        self._pointer = (x, y)

    def release(self, x: float, y: float) -> None:
        if self.dragging:
            self.drag(x, y)   # the stroke's last stretch, when no drag event reported it
            self.commit()

    # -- keys -----------------------------------------------------------------------------
    def _direction(self, symbol: int) -> Cell | None:
        if symbol in NUMPAD:
            return NUMPAD[symbol]
        return ARROWS.get(symbol)

    def key_press(self, symbol: int, modifiers: int) -> bool:
        state = self.host.state
        d = self._direction(symbol)
        if d is not None:
            if not self.path:
                if self.has_player and state.player is not None:
                    self.path = [state.player]
                else:
                    self._move_cursor(d)
                    return True
            if symbol in ARROWS:
                if self._diagonal(symbol):
                    return True
                self.held.add(symbol)
                # What the path was before this arrow: a second arrow pressed while this one is
                # held turns this arrow's step, whatever it did, into the diagonal from there.
                self._first = (symbol, list(self.path))
            target = _step(self.path[-1], d, state)
            if target is not None:
                self._visit(target)
            return True
        if symbol == key.BACKSPACE:
            self._first = None   # the path moved under a held arrow: it makes no diagonal now
            if len(self.path) > 1:
                self.path.pop()
            elif not self.has_player:
                self.path = []
            self._show()
            return True
        if symbol == key.SPACE and not self.path and not self.has_player and self.cursor is not None:
            if self._start(self.cursor):
                self.host.board.set_cursor(None)
            return True
        if symbol in CONFIRM or symbol == key.SPACE:
            if self.path:
                self.commit()
            return True
        return False

    def show_cursor(self) -> None:
        if not self.has_player and not self.path:
            self._move_cursor((0, 0))   # a level without a token: the path starts where the cursor is

    def act(self, action: Input) -> bool:
        """A pad: the stick draws the path from the token in eight directions (a step back onto
        the path takes the last step back), A commits, B backtracks (`back`)."""
        state = self.host.state
        d = STEPS.get(action)
        if d is not None:
            if not self.path:
                if state.player is None:
                    self._move_cursor(d)
                    return True
                self.path = [state.player]
            target = _step(self.path[-1], d, state)
            if target is not None:
                self._visit(target)
            return True
        if action is Input.PRESS:
            if self.path:
                self.commit()
            elif not self.has_player and self.cursor is not None and self._start(self.cursor):
                self.host.board.set_cursor(None)
            return True
        return False

    def back(self) -> bool:
        """One step back along the path; the path's start last (then a token-less level's cursor
        shows again). False when there is no path: B then goes back as Esc does."""
        self._first = None
        if len(self.path) > 1:
            self.path.pop()
        elif self.path:
            self.path = []
            if not self.has_player and self.cursor is not None:
                self.host.board.set_cursor(self.cursor)
        else:
            return False
        self._show()
        return True

    def _diagonal(self, symbol: int) -> bool:
        """Two arrows at once: `symbol` pressed while an arrow at right angles to it is held.

        The first arrow's own step may have been taken (a tile of the path's kind), refused
        (another kind, a hole, the edge) or a step back along the path: either way the pair means
        the diagonal from where the path ended before the first arrow, so a diagonal never
        depends on the tile between. False when that diagonal cannot be drawn (the second arrow
        then steps on its own, from where the path is now).
        """
        first = self._first
        if first is None or first[0] not in self.held or first[0] == symbol \
                or not self.host.state.level.rules.diagonal:
            return False
        a, b = ARROWS[first[0]], ARROWS[symbol]
        if a[0] * b[0] + a[1] * b[1] != 0:   # the same line, not a corner
            return False
        before = first[1]
        target = _step(before[-1], (a[0] + b[0], a[1] + b[1]), self.host.state)
        if target is None:
            return False
        now = self.path
        self.path = list(before)
        if not self._can_extend(target):
            self.path = now
            return False
        self.path.append(target)
        self._first = None
        self.held.add(symbol)
        self._show()
        return True

    def key_release(self, symbol: int, modifiers: int) -> None:
        self.held.discard(symbol)


class SlideInput(Controller):
    """Click a tile next to the gap, or press an arrow to move the tile on that side into it."""

    def press(self, x: float, y: float) -> None:
        cell = self.host.board.cell_at(x, y)
        if cell is None or self.host.state.at(cell) <= 0:
            return
        if not self.host.submit(Slide(cell)):
            self.host.board.shake([cell])

    def key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol not in ARROWS:
            return False
        self._slide(ARROWS[symbol])
        return True

    def act(self, action: Input) -> bool:
        """A pad: the D-pad (or stick) moves the tile on the far side of the gap into it."""
        if action not in (Input.UP, Input.DOWN, Input.LEFT, Input.RIGHT):
            return False
        self._slide(STEPS[action])
        return True

    def _slide(self, d: Cell) -> None:
        dr, dc = d
        gr, gc = gap(self.host.state.grid)
        # As in the fifteen puzzle: the arrow names where the tile goes, so it comes from behind.
        source = (gr - dr, gc - dc)
        state = self.host.state
        if 0 <= source[0] < state.height and 0 <= source[1] < state.width:
            self.host.submit(Slide(source))


def controller_for(mode: Mode, host: Host) -> Controller:
    if mode == Mode.MATCH3:
        return Match3Input(host)
    if mode == Mode.CHAIN:
        return ChainInput(host)
    return SlideInput(host)


def cells_of(command: Command) -> tuple[tuple[int, int], ...]:
    """The cells a move names (a refused queued one's are shaken)."""
    if isinstance(command, Swap):
        return (command.a, command.b)
    if isinstance(command, Chain):
        return tuple(command.path)
    if isinstance(command, Slide):
        return (command.cell,)
    return ()   # keep going names no cell
