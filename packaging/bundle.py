"""Build the one-folder bundle for players without Python (PyInstaller), then start it headless.

Run with `make bundle`. The bundle lands in dist/bundle/gridfall/ (the program is
dist/bundle/gridfall/gridfall, gridfall.exe on Windows); zip that folder to hand it out. The
script prints how long the build took (wall and CPU) and how big the folder is, then runs the
bundled program from another folder with a throw-away data folder: `pack list` (both shipped
packs), `validate first-steps`, a headless `play --frames 2 --screenshot` (without arcade's
VERSION error), then what the installed game also does: `record` a GIF (Share's), `playtest` on
a terminal (spawned workers) and the editor's F5 (`edit LEVEL --check-difficulty`).
"""

from __future__ import annotations

import os
import pathlib
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
DIST = ROOT / "dist" / "bundle"
WORK = ROOT / "build" / "bundle"
NAME = "gridfall"

# What PyInstaller cannot see by reading imports: the subcommands are imported by name
# (game/cli/__init__.py), pyglet picks its platform modules at run time, and the game reads its
# packs, textures and sounds as package data: the checkout's top-level levels/ and assets/ go
# where the wheel puts them, game/data/ (game/io/paths.py finds them there).
OPTIONS = [
    "--onedir", "--noconfirm", "--clean", "--log-level", "WARN", "--name", NAME,
    "--collect-submodules", "game", "--collect-submodules", "editor",
    *[arg for name in ("levels", "assets")
      for arg in ("--add-data", f"{ROOT / name}{os.pathsep}game/data/{name}")],
    # arcade brings its own hook (its system resources: shaders, the Kenney fonts); collecting
    # its data again would clash with it. packaging/hooks/hook-arcade.py runs it and puts
    # arcade/VERSION where arcade reads it.
    "--additional-hooks-dir", str(ROOT / "packaging" / "hooks"),
    "--collect-submodules", "arcade", "--collect-submodules", "pyglet",
    # pyglet.window cannot be imported to list its modules where there is no display (a build
    # server): its platform modules are named instead.
    *[arg for name in ("pyglet.window.xlib", "pyglet.window.headless", "pyglet.window.win32",
                       "pyglet.window.cocoa") for arg in ("--hidden-import", name)],
    # Only `gridfall playtest --scheduler` (an optional extra) uses these; the bundle has none.
    "--exclude-module", "distributed", "--exclude-module", "dask",
    # Test-only packages that happen to sit in the build venv.
    "--exclude-module", "pytest", "--exclude-module", "hypothesis", "--exclude-module", "mypy",
    "--exclude-module", "jsonschema",
]


LEVEL = """format: 1
id: orchard
name: Orchard
mode: match3
width: 7
height: 7
kinds: 5
seed: 4
moves: 12
goals:
  collect: {4: 10}
"""


def _cpu_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _size(folder: pathlib.Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def build() -> pathlib.Path:
    entry = WORK / "gridfall_entry.py"
    WORK.mkdir(parents=True, exist_ok=True)
    entry.write_text("import sys\nfrom game.__main__ import main\n\nsys.exit(main())\n", encoding="utf-8")
    shutil.rmtree(DIST / NAME, ignore_errors=True)
    wall, cpu = time.monotonic(), _cpu_children()
    subprocess.run([sys.executable, "-m", "PyInstaller", *OPTIONS, "--distpath", str(DIST),
                    "--workpath", str(WORK / "work"), "--specpath", str(WORK), str(entry)],
                   cwd=ROOT, check=True)
    folder = DIST / NAME
    print(f"built {folder} in {time.monotonic() - wall:.0f} s wall, {_cpu_children() - cpu:.0f} s CPU; "
          f"{_size(folder) / 2**20:.0f} MiB in {sum(1 for _ in folder.rglob('*'))} files")
    return folder


def check(folder: pathlib.Path) -> None:
    program = folder / (f"{NAME}.exe" if os.name == "nt" else NAME)
    with tempfile.TemporaryDirectory(prefix="gridfall-bundle-") as tmp:
        where = pathlib.Path(tmp)
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env.update(GRIDFALL_DATA_DIR=str(where / "data"), ARCADE_HEADLESS="1")

        def run(*args: str) -> subprocess.CompletedProcess[str]:
            done = subprocess.run([str(program), *args], cwd=where, env=env, capture_output=True,
                                  text=True, timeout=300)
            if done.returncode != 0:
                raise SystemExit(f"bundle check failed: gridfall {' '.join(args)}\n{done.stdout}{done.stderr}")
            return done

        listed = run("pack", "list").stdout
        if "first-steps" not in listed or "sweet-mechanics" not in listed:
            raise SystemExit(f"bundle check failed: pack list shows\n{listed}")
        run("validate", "first-steps")
        start = time.monotonic()
        done_start = run("play", "--frames", "2", "--screenshot", str(where / "title.png"))
        if not (where / "title.png").is_file() or (where / "title.png").stat().st_size < 10_000:
            raise SystemExit("bundle check failed: no screenshot of the title screen")
        shutil.copy(where / "title.png", WORK / "title.png")
        print(f"checked: pack list, validate first-steps, and a headless start "
              f"({time.monotonic() - start:.1f} s) with a title screenshot in {WORK / 'title.png'}")
        if "VERSION" in done_start.stderr:
            raise SystemExit(f"bundle check failed: arcade's VERSION error at start\n{done_start.stderr}")
        level = _a_level(where)
        # Share's GIF: the game starts this very subcommand of itself (game/io/program.py).
        run("record", str(level), "--bot", "--moves", "3", "--out", str(where / "clip.gif"))
        if not (where / "clip.gif").is_file() or (where / "clip.gif").stat().st_size < 10_000:
            raise SystemExit("bundle check failed: record wrote no GIF")
        # A playtest on a terminal: its progress bar is a thread, so the workers are spawned
        # (the bundle starting itself as a worker: multiprocessing.freeze_support).
        said = _on_terminal([str(program), "playtest", "first-steps", "-n", "20", "-j", "2"], where, env)
        if "first-swap" not in said or "Traceback" in said:
            raise SystemExit(f"bundle check failed: playtest on a terminal said\n{said}")
        # The editor's F5: its Difficulty run on spawned workers, the panel's answer on the status line.
        answer = run("edit", str(level), "--check-difficulty").stdout
        if "bots win" not in answer:
            raise SystemExit(f"bundle check failed: F5 answered\n{answer}")
        print(f"checked: record (a GIF of {(where / 'clip.gif').stat().st_size // 1024} KiB), playtest "
              f"on a terminal ({said.strip().splitlines()[-1].strip()[:60]}...), F5 ({answer.strip()})")


def _a_level(where: pathlib.Path) -> pathlib.Path:
    """A small level file beside the check, as a designer's own."""
    path = where / "orchard.yaml"
    path.write_text(LEVEL, encoding="utf-8")
    return path


def _on_terminal(command: list[str], cwd: pathlib.Path, env: dict[str, str]) -> str:
    """What `command` prints with a pseudo-terminal for its output, as a person in a shell sees it."""
    import pty

    main, child = pty.openpty()
    try:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=child,
                                   stderr=child)
        os.close(child)
        chunks = []
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:      # the terminal's other side closed: the program ended
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait(timeout=300)
    finally:
        os.close(main)
    said = b"".join(chunks).decode("utf-8", "replace")
    if process.returncode != 0:
        raise SystemExit(f"bundle check failed: {' '.join(command[1:])} on a terminal\n{said}")
    return said


if __name__ == "__main__":
    check(build() if "--check-only" not in sys.argv else DIST / NAME)
