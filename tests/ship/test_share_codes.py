"""Share codes: levels and games as short chat-safe texts; every bad code gets one clear line."""

from __future__ import annotations

import pathlib
import re
import zlib

import pytest
from hypothesis import given, settings, strategies as st

from game.cli import main
from game.core import Level, Mode
from game.core import sharecode
from game.core.sharecode import MAX_BOARD_MOVES, MAX_GAME_MOVES, CodeError, CodeKind, find_code
from game.core.sharecode import decode_code as decode, encode_code as encode
from game.io import LevelFileError, level_to_yaml, load_level
from game.io.codes import SEPARATOR, game_code, level_code, open_code
from game.io.paths import levels_dir
from game.io.replay import load_replay
from game.io.share import share_card
from share_games import big_level, forged_game_code, legal_moves

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHIPPED = sorted(p for p in levels_dir().glob("*/*.yaml") if p.name not in ("pack.yaml", "playtest.yaml"))
FINALE = levels_dir() / "sweet-mechanics" / "sweet-finale.yaml"   # 9x9, every blocker
SAFE = re.compile(r"^[1-9A-HJ-NP-Za-km-z]+$")


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


# -- the codes themselves ------------------------------------------------------------------
def test_every_shipped_level_travels_as_a_short_chat_safe_code_and_comes_back_the_same() -> None:
    for path in SHIPPED:
        level = load_level(path)
        code = level_code(level)
        assert code.startswith("GFL1") and SAFE.match(code), path   # no 0 O I l, no punctuation
        assert open_code(code).level == level
    finale = load_level(FINALE)
    assert (finale.width, finale.height) == (9, 9) and finale.stones and finale.jelly
    assert len(level_code(finale)) < 300


def test_a_game_code_carries_the_level_seed_and_moves_and_proves_itself() -> None:
    replay = load_replay(ROOT / "tests" / "replays" / "sweet-finale.yaml")
    level = load_level(FINALE)
    code = game_code(level, replay.seed, replay.commands)
    assert code.startswith("GFG1") and SAFE.match(code)
    opened = open_code(code)
    assert opened.level == level and opened.replay is not None
    assert (opened.replay.seed, opened.replay.commands) == (replay.seed, replay.commands)
    assert len(opened.replay.checks) == len(replay.commands)


def test_a_game_that_plays_differently_is_refused_at_its_move() -> None:
    level = load_level(FINALE)
    replay = load_replay(ROOT / "tests" / "replays" / "sweet-finale.yaml")
    _, text = decode(game_code(level, replay.seed, replay.commands))
    head, sep, game = text.partition("\n---\n")
    forged = game.replace(f"seed: {replay.seed}\n", f"seed: {replay.seed + 1}\n")
    assert forged != game
    with pytest.raises(CodeError, match="plays differently now: the game differs from command 1"):
        open_code(encode(CodeKind.GAME, head + sep + forged))
    with pytest.raises(CodeError, match="holds a level but no game"):
        open_code(encode(CodeKind.GAME, head))
    with pytest.raises(CodeError, match="for the level 'other'"):
        open_code(encode(CodeKind.GAME, head + sep + game.replace("level: sweet-finale", "level: other")))
    no_checks = re.sub(r"checks:\n(- .*\n)+", "", game)
    with pytest.raises(CodeError, match="carries no checks"):
        open_code(encode(CodeKind.GAME, head + sep + no_checks))


def test_a_pasted_share_card_yields_its_first_code() -> None:
    code = level_code(load_level(FINALE))
    card = f"Gridfall, Sweet: Grand (match-3)\nWon in 4 moves\nDeal 3\nPlay it: {code}\nWatch it: GFG1abc"
    assert find_code(card) == code
    assert find_code("no code here, only GFL words and xGFL1abcdefghij") is None


# -- hostile codes ----------------------------------------------------------------------------
def test_every_cut_and_every_typo_is_one_clear_line_never_a_crash() -> None:
    code = level_code(load_level(FINALE))
    for cut in range(len(code)):
        with pytest.raises(CodeError) as caught:
            open_code(code[:cut])
        assert "\n" not in str(caught.value)
    alphabet = sharecode.ALPHABET
    for at in range(4, len(code), 7):
        typo = code[:at] + alphabet[(alphabet.index(code[at]) + 1) % 58] + code[at + 1:]
        with pytest.raises(CodeError, match="damaged|cut short"):
            open_code(typo)
    for bad in ("0", "O", "I", "l", "!", "-", "_", "é", "\x1b", "\u202e"):
        with pytest.raises(CodeError, match=r"damaged: .* at character 11 is not part of any code"):
            open_code(code[:10] + bad + code[11:])


@pytest.mark.parametrize("text, words", [
    ("", "not a Gridfall code"), ("GF", "not a Gridfall code"), ("hello world", "not a Gridfall code"),
    ("https://example.org/level/GFL1abc", "not a Gridfall code"), ("ABC-DEF-GHJ", "not a Gridfall code"),
    ("GFX1abcdefghijk", "unknown kind 'X'"), ("GFL9abcdefghijk", "version 9 code; this Gridfall reads version 1"),
    ("GFL0abcdefghijk", "version 0 code"), ("GFL1", "cut short"),
])
def test_foreign_and_newer_codes_say_what_they_are(text: str, words: str) -> None:
    with pytest.raises(CodeError, match=re.escape(words)):
        decode(text)


def test_an_oversized_code_is_refused_before_any_work() -> None:
    with pytest.raises(CodeError, match="the text is 1,000,004 characters; a Gridfall code is at most 20,000"):
        decode("GFL1" + "2" * 1_000_000)
    with pytest.raises(CodeError, match="the code is 20,004 characters; a Gridfall code is at most 20,000"):
        decode("GFL1" + "2" * 20_000 + " \n")


def test_a_decompression_bomb_with_a_right_checksum_stops_at_the_limit() -> None:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    payload = packer.compress(b"a" * (10 * 1024 * 1024)) + packer.flush()
    head = "GFL1"
    code = head + sharecode._to_base58(payload + sharecode._checksum(head, payload))
    assert len(code) < sharecode.MAX_CODE_CHARS   # 10 MiB of text in a code short enough to be read
    with pytest.raises(CodeError, match="unpacks to more than 262,144 bytes"):
        decode(code)


@pytest.mark.parametrize("text, field", [
    ("format: 1\nid: big\nname: Big\nmode: match3\nwidth: 99\nheight: 9\n", "width"),
    ("format: 1\nid: ../../x\nname: X\nmode: slide\nwidth: 3\nheight: 3\n", "id"),
    ("format: 1\nid: x\nname: !!python/object:os.system x\nmode: slide\nwidth: 3\nheight: 3\n", ""),
    ("format: 1\nid: x\nname: no\nmode: slide\nwidth: 3\nheight: 3\n", "name"),
    ("a: &a [x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b]\n", ""),
    ("format: 1\nid: p\nname: P\nlevels: []\n", ""),
    ("format: 1\nid: x\nname: \"bell\\a\"\nmode: slide\nwidth: 3\nheight: 3\nlayout: [\"1 2 3\", \"4 5 6\", \"7 8 _\"]\nautor: me\n", "autor"),
])
def test_a_decoded_level_meets_every_check_a_file_meets(text: str, field: str,
                                                        tmp_path: pathlib.Path) -> None:
    with pytest.raises(LevelFileError) as from_code:
        open_code(encode(CodeKind.LEVEL, text))
    file = tmp_path / "x.yaml"
    file.write_text(text, encoding="utf-8")
    with pytest.raises(LevelFileError) as from_file:
        load_level(file)
    assert [(p.line, p.column, p.field, p.message) for p in from_code.value.problems if p.field != "id"] == \
           [(p.line, p.column, p.field, p.message) for p in from_file.value.problems if p.field != "id"]
    assert all(p.file == "code" for p in from_code.value.problems)
    if field:
        assert field in [p.field for p in from_code.value.problems]


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_code_or_one_line_of_why_not(text: str) -> None:
    try:
        open_code("GFL1" + text)
    except (CodeError, LevelFileError) as exc:
        assert str(exc)


# -- the command line ----------------------------------------------------------------------
def test_code_prints_decodes_and_writes_the_level_and_game(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _cli(capsys, "code", str(FINALE))
    level_text = out.strip()
    assert status == 0 and level_text.startswith("GFL1")
    status, out, _ = _cli(capsys, "code", "--decode", level_text)
    assert status == 0 and out == level_to_yaml(load_level(FINALE), schema=None)
    status, out, _ = _cli(capsys, "code", str(ROOT / "tests" / "replays" / "sweet-finale.yaml"))
    game = out.strip()
    assert status == 0 and game.startswith("GFG1")
    folder = tmp_path / "from a chat"
    status, out, _ = _cli(capsys, "code", "--decode", game, "-o", str(folder))
    assert status == 0
    written = sorted(p.name for p in folder.iterdir())
    assert written[0] == "sweet-finale-" + written[0].split("-", 2)[2] and written[1] == "sweet-finale.yaml"
    assert load_level(folder / "sweet-finale.yaml") == load_level(FINALE)
    assert "$schema" not in (folder / "sweet-finale.yaml").read_text(encoding="utf-8")
    # The pair proves itself as Share's files do, and decodes again to the same files.
    status, out, _ = _cli(capsys, "replay", str(folder / written[0]))
    assert status == 0 and "checks match" in out
    assert _cli(capsys, "code", "--decode", game, "-o", str(folder))[0] == 0


def test_code_refuses_bad_codes_and_targets_in_one_line(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = level_code(load_level(FINALE))
    status, _, err = _cli(capsys, "code", "--decode", code[:120])
    assert status == 1 and "cut short" in _one_line(err)
    status, _, err = _cli(capsys, "code", "--decode", encode(CodeKind.LEVEL, "format: 1\nid: x\nmode: slide\n"))
    assert status == 1 and err.startswith("gridfall code: code:") and "Traceback" not in err
    a_file = tmp_path / "file"
    a_file.write_text("mine", encoding="utf-8")
    status, _, err = _cli(capsys, "code", "--decode", code, "-o", str(a_file))
    assert status == 2 and "is a file" in _one_line(err)
    folder = tmp_path / "levels"
    folder.mkdir()
    (folder / "sweet-finale.yaml").write_text("my own work", encoding="utf-8")
    status, _, err = _cli(capsys, "code", "--decode", code, "-o", str(folder))
    assert status == 1 and "holds something else" in _one_line(err)
    assert (folder / "sweet-finale.yaml").read_text(encoding="utf-8") == "my own work"
    status, _, err = _cli(capsys, "code", str(tmp_path / "missing.yaml"))
    assert status == 1 and "no such file" in err
    with pytest.raises(SystemExit) as caught:
        main(["code"])
    assert caught.value.code == 2
    capsys.readouterr()


def test_play_refuses_a_bad_code_before_any_window(capsys: pytest.CaptureFixture[str]) -> None:
    code = level_code(load_level(FINALE))
    status, _, err = _cli(capsys, "play", code[:-3])
    assert status == 1 and "gridfall: the code is" in _one_line(err)
    status, _, err = _cli(capsys, "play", code, "--seed", "3")
    assert status == 1 and "holds its own level" in _one_line(err)


def test_a_level_round_trips_through_encode_with_any_name() -> None:
    base = load_level(levels_dir() / "first-steps" / "first-swap.yaml")
    for name in ("no", "a #b", "say \"hi\"", "\U0001f340 luck", "key: v", "- dash"):
        level = Level.from_dict({**base.to_dict(), "name": name})
        assert open_code(level_code(level)).level == level


def test_a_replay_file_travels_as_recorded_under_its_own_rules_and_a_forged_one_does_not(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    older = ROOT / "tests" / "replays" / "older" / "the-long-way-rules-2.yaml"
    status, out, _ = _cli(capsys, "code", str(older))
    assert status == 0
    opened = open_code(out.strip())
    recorded = load_replay(older)
    assert opened.replay is not None and opened.replay.rules == recorded.rules == 2
    assert (opened.replay.commands, opened.replay.checks) == (recorded.commands, recorded.checks)
    forged = tmp_path / "forged.replay.yaml"
    text = (ROOT / "tests" / "replays" / "sweet-finale.yaml").read_text(encoding="utf-8")
    first_check = text.split("checks:\n- ", 1)[1][:8]
    forged.write_text(text.replace(first_check, "00000000", 1), encoding="utf-8")
    status, _, err = _cli(capsys, "code", str(forged))
    assert status == 1 and "does not prove itself" in _one_line(err)


# -- a code's cost is bounded by its size --------------------------------------------------------
def _never_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if any move of a code's game is played: the refusal must come first."""
    import game.core.proof as proof

    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("a move was played before the code's size was checked")
    monkeypatch.setattr(proof, "play_through", refuse)


@pytest.mark.parametrize("side, moves, mode, words", [
    (32, MAX_BOARD_MOVES // 1024 + 1, Mode.MATCH3, "a game code on a board this size holds at most 19 moves"),
    (9, MAX_BOARD_MOVES // 81 + 1, Mode.MATCH3, "on a board of 81 cells; a game code on a board this size holds at most 246"),
    (32, 3 * MAX_BOARD_MOVES // 1024, Mode.CHAIN, "holds at most 19 moves"),
    (12, MAX_GAME_MOVES + 1, Mode.SLIDE, "more than 10,000"),
])
def test_a_game_past_every_bound_is_refused_in_one_line_before_a_move_is_played(
        side: int, moves: int, mode: Mode, words: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    code = forged_game_code(side, moves, mode)
    _never_played(monkeypatch)
    with pytest.raises(CodeError, match=re.escape(words)) as caught:
        open_code(code)
    assert "\n" not in str(caught.value)
    status, out, err = _cli(capsys, "code", "--decode", code)
    assert status == 1 and not out and words in _one_line(err)


def test_a_game_text_longer_than_any_game_is_refused_before_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    level = big_level(4)
    text = level_to_yaml(level, schema=None) + SEPARATOR + "commands:\n" + "- a\n" * (2 * MAX_GAME_MOVES + 21)
    import game.io.codes as codes

    monkeypatch.setattr(codes, "parse", lambda *a: pytest.fail("the game's text was read"))
    with pytest.raises(CodeError, match="has more than 10,000 moves, more than a code holds"):
        open_code(encode(CodeKind.GAME, text))


def test_the_largest_game_the_decoder_accepts_on_the_biggest_board_proves(monkeypatch: pytest.MonkeyPatch) -> None:
    """32x32 with 3 kinds (every move a long cascade) at exactly the bound: made by the game's
    own encoder, it proves; one move more is refused by the encoder and the decoder alike."""
    level = big_level(32)
    moves = legal_moves(level, MAX_BOARD_MOVES // 1024 + 1)
    code = game_code(level, 1, moves[:-1])
    heard: list[tuple[int, int]] = []
    opened = open_code(code, lambda n, of: heard.append((n, of)))
    assert opened.replay is not None and list(opened.replay.commands) == moves[:-1]
    assert heard == [(n, 19) for n in range(1, 20)]   # progress after every move
    with pytest.raises(CodeError, match="holds at most 19 moves"):
        game_code(level, 1, moves)
    card = share_card(level, None, 1, moves)
    assert "Watch it: the game is too long for a code; send the replay file" in card
    assert find_code(card) == level_code(level)
