"""Persona files: a fitted person-like bot's numbers as YAML, read with every problem placed at file:line:column."""

from __future__ import annotations

import math
import os
import pathlib
from typing import Any

from game.core import Part, Problem, describe
from game.io import gate
from game.io.atomic import atomic_write_text
from game.io.locate import Locator
from game.io.problems import FileProblem
from game.io.yamldoc import DocError, read_document
from game.io.yamlout import dump

from .persona import (
    COLOUR_RANGE, FORESIGHT_RANGE, LOOK_RANGE, NOTICE_RANGE, PARAMETERS, PLAN_RANGE, SIGHT_RANGE, WEIGHT_RANGE, Persona,
)

FORMAT = 1
KEYS = ("persona", "name", *PARAMETERS, "fitted")
SUFFIXES = (".yaml", ".yml")


class PersonaFileError(ValueError):
    """A persona file that cannot be used: names the file, the line and column, and the field."""

    def __init__(self, problem: FileProblem) -> None:
        self.problem = problem
        super().__init__(str(problem))


def persona_to_yaml(persona: Persona) -> str:
    """The file text: keys in a fixed order (same persona, same bytes)."""
    data: dict[str, Any] = {"persona": FORMAT, "name": persona.name, **persona.numbers()}
    if persona.fitted:
        data["fitted"] = dict(persona.fitted)
    return "# Gridfall persona: the person-like bot's numbers (gridfall calibrate)\n" + dump(data)


def save_persona(persona: Persona, path: str | os.PathLike[str]) -> None:
    """Write `persona` atomically (an interrupted save leaves the old file whole)."""
    atomic_write_text(path, persona_to_yaml(persona))


def is_persona_path(text: str) -> bool:
    """Whether a --bot value names a persona file rather than a bot."""
    return text.endswith(SUFFIXES) or os.sep in text


def personas_in(folder: pathlib.Path) -> tuple[list[Persona], list[PersonaFileError]]:
    """The personas of a folder's persona files, by file name, and the files that are none
    (each told in one line; a link or another file is passed over, never followed)."""
    found: list[Persona] = []
    bad: list[PersonaFileError] = []
    for path, kind in sorted(gate.entries(folder)):
        if kind is gate.Kind.FILE and path.suffix in SUFFIXES:
            try:
                found.append(load_persona(path))
            except PersonaFileError as exc:
                bad.append(exc)
    return found, bad


def _range(key: str) -> tuple[float, float]:
    """The values a persona file's number `key` may take."""
    if key == "slip":
        return 0.0, NOTICE_RANGE[1]
    ranges = {"notice": NOTICE_RANGE, "look": LOOK_RANGE, "plan": PLAN_RANGE, "foresight": FORESIGHT_RANGE,
              "sight": SIGHT_RANGE, "colour": COLOUR_RANGE}
    low, high = ranges.get(key, WEIGHT_RANGE)
    return float(low), float(high)


def load_persona(path: str | os.PathLike[str]) -> Persona:
    """Read a persona file; raise PersonaFileError (one line: file:line:col: field: what). A
    number the file leaves out is the default persona's (a file from before `look`, `plan`,
    `foresight`, `colour_weight` or `sight` looks 0, plans 0, foresees nothing, likes no colour
    and reads its moves' own clears only)."""
    name = str(path)
    try:
        doc = read_document(path)
    except DocError as exc:
        raise PersonaFileError(FileProblem(name, exc.line, exc.column, exc.field, exc.message)) from None
    where = Locator(doc, name)

    def fail(key: tuple[str, ...], message: str, part: Part = Part.VALUE) -> PersonaFileError:
        return PersonaFileError(where.place(Problem(key, message, part=part)))

    data = doc.value
    if not isinstance(data, dict) or "persona" not in data:
        raise fail((), "a persona file is a mapping that starts with 'persona: 1' "
                       "(gridfall calibrate writes one)")
    for key in data:
        if key not in KEYS:
            raise fail((str(key),), f"unknown key (a persona has {', '.join(KEYS)})", Part.KEY)
    if data["persona"] != FORMAT or isinstance(data["persona"], bool):
        raise fail(("persona",), f"this game reads persona format {FORMAT}, found {describe(data['persona'])}")
    title = data.get("name", "persona")
    if not isinstance(title, str) or not title.strip() or len(title) > 80:
        raise fail(("name",), f"expected a short name, found {describe(title)}")
    values: dict[str, Any] = {}
    for key in PARAMETERS:
        if key not in data:
            continue
        value = data[key]
        low, high = _range(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                or not low <= value <= high or (key == "colour" and value != int(value)):
            kind = "a whole number" if key == "colour" else "a number"
            raise fail((key,), f"expected {kind} from {low:g} to {high:g}, found {describe(value)}")
        values[key] = int(value) if key == "colour" else float(value)
    fitted = data.get("fitted", {})
    if not isinstance(fitted, dict) or not all(
            isinstance(k, str) and isinstance(v, (int, float)) and not isinstance(v, bool) for k, v in fitted.items()):
        raise fail(("fitted",), "expected the fit's figures, each a name and a number")
    return Persona(name=title.strip(), fitted=tuple((k, float(v)) for k, v in fitted.items()), **values)
