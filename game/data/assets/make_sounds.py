"""Write Gridfall's short sound effects as 16-bit mono WAVs with the standard library only."""

from __future__ import annotations

import math
import pathlib
import struct
import wave

RATE = 22050
OUT = pathlib.Path(__file__).resolve().parent / "sounds"

# Each effect: a list of (start s, length s, start Hz, end Hz, volume) notes, mixed together.
Note = tuple[float, float, float, float, float]
EFFECTS: dict[str, list[Note]] = {
    "swap": [(0.0, 0.07, 520, 700, 0.35)],
    "rejected": [(0.0, 0.09, 220, 180, 0.4), (0.1, 0.09, 200, 150, 0.4)],
    "clear": [(0.0, 0.12, 660, 990, 0.35), (0.03, 0.1, 880, 1320, 0.2)],
    "chain": [(0.0, 0.06, 780, 820, 0.3)],
    "slide": [(0.0, 0.06, 300, 240, 0.35)],
    "win": [(0.0, 0.14, 523, 523, 0.35), (0.13, 0.14, 659, 659, 0.35), (0.26, 0.3, 784, 784, 0.35)],
    "lose": [(0.0, 0.18, 392, 370, 0.35), (0.17, 0.18, 330, 311, 0.35), (0.34, 0.35, 262, 220, 0.35)],
}


def render(notes: list[Note]) -> bytes:
    """Sine sweeps with a short attack and an exponential tail, so nothing clicks."""
    length = max(start + dur for start, dur, *_ in notes) + 0.02
    samples = [0.0] * int(length * RATE)
    for start, dur, f0, f1, vol in notes:
        phase = 0.0
        first = int(start * RATE)
        count = int(dur * RATE)
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
