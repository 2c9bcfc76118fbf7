"""Safe, bounded YAML reading: text checks, a limited composer, and values that keep their marks."""

from __future__ import annotations

import os
import pathlib
import stat
import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.events import (
    AliasEvent, DocumentEndEvent, DocumentStartEvent, MappingEndEvent, MappingStartEvent,
    ScalarEvent, SequenceEndEvent, SequenceStartEvent, StreamEndEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from game.core import shorten

from . import gate

# libyaml when the wheel has it (fast); the pure-Python parser otherwise. Either way we only
# take parser events and build everything else ourselves, with limits.
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_BYTES = 1 << 20
"""Files larger than this are refused before any parsing (no level comes near it)."""
MAX_NUMBER_CHARS = 64
"""Longest number text: a level needs a few digits, and Python will not convert over 4300."""
MAX_DEPTH = 24
"""Deepest nesting allowed; a pack needs 5 (pack, levels, level, goals, collect)."""
MAX_ALIASES = 64
"""Level files need no aliases ('*name'); a few are tolerated, a bomb is not."""
MAX_KEYS = 256
"""Keys in one mapping; a level has 14 at most, so more is a broken or hostile file."""
MAX_ITEMS = 10_000
"""Items in one list; a pack of ten thousand levels is far past any real one."""
MAX_REPEATED = 10_000
"""Values copied by aliases: a 'billion laughs' file stops here, at once."""

PathPart = str | int
Path = tuple[PathPart, ...]

_TAG = "tag:yaml.org,2002:"
_STR, _INT = _TAG + "str", _TAG + "int"
_SCALAR_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp")}
# Characters YAML allows in a stream (YAML 1.1, section 5.1), besides tab, LF and CR.
_BAD_CHAR = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_OCTAL = re.compile(r"^[-+]?0[0-7_]+$")
# The line breaks the YAML reader counts (CR LF, CR, LF, NEL, LS, PS): our own line numbers
# and line texts must count the same ones, or a CR-only file reads as one long line.
_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
# libyaml's anchor names: letters, digits, '-' and '_'.
_ANCHOR = re.compile(r"&[0-9A-Za-z_-]+")


def split_lines(text: str) -> list[str]:
    """The file's lines as the YAML reader numbers them, whatever the line ends."""
    return _BREAK.split(text)


def _text_position(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of the character at `offset`, counting lines as YAML does."""
    line, start = 1, 0
    for brk in _BREAK.finditer(text, 0, offset):
        line, start = line + 1, brk.end()
    return line, offset - start + 1


class DocError(Exception):
    """A file that cannot be read as one YAML document; carries a 1-based line and column."""

    def __init__(self, line: int, column: int, message: str, field: str = "") -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.message = message
        self.field = field   # the field the value sits in ('seed', 'commands[3]'), when known

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


@dataclass(slots=True)
class Entry:
    """Where one value sits: its key node (None for list items and the root) and value node."""

    key: Node | None
    node: Node
    in_list: bool


@dataclass(slots=True)
class Doc:
    """A parsed file: the plain value, where each value came from, and file-level findings."""

    text: str
    root: Node
    value: Any
    index: dict[Path, Entry]
    problems: list[tuple[Node, Path, str]] = field(default_factory=list)
    # Hints about YAML 1.1 surprises, by value node: shown with a problem found there.
    notes: dict[int, str] = field(default_factory=dict)
    # Notes that describe a silent change of value (010 read as 8): problems unless used.
    strict_notes: set[int] = field(default_factory=set)
    # Notes that only help where a text was expected (12 read as a number).
    text_notes: set[int] = field(default_factory=set)
    _lines: list[str] | None = None

    def line(self, number: int) -> str:
        """The text of 0-based line `number` ('' past the end)."""
        if self._lines is None:
            self._lines = split_lines(self.text)
        return self._lines[number] if 0 <= number < len(self._lines) else ""

    def field_name(self, path: Path) -> str:
        """'goals.collect.7', 'layout[3]', 'levels[2].id': list items in brackets."""
        out = ""
        for n, part in enumerate(path):
            entry = self.entry(path[: n + 1])
            shown = shorten(str(part))   # a 500,000-character key is named, never echoed
            if entry is not None and entry.in_list:
                out += f"[{shown}]"
            else:
                out += ("." if out else "") + shown
        return out

    def entry(self, path: Path) -> Entry | None:
        found = self.index.get(path)
        if found is None and path and not isinstance(path[-1], str):
            found = self.index.get(path[:-1] + (str(path[-1]),))
        return found

    def written(self, path: Path) -> str | None:
        """The scalar at `path` as written in the file (`no`, `1.10`, `0123`), whatever YAML 1.1
        made of it (False, 1.1, 83); None where there is no scalar. The one way a reader keeps
        the text a person typed: a pack's version, an editor's field shown as written."""
        entry = self.entry(path)
        if entry is None or not isinstance(entry.node, ScalarNode):
            return None
        return str(entry.node.value)


def read_text(path: str | os.PathLike[str]) -> str:
    """The file's text, refusing folders, huge files, binary data and non-UTF-8 bytes."""
    try:
        info = gate.lstat(path)
        if info is not None and stat.S_ISREG(info.st_mode) and info.st_size > MAX_BYTES:
            raise DocError(1, 1, f"is {info.st_size:,} bytes; Gridfall's files may be at most "
                           f"{MAX_BYTES:,} bytes")
        data = gate.read_bytes(path, limit=MAX_BYTES + 1)
    except FileNotFoundError:
        raise DocError(1, 1, "no such file") from None
    except gate.PathRefused as exc:
        reason = "is not a regular file" if exc.reason.startswith("is not a regular file") else exc.reason
        raise DocError(1, 1, reason if exc.path == pathlib.Path(path) else str(exc)) from None
    except OSError as exc:
        raise DocError(1, 1, f"cannot read the file ({exc.strerror or exc})") from None
    if len(data) > MAX_BYTES:
        raise DocError(1, 1, f"is larger than {MAX_BYTES:,} bytes (1 MiB), the most a level "
                       "or pack file may be")
    return decode(data)


def decode(data: bytes) -> str:
    """UTF-8 text without a byte-order mark, or a DocError saying what the bytes are instead."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DocError(1, 1, "is UTF-16 text; save it as UTF-8")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if b"\x00" in data:
        line, column = _position(data, data.index(b"\x00"))
        raise DocError(line, column, "holds binary data (a zero byte), not YAML text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _position(data, exc.start)
        raise DocError(line, column, f"is not UTF-8 text (byte 0x{data[exc.start]:02x} cannot "
                       "start a character); save the file as UTF-8") from None
    bad = _BAD_CHAR.search(text)
    if bad:
        line, column = _text_position(text, bad.start())
        raise DocError(line, column, f"holds the control character U+{ord(bad.group()):04X}, "
                       "which YAML text may not contain")
    return text


def _position(data: bytes, offset: int) -> tuple[int, int]:
    # Bytes that are not text were never read as YAML: lines end as the file's own line ends
    # say (LF or CR LF; CR alone only in a file without any LF, so binary junk counts LFs).
    head = data[:offset].decode("utf-8", errors="replace")
    if b"\n" in data:
        return head.count("\n") + 1, len(head) - (head.rfind("\n") + 1) + 1
    return _text_position(head, len(head))


_SYNTAX_HINTS = (
    ("cannot start any token", "\t", "YAML does not allow tabs for indentation; use spaces"),
    ("mapping values are not allowed", "", "a value holding ': ' must be put in quotes"),
    ("did not find expected key", "", "check the indentation: keys of one mapping line up"),
    ("could not find expected ':'", "", "a key needs ': ' after it, or a text needs quotes"),
    ("while scanning a quoted scalar", "", "a text in quotes is never closed"),
    ("found undefined alias", "", "'*' starts an alias; put the value in quotes"),
    ("did not find expected alphabetic or numeric character", "",
     "'*' and '&' start aliases and anchors; put the value in quotes"),
)


def _syntax_error(exc: yaml.YAMLError, text: str) -> DocError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark is not None else 1
    column = mark.column + 1 if mark is not None else 1
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    message = f"YAML syntax error: {problem}"
    context_mark = getattr(exc, "context_mark", None)
    if context and context_mark is not None and mark is not None and context_mark.line != mark.line:
        message += f" ({context} started on line {context_mark.line + 1})"
    elif context:
        message += f" ({context})"
    lines = split_lines(text)
    if line > len(lines):  # libyaml marks the end of the stream one line past the text
        line, column = len(lines), len(lines[-1]) + 1
    here = lines[line - 1][column - 1:column]
    for needle, char, hint in _SYNTAX_HINTS:
        if needle in message and (not char or here == char):
            message += f"; {hint}"
            break
    if (context == "while scanning a simple key" and context_mark is not None
            and context_mark.line + 1 == line):
        # A key too long for YAML (over 1024 characters): point at where it starts, not at
        # its far end.
        column = context_mark.column + 1
        message += " (a key may be at most 1024 characters long)"
    return DocError(line, column, message)


def parse(text: str, *, max_keys: int = MAX_KEYS) -> Doc:
    """One YAML document as plain values with marks; DocError when it is not readable at all."""
    loader = _Loader(text)
    try:
        root, extra, anchored = _compose(loader, max_keys)
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, text) from None
    finally:
        loader.dispose()
    if root is None:
        raise DocError(1, 1, "the file is empty (a level starts with 'format: 1')")
    if anchored:
        lines = split_lines(text)
        for node in anchored:
            node.start_mark = _past_anchor(lines, node.start_mark)
    builder = _Builder(text)
    value = builder.build(root, (), 0)
    doc = Doc(text=text, root=root, value=value, index=builder.index, problems=builder.problems,
              notes=builder.notes, strict_notes=builder.strict,
              text_notes=builder.text_only)
    if extra is not None:
        doc.problems.append((extra, (), "the file holds more than one YAML document ('---'); "
                                         "a level or pack file holds exactly one"))
    return doc


def read_document(path: str | os.PathLike[str], *, max_keys: int = MAX_KEYS) -> Doc:
    """A whole file through every limit above, for files other than levels and packs.

    Progress, settings, replays and editor drafts are read here: a file that breaks a limit,
    holds a tag, an alias bomb or an impossible value (a date like 2024-13-45) is a DocError
    with its line and column, never a hang, a crash or a value built in full first.
    """
    doc = parse(read_text(path), max_keys=max_keys)
    if doc.problems:
        node, where, message = doc.problems[0]
        error = _mark_error(node.start_mark, message)
        error.field = doc.field_name(where)
        raise error
    return doc


def show_tag(tag: str) -> str:
    """!!python/object rather than tag:yaml.org,2002:python/object."""
    return "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag


def _mark_error(mark: Any, message: str) -> DocError:
    return DocError(mark.line + 1, mark.column + 1, message)


def _past_anchor(lines: list[str], mark: Any) -> Any:
    """Where an anchored value itself starts: past its '&name' and the space or lines after."""
    line, column = mark.line, mark.column
    text = lines[line] if line < len(lines) else ""
    anchor = _ANCHOR.match(text, column)
    if anchor is None:
        return mark  # a tag comes first: the value is read from the tag on
    column = anchor.end()
    while True:
        while column < len(text) and text[column] in " \t":
            column += 1
        if column < len(text) and text[column] != "#":
            return yaml.Mark(mark.name, mark.index, line, column, None, 0)  # no buffer: no snippet
        line, column = line + 1, 0
        if line >= len(lines):
            return mark
        text = lines[line]


def _compose(loader: Any, max_keys: int = MAX_KEYS) -> tuple[Node | None, Node | None, list[Node]]:
    """Build the node graph from parser events without recursion, counting depth and aliases.

    Also returns the anchored nodes: their marks start at the '&name', not at the value.
    """
    get = loader.get_event
    get()  # StreamStart
    first = get()
    if type(first) is StreamEndEvent:
        return None, None, []
    assert type(first) is DocumentStartEvent
    anchors: dict[str, Node] = {}
    resolved: dict[tuple[str, Any], str] = {}  # the resolver is slow; values repeat a lot
    stack: list[Node] = []
    pending: list[Node | None] = []
    aliases = 0
    anchored: list[Node] = []
    root: Node | None = None
    str_tag = _TAG + "str"
    while root is None:
        event = get()
        kind = type(event)
        node: Node
        opens = False
        if kind is ScalarEvent:
            tag = event.tag
            if tag is None:
                key = (event.value, event.implicit)
                tag = resolved.get(key)
                if tag is None:
                    tag = resolved[key] = loader.resolve(ScalarNode, event.value, event.implicit)
            elif tag == "!":
                tag = str_tag
            node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
        elif kind is MappingStartEvent or kind is SequenceStartEvent:
            if len(stack) >= MAX_DEPTH:
                raise _mark_error(event.start_mark, f"nested more than {MAX_DEPTH} levels deep; "
                                  "Gridfall's files need a handful")
            node_kind = SequenceNode if kind is SequenceStartEvent else MappingNode
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(node_kind, None, event.implicit)
            node = node_kind(tag, [], event.start_mark, event.end_mark, flow_style=event.flow_style)
            opens = True
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            done = stack.pop()
            pending.pop()
            done.end_mark = event.end_mark
            if not stack:
                root = done
            continue
        elif kind is AliasEvent:
            aliases += 1
            if aliases > MAX_ALIASES:
                raise _mark_error(event.start_mark, f"more than {MAX_ALIASES} aliases ('*name'); "
                                  "Gridfall's files need none, so this file is refused")
            if event.anchor not in anchors:
                raise _mark_error(event.start_mark, f"alias '*{event.anchor}' names no anchor "
                                  "('&name') above it")
            target = anchors[event.anchor]
            if any(open_node is target for open_node in stack):
                raise _mark_error(target.start_mark, f"nested more than {MAX_DEPTH} levels deep "
                                  f"(through aliases): '*{event.anchor}' sits inside the value "
                                  f"'&{event.anchor}' names, so it never ends; refused")
            # The same value at the alias's place, so a problem with it points here.
            if isinstance(target, ScalarNode):
                node = ScalarNode(target.tag, target.value, event.start_mark, event.end_mark,
                                  style=target.style)
            elif isinstance(target, SequenceNode):
                node = SequenceNode(target.tag, target.value, event.start_mark, event.end_mark,
                                    flow_style=target.flow_style)
            else:
                assert isinstance(target, MappingNode)
                node = MappingNode(target.tag, target.value, event.start_mark, event.end_mark,
                                   flow_style=target.flow_style)
        else:  # pragma: no cover - the parser yields nothing else inside a document
            raise _mark_error(event.start_mark, f"unexpected YAML event {kind.__name__}")
        if kind is not AliasEvent and event.anchor is not None:
            anchors[event.anchor] = node
            anchored.append(node)
        if stack:
            parent = stack[-1]
            if type(parent) is SequenceNode:
                parent.value.append(node)
                if len(parent.value) > MAX_ITEMS:
                    raise _mark_error(parent.start_mark, f"a list with more than {MAX_ITEMS:,} "
                                      "items; refused")
            elif pending[-1] is None:
                pending[-1] = node
            else:
                parent.value.append((pending[-1], node))
                pending[-1] = None
                if len(parent.value) > max_keys:
                    raise _mark_error(parent.start_mark, f"a mapping with more than {max_keys:,} "
                                      "keys; refused")
        elif not opens:
            root = node
        if opens:
            stack.append(node)
            pending.append(None)
    end = get()
    assert type(end) is DocumentEndEvent
    after = get()
    if type(after) is DocumentStartEvent:
        mark: Any = after.start_mark
        marker = ScalarNode(_TAG + "null", "", mark, mark)
        return root, marker, anchored
    return root, None, anchored


class _Builder:
    """Turns nodes into plain values (dict, list, str, int, ...) and records every value's node."""

    def __init__(self, text: str) -> None:
        self.index: dict[Path, Entry] = {}
        self.problems: list[tuple[Node, Path, str]] = []
        self.notes: dict[int, str] = {}
        self.strict: set[int] = set()
        self.text_only: set[int] = set()
        self.count = 0
        self.seen: set[int] = set()
        self.constructor = SafeConstructor()

    def build(self, node: Node, path: Path, depth: int, key: Node | None = None,
              in_list: bool = False, repeated: bool = False) -> Any:
        # A node met a second time comes from an alias: count everything it copies.
        repeated = repeated or id(node) in self.seen
        self.seen.add(id(node))
        if repeated:
            self.count += 1
            if self.count > MAX_REPEATED:
                raise _mark_error(node.start_mark, f"aliases ('*name') repeat more than "
                                  f"{MAX_REPEATED:,} values; refused (Gridfall's files need none)")
        if depth > MAX_DEPTH:
            raise _mark_error(node.start_mark, f"nested more than {MAX_DEPTH} levels deep "
                              "(through aliases); refused")
        self.index.setdefault(path, Entry(key, node, in_list))
        if isinstance(node, ScalarNode):
            return self.scalar(node, path)
        if node.tag not in (_TAG + "seq", _TAG + "map"):
            self.problems.append((node, path, f"the tag {show_tag(node.tag)} is not allowed in Gridfall's files"))
            return None
        if isinstance(node, SequenceNode):
            if not isinstance(node.value, list):
                return None
            return [self.build(item, path + (i,), depth + 1, None, True, repeated)
                    for i, item in enumerate(node.value)]
        assert isinstance(node, MappingNode)
        return self.mapping(node, path, depth, repeated)

    def mapping(self, node: MappingNode, path: Path, depth: int, repeated: bool) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        first: dict[tuple[type, Any], Node] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self.problems.append((key_node, path, "a key must be a word or a number, "
                                      "not a list or mapping"))
                continue
            if key_node.tag == _TAG + "merge":
                self.problems.append((key_node, path, "merge keys ('<<') are not allowed in "
                                      "level files; write the keys out"))
                continue
            key = self.scalar(key_node, path)
            try:
                ident = (type(key), key)
                hash(ident)
            except TypeError:  # pragma: no cover - scalars are hashable
                continue
            shown = key if isinstance(key, str) else str(key)
            if ident in first:
                line = first[ident].start_mark.line + 1
                self.problems.append((key_node, path + (shown,),
                                      f"'{shown}' is given twice (first on line {line}); "
                                      "give each key once"))
                continue
            first[ident] = key_node
            child = path + (key,)
            value = self.build(value_node, child, depth + 1, key_node, False, repeated)
            if not isinstance(key, str):
                self.index.setdefault(path + (shown,), self.index[child])
            out[key] = value
        return out

    def scalar(self, node: ScalarNode, path: Path) -> Any:
        tag = node.tag
        if tag == _STR:
            return node.value
        src = node.value
        if len(src) > MAX_NUMBER_CHARS and tag in (_INT, _TAG + "float"):
            # Python refuses to turn (or print) ints of over 4300 digits, and no level field
            # needs more than a few: refuse long numbers here, before any conversion.
            self.problems.append((node, path, f"a number of {len(src)} characters is far too "
                                  f"long (at most {MAX_NUMBER_CHARS})"))
            return None
        if tag == _INT and src.isascii() and src.isdigit() and (src[0] != "0" or src == "0"):
            if not node.style:
                self.notes[id(node)] = (f"YAML reads {src} as a number; write \"{src}\" in "
                                        "quotes if you mean the text")
                self.text_only.add(id(node))
            return int(src)
        if tag not in _SCALAR_TAGS:
            self.problems.append((node, path, f"the tag {show_tag(tag)} is not allowed in Gridfall's files (only plain values)"))
            return None
        plain = node.style is None or node.style == ""
        name = tag[len(_TAG):]
        try:
            value = getattr(self.constructor, f"construct_yaml_{name}")(node)
        except (ValueError, TypeError, OverflowError, yaml.YAMLError):
            self.problems.append((node, path, f"'{node.value}' is not a valid {name}"))
            return None
        if plain and name != "str":
            self.note(node, value)
        return value

    def note(self, node: ScalarNode, value: Any) -> None:
        """Remember how YAML 1.1 read a bare word or number, for a clearer message later."""
        src = node.value
        if src == "" and value is None:
            self.notes[id(node)] = "the value is empty"
            return
        if isinstance(value, bool):
            self.notes[id(node)] = (f"YAML reads the bare word {src} as {str(value).lower()}; "
                                    f"write \"{src}\" in quotes if you mean the text")
        elif value is None:
            self.notes[id(node)] = (f"YAML reads {src} as nothing (null); write \"{src}\" in "
                                    "quotes if you mean the text")
        elif isinstance(value, (int, float)) and (":" in src or _OCTAL.match(src)):
            how = "in base 60" if ":" in src else "as an octal number"
            self.notes[id(node)] = (f"YAML reads {src} {how}, giving {value}; write it without "
                                    "leading zeros, or in quotes if you mean the text")
            self.strict.add(id(node))
        elif isinstance(value, (int, float)):
            self.notes[id(node)] = (f"YAML reads {src} as a number; write \"{src}\" in quotes "
                                    "if you mean the text")
            self.text_only.add(id(node))
        else:
            self.notes[id(node)] = (f"YAML reads {src} as a {type(value).__name__}; write "
                                    f"\"{src}\" in quotes if you mean the text")
