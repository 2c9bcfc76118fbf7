"""Turn a field path (and maybe a board cell) into a line and column of the file it came from."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from yaml.nodes import Node, ScalarNode

from game.core import Fault, Part, Problem

from .problems import FileProblem
from .yamldoc import Doc, Path

_TOKEN = re.compile(r"\S+")


@dataclass(slots=True)
class Locator:
    """Places problems in one parsed file; remembers which YAML 1.1 notes it has shown."""

    doc: Doc
    file: str
    used_notes: set[int] = field(default_factory=set)
    # Where each layout row's tokens start (1-based columns), or None when not exact.
    _tokens: dict[int, list[int] | None] = field(default_factory=dict)

    def field_name(self, path: Path) -> str:
        """'goals.collect.7', 'layout[3]', 'levels[2].id': list items in brackets."""
        return self.doc.field_name(path)

    def place(self, problem: Problem, base: Path = ()) -> FileProblem:
        """A FileProblem for `problem`, whose path starts at `base` in this file.

        `base` is () for a level file's own problems, ('levels', 3) for a level inside a
        one-file pack. Where it points is decided by the problem's fields alone: its path,
        the part at fault (the key or its value) and the board cell, if any.
        """
        path = base + problem.path
        node, exact, value_node = self._node(path, problem.part is Part.KEY)
        line, column = node.start_mark.line + 1, node.start_mark.column + 1
        row_path = problem.layout_row
        if problem.cell is not None and row_path is not None:
            row = self.doc.entry(base + row_path)
            if row is not None:
                node = row.node
                line, column = node.start_mark.line + 1, node.start_mark.column + 1
                column = self._token_column(row.node, problem.cell[1]) or column
        message = problem.message
        noted = id(node) if id(node) in self.doc.notes else id(value_node)
        note = self.doc.notes.get(noted)
        if note is not None and exact and (noted in self.doc.strict_notes
                                           or _explains(problem.fault, noted in self.doc.text_notes)):
            self.used_notes.add(noted)
            message = f"{message} ({note})"
        elif (exact and row_path is not None and problem.path == row_path
              and isinstance(node, ScalarNode) and node.style in (None, "")):
            message = self._comment_hint(node, message)
        return FileProblem(self.file, line, column, self.field_name(path), message)

    def at(self, node: Node, path: Path, message: str) -> FileProblem:
        """A problem found while reading the file, at the node where it was found."""
        return FileProblem(self.file, node.start_mark.line + 1, node.start_mark.column + 1,
                           self.field_name(path), message)

    def _node(self, path: Path, on_key: bool) -> tuple[Node, bool, Node]:
        """The node to point at, whether the path was found, and the value node found."""
        for n in range(len(path), -1, -1):
            entry = self.doc.entry(path[:n])
            if entry is None:
                continue
            if n == len(path):
                empty = isinstance(entry.node, ScalarNode) and entry.node.value == "" \
                    and entry.node.tag.endswith(":null")
                # A block list or mapping starts on the next line: its key says more.
                block = not isinstance(entry.node, ScalarNode) and not getattr(entry.node, "flow_style", False)
                if entry.key is not None and (on_key or empty or block):
                    return entry.key, True, entry.node
                return entry.node, True, entry.node
            # A missing key: point at the mapping that lacks it (its key, e.g. 'goals:').
            return (entry.key if entry.key is not None else entry.node), False, entry.node
        return self.doc.root, False, self.doc.root

    def _token_column(self, node: Node, index: int) -> int | None:
        """The 1-based column of the index-th token of a one-line layout row, when exact."""
        if id(node) not in self._tokens:
            self._tokens[id(node)] = self._token_columns(node)
        columns = self._tokens[id(node)]
        return columns[index] if columns is not None and 0 <= index < len(columns) else None

    def _token_columns(self, node: Node) -> list[int] | None:
        if not isinstance(node, ScalarNode) or node.start_mark.line != node.end_mark.line:
            return None
        raw = self.doc.line(node.start_mark.line)[node.start_mark.column:node.end_mark.column]
        offset = 1 if node.style in ('"', "'") else 0
        if raw[offset:len(raw) - offset] != node.value:
            return None  # escapes or folding: the text is not where the value is
        first = node.start_mark.column + offset + 1
        return [first + token.start() for token in _TOKEN.finditer(node.value)]

    def _comment_hint(self, node: Node, message: str) -> str:
        rest = self.doc.line(node.start_mark.line)[node.end_mark.column:]
        if rest.lstrip().startswith("#"):
            return (f"{message} (in a row without quotes, ' #' starts a YAML comment: write "
                    "the row in quotes, like \"1 2 # 3\")")
        return message

    def unused_strict_notes(self, under: Path = ()) -> list[FileProblem]:
        """Numbers YAML silently changed (010 read as 8) that no other problem mentioned."""
        out = []
        for path, entry in self.doc.index.items():
            key = id(entry.node)
            if path[: len(under)] != under or key not in self.doc.strict_notes:
                continue
            if key in self.used_notes:
                continue
            self.used_notes.add(key)
            node = entry.node
            out.append(FileProblem(self.file, node.start_mark.line + 1, node.start_mark.column + 1,
                                   self.field_name(path), self.doc.notes[key]))
        return out


def _explains(fault: Fault, text_only: bool) -> bool:
    # How YAML read a bare word only helps where the value had the wrong type; that it read
    # a bare word as a number only helps where the field takes text.
    if text_only:
        return fault is Fault.NOT_TEXT
    return fault is not Fault.VALUE
