"""`gridfall generate -o FOLDER_OR_PACK`: levels proposed for a pass band (and a lesson), each proven on fresh seeds and written with its proof."""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Any

from game.bots.farm import ClusterUnavailable, default_workers
from game.bots.gen_layout import BLOCKERS
from game.bots.generate import lesson_sorts, still_to_come, MIN_DISTANCE, SEARCH_GAMES, TRIES, Outcome, Progress, Proposal, Request, generate
from game.bots.lessons import LESSON_GAMES
from game.bots.playtest import DEFAULT_GAMES
from game.cli.output import progress_bar, safe
from game.core import Lesson, Level, Mode, SpecialSort, valid_id
from game.io import LevelFileError, gate, load_pack, save_level
from game.io.pack_files import PACK_FILE, Pack
from game.io.pack_proofs import keep_proof
from game.io.rename import id_taken, listed_levels, pack_text
from game.io.atomic import atomic_write_text

NAME = "gridfall generate"
MAX_COUNT = 100
MAX_WORKERS = 256


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "generate", help="propose levels for a pass band (and a lesson), proven on fresh seeds",
        description="Search for levels whose person-like bot pass rate lies in a band: the move "
                    "limit is fitted on the search's games, the goal and the layout changed until "
                    "it lands; a level is kept only when 1,000 fresh seeds the search never played "
                    "put its 95% Wilson interval inside the band (by its own half-width, so a re-measure "
                    "lands inside too), it teaches its lesson (the lab of "
                    "`validate --lessons`), a bot wins it from its seed (the proof, written to "
                    "replays/), and its layout differs from every other level's. Each kept level "
                    "says how it was made (made:).")
    parser.add_argument("-o", "--out", required=True, metavar="FOLDER_OR_PACK",
                        help="a folder for the level files (made when missing), or a pack folder "
                             "(with pack.yaml): the levels are appended to its list")
    parser.add_argument("--mode", choices=[Mode.MATCH3.value, Mode.CHAIN.value], default=Mode.MATCH3.value,
                        help="the kind of level (default match3)")
    parser.add_argument("--size", default="7x7", metavar="WxH", help="board size (default 7x7)")
    parser.add_argument("--kinds", type=int, default=5, help="tile kinds (default 5)")
    parser.add_argument("--blockers", default="", metavar="LIST",
                        help=f"blockers it may place, comma-separated: {', '.join(BLOCKERS)} (default none)")
    parser.add_argument("--specials", default="", metavar="LIST",
                        help="sorts of special runs may form (match3), comma-separated: "
                             f"{', '.join(SpecialSort)} (default none)")
    parser.add_argument("--band", default="0.40-0.60", metavar="LOW-HIGH",
                        help="the person-like bot's pass rate to land in (default 0.40-0.60)")
    parser.add_argument("--teaches", default=None, metavar="MECHANIC",
                        help=f"a lesson the levels teach ({', '.join(Lesson)}); the blocker or the "
                             "specials it needs are allowed with it")
    parser.add_argument("--moves", default="10-30", metavar="LOW-HIGH", help="move limits to choose from (default 10-30)")
    parser.add_argument("-n", "--count", type=int, default=1, help="levels to propose (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="the search's seed (default 0): the same seed, the same levels")
    parser.add_argument("--prefix", default="gen", help="level ids are PREFIX-SEED-N (default gen)")
    parser.add_argument("--workers", "-j", type=int, default=None,
                        help="processes to play on (default: every core); the levels are the same for any number")
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None,
                        help="play on the Dask cluster at ADDRESS (tcp://host:8786; needs gridfall[cluster])")
    parser.add_argument("--min-distance", type=float, default=MIN_DISTANCE, metavar="SHARE",
                        help="the share of cells a level must differ in from every other (default "
                             f"{MIN_DISTANCE:g})")
    tuning = parser.add_argument_group("game counts (smaller ones are for tests: the defaults are the checks')")
    tuning.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"fresh games of the check (default {DEFAULT_GAMES})")
    tuning.add_argument("--search-games", type=int, default=SEARCH_GAMES,
                        help=f"games a candidate is searched on (default {SEARCH_GAMES})")
    tuning.add_argument("--lesson-games", type=int, default=LESSON_GAMES,
                        help=f"games per bot of the lesson check (default {LESSON_GAMES})")
    tuning.add_argument("--tries", type=int, default=TRIES, help=f"candidates per level before giving up (default {TRIES})")
    parser.set_defaults(run=run)


def _range(text: str, kind: type, option: str) -> tuple[Any, Any] | str:
    """`LOW-HIGH` as two numbers, or why not."""
    low, sep, high = text.partition("-")
    try:
        if not sep:
            raise ValueError
        return kind(low), kind(high)
    except ValueError:
        return f"{option} takes LOW-HIGH like {'0.40-0.60' if kind is float else '10-30'}, found {text[:40]!r}"


def _words(text: str, kind: type[Lesson] | type[SpecialSort], option: str) -> tuple[Any, ...] | str:
    try:
        return tuple(kind(word.strip()) for word in text.split(",") if word.strip())
    except ValueError:
        return f"{option}: one of {', '.join(kind)} each, found {text[:60]!r}"


def request_of(args: argparse.Namespace) -> Request | str:
    """The request the options ask for, or what is wrong with them."""
    band, moves = _range(args.band, float, "--band"), _range(args.moves, int, "--moves")
    blockers, specials = _words(args.blockers, Lesson, "--blockers"), _words(args.specials, SpecialSort, "--specials")
    size = _range(args.size.replace("x", "-", 1), int, "--size")
    for said in (band, moves, blockers, specials, size):
        if isinstance(said, str):
            return said.replace("LOW-HIGH like 10-30", "WxH like 7x7") if said.startswith("--size") else said
    assert not isinstance(band, str) and not isinstance(moves, str) and not isinstance(size, str)
    assert not isinstance(blockers, str) and not isinstance(specials, str)
    teaches = None
    if args.teaches is not None:
        if args.teaches not in tuple(Lesson):
            return f"--teaches: one of {', '.join(Lesson)}, found {args.teaches[:40]!r}"
        teaches = Lesson(args.teaches)
        if teaches in BLOCKERS and teaches not in blockers:
            blockers = (*blockers, teaches)
        specials = (*specials, *(s for s in lesson_sorts(teaches) if s not in specials))
    if not 1 <= args.count <= MAX_COUNT:
        return f"-n must be 1..{MAX_COUNT}, found {args.count}"
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        return f"--workers must be 1..{MAX_WORKERS}, found {args.workers}"
    if not 0 <= args.min_distance <= 1:
        return f"--min-distance is a share of cells from 0 to 1, found {args.min_distance:g}"
    if not valid_id(f"{args.prefix}-{args.seed}-{args.count}"):
        return f"--prefix {args.prefix[:40]!r}: level ids take letters, digits, '-' and '_'"
    request = Request(mode=Mode(args.mode), width=size[0], height=size[1], kinds=args.kinds,
                      blockers=blockers, specials=specials, band=band, teaches=teaches, moves=moves,
                      count=args.count, seed=args.seed, min_distance=args.min_distance, games=args.games,
                      search_games=args.search_games, lesson_games=args.lesson_games, tries=args.tries,
                      workers=args.workers or default_workers(), scheduler=args.scheduler)
    return request.problem() or request


def _target(out: pathlib.Path) -> tuple[Pack | None, tuple[Level, ...]] | str:
    """The pack at `out` (None: a plain folder), and the levels a proposal must differ from."""
    if gate.is_file(out):
        return f"-o {out}: give a folder (a one-file pack cannot take levels: unpack it first)"
    if not gate.is_file(out / PACK_FILE):
        return None, ()
    try:
        pack = load_pack(out)
    except (LevelFileError, OSError) as exc:
        return f"-o {out}: the pack has problems, fix them first:\n{exc}"
    return pack, pack.levels


def _ids(out: pathlib.Path, prefix: str, seed: int, count: int) -> tuple[str, ...]:
    """The ids the levels get: PREFIX-SEED-N, skipping any the folder holds already."""
    chosen: list[str] = []
    n = 1
    while len(chosen) < count:
        wanted = f"{prefix}-{seed}-{n}"
        if not gate.is_folder(out) or id_taken(out, wanted) is None:
            chosen.append(wanted)
        n += 1
    return tuple(chosen)


def _still_to_come(pack: Pack | None) -> tuple[Lesson, ...]:
    """Lessons a player meets only after the end of `pack` (later shipped packs): a level
    appended to it must not use them by accident."""
    if pack is None:
        return ()
    from game.cli.lessons import course_around

    course = course_around(pack)
    last = max((i for i, level in enumerate(course) if level in pack.levels), default=len(course) - 1)
    return still_to_come(course, last + 1)


def describe(proposal: Proposal, band: tuple[float, float]) -> str:
    """The lines a designer reads about one kept level."""
    level, measured = proposal.level, proposal.measured
    made = level.made
    assert made is not None
    lo, hi = measured.interval
    lines = [f"{level.id}: {level.mode} {level.width}x{level.height}, {level.moves} moves, "
             f"pass {measured.rate:.1%} (95% {lo:.1%}-{hi:.1%}) on {measured.dealt:,} fresh seeds "
             f"{made.seeds[0]}..{made.seeds[1]}, band {band[0]:.0%}-{band[1]:.0%}",
             f"  searched on seeds {made.search_seeds[0]}..{made.search_seeds[1]}; "
             f"{proposal.tries} candidates, {proposal.checks} fresh checks; " + (
                 "no other level to differ from" if proposal.distance is None else
                 f"layout distance {proposal.distance:.2f} to the nearest other level (the share of cells that differ)")]
    report = proposal.lesson.report if proposal.lesson is not None else None
    if report is not None:
        lines.append(f"  teaches {report.lesson}: its wins used it in {report.used} of {report.wins}, "
                     f"a bot that never uses it won {report.avoid_wins} of {report.games}")
    stars = "" if level.stars is None else f", stars {'/'.join(str(s) for s in level.stars)}"
    lines.append(f"  proof: {len(proposal.proof)} commands from seed {level.play_seed}{stars}")
    return "\n".join(lines)


def write(out: pathlib.Path, pack: Pack | None, proposals: tuple[Proposal, ...]) -> list[pathlib.Path]:
    """Each level file and its proof (replays/), then the pack's list with them appended."""
    gate.make_folder(out)
    written = []
    for proposal in proposals:
        level = proposal.level
        path = out / f"{level.id}.yaml"
        save_level(level, path)
        keep_proof(out, pack.id if pack is not None else None, level, level.play_seed, proposal.proof)
        written.append(path)
    if pack is not None and proposals:
        listed = listed_levels(out) or []
        atomic_write_text(out / PACK_FILE, pack_text(out, listed + [f"{p.level.id}.yaml" for p in proposals]))
    return written


def run(args: argparse.Namespace) -> int:
    asked = request_of(args)
    if isinstance(asked, str):
        print(safe(f"{NAME}: {asked}"), file=sys.stderr)
        return 2
    out = pathlib.Path(args.out)
    target = _target(out)
    if isinstance(target, str):
        print(safe(f"{NAME}: {target}"), file=sys.stderr)
        return 2
    pack, against = target
    request = Request(**{**{f: getattr(asked, f) for f in asked.__dataclass_fields__},
                         "ids": _ids(out, args.prefix, args.seed, args.count), "against": against,
                         "untaught": _still_to_come(pack)})
    tick, close = progress_bar(None)
    seen = [0]

    def heard(progress: Progress) -> None:
        if tick is not None:
            tick(progress.games - seen[0])
        seen[0] = progress.games

    try:
        outcome: Outcome = generate(request, progress=heard)
    except ClusterUnavailable as exc:
        print(safe(f"{NAME}: {exc}"), file=sys.stderr)
        return 1
    finally:
        close()
    for proposal in outcome.proposals:
        print(safe(describe(proposal, request.band)))
    for missed in outcome.missed:
        print(safe(f"not found: {missed}"))
    try:
        for path in write(out, pack, outcome.proposals):
            print(safe(f"{NAME}: wrote {path}"), file=sys.stderr)
    except (OSError, gate.PathRefused) as exc:
        print(safe(f"{NAME}: {out}: cannot be written ({exc})"), file=sys.stderr)
        return 1
    print(f"{len(outcome.proposals)} of {request.count} levels kept (min distance {request.min_distance:g})")
    return 0 if len(outcome.proposals) == request.count else 1
