"""`gridfall calibrate` on a folder of testers' replays and codes, then `playtest --bot` with the persona it wrote, as a designer runs them."""

from __future__ import annotations

import pathlib

import pytest

from game.bots.base import play_game
from game.bots.persona import Persona
from game.bots.persona_file import load_persona
from game.bots.person import person_bot
from game.cli import main
from game.core import Mode
from game.io import find_pack, save_level
from game.io.codes import game_code, level_code
from game.io.paths import personas_dir
from game.io.replay import replay_of, save_replay

TESTER = Persona(name="tester", notice=0.3, wanted_weight=1.0, depth_weight=0.0)


def _testers_games(folder: pathlib.Path, count: int) -> list[str]:
    """Replays of a careless tester on First Steps, written as the game keeps them; two of the
    games as game codes too."""
    pack = find_pack("first-steps")
    levels = [lv for lv in pack.levels if lv.mode != Mode.SLIDE]
    codes = []
    for n in range(count):
        level = levels[n % len(levels)]
        session = play_game(level, 900 + n, person_bot(level.mode, n, TESTER))
        save_replay(replay_of(level, 900 + n, session.commands, pack.id), folder / f"game-{n}.yaml")
        if n < 2:
            codes.append(game_code(level, 900 + n, session.commands))
    return codes


def test_calibrate_fits_the_testers_and_playtest_plays_as_them(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], request: pytest.FixtureRequest) -> None:
    games = tmp_path / "testers"
    (games / "week-2").mkdir(parents=True)
    codes = _testers_games(games, 16)
    (games / "week-2" / "game-3.yaml").write_bytes((games / "game-3.yaml").read_bytes())   # kept twice
    text = (games / "game-5.yaml").read_text(encoding="utf-8")
    check = text.split("checks:\n- ", 1)[1][:8]
    stale = text.replace(f"- {check} ", f"- {'0' if check[0] != '0' else '1'}{check[1:]} ", 1)
    (games / "stale.yaml").write_text(stale, encoding="utf-8")            # no longer proves itself
    other = (games / "game-6.yaml").read_text(encoding="utf-8").replace("level: ", "level: gone-")
    (games / "gone.yaml").write_text(other, encoding="utf-8")             # a level nobody has
    (games / "notes.yaml").write_text("format: 1\nid: not-a-replay\n", encoding="utf-8")
    persona_file = personas_dir() / "my-testers.yaml"   # no -o: the personas folder the editor offers
    persona_file.unlink(missing_ok=True)
    request.addfinalizer(lambda: persona_file.unlink(missing_ok=True))   # other tests' editors offer none

    assert main(["calibrate", str(games), *codes, "--name", "my testers"]) == 0
    out, err = capsys.readouterr()
    assert "learned from 16 games" in out                   # the copy and the 2 codes are games kept already
    assert "3 games given more than once, each counted once" in err
    assert "log-likelihood a move" in out and "top-1 agreement" in out and f"wrote {persona_file}" in err
    assert f"{games / 'stale.yaml'}: skipped:" in err and "checks[" in err
    assert f"{games / 'gone.yaml'}: skipped:" in err and "has no level 'gone-" in err
    assert "notes.yaml" not in err                          # a level file is no replay, passed over
    persona = load_persona(persona_file)
    assert persona.name == "my testers"
    assert persona.notice < 0.5                             # careless: far below the default 0.75
    fitted = dict(persona.fitted)
    assert fitted["games"] == 16 and fitted["log_likelihood_per_move"] > fitted["default_log_likelihood_per_move"]

    # One level in this process: the persona reaches the lab as it would for a whole pack.
    falling_luck = find_pack("first-steps").level("falling-luck")
    level_file = tmp_path / "falling-luck.yaml"
    save_level(falling_luck, level_file)
    assert main(["playtest", str(level_file), "--bot", str(persona_file), "-n", "4", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "persona:my testers bot: the person-like bot as fitted to 16 games" in out
    assert "falling-luck" in out


def test_calibrate_says_why_it_has_nothing_to_learn_from(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    level = find_pack("first-steps").level("first-swap")
    assert main(["calibrate", str(empty), level_code(level), "GFG1-not-a-code", "-o", str(tmp_path / "p.yaml")]) == 1
    err = capsys.readouterr().err
    assert "no replay file in this folder" in err
    assert "a level code holds no game to learn from" in err
    assert "not a file, folder or game code" in err
    assert err.rstrip().endswith("gridfall calibrate: no game to learn from")
    assert not (tmp_path / "p.yaml").exists()


def test_playtest_refuses_a_bad_persona_in_one_line(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "persona.yaml"
    bad.write_text("persona: 1\nnotice: 3\n", encoding="utf-8")
    assert main(["playtest", "first-steps", "--bot", str(bad), "-n", "5"]) == 2
    assert capsys.readouterr().err == f"gridfall playtest: {bad}:2:9: notice: expected a number from 0.01 to 1, found the number 3\n"
    assert main(["playtest", "first-steps", "--bot", "persn", "-n", "5"]) == 2
    assert "--bot persn: not a bot (strong, auto, person" in capsys.readouterr().err
    assert main(["playtest", "first-steps", "--bot", str(tmp_path / "missing.yaml"), "-n", "5"]) == 2
    assert "missing.yaml" in capsys.readouterr().err
