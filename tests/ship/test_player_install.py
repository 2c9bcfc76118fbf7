"""A player's install is the game alone (issue 38): `make play` installs the dependencies without
the developers' extras, and the game starts and draws its title with every extra's module out of
reach; `make test` brings the tools."""

from __future__ import annotations

import importlib.metadata
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _project() -> dict[str, object]:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return dict(tomllib.load(file)["project"])


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _extras_only() -> set[str]:
    """The distributions only an extra brings (not gridfall itself, not a dependency of playing)."""
    project = _project()
    needed = {_name(r) for r in project["dependencies"]}   # type: ignore[attr-defined]
    extras = {_name(r) for group in project["optional-dependencies"].values() for r in group}  # type: ignore[attr-defined]
    return extras - needed - {"gridfall"}


def test_playing_depends_on_no_developer_tool_and_plots_are_an_extra() -> None:
    project = _project()
    needed = {_name(r) for r in project["dependencies"]}   # type: ignore[attr-defined]
    assert not needed & {"pytest", "mypy", "hypothesis", "matplotlib", "distributed", "build", "jsonschema"}
    assert "matplotlib" in {_name(r) for r in project["optional-dependencies"]["plot"]}  # type: ignore[index]


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_play_installs_the_game_without_extras_and_make_test_with_the_tools(tmp_path: pathlib.Path) -> None:
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy2(ROOT / name, tmp_path / name)
    def planned(target: str) -> str:
        return subprocess.run(["make", "-n", target], cwd=tmp_path, capture_output=True, text=True,
                              check=True).stdout
    play, test = planned("play"), planned("test")
    installs = [line for line in play.splitlines() if "pip install" in line]
    assert installs and all(line.rstrip().endswith("-e .") for line in installs), play
    assert "-m game" in play
    assert "'.[dev]'" in test and "pytest" in test


def test_the_game_starts_and_draws_its_title_with_every_extra_out_of_reach(tmp_path: pathlib.Path) -> None:
    # Each extra's import names, from the installed distributions (pytest, mypy, matplotlib, ...).
    tops = importlib.metadata.packages_distributions()
    blocked = sorted({top for top, dists in tops.items()
                      if any(_name(d) in _extras_only() for d in dists) and not top.startswith("_")})
    assert {"matplotlib", "pytest", "hypothesis", "mypy"} <= set(blocked)
    shot = tmp_path / "title.png"
    script = (
        "import importlib.abc, sys\n"
        f"BLOCKED = {blocked!r}\n"
        "class Out(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in BLOCKED:\n"
        "            raise ImportError(f'{name} is an extra a player does not have')\n"
        "sys.meta_path.insert(0, Out())\n"
        "from game.cli import main\n"
        f"sys.exit(main(['play', '--frames', '2', '--screenshot', {str(shot)!r}]))\n")
    env = dict(os.environ, GRIDFALL_DATA_DIR=str(tmp_path / "data"), ARCADE_HEADLESS="1",
               PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    from PIL import Image

    with Image.open(shot) as image:
        assert len(set(image.convert("RGB").getdata())) > 50   # the title, drawn


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fontconfig decides which fonts exist")
def test_a_machine_without_any_font_plays_in_the_fonts_the_game_ships(tmp_path: pathlib.Path) -> None:
    # A fontconfig that knows no font folder: the machine has no font at all (a bare container).
    # Before the game shipped DejaVu Sans this ended in pyglet's "Could not match font" traceback.
    conf = tmp_path / "fonts.conf"
    conf.write_text('<?xml version="1.0"?>\n<fontconfig><cachedir>' + str(tmp_path / "cache")
                    + "</cachedir></fontconfig>\n", encoding="utf-8")
    env = dict(os.environ, GRIDFALL_DATA_DIR=str(tmp_path / "data"), ARCADE_HEADLESS="1",
               PYTHONPATH=str(ROOT), FONTCONFIG_FILE=str(conf))
    listed = subprocess.run(["fc-list"], env=env, capture_output=True, text=True) if shutil.which("fc-list") else None
    assert listed is None or not listed.stdout.strip()   # no font to be found
    for name, args in (("title", []), ("slide", ["first-steps/5"])):   # slide numbers drawn by Pillow
        shot = tmp_path / f"{name}.png"
        done = subprocess.run([sys.executable, "-m", "game", "play", *args, "--frames", "2",
                               "--screenshot", str(shot)], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        assert shot.is_file()
    # The editor's own window (`gridfall edit`) too: its difficulty check draws its panel's words.
    level = ROOT / "levels" / "first-steps" / "first-swap.yaml"
    done = subprocess.run([sys.executable, "-m", "game", "edit", "--check-difficulty", str(level)], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
