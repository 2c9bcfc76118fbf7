"""Bench share codes: the longest shipped proof game's code, and what the largest game code the
decoder accepts costs to decode and prove (CPU seconds and peak memory, each in a fresh process).

Run: `.venv/bin/python bench/share_codes.py [--quick]`.

Issue 34's goal: the largest accepted code decodes and proves in at most 2 CPU-s and 300 MB;
issue 38's: every shipped proof game's code at most 2,000 characters. Prints, never asserts.
"""

from __future__ import annotations

import argparse
import pathlib
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from game.bots.random_bot import RandomBot  # noqa: E402
from game.core import Command, Level, Mode, new_game, play  # noqa: E402
from game.core.sharecode import MAX_BOARD_MOVES, MAX_CODE_CHARS, MAX_GAME_MOVES, CodeError  # noqa: E402
from game.io.codes import game_code  # noqa: E402


def shipped_games() -> list[tuple[str, Level, object]]:
    """Every shipped pack's proof game, with its level (beside each pack's levels)."""
    from game.io import find_pack
    from game.io.pack_proofs import shipped_proofs
    from game.io.paths import levels_dir
    from game.io.replay import load_replay

    proofs = shipped_proofs()
    return [(level.id, level, load_replay(proofs[level.id]))
            for pack_file in sorted(levels_dir().glob("*/pack.yaml"))
            for level in find_pack(pack_file.parent.name).levels if level.id in proofs]


def longest_shipped() -> None:
    from game.io.codes import replay_code

    sizes = sorted((len(replay_code(level, replay)), name, len(replay.commands))   # type: ignore[arg-type]
                   for name, level, replay in shipped_games())
    print(f"shipped proof games: {len(sizes)}; over 2,000 characters: {sum(s > 2000 for s, _, _ in sizes)}")
    for size, name, moves in sizes[-3:]:
        print(f"  {name:<16} {moves:>4} moves  {size:>6,} characters")


def big_level(mode: Mode, side: int, kinds: int) -> Level:
    data: dict[str, object] = {"format": 1, "id": "big", "name": "Big", "mode": str(mode), "width": side,
                               "height": side, "kinds": kinds, "seed": 1}
    if mode == Mode.SLIDE:   # numbered tiles, no kinds
        del data["kinds"]
        data["goals"] = {}
    else:
        data["goals"] = {"score": 10 ** 14}
    if mode == Mode.MATCH3:
        data["rules"] = {"specials": True}
    return Level.from_dict(data)


def random_game(level: Level, moves: int) -> list[Command]:
    state, bot = new_game(level, 1), RandomBot(1)
    commands: list[Command] = []
    while len(commands) < moves:
        command = bot.choose(state)
        state = play(state, command)[1]   # no session: a long game keeps no history
        commands.append(command)
    return commands


def largest(mode: Mode, side: int, kinds: int, old: bool = False) -> str:
    """The longest game code the decoder accepts on this board: as many moves as the bounds allow
    and the code's length holds (`old`: in the version-1 format, which the decoder still reads)."""
    level = big_level(mode, side, kinds)
    cells = side * side
    moves = MAX_GAME_MOVES if mode == Mode.SLIDE else MAX_BOARD_MOVES // cells
    commands = random_game(level, moves)
    while True:
        try:
            return old_code(level, commands) if old else game_code(level, 1, commands)
        except CodeError:
            commands = commands[: len(commands) * 9 // 10]   # too long for a code: fewer moves


def old_code(level: Level, commands: list[Command]) -> str:
    """A version-1 game code (a level file and a replay file with a check a move), as Gridfall
    made them before version 2."""
    from game.core.sharecode import CodeKind, encode_code
    from game.io import level_to_yaml
    from game.io.codes import SEPARATOR
    from game.io.replay import replay_of, replay_to_yaml

    replay = replay_of(level, 1, commands, pack=None)
    return encode_code(CodeKind.GAME, level_to_yaml(level, schema=None) + SEPARATOR + replay_to_yaml(replay))


def measure(code: str, trace: bool) -> None:
    """In this (fresh) process: decode and prove `code`; print CPU seconds and peak memory."""
    from game.io.codes import open_code

    if trace:
        tracemalloc.start()
    start = time.process_time()
    try:
        opened = open_code(code)
        what = f"proved {len(opened.replay.commands) if opened.replay else 0} moves"
    except CodeError as exc:
        what = f"refused: {exc}"
    cpu = time.process_time() - start
    peak = tracemalloc.get_traced_memory()[1] / 2 ** 20 if trace else 0.0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{len(code):>6,} characters: {cpu:6.2f} CPU-s, peak RSS {rss:6.0f} MB"
          + (f", traced peak {peak:5.0f} MB" if trace else "") + f"; {what[:90]}")


def in_child(code: str, trace: bool = False) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as out:
        out.write(code)
    args = [sys.executable, __file__, "--measure", out.name] + (["--trace"] if trace else [])
    subprocess.run(args, check=False)
    pathlib.Path(out.name).unlink()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--measure", metavar="FILE")
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--code", metavar="FILE", help="also measure the code in FILE")
    parser.add_argument("--quick", action="store_true", help="only the 32x32 match-3 board")
    args = parser.parse_args()
    if args.measure:
        measure(pathlib.Path(args.measure).read_text().strip(), args.trace)
        return
    longest_shipped()
    print(f"bounds: {MAX_CODE_CHARS:,} characters, {MAX_GAME_MOVES:,} moves, "
          f"{MAX_BOARD_MOVES:,} moves x cells (match-3, chain)")
    boards = [(Mode.MATCH3, 32, 3)] if args.quick else [
        (Mode.MATCH3, 32, 3), (Mode.MATCH3, 16, 3), (Mode.MATCH3, 9, 4), (Mode.CHAIN, 32, 3), (Mode.SLIDE, 12, 6)]
    for mode, side, kinds in boards:
        for old in (False, True):
            code = largest(mode, side, kinds, old)
            print(f"{mode} {side}x{side}, {kinds} kinds{' (version 1)' if old else ''}:", end=" ", flush=True)
            in_child(code)
    if args.code:
        code = pathlib.Path(args.code).read_text().strip()
        print("given code:", end=" ", flush=True)
        in_child(code)
        print("given code, traced:", end=" ", flush=True)
        in_child(code, trace=True)


if __name__ == "__main__":
    main()
