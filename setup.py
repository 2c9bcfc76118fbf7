"""The build step that carries the top-level levels/ and assets/ into the wheel as game/data/ (game/io/paths.py reads them)."""

from __future__ import annotations

import pathlib

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = pathlib.Path(__file__).resolve().parent
# Each top-level folder of shipped data, with the suffixes of the files the game reads from it:
# the scripts that make the assets (assets/make_*.py) stay in the source tree.
SHIPPED = {"levels": (".yaml", ".yml", ".json", ".md"),
           "assets": (".png", ".wav", ".xz", ".ogg", ".ttf", ".otf", ".md", ".txt", ".pdb")}


class BuildWithData(build_py):
    """build_py, then levels/ and assets/ copied to game/data/ in the build. Not for an editable
    install: there game/io/paths.py finds them at the top of the checkout."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        for name, suffixes in SHIPPED.items():
            top = ROOT / name
            for source in sorted(top.rglob("*")):
                inside = source.relative_to(top)
                if (source.is_file() and not source.is_symlink() and source.suffix in suffixes
                        and not any(part.startswith((".", "__")) for part in inside.parts)):
                    target = pathlib.Path(self.build_lib, "game", "data", name, inside)
                    self.mkpath(str(target.parent))
                    self.copy_file(str(source), str(target))


setup(cmdclass={"build_py": BuildWithData})
