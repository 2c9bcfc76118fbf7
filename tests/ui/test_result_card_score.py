"""The result card adds up (issue 37): a won game's score is shown as what the moves made, what the
finale's lines scored and what the moves left paid, and the three sum to the score on the card."""

from __future__ import annotations

import pathlib
import re
from typing import Any

import arcade

from game.io.progress import progress_path
from looks import text_seen
from winning import won_first_swap

from game.ui.play_menus import RESULT_SHOWN


def _number(text: str) -> int:
    return int(text.rsplit("+" if "+" in text else " ", 1)[1].replace(",", ""))


def test_the_card_shows_each_part_of_the_score_and_they_add_up(window: Any, data_dir: pathlib.Path,
                                                                 screenshot_dir: pathlib.Path) -> None:
    app, view = won_first_swap(window)
    for _ in range(round(RESULT_SHOWN * 60) + 2):
        view.on_update(1 / 60)   # the score has counted up and the stars have landed
    menu = view.result_menu
    assert menu is not None
    texts = [line.text for line in menu.lines]
    score = view.state.score
    assert texts[0] == f"Score {score:,}"
    moves, lines, bonus = texts[1:4]
    assert moves.startswith("Your moves ") and lines.startswith("Bonus lines +")
    assert re.fullmatch(r"Bonus moves 9 × [\d,]+  \+[\d,]+", bonus), bonus
    worth = int(bonus.split(" × ")[1].split()[0].replace(",", ""))
    assert _number(bonus) == 9 * worth
    # First Swap's finale turned 9 moves into lines: they scored, and the card says how much.
    assert _number(lines) > 0
    assert _number(moves) + _number(lines) + _number(bonus) == score
    view.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height)
    image.save(screenshot_dir / "result_card_score.png")
    for line in menu.lines[:4]:
        assert text_seen(image, line), f"{line.text!r} is drawn on the card"
    tops = sorted((line.bottom, line.top) for line in menu.lines)
    assert all(a[1] <= b[0] + 1 for a, b in zip(tops, tops[1:])), "the card's lines do not overlap"
    try:   # the smallest window: the card and each of its lines stay whole on screen
        view.on_resize(960, 640)
        panel = menu.panel
        assert panel.bottom >= 0 and panel.top <= 640
        assert all(panel.left < line.left and line.right < panel.right for line in menu.lines)
    finally:
        view.on_resize(window.width, window.height)
    progress_path().unlink(missing_ok=True)
