"""The playtest lab as a designer uses it: person-like bots, the figures, workers, Dask, suggest, files."""

from __future__ import annotations

import dataclasses
import json
import pathlib

import pytest

from game.bots import make_bot, play_game
from game.bots.farm import Job, play_jobs
from game.bots.playtest import (GameRecord, LevelReport, cap_for, label, lost_goals, pass_curve, play_seeds,
                                report, wilson)
from game.cli import main
from game.core import Session, legal_commands, new_game
from game.io import Pack, load_level, load_pack, save_pack
from game.io.paths import levels_dir
from game.io.playtest_file import PlaytestFileError, read_results, results_path

PACK_DIR = levels_dir() / "first-steps"


def _level(name: str):  # type: ignore[no-untyped-def]
    return load_level(PACK_DIR / f"{name}.yaml")


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    (5, 10, 0.2366, 0.7634), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (1, 20, 0.0089, 0.2361),
])
def test_wilson_interval_matches_known_values(wins: int, games: int, low: float, high: float) -> None:
    lo, hi = wilson(wins, games)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_labels_follow_the_documented_thresholds() -> None:
    assert [label(r) for r in (1.0, 0.8, 0.79, 0.5, 0.2, 0.19, 0.05, 0.049, 0.0)] == [
        "easy", "easy", "medium", "medium", "hard", "very hard", "very hard", "unfair", "unfair"]


@pytest.mark.parametrize("name", ["garden-beds", "chain-master", "token-walk", "nine-tiles"])
def test_person_bots_never_read_the_rng(name: str) -> None:
    """Two states that differ only in their RNG (the future spawns) get the same choice."""
    level = _level(name)
    session = Session(level, 3)
    driver = make_bot("person", level, seed=99)
    for _ in range(6):
        state = session.state
        if state.status != "playing":
            break
        a, b = make_bot("person", level, seed=5), make_bot("person", level, seed=5)
        other = dataclasses.replace(state, rng=(state.rng * 7919 + 17) % (1 << 64))
        choice = a.choose(state)
        assert choice == b.choose(other)
        assert choice in legal_commands(state)
        session.play(driver.choose(state))


def test_the_strong_bot_does_see_the_rng() -> None:
    """The check above can fail: the greedy bot folds the real spawns, so its choice moves."""
    level = _level("garden-beds")
    differs = 0
    for seed in range(6):
        state = new_game(level, seed)
        other = dataclasses.replace(state, rng=(state.rng * 7919 + 17) % (1 << 64))
        if make_bot("greedy", level, 1).choose(state) != make_bot("greedy", level, 1).choose(other):
            differs += 1
    assert differs > 0


def test_person_slide_bot_solves_the_way_people_do() -> None:
    """Row by row is longer than the strong solver's optimal plan on a 3x3, but always solves."""
    level = _level("nine-tiles")
    person = [play_game(level, s, make_bot("person", level, s)).state for s in range(5)]
    strong = [play_game(level, s, make_bot("slide", level, s)).state for s in range(5)]
    assert all(s.status == "won" for s in person)
    assert sum(s.moves for s in person) > sum(s.moves for s in strong)


def test_same_json_from_one_and_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(PACK_DIR / "chain-master.yaml")
    outs = []
    for workers in ("1", "2"):
        assert main(["playtest", path, "-n", "60", "--json", "--workers", workers]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1]
    data = json.loads(outs[0])["levels"][0]
    assert data["level_id"] == "chain-master" and data["games"] == 60
    assert data["interval"][0] <= data["pass_rate"] <= data["interval"][1]
    assert data["label"] == label(data["pass_rate"])


def test_workers_started_while_another_thread_runs_are_spawned_and_agree() -> None:
    # A caller with a thread (a window, a progress thread) must not be forked; whichever way
    # the workers start, the records are the same.
    import threading

    from game.bots.farm import start_method

    level = _level("first-swap")
    jobs = [Job(level, tuple(range(60)), "person")]
    alone = play_jobs(jobs, workers=2)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert start_method() == "spawn"
        assert play_jobs(jobs, workers=2) == alone == play_jobs(jobs, workers=1)
    finally:
        stop.set()
        other.join()


def test_dask_cluster_gives_the_local_results() -> None:
    distributed = pytest.importorskip("distributed")
    level = _level("first-swap")
    jobs = [Job(level, tuple(range(30)), "person", cap_for(level))]
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        remote = play_jobs(jobs, scheduler=cluster.scheduler_address)
    assert remote == play_jobs(jobs, workers=1)
    assert [r.seed for r in remote[0]] == list(range(30))


def test_suggest_finds_the_limit_that_gives_the_target_pass_rate() -> None:
    """The curve read off one run with a raised limit is what playing at each limit gives."""
    level = _level("tight-budget")
    seeds = range(40)
    longer = play_seeds(level, seeds, "person", cap_for(level))
    low, high = report(level, longer, "person", 0.3), report(level, longer, "person", 0.8)
    assert low.suggested_moves is not None and high.suggested_moves is not None
    assert low.suggested_moves < high.suggested_moves
    for limit in (low.suggested_moves, high.suggested_moves):
        real = report(dataclasses.replace(level, moves=limit), play_seeds(
            dataclasses.replace(level, moves=limit), seeds, "person"), "person")
        assert real.pass_rate == pass_curve(longer, [limit])[0]
    # The report of the level itself is the same with or without the longer games.
    plain = report(level, play_seeds(level, seeds, "person"), "person")
    assert dataclasses.replace(low, suggested_moves=None, suggest_target=None) == plain


def test_write_then_read_results_says_which_levels_changed(tmp_path: pathlib.Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    pack = load_pack(PACK_DIR)
    small = Pack(id="mini", name="Mini", levels=(pack.level("first-swap"), pack.level("token-walk")))
    save_pack(small, tmp_path / "mini")
    png = tmp_path / "curve.png"
    assert main(["playtest", str(tmp_path / "mini"), "-n", "8", "-j", "1", "--write",
                 "--suggest", "0.5", "--plot", str(png)]) == 0
    out = capsys.readouterr().out
    assert "first-swap" in out and "token-walk" in out and "95% interval" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    mini = load_pack(tmp_path / "mini")
    stored = read_results(mini)
    assert stored is not None and stored.bot == "person" and stored.games == 8
    assert set(stored.levels) == {"first-swap", "token-walk"}
    assert all(r.current for r in stored.levels.values())
    first = results_path(tmp_path / "mini").read_bytes()
    # Edit a level: its stored figures are no longer about it.
    changed = dataclasses.replace(small.levels[0], moves=(small.levels[0].moves or 0) + 5)
    again = read_results(dataclasses.replace(mini, levels=(changed, small.levels[1])))
    assert again is not None
    assert not again.levels["first-swap"].current and again.levels["token-walk"].current
    assert results_path(tmp_path / "mini").read_bytes() == first   # reading never writes


def test_a_broken_results_file_names_file_line_and_field(tmp_path: pathlib.Path) -> None:
    pack = Pack(id="p", name="P", levels=(_level("first-swap"),), source=tmp_path)
    path = results_path(tmp_path)
    path.write_text("format: 1\nbot: person\ngames: 10\ndate: '2026-01-01'\nlevels:\n"
                    "  first-swap:\n    pass_rate: 1.5\n    label: easy\n    level_hash: x\n",
                    encoding="utf-8")
    with pytest.raises(PlaytestFileError) as caught:
        read_results(pack)
    assert f"{path}:7:" in str(caught.value) and "levels.first-swap.pass_rate" in str(caught.value)
    assert read_results(dataclasses.replace(pack, source=tmp_path / "nowhere")) is None


def test_playtest_errors_are_clear(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["playtest", str(PACK_DIR / "fifteen.yaml"), "--bot", "greedy", "-n", "2"]) == 2
    assert "plays match3 levels" in capsys.readouterr().err
    assert main(["playtest", str(PACK_DIR / "fifteen.yaml"), "--write", "-n", "2"]) == 2
    assert "beside a pack" in capsys.readouterr().err


def test_json_says_which_goal_the_lost_games_lacked_and_the_file_keeps_it(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23 item 4: a lost game's shortfall per goal, in --json and in playtest.yaml, read back whole."""
    sweet = levels_dir() / "sweet-mechanics"
    level = load_level(sweet / "thick-jelly.yaml")
    tight = dataclasses.replace(level, moves=3)     # too few moves: most games end with jelly left
    save_pack(Pack(id="tight", name="Tight", levels=(tight,)), tmp_path / "tight")
    assert main(["playtest", str(tmp_path / "tight"), "-n", "6", "-j", "1", "--json", "--write",
                 "--suggest", "0.5"]) == 0
    out = json.loads(capsys.readouterr().out)["levels"][0]
    lost = out["games"] - out["wins"]
    assert lost > 0 and out["lost_goals"][0]["goal"] == "jelly" and out["lost_goals"][0]["share"] == 1.0
    assert out["lost_goals"][0]["missing"] >= 1
    # The curve reaches past the limit (the games were played on), and never falls.
    limits = [lim for lim, _ in out["limit_curve"]]
    rates = [rate for _, rate in out["limit_curve"]]
    assert limits[0] == 1 and limits[-1] == cap_for(tight) and rates == sorted(rates)
    assert dict(out["limit_curve"])[3] == out["pass_rate"]
    stored = read_results(load_pack(tmp_path / "tight"))
    assert stored is not None
    figures = dict(stored.levels["thick-jelly"].figures)
    assert LevelReport.from_dict({**figures, "level_id": "thick-jelly"}).to_dict() == out
    # A hand-edited shortfall no game could give is a located problem, not a figure shown.
    path = results_path(tmp_path / "tight")
    path.write_text(path.read_text(encoding="utf-8").replace("share: 1.0", "share: 7"), encoding="utf-8")
    with pytest.raises(PlaytestFileError) as caught:
        read_results(load_pack(tmp_path / "tight"))
    assert "levels.thick-jelly.lost_goals" in str(caught.value) and f"{path}:" in str(caught.value)


def test_lost_goals_count_each_goal_a_game_ended_without() -> None:
    from game.core import GoalName, Shortfall
    records = [GameRecord(1, True, False, 10, 0, 0, 0, False, None,
                          (Shortfall(GoalName.JELLY, 4), Shortfall(GoalName.DROPS, 1, rows=5))),
               GameRecord(2, True, False, 10, 0, 0, 0, False, None, (Shortfall(GoalName.JELLY, 2),)),
               GameRecord(3, True, True, 7, 0, 1, 0, False, 7)]
    jelly, drops = lost_goals(records)
    assert (jelly.goal, jelly.share, jelly.missing) == (GoalName.JELLY, 1.0, 2)
    assert (drops.goal, drops.share, drops.rows) == (GoalName.DROPS, 0.5, 5)
    assert drops.phrase == "1 drop not down, the lowest 5 rows from the bottom"
    assert GameRecord.from_row(records[0].to_row()) == records[0]
    assert GameRecord.from_row([4, True, True, 3, 10, 3, 0, False, 3]).short == ()   # an older row
    with pytest.raises(ValueError):
        GameRecord.from_row(["x", True])


def test_plot_of_a_pack_draws_its_difficulty_curve_over_the_label_bands() -> None:
    """`gridfall playtest PACK --plot`: the pass rate level by level, the bands behind (issue 23 item 1)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from game.cli.playtest import pack_curve
    levels = [_level("first-swap"), _level("tight-budget")]
    records = [play_seeds(level, range(6), "person") for level in levels]
    fig, ax = plt.subplots()
    try:
        pack_curve(ax, levels, records, "person")
        [line] = ax.get_lines()
        rates = [100 * report(level, games, "person").pass_rate for level, games in zip(levels, records)]
        assert list(line.get_xdata()) == [1, 2] and list(line.get_ydata()) == pytest.approx(rates)
        assert {t.get_text() for t in ax.texts} == {"easy", "medium", "hard", "very hard", "unfair"}
        assert len(ax.patches) == 5
    finally:
        plt.close(fig)
