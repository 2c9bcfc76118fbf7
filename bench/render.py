"""Frame cost (update + draw) of the real PlayView, still and while the heaviest event batches play, headless.

Run: .venv/bin/python bench/render.py   (ARCADE_HEADLESS; one window per size, 1280x800 and 1920x1080,
each in its own process). Per case it prints p50/p95/p99 of the wall time a frame takes and the CPU
time (user+sys, every thread: llvmpipe fills on threads of ours) a frame costs, and the ratio of the
case's p95 to a whole still board's frame measured in the same run; each case is played --repeat times
and the quietest run kept (the machine is shared). `--size 1280x800` runs one size only. A still board
is measured twice: every frame whole (after a resize or an expose), and as the game draws it while the
mouse crosses the board (only the changed cells repainted: game.ui.damage). `--parts N` breaks a whole
still frame into its parts, beside what putting back a cache of the window or of the board would cost.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import time
from typing import Any

os.environ.setdefault("ARCADE_HEADLESS", "1")   # before anything imports arcade
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from game.core import Cleared, Command, Level, PlayerMoved, Session, Swap, legal_commands  # noqa: E402
from game.io.settings import Settings  # noqa: E402
import game.ui  # noqa: E402,F401  (prepares arcade, headless: set above)
import arcade  # noqa: E402

from game.ui.play_view import PlayView  # noqa: E402

DT = 1 / 60
BUDGET_MS = 1000 / 60


def match3_level(size: int) -> Level:
    # Few kinds make long cascades: the heaviest batches a board of this size can produce.
    return Level.from_dict({"format": 1, "id": f"bench-m{size}", "name": f"Cascade {size}x{size}",
                            "mode": "match3", "width": size, "height": size, "kinds": 4,
                            "moves": 99, "goals": {"score": 999999}})


def chain_level(size: int) -> Level:
    rows = [["."] * size for _ in range(size)]
    rows[size - 1][size // 2] = "P"
    return Level.from_dict({"format": 1, "id": f"bench-c{size}", "name": f"Walk {size}x{size}",
                            "mode": "chain", "width": size, "height": size, "kinds": 3,
                            "moves": 99, "layout": [" ".join(r) for r in rows],
                            "goals": {"score": 999999}})


def specials_level(size: int) -> Level:
    # A rainbow beside a bomb mid-board, line specials round them: their swaps are the biggest effects.
    rows = [["."] * size for _ in range(size)]
    m = size // 2
    rows[m][m], rows[m][m + 1] = "*", "1b"
    rows[m - 2][m], rows[m + 2][m] = "2h", "3v"
    return Level.from_dict({"format": 1, "id": f"bench-s{size}", "name": f"Specials {size}x{size}",
                            "mode": "match3", "width": size, "height": size, "kinds": 5,
                            "moves": 99, "layout": [" ".join(r) for r in rows], "goals": {"score": 999999}})


def blockers_level(size: int) -> Level:
    # Jelly under every cell, stones and locks scattered: every layer has sprites to draw and animate.
    rows = [["."] * size for _ in range(size)]
    for r in range(1, size - 1, 3):
        for c in range(0, size, 3):
            rows[r][c] = "S3"
            rows[r + 1][(c + 1) % size] = ".L"
    rows[0][size // 2] = "D"
    return Level.from_dict({"format": 1, "id": f"bench-b{size}", "name": f"Blockers {size}x{size}",
                            "mode": "match3", "width": size, "height": size, "kinds": 4, "moves": 99,
                            "layout": [" ".join(r) for r in rows],
                            "jelly": [" ".join("0" if v.startswith("S") else "2" for v in r) for r in rows],
                            "goals": {"score": 999999, "drops": 1}})


def heaviest(level: Level, seeds: range, tries: int) -> tuple[int, Command, int]:
    """(seed, command, weight) of the batch with the most clear steps (or walk steps)."""
    best: tuple[int, Command, int] | None = None
    for seed in seeds:
        session = Session(level, seed)
        for command in legal_commands(session.state)[:tries]:
            events = Session(level, seed).play(command)
            weight = sum(1 for e in events if isinstance(e, (Cleared, PlayerMoved)))
            if best is None or weight > best[2]:
                best = (seed, command, weight)
    assert best is not None
    return best


CPU: list[float] = []   # the CPU milliseconds of every frame timed, in order (beside the wall times)


def frame(window: Any, view: PlayView) -> float:
    start, cpu = time.perf_counter(), time.process_time()
    view.on_update(DT)
    view.on_draw()
    window.ctx.finish()        # wait for the GPU (llvmpipe): count the drawing, not just its queueing
    CPU.append((time.process_time() - cpu) * 1000)
    return (time.perf_counter() - start) * 1000


def run_case(window: Any, level: Level, seed: int, command: Command) -> tuple[list[float], list[float]]:
    view = PlayView(level, seed=seed, settings=Settings(animation_speed="normal"))
    window.show_view(view)
    for _ in range(5):
        frame(window, view)                     # warm up: textures into the atlas
    assert view.submit(command), f"the bench's move {command} was refused"
    times = []
    CPU.clear()
    while view.busy:
        times.append(frame(window, view))
    for _ in range(30):                          # pop-ups and sparks that outlive the batch
        times.append(frame(window, view))
    return times, list(CPU)


def still(window: Any, level: Level, seed: int, hover: bool = False) -> tuple[list[float], list[float]]:
    """A still board's frames: each drawn whole (as after a resize or an expose), or (`hover`)
    as the game draws them while the mouse crosses the board: a cell further each frame, the
    hover ring moving, only the two cells it left and entered repainted (game.ui.damage)."""
    view = PlayView(level, seed=seed, settings=Settings(animation_speed="normal"))
    window.show_view(view)
    window.dispatch_events()
    for _ in range(5):
        frame(window, view)
    CPU.clear()
    times = []
    cells = [(r, c) for r in range(level.height) for c in range(level.width)]
    for n in range(60):
        if hover:
            x, y = view.board.center(cells[(n * 5) % len(cells)])
            window.dispatch_event("on_mouse_motion", x, y, 0, 0)
            window.dispatch_events()
        else:
            view.redraw.forget()
        times.append(frame(window, view))
    return times, list(CPU)


def parts(window: Any, level: Level, seed: int, rounds: int) -> None:
    """CPU per part of a still play frame, each part's cost measured two ways: the frame less
    that part (what leaving it out saves), and the part drawn alone then finished (what it costs
    on a window already drawn). Rounds interleave the variants, so the machine's noise is shared."""
    from game.ui import frames as frames_mod
    from game.ui.screens.style import PLAY_BG

    view = PlayView(level, seed=seed, settings=Settings(animation_speed="normal"))
    window.show_view(view)
    window.dispatch_events()
    ctx, board, hud = window.ctx, view.board, view.hud

    def board_tiles() -> None:
        rect = board.layout.rect
        ctx.scissor = (int(rect.left), int(rect.bottom), int(rect.width + 1), int(rect.height + 1))
        for lst in (board.tiles, board.tokens, board.blocks, board.chains):
            lst.draw()
        ctx.scissor = None

    def hud_divider() -> None:
        r = hud.rect
        arcade.draw_line(r.right - 1, r.bottom + 16, r.right - 1, r.top - 16, (44, 50, 74, 255), 2)

    named: list[tuple[str, Any]] = [
        ("window clear", lambda: frames_mod.clear(window, PLAY_BG)),
        ("backdrop grid lines", lambda: view._grid.draw()),
        ("HUD divider + bar", hud_divider),
        ("HUD texts (one batch)", lambda: hud.batch.draw()),
        ("HUD icons + stars", lambda: (hud.icons.draw(), hud.stars.draw())),
        ("button bar", lambda: view.bar.draw()),
        ("cell quads", board.draw_cells),
        ("jelly", board.draw_floor),
        ("tiles, stones, locks", board_tiles),
        ("glows, rings, effects", lambda: (board.under.draw(), board.effects.draw(), board.overlay.draw())),
        ("toast, fliers", lambda: (view.toast.draw(), view.fliers.draw())),
    ]

    def everything(skip: str | None = None) -> None:
        for name, draw in named:
            if name != skip:
                draw()

    def timed(fn: Any) -> float:
        cpu = time.process_time()
        fn()
        ctx.finish()
        return (time.process_time() - cpu) * 1000

    for _ in range(5):
        timed(everything)
    whole: list[float] = []
    without: dict[str, list[float]] = {name: [] for name, _ in named}
    alone: dict[str, list[float]] = {name: [] for name, _ in named}
    for _ in range(rounds):
        whole.append(timed(everything))
        for name, draw in named:
            without[name].append(timed(lambda: everything(skip=name)))
            everything()
            ctx.finish()
            alone[name].append(timed(draw))
    base = statistics.median(whole)
    print(f"  parts of a whole still frame ({level.name}): all of them {base:.2f} ms CPU (median of {rounds})")
    print(f"    {'part':24s} {'frame less it':>14s} {'drawn alone':>12s}")
    for name, _ in named:
        print(f"    {name:24s} {base - statistics.median(without[name]):11.2f} ms {statistics.median(alone[name]):9.2f} ms")
    # What a cache of the still parts would cost to put back each whole frame: a copy of a
    # framebuffer into the window, of the whole window and of the board's rectangle.
    from pyglet import gl

    cache = ctx.framebuffer(color_attachments=[ctx.texture((window.width, window.height), components=4)])
    rect = board.layout.rect
    boxes = {"window": (0, 0, window.width, window.height),
             "board": (int(rect.left), int(rect.bottom), int(rect.right), int(rect.top))}

    def copy(b: tuple[int, int, int, int]) -> None:
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, cache.glo.value)
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, 0)
        gl.glBlitFramebuffer(*b, *b, gl.GL_COLOR_BUFFER_BIT, gl.GL_NEAREST)
        ctx.screen.use(force=True)

    for what, b in boxes.items():
        copy(b)
        ctx.finish()
        cost = statistics.median(timed(lambda: copy(b)) for _ in range(rounds))
        print(f"    a cached {what}'s copy back {cost:8.2f} ms (a cache of the still parts would cost this a whole frame)")


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def figures(times: list[float], cpu: list[float]) -> str:
    return (f"p50 {pct(times, 50):6.2f}  p95 {pct(times, 95):6.2f}  p99 {pct(times, 99):6.2f} ms; "
            f"CPU p50 {pct(cpu, 50):6.2f}  p95 {pct(cpu, 95):6.2f} ms")


def run_size(width: int, height: int, args: argparse.Namespace) -> None:
    window = arcade.Window(width, height, "Gridfall render bench", visible=False, antialiasing=args.msaa)
    m9, m16, c9 = match3_level(9), match3_level(16), chain_level(9)
    load = os.getloadavg()[0]
    print(f"{width}x{height}, {'4x ' if args.msaa else 'no '}multisampling (as the game's window), "
          f"load average {load:.1f} on {os.cpu_count()} cores (other work on the machine slows every frame)")
    if args.parts:
        parts(window, m9, 1, args.parts)
        parts(window, blockers_level(9), 1, args.parts)
    stills = [still(window, m9, 1) for _ in range(args.repeat)]
    base_times, base_cpu = min(stills, key=lambda tc: statistics.median(tc[1]))
    base = statistics.median(base_times)
    print(f"  {'still 9x9 board, whole':27s} {figures(base_times, base_cpu)}  (the baseline: a whole still frame)")
    for name, level in (("hover over 9x9 board", m9), ("hover, 9x9 blockers", blockers_level(9))):
        times, cpu = min((still(window, level, 1, hover=True) for _ in range(args.repeat)),
                         key=lambda tc: statistics.median(tc[1]))
        print(f"  {name:27s} {figures(times, cpu)}  (the frames the game draws on a still board)")
    if args.still:
        window.close()
        return
    s9 = specials_level(9)
    m = 9 // 2
    cases: list[tuple[str, Level, int, Command | None]] = [
        ("cascade 9x9", m9, 40, None), ("cascade 16x16", m16, 25, None), ("chain walk 9x9", c9, 12, None),
        # A rainbow with a plain tile (its rays), a rainbow with a bomb (the combo: the whole board).
        ("rainbow 9x9", s9, 0, Swap((m, m), (m - 1, m))), ("combo 9x9", s9, 0, Swap((m, m), (m, m + 1))),
        ("blockers 9x9", blockers_level(9), 40, None)]
    worst9 = 0.0
    for name, level, tries, fixed in cases:
        if fixed is None:
            seed, command, weight = heaviest(level, range(1, args.seeds + 1), tries)
        else:
            seed, command = 1, fixed
            weight = sum(1 for e in Session(level, seed).play(command) if isinstance(e, Cleared))
        # Other processes share the cores: play the batch a few times and keep the quietest run,
        # listing every run's p95 so the noise is on the page too.
        runs = [run_case(window, level, seed, command) for _ in range(args.repeat)]
        times, cpu = min(runs, key=lambda tc: pct(tc[1], 95))
        p95 = pct(times, 95)
        if "9x9" in name:
            worst9 = max(worst9, pct(cpu, 95))
        every = ", ".join(f"{pct(c, 95):.1f}" for _, c in runs)
        label = f"{name} ({weight} steps, {len(times)} fr)"
        print(f"  {label:27s} {figures(times, cpu)}  p95/still {p95 / base:5.2f}x  (CPU p95 of each run: {every})")
    verdict = "meets" if worst9 < BUDGET_MS else "misses"
    print(f"  9x9 CPU p95 {worst9:.2f} ms {verdict} the {BUDGET_MS:.1f} ms goal")
    window.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=6, help="seeds searched for the heaviest batch")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each case (the quietest is kept)")
    parser.add_argument("--size", help="one window size, WIDTHxHEIGHT (default: 1280x800 then 1920x1080, "
                                       "each in a process of its own)")
    parser.add_argument("--still", action="store_true", help="the still board only (quick)")
    parser.add_argument("--parts", type=int, default=0, metavar="ROUNDS",
                        help="also break a whole still frame into its parts (CPU each), over ROUNDS rounds")
    parser.add_argument("--msaa", action="store_true",
                        help="a window with 4x multisampling (the game's window has none: "
                             "on llvmpipe it fills 4x the samples)")
    args = parser.parse_args(argv)
    if args.size:
        width, height = (int(v) for v in args.size.lower().split("x"))
        run_size(width, height, args)
        return 0
    # A window per size, each in a fresh process: GL objects die with their window.
    for size in ("1280x800", "1920x1080"):
        rest = [a for a in (argv if argv is not None else sys.argv[1:])]
        code = subprocess.run([sys.executable, __file__, "--size", size, *rest]).returncode
        if code:
            return code
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
