"""What a designer sees when a level or pack file is wrong: FileProblem and LevelFileError."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FileProblem:
    """One problem in one file: where (1-based line and column, field path) and what."""

    file: str
    line: int
    column: int
    field: str
    message: str

    def __str__(self) -> str:
        # A file name of thousands of characters is shown cut, its ends kept.
        file = self.file if len(self.file) <= 240 else f"{self.file[:100]}...{self.file[-100:]}"
        where = f"{file}:{self.line}:{self.column}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"

    def to_json(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "column": self.column,
                "field": self.field, "message": self.message}


MAX_PROBLEMS = 200
"""Past this many problems in one check, the rest are not looked for: fix these first."""


class LevelFileError(ValueError):
    """A level or pack file that cannot be used; `problems` lists every reason, in file order."""

    def __init__(self, problems: list[FileProblem]) -> None:
        self.problems = sort_problems(problems)
        super().__init__("\n".join(str(p) for p in self.problems) or "invalid level file")


def sort_problems(problems: list[FileProblem]) -> list[FileProblem]:
    """Files in the order they were checked; inside a file, top to bottom."""
    order: dict[str, int] = {}
    for p in problems:
        order.setdefault(p.file, len(order))
    return sorted(problems, key=lambda p: (order[p.file], p.line, p.column))
