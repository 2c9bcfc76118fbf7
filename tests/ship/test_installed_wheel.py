"""The wheel holds the game whole: installed where the source tree cannot be seen, it lists,
validates and plays its shipped packs from another folder."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _run(args: list[str], cwd: pathlib.Path, env: dict[str, str] | None = None,
         timeout: float = 120) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """The wheel, built offline (no build isolation) from a copy of the sources, so the build
    leaves nothing in the checkout."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    for package in ("game", "editor"):
        shutil.copytree(ROOT / package, source / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = tmp_path_factory.mktemp("wheel")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
          "--quiet", "-w", str(out), str(source)], cwd=source)
    (found,) = out.glob("gridfall-*.whl")
    return found


def test_the_wheel_holds_the_shipped_packs_schemas_textures_and_sounds(wheel: pathlib.Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for wanted in ("game/data/levels/first-steps/pack.yaml", "game/data/levels/sweet-mechanics/pack.yaml",
                   "game/data/levels/schema/level.schema.json", "game/data/levels/schema/pack.schema.json",
                   "game/data/assets/textures/kind_1.png", "game/data/assets/sounds/swap.wav",
                   "game/data/assets/README.md", "editor/__init__.py", "game/__main__.py"):
        assert wanted in names, wanted
    assert not [n for n in names if "__pycache__" in n or n.startswith(("tests/", "levels/", "assets/"))]


def test_an_installed_wheel_lists_validates_and_plays_from_another_folder(
        wheel: pathlib.Path, tmp_path: pathlib.Path) -> None:
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp_path)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
          "--quiet", str(wheel)], cwd=tmp_path)
    # The dependencies (arcade, PyYAML, ...) come from this venv's site-packages, appended after
    # the new venv's own: a .pth line adds the folder without running that folder's own .pth
    # files, so this checkout's editable install stays out of sight.
    site = pathlib.Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                       capture_output=True, text=True, check=True).stdout.strip())
    (site / "dev-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(GRIDFALL_DATA_DIR=str(tmp_path / "data"), ARCADE_HEADLESS="1")
    gridfall = str(venv / ("Scripts/gridfall.exe" if os.name == "nt" else "bin/gridfall"))

    where = _run([str(python), "-c", "import game; print(game.__file__)"], elsewhere, env).stdout
    assert pathlib.Path(where.strip()).is_relative_to(venv), where

    listed = _run([gridfall, "pack", "list"], elsewhere, env).stdout
    assert "first-steps" in listed and "sweet-mechanics" in listed, listed

    valid = _run([gridfall, "validate", "first-steps"], elsewhere, env)
    assert "ok" in valid.stderr and "valid level" in valid.stderr, valid.stderr

    shot = elsewhere / "title.png"
    _run([gridfall, "play", "--frames", "2", "--screenshot", str(shot)], elsewhere, env)
    from PIL import Image

    with Image.open(shot) as image:
        assert image.size[0] >= 640 and len(set(image.convert("RGB").getdata())) > 50   # the title, drawn
    assert sorted(p.name for p in elsewhere.iterdir()) == ["title.png"]
