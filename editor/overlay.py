"""A sheet over the board (the difficulty report, the pack overview): what the editor asks of one while it is open."""

from __future__ import annotations

from typing import Protocol

from game.ui.layout import Rect

from .look import HEADER_H, PALETTE_W, PROBLEMS_H, PROPS_W


class Overlay(Protocol):
    """A part drawn over the board while open; the editor hands it the input over its area
    (and Escape), the header, palette and properties stay usable around it."""

    @property
    def is_open(self) -> bool: ...

    def area(self) -> Rect: ...

    def draw(self) -> None: ...

    def press(self, x: float, y: float, button: int, modifiers: int) -> None: ...

    def drag(self, x: float, y: float) -> None: ...

    def release(self, x: float, y: float) -> None: ...

    def key(self, symbol: int, modifiers: int) -> bool:
        """A key while open: True when the sheet used it (Escape closes it)."""

    def scroll(self, x: float, y: float, amount: float) -> None: ...


def board_area(width: float, height: float) -> Rect:
    """Where a sheet sits: over the board, between the palette, the properties and the problems."""
    return Rect(PALETTE_W + 4, PROBLEMS_H + 4, width - PALETTE_W - PROPS_W - 8, height - HEADER_H - PROBLEMS_H - 8)


class Sheets:
    """The editor's sheets: the open one gets the input over its area (the view asks first)."""

    def __init__(self, *sheets: Overlay) -> None:
        self.sheets = list(sheets)

    def add(self, sheet: Overlay) -> None:
        self.sheets.append(sheet)

    def open(self) -> Overlay | None:
        return next((o for o in self.sheets if o.is_open), None)

    def draw(self) -> bool:
        """Draw the open sheet; True when one was drawn."""
        sheet = self.open()
        if sheet is not None:
            sheet.draw()
        return sheet is not None

    def press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        sheet = self.open()
        if sheet is None or not sheet.area().contains(x, y):
            return False
        sheet.press(x, y, button, modifiers)
        return True

    def drag(self, x: float, y: float) -> bool:
        sheet = self.open()
        if sheet is not None:
            sheet.drag(x, y)
        return sheet is not None

    def release(self, x: float, y: float) -> None:
        sheet = self.open()
        if sheet is not None:
            sheet.release(x, y)

    def scroll(self, x: float, y: float, amount: float) -> bool:
        sheet = self.open()
        if sheet is None or not sheet.area().contains(x, y):
            return False
        sheet.scroll(x, y, amount)
        return True

    def key(self, symbol: int, modifiers: int) -> bool:
        sheet = self.open()
        return sheet is not None and sheet.key(symbol, modifiers)
