"""A designer's pack of six shipped match3 levels, each with its proof (the golden replay's winning
game kept as the author would) and stored figures: what a rename, build or export must carry."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

from game.io import load_level
from game.io.pack_files import pack_index_text
from game.io.pack_proofs import keep_proof
from game.io.paths import levels_dir
from game.io.playtest_file import store_result
from game.io.replay import load_replay
from game.io.pack_proofs import shipped_proof

ROOT = pathlib.Path(__file__).resolve().parents[1]
# Shipped first-steps levels whose golden replays (beside their pack) win them.
LEVELS = ("first-swap", "falling-luck", "ring-harvest", "the-diamond", "tight-budget", "fours-only")


def proven_pack(folder: pathlib.Path, pack_id: str) -> pathlib.Path:
    """Make `folder` a pack of the six levels, six proofs in replays/ and figures in
    playtest.yaml for the first two; returns the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    shipped = next(levels_dir().glob("*/first-swap.yaml")).parent
    for level_id in LEVELS:
        (folder / f"{level_id}.yaml").write_bytes((shipped / f"{level_id}.yaml").read_bytes())
    (folder / "pack.yaml").write_text(pack_index_text(pack_id, "Orchard", [f"{i}.yaml" for i in LEVELS],
                                                      author="Me", version="1.0", schema=None))
    for level_id in LEVELS:
        game = load_replay(shipped_proof(level_id))
        keep_proof(folder, pack_id, load_level(folder / f"{level_id}.yaml"), game.seed, game.commands)
    for level_id in LEVELS[:2]:
        level = load_level(folder / f"{level_id}.yaml")
        store_result(folder, pack_id, "person", 20, "2026-12-01",
                     {"level_id": level_id, "label": level.name, "level_hash": level.content_hash(),
                      "pass_rate": 0.5, "games": 20, "wins": 10})
    return folder


def gridfall(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed command's way in: `python -m game ARGS` in a fresh interpreter (this
    session's data folder, this tree's game)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)


def snapshot(folder: pathlib.Path) -> dict[str, bytes]:
    """Every file under `folder` and its bytes: what "nothing changed" compares."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
