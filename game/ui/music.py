"""The background music: one quiet loop (made by assets/make_music.py), played at the settings' level, silent without audio."""

from __future__ import annotations

import io
import lzma
from typing import Protocol

import pyglet.media as media
from pyglet.media.codecs.wave import WaveDecoder

from game.io import gate
from game.io.paths import assets_dir

FILE = "music.wav.xz"   # a WAV, xz-compressed: pyglet reads WAV itself (the game loads no FFmpeg)


class Tune(Protocol):
    """What the app asks of the music: play at `level` (0 is silent), or stop for good."""

    def follow(self, level: float) -> None: ...

    def stop(self) -> None: ...


class NoMusic:
    """No music at all: the app's default, so a test or a headless run never starts audio."""

    def follow(self, level: float) -> None:
        pass

    def stop(self) -> None:
        pass


class Music:
    """The loop, loaded on first need and looped by pyglet; any audio failure turns it silent for
    good (a machine without an audio device plays on without music, as without effects)."""

    def __init__(self) -> None:
        self.player: media.Player | None = None
        self.failed: str | None = None
        self.level = 0.0

    def _load(self) -> media.Source:
        data = lzma.decompress(gate.read_bytes(assets_dir() / "sounds" / FILE))
        return media.load("music.wav", file=io.BytesIO(data), streaming=False, decoder=WaveDecoder())

    def follow(self, level: float) -> None:
        """Play at `level` (0 to 1): start it, change its loudness, or pause it at 0."""
        self.level = level
        if self.failed is not None:
            return
        try:
            if level <= 0.0:
                if self.player is not None and self.player.playing:
                    self.player.pause()
                return
            if self.player is None:
                source = self._load()
                self.player = media.Player()
                self.player.loop = True   # a static source: pyglet starts it again at its end
                self.player.queue(source)
            self.player.volume = level
            if not self.player.playing:
                self.player.play()
        except Exception as exc:  # no device, no driver, a broken file: play on without music
            self.failed = f"{type(exc).__name__}: {exc}"

    def stop(self) -> None:
        """The game is closing: let the audio go."""
        if self.player is not None:
            try:
                self.player.delete()
            except Exception:   # a driver already gone: nothing left to free
                pass
            self.player = None
