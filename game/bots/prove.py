"""`python -m game.bots.prove PACK_FOLDER`: find and save a winning replay for every level of a pack.

Run it after editing a pack's levels (or after a rules change) so that every level is proven
winnable again: each level is played from its own seed (0 when it sets none), the seed a
player starts with, and the winning commands go beside the levels, to the pack folder's
replays/<level-id>.yaml (where `gridfall validate` and `pack install` look for a pack's proofs).
Unlike the rest of game.bots this script touches files (through game.io).
"""

from __future__ import annotations

import argparse
import dataclasses
import pathlib
import sys
import time

from game.core import IllegalMove, Level, Session, Status, stars
from game.io import LevelFileError, Pack, gate, load_pack, save_level
from game.io.pack_proofs import replays_dir
from game.io.replay import Replay, ReplayFileError, load_replay, replay_of, save_replay

from .proving import find_best, find_win
from .stars import reachable_marks


def replay_wins(level: Level, replay: Replay) -> bool:
    """Whether `replay` is for this level and seed and still ends in a win."""
    if replay.level != level.id or replay.seed != level.play_seed:
        return False
    try:
        return Session.replay(level, replay.seed, replay.commands).state.status == Status.WON
    except IllegalMove:
        return False


STAR_BEAM = 250
"""How wide --stars' beam search is, after the bot games (a few CPU seconds on a shipped level)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bots.prove", description=__doc__.splitlines()[0])
    parser.add_argument("pack", help="a pack folder (with pack.yaml) or a NAME.pack.yaml file")
    parser.add_argument("-o", "--out", type=pathlib.Path, default=None,
                        help="where the replays go (default: the pack folder's replays/, beside its levels)")
    parser.add_argument("--tries", type=int, default=12, help="bot games per level before giving up")
    parser.add_argument("--only", nargs="+", metavar="LEVEL_ID", help="prove only these levels")
    parser.add_argument("--check", action="store_true",
                        help="only check that the saved replays still win; write nothing")
    parser.add_argument("--force", action="store_true",
                        help="search again even where the saved replay still wins")
    parser.add_argument("--stars", action="store_true",
                        help="where the saved replay earns fewer than three stars, play --tries games "
                             "of the strong bots on the level's deal and keep the one with the most stars")
    parser.add_argument("--beam", type=int, default=STAR_BEAM, metavar="N",
                        help=f"with --stars: the beam search's width after the bot games (default {STAR_BEAM})")
    parser.add_argument("--lower", action="store_true",
                        help="with --stars: where no game earns all three, lower the level's point marks "
                             "to what the best game earns, in its file (pack folders only)")
    parser.add_argument("--reseed", type=int, default=0, metavar="N",
                        help="when no bot wins from a level's seed, try the next N seeds and write "
                             "the first that wins into the level file (pack folders only)")
    args = parser.parse_args(argv)
    try:
        pack = load_pack(args.pack)
    except (LevelFileError, OSError) as exc:
        print(f"prove: cannot load {args.pack}:\n{exc}", file=sys.stderr)
        return 2
    out = args.out if args.out is not None else replays_dir(pack)
    if out is None:
        print(f"prove: {args.pack} is a one-file pack, with no folder to keep replays beside its "
              "levels: give --out FOLDER", file=sys.stderr)
        return 2
    levels = [lv for lv in pack.levels if not args.only or lv.id in args.only]
    if args.only:
        unknown = sorted(set(args.only) - {lv.id for lv in levels})
        if unknown:
            print(f"prove: pack {pack.id} has no level {', '.join(unknown)}", file=sys.stderr)
            return 2
    failed = 0
    for level in levels:
        path = out / f"{level.id}.yaml"
        seed = level.play_seed
        saved: Replay | None = None
        if gate.exists(path):
            try:
                saved = load_replay(path)
            except ReplayFileError as exc:
                print(f"  {level.id}: the saved replay is unreadable: {exc}")
        if saved is not None and args.stars and not args.check and replay_wins(level, saved):
            said = _more_stars(level, saved, path, pack, args.tries, args.beam, args.lower)
            if said:
                print(said)
                continue
        if saved is not None and not args.force and replay_wins(level, saved):
            upgraded = replay_of(level, saved.seed, saved.commands, saved.pack)
            if upgraded != saved and not args.check:
                save_replay(upgraded, path)   # the same game, with today's checks and hashes
            print(f"ok     {level.id:20} seed {seed}: the saved replay still wins "
                  f"({len(saved.commands)} commands)")
            continue
        if args.check:
            print(f"FAIL   {level.id:20} seed {seed}: no winning replay at {path}")
            failed += 1
            continue
        start = time.perf_counter()
        proof = find_win(level, seed, tries=args.tries)
        folder = pack.source if pack.source is not None and gate.is_folder(pack.source) else None
        for other in range(seed + 1, seed + 1 + args.reseed):
            if proof is not None or folder is None:
                break
            proof = find_win(level, other, tries=args.tries)
            if proof is not None:
                print(f"  {level.id}: seed {seed} was not won; the level now starts from seed {other}")
                seed = other
                save_level(dataclasses.replace(level, seed=other), folder / f"{level.id}.yaml")
        took = time.perf_counter() - start
        if proof is None:
            print(f"FAIL   {level.id:20} seed {seed}: no bot won in {args.tries} tries "
                  f"({took:.1f}s); make it easier or pick another seed")
            failed += 1
            continue
        gate.make_folder(path.parent)
        save_replay(replay_of(level, seed, proof.commands, pack.id), path)
        print(f"proved {level.id:20} seed {seed}: {proof.bot} won in {len(proof.commands)} commands, "
              f"score {proof.score}, {proof.stars} stars, try {proof.tries} ({took:.1f}s)")
    print(f"{len(levels) - failed} of {len(levels)} levels proven winnable")
    return 1 if failed else 0


def _more_stars(level: Level, saved: Replay, path: pathlib.Path, pack: Pack, tries: int, beam: int,
                lower: bool) -> str:
    """--stars: when the saved proof earns fewer than three stars, `tries` strong bot games of
    the same deal and a beam search `beam` wide; the best is kept when it earns more, and with
    `lower` the point marks come down to it when none earns all three (pack folders only).
    What was done, or '' (nothing: the proof stands)."""
    had = stars(Session.replay(level, saved.seed, saved.commands).state)
    if had >= 3:
        return ""
    best = find_best(level, level.play_seed, tries=tries, beam=beam)
    if best is None:
        return ""
    folder = pack.source if pack.source is not None and gate.is_folder(pack.source) else None
    marks = reachable_marks(level, best.score) if best.stars < 3 and lower and folder is not None else None
    if marks is not None and folder is not None:
        level = dataclasses.replace(level, stars=marks)
        save_level(level, folder / f"{level.id}.yaml")
    elif best.stars <= had:
        return ""
    save_replay(replay_of(level, level.play_seed, best.commands, pack.id), path)
    earned = stars(Session.replay(level, level.play_seed, best.commands).state)
    lowered = ("" if marks is None else f"; its marks are now {'/'.join(map(str, marks))} (store its figures "
               f"again: gridfall playtest {folder} --write --changed, with -n as the pack's were)")
    return (f"better {level.id:20} seed {level.play_seed}: {best.bot} earned {earned} stars "
            f"(score {best.score}; the saved game earned {had}), try {best.tries}{lowered}")


if __name__ == "__main__":
    sys.exit(main())
