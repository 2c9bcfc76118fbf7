"""A level's `made:` note: how a generated level was made and measured (band, seeds, rate, interval)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .checking import Collector, Fault, describe, is_whole, unknown_keys

# The note's keys, in the order they are written.
MADE_KEYS = ("by", "band", "bot", "search_seeds", "seeds", "games", "wins", "rate", "interval", "distance")
MADE_BY = "gridfall generate"


@dataclass(frozen=True, slots=True)
class Made:
    """What a designer accepts with a generated level: the band it was asked for, the seeds it
    was searched on and the fresh seeds its figures come from, and those figures. A note: it
    changes no move, deal or score (the level's hashes leave it out)."""

    band: tuple[float, float]
    search_seeds: tuple[int, int]     # first and last seed the search played
    seeds: tuple[int, int]            # first and last fresh seed the figures come from
    games: int
    wins: int
    rate: float
    interval: tuple[float, float]     # 95% Wilson interval of the rate
    bot: str = "person"
    by: str = MADE_BY
    distance: float | None = None     # layout distance to the nearest level it was held against

    def to_dict(self) -> dict[str, Any]:
        """The note as a level file writes it (keys in MADE_KEYS order)."""
        out: dict[str, Any] = {"by": self.by, "band": list(self.band), "bot": self.bot,
                               "search_seeds": list(self.search_seeds), "seeds": list(self.seeds),
                               "games": self.games, "wins": self.wins, "rate": self.rate,
                               "interval": list(self.interval)}
        if self.distance is not None:
            out["distance"] = self.distance
        return out


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def parse_made(out: Collector, raw: Any) -> Made | None:
    """`made:`: the note `gridfall generate` writes; every problem goes to `out`."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        out.add(("made",), f"expected the mapping gridfall generate writes, found {describe(raw)}",
                fault=Fault.TYPE)
        return None
    out.problems += unknown_keys(raw, MADE_KEYS, ("made",))
    before = len(out.problems)

    def pair(key: str, whole: bool) -> tuple[Any, Any] | None:
        value: Any = raw.get(key)
        ok = isinstance(value, list) and len(value) == 2 and all(
            (is_whole(v) and v >= 0) if whole else (_number(v) and 0 <= v <= 1) for v in value)
        if not ok:
            what = "two seeds [first, last]" if whole else "two rates from 0 to 1 [low, high]"
            out.add(("made", key), f"expected {what}, found {describe(value)}", fault=Fault.TYPE)
            return None
        return value[0], value[1]

    def count(key: str) -> int:
        value: Any = raw.get(key)
        if not (is_whole(value) and value >= 0):
            out.add(("made", key), f"expected a whole number, found {describe(value)}", fault=Fault.TYPE)
            return 0
        return int(value)

    band, interval = pair("band", False), pair("interval", False)
    search, seeds = pair("search_seeds", True), pair("seeds", True)
    games, wins = count("games"), count("wins")
    rate: Any = raw.get("rate")
    distance: Any = raw.get("distance")
    if not (_number(rate) and 0 <= rate <= 1):
        out.add(("made", "rate"), f"expected a rate from 0 to 1, found {describe(rate)}", fault=Fault.TYPE)
    if distance is not None and not (_number(distance) and 0 <= distance <= 1):
        out.add(("made", "distance"), f"expected a distance from 0 to 1, found {describe(distance)}",
                fault=Fault.TYPE)
    by, bot = raw.get("by", MADE_BY), raw.get("bot", "person")
    for key, text in (("by", by), ("bot", bot)):
        if not isinstance(text, str):
            out.add(("made", key), f"expected text, found {describe(text)}", fault=Fault.NOT_TEXT)
    if len(out.problems) > before or band is None or interval is None or search is None or seeds is None:
        return None
    return Made(band=(float(band[0]), float(band[1])), search_seeds=(int(search[0]), int(search[1])),
                seeds=(int(seeds[0]), int(seeds[1])), games=games, wins=wins, rate=float(rate),
                interval=(float(interval[0]), float(interval[1])), bot=str(bot), by=str(by),
                distance=None if distance is None else float(distance))
