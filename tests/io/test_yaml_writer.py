"""The one YAML writer (yamlout.dump): every value reads back as itself, one line a scalar, and the
same value gives the same bytes (PyYAML's block style, so older files keep their bytes)."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from game.io.yamlout import dump

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                    st.floats(allow_nan=False), st.text(max_size=30))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.text(max_size=8), st.integers(0, 99)),
                                                 inner, max_size=4)), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(min_size=1, max_size=10), values, max_size=5))
def test_every_value_reads_back_as_itself(data: dict[str, Any]) -> None:
    text = dump(data)
    assert yaml.safe_load(text) == (data or {})
    assert dump(data) == text


def test_the_files_it_writes_keep_pyyamls_bytes() -> None:
    for data in ({"format": 2, "pack": "first-steps", "seed": 1, "commands": ["swap 4,5 5,5"]},
                 {"modes": {"match3": {"last_win": "2026-11-23", "days": {"2026-11-22": {"score": 1}}}}},
                 {"window": [1280, 800], "sound": True, "x": None, "no": "no"}):
        assert dump(data) == yaml.safe_dump(data, sort_keys=False, default_flow_style=False,
                                            allow_unicode=True, width=1000)


def test_text_with_a_newline_stays_on_one_line() -> None:
    assert dump({"id": "a\nb"}) == 'id: "a\\nb"\n'
