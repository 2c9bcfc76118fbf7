"""An editor process killed (SIGKILL) while saving or autosaving leaves whole files behind."""

from __future__ import annotations

import os
import pathlib
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from editor import files, recovery
from editor.model import EditModel, blank, kind_tool
from game.io import load_level

ROOT = pathlib.Path(__file__).resolve().parents[2]
ROUNDS = 150

# The child paints a big board two ways and saves the level and the recovery file in turn,
# as fast as it can, through the editor's own save path, until it is killed.
CHILD = textwrap.dedent("""
    import sys
    from editor import files, recovery
    from editor.model import EditModel, blank, kind_tool
    import pathlib

    def version(k):
        m = EditModel(blank("match3", 32, 32))
        m.set(id="big", name="Big " + str(k), description="x" * 5000)
        for r in range(32):
            m.select(kind_tool(1 + (r + k) % 2 * 2))
            for c in range(0, 32, 3):
                m.paint_at((r, c))
        return m.draft

    target = pathlib.Path(sys.argv[1])
    drafts = [version(0), version(1)]
    slot = recovery.Slot()
    files.save_draft(drafts[0], target)
    slot.write(drafts[0], target)
    print("ready", flush=True)
    i = 1
    while True:
        files.save_draft(drafts[i % 2], target)
        slot.write(drafts[i % 2], target)
        i += 1
""")


def _version_names() -> set[str]:
    return {"Big 0", "Big 1"}


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_sigkill_during_save_and_autosave_leaves_whole_files(tmp_path: pathlib.Path) -> None:
    data = tmp_path / "data"
    target = data / "levels" / "big.yaml"
    env = {**os.environ, "GRIDFALL_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    rng = random.Random(5)
    torn = {"save": False, "autosave": False}
    round_ = 0
    # Kill again and again until both a save and an autosave were caught mid-write (their
    # temporary files are left behind), checking after every kill that the files are whole.
    while not all(torn.values()):
        round_ += 1
        # Usually a few rounds; a loaded machine (CI) can take many more to land in the short write.
        assert round_ <= ROUNDS, f"no kill landed mid-write in {ROUNDS} rounds: {torn}"
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(target)], cwd=ROOT, env=env,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.02, 0.4))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        assert child.returncode == -signal.SIGKILL
        # The level file is one whole version: the loader accepts it.
        level = load_level(target)
        assert level.name in _version_names() and level.width == 32
        # The recovery file too.
        os.environ["GRIDFALL_DATA_DIR"], saved = str(data), os.environ["GRIDFALL_DATA_DIR"]
        try:
            found = recovery.pending()   # the killed editor's work is offered, whole
        finally:
            os.environ["GRIDFALL_DATA_DIR"] = saved
        assert len(found) == round_, round_
        rec = found[0]
        assert rec.draft.name in _version_names() and rec.draft.width == 32 and rec.source == target
        torn["save"] |= any(p.name.endswith(".tmp") for p in target.parent.iterdir())
        torn["autosave"] |= any(p.name.startswith(".editor-") for p in (data / "recovery").iterdir())
    # The next editor start sweeps the recovery file's torn temporaries away.
    os.environ["GRIDFALL_DATA_DIR"], saved = str(data), os.environ["GRIDFALL_DATA_DIR"]
    try:
        recovery.sweep_temporaries()
    finally:
        os.environ["GRIDFALL_DATA_DIR"] = saved
    assert [p.name for p in data.iterdir() if p.name.startswith(".")] == []
    assert [p.name for p in (data / "recovery").iterdir() if p.name.startswith(".")] == []


def test_a_failed_save_keeps_the_previous_file(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "lvl.yaml"
    m = EditModel(blank("match3", 5, 5))
    m.set(id="lvl")
    files.save_draft(m.draft, target)
    before = target.read_bytes()
    m.select(kind_tool(2))
    m.paint_at((0, 0))

    def boom(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        files.save_draft(m.draft, target)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["lvl.yaml"]   # no temporary file left
