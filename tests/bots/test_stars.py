"""Star marks from the lab: each match3 level's stars suggested from its winning games (the finale
turns moves left into points), written into its file by `gridfall playtest --apply-stars`."""

from __future__ import annotations

import dataclasses
import pathlib
import shutil

import pytest

from game.bots.playtest import GameRecord, play_seeds
from game.bots.prove import main as prove
from game.bots.proving import find_win
from game.bots.slide_solver import solve
from game.bots.stars import MIN_WINS, STAR_HUNT, best_known_stars, propose_stars
from game.cli import main
from game.core import Level, Session, new_game, star_targets, stars
from game.io import load_level, load_pack
from game.io.pack_proofs import prove_pack
from game.io.paths import levels_dir
from game.io.replay import load_replay, replay_of, save_replay

SWEET = levels_dir() / "sweet-mechanics"


def record(seed: int, score: int, won: bool = True) -> GameRecord:
    return GameRecord(seed, dealt=True, won=won, moves=5, score=score, stars=1, reshuffles=0, stuck=False)


def level(**extra: object) -> Level:
    data = {"format": 1, "id": "t", "name": "T", "mode": "match3", "width": 5, "height": 5, "moves": 9}
    data.update(extra)
    return Level.from_dict(data)


def test_the_second_star_is_the_median_win_and_the_third_the_best_fifth() -> None:
    games = [record(s, 1000 + 100 * s) for s in range(20)] + [record(20 + s, 9999, won=False) for s in range(5)]
    marks = propose_stars(level(), games)
    # Winning scores 1000..2900: the 5% rank is 1000, the median 1900, the 80% rank 2500.
    assert marks == (1000, 1900, 2500)
    # A score goal stays the first mark (a win lights the first star, never before it).
    assert propose_stars(level(goals={"score": 800}), games) == (800, 1900, 2500)


def test_marks_always_rise_and_round_to_what_a_player_reads() -> None:
    same = [record(s, 1234) for s in range(12)]
    assert propose_stars(level(), same) == (1250, 1300, 1350)
    assert propose_stars(level(), [record(s, 47 + s) for s in range(12)]) == (50, 60, 70)


def test_no_marks_for_slide_or_without_enough_wins_and_chain_marks_from_its_wins() -> None:
    games = [record(s, 1000 + 100 * s) for s in range(20)]
    assert propose_stars(level(), games[:MIN_WINS - 1]) is None
    chain = Level.from_dict({"format": 1, "id": "c", "name": "C", "mode": "chain", "width": 5, "height": 5,
                             "moves": 9, "kinds": 4})
    assert propose_stars(chain, games) == (1000, 1900, 2500)   # a chain's points grow with its chains
    slide = Level.from_dict({"format": 1, "id": "s", "name": "S", "mode": "slide", "width": 3, "height": 3})
    assert propose_stars(slide, games) is None


def test_apply_stars_writes_the_suggestion_and_a_second_run_changes_nothing(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "four-in-a-row.yaml"
    shutil.copy(SWEET / "four-in-a-row.yaml", file)
    before = load_level(file)
    assert main(["playtest", str(file), "-n", "16", "-j", "1", "--apply-stars"]) == 0
    said = capsys.readouterr()
    after = load_level(file)
    expected = propose_stars(before, play_seeds(before, range(16)))
    assert expected is not None and after.stars == expected != before.stars
    assert "/".join(map(str, expected)) in said.out and "re-prove" in said.err
    # Only the stars changed, and the same seeds give the same marks: the file stays as it is.
    assert dataclasses.replace(after, stars=before.stars) == before
    text = file.read_text(encoding="utf-8")
    assert main(["playtest", str(file), "-n", "16", "-j", "1", "--apply-stars"]) == 0
    assert file.read_text(encoding="utf-8") == text


def test_validate_names_a_slide_star_no_solution_of_the_deal_earns(tmp_path: pathlib.Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37: Nine Tiles asked 20 moves for its third star where its deal's fewest are 26."""
    source = levels_dir() / "first-steps" / "nine-tiles.yaml"
    level = load_level(source)
    fewest = len(solve(new_game(level, level.play_seed).grid))
    assert fewest == 26   # the exact search: nobody solves the deal every player gets in fewer
    too_short = tmp_path / "nine-tiles.yaml"
    # The third star asks 25 moves or fewer (900 less 10 a move): one fewer than can be done.
    too_short.write_text(source.read_text().replace("stars: [90, 500, 600]", "stars: [90, 500, 650]"))
    assert main(["validate", str(too_short)]) == 1
    out = capsys.readouterr().out
    assert f"{too_short}:11:1: stars: the third star asks for 25 moves or fewer" in out
    assert "the best known earns 2 stars" in out
    # At the fewest slides the mark can be earned: nothing to say.
    too_short.write_text(source.read_text().replace("stars: [90, 500, 600]", "stars: [90, 500, 640]"))
    assert main(["validate", str(too_short)]) == 0


def test_every_shipped_star_is_earned_by_a_known_game_of_its_deal() -> None:
    """Both shipped packs: each level's proof (or, on a slide level, the solver) earns all three
    stars on the deal players get and Retry deals again, so no star there is out of reach."""
    checked = 0
    for pack in (load_pack(levels_dir() / name) for name in ("first-steps", "sweet-mechanics")):
        proofs = {p.level_id: p.replay.commands for p in prove_pack(pack) if p.replay is not None}
        for shipped in pack.levels:
            if star_targets(shipped) is not None:
                assert best_known_stars(shipped, [proofs[shipped.id]]) == 3, shipped.id
                checked += 1
    assert checked >= 40


def test_validate_names_a_match3_star_neither_its_proof_nor_the_strong_bots_earn(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A third star set past any game of the level's own deal is named at its `stars:` line;
    a mark its proof reaches says nothing."""
    source = SWEET / "four-in-a-row.yaml"
    level = load_level(source)
    assert level.stars is not None
    (tmp_path / "replays").mkdir()
    shutil.copy(SWEET / "replays" / "four-in-a-row.yaml", tmp_path / "replays")
    proof = load_replay(tmp_path / "replays" / "four-in-a-row.yaml")
    got = Session.replay(level, proof.seed, proof.commands).state.score
    file = tmp_path / "four-in-a-row.yaml"
    marks = ", ".join(map(str, level.stars))
    high = (level.stars[0], level.stars[1], 20 * got)
    file.write_text(source.read_text().replace(f"stars: [{marks}]", f"stars: [{', '.join(map(str, high))}]"))
    assert main(["validate", str(file)]) == 1
    out = capsys.readouterr().out
    line = 1 + source.read_text().splitlines().index(f"stars: [{marks}]")
    assert f"{file}:{line}:1: stars: the third star asks for {20 * got} points or more, but no known game" in out
    assert f"its proof or {STAR_HUNT} strong bot games" in out and "the best known earns 2 stars" in out
    fair = (level.stars[0], level.stars[1], got)
    file.write_text(source.read_text().replace(f"stars: [{marks}]", f"stars: [{', '.join(map(str, fair))}]"))
    assert main(["validate", str(file)]) == 0


def test_prove_stars_keeps_a_game_that_earns_more_stars_than_the_saved_proof(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`prove --stars`: a saved proof that wins with two stars gives way to a strong bot's
    three-star game of the same deal; a second run finds nothing better to do."""
    pack = tmp_path / "first-steps"
    shutil.copytree(levels_dir() / "first-steps", pack)
    level = load_level(pack / "garden-beds.yaml")
    first = find_win(level, level.play_seed)
    assert first is not None and first.stars < 3   # the first win the prover finds is not the best
    save_replay(replay_of(level, level.play_seed, first.commands, "first-steps"), pack / "replays" / "garden-beds.yaml")
    assert prove(["--only", "garden-beds", "--stars", "--tries", "12", str(pack)]) == 0
    assert "better garden-beds" in capsys.readouterr().out
    kept = load_replay(pack / "replays" / "garden-beds.yaml")
    assert kept.seed == level.play_seed
    assert stars(Session.replay(level, kept.seed, kept.commands).state) == 3
    assert prove(["--only", "garden-beds", "--stars", str(pack)]) == 0
    assert "ok     garden-beds" in capsys.readouterr().out


def test_prove_stars_lower_brings_marks_no_game_of_the_deal_reaches_down_to_the_best_one(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A third star far past any game of the deal: `prove --stars --lower` keeps the best game
    found and lowers the point marks to what it earns, so validate has nothing left to say."""
    pack = tmp_path / "sweet-mechanics"
    shutil.copytree(SWEET, pack)
    file = pack / "four-in-a-row.yaml"
    level = load_level(file)
    assert level.stars is not None
    marks = ", ".join(map(str, level.stars))
    file.write_text(file.read_text().replace(f"stars: [{marks}]", f"stars: [{level.stars[0]}, {level.stars[1]}, 90000]"))
    assert main(["validate", str(file)]) == 1
    capsys.readouterr()
    assert prove(["--only", "four-in-a-row", "--stars", "--lower", "--tries", "4", "--beam", "8", str(pack)]) == 0
    said = capsys.readouterr().out
    assert "better four-in-a-row" in said and "its marks are now" in said
    lowered = load_level(file)
    assert lowered.stars is not None and lowered.stars[2] < 90000
    assert lowered.stars[0] < lowered.stars[1] < lowered.stars[2]
    kept = load_replay(pack / "replays" / "four-in-a-row.yaml")
    assert stars(Session.replay(lowered, kept.seed, kept.commands).state) == 3
    assert main(["validate", str(file)]) == 0
