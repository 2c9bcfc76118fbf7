"""Short names a person can say aloud for a level: `first-steps/7` or `first-steps/garden-beds` (a
built-in or installed pack's level, by number or id) and `daily:2026-12-02:chain` (a day's daily)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.core import Level, quoted
from game.io import Pack

_PACK_LEVEL = re.compile(r"([a-z0-9][a-z0-9_-]*)/([a-z0-9][a-z0-9_-]*)")
DAILY = "daily:"


@dataclass(frozen=True, slots=True)
class Named:
    """The level a short name names, and the pack to play it in."""

    level: Level
    pack: Pack


def is_short_name(text: str) -> bool:
    """Whether `text` has the shape of a short name (a file path of that shape is checked first)."""
    return text.startswith(DAILY) or _PACK_LEVEL.fullmatch(text) is not None


def named_level(text: str) -> Named:
    """The level `text` names; ValueError (one line) for a pack, level, date or mode there is none of."""
    if text.startswith(DAILY):
        return _daily(text[len(DAILY):])
    found = _PACK_LEVEL.fullmatch(text)
    if found is None:
        raise ValueError(f"{quoted(text)} is not a short name (PACK/LEVEL, PACK/NUMBER or daily:YYYY-MM-DD:MODE)")
    from game.io import find_pack

    pack = find_pack(found.group(1))   # PackNotFoundError (a ValueError) names the pack
    which = found.group(2)
    if which.isdigit():
        number = int(which)
        if not 1 <= number <= len(pack.levels):
            raise ValueError(f"the pack {quoted(pack.id)} has levels 1 to {len(pack.levels)}, not {number}")
        return Named(pack.levels[number - 1], pack)
    level = next((lv for lv in pack.levels if lv.id == which), None)
    if level is None:
        raise ValueError(f"the pack {quoted(pack.id)} has no level {quoted(which)}")
    return Named(level, pack)


def _daily(rest: str) -> Named:
    from game.bots.daily import daily_id, daily_name, daily_puzzle, parse_date, parse_mode

    day_text, colon, mode_text = rest.partition(":")
    if not colon:
        raise ValueError("a daily is named daily:YYYY-MM-DD:MODE, like daily:2026-12-02:chain")
    day, mode = parse_date(day_text), parse_mode(mode_text)   # DailyError (a ValueError) says why
    puzzle = daily_puzzle(day, mode)
    return Named(puzzle.level, Pack(id=daily_id(day, mode), name=daily_name(day), levels=(puzzle.level,),
                                    description="a day's daily puzzle"))
