"""Game codes at the decoder's bounds, for the share-code tests: big boards, long games."""

from __future__ import annotations

from game.core import RULES_VERSION, Check, Command, Level, Mode, Swap, new_game, play
from game.core.sharecode import CodeKind, encode_code
from game.io import level_to_yaml
from game.io.codes import SEPARATOR
from game.io.replay import Replay, replay_to_yaml


def big_level(side: int, mode: Mode = Mode.MATCH3, kinds: int = 3) -> Level:
    """A side x side board with few kinds: on a big board every move sets off a long cascade."""
    data: dict[str, object] = {"format": 1, "id": "big", "name": "Big", "mode": str(mode), "width": side,
                               "height": side, "seed": 1, "goals": {}}
    if mode != Mode.SLIDE:   # a slide has numbered tiles, not kinds
        data.update(kinds=kinds, goals={"score": 10 ** 14})
    return Level.from_dict(data)


def forged_game_code(side: int, moves: int, mode: Mode = Mode.MATCH3) -> str:
    """A well-formed game code of `moves` moves (never played: the decoder must refuse it by
    its size alone), made past the encoder's own refusal."""
    level = big_level(side, mode)
    commands = tuple(Swap((0, 0), (0, 1)) for _ in range(moves))
    checks = (Check("0123abcd", 0, 1),)   # one is enough to be read; the rest would be text only
    replay = Replay(None, level.id, 1, commands, RULES_VERSION, level.play_hash(), checks)
    return encode_code(CodeKind.GAME, level_to_yaml(level, schema=None) + SEPARATOR + replay_to_yaml(replay))


def legal_moves(level: Level, moves: int) -> list[Command]:
    """`moves` commands that play on `level` from seed 1: the first legal one each time."""
    from game.core import legal_commands

    state, out = new_game(level, 1), []
    for _ in range(moves):
        command = legal_commands(state)[0]
        state = play(state, command)[1]
        out.append(command)
    return out


def forged_packed_code(side: int, moves: int, mode: Mode = Mode.MATCH3, seed: int = 1) -> str:
    """The same in today's dense format (version 2): `moves` moves and one check after the last."""
    from game.core.gamecode import Board, PackedGame, pack_payload
    from game.core.sharecode import GAME_VERSION, encode_payload
    from game.core import Chain, Slide

    level = big_level(side, mode)
    command: Command = {Mode.SLIDE: Slide((0, 1)), Mode.CHAIN: Chain(((0, 0), (0, 1), (0, 2)))}.get(
        mode, Swap((0, 0), (0, 1)))
    game = PackedGame(RULES_VERSION, seed, (command,) * moves, ((moves, Check("0123abcd", 0, moves)),))
    payload = pack_payload(level_to_yaml(level, schema=None), Board(side, side, mode), game)
    return encode_payload(CodeKind.GAME, GAME_VERSION, payload)
