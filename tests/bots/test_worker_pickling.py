"""What the bot workers are sent pickles on every Python 3.11.x and 3.12+, this machine's
/usr/bin/python3 (Debian 12's 3.11.2, what its pipx installs Gridfall with) included."""

from __future__ import annotations

import dataclasses
import pathlib
import pickle
import re
import subprocess
import sys

import pytest

from game.bots.farm import Job, chunked
from game.bots.playtest import PERSON, cap_for, play_seeds
from game.core import Level, State, legal_commands, decide, fold, new_game

ROOT = pathlib.Path(__file__).resolve().parents[2]
SYSTEM_PYTHON = pathlib.Path("/usr/bin/python3")

# A level whose rules keep derived facts (the match3 bitboard's struct.Structs among them).
LEVEL = {
    "format": 1, "id": "orchard", "name": "Orchard", "mode": "match3", "width": 7, "height": 7,
    "kinds": 5, "seed": 4, "moves": 12,
    "layout": ["4 . . . . . 4", ". . . . . . .", ". . . . . . .", ". . . . . . .",
               ". . . . . . .", ". . . . . . .", "4 . . . . . 4"],
    "goals": {"collect": {4: 10}},
}

# Run by the interpreter under test with only the tree on its path (game.core and game.bots
# are standard library alone): the level is played here first, so it carries its derived facts
# as the editor's level does, then handed to two worker processes, which must agree with here.
WORKERS_PLAY = f"""
from game.bots.farm import Job, play_jobs
from game.bots.playtest import PERSON, cap_for, play_seeds
from game.core import Level
level = Level.from_dict({LEVEL!r})
here = play_seeds(level, range(50), PERSON, cap_for(level))
assert level.derived, "the level kept no derived facts: the test would prove nothing"
[there] = play_jobs([Job(level, tuple(range(50)), PERSON, cap_for(level))], workers=2)  # two chunks
print("same" if there == here else f"differ: {{there}} {{here}}")
"""


def _played_level() -> Level:
    level = Level.from_dict(LEVEL)
    play_seeds(level, range(2), PERSON, cap_for(level))
    assert level.derived
    return level


def _pickles_like_3_11_2(value: object) -> list[object]:
    """Python 3.11.0-3.11.3's own __getstate__ for a frozen slotted dataclass: every field."""
    return [getattr(value, f.name) for f in dataclasses.fields(value)]  # type: ignore[arg-type]


def test_a_job_and_a_state_pickle_even_where_every_field_would_be_pickled(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # What 3.11.2 does to these classes, here: their own __getstate__ is replaced by one that
    # pickles the caches too (which hold struct.Structs).
    monkeypatch.setattr(Level, "__getstate__", _pickles_like_3_11_2)
    monkeypatch.setattr(State, "__getstate__", _pickles_like_3_11_2)
    level = _played_level()
    job = chunked(Job(level, tuple(range(40)), PERSON, cap_for(level)))[0]
    copy = pickle.loads(pickle.dumps(job))
    assert copy == job and copy.level.derived == {}
    assert play_seeds(copy.level, copy.seeds, copy.bot, copy.cap) == play_seeds(level, job.seeds, job.bot, job.cap)
    state = new_game(level, 3)
    state = fold(state, decide(state, legal_commands(state)[0]))
    moves = legal_commands(state)
    assert state.cache is not None
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.cache is None and legal_commands(again) == moves


def _interpreters() -> list[object]:
    found: list[object] = [pytest.param(sys.executable, id="this-python")]
    version = ""
    if SYSTEM_PYTHON.exists():
        version = subprocess.run([str(SYSTEM_PYTHON), "-c", "import platform; print(platform.python_version())"],
                                 capture_output=True, text=True).stdout.strip()
    early = re.fullmatch(r"3\.11\.[0-3]", version) is not None
    found.append(pytest.param(str(SYSTEM_PYTHON), id=f"system-python-{version or 'none'}", marks=pytest.mark.skipif(
        not early, reason=f"/usr/bin/python3 is {version or 'missing'}, not one of 3.11.0-3.11.3")))
    return found


@pytest.mark.parametrize("python", _interpreters())
def test_worker_processes_play_the_same_games_as_here(python: str) -> None:
    done = subprocess.run([python, "-c", WORKERS_PLAY], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "same"
