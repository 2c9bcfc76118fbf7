"""`gridfall daily --date` (issue 22): only YYYY-MM-DD is a date (an ISO week or compact date is
refused, not read as another day), and a long argument is never echoed whole."""

from __future__ import annotations

from typing import Any

import pytest

from game.cli import main


@pytest.mark.parametrize("text", [
    "2026-W01-1", "2026W011", "20261123", "2026-02-30", "2026-13-01", "2026-1-1", "2026-01-01 ",
    "２０２６-01-01", "9" * 10_000, "", "2026-01-01T00:00", "yesterday", "2026-001",
])
def test_anything_but_a_calendar_date_is_refused_in_one_short_line(capsys: Any, text: str) -> None:
    assert main(["daily", "--date", text]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "not a date" in out.err and "YYYY-MM-DD" in out.err
    assert len(out.err) < 200 and len(out.err.strip().splitlines()) == 1


def test_a_long_mode_is_cut_too(capsys: Any) -> None:
    assert main(["daily", "--date", "2026-01-01", "--mode", "x" * 10_000]) == 2
    err = capsys.readouterr().err
    assert "unknown mode" in err and len(err) < 300


def test_a_calendar_date_still_works(capsys: Any) -> None:
    assert main(["daily", "--date", "2026-01-05", "--mode", "slide"]) == 0
    assert "id: daily-2026-01-05-slide" in capsys.readouterr().out
