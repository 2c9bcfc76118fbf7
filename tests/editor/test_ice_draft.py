"""An iced level opened in the editor keeps its ice and its ice goal when written back (the draft has no ice field yet)."""

from __future__ import annotations

from editor.draft import from_level
from game.core import GoalName, Level
from game.io import load_level
from game.io.paths import levels_dir


def test_the_editor_writes_an_iced_level_back_as_it_was() -> None:
    level = load_level(levels_dir() / "sweet-mechanics" / "thin-ice.yaml")
    assert level.goals.asks(GoalName.ICE)
    mapping = from_level(level).to_mapping()
    assert mapping["goals"] == {"ice": True}
    assert Level.from_dict(mapping) == level
