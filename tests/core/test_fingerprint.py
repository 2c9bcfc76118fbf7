"""Same rules, same bytes: every shipped level, the bench boards and the golden replays give the
events recorded in fingerprints.txt, byte for byte.

A refactor of the core (one cascade, rules that return their state, faster paths) must not
change one event: each line of fingerprints.txt is a sha256 over the events, the board
questions a bot asks (swap_clears, swap_specials, blocker_progress) and the final state of
games a seeded random bot plays. A rule change that is meant (and bumps RULES_VERSION) writes
them again: `.venv/bin/python tests/core/test_fingerprint.py --write`.

fingerprints-rules-3.txt is never written again: the games of the bench boards and of the
shipped levels (each named with its content hash) played by rules version 3, as they were
before the finale (rules 4). An older replay plays by its own version, so those games must
never change; a level reshaped since simply has no rules-3 print to hold. fingerprints-rules-4.txt
holds the same for rules 4, before a move left in the finale paid its worth (rules 5); it was
written once (`--write-older 4`, which never overwrites) from games checked against the rules-4
fingerprints.txt it replaced.
"""

from __future__ import annotations

import hashlib
import pathlib
import random
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from core import bench_level, blocker_level  # noqa: E402  (bench/core.py's boards)

from game.core import (  # noqa: E402
    RULES_VERSION, IllegalMove, Level, Session, State, Swap, blocker_progress, legal_commands, swap_clears,
    swap_specials,
)
from game.core.units import JELLY as JELLY_UNIT, STONE as STONE_UNIT
from game.io import load_pack  # noqa: E402
from game.io.pack_proofs import shipped_proofs  # noqa: E402
from game.io.packs import pack_paths  # noqa: E402
from game.io.paths import levels_dir  # noqa: E402
from game.io.replay import load_replay  # noqa: E402

GOLDEN = pathlib.Path(__file__).with_name("fingerprints.txt")
OLDER_RULES = (3, 4)   # the versions whose games fingerprints-rules-N.txt holds


def golden_of(rules: int) -> pathlib.Path:
    return pathlib.Path(__file__).with_name(f"fingerprints-rules-{rules}.txt")


REPLAYS = sorted(shipped_proofs().values(), key=lambda p: p.stem)   # beside their levels
SEEDS = 4          # games per level (the level's own seed, then 1, 2, 3)
MOVES = 25         # moves a game at most


SHIPPED = [level for path in pack_paths(levels_dir()) for level in load_pack(path, builtin=True).levels]


def shipped_levels() -> list[Level]:
    return SHIPPED


def bench_levels() -> dict[str, Level]:
    return {"bench plain-9": bench_level(9), "bench plain-20": bench_level(20),
            "bench specials-9": bench_level(9, specials=True),
            "bench specials-blockers-9": bench_level(9, specials=True, blockers=True),
            "bench blockers-9": blocker_level(9)}


def state_text(state: State) -> bytes:
    """Everything a state holds that a player could notice (not how it is stored)."""
    return repr((state.grid, state.player, state.score, state.moves, str(state.status), state.collected,
                 state.rng, state.specials, state.layer_of(STONE_UNIT), state.locks, state.layer_of(JELLY_UNIT), state.brought)).encode()


def level_print(level: Level, rules: int = RULES_VERSION) -> str:
    """Games of `level` by a seeded random bot, with a swap it refuses now and then, played by
    rules version `rules`."""
    h = hashlib.sha256()
    seeds = [level.play_seed, 1, 2, 3][:SEEDS]
    for seed in seeds:
        rnd = random.Random(seed)
        session = Session(level, seed, rules)
        for _ in range(MOVES):
            state = session.state
            if state.status != "playing":
                break
            legal = legal_commands(state)
            if not legal:
                break
            command = rnd.choice(legal)
            if isinstance(command, Swap):
                h.update(repr((swap_clears(state, command), swap_specials(state, command),
                               blocker_progress(state, command))).encode())
                # A neighbour swap that may be refused (or illegal): its events count too.
                r, c = rnd.randrange(level.height), rnd.randrange(level.width - 1)
                try:
                    h.update(repr(session.play(Swap((r, c), (r, c + 1)))).encode())
                except IllegalMove as exc:
                    h.update(str(exc).encode())
                if session.state.status != "playing":
                    break
                if session.state is not state:
                    continue   # the probe was a move: the picked one may no longer be legal
            h.update(repr(session.play(command)).encode())
        h.update(state_text(session.state))
    return h.hexdigest()[:16]


def replay_print(path: pathlib.Path, rules: int | None = None) -> str:
    """The events of a golden replay played by `rules` (default: its own version)."""
    replay = load_replay(path)
    level = next(lv for lv in SHIPPED if lv.id == replay.level)
    session = Session.replay(level, replay.seed, replay.commands, replay.plays_by if rules is None else rules)
    h = hashlib.sha256()
    for turn in session.turns:
        h.update(repr(turn.events).encode())
    h.update(state_text(session.state))
    return h.hexdigest()[:16]


def current(rules: int = RULES_VERSION) -> dict[str, str]:
    found = {f"level {lv.id}": level_print(lv, rules) for lv in shipped_levels()}
    found.update({name: level_print(lv, rules) for name, lv in bench_levels().items()})
    found.update({f"replay {p.stem}": replay_print(p, rules) for p in REPLAYS})
    return found


def golden() -> dict[str, str]:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    return {line.rsplit(" ", 1)[0]: line.rsplit(" ", 1)[1] for line in lines[1:] if line.strip()}


@pytest.mark.parametrize("kind", ["level", "bench", "replay"])
def test_events_are_byte_for_byte_those_recorded(kind: str) -> None:
    header = GOLDEN.read_text(encoding="utf-8").splitlines()[0]
    assert header == f"rules {RULES_VERSION}", "the rules version changed: write the fingerprints again"
    expected = {k: v for k, v in golden().items() if k.startswith(kind + " ")}
    if kind == "level":
        found = {f"level {lv.id}": level_print(lv) for lv in shipped_levels()}
    elif kind == "bench":
        found = {name: level_print(lv) for name, lv in bench_levels().items()}
    else:
        found = {f"replay {p.stem}": replay_print(p) for p in REPLAYS}
    # A level or replay added since has no fingerprint yet: only the recorded ones are held.
    changed = sorted(k for k in expected if k in found and found[k] != expected[k])
    assert not changed, f"events changed for: {', '.join(changed)}"
    assert len(set(expected) & set(found)) >= min(len(expected), 5)


def older_prints(rules: int, only: set[str] | None = None) -> dict[str, str]:
    """The bench boards' and shipped levels' games played by `rules`, each level named with its
    content hash (only those in `only`, when given)."""
    found = {name: level_print(lv, rules) for name, lv in bench_levels().items()}
    found.update({f"level {lv.id} {lv.content_hash()}": level_print(lv, rules) for lv in shipped_levels()
                  if only is None or f"level {lv.id} {lv.content_hash()}" in only})
    return found


@pytest.mark.parametrize("rules", OLDER_RULES)
def test_older_rules_games_are_byte_for_byte_those_played_before_the_next_rule(rules: int) -> None:
    lines = golden_of(rules).read_text(encoding="utf-8").splitlines()
    assert lines[0] == f"rules {rules}" and rules < RULES_VERSION
    expected = dict(line.rsplit(" ", 1) for line in lines[1:] if line.strip())
    found = older_prints(rules, set(expected))
    changed = sorted(k for k in expected if k in found and found[k] != expected[k])
    assert not changed, f"rules {rules} games changed for: {', '.join(changed)}"
    assert sum(1 for k in found if k.startswith("bench ")) == 5


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    prints = current()
    GOLDEN.write_text(f"rules {RULES_VERSION}\n" + "".join(f"{k} {v}\n" for k, v in sorted(prints.items())),
                      encoding="utf-8")
    print(f"wrote {len(prints)} fingerprints to {GOLDEN}")
elif __name__ == "__main__" and sys.argv[1:2] == ["--write-older"]:
    older = int(sys.argv[2])
    path = golden_of(older)
    if path.exists():
        sys.exit(f"{path} is never written again")
    prints = older_prints(older)
    path.write_text(f"rules {older}\n" + "".join(f"{k} {v}\n" for k, v in sorted(prints.items())), encoding="utf-8")
    print(f"wrote {len(prints)} rules-{older} fingerprints to {path}")
