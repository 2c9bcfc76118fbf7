"""The daily records: best per day, the streak of days won (dates passed in), a damaged file set aside."""

from __future__ import annotations

import datetime
import pathlib

import pytest

from game.core import Session, Status
from game.io import load_level
from game.io.daily_records import (
    DailyRecords, daily_path, load_daily_records, save_daily_records, save_daily_replay,
)
from game.io.replay import load_replay

MON = datetime.date(2026, 11, 23)
DAY = datetime.timedelta(days=1)


def test_a_win_today_after_yesterday_makes_a_streak_of_two() -> None:
    records = DailyRecords()
    records.record_win("match3", MON - DAY, 900, 1, 14)
    assert records.streak("match3", MON - DAY) == 1
    # Not yet won today: yesterday's streak is still alive.
    assert records.streak("match3", MON) == 1
    records.record_win("match3", MON, 1200, 2, 12)
    assert records.streak("match3", MON) == 2
    assert records.longest("match3") == 2


def test_a_missed_day_resets_the_streak() -> None:
    records = DailyRecords()
    for back in (3, 2):
        records.record_win("chain", MON - back * DAY, 500, 1, 10)
    assert records.streak("chain", MON - 2 * DAY) == 2
    assert records.streak("chain", MON) == 0           # yesterday was missed: no streak shown
    records.record_win("chain", MON, 500, 1, 10)
    assert records.streak("chain", MON) == 1
    assert records.longest("chain") == 2                # the longest is remembered


def test_two_wins_the_same_day_count_once_and_keep_the_best() -> None:
    records = DailyRecords()
    assert records.record_win("slide", MON, 400, 1, 40)
    assert records.record_win("slide", MON, 600, 2, 30)       # better: the day's new best
    assert not records.record_win("slide", MON, 500, 2, 35)   # worse: kept as it was
    assert records.streak("slide", MON) == 1
    best = records.best("slide", MON)
    assert best is not None and (best.score, best.stars, best.moves) == (600, 2, 30)


def test_modes_keep_their_own_streaks() -> None:
    records = DailyRecords()
    records.record_win("match3", MON - DAY, 1, 1, 1)
    records.record_win("match3", MON, 1, 1, 1)
    records.record_win("slide", MON, 1, 1, 1)
    assert (records.streak("match3", MON), records.streak("slide", MON), records.streak("chain", MON)) == (2, 1, 0)


@pytest.mark.parametrize("ahead", [1, 5, 400, 3000])
def test_a_win_dated_in_the_future_never_freezes_the_streak(ahead: int) -> None:
    # Issue 22: one win while the clock was set ahead froze the streak until that date came.
    records = DailyRecords()
    records.record_win("match3", MON - DAY, 100, 1, 5)
    records.record_win("match3", MON + ahead * DAY, 100, 1, 5)   # the clock was set ahead
    assert records.streak("match3", MON) == 0                    # nothing shown from the future
    records.record_win("match3", MON, 300, 3, 5)                 # the clock is right again
    assert records.streak("match3", MON) == 1
    records.record_win("match3", MON + DAY, 300, 3, 5)
    assert records.streak("match3", MON + DAY) == 2
    assert records.best("match3", MON + ahead * DAY) is not None   # bests kept
    assert records.longest("match3") >= 2


def test_records_round_trip_through_the_file(tmp_path: pathlib.Path) -> None:
    records = DailyRecords()
    for back in range(70):   # more days than are kept: the oldest go
        records.record_win("match3", MON - back * DAY, 100 + back, 1, 9)
    path = tmp_path / "daily.yaml"
    save_daily_records(records, path)
    loaded = load_daily_records(path)
    assert loaded.notice is None
    again = loaded.records
    assert again.streak("match3", MON) == records.streak("match3", MON)
    assert again.best("match3", MON) == records.best("match3", MON)
    assert len(again.modes["match3"].days) == 62
    assert "'2026-11-23'" in path.read_text(encoding="utf-8")   # dates quoted: they read back as text


def test_a_damaged_file_is_kept_aside_and_never_crashes(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "daily.yaml"
    damaged = [
        "format: 1\nmodes: {match3: {streak: -3}}\n",
        "format: 1\nmodes: {tetris: {}}\n",
        "format: 1\nmodes: {chain: {last_win: yesterday}}\n",
        "format: 1\nmodes: {slide: {days: {2026-11-23: {score: lots}}}}\n",
        "format: 1\nmodes: {slide: {game: {date: '2026-11-23', seed: 3, commands: [teleport 9]}}}\n",
        "format: 1\nmodes: {slide: {game: {date: '2026-11-23', seed: -3, commands: []}}}\n",
        "format: 7\n",
        "modes: [1, 2\n",
        "\x00\x01binary",
        "",
        "- just\n- a list\n",
    ]
    for n, text in enumerate(damaged, start=1):
        path.write_text(text, encoding="utf-8")
        loaded = load_daily_records(path)
        assert loaded.records.modes == {}, text
        assert loaded.notice is not None and "daily records" in loaded.notice
        assert loaded.backup == tmp_path / f"daily.yaml.corrupt-{n}"
        assert loaded.backup.read_text(encoding="utf-8") == text   # kept as it was
        assert not path.exists()
    # A bare YAML date, as a hand edit might leave it, still reads.
    path.write_text("format: 1\nmodes:\n  match3:\n    last_win: 2026-11-23\n    streak: 4\n"
                    "    days: {2026-11-23: {score: 10, stars: 1, moves: 3}}\n", encoding="utf-8")
    loaded = load_daily_records(path)
    assert loaded.notice is None and loaded.records.streak("match3", MON + DAY) == 4


def test_a_game_left_halfway_is_kept_for_its_day_only(tmp_path: pathlib.Path) -> None:
    from game.bots.daily import daily_puzzle
    from game.core import legal_commands

    puzzle = daily_puzzle(MON, "slide")
    session = Session(puzzle.level, puzzle.seed)
    for _ in range(3):
        session.play(legal_commands(session.state)[0])
    records = DailyRecords()
    records.save_game("slide", MON, puzzle.seed, session.commands)
    path = tmp_path / "daily.yaml"
    save_daily_records(records, path)
    again = load_daily_records(path).records
    game = again.saved_game("slide", MON)
    assert game is not None and game.seed == puzzle.seed
    assert Session.replay(puzzle.level, game.seed, game.parsed_commands()).state == session.state
    assert again.saved_game("slide", MON + DAY) is None          # tomorrow it is not the day's puzzle
    assert again.saved_game("chain", MON) is None
    again.save_game("slide", MON, puzzle.seed, ())               # no move made: nothing to resume
    assert again.saved_game("slide", MON) is None


def test_missing_file_is_a_fresh_start(data_dir: pathlib.Path) -> None:
    daily_path().unlink(missing_ok=True)
    loaded = load_daily_records()
    assert loaded.records.modes == {} and loaded.notice is None


def test_a_winning_daily_is_kept_as_a_replay_that_plays_again(data_dir: pathlib.Path) -> None:
    from game.bots.daily import daily_puzzle

    puzzle = daily_puzzle(MON, "match3")
    path = save_daily_replay(puzzle.level, puzzle.seed, puzzle.proof)
    assert path.parent == data_dir / "daily"
    level = load_level(path.with_name(f"{puzzle.level.id}.yaml"))
    replay = load_replay(path)
    assert replay.level == level.id and replay.seed == puzzle.seed
    assert replay.level_hash == level.content_hash()
    assert Session.replay(level, replay.seed, replay.commands).state.status == Status.WON


@pytest.mark.parametrize("text, place", [
    ("format: 1\nmodes:\n  match3:\n    streak: -4\n", ":4:5: modes.match3.streak: "),
    ("format: 1\nmodes:\n  match3:\n    days:\n      '2026-01-01': {score: x, stars: 1, moves: 1}\n",
     ":5:22: modes.match3.days.2026-01-01.score: "),
    ("format: 1\nmodes:\n  golf: {}\n", ":2:1: modes: "),
    ("format: 1\nmodes: [1\n", ":3:1: YAML syntax error"),
])
def test_a_damaged_records_file_is_named_at_its_line_and_field(tmp_path: pathlib.Path, text: str,
                                                               place: str) -> None:
    path = tmp_path / "daily.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_daily_records(path)
    assert loaded.notice is not None and f"{path}{place}" in loaded.notice
    assert loaded.backup is not None and loaded.backup.read_text(encoding="utf-8") == text


def test_a_daily_game_with_undo_is_kept_as_such() -> None:
    from game.core import Swap

    day = datetime.date(2026, 3, 1)
    records = DailyRecords()
    records.save_game("match3", day, 5, [Swap((0, 0), (0, 1))], undone=True)
    records.save_game("chain", day, 5, [Swap((0, 0), (0, 1))])
    again = DailyRecords.from_dict(records.to_dict())
    match3, chain = again.saved_game("match3", day), again.saved_game("chain", day)
    assert match3 is not None and match3.undone and chain is not None and not chain.undone
    assert "undone" not in records.to_dict()["modes"]["chain"]["game"]
