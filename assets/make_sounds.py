"""Write Gridfall's short sound effects as 16-bit mono WAVs with the standard library only."""

from __future__ import annotations

import math
import pathlib
import struct
import wave

RATE = 22050
OUT = pathlib.Path(__file__).resolve().parent / "sounds"

# Each effect: a list of (start s, length s, start Hz, end Hz, volume) notes, mixed together.
# A note of 0 Hz to 0 Hz is a burst of noise (a blast's crack), from a fixed generator so the
# files come out the same bytes every time.
Note = tuple[float, float, float, float, float]
NOISE = 0.0
ARPEGGIO = (523.25, 659.25, 783.99, 1046.5, 1318.5)   # C major, up: a rainbow's shimmer


def _rise(start: float, gap: float, dur: float, vol: float) -> list[Note]:
    return [(start + i * gap, dur, f, f * 1.01, vol) for i, f in enumerate(ARPEGGIO)]


LINE: list[Note] = [(0.0, 0.16, 380, 1900, 0.3), (0.02, 0.14, 760, 2600, 0.14), (0.0, 0.07, NOISE, NOISE, 0.12)]
BOMB: list[Note] = [(0.0, 0.3, 150, 42, 0.55), (0.0, 0.06, NOISE, NOISE, 0.35), (0.03, 0.22, NOISE, NOISE, 0.14)]
EFFECTS: dict[str, list[Note]] = {
    "swap": [(0.0, 0.07, 520, 700, 0.35)],
    "rejected": [(0.0, 0.09, 220, 180, 0.4), (0.1, 0.09, 200, 150, 0.4)],
    "clear": [(0.0, 0.12, 660, 990, 0.35), (0.03, 0.1, 880, 1320, 0.2)],
    "chain": [(0.0, 0.06, 780, 820, 0.3)],
    "slide": [(0.0, 0.06, 300, 240, 0.35)],
    "win": [(0.0, 0.14, 523, 523, 0.35), (0.13, 0.14, 659, 659, 0.35), (0.26, 0.3, 784, 784, 0.35)],
    "lose": [(0.0, 0.18, 392, 370, 0.35), (0.17, 0.18, 330, 311, 0.35), (0.34, 0.35, 262, 220, 0.35)],
    # A special forms from a run of four or five, an L or a T: a bright two-note chime with a
    # sparkle over it, so a new player hears they made something (apart from every special's going off).
    "form": [(0.0, 0.1, 1175, 1180, 0.22), (0.07, 0.26, 1760, 1768, 0.24), (0.07, 0.22, 3520, 3536, 0.05),
             (0.12, 0.2, 2637, 2650, 0.06)],
    # Each special its own: a line zips along, a bomb thumps, a rainbow shimmers up a chord.
    "line": LINE,
    "bomb": BOMB,
    "rainbow": _rise(0.0, 0.05, 0.2, 0.2) + [(0.0, 0.45, 1500, 3100, 0.05)],
    # Each combo of two specials swapped together its own, bigger than either.
    "combo-cross": [(0.0, 0.22, 380, 2100, 0.28), (0.0, 0.22, 2100, 380, 0.22), (0.0, 0.1, NOISE, NOISE, 0.16)],
    "combo-line-bomb": BOMB + [(0.04, 0.26, 300, 2300, 0.22), (0.04, 0.26, 2300, 300, 0.18)],
    "combo-bombs": BOMB + [(0.13, 0.34, 120, 30, 0.55), (0.13, 0.08, NOISE, NOISE, 0.32),
                           (0.16, 0.3, NOISE, NOISE, 0.12)],
    "combo-rainbow-line": _rise(0.0, 0.035, 0.14, 0.18) + [(0.2 + n, 0.14, 380, 1900, 0.22) for n in (0.0, 0.06, 0.12)],
    "combo-rainbow-bomb": _rise(0.0, 0.035, 0.14, 0.18) + [(0.2, 0.3, 150, 42, 0.5), (0.2, 0.07, NOISE, NOISE, 0.3),
                                                           (0.32, 0.3, 130, 36, 0.45)],
    "combo-rainbows": _rise(0.0, 0.04, 0.5, 0.16) + [(0.0, 0.8, 200, 1600, 0.12), (0.25, 0.5, NOISE, NOISE, 0.12),
                                                     (0.3, 0.6, 110, 40, 0.45)],
    # A hit on a blocker, as its unit's look names it (game.core's Sound): a stone cracks, a
    # lock's chain clinks open, jelly squelches, a sheet of ice shatters.
    "crack": [(0.0, 0.05, NOISE, NOISE, 0.3), (0.0, 0.08, 240, 140, 0.3)],
    "clink": [(0.0, 0.1, 1760, 1700, 0.18), (0.04, 0.14, 2350, 2300, 0.14)],
    "squelch": [(0.0, 0.14, 320, 120, 0.35), (0.02, 0.1, 520, 260, 0.12)],
    "shatter": [(0.0, 0.12, NOISE, NOISE, 0.22), (0.0, 0.12, 2800, 3300, 0.08), (0.05, 0.12, 3100, 3700, 0.06)],
    # The finale begins: a short fanfare up to the octave.
    "bonus": [(0.0, 0.11, 523, 523, 0.3), (0.1, 0.11, 659, 659, 0.3), (0.2, 0.11, 784, 784, 0.3),
              (0.3, 0.4, 1047, 1047, 0.32), (0.3, 0.4, 1319, 1319, 0.12)],
}


def render(notes: list[Note]) -> bytes:
    """Sine sweeps with a short attack and an exponential tail, so nothing clicks."""
    length = max(start + dur for start, dur, *_ in notes) + 0.02
    samples = [0.0] * int(length * RATE)
    seed = 12345
    for start, dur, f0, f1, vol in notes:
        phase = 0.0
        first = int(start * RATE)
        count = int(dur * RATE)
        if f0 == NOISE and f1 == NOISE:
            for i in range(count):
                seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF   # a fixed LCG: the same file each time
                envelope = min(1.0, i / (0.002 * RATE)) * math.exp(-6.0 * i / count)
                samples[first + i] += vol * envelope * (seed / 0x3FFFFFFF - 1.0)
            continue
        for i in range(count):
            t = i / count
            phase += 2 * math.pi * (f0 + (f1 - f0) * t) / RATE
            envelope = min(1.0, i / (0.005 * RATE)) * math.exp(-4.0 * t)
            samples[first + i] += vol * envelope * math.sin(phase)
    return b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s)) * 32767)) for s in samples)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, notes in EFFECTS.items():
        with wave.open(str(OUT / f"{name}.wav"), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(render(notes))


if __name__ == "__main__":
    main()
