"""An editor process killed (SIGKILL) while saving or autosaving leaves whole files behind."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import textwrap

import pytest

from editor import files, recovery
from editor.model import EditModel, blank, kind_tool
from game.io import load_level

ROOT = pathlib.Path(__file__).resolve().parents[2]

# The child saves a big level and its recovery file once (version 0), then saves both again
# (version 1) through the editor's own save path, with the file calls wrapped so that it stops
# at the asked point of the asked write and says "caught": there the test kills it. No timing
# and no luck: every kill lands where it is meant to, on any machine.
CHILD = textwrap.dedent("""
    import os, pathlib, sys, tempfile
    from editor import files, recovery
    from editor.model import EditModel, blank, kind_tool

    def version(k):
        m = EditModel(blank("match3", 32, 32))
        m.set(id="big", name="Big " + str(k), description="x" * 5000)
        for r in range(32):
            m.select(kind_tool(1 + (r + k) % 2 * 2))
            for c in range(0, 32, 3):
                m.paint_at((r, c))
        return m.draft

    target = pathlib.Path(sys.argv[1])
    which, phase = sys.argv[2].split(":")
    drafts = [version(0), version(1)]
    slot = recovery.Slot()
    files.save_draft(drafts[0], target)
    slot.write(drafts[0], target)

    temporaries = []
    real_open, real_fdopen, real_fsync = os.open, os.fdopen, os.fsync

    def caught():
        print("caught", flush=True)
        sys.stdin.read()          # held here until the test kills the process

    def ours():
        # The level's own temporary (beside it: its backup copy has the same name elsewhere),
        # or the recovery file's.
        tmp = pathlib.Path(temporaries[-1]) if temporaries else pathlib.Path()
        if which == "save":
            return tmp.parent == target.parent and tmp.name.startswith("." + target.name + ".")
        return tmp.parent == slot.path.parent and tmp.name.startswith(".editor-")

    def open_(path, flags, *args, dir_fd=None, **kwargs):
        # The gate makes its temporary with O_EXCL, relative to the folder's descriptor.
        fd = real_open(path, flags, *args, dir_fd=dir_fd, **kwargs)
        if flags & os.O_EXCL:
            folder = os.readlink(f"/proc/self/fd/{dir_fd}") if dir_fd is not None else ""
            temporaries.append(os.path.join(folder, path))
        return fd

    class Half:
        # Writes half of what it is given, then stops: a kill in the middle of the write.
        def __init__(self, handle):
            self.handle = handle
        def __enter__(self):
            return self
        def __exit__(self, *exc):
            return self.handle.__exit__(*exc)
        def write(self, data):
            self.handle.write(data[:len(data) // 2])
            self.handle.flush()
            caught()
        def __getattr__(self, name):
            return getattr(self.handle, name)

    def fdopen(fd, *args, **kwargs):
        handle = real_fdopen(fd, *args, **kwargs)
        return Half(handle) if phase == "half" and ours() else handle

    def fsync(fd):
        # Written and flushed, not yet moved into place: a kill just before os.replace.
        real_fsync(fd)
        if phase == "written" and ours():
            caught()

    os.open, os.fdopen, os.fsync = open_, fdopen, fsync
    print("ready", flush=True)
    files.save_draft(drafts[1], target)
    slot.write(drafts[1], target)
    print("missed", flush=True)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
@pytest.mark.parametrize("point", ["save:half", "save:written", "autosave:half", "autosave:written"])
def test_sigkill_during_save_or_autosave_leaves_whole_files(tmp_path: pathlib.Path, point: str) -> None:
    data = tmp_path / "data"
    target = data / "levels" / "big.yaml"
    env = {**os.environ, "GRIDFALL_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(target), point], cwd=ROOT, env=env,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        assert child.stdout.readline().strip() == "caught", f"the child never reached {point}"
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    killed_in_save = point.startswith("save:")
    # The level file is one whole version: the old one when the kill was in its save.
    level = load_level(target)
    assert level.name == ("Big 0" if killed_in_save else "Big 1") and level.width == 32
    # The recovery file too: the killed editor's work is offered, whole.
    os.environ["GRIDFALL_DATA_DIR"], saved = str(data), os.environ["GRIDFALL_DATA_DIR"]
    try:
        found = recovery.pending()
    finally:
        os.environ["GRIDFALL_DATA_DIR"] = saved
    assert len(found) == 1
    rec = found[0]
    assert rec.draft.name == "Big 0" and rec.draft.width == 32 and rec.source == target
    # The kill left the write's temporary behind, beside the file it was for.
    level_temps = [p.name for p in target.parent.iterdir() if p.name.endswith(".tmp")]
    recovery_temps = [p.name for p in (data / "recovery").iterdir() if p.name.startswith(".editor-")]
    assert (bool(level_temps), bool(recovery_temps)) == (killed_in_save, not killed_in_save)
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

    def boom(*_args: object, **_at: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        files.save_draft(m.draft, target)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["lvl.yaml"]   # no temporary file left
