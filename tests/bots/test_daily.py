"""Daily puzzles: the same level for everyone from a date, always valid and winnable; `gridfall daily`."""

from __future__ import annotations

import datetime
import os
import pathlib
import subprocess
import sys

import pytest

from game.bots.daily import (
    DAILY_MODES, DailyError, daily_id, daily_name, daily_puzzle, parse_date, parse_mode,
)
from game.bots.base import BotRandom
from game.cli import main
from game.core import Level, Mode, Session, Status
from game.io import load_level
from game.io.levels import level_to_yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
DAY = datetime.date(2026, 11, 23)


def _gridfall(*args: str, hash_seed: str = "0") -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    # cwd first on sys.path: the game of this checkout runs.
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, timeout=120, check=False)


def test_the_same_day_gives_the_same_bytes_in_processes_with_different_hash_seeds() -> None:
    args = ("daily", "--date", "2026-11-23")
    for mode in ("match3", "chain", "slide"):
        first = _gridfall(*args, "--mode", mode, hash_seed="1")
        second = _gridfall(*args, "--mode", mode, hash_seed="4242")
        assert first.returncode == second.returncode == 0, first.stderr
        assert first.stdout == second.stdout
        # ... and the same as this process makes.
        assert first.stdout.decode("utf-8") == level_to_yaml(daily_puzzle(DAY, Mode(mode)).level, schema=None)


def test_the_level_names_the_day_and_the_mode() -> None:
    puzzle = daily_puzzle(DAY, "chain")
    assert puzzle.level.id == "daily-2026-11-23-chain" == daily_id(DAY, Mode.CHAIN)
    assert puzzle.level.name == "Daily · 23 Nov 2026" == daily_name(DAY)
    assert puzzle.level.seed == puzzle.seed
    assert daily_name(datetime.date(2027, 1, 5)) == "Daily · 5 Jan 2027"


def test_a_collect_daily_names_its_tile_as_a_player_does() -> None:
    # The goal card reads the level's description first: "tiles of kind 4" was the core's
    # number for what the icon beside it shows as a diamond.
    from game.core import kind_name

    seen = 0
    for day in (datetime.date(2026, 11, 27), *(DAY + datetime.timedelta(days=d) for d in range(8))):
        level = daily_puzzle(day, "chain").level
        assert "kind" not in level.description
        for kind, count in level.goals.collect:
            assert f"collect {count} {kind_name(kind)}s in" in level.description
            seen += 1
    assert seen >= 1


def test_days_and_modes_differ() -> None:
    levels = [daily_puzzle(DAY + datetime.timedelta(days=d), mode).level
              for d in range(3) for mode in DAILY_MODES]
    assert len({lv.content_hash() for lv in levels}) == len(levels)
    assert len({lv.seed for lv in levels}) == len(levels)


def test_six_weeks_of_days_each_give_a_valid_level_a_bot_wins_within_its_limit() -> None:
    sizes: set[tuple[Mode, int, int]] = set()
    goals: set[str] = set()
    # Six weeks keep the suite quick (about 10 s); a run of 365 days was checked once by hand.
    for d in range(42):
        day = DAY + datetime.timedelta(days=d)
        for mode in DAILY_MODES:
            puzzle = daily_puzzle(day, mode)
            level = puzzle.level
            assert level.mode == mode
            # What the loader reads back from the file is this very level.
            assert Level.from_dict(level.to_dict()) == level
            assert level.moves is not None
            # A bot's game (a calibration game, cut where it wins): won, within the limit.
            state = Session.replay(level, puzzle.seed, puzzle.proof).state
            assert state.status == Status.WON, (day, mode)
            assert state.moves <= level.moves
            sizes.add((mode, level.width, level.height))
            goals.update(name for name in ("score", "collect", "reach")
                         if getattr(level.goals, name) not in (None, ()))
            if mode == Mode.SLIDE:
                assert 3 <= level.width <= 4 and 3 <= level.height <= 4
                assert level.moves >= 2 * len(puzzle.proof)   # twice the fewest slides, and more
            else:
                assert 6 <= level.width <= 8 and 6 <= level.height <= 8
                assert not level.goals.is_empty()
    # Not the same puzzle every day: sizes and goals vary.
    assert len(sizes) >= 8
    assert goals == {"score", "collect", "reach"}


def test_fresh_bots_win_a_week_of_boards_too() -> None:
    """Not only the calibration game: bots that see the real goal from the first move win too."""
    from game.bots import make_bot, play_game

    for d in range(7):
        for mode in (Mode.MATCH3, Mode.CHAIN):
            level = daily_puzzle(DAY + datetime.timedelta(days=d), mode).level
            players = [("auto", 0)] + [("person", seed) for seed in range(6)]
            wins = sum(play_game(level, level.play_seed, make_bot(name, level, seed=seed)).state.status
                       == Status.WON for name, seed in players)
            assert wins >= 1, (d, mode)


def test_the_generator_never_reads_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoClock(datetime.date):
        @classmethod
        def today(cls) -> "NoClock":
            raise AssertionError("the generator read the clock")

    monkeypatch.setattr(datetime, "date", NoClock)
    assert daily_puzzle(DAY, "slide").level.id == "daily-2026-11-23-slide"


def test_nothing_the_daily_depends_on_asks_pythons_random_or_hash() -> None:
    """The generator and the person bots it plays draw only through BotRandom (the core's Draws)."""
    import ast

    bots = ROOT / "game" / "bots"
    daily = ast.parse((bots / "daily.py").read_text(encoding="utf-8"))
    calls = [node.func for node in ast.walk(daily) if isinstance(node, ast.Call)]
    assert not [f for f in calls if isinstance(f, ast.Name) and f.id == "hash"]
    assert not [f for f in calls if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                and f.value.id == "random"]
    # The person bots' noise: only random(), randoms(), randrange() and sample() (a looking
    # persona's pick among equals), which BotRandom draws from Draws.
    person = ast.parse((bots / "person.py").read_text(encoding="utf-8"))
    used = {node.attr for node in ast.walk(person) if isinstance(node, ast.Attribute)
            and isinstance(node.value, (ast.Name, ast.Attribute))
            and (getattr(node.value, "id", None) == "rng" or getattr(node.value, "attr", None) == "rng")}
    assert used and used <= {"random", "randoms", "randrange", "sample"}, used
    assert {"random", "randoms", "randrange", "sample"} <= set(vars(BotRandom))
    bots_source = "\n".join(p.read_text(encoding="utf-8") for p in bots.glob("*.py"))
    assert "import random" not in bots_source and "random.Random(" not in bots_source


def test_bot_random_draws_from_the_core_rng() -> None:
    from game.core import Draws

    a, b = BotRandom(7), BotRandom(7)
    draws = [a.random() for _ in range(50)]
    assert draws == [b.random() for _ in range(50)]
    assert all(0.0 <= x < 1.0 for x in draws)
    assert {a.randrange(3) for _ in range(200)} == {0, 1, 2}
    core = Draws(7)
    assert [BotRandom(7).randrange(9) for _ in range(1)] == [core.below(9)]
    assert sorted(a.sample(range(10), 10)) == list(range(10)) and len(set(a.sample("abcdef", 4))) == 4
    assert a.choice("xyz") in "xyz"
    # Drawn at once, n floats are the next n random() calls, and the draws after them follow on.
    c, d = BotRandom(11), BotRandom(11)
    assert c.randoms(40) == [d.random() for _ in range(40)] and c.randrange(7) == d.randrange(7)


def test_bad_dates_and_modes_are_named() -> None:
    for text in ("2026-13-01", "23/11/2026", "2026-1-5", "", "yesterday"):
        with pytest.raises(DailyError, match="YYYY-MM-DD"):
            parse_date(text)
    with pytest.raises(DailyError, match="match3, chain, slide"):
        parse_mode("tetris")
    assert parse_date("2026-02-28") == datetime.date(2026, 2, 28)


# -- the command line -------------------------------------------------------------------------

def test_cli_prints_the_level_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--date", "2026-11-23", "--mode", "slide"]) == 0
    out = capsys.readouterr().out
    assert "id: daily-2026-11-23-slide" in out
    assert out == level_to_yaml(daily_puzzle(DAY, Mode.SLIDE).level, schema=None)


def test_cli_defaults_to_today_and_match3(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily"]) == 0
    out = capsys.readouterr().out
    assert f"id: daily-{datetime.date.today().isoformat()}-match3" in out


def test_cli_writes_a_file_the_loader_reads(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "daily-2026-11-23-chain.yaml"
    assert main(["daily", "--date", "2026-11-23", "--mode", "chain", "-o", str(target)]) == 0
    assert load_level(target) == daily_puzzle(DAY, Mode.CHAIN).level
    assert capsys.readouterr().out == ""
    # A folder: the file is named after the level's id, as the loader wants.
    assert main(["daily", "--date", "2026-11-24", "-o", str(tmp_path)]) == 0
    written = tmp_path / "daily-2026-11-24-match3.yaml"
    assert load_level(written).id == "daily-2026-11-24-match3"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []   # no temporaries left
    # A folder named with a trailing slash is made.
    assert main(["daily", "--date", "2026-11-24", "--mode", "slide", "-o", str(tmp_path / "new") + "/"]) == 0
    assert load_level(tmp_path / "new" / "daily-2026-11-24-slide.yaml").mode == Mode.SLIDE
    # The same bytes as printed.
    main(["daily", "--date", "2026-11-24"])
    assert written.read_text(encoding="utf-8") == capsys.readouterr().out


def test_cli_bad_input_says_why_and_exits_2(tmp_path: pathlib.Path) -> None:
    bad_date = _gridfall("daily", "--date", "2026-02-30")
    assert bad_date.returncode == 2
    assert b"gridfall daily: not a date: '2026-02-30' (write YYYY-MM-DD" in bad_date.stderr
    assert bad_date.stdout == b""
    bad_mode = _gridfall("daily", "--mode", "tetris")
    assert bad_mode.returncode == 2
    assert b"unknown mode 'tetris' (one of match3, chain, slide)" in bad_mode.stderr
    for out in (bad_date, bad_mode):
        assert b"Traceback" not in out.stderr


def test_cli_cannot_write_says_so(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["daily", "--date", "2026-11-23", "-o", str(blocker / "inside.yaml")]) == 1
    assert "gridfall daily: cannot write" in capsys.readouterr().err
