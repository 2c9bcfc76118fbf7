"""Random bytes, random YAML and mangled levels: the loader returns a Level or LevelFileError, nothing else."""

from __future__ import annotations

import os
import pathlib
import tempfile
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import Level
from game.core.level_format import GOAL_KEYS, KEY_ORDER, RULE_KEYS
from game.io import LevelFileError, load_level, load_pack
from levelgen import generated_level
from game.io.yamldoc import parse, read_text
from schema_check import schema_errors

# GRIDFALL_FUZZ_EXAMPLES=2000 for a long hunt; the suite's default keeps it to seconds.
EXAMPLES = int(os.environ.get("GRIDFALL_FUZZ_EXAMPLES", "120"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_DIR = pathlib.Path(tempfile.mkdtemp(prefix="gridfall-fuzz-"))


def _load_bytes(data: bytes, name: str = "fuzz.yaml") -> None:
    path = _DIR / name
    path.write_bytes(data)
    try:
        result = load_pack(path) if name.endswith(".pack.yaml") else load_level(path)
    except LevelFileError as exc:
        assert exc.problems, "a LevelFileError always lists at least one problem"
        for problem in exc.problems:
            assert problem.line >= 1 and problem.column >= 1 and problem.message
        return
    assert result is not None


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=True),
    st.text(max_size=12), st.sampled_from(["no", "yes", "010", "1:30", "~", ".", "P", "#", "_",
                                           "match3", "chain", "slide", "2024-01-01", "1 2 3"]),
)
keys = st.one_of(st.sampled_from(KEY_ORDER + GOAL_KEYS + RULE_KEYS), st.text(max_size=6),
                 st.integers(0, 12), st.booleans())
documents = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(keys, inner, max_size=6)), max_leaves=25)


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes(data: bytes) -> None:
    _load_bytes(data)


@FUZZ
@given(documents)
def test_random_yaml_documents(value: Any) -> None:
    _load_bytes(yaml.safe_dump(value, allow_unicode=True).encode("utf-8"))


@FUZZ
@given(st.lists(st.sampled_from(["a", "1", ":", ": ", "- ", "[", "]", "{", "}", ",", "&x ", "*x",
                                 "!!str ", "!t ", "#", "'", '"', "\n", "\n  ", "  ", "? ", "|",
                                 ">", "---\n", "<<: ", "\\", "\t", "%YAML 1.1\n", "é", "\x85"]),
                max_size=60))
def test_random_yaml_like_text(parts: list[str]) -> None:
    _load_bytes("".join(parts).encode("utf-8"))


LEVEL_DICTS = [generated_level(n, seed=3).to_dict() for n in range(6)]


@FUZZ
@given(st.sampled_from(range(len(LEVEL_DICTS))), st.sampled_from(KEY_ORDER), documents,
       st.sampled_from(GOAL_KEYS + RULE_KEYS))
def test_levels_with_one_field_mangled(which: int, key: str, value: Any, inner: str) -> None:
    data = dict(LEVEL_DICTS[which])
    data["id"] = "fuzz"
    if key in ("goals", "rules") and isinstance(value, (int, str, list)) and not isinstance(value, bool):
        data[key] = {inner: value}  # reach the nested checks too
    elif key != "id":
        data[key] = value
    _load_bytes(yaml.safe_dump(data, allow_unicode=True, sort_keys=False).encode("utf-8"))


@FUZZ
@given(st.sampled_from(range(len(LEVEL_DICTS))), st.lists(st.text("123456789.#P_ ", max_size=14),
                                                          min_size=1, max_size=12),
       st.integers(1, 14), st.integers(1, 14))
def test_random_layouts(which: int, rows: list[str], width: int, height: int) -> None:
    data = dict(LEVEL_DICTS[which], id="fuzz", layout=rows, width=width, height=height)
    _load_bytes(yaml.safe_dump(data, sort_keys=False).encode("utf-8"))


@FUZZ
@given(st.lists(documents, max_size=3), st.dictionaries(st.sampled_from(
    ["format", "id", "name", "author", "version", "description", "levels", "extra"]), documents, max_size=4))
def test_random_one_file_packs(levels: list[Any], meta: dict[str, Any]) -> None:
    data = {"format": 1, "id": "fuzz", "name": "Fuzz", **meta,
            "levels": [LEVEL_DICTS[0], *levels] if "levels" not in meta else meta["levels"]}
    _load_bytes(yaml.safe_dump(data, allow_unicode=True).encode("utf-8"), "fuzz.pack.yaml")


def test_a_valid_level_loads_through_the_same_path() -> None:
    data = dict(LEVEL_DICTS[0], id="fuzz")
    (_DIR / "fuzz.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert isinstance(load_level(_DIR / "fuzz.yaml"), Level)


@FUZZ
@given(st.sampled_from(range(len(LEVEL_DICTS))), st.sampled_from(KEY_ORDER), documents,
       st.sampled_from(GOAL_KEYS + RULE_KEYS))
def test_what_the_loader_accepts_the_schema_accepts(which: int, key: str, value: Any, inner: str) -> None:
    """The schema may miss what needs the whole level (sizes, parity), never the other way."""
    data = dict(LEVEL_DICTS[which])
    data["id"] = "agree"
    if key in ("goals", "rules"):
        data[key] = {inner: value}
    elif key != "id":
        data[key] = value
    path = _DIR / "agree.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    try:
        load_level(path)
    except LevelFileError:
        return
    assert schema_errors(parse(read_text(path)).value, "level") == []
