"""Bench what a player's install weighs: the pipx venv of the wheel, against the same wheel with matplotlib, in one run.

Run: `.venv/bin/python bench/install_size.py [--pipx PIPX]` (Debian's pipx: `apt install pipx`).

The wheel is built from a clean export of HEAD (`git archive`, so the checkout gets no build
files), then installed twice by pipx into throw-away PIPX_HOMEs: as a player gets it
(`pipx install gridfall-*.whl`) and with the `plot` extra, which was a required dependency
before issue 38 (so the second install is that baseline, measured here rather than remembered).
It prints each venv's size, the ratio, and the biggest packages of the player's venv. pipx keeps
pip in one shared folder for all its apps (not in the venv); that folder is printed apart.
Issue 38's goal: the player's install at most half the baseline. Prints, never asserts.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MB = 1024 * 1024


def size(path: Path) -> int:
    """Bytes on disk under `path` (files only, links not followed)."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build_wheel(into: Path) -> Path:
    """The wheel of HEAD, built offline from a clean export in a temporary folder."""
    src = into / "src"
    src.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                    str(into / "dist"), str(src)], check=True, capture_output=True)
    return next((into / "dist").glob("gridfall-*.whl"))


def pipx_install(pipx: str, spec: str, home: Path) -> tuple[Path, Path]:
    """Install `spec` with pipx into `home`; its venv and pipx's shared folder."""
    env = dict(os.environ, PIPX_HOME=str(home), PIPX_BIN_DIR=str(home / "bin"))
    env.pop("PYTHONPATH", None)
    subprocess.run([pipx, "install", "--python", "/usr/bin/python3", spec], check=True,
                   capture_output=True, env=env)
    return home / "venvs" / "gridfall", home / "shared"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pipx", default=shutil.which("pipx") or "pipx")
    args = parser.parse_args()
    if shutil.which(args.pipx) is None:
        sys.exit("install_size: pipx is not installed (Debian: apt install pipx)")
    with tempfile.TemporaryDirectory(prefix="gridfall-size-") as tmp:
        work = Path(tmp)
        wheel = build_wheel(work)
        player, shared = pipx_install(args.pipx, str(wheel), work / "player")
        baseline, _ = pipx_install(args.pipx, f"{wheel}[plot]", work / "baseline")
        mine, base = size(player), size(baseline)
        print(f"wheel                        {wheel.stat().st_size / MB:7.1f} MB  {wheel.name}")
        print(f"player's pipx venv           {mine / MB:7.1f} MB")
        print(f"baseline (matplotlib needed) {base / MB:7.1f} MB")
        print(f"ratio player/baseline        {mine / base:7.2f}   (goal <= 0.50)")
        print(f"pipx's shared pip (once for every pipx app, not in the venv) {size(shared) / MB:.1f} MB")
        site = next((player / "lib").glob("python3*/site-packages"))
        parts = sorted(((size(p) if p.is_dir() else p.lstat().st_size, p.name)
                        for p in site.iterdir()), reverse=True)
        print("biggest parts of the player's venv:")
        for nbytes, name in parts[:8]:
            print(f"  {nbytes / MB:7.1f} MB  {name}")


if __name__ == "__main__":
    main()
