"""Write Gridfall's background music, a quiet 32-second loop of chords and a tune, as an xz-compressed WAV with the standard library only."""

from __future__ import annotations

import io
import lzma
import math
import pathlib
import struct
import wave

RATE = 11025                     # the tune's highest overtones are under 5 kHz: a small file
BITS = 12                        # quiet music needs no more; the low bits zeroed pack tight
BEAT = 0.5                       # 120 beats a minute, four to a bar
BARS = 16
LENGTH = int(BARS * 4 * BEAT * RATE)
OUT = pathlib.Path(__file__).resolve().parent / "sounds" / "music.wav.xz"

# The chords, one a bar (root, third, fifth as MIDI notes): C Am F G twice, then F G Em Am,
# F G C C, so the last bar rests on the key and the loop comes round to its start.
C, AM, F, G, EM = (60, 64, 67), (57, 60, 64), (53, 57, 60), (55, 59, 62), (52, 55, 59)
CHORDS = (C, AM, F, G, C, AM, F, G, F, G, EM, AM, F, G, C, C)

# The tune: per bar, (beat, beats long, MIDI note); a bar with none rests.
Tune = tuple[tuple[float, float, int], ...]
A1: Tune = ((0, 1.5, 76), (1.5, 0.5, 74), (2, 1, 72), (3, 1, 67))
A2: Tune = ((0, 1.5, 69), (1.5, 0.5, 72), (2, 2, 76))
A3: Tune = ((0, 1, 77), (1, 1, 76), (2, 1, 72), (3, 1, 69))
TUNE: tuple[Tune, ...] = (
    A1, A2, A3, ((0, 1.5, 67), (1.5, 0.5, 69), (2, 1, 71), (3, 1, 74)),
    A1, A2, A3, ((0, 1, 74), (1, 1, 71), (2, 2, 67)),
    ((0, 1.5, 77), (1.5, 0.5, 76), (2, 1, 74), (3, 1, 72)), ((0, 1.5, 74), (1.5, 0.5, 72), (2, 1, 71), (3, 1, 67)),
    ((0, 1, 76), (1, 1, 79), (2, 1, 76), (3, 1, 71)), ((0, 1.5, 72), (1.5, 0.5, 71), (2, 2, 69)),
    ((0, 1, 69), (1, 1, 72), (2, 1.5, 77), (3.5, 0.5, 76)), ((0, 1.5, 74), (1.5, 0.5, 76), (2, 1, 74), (3, 1, 71)),
    ((0, 3, 72),), (),
)


def hz(note: int) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


def add(samples: list[float], start: float, length: float, note: int, volume: float,
        harmonics: tuple[float, ...], attack: float, decay: float, release: float = 0.08) -> None:
    """One note into the loop: harmonics of its pitch under a soft attack, an exponential decay
    and a release at its end (nothing clicks). A tail that rings past the loop's end wraps round
    to its start, so the loop is seamless."""
    f = hz(note)
    first, count = int(start * RATE), int(length * RATE)
    step = 2 * math.pi * f / RATE
    for i in range(count):
        t = i / RATE
        envelope = min(1.0, t / attack, (length - t) / release) * math.exp(-t / decay)
        if t > attack and envelope < 1e-4:
            break
        x = i * step
        value = sum(h * math.sin((k + 1) * x) for k, h in enumerate(harmonics) if h)
        samples[(first + i) % LENGTH] += volume * envelope * value


def render() -> list[float]:
    samples = [0.0] * LENGTH
    bar = 4 * BEAT
    for n, chord in enumerate(CHORDS):
        start = n * bar
        for note in chord:   # the pad: the chord held soft under the bar, fading into the next
            add(samples, start, bar + 0.6, note, 0.05, (1.0, 0.25), attack=0.35, decay=2.4, release=0.7)
        for half in (0, 2):   # the bass: the root an octave down, twice a bar
            add(samples, start + half * BEAT, 2 * BEAT + 0.3, chord[0] - 12, 0.16, (1.0, 0.3, 0.1),
                attack=0.01, decay=0.45)
        for k in range(8):    # a music box: the chord's notes in eighths, two octaves up
            note = chord[(0, 1, 2, 1)[k % 4]] + 24
            add(samples, start + k * BEAT / 2, 0.7, note, 0.03, (1.0, 0.0, 0.15),
                attack=0.004, decay=0.18)
        for beat, beats, note in TUNE[n]:   # the tune: a soft mallet
            add(samples, start + beat * BEAT, beats * BEAT + 0.5, note, 0.13, (1.0, 0.35, 0.08),
                attack=0.008, decay=0.22 + 0.3 * beats * BEAT, release=0.3)
    return samples


def wav_bytes(samples: list[float]) -> bytes:
    peak = max(abs(s) for s in samples)
    step = 1 << (16 - BITS)
    scale = 0.8 * 32767 / peak / step
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", round(s * scale) * step) for s in samples))
    return out.getvalue()


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    # A delta filter before LZMA: a sound's next sample is close to the last, so it packs tight.
    filters = [{"id": lzma.FILTER_DELTA, "dist": 2}, {"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME}]
    OUT.write_bytes(lzma.compress(wav_bytes(render()), format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=filters))


if __name__ == "__main__":
    main()
