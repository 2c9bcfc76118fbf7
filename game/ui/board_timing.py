"""The board's timing: how long each kind of step and effect plays at "normal" speed, and how many show.

The animation-speed setting scales every duration (0 is "instant"); reduced motion drops the
shakes, sparks and pulses. One place, so the feel of the game is tuned here.
"""

from __future__ import annotations

SWAP = 0.16
REJECT = 0.34
CLEAR = 0.20
FALL_BASE, FALL_PER_ROW = 0.10, 0.045
WALK = 0.11
SLIDE = 0.11
RESHUFFLE = 0.45
END_PULSE = 0.45
FORM = 0.14             # a special forming: its group pulls into its cell
DETONATE = 0.12         # the hold after each special goes off, so a chain reaction reads in order ...
DETONATE_STEP = 0.36    # ... and the most a step's holds add up to (a board of specials goes off quickly)
SWEEP = 0.22            # a line's beam runs out along its row or column ...
FADE = 0.22             # ... and every effect fades after its run
BLAST = 0.32
RAY = 0.16
BREAK = 0.26            # a hit taking a layer off a blocker (its wobble, or its exit at the last)
FALLER_EXIT = 0.28
POPUP = 0.9
SHAKE = 0.35            # a refused queued move's wobble
ANTICIPATE = 0.13       # a special swells and brightens this long before it goes off (the wind-up)
JOLT = 0.34             # the board shakes this long after a blast ...
JOLT_PER_CELL = 0.004   # ... by this share of a cell for each cell the step's blasts clear ...
JOLT_BASE = 0.03        # ... plus this ...
JOLT_TOP = 0.22         # ... up to this share of a cell (a board-wide combo): weight, never nausea
EXPLODE = 0.42          # a special's own burst of particles flies this long
GLINT = 0.55            # a special just formed: a star twinkles over it this long
COUNTER = 0.8           # the cascade counter ("x2", "x3" ...) stays this long after its step

FINALE_INTRO = 0.4      # the finale's "Bonus!" banner holds the board this long before the first line ...
FINALE_PACE = 2.5       # ... then its steps play this many times faster than a move's ...
FINALE_RAMP = 1.25      # ... and faster still with each of its steps (the specials left, each move) ...
FINALE_PACE_TOP = 8.0   # ... up to this: a long finale is a flourish, never a wait (a click skips it)

MAX_FX = 4              # specials a step shows going off (more burst with the step's sparks)
MAX_RAYS = 20           # a kindless special on a big board: its rays stay few enough for software GL
MAX_SPARKS = 160        # per clear step: a 16x16 cascade must not flood the frame
