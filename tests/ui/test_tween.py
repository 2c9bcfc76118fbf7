"""The tween engine: steps in order, time carried across steps, speed scaling, instant, background."""

from __future__ import annotations

import pytest

from game.ui.tween import Animator, Tween, call, ease_out, there_and_back


class Thing:
    def __init__(self) -> None:
        self.center_x = 0.0
        self.center_y = 0.0
        self.alpha = 255


def test_a_tween_reaches_its_end_exactly_and_reports_leftover_time() -> None:
    t = Thing()
    tween = Tween(t, 1.0, center_x=10.0)
    assert tween.update(0.25) is None and t.center_x == pytest.approx(2.5)
    assert tween.update(0.5) is None and t.center_x == pytest.approx(7.5)
    left = tween.update(0.4)
    assert left == pytest.approx(0.15) and t.center_x == 10.0 and tween.done


def test_start_values_are_read_when_the_step_begins_not_when_it_is_queued() -> None:
    t = Thing()
    anim = Animator()
    anim.push(lambda: [Tween(t, 0.5, center_x=100.0)])
    anim.push(lambda: [Tween(t, 0.5, center_y=50.0)])
    anim.update(0.25)
    assert t.center_x == pytest.approx(50.0) and t.center_y == 0.0   # the second waits its turn
    anim.update(0.5)          # finishes the first and carries 0.25 s into the second
    assert t.center_x == 100.0 and t.center_y == pytest.approx(25.0)
    anim.update(1.0)
    assert (t.center_x, t.center_y) == (100.0, 50.0) and not anim.busy


def test_speed_scales_durations_and_zero_is_instant() -> None:
    t = Thing()
    slow = Animator(speed=2.0)
    slow.push(lambda: [Tween(t, 1.0, center_x=10.0)])
    slow.update(1.0)
    assert t.center_x == pytest.approx(5.0) and slow.busy
    u = Thing()
    instant = Animator(speed=0.0)
    hits: list[str] = []
    instant.push(lambda: [Tween(u, 1.0, center_x=10.0), call(lambda: hits.append("a"))])
    instant.push(lambda: [Tween(u, 3.0, delay=1.0, center_y=4.0)])
    instant.update(0.0)
    assert (u.center_x, u.center_y, hits, instant.busy) == (10.0, 4.0, ["a"], False)


def test_finish_plays_everything_to_its_end_and_runs_callbacks_once() -> None:
    t = Thing()
    anim = Animator()
    done: list[int] = []
    anim.push(lambda: [Tween(t, 1.0, center_x=3.0, on_done=lambda: done.append(1))])
    anim.push(lambda: [Tween(t, 1.0, alpha=0.0, on_done=lambda: done.append(2))])
    anim.update(0.1)
    anim.finish()
    assert (t.center_x, t.alpha, done, anim.busy) == (3.0, 0, [1, 2], False)


def test_background_tweens_never_hold_up_the_steps() -> None:
    t, pop = Thing(), Thing()
    anim = Animator()
    anim.add_background(Tween(pop, 5.0, center_y=100.0))
    anim.push(lambda: [Tween(t, 0.2, center_x=1.0)])
    anim.update(0.3)
    assert not anim.busy and t.center_x == 1.0 and 0 < pop.center_y < 100


def test_relative_there_and_back_returns_home() -> None:
    t = Thing()
    tween = Tween(t, 1.0, ease=there_and_back, relative=True, center_x=(5.0, 10.0))
    tween.update(0.5)
    assert t.center_x == pytest.approx(15.0)
    tween.update(0.6)
    assert t.center_x == pytest.approx(5.0)


def test_alpha_stays_a_whole_number_in_range() -> None:
    t = Thing()
    Tween(t, 1.0, ease=ease_out, alpha=-40.0).update(2.0)
    assert t.alpha == 0 and isinstance(t.alpha, int)
