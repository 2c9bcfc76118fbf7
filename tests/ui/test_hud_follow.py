"""The play screen and the theatre keep their HUDs with one follower (game/ui/hud_follow.py): the
same game's moves, played in one and replayed in the other, move both HUDs alike, event by event."""

from __future__ import annotations

import pathlib
from typing import Any

from game.io import find_pack
from game.io.replay import load_replay
from game.io.settings import Settings
from game.ui.hud_follow import HudFollower
from game.ui.play_view import PlayView
from game.ui.theatre import TheatreView
from game.io.pack_proofs import shipped_proof

ROOT = pathlib.Path(__file__).resolve().parents[2]
DT = 1 / 60


def _record(view: Any) -> list[tuple[str, int, int, int]]:
    """What the view's HUD shows after each event it follows: the score, moves made, goals met."""
    seen: list[tuple[str, int, int, int]] = []
    follow = view.follower.follow

    def told(event: Any) -> None:
        follow(event)
        hud = view.hud
        seen.append((type(event).__name__, hud.shown_score, hud.state.moves, hud.state.score))
    view.follower.follow = told
    return seen


def _settle(view: Any) -> None:
    for _ in range(3000):
        view.on_update(DT)
        if not view.board.busy:
            return
    raise AssertionError("the batch never ended")


def test_play_and_theatre_move_their_huds_alike(window: Any) -> None:
    replay = load_replay(shipped_proof("cornerstones"))
    level = find_pack("first-steps").level("cornerstones")
    moves = replay.commands[:3]   # before the win: its bonus counts down in play, steps in the theatre
    settings = Settings(animation_speed="fast")
    play = PlayView(level, seed=replay.seed, settings=settings)
    window.show_view(play)
    window.dispatch_events()
    assert isinstance(play.follower, HudFollower)
    in_play = _record(play)
    for command in moves:
        assert play.submit(command)
        _settle(play)
    theatre = TheatreView(level, replay.seed, moves, title="Cornerstones", on_back=lambda: None,
                          settings=settings, autoplay=False)
    window.show_view(theatre)
    window.dispatch_events()
    assert type(theatre.follower) is type(play.follower)
    in_theatre = _record(theatre)
    for _ in moves:
        assert theatre.step_forward()
        _settle(theatre)
    assert in_play and in_play == in_theatre
    assert in_play[-1][1:] == (play.state.score, play.state.moves, play.state.score)
