"""Sharing a game: its replay and level files in a folder the player can find, and a spoiler-free card."""

from __future__ import annotations

import pathlib
from dataclasses import dataclass
from typing import Sequence


from game.core import Command, Level, Mode, Session, Status, stars

from .codes import CodeError, game_code, level_code
from .kept_replays import game_key
from .levels import level_to_yaml
from .atomic import atomic_write_text
from .paths import share_dir
from .replay import replay_of, save_replay

_MODE_WORDS = {Mode.MATCH3: "match-3", Mode.CHAIN: "chain", Mode.SLIDE: "slide"}


@dataclass(frozen=True, slots=True)
class Shared:
    """What sharing wrote: the replay, the level it plays on, the card (its text and file), and
    where the GIF goes (made by `gridfall record`, which takes a few seconds)."""

    replay: pathlib.Path
    level: pathlib.Path
    card_file: pathlib.Path
    gif: pathlib.Path
    card: str


def share_card(level: Level, pack_name: str | None, seed: int, commands: Sequence[Command]) -> str:
    """A few plain lines that tell how a game went and give nothing of the solution away in
    plain sight; then the level's share code (to play it) and the game's (to watch it), which
    Ctrl+V on the game's title or levels screen, or `gridfall play CODE`, opens."""
    state = Session.replay(level, seed, commands).state
    where = f"{pack_name}: {level.name}" if pack_name else level.name
    head = f"Gridfall, {where} ({_MODE_WORDS.get(level.mode, str(level.mode))})"
    moves = f"{state.moves} of {state.move_limit} moves" if state.move_limit is not None else \
        f"{state.moves} move{'s' if state.moves != 1 else ''}"
    if state.helped:
        moves += f" (kept going: +{state.added})"
    if state.status == Status.WON:
        result = f"Won in {moves}, {state.score:,} points, {stars(state)} of 3 stars"
    elif state.status == Status.LOST:
        result = f"Out of moves after {moves}, {state.score:,} points"
    else:
        result = f"{moves} played so far, {state.score:,} points"
    try:
        watch = f"Watch it: {game_code(level, seed, commands)}"
    except CodeError:   # too long a game for a code to prove quickly: the replay file has it
        watch = "Watch it: the game is too long for a code; send the replay file beside this card"
    return "\n".join([head, result, f"Deal {seed}", f"Play it: {level_code(level)}", watch])


def share_game(level: Level, pack_id: str | None, pack_name: str | None, seed: int,
               commands: Sequence[Command]) -> Shared:
    """Write the game's replay (and its level, so anyone can play it back without the pack)
    into share_dir(), named by level and game so sharing twice writes the same files once."""
    folder = share_dir()
    stem = f"{level.id}-{game_key(seed, commands)}"
    replay_path = folder / f"{stem}.replay.yaml"
    level_path = folder / f"{level.id}.yaml"   # a level file's name is its id
    card = share_card(level, pack_name, seed, commands)
    save_replay(replay_of(level, seed, commands, pack_id), replay_path)
    atomic_write_text(level_path, level_to_yaml(level, schema=None))
    atomic_write_text(folder / f"{stem}.txt", card + "\n")
    return Shared(replay_path, level_path, folder / f"{stem}.txt", folder / f"{stem}.gif", card)
