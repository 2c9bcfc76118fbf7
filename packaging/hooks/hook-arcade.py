"""PyInstaller's hook for arcade, used in place of the one arcade ships (a user hook wins).

Arcade's own hook lists ("arcade/VERSION", "./arcade/VERSION"), but the second half of a data
entry names the folder the file goes into: the bundle had arcade/VERSION/VERSION, and every
start printed arcade's VERSION error. This runs arcade's hook and puts that one file in arcade/.
"""

from __future__ import annotations

import importlib.util
import pathlib
import runpy

_spec = importlib.util.find_spec("arcade.__pyinstaller")
if _spec is None or _spec.origin is None:
    raise ImportError("arcade is not installed: nothing to bundle")
_theirs = runpy.run_path(str(pathlib.Path(_spec.origin).parent / "hook-arcade.py"))

hiddenimports = list(_theirs.get("hiddenimports", []))
binaries = list(_theirs.get("binaries", []))
datas = [(source, "arcade") if pathlib.Path(source).name == "VERSION" else (source, target)
         for source, target in _theirs.get("datas", [])]
