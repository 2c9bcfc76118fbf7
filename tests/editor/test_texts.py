"""The editor's keyed texts: a key shown again in another size or weight is drawn in it."""

from __future__ import annotations

from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)

from editor.look import DIM, TEXT  # noqa: E402
from editor.texts import Texts  # noqa: E402


def test_a_key_shown_in_another_style_is_drawn_in_that_style(window: Any) -> None:
    # The Difficulty panel's first line is a bold 11 pt headline with figures, a plain 10 pt
    # invitation without: after a tab switch the invitation kept the headline's bold and size.
    texts = Texts()
    texts.begin_frame()
    texts.show("d1", "medium: bots win 62%", 10, 10, TEXT, 11, bold=True, anchor_y="center")
    texts.draw()
    texts.begin_frame()
    shown = texts.show("d1", "How hard is it? Person-like bots play it 200 times.", 10, 10, DIM, 10,
                       anchor_y="center")
    texts.draw()
    assert (shown.font_size, bool(shown.bold)) == (10, False)
    assert texts.said() == {"d1": "How hard is it? Person-like bots play it 200 times."}
    assert [str(t.text) for t in texts.shown.values() if t.visible] == [str(shown.text)]
