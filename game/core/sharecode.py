"""Share codes: a text (a level file, a game) as a short, checked, chat-safe string, and back.

A code is `GF`, a kind letter (`L` a level, `G` a game), a version digit, then base58 of the
payload deflated against a preset dictionary followed by a 4-byte checksum. The payload of a
version-1 code is a file's text (a level; or a level and a replay with a check a move); of a
version-2 game code, the level's text and the game packed densely (core.gamecode). Base58 (digits and
letters without 0, O, I and l) survives chats, URLs, e-mail and double-click selection, and is
read aloud without confusing 0 and O. Decoding is bounded everywhere: the code's length is
checked first, blocks decode in linear time, and inflation stops at MAX_TEXT_BYTES, so neither
a long code nor a decompression bomb can take memory or time; a game is refused by its length
before it is proved (game_size_problem). Every failure is a CodeError with
one line that says what is wrong (foreign, newer version, damaged, cut short, too large).
"""

from __future__ import annotations

import hashlib
import re
import zlib
from enum import StrEnum

from .vocab import Mode

MAGIC = "GF"
VERSION = 1                      # a level code's, and an old game code's (a level and replay file's text)
GAME_VERSION = 2                 # a game code's today: the level's text, then a dense game (core.gamecode)
MAX_CODE_CHARS = 20_000          # about 14 KiB of payload: a long game with its checks
MAX_TEXT_BYTES = 256 * 1024      # what a code may unpack to (a level file is a few KiB)
# What proving a game code may cost, bounded by its size before a move is played, so that the
# largest code any decoder accepts proves in about a CPU-second and a few MB (bench/share_codes.py
# measures it). A match-3 or chain move costs about its board's cells (a cascade walks the
# board, and on a big board with few kinds it runs long); a slide move costs next to nothing.
MAX_GAME_MOVES = 10_000          # any game, any mode: far past a 12x12 slide's solution
MAX_BOARD_MOVES = 20_000         # a match-3 or chain game's moves times its board's cells
ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_DIGIT = {c: i for i, c in enumerate(ALPHABET)}
_CHECK_BYTES = 4
# A block of 8 bytes is 11 base58 digits (58**11 > 2**64); a last, shorter block of k bytes
# takes the fewest digits that hold it. The widths differ, so a width names its byte count.
_BLOCK = 8
_WIDTH = {1: 2, 2: 3, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11}
_BYTES = {w: k for k, w in _WIDTH.items()}
_HEAD = re.compile(r"GF[A-Za-z][0-9]")
_FOUND = re.compile(r"(?<![0-9A-Za-z])GF[LG][1-9][1-9A-HJ-NP-Za-km-z]{8,}")

# Words level and replay files are made of, so a small level deflates to a small code. Part of
# the format: changing it needs a new VERSION (zlib puts the likeliest strings last).
_DICTIONARY = (
    "- slide up\n- slide down\n- slide left\n- slide right\n"
    "rules:\n  diagonal: false\n  specials: false\n  min_match: 3\n  min_chain: 3\n"
    "stars: [1000, 2000, 3000]\n"
    "format: 2\nrules: 2\npack: null\nlevel: \nlevel_hash: \nseed: \ncommands:\n- chain \n- swap \nchecks:\n- "
    "goals:\n  score: \n  reach: \n  drops: \n  stones: true\n  jelly: true\n  collect:\n    "
    "jelly:\n  - \"0 0 0 0 0 0 0 0 0\"\n  - \"1 1 1 1 1 1 1 1 1\"\n  - \"2 2 2 2 2 2 2 2 2\"\n"
    "  - \" .  .  .  . S1 S2 S3  .  D  P  #  *\"\n  - \" 1L 2L .L 1h 2v 3b  .  .  .\"\n"
    "format: 1\nid: \nname: \ndescription: \nmode: slide\nmode: chain\nmode: match3\n"
    "width: 9\nheight: 9\nkinds: 5\nseed: \nmoves: 20\nlayout:\n"
    "  - \" .  .  .  .  .  .  .  .  .\"\n  - \" .  .  .  .  .  .  .  .  .\"\n"
).encode("utf-8")


class CodeKind(StrEnum):
    """What a code holds."""

    LEVEL = "L"
    GAME = "G"


class CodeError(ValueError):
    """A text that is not a share code this game can open; the message is one line."""


READS = {"L": (VERSION,), "G": (VERSION, GAME_VERSION)}   # the versions this game opens, by kind


def encode_code(kind: CodeKind, text: str) -> str:
    """The version-1 share code of `text` (a level or game file's text)."""
    return encode_payload(kind, VERSION, text.encode("utf-8"))


def encode_payload(kind: CodeKind, version: int, data: bytes) -> str:
    """The share code of `data`, the payload of a code of `version`."""
    if len(data) > MAX_TEXT_BYTES:
        raise CodeError(f"the text is {len(data):,} bytes; a code holds at most {MAX_TEXT_BYTES:,}")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, _DICTIONARY)
    payload = packer.compress(data) + packer.flush()
    head = f"{MAGIC}{kind.value}{version}"
    code = head + _to_base58(payload + _checksum(head, payload))
    if len(code) > MAX_CODE_CHARS:
        raise CodeError(f"the code would be {len(code):,} characters; a code is at most {MAX_CODE_CHARS:,}")
    return code


def decode_code(code: str) -> tuple[CodeKind, str]:
    """What a version-1 code holds and its text; CodeError (one line) for anything that is not a
    whole, undamaged code of a version this game reads, or one whose payload is not text."""
    kind, _, data = unpack_code(code)
    try:
        return kind, data.decode("utf-8")
    except UnicodeDecodeError:
        raise CodeError("the code is damaged: its contents are not text") from None


def unpack_code(code: str) -> tuple[CodeKind, int, bytes]:
    """What a code holds, its version and its payload; CodeError (one line) for anything that is
    not a whole, undamaged code of a version this game reads."""
    if len(code) > 4 * MAX_CODE_CHARS:   # refused before any copy is made of it
        raise CodeError(f"the text is {len(code):,} characters; a Gridfall code is at most "
                        f"{MAX_CODE_CHARS:,} (is it something else?)")
    code = "".join(code.split())   # a chat may wrap a long code over lines
    if len(code) > MAX_CODE_CHARS:
        raise CodeError(f"the code is {len(code):,} characters; a Gridfall code is at most "
                        f"{MAX_CODE_CHARS:,} (is it something else?)")
    if not code.startswith(MAGIC) or not _HEAD.match(code[:4]):
        raise CodeError("not a Gridfall code (a code starts with GFL1 for a level or GFG2 for a game)")
    kind_letter, version = code[2], int(code[3])
    if kind_letter not in {k.value for k in CodeKind}:
        raise CodeError(f"a Gridfall code of an unknown kind '{kind_letter}' (this game opens "
                        "levels, GFL, and games, GFG): made by a newer Gridfall?")
    if version not in READS[kind_letter]:
        known = READS[kind_letter]
        words = " and ".join(map(str, known))
        raise CodeError(f"a version {version} code; this Gridfall reads version {words} codes"
                        + (": update the game to open it" if version > max(known) else ""))
    head, body = code[:4], code[4:]
    for at, char in enumerate(body):
        if char not in _DIGIT:
            raise CodeError(f"the code is damaged: '{char if char.isprintable() else '?'}' at "
                            f"character {at + 5} is not part of any code (mistyped?)")
    raw = _from_base58(body)
    if len(raw) <= _CHECK_BYTES:
        raise CodeError("the code is cut short (copy all of it)")
    payload, check = raw[:-_CHECK_BYTES], raw[-_CHECK_BYTES:]
    if _checksum(head, payload) != check:
        raise CodeError("the code is damaged or cut short: its checksum does not match (copy all of it)")
    unpacker = zlib.decompressobj(-15, _DICTIONARY)
    try:
        data = unpacker.decompress(payload, MAX_TEXT_BYTES + 1)
    except zlib.error:
        raise CodeError("the code is damaged: its contents do not unpack") from None
    if len(data) > MAX_TEXT_BYTES or unpacker.unconsumed_tail:
        raise CodeError(f"the code unpacks to more than {MAX_TEXT_BYTES:,} bytes, more than any "
                        "level or game; refused")
    if not unpacker.eof or unpacker.unused_data:
        raise CodeError("the code is damaged: its contents end in the wrong place")
    return CodeKind(kind_letter), version, data


def game_size_problem(mode: Mode, cells: int, moves: int) -> str | None:
    """Why a game of `moves` moves on a board of `cells` cells is too long for a code (one line,
    in a player's words), or None: checked before a code's game is proved, and before one is made."""
    if moves > MAX_GAME_MOVES:
        return f"the game has {moves:,} moves; a game code holds at most {MAX_GAME_MOVES:,}"
    if mode != Mode.SLIDE and moves * cells > MAX_BOARD_MOVES:
        return (f"the game has {moves:,} moves on a board of {cells:,} cells; a game code on a board "
                f"this size holds at most {MAX_BOARD_MOVES // cells:,} moves (share the replay file instead)")
    return None


def find_code(text: str) -> str | None:
    """The first share code in a pasted text (a code alone, or a whole share card), or None."""
    found = _FOUND.search(text[: MAX_CODE_CHARS * 4])
    return found.group() if found else None


def looks_like_code(text: str) -> bool:
    """Whether a command-line argument is meant as a code rather than a file name."""
    return bool(_HEAD.match(text[:4])) and "/" not in text and "." not in text


def _checksum(head: str, payload: bytes) -> bytes:
    return hashlib.blake2b(head.encode("ascii") + payload, digest_size=_CHECK_BYTES).digest()


def _to_base58(data: bytes) -> str:
    out: list[str] = []
    for start in range(0, len(data), _BLOCK):
        block = data[start:start + _BLOCK]
        number = int.from_bytes(block, "big")
        digits = []
        for _ in range(_WIDTH[len(block)]):
            number, digit = divmod(number, 58)
            digits.append(ALPHABET[digit])
        out.append("".join(reversed(digits)))
    return "".join(out)


def _from_base58(text: str) -> bytes:
    full = _WIDTH[_BLOCK]
    tail = len(text) % full
    if tail and tail not in _BYTES:
        raise CodeError("the code is cut short or has characters missing (copy all of it)")
    out = bytearray()
    for start in range(0, len(text), full):
        chunk = text[start:start + full]
        number = 0
        for char in chunk:
            number = number * 58 + _DIGIT[char]
        size = _BYTES[len(chunk)]
        if number >> (8 * size):
            raise CodeError("the code is damaged or cut short (copy all of it)")
        out += number.to_bytes(size, "big")
    return bytes(out)
