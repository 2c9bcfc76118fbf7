"""Saved progress: round trip, best scores kept, unlocking, resume, and corrupt files moved aside."""

from __future__ import annotations

import dataclasses
import pathlib
import tempfile

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from game.core import Level, Session, Swap, legal_commands
from game.io.progress import (
    LevelProgress, Progress, load_progress, progress_path, save_progress,
)

LEVEL = Level.from_dict({
    "format": 1, "id": "one", "name": "One", "mode": "match3", "width": 6, "height": 6,
    "kinds": 5, "moves": 10, "goals": {"score": 300},
})


def test_missing_file_is_a_fresh_start(tmp_path: pathlib.Path) -> None:
    loaded = load_progress(tmp_path / "progress.yaml")
    assert loaded.notice is None and loaded.progress.packs == {}


def test_round_trip_and_best_kept(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.yaml"
    p = Progress()
    p.record_win("starter", "l1", score=900, stars=2)
    p.record_win("starter", "l1", score=500, stars=1)  # a worse replay keeps the best
    p.record_win("starter", "l2", score=100, stars=3)
    save_progress(p, path)
    again = load_progress(path)
    assert again.notice is None
    assert again.progress.get("starter", "l1") == LevelProgress(True, 900, 2)
    assert again.progress.get("starter", "l2").stars == 3
    assert again.progress.get("starter", "nope") == LevelProgress()
    # Same progress, same bytes: the file is stable.
    first = path.read_bytes()
    save_progress(again.progress, path)
    assert path.read_bytes() == first
    assert not list(tmp_path.glob(".*.tmp")), "no temporary file left behind"


def test_unlocking_opens_completed_levels_and_the_next_one() -> None:
    ids = ["a", "b", "c", "d"]
    p = Progress()
    assert [p.unlocked("pk", ids, i) for i in ids] == [True, False, False, False]
    p.record_win("pk", "a", 10, 1)
    assert [p.unlocked("pk", ids, i) for i in ids] == [True, True, False, False]
    p.record_win("pk", "c", 10, 1)  # won out of order (e.g. opened from the command line)
    assert [p.unlocked("pk", ids, i) for i in ids] == [True, True, True, False]
    assert p.completed_count("pk", ids) == 2 and p.star_count("pk", ids) == 2


def test_the_next_shipped_pack_opens_at_half_the_stars_and_stays_open_once_played() -> None:
    packs = [("first", ["a", "b", "c", "d"], True), ("second", ["e"], True), ("mine", ["f"], False)]
    p = Progress()
    assert [p.stars_to_open(packs, pid) for pid in ("first", "second", "mine")] == [0, 6, 0]
    p.record_win("first", "a", 10, 3)
    assert p.stars_to_open(packs, "second") == 3
    # First Steps grew by three levels (issue 37): its mark rose from 42 to 47 stars. A player who
    # had opened Sweet Mechanics and played in it keeps it open; one who had not is still short.
    p.record_win("second", "e", 10, 1)
    assert p.stars_to_open(packs, "second") == 0
    grown = [("first", ["a", "b", "c", "d", "x", "y"], True), ("second", ["e"], True)]
    assert p.stars_to_open(grown, "second") == 0 and Progress().stars_to_open(grown, "second") == 9


def _three_moves_saved(path: pathlib.Path) -> tuple[Session, Progress]:
    """A game of LEVEL three moves in, saved to `path` as a player leaving mid-level."""
    session = Session(LEVEL, seed=7)
    for _ in range(3):
        session.play(legal_commands(session.state)[0])
    p = Progress()
    p.save_game("pk", "one", session.seed, session.commands, LEVEL)
    save_progress(p, path)
    return session, p


def test_saved_game_resumes_the_exact_board(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.yaml"
    session, p = _three_moves_saved(path)
    game = load_progress(path).progress.saved_game("pk", "one", LEVEL)
    assert game is not None and game.seed == 7
    resumed = Session.replay(LEVEL, game.seed, game.parsed_commands())
    assert resumed.state == session.state
    # An edited level (other moves) does not resume a game played on the old one.
    edited = Level.from_dict({**LEVEL.to_dict(), "moves": 11})
    assert p.saved_game("pk", "one", edited) is None
    # A win clears the saved game; so does saving an empty command list.
    p.record_win("pk", "one", 400, 1)
    assert p.saved_game("pk", "one") is None
    p.save_game("pk", "one", 1, [Swap((0, 0), (0, 1))])
    p.save_game("pk", "one", 1, [])
    assert p.get("pk", "one") == LevelProgress(True, 400, 1)


def test_a_game_in_progress_outlives_a_re_tune_of_the_levels_stars(tmp_path: pathlib.Path) -> None:
    # A rules change re-tunes every pack's star marks; stars weigh a finished game and change
    # no move, so a player who updates the game mid-level carries on where they were.
    path = tmp_path / "progress.yaml"
    session, p = _three_moves_saved(path)
    re_tuned = Level.from_dict({**LEVEL.to_dict(), "stars": [300, 900, 1800]})
    game = load_progress(path).progress.saved_game("pk", "one", re_tuned)
    assert game is not None
    assert Session.replay(re_tuned, game.seed, game.parsed_commands()).state.grid == session.state.grid
    # A save written before play_hash was kept apart names the level's content hash: still
    # resumed on the same level, not once its stars changed (what they were is not known).
    starred = Level.from_dict({**LEVEL.to_dict(), "stars": [300, 600, 900]})
    old = load_progress(path).progress
    old.packs["pk"]["one"] = dataclasses.replace(old.get("pk", "one"),
                                                 game=dataclasses.replace(game, level_hash=starred.content_hash()))
    assert old.saved_game("pk", "one", starred) is not None
    assert old.saved_game("pk", "one", re_tuned) is None
    # A change to how it plays still drops the game: its board would not be the one left.
    assert load_progress(path).progress.saved_game("pk", "one", Level.from_dict({**LEVEL.to_dict(), "kinds": 4})) is None


@pytest.mark.parametrize("text, why", [
    ("format: 1\npacks: [oops\n", "progress.yaml:3:1: YAML syntax error"),
    ("\xff\xfe garbage".encode("latin-1").decode("latin-1"), "damaged"),
    ("format: 1\npacks:\n  pk:\n    l1: {completed: maybe}\n", "packs.pk.l1.completed"),
    ("format: 1\npacks:\n  pk:\n    l1: {stars: 9}\n", "packs.pk.l1.stars"),
    ("format: 1\npacks:\n  pk:\n    l1: {game: {seed: 1, commands: ['jump 1,1']}}\n", "commands[0]"),
    ("format: 7\n", "format"),
    ("- just\n- a list\n", "not a mapping"),
])
def test_a_corrupt_file_is_moved_aside_and_the_game_starts_fresh(
    tmp_path: pathlib.Path, text: str, why: str
) -> None:
    path = tmp_path / "progress.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_progress(path)
    assert loaded.progress.packs == {}
    assert loaded.notice is not None and why in loaded.notice
    assert loaded.backup == tmp_path / "progress.yaml.corrupt-1"
    assert loaded.backup.read_text(encoding="utf-8") == text, "the old file is kept intact"
    assert not path.exists()
    # Told once: the next start finds no file and says nothing.
    assert load_progress(path).notice is None


def test_undecodable_bytes_and_numbered_backups(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.yaml"
    (tmp_path / "progress.yaml.corrupt-1").write_text("older backup", encoding="utf-8")
    path.write_bytes(b"\xff\xfe\x00\x81 not utf-8")
    loaded = load_progress(path)
    assert loaded.backup == tmp_path / "progress.yaml.corrupt-2"
    assert "could not be read" in (loaded.notice or "")
    assert (tmp_path / "progress.yaml.corrupt-1").read_text(encoding="utf-8") == "older backup"


def test_default_path_is_in_the_data_folder(data_dir: pathlib.Path) -> None:
    assert progress_path().parent == data_dir
    p = Progress()
    p.record_win("pk", "x", 1, 1)
    save_progress(p)
    assert yaml.safe_load(progress_path().read_text(encoding="utf-8"))["packs"]["pk"]["x"]["completed"] is True
    progress_path().unlink()


def test_ids_yaml_would_misread_survive_the_round_trip(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.yaml"
    p = Progress()
    for odd in ("no", "on", "010", "12", "null", "ünïcode"):
        p.record_win(odd, odd, 5, 1)
    save_progress(p, path)
    loaded = load_progress(path)
    assert loaded.notice is None and loaded.progress == p


_ids = st.sampled_from(["a", "b", "no", "7"])
_steps = st.lists(st.tuples(st.sampled_from(["win", "save", "clear"]), _ids, _ids,
                            st.integers(0, 10**6), st.integers(0, 3)), max_size=25)


@settings(max_examples=60, deadline=None)
@given(_steps)
def test_any_history_round_trips_and_keeps_the_best(steps: list[tuple[str, str, str, int, int]]) -> None:
    p = Progress()
    best: dict[tuple[str, str], tuple[int, int]] = {}
    for op, pack, level, score, stars in steps:
        if op == "win":
            p.record_win(pack, level, score, stars)
            old = best.get((pack, level), (0, 0))
            best[(pack, level)] = (max(old[0], score), max(old[1], stars))
        elif op == "save":
            p.save_game(pack, level, score, [Swap((0, 0), (0, 1))] * (stars + 1))
        else:
            p.clear_game(pack, level)
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "progress.yaml"
        save_progress(p, path)
        again = load_progress(path)
    assert again.notice is None and again.progress == p
    for (pack, level), (score, stars) in best.items():
        got = again.progress.get(pack, level)
        assert got.completed and (got.best_score, got.stars) == (score, stars)


def test_a_game_with_undo_is_saved_as_such_and_an_old_file_reads_as_before(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.yaml"
    p = Progress()
    swap = Swap((0, 0), (0, 1))
    p.save_game("pk", "one", 7, [swap], LEVEL, undone=True)
    p.save_game("pk", "two", 7, [swap], LEVEL)
    save_progress(p, path)
    text = path.read_text()
    assert text.count("undone: true") == 1   # written only where undo was used
    again = load_progress(path).progress
    one, two = again.saved_game("pk", "one", LEVEL), again.saved_game("pk", "two", LEVEL)
    assert one is not None and one.undone and two is not None and not two.undone
    # A hand-edited value is refused, naming the field; the game starts fresh, never crashes.
    path.write_text(text.replace("undone: true", "undone: maybe"))
    loaded = load_progress(path)
    assert loaded.notice is not None and "pk.one.game.undone" in loaded.notice


def test_a_level_passed_only_with_keep_going_is_saved_as_helped_until_a_win_without(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.yaml"
    p = Progress()
    p.record_win("pk", "one", 5000, 0, helped=True)          # kept going: passed, no stars, no best
    p.record_win("pk", "two", 900, 2)
    p.record_win("pk", "two", 7000, 0, helped=True)          # a helped win after a real one: still a real pass
    save_progress(p, path)
    text = path.read_text()
    assert text.count("helped: true") == 1
    again = load_progress(path).progress
    one, two = again.get("pk", "one"), again.get("pk", "two")
    assert one.completed and one.helped and one.stars == 0 and one.best_score == 0
    assert two.completed and not two.helped and (two.stars, two.best_score) == (2, 900)
    assert again.unlocked("pk", ["one", "two", "three"], "three")   # a helped pass opens the next level
    again.record_win("pk", "one", 400, 1)
    assert not again.get("pk", "one").helped and again.get("pk", "one").best_score == 400
    path.write_text(text.replace("helped: true", "helped: 1"))
    loaded = load_progress(path)
    assert loaded.notice is not None and "pk.one.helped" in loaded.notice
