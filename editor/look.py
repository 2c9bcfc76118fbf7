"""The editor's look: panel sizes, the game's palette as the editor's colours, and small text helpers."""

from __future__ import annotations

from typing import Any, Callable

from game.ui.screens import style

HEADER_H = 44
PALETTE_W = 180
PROPS_W = 350
PROBLEMS_H = 150
AUTOSAVE_SECONDS = 2.0    # after a change, before it is autosaved to the recovery file
PACKS_PER_PAGE = 10
LEVELS_PER_PAGE = 10
# The game's one palette (game.ui.screens.style), as RGB for the editor's panels and texts.
BG = style.HEADER[:3]
PANEL = style.OPTION[:3]
TEXT = style.TEXT[:3]
DIM = style.TEXT_MUTED[:3]
BAD = style.DANGER_HOVER[:3]
GOOD = style.BAR_FILL[:3]
SELECTED = style.PRIMARY[:3]
WARN = style.GOLD[:3]


def page_of(items: list[Any], page: int, per: int) -> tuple[int, int, list[Any]]:
    """The page clamped to the pages there are, how many pages, and that page's items."""
    pages = max(1, (len(items) + per - 1) // per)
    page = max(0, min(page, pages - 1))
    return page, pages, items[page * per:(page + 1) * per]


def pager(page: int, pages: int, go: Callable[[int], None]) -> list[tuple[Any, ...]]:
    """Prev/Next buttons and 'page n of m' for a dialog row (nothing when one page is all)."""
    if pages <= 1:
        return []
    row: list[tuple[Any, ...]] = []
    if page > 0:
        row.append(("button", "< Prev", 100, lambda: go(page - 1)))
    if page < pages - 1:
        row.append(("button", "Next >", 100, lambda: go(page + 1)))
    row.append(("label", f"page {page + 1} of {pages}", 160))
    return row


def rgba(color: Any) -> tuple[int, int, int, int]:
    c = tuple(int(v) for v in color)
    return (c[0], c[1], c[2], c[3] if len(c) > 3 else 255)


def as_text(value: Any) -> str:
    return "" if value is None else str(value)


def clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


def clip_path(path: str, n: int) -> str:
    """A long path cut at its start: the folder and file name at its end are what a designer reads."""
    return path if len(path) <= n else "..." + path[-(n - 3):]
