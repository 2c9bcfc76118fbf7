"""Entry point for `python -m game` and the `gridfall` console script."""

from __future__ import annotations

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
