"""Property tests: random levels of every mode, random command sequences, every invariant."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

from corekit import (
    Grid, build_or_skip, ref_chain_exists, canonical, cells_with, examples, holes_of, level_dicts, random_commands,
    ref_chain_ok, ref_gravity, ref_legal_swaps, ref_runs, ref_slide_solvable, ref_special_swaps, solved,
)
from finaleref import check_finale
from game.core.state import FINALE, REACH_ON_THE_WAY
from game.core import (
    EMPTY, HOLE, PLAYER, RAINBOW, BonusScored, Chain, Chained, Cleared, Created, Detonated, Event, Fell, FinaleBegan,
    IllegalMove, Level, LeftoversFired, LevelError, Lost, MoveTurned, PlayerMoved, Reshuffled, Scored, Session, Slid, Slide, Spawned, State, Swap,
    SwapRejected, Swapped, Won, decide, evolve, fold, format_command, legal_commands, new_game,
    parse_command,
)

MOVE_EVENTS = (Swapped, Chained, Slid)


def tiles(grid: Grid) -> Counter[int]:
    return Counter(v for row in grid for v in row if v > 0)


def check_board_at_rest(state: State) -> None:
    """What every state between commands must look like, by mode."""
    level = state.level
    grid = state.grid
    assert len(grid) == level.height and all(len(row) == level.width for row in grid)
    assert holes_of(grid) == set(level.holes), "holes never change"
    if level.mode == "slide":
        flat = sorted(v for row in grid for v in row)
        assert flat == list(range(level.width * level.height)), "a slide board holds each tile once"
        assert ref_slide_solvable(grid), "a slide board stays solvable"
        return
    assert not cells_with(grid, EMPTY), "no empty cell left after a command"
    assert all(v <= level.kinds or v == RAINBOW for row in grid for v in row)
    on = dict(state.specials)
    assert len(on) == len(state.specials) and list(state.specials) == sorted(state.specials)
    assert all(grid[r][c] > 0 for r, c in on), "a special sits on a tile"
    assert {cell for cell, s in on.items() if s == "*"} == set(cells_with(grid, RAINBOW)), \
        "a cell holds a rainbow exactly when its special is '*'"
    if level.mode != "match3" or not level.rules.specials:
        assert not on, "specials only in match3 levels that have them"
    players = cells_with(grid, PLAYER)
    if level.player_start is None:
        assert players == [] and state.player is None
    else:
        assert players == [state.player]
    if level.mode == "match3":
        assert not ref_runs(grid, level.rules.min_match), "the board is still: no run left"


def check_legal_commands(state: State) -> None:
    """legal_commands keeps its contract; a legal move exists while playing."""
    legal = legal_commands(state)
    if state.status != "playing":
        assert legal == []
        return
    level = state.level
    assert legal, "a legal move exists while the game is playing"
    if level.mode == "match3":
        assert all(isinstance(c, Swap) for c in legal)
        got = {frozenset({c.a, c.b}) for c in legal if isinstance(c, Swap)}
        assert len(got) == len(legal), "each swap listed once"
        assert got == ref_legal_swaps(state.grid, level.rules.min_match) | ref_special_swaps(state)
    elif level.mode == "slide":
        gap = cells_with(state.grid, EMPTY)[0]
        want = {(gap[0] + dr, gap[1] + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= gap[0] + dr < level.height and 0 <= gap[1] + dc < level.width}
        assert {c.cell for c in legal if isinstance(c, Slide)} == want and len(legal) == len(want)
    else:
        for c in legal:
            assert isinstance(c, Chain)
            assert ref_chain_ok(state.grid, state.player, c.path, level.rules.min_chain,
                                level.rules.diagonal), c


def check_batch(before: State, events: list[Event]) -> State:
    """Walk the events one by one, checking each against the rules; return the end state."""
    level = before.level
    s = before
    ended = False
    step_events: list[Event] = []
    step_grid = before.grid
    swap_effect = False
    finale = False
    for i, e in enumerate(events):
        assert not ended, "nothing follows Won or Lost"
        if isinstance(e, FinaleBegan):
            assert level.mode == "match3" and before.rules >= FINALE and not finale
            check_finale(s, events[i:])
            finale = True
        nxt = evolve(s, e)
        if not isinstance(e, PlayerMoved):
            assert nxt.player == s.player, f"the player moves only by PlayerMoved ({e})"
            if not isinstance(e, Reshuffled):
                assert cells_with(nxt.grid, PLAYER) == cells_with(s.grid, PLAYER)
        assert holes_of(nxt.grid) == holes_of(s.grid), f"holes never change ({e})"
        eaten: list[int] = []
        if isinstance(e, Cleared):
            eaten = [s.grid[r][c] for r, c in e.cells if s.grid[r][c] != RAINBOW]
        elif isinstance(e, PlayerMoved):
            eaten = [s.grid[e.dst[0]][e.dst[1]]]
        if level.mode != "slide":
            want = list(s.collected)
            for k in eaten:
                want[k - 1] += 1
            assert list(nxt.collected) == want, "collect counts every tile cleared or eaten"
        if isinstance(e, Fell):
            srcs = [m[0] for m in e.moves]
            dsts = [m[1] for m in e.moves]
            assert e.moves and len(set(srcs)) == len(srcs) and len(set(dsts)) == len(dsts)
            for (sr, sc), (dr, dc) in e.moves:
                assert s.grid[sr][sc] > 0, "only tiles fall"
                assert sc == dc and dr > sr, "tiles fall straight down"
                assert s.grid[dr][dc] == EMPTY or (dr, dc) in srcs, "a tile lands on space"
                assert nxt.grid[dr][dc] == s.grid[sr][sc], "a falling tile keeps its kind"
            assert tiles(nxt.grid) == tiles(s.grid), "Fell is a permutation of tiles"
            assert nxt.grid == ref_gravity(s.grid), "gravity is a stable partition of each chute"
        elif isinstance(e, Spawned):
            assert s.grid == ref_gravity(s.grid), "new tiles come only after everything fell"
            spawned = [cell for cell, _ in e.tiles]
            assert sorted(spawned) == sorted(cells_with(s.grid, EMPTY)), "spawns fill every space"
            assert all(1 <= k <= level.kinds for _, k in e.tiles)
        elif isinstance(e, Cleared):
            assert len(set(e.cells)) == len(e.cells), "a crossing cell clears once"
            assert all(s.grid[r][c] > 0 for r, c in e.cells)
            if level.mode == "match3":
                # A rainbow made this step took its cell's kind away before the Cleared.
                runs = ref_runs(step_grid if step_events else s.grid, level.rules.min_match)
                made = {x.cell for x in step_events if isinstance(x, Created) and x.cell not in e.cells}
                fired = [x for x in step_events if isinstance(x, Detonated)]
                assert made <= runs, "a special is made in one of its group's cells"
                assert set(e.cells) >= runs - made or swap_effect, "every run explodes at once"
                if not fired:
                    assert set(e.cells) == runs - made, "without a blast, exactly the runs clear"
                assert all(x.cell in e.cells or x.cell in made for x in fired), "what goes off clears"
                assert not nxt.specials or not set(e.cells) & set(dict(nxt.specials)), \
                    "a cleared cell keeps no special"
                step_events = []
                swap_effect = False
        elif isinstance(e, (Created, Detonated)):
            # The finale's lines go off on any match3 board, even one that makes no specials.
            assert level.mode == "match3" and (level.rules.specials or finale)
            # A run forms only the specials the level names (`specials:`); a special swap's own
            # step may turn tiles into its partner's special, and the finale's lines are a rule.
            if isinstance(e, Created) and not finale and not swap_effect:
                assert e.special in level.forms, f"{e.special} formed where specials: {level.special_sorts}"
            if not step_events:
                step_grid = s.grid
            step_events.append(e)
        elif isinstance(e, PlayerMoved):
            assert e.src == s.player and nxt.player == e.dst
            assert max(abs(e.src[0] - e.dst[0]), abs(e.src[1] - e.dst[1])) == 1
            assert s.grid[e.dst[0]][e.dst[1]] > 0, "the player eats a tile"
            assert nxt.grid[e.src[0]][e.src[1]] == EMPTY
        elif isinstance(e, Reshuffled):
            assert i == len(events) - 1 or isinstance(events[i + 1], (Won, Lost))
            assert cells_with(e.grid, HOLE) == cells_with(s.grid, HOLE)
            assert cells_with(e.grid, PLAYER) == cells_with(s.grid, PLAYER)
            if level.mode == "match3":
                assert not ref_runs(e.grid, level.rules.min_match)
                assert ref_legal_swaps(e.grid, level.rules.min_match) or ref_special_swaps(nxt)
                assert Counter(sp for _, sp in nxt.specials) == Counter(sp for _, sp in s.specials), \
                    "a reshuffle keeps the specials"
        elif isinstance(e, Slid):
            assert s.grid[e.dst[0]][e.dst[1]] == EMPTY and s.grid[e.src[0]][e.src[1]] > 0
            assert abs(e.src[0] - e.dst[0]) + abs(e.src[1] - e.dst[1]) == 1
        elif isinstance(e, Chained):
            rules = level.rules
            assert i == 0 and ref_chain_ok(s.grid, s.player, e.path, rules.min_chain, rules.diagonal)
        elif isinstance(e, Swapped):
            swap_effect = frozenset({e.a, e.b}) in ref_special_swaps(s)
            assert i == 0 and (ref_runs(nxt.grid, level.rules.min_match) & {e.a, e.b} or swap_effect)
            assert Counter(nxt.specials) == Counter(
                ({e.a: e.b, e.b: e.a}.get(cell, cell), sp) for cell, sp in s.specials), \
                "specials move with their tiles"
        elif isinstance(e, (Won, Lost)):
            ended = True
            assert nxt.status == ("won" if isinstance(e, Won) else "lost")
        s = nxt
    assert sum(isinstance(e, MOVE_EVENTS) for e in events) == s.moves - before.moves
    check_order(level, events)
    # The move's own cascade scores as ever; check_finale held the finale's steps to theirs.
    cut = next((n for n, e in enumerate(events) if isinstance(e, FinaleBegan)), None)
    check_scores(before, events if cut is None else events[:cut] + [Won()])
    check_ending(s)
    points = sum(e.points for e in events if isinstance(e, (Scored, BonusScored)))
    assert points == s.score - before.score
    return s


# The order of a batch, as the animator plays it: one letter an event, one pattern a mode.
LETTERS = {Swapped: "S", Created: "O", Detonated: "X", Cleared: "C", Scored: "$", Fell: "F", Spawned: "N", Reshuffled: "R",
           BonusScored: "B", Won: "W", Lost: "L", Chained: "K", PlayerMoved: "P", Slid: "D", FinaleBegan: "G",
           LeftoversFired: "Y", MoveTurned: "T"}
GRAMMAR = {
    # a swap, cascade steps until still, then an ending: from rules 4 a win may play the finale
    # (the specials left go off, then each move left turns into a line that goes off, each one
    # cascade), and it pays no flat bonus; from rules 5 each move left is paid just before it
    # turns, and the moves no tile was left to turn just before Won (finaleref checks the sums).
    "match3": r"S(O*X*C\$F?N)+(R|B?W|L|G(YX+C\$F?N(O*X*C\$F?N)*|B?TOX+C\$F?N(O*X*C\$F?N)*)*B?W)?",
    "chain": r"K(P+|C)\$F?N(R|B?W|L)?",     # one chain, no cascades; a bonus before a win
    "slide": r"D\$?[WL]?",
}


def check_order(level: Level, events: list[Event]) -> None:
    word = "".join(LETTERS[type(e)] for e in events)
    assert re.fullmatch(GRAMMAR[level.mode], word), f"events out of order: {word}"
    if level.mode == "chain":
        assert ("P" in word) == (level.player_start is not None), "the player walks, else clears"
        path = events[0].path  # type: ignore[union-attr]
        walked = [(e.src, e.dst) for e in events if isinstance(e, PlayerMoved)]
        cleared = [e.cells for e in events if isinstance(e, Cleared)]
        if walked:
            assert walked == list(zip(path, path[1:])), "the player walks the path step by step"
        else:
            assert [sorted(c) for c in cleared] == [sorted(path)], "without a player the path clears"


def check_scores(before: State, events: list[Event]) -> None:
    """The README's scoring: match3 10 a tile times the cascade step; chain 10 a tile with a
    bonus every third tile; slide 100 a cell less 10 a move when solved."""
    level = before.level
    scored = [e for e in events if isinstance(e, Scored)]
    bonuses = [e for e in events if isinstance(e, BonusScored)]
    if level.mode != "slide" and bonuses:
        # The moves-left bonus: 50 a move left, only just before a win.
        bonus = bonuses.pop()
        assert not bonuses, "one bonus at most"
        assert isinstance(events[-1], Won) and events[-2] == bonus
        assert level.moves is not None
        assert bonus.moves_left == level.moves - before.moves - 1
        assert bonus.points == 50 * (level.moves - before.moves - 1)
    elif level.mode == "match3" and before.rules >= FINALE:
        pass   # a win with moves left plays the finale instead (check_finale)
    elif level.mode != "slide" and any(isinstance(e, Won) for e in events) and level.moves is not None:
        assert before.moves + 1 == level.moves, "a win with moves left pays the bonus"
    if level.mode == "match3":
        # 10 a tile cleared and 20 a special made or fired, times the cascade step.
        steps: list[tuple[int, int]] = []
        specials = 0
        for e in events:
            if isinstance(e, (Created, Detonated)):
                specials += 1
            elif isinstance(e, Cleared):
                step = len(steps) + 1
                steps.append(((10 * len(e.cells) + 20 * specials) * step, step))
                specials = 0
        assert [(e.points, e.combo) for e in scored] == steps
    elif level.mode == "chain":
        chained = [e for e in events if isinstance(e, Chained)]
        n = len(chained[0].path) - (1 if before.player is not None else 0)
        assert [e.points for e in scored] == [10 * n * (1 + (n - 1) // 3)]
    else:
        if any(isinstance(e, Won) for e in events):
            base = 100 * level.width * level.height
            moves = before.moves + 1
            assert [e.points for e in scored] == [max(base // 10, base - 10 * moves)]
        else:
            assert scored == []


def check_ending(state: State) -> None:
    """Won exactly when every goal is met; Lost when the moves ran out first."""
    level = state.level
    limit = level.moves
    if level.mode == "slide":
        met = state.grid == solved(level.height, level.width)
    elif level.goals.is_empty():
        met = limit is not None and state.moves >= limit
    else:
        g = level.goals
        # From rules 3 a reach goal counts when the token stood on it at any step of a walk.
        reached = state.player == g.reach or (state.reached and state.rules >= REACH_ON_THE_WAY)
        met = ((g.score is None or state.score >= g.score)
               and all(state.collected_of(k) >= n for k, n in g.collect)
               and (g.reach is None or reached))
    if met:
        assert state.status == "won"
    elif limit is not None and state.moves >= limit:
        assert state.status == "lost"
    else:
        # playing, or lost because no board with a move could be dealt (very rare)
        assert state.status in ("playing", "lost")


def check_illegal(state: State, command: Any) -> None:
    """The reference agrees the command is illegal."""
    level = state.level
    if state.status != "playing":
        return
    h, w = level.height, level.width

    def inside(c: tuple[int, int]) -> bool:
        return 0 <= c[0] < h and 0 <= c[1] < w

    if level.mode == "match3":
        a, b = command.a, command.b
        ok = (inside(a) and inside(b) and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
              and state.grid[a[0]][a[1]] > 0 and state.grid[b[0]][b[1]] > 0)
        assert not ok, f"{command} was refused but is a legal try"
    elif level.mode == "slide":
        gap = cells_with(state.grid, EMPTY)[0]
        assert abs(command.cell[0] - gap[0]) + abs(command.cell[1] - gap[1]) != 1 \
            or not inside(command.cell)
    else:
        assert not ref_chain_ok(state.grid, state.player, command.path, level.rules.min_chain,
                                level.rules.diagonal), f"{command} was refused but is legal"


def play_random_game(data: st.DataObject, lv: Level) -> None:
    seed = data.draw(st.integers(0, 2**32), label="seed")
    try:
        session = Session(lv, seed)
    except LevelError as exc:
        # a board that cannot be dealt must say why, on the layout or rules
        assert exc.problems and str(exc)
        assume(False)
        return
    assert new_game(lv, seed) == session.state, "same level and seed, same board"
    if lv.mode == "slide" and lv.layout is not None:
        assert session.state.grid == lv.template(), "a full layout gives exactly that board"
    check_board_at_rest(session.state)
    steps = data.draw(st.integers(1, 10), label="steps")
    for _ in range(steps):
        state = session.state
        check_legal_commands(state)
        legal = legal_commands(state)
        if legal and data.draw(st.integers(0, 3), label="pick") > 0:
            command = legal[data.draw(st.integers(0, len(legal) - 1), label="which")]
        else:
            command = data.draw(random_commands(state), label="cmd")
        assert parse_command(format_command(command)) == command, "text form round-trips"
        logged = len(session.commands)
        try:
            events = session.play(command)
        except IllegalMove:
            assert session.state is state and len(session.commands) == logged
            check_illegal(state, command)
            event(f"{lv.mode}: illegal")
            continue
        if legal and command in legal:
            assert not isinstance(events[0], SwapRejected), "a listed swap is accepted"
        if isinstance(events[0], SwapRejected):
            assert events == [SwapRejected(command.a, command.b)]  # type: ignore[union-attr]
            assert session.state is state and len(session.commands) == logged, \
                "a rejected swap costs nothing and is not logged"
            event("match3: rejected")
            assert frozenset({command.a, command.b}) not in ref_legal_swaps(  # type: ignore[union-attr]
                state.grid, lv.rules.min_match) | ref_special_swaps(state)
            continue
        for e in events:
            if isinstance(e, (Reshuffled, Won, Lost, Created, Detonated)):
                event(f"{lv.mode}: {type(e).__name__}")
        event(f"{lv.mode}: {type(command).__name__} accepted")
        after = check_batch(state, events)
        assert after == session.state and len(session.commands) == logged + 1
        check_board_at_rest(after)
        # undo, then the same command again: the same events (the RNG lives in the state)
        assert session.undo() and session.state == state
        assert session.redo() and session.state == after
        assert session.undo()
        assert canonical(session.play(command)) == canonical(events)
        assert session.state == after
        if after.status != "playing":
            with pytest.raises(IllegalMove):
                session.play(command)
            assert legal_commands(after) == []
            break
    start = new_game(lv, seed)
    assert fold(start, session.events) == session.state, "the state is the fold of its events"
    again = Session.replay(lv, seed, session.commands)
    assert canonical(again.events) == canonical(session.events), "replays are byte-identical"
    assert again.state == session.state
    n = len(session.commands)
    for _ in range(n):
        assert session.undo()
    assert session.state == start and not session.undo()
    for _ in range(n):
        assert session.redo()
    assert session.state == again.state and not session.redo()


@given(data=st.data(), ld=level_dicts(modes=("match3",)))
@examples(80)
def test_match3_random_games(data: st.DataObject, ld: dict[str, Any]) -> None:
    lv = build_or_skip(ld)
    assume(lv is not None)
    assert lv is not None
    play_random_game(data, lv)


@given(data=st.data(), ld=level_dicts(modes=("chain",)))
@examples(80)
def test_chain_random_games(data: st.DataObject, ld: dict[str, Any]) -> None:
    lv = build_or_skip(ld)
    assume(lv is not None)
    assert lv is not None
    play_random_game(data, lv)


@given(data=st.data(), ld=level_dicts(modes=("slide",)))
@examples(40)
def test_slide_random_games(data: st.DataObject, ld: dict[str, Any]) -> None:
    lv = build_or_skip(ld)
    assume(lv is not None)
    assert lv is not None
    play_random_game(data, lv)


@given(ld=level_dicts(), seed=st.integers(0, 2**63 - 1))
@examples(40)
def test_same_level_and_seed_same_board(ld: dict[str, Any], seed: int) -> None:
    lv = build_or_skip(ld)
    assume(lv is not None)
    assert lv is not None
    try:
        first = new_game(lv, seed)
    except LevelError:
        assume(False)
        return
    twin = Level.from_dict(lv.to_dict())
    assert new_game(twin, seed) == first
    assert repr(new_game(lv, seed)) == repr(first)


@given(ld=level_dicts())
@examples(60)
def test_level_round_trips(ld: dict[str, Any]) -> None:
    lv = build_or_skip(ld)
    assume(lv is not None)
    assert lv is not None
    again = Level.from_dict(lv.to_dict())
    assert again == lv
    assert again.to_dict() == lv.to_dict()


@st.composite
def any_board(draw: st.DrawFn, mode: str) -> State:
    """A state of a random level whose grid is replaced by any still board of its shape."""
    width, height = draw(st.integers(3, 6)), draw(st.integers(3, 6))
    kinds = draw(st.integers(3, 5))
    cells = draw(st.lists(st.lists(st.integers(0, kinds + 1), min_size=width, max_size=width),
                          min_size=height, max_size=height))
    # 0 -> hole, kinds+1 -> the player (chain); else the kind
    rows = [["#" if v == 0 else "." for v in row] for row in cells]
    grid = [[HOLE if v == 0 else (v if v <= kinds else 1) for v in row] for row in cells]
    player = None
    if mode == "chain":
        spots = [(r, c) for r in range(height) for c in range(width) if cells[r][c] > kinds]
        if spots:
            player = spots[0]
            rows[player[0]][player[1]] = "P"
            grid[player[0]][player[1]] = PLAYER
    data: dict[str, Any] = {"format": 1, "id": "any", "name": "Any", "mode": mode,
                            "width": width, "height": height, "kinds": kinds,
                            "layout": [" ".join(r) for r in rows]}
    if mode == "chain":
        data["rules"] = {"min_chain": draw(st.integers(2, 5)), "diagonal": draw(st.booleans())}
    else:
        data["rules"] = {"min_match": draw(st.sampled_from([3, 3, 4]))}
    lv = build_or_skip(data)
    assume(lv is not None)
    assert lv is not None
    frozen = tuple(tuple(row) for row in grid)
    if mode == "match3":
        assume(not ref_runs(frozen, lv.rules.min_match))
    return State(level=lv, grid=frozen, player=player, collected=(0,) * kinds)


@given(any_board("match3"))
@examples(150)
def test_match3_legal_swaps_on_any_still_board(state: State) -> None:
    got = [frozenset({c.a, c.b}) for c in legal_commands(state) if isinstance(c, Swap)]
    assert len(got) == len(set(got))
    assert set(got) == ref_legal_swaps(state.grid, state.level.rules.min_match)


@given(any_board("chain"))
@examples(150)
def test_chain_legal_commands_on_any_board(state: State) -> None:
    rules = state.level.rules
    legal = legal_commands(state)
    exists = ref_chain_exists(state.grid, state.player, rules.min_chain, rules.diagonal)
    assert bool(legal) == exists, "a command is offered exactly when a legal chain exists"
    for c in legal:
        assert isinstance(c, Chain)
        assert ref_chain_ok(state.grid, state.player, c.path, rules.min_chain, rules.diagonal)
        assert isinstance(decide(state, c)[0], Chained)


@given(data=st.data(), ld=level_dicts(max_size=9))
@examples(40)
def test_session_undo_redo_play_in_any_order(data: st.DataObject, ld: dict[str, Any]) -> None:
    """A model of the session (a list of done commands and a redo stack) predicts it."""
    lv = build_or_skip(ld)
    assume(lv is not None)
    assert lv is not None
    seed = data.draw(st.integers(0, 2**32), label="seed")
    try:
        session = Session(lv, seed)
    except LevelError:
        assume(False)
        return
    done: list[Any] = []
    undone: list[Any] = []
    for _ in range(data.draw(st.integers(1, 14), label="ops")):
        op = data.draw(st.sampled_from(["play", "play", "undo", "redo"]), label="op")
        if op == "undo":
            assert session.undo() == bool(done)
            if done:
                undone.append(done.pop())
        elif op == "redo":
            assert session.redo() == bool(undone)
            if undone:
                done.append(undone.pop())
        else:
            legal = legal_commands(session.state)
            if not legal:
                continue
            command = legal[data.draw(st.integers(0, len(legal) - 1), label="which")]
            session.play(command)
            done.append(command)
            undone.clear()
        assert session.commands == done
        assert session.can_undo == bool(done) and session.can_redo == bool(undone)
        assert fold(session.initial, session.events) == session.state
        assert Session.replay(lv, seed, done).state == session.state
