"""A game in a share code, densely: its seed, its moves packed in bits by the board's size, and a
few checks (the last move's and some along the way) instead of one a move.

The record (inside the deflated payload of a version-2 game code, after the level's text):
varints for the rules version, the digest version, the seed and the number of moves; the moves
as a bit stream (a swap: its first cell and the direction to the second; a chain: its first cell,
its length in Elias gamma and a direction a step; a slide: its cell; match3's keep going: the
swap no board has, from cell 0 up and left), padded to a byte; then the
number of checks and each check as the move it follows (a varint, counted from the last one), its
4-byte digest, score and moves used. The number of moves comes first, so a decoder can refuse a
game too long to prove before it unpacks a move (sharecode.game_size_problem).
"""

from __future__ import annotations

from dataclasses import dataclass

from .commands import Chain, Command, KeepGoing, Slide, Swap
from .grid import Cell
from .proof import Check
from .sharecode import CodeError
from .vocab import Mode

# The eight neighbours in a fixed order: a direction is its index (3 bits).
DIRECTIONS: tuple[Cell, ...] = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
_DIRECTION = {d: i for i, d in enumerate(DIRECTIONS)}
CHECKS_ALONG = 8   # checks in a game code at most: the last move's and evenly along the way
_MAX_VARINT_BYTES = 10
# Keep going in a match3 code: a swap from cell 0 up and left, off every board, so no code before
# it held one (an older game calls it damaged).
_KEEP_GOING = (0, 0)


@dataclass(frozen=True, slots=True)
class PackedGame:
    """A game as a version-2 code holds it: checks are (move number from 1, check) pairs."""

    rules: int
    seed: int
    commands: tuple[Command, ...]
    checks: tuple[tuple[int, Check], ...]


@dataclass(frozen=True, slots=True)
class Board:
    """What packing a move needs of its level: the board's size and the mode (its command)."""

    width: int
    height: int
    mode: Mode

    @property
    def cell_bits(self) -> int:
        return max(1, (self.width * self.height - 1).bit_length())


def check_points(moves: int) -> list[int]:
    """The moves a game code carries a check after: up to CHECKS_ALONG, evenly spread, the last one always."""
    return sorted({-(-moves * i // CHECKS_ALONG) for i in range(1, CHECKS_ALONG + 1)} - {0})


def pack_game(board: Board, game: PackedGame) -> bytes:
    """The record's bytes; CodeError for a move a code cannot hold (not this mode's, off the board)."""
    digest = game.checks[0][1].version if game.checks else 1
    out = bytearray()
    for number in (game.rules, digest, game.seed, len(game.commands)):
        out += _varint(number)
    bits = _Bits()
    for command in game.commands:
        _pack_command(board, command, bits)
    out += bits.to_bytes()
    out += _varint(len(game.checks))
    last = 0
    for move, check in game.checks:
        out += _varint(move - last) + bytes.fromhex(check.digest) + _varint(check.score) + _varint(check.moves)
        last = move
    return bytes(out)


def game_moves(data: bytes) -> int:
    """How many moves a record says it holds, read before any move is unpacked."""
    reader = _Reader(data)
    for _ in range(3):
        reader.varint()
    return reader.varint()


def unpack_game(board: Board, data: bytes) -> PackedGame:
    """The game a record holds; CodeError (one line) for one that is damaged or cut short."""
    reader = _Reader(data)
    rules, digest, seed, count = (reader.varint() for _ in range(4))
    bits = _BitReader(reader)
    commands = tuple(_unpack_command(board, bits) for _ in range(count))
    checks: list[tuple[int, Check]] = []
    move = 0
    for _ in range(min(reader.varint(), count)):
        step = reader.varint()
        if step < 1:
            raise CodeError("the code is damaged: two checks after one move")
        move += step
        checks.append((move, Check(reader.take(4).hex(), reader.varint(), reader.varint(), digest)))
    if reader.at != len(data) or (checks and checks[-1][0] > count):
        raise CodeError("the code is damaged: its game does not end where it should")
    return PackedGame(rules, seed, commands, tuple(checks))


def _pack_command(board: Board, command: Command, bits: "_Bits") -> None:
    cells = board.cell_bits
    if board.mode == Mode.MATCH3 and isinstance(command, KeepGoing):
        bits.put(_KEEP_GOING[0], cells)
        bits.put(_KEEP_GOING[1], 3)
        return
    if board.mode == Mode.MATCH3 and isinstance(command, Swap):
        step = (command.b[0] - command.a[0], command.b[1] - command.a[1])
        if step in _DIRECTION:
            bits.put(_index(board, command.a), cells)
            bits.put(_DIRECTION[step], 3)
            return
    elif board.mode == Mode.CHAIN and isinstance(command, Chain) and command.path:
        bits.put(_index(board, command.path[0]), cells)
        bits.gamma(len(command.path))
        for a, b in zip(command.path, command.path[1:]):
            step = (b[0] - a[0], b[1] - a[1])
            if step not in _DIRECTION:
                break
            bits.put(_DIRECTION[step], 3)
        else:
            return
    elif board.mode == Mode.SLIDE and isinstance(command, Slide):
        bits.put(_index(board, command.cell), cells)
        return
    raise CodeError(f"the move '{command}' cannot be written in a code of a {board.mode} level")


def _unpack_command(board: Board, bits: "_BitReader") -> Command:
    index = bits.take(board.cell_bits)
    start = _cell(board, index)
    if board.mode == Mode.SLIDE:
        return Slide(start)
    if board.mode == Mode.MATCH3:
        direction = bits.take(3)
        if (index, direction) == _KEEP_GOING:
            return KeepGoing()
        return Swap(start, _step(board, start, direction))
    length = bits.gamma()
    if length > board.width * board.height:
        raise CodeError("the code is damaged: a chain longer than its board")
    path = [start]
    for _ in range(length - 1):
        path.append(_step(board, path[-1], bits.take(3)))
    return Chain(tuple(path))


def _index(board: Board, cell: Cell) -> int:
    row, col = cell
    if not (0 <= row < board.height and 0 <= col < board.width):
        raise CodeError(f"the cell {row},{col} is off the board; a code cannot hold it")
    return row * board.width + col


def _cell(board: Board, index: int) -> Cell:
    if index >= board.width * board.height:
        raise CodeError("the code is damaged: a move names a cell off its board")
    return divmod(index, board.width)


def _step(board: Board, cell: Cell, direction: int) -> Cell:
    row, col = cell[0] + DIRECTIONS[direction][0], cell[1] + DIRECTIONS[direction][1]
    if not (0 <= row < board.height and 0 <= col < board.width):
        raise CodeError("the code is damaged: a move names a cell off its board")
    return row, col


def _varint(number: int) -> bytes:
    out = bytearray()
    while True:
        byte, number = number & 0x7F, number >> 7
        out.append(byte | (0x80 if number else 0))
        if not number:
            return bytes(out)


class _Reader:
    """Bytes read in turn; running out is a code cut short."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise CodeError("the code is damaged: its game is cut short")
        part = self.data[self.at:self.at + n]
        self.at += n
        return part

    def varint(self) -> int:
        number = 0
        for shift in range(0, 7 * _MAX_VARINT_BYTES, 7):
            byte = self.take(1)[0]
            number |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return number
        raise CodeError("the code is damaged: a number in its game runs on")


class _Bits:
    """Bits written most significant first, then padded to whole bytes."""

    def __init__(self) -> None:
        self.number, self.length = 0, 0

    def put(self, value: int, width: int) -> None:
        self.number = (self.number << width) | value
        self.length += width

    def gamma(self, value: int) -> None:
        """Elias gamma (value >= 1): its bit length less one in zeros, then its bits."""
        width = value.bit_length()
        self.put(0, width - 1)
        self.put(value, width)

    def to_bytes(self) -> bytes:
        size = (self.length + 7) // 8
        pad = size * 8 - self.length
        return _varint(size) + (self.number << pad).to_bytes(size, "big")


class _BitReader:
    """The bit stream a _Bits wrote, read from a _Reader."""

    def __init__(self, reader: _Reader) -> None:
        size = reader.varint()
        if size > len(reader.data):
            raise CodeError("the code is damaged: its game is cut short")
        self.bits = bin(int.from_bytes(reader.take(size), "big"))[2:].zfill(size * 8) if size else ""
        self.at = 0

    def take(self, width: int) -> int:
        if self.at + width > len(self.bits):
            raise CodeError("the code is damaged: its moves are cut short")
        value = int(self.bits[self.at:self.at + width], 2)
        self.at += width
        return value

    def gamma(self) -> int:
        zeros = 0
        while self.take(1) == 0:
            zeros += 1
            if zeros > 16:
                raise CodeError("the code is damaged: a chain's length runs on")
        return (1 << zeros) | (self.take(zeros) if zeros else 0)


def pack_payload(level_text: str, board: Board, game: PackedGame) -> bytes:
    """A version-2 game code's payload: the level's text (its length first), then the game."""
    level = level_text.encode("utf-8")
    return _varint(len(level)) + level + pack_game(board, game)


def split_payload(data: bytes) -> tuple[str, bytes]:
    """The level's text and the game's record of a version-2 game code's payload."""
    reader = _Reader(data)
    try:
        return reader.take(reader.varint()).decode("utf-8"), data[reader.at:]
    except UnicodeDecodeError:
        raise CodeError("the code is damaged: its level is not text") from None
