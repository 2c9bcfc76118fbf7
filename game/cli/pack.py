"""`gridfall pack build|unpack|install|list`: share packs as one file, install them, list them."""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Any

from game.cli.output import safe

from game.io.packs import (
    ONE_FILE_SUFFIXES, install_pack, is_one_file_pack, list_packs, load_pack, pack_origin, save_pack,
)
from game.io.pack_proofs import Proof, Verdict, carrying_proofs, proofs_said
from game.io.problems import LevelFileError
from game.io import gate


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("pack", help="build, unpack, install or list level packs")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    build = actions.add_parser("build", help="make the one-file form (NAME.pack.yaml) of a pack folder")
    build.add_argument("folder", metavar="FOLDER")
    build.add_argument("-o", "--output", metavar="FILE", help="default: ./<pack-id>.pack.yaml")
    build.set_defaults(run=run_build)
    unpack = actions.add_parser("unpack", help="turn a one-file pack into a pack folder")
    unpack.add_argument("file", metavar="FILE")
    unpack.add_argument("-o", "--output", metavar="FOLDER", help="default: ./<pack-id>/")
    unpack.set_defaults(run=run_unpack)
    install = actions.add_parser("install", help="validate a pack and copy it into your data folder")
    install.add_argument("file", metavar="FILE", help="a NAME.pack.yaml or a pack folder")
    install.add_argument("--replace", action="store_true",
                         help="replace an installed pack with the same id (the old one is kept "
                              "in the packs folder's .backups)")
    install.set_defaults(run=run_install)
    listing = actions.add_parser("list", help="list built-in and installed packs, and your own (made in the editor)")
    listing.set_defaults(run=run_list)


def _refuse(exc: Exception, what: str) -> int:
    if isinstance(exc, LevelFileError):
        for problem in exc.problems:
            print(safe(problem), file=sys.stderr)
        print(f"gridfall pack {what}: refused, {len(exc.problems)} problem"
              f"{'s' * (len(exc.problems) != 1)}", file=sys.stderr)
    else:
        print(f"gridfall pack {what}: {safe(exc)}", file=sys.stderr)
    return 1


def _warn_failing(proofs: list[Proof]) -> None:
    """A replay that does not prove its level is the author's problem: said, never carried."""
    for proof in proofs:
        if proof.verdict == Verdict.FAILS:
            print(safe(f"warning: {proof.file} does not prove level '{proof.level_id}': {proof.why} "
                       "(left out)"), file=sys.stderr)


def run_build(args: argparse.Namespace) -> int:
    try:
        pack, proofs = carrying_proofs(load_pack(args.folder))   # the author's proofs travel inline
        out = pathlib.Path(args.output or f"{pack.id}.pack.yaml")
        if not is_one_file_pack(out):
            raise ValueError(f"the one-file form is named NAME{ONE_FILE_SUFFIXES[0]}, not {out.name}")
        save_pack(pack, out)
    except (LevelFileError, ValueError, OSError) as exc:
        return _refuse(exc, "build")
    _warn_failing(proofs)
    print(safe(f"built {out} ({proofs_said(proofs)})"))
    return 0


def run_unpack(args: argparse.Namespace) -> int:
    try:
        pack, proofs = carrying_proofs(load_pack(args.file))   # into the folder's replays/
        out = pathlib.Path(args.output or pack.id)
        if gate.exists(out) and not gate.chosen_folder(out):
            raise ValueError(f"{out} is a file; give a folder")
        save_pack(pack, out)
    except (LevelFileError, ValueError, OSError) as exc:
        return _refuse(exc, "unpack")
    _warn_failing(proofs)
    print(safe(f"unpacked {out}/ ({proofs_said(proofs)})"))
    return 0


def run_install(args: argparse.Namespace) -> int:
    from game.io.pack_proofs import prove_pack

    try:
        proofs = prove_pack(load_pack(args.file))
        pack = install_pack(args.file, replace=args.replace)
    except (LevelFileError, ValueError, OSError) as exc:
        return _refuse(exc, "install")
    print(safe(f"installed '{pack.name}' ({pack.id}, {len(pack.levels)} levels) into {pack.source}"))
    _warn_failing(proofs)   # the author's problem: the pack still installs
    proven = [p.level_id for p in proofs if p.verdict == Verdict.PROVEN]
    print(safe(f"{len(proven)} of {len(proofs)} levels proven by the author's replays"
               + (f"; not proven: {', '.join(p.level_id for p in proofs if p.verdict != Verdict.PROVEN)}"
                  if len(proven) < len(proofs) else "")))
    return 0


def run_list(args: argparse.Namespace) -> int:
    errors: list[LevelFileError] = []
    for pack in list_packs(errors):
        where = pack_origin(pack)
        print(safe(f"{pack.id:<20} {len(pack.levels):>3} levels  {where:<9}  {pack.name}"))
    for exc in errors:
        print(safe(f"skipped a broken pack:\n{exc}"), file=sys.stderr)
    return 0
