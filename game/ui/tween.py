"""A small tween engine driven only by on_update(dt): steps of tweens played one after another."""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Iterable

from arcade import easing

Ease = Callable[[float], float]
StepFactory = Callable[[], Iterable["Tween"]]

linear: Ease = easing.linear
ease_out: Ease = easing.ease_out
ease_in: Ease = easing.ease_in
ease_in_out: Ease = easing.ease_in_out


def there_and_back(t: float) -> float:
    """0 -> 1 -> 0: a move that returns to where it started (a rejected swap)."""
    return easing.ease_in_out(t * 2) if t < 0.5 else easing.ease_in_out((1 - t) * 2)


def shake(t: float) -> float:
    """A fading wobble around 0 (a cancelled chain): -1..1, ending at 0."""
    import math

    return math.sin(t * math.pi * 6) * (1 - t)


def _read(target: Any, prop: str) -> float:
    if prop == "scale":
        return float(target.scale_x)  # arcade 3's .scale is an (x, y) pair
    return float(getattr(target, prop))


def _write(target: Any, prop: str, value: float) -> None:
    if prop == "alpha":
        target.alpha = max(0, min(255, int(round(value))))
    else:
        setattr(target, prop, value)


class Tween:
    """Moves some numeric properties of `target` from a start to an end value over `duration`.

    `props` maps a property to its end value, or to (start, end); a missing start is read when the
    tween begins, so a tween queued behind others starts from wherever they left the target.
    """

    def __init__(self, target: Any, duration: float, *, delay: float = 0.0, ease: Ease = linear,
                 on_done: Callable[[], None] | None = None, relative: bool = False,
                 **props: float | tuple[float, float]) -> None:
        self.target = target
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.on_done = on_done
        self.relative = relative   # for shakes: values are offsets added to the start value
        self.props = props
        self.elapsed = 0.0
        self.done = False
        self._spans: dict[str, tuple[float, float]] | None = None

    def scaled(self, factor: float) -> "Tween":
        self.duration *= factor
        self.delay *= factor
        return self

    def _begin(self) -> None:
        spans: dict[str, tuple[float, float]] = {}
        for prop, value in self.props.items():
            if isinstance(value, tuple):
                spans[prop] = (float(value[0]), float(value[1]))
            else:
                spans[prop] = (_read(self.target, prop), float(value))
        self._spans = spans

    def _apply(self, t: float) -> None:
        assert self._spans is not None
        k = self.ease(t)
        for prop, (a, b) in self._spans.items():
            if self.relative:
                _write(self.target, prop, a + b * k)
            else:
                _write(self.target, prop, a + (b - a) * k)

    def update(self, dt: float) -> float | None:
        """Advance by dt; the time left over when it finishes, else None."""
        if self.done:
            return dt
        self.elapsed += dt
        if self.elapsed < self.delay:
            return None
        if self._spans is None:
            self._begin()
        run = self.elapsed - self.delay
        if run < self.duration:
            self._apply(run / self.duration)
            return None
        self.finish()
        return run - self.duration

    def finish(self) -> None:
        """Jump to the end value and run on_done (once)."""
        if self.done:
            return
        if self._spans is None:
            self._begin()
        self._apply(1.0)
        self.done = True
        if self.on_done is not None:
            self.on_done()


def call(fn: Callable[[], None]) -> Tween:
    """A zero-length tween that runs `fn` when reached."""
    return Tween(None, 0.0, on_done=fn)


class Animator:
    """Plays steps in order; a step is a factory of tweens that all run together.

    A step's tweens are made only when the step begins, from the targets' state at that moment.
    `speed` scales every duration; 0 plays every step to its end at once ("instant").
    Background tweens (pop-ups, pulses) run alongside and never hold up the steps.
    """

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._queue: deque[StepFactory] = deque()
        self._active: list[Tween] = []
        self._background: list[Tween] = []

    @property
    def busy(self) -> bool:
        return bool(self._active or self._queue)

    @property
    def moving(self) -> bool:
        """Anything plays, a step or a background tween: a frame is needed."""
        return bool(self._active or self._queue or self._background)

    def push(self, step: StepFactory) -> None:
        self._queue.append(step)

    def add_background(self, tween: Tween) -> None:
        tween.scaled(self.speed if self.speed > 0 else 0.0)
        if self.speed <= 0:
            tween.finish()
            return
        self._background.append(tween)

    def _start_next(self) -> None:
        step = self._queue.popleft()
        self._active = [t.scaled(self.speed) for t in step()]

    def update(self, dt: float) -> None:
        if self._background:
            self._background = [t for t in self._background if t.update(dt) is None]
        budget = dt
        while True:
            if not self._active:
                if not self._queue:
                    return
                self._start_next()
                continue
            leftovers = [t.update(budget) for t in self._active]
            if any(left is None for left in leftovers):
                self._active = [t for t in self._active if not t.done]
                return
            self._active = []
            budget = min((left for left in leftovers if left is not None), default=budget)

    def finish(self, keep: Callable[[Tween], bool] | None = None) -> None:
        """Play everything queued to its end now (a resize, an undo, a skip); background
        tweens that `keep` names play on."""
        while self._active or self._queue:
            if not self._active:
                self._start_next()
                continue
            for t in self._active:
                t.finish()
            self._active = []
        kept: list[Tween] = []
        for t in self._background:
            if keep is not None and keep(t):
                kept.append(t)
            else:
                t.finish()
        self._background = kept
