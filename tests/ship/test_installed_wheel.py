"""The wheel holds the game whole: built as `make dist` builds it (the sdist, then the wheel from
it) and installed where the source tree cannot be seen, it lists, validates, proves and plays its
shipped packs (the top-level levels/ and assets/, carried as package data) from another folder."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

import pytest

from game.io import load_pack
from game.io.pack_proofs import shipped_proofs
from game.io.paths import levels_dir

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _run(args: list[str], cwd: pathlib.Path, env: dict[str, str] | None = None,
         timeout: float = 120) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """The wheel, built offline (no build isolation) from a copy of the sources as `make dist`
    builds it: the sdist first, then the wheel from the sdist alone, so a file the sdist forgets
    is missing from the wheel too. The build leaves nothing in the checkout."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, source / name)
    for folder in ("game", "editor", "levels", "assets"):
        shutil.copytree(ROOT / folder, source / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = tmp_path_factory.mktemp("wheel")
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)], cwd=source,
         timeout=300)
    (sdist,) = out.glob("gridfall-*.tar.gz")
    with tarfile.open(sdist) as tar:
        inside = {name.partition("/")[2] for name in tar.getnames()}
    assert {"levels/first-steps/pack.yaml", "assets/make_textures.py", "setup.py"} <= inside
    (found,) = out.glob("gridfall-*.whl")
    return found


def test_the_wheel_holds_the_shipped_packs_schemas_textures_and_sounds(wheel: pathlib.Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for wanted in ("game/data/levels/first-steps/pack.yaml", "game/data/levels/sweet-mechanics/pack.yaml",
                   "game/data/levels/first-steps/replays/first-swap.yaml",
                   "game/data/levels/sweet-mechanics/replays/sweet-finale.yaml",
                   "game/data/levels/schema/level.schema.json", "game/data/levels/schema/pack.schema.json",
                   "game/data/assets/textures/kind_1.png", "game/data/assets/sounds/swap.wav",
                   "game/data/assets/sounds/form.wav", "game/data/assets/sounds/music.wav.xz",
                   "game/data/assets/README.md", "editor/__init__.py", "game/__main__.py",
                   "game/data/assets/fonts/DejaVuSans.ttf", "game/data/assets/fonts/DejaVuSans-Bold.ttf",
                   "game/data/assets/fonts/DejaVu-LICENSE.txt", "game/data/assets/slide/4x4-1-2-3-5-6.pdb",
                   "game/data/assets/slide/3x4-1-2-5-6-9-10.pdb"):
        assert wanted in names, wanted
    # Every shipped level's proof comes along, beside its pack's levels.
    proofs = sorted(f"game/data/levels/{p.parent.parent.name}/replays/{p.name}" for p in shipped_proofs().values())
    assert len(proofs) >= 55 and set(proofs) <= names
    # The top-level folders go in as package data only; the scripts that make the assets stay
    # in the source tree, and neither the tests nor the folders themselves are in the wheel.
    assert not [n for n in names if "__pycache__" in n or n.endswith("make_textures.py")
                or n.startswith(("tests/", "levels/", "assets/", "docs/"))]


def installed(wheel: pathlib.Path, tmp_path: pathlib.Path, base: str = sys.executable
              ) -> tuple[pathlib.Path, pathlib.Path, pathlib.Path, dict[str, str]]:
    """The wheel installed into a fresh venv of the Python `base`: (the venv, its python, its
    site-packages, the environment to run it in: its own data folder, no PYTHON* variables)."""
    venv = tmp_path / "venv"
    _run([base, "-m", "venv", "--without-pip", str(venv)], cwd=tmp_path)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
          "--quiet", str(wheel)], cwd=tmp_path)
    # The dependencies (arcade, PyYAML, ...) come from this venv's site-packages, appended after
    # the new venv's own: a .pth line adds the folder without running that folder's own .pth
    # files, so this checkout's editable install stays out of sight.
    site = pathlib.Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                       capture_output=True, text=True, check=True).stdout.strip())
    (site / "dev-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(GRIDFALL_DATA_DIR=str(tmp_path / "data"), ARCADE_HEADLESS="1")
    return venv, python, site, env


def test_an_installed_wheel_lists_validates_and_plays_from_another_folder(
        wheel: pathlib.Path, tmp_path: pathlib.Path) -> None:
    venv, python, _site, env = installed(wheel, tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    gridfall = str(venv / ("Scripts/gridfall.exe" if os.name == "nt" else "bin/gridfall"))

    where = _run([str(python), "-c", "import game; print(game.__file__)"], elsewhere, env).stdout
    assert pathlib.Path(where.strip()).is_relative_to(venv), where

    listed = _run([gridfall, "pack", "list"], elsewhere, env).stdout
    assert "first-steps" in listed and "sweet-mechanics" in listed, listed

    for pack in ("first-steps", "sweet-mechanics"):
        valid = _run([gridfall, "validate", pack], elsewhere, env)
        count = len(load_pack(levels_dir() / pack).levels)
        assert f"({count} valid levels): ok" in valid.stderr, valid.stderr
        # Its proofs came with it: every level proven by the replay shipped beside it.
        assert f"{count} of {count} levels proven by their replays; not proven: none" in valid.stderr, valid.stderr
        assert str(ROOT) not in valid.stderr, "the installed game read the source tree"

    shot = elsewhere / "title.png"
    _run([gridfall, "play", "--frames", "2", "--screenshot", str(shot)], elsewhere, env)
    from PIL import Image

    with Image.open(shot) as image:
        assert image.size[0] >= 640 and len(set(image.convert("RGB").getdata())) > 50   # the title, drawn
    assert sorted(p.name for p in elsewhere.iterdir()) == ["title.png"]
