"""`gridfall simulate`, `gridfall replay` and the prover script, run as a designer runs them."""

from __future__ import annotations

import pathlib

import pytest

from game.bots import prove
from game.cli import main
from game.core import Level, parse_command
from game.io import Pack, load_pack, save_level, save_pack
from game.io.pack_proofs import shipped_proof
from game.io.paths import levels_dir
from game.io.replay import Replay, load_replay, save_replay

PACK_DIR = levels_dir() / "first-steps"


def test_simulate_prints_win_rate_score_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(PACK_DIR / "first-swap.yaml"), "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "first-swap (match3 6x6): greedy bot, 3 games (seeds 0..2)" in out
    assert "won 3/3 (100%)" in out and "average score" in out and "average moves" in out


def test_simulate_a_whole_pack_with_the_random_bot(tmp_path: pathlib.Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    pack = load_pack(PACK_DIR)
    small = Pack(id="mini", name="Mini", levels=(pack.level("token-walk"), pack.level("first-swap")))
    save_pack(small, tmp_path / "mini")
    assert main(["simulate", str(tmp_path / "mini"), "-n", "2", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "token-walk (chain 6x6): random bot" in out and "first-swap (match3 6x6): random bot" in out


def test_simulate_errors_are_clear(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(PACK_DIR / "fifteen.yaml"), "--bot", "greedy"]) == 1
    assert "plays match3 levels" in capsys.readouterr().err
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nid: bad\nname: Bad\nmode: match3\nwidth: 99\nheight: 5\n", encoding="utf-8")
    assert main(["simulate", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "width" in err and "Traceback" not in err


def test_replay_prints_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(shipped_proof("first-swap"))]) == 0
    out = capsys.readouterr().out
    assert out.startswith("first-steps/first-swap (First Swap), seed 1: won, score ")


def test_replay_with_a_level_file_and_bad_replays(tmp_path: pathlib.Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    level = Level.from_dict({"format": 1, "id": "tiny", "name": "Tiny", "mode": "slide",
                             "width": 2, "height": 2, "layout": ["1 2", "_ 3"]})
    save_level(level, tmp_path / "tiny.yaml")
    good = tmp_path / "replays" / "good.yaml"
    good.parent.mkdir()
    save_replay(Replay(None, "tiny", 0, (parse_command("slide 1,1"),)), good)
    assert main(["replay", str(good), "--level", str(tmp_path / "tiny.yaml")]) == 0
    assert "tiny (Tiny), seed 0: won" in capsys.readouterr().out

    assert main(["replay", str(good)]) == 1   # no pack, no --level, no level file beside it
    assert "--level" in capsys.readouterr().err

    save_level(level, good.parent / "tiny.yaml")   # as Share and `code --decode` lay them out
    assert main(["replay", str(good)]) == 0
    assert "tiny (Tiny), seed 0: won" in capsys.readouterr().out

    illegal = tmp_path / "illegal.yaml"
    save_replay(Replay(None, "tiny", 0, (parse_command("slide 0,1"),)), illegal)
    assert main(["replay", str(illegal), "--level", str(tmp_path / "tiny.yaml")]) == 1
    err = capsys.readouterr().err
    assert f"{illegal}:6:3: commands[0]: illegal command 1 (slide 0,1): " in err and "Traceback" not in err

    late = tmp_path / "late.yaml"
    save_replay(Replay(None, "tiny", 0, (parse_command("slide 1,1"), parse_command("slide 1,0"))),
                late)
    assert main(["replay", str(late), "--level", str(tmp_path / "tiny.yaml")]) == 1
    err = capsys.readouterr().err
    assert f"{late}:7:3: commands[1]: illegal command 2 (slide 1,0): the game is over (won)" in err

    broken = tmp_path / "broken.yaml"
    broken.write_text("format: 1\nlevel: tiny\nseed: x\ncommands: []\n", encoding="utf-8")
    assert main(["replay", str(broken)]) == 1
    assert "broken.yaml:3:7: seed:" in capsys.readouterr().err


def test_the_prover_writes_checks_and_repairs_replays(tmp_path: pathlib.Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    pack = load_pack(PACK_DIR)
    mini = Pack(id="mini", name="Mini", levels=tuple(pack.level(i) for i in
                                                      ("first-swap", "token-walk", "slide-in")))
    save_pack(mini, tmp_path / "mini")
    out = tmp_path / "replays"
    assert prove.main([str(tmp_path / "mini"), "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["first-swap.yaml", "slide-in.yaml", "token-walk.yaml"]
    replay = load_replay(out / "token-walk.yaml")
    assert replay.pack == "mini" and replay.seed == pack.level("token-walk").seed
    assert "3 of 3 levels proven winnable" in capsys.readouterr().out

    assert prove.main([str(tmp_path / "mini"), "--out", str(out), "--check"]) == 0
    # A replay that no longer wins (say, after a rules change) fails the check ...
    save_replay(Replay("mini", "first-swap", 1, ()), out / "first-swap.yaml")
    assert prove.main([str(tmp_path / "mini"), "--out", str(out), "--check"]) == 1
    assert "FAIL   first-swap" in capsys.readouterr().out
    # ... and a plain run proves it again.
    assert prove.main([str(tmp_path / "mini"), "--out", str(out), "--only", "first-swap"]) == 0
    assert load_replay(out / "first-swap.yaml").commands


def test_the_prover_can_move_a_level_to_a_seed_it_wins(tmp_path: pathlib.Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from game.bots import solve
    from game.core import new_game

    base = {"format": 1, "id": "tight", "name": "Tight", "mode": "slide", "width": 3, "height": 3}
    probe = Level.from_dict(base)
    # The optimal solution's length per seed; the move limit lets only the shortest through.
    lengths = [len(solve(new_game(probe, s).grid)) for s in range(40)]
    limit = min(lengths)
    losing = next(s for s in range(1, 40) if lengths[s] == limit and lengths[s - 1] > limit) - 1
    level = Level.from_dict({**base, "seed": losing, "moves": limit})
    save_pack(Pack(id="p", name="P", levels=(level,)), tmp_path / "p")
    out = tmp_path / "replays"
    assert prove.main([str(tmp_path / "p"), "--out", str(out)]) == 1
    assert "FAIL   tight" in capsys.readouterr().out
    assert prove.main([str(tmp_path / "p"), "--out", str(out), "--reseed", "1"]) == 0
    moved = load_pack(tmp_path / "p").level("tight")
    assert moved.seed == losing + 1
    assert load_replay(out / "tight.yaml").seed == losing + 1
