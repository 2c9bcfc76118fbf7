"""The play view's HUD: level name, score, moves left, each goal's progress, stars, key help."""

from __future__ import annotations


import arcade
import pyglet

from game.core import GOAL_NAMED, GoalName, GoalProgress, Mode, Shortfall, State, Status, progress, stars
from game.core import Level, StarTargets, StarUnit, star_targets, stars_earned, tiles_needed
from game.ui import goal_words, textures
from game.ui.key_help import play_keys, wrap_items
from game.ui.damage import Mark, box, sprite_marks, text_mark
from game.ui.layout import Rect
from game.ui.screens.widgets import fit


INK = (236, 238, 246, 255)
DIM = (160, 166, 190, 255)
DONE = (120, 230, 140, 255)
WARN = (255, 150, 120, 255)
ICON = 34.0
STAR_GOLD = (255, 204, 64, 255)
BAR_HEIGHT = 6.0
BAR_ROOM = 14.0   # what the score bar adds under the stars' marks


def no_goal_text(moves: int | None) -> str:
    """What a level without goals (a score run) asks of the player."""
    if moves is None:
        return "Endless: no goal"
    return "Use your one move" if moves == 1 else f"Use all {moves} moves"


def bonus_text(left: int) -> str:
    """The moves counter of a won game: its moves left, turning into the finale's bonus."""
    return f"Bonus moves {left}"


def goal_text(goal: GoalProgress) -> str:
    """What one goal says in the HUD ('3 / 10' beside a tile picture for collect): its unit's line."""
    return GOAL_NAMED[goal.name].hud(goal)


def shortfall_text(s: Shortfall) -> str:
    """What a lost game lacked of one goal, in a player's words: '5 squares short'."""
    return GOAL_NAMED[s.name].short(s)


def pictured(name: str) -> bool:
    """Whether a goal is shown beside a picture of what it asks for (the tile, the target, a blocker, a faller's piece)."""
    return GOAL_NAMED[GoalName(name)].pictured


def goal_picture(goal: GoalProgress, colorblind: bool = False) -> arcade.Texture | None:
    """The picture beside a goal in the HUD (None: a goal told in words alone)."""
    return goal_words.picture(GOAL_NAMED[goal.name], goal.kind, colorblind)


class Hud:
    """Text objects and icon sprites in a side panel; texts change only when their value does."""

    def __init__(self, state: State, colorblind: bool = False, playtest: bool = False,
                 text_scale: float = 1.0, keys: str | None = None) -> None:
        level = state.level
        self.level = level
        self.scale = text_scale   # the player's text size (settings): every font and row grows

        def z(points: int) -> int:
            return round(points * text_scale)

        self.colorblind = colorblind
        self.rect = Rect(0, 0, 300, 800)
        # One pyglet batch for every HUD text: one draw call instead of one per line.
        self.batch = pyglet.graphics.Batch()
        b = self.batch
        self.name = arcade.Text(level.name, 0, 0, INK, z(22), bold=True, anchor_y="top",
                                multiline=True, width=260, batch=b)
        self.rule = mode_line(level)   # the line under the name (the theatre says whose game instead)
        self.mode = arcade.Text(self.rule, 0, 0, DIM, z(13), anchor_y="top", multiline=True, width=260, batch=b)
        self.score = arcade.Text("", 0, 0, INK, z(20), bold=True, anchor_y="top", batch=b)
        self.moves = arcade.Text("", 0, 0, INK, z(16), anchor_y="top", batch=b)
        self.goals_title = arcade.Text("Goals", 0, 0, DIM, z(14), anchor_y="top", batch=b)
        self.goal_texts: list[arcade.Text] = []
        # Shown under "Goals" only when the level has none (a score run).
        self.no_goal = arcade.Text("", 0, 0, INK, z(16), anchor_y="center", batch=b)
        self._goal_size = z(16)
        self._said: dict[int, str] = {}   # each goal line's whole words (shown smaller or cut to fit)
        self.won_stars: int | None = None   # core's stars once the game is won
        self.star_cap: int | None = None    # the most stars this game can earn (an undo capped it)
        self.state = state                  # the last state shown, for the stars a score lights
        self.icons: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.stars: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.star_marks: list[arcade.Text] = []
        # A play-test from the editor says how to get back to it.
        # Whole items a line (a wrap mid-item read "Esc" / "menu").
        if keys is None:   # the play view's keys unless the screen has its own (the theatre)
            keys = play_keys(playtest)
        self.keys = keys
        self.help = arcade.Text(keys, 0, 0, DIM, z(11),
                                anchor_y="bottom", multiline=True, width=260, batch=b)
        self._measure = arcade.Text("", 0, 0, DIM, z(11))   # one legend line's width, for wrapping it
        self.shown_score = 0
        self._bonus: tuple[int, int, int, float, float] | None = None   # (left, from, points, seconds, t)
        self.banked_left: int | None = None   # moves left shown once a win's bonus counts them down
        self.banked_at = -1                   # ... in the game at this many moves (an undo leaves it)
        self.lit = 0                       # stars lit in the HUD right now
        self._goals = progress(state)
        for goal in self._goals:
            self.goal_texts.append(arcade.Text("", 0, 0, INK, z(16), anchor_y="center", batch=b))
            tex = goal_picture(goal, colorblind)
            if tex is not None:
                self.icons.append(arcade.Sprite(tex, scale=ICON / tex.width))
            else:
                self.icons.append(arcade.Sprite(textures.load("star_on"), scale=0.0))
        self.targets = star_targets(state.level)
        # On a level whose stars count points, a bar under the stars fills toward each mark.
        self.bar: Rect | None = None
        for _ in range(3):
            self.stars.append(arcade.Sprite(textures.load("star_off"), scale=ICON / 96))
        for _ in range(3):
            self.star_marks.append(arcade.Text("", 0, 0, DIM, z(11), anchor_x="center", anchor_y="top", batch=b))
        # A game kept going (helped) earns no stars: this line stands in the marks' place, the stars dimmed.
        self.no_stars = arcade.Text("", 0, 0, STAR_GOLD, z(11), anchor_y="top", batch=b)
        self._no_stars_said = ""
        self.update_state(state)

    def place(self, rect: Rect) -> None:
        """Lay the HUD out in `rect`: a column beside the board, or (a strip much wider than
        tall, a portrait window) two columns above it."""
        self.rect = rect
        if is_strip(rect):
            self._place_strip(rect)
            return
        self.help.x, self.help.y = rect.left + 24, rect.bottom + 16
        self.help.width = int(rect.width - 40)
        self._wrap_keys()
        self.keep_above(self.legend_top + 8)

    def keep_above(self, floor: float) -> None:
        """Lay the column out from the top, its lowest word above `floor` (the key legend's top,
        or the button bar's over it): in a short window with large text the column first closes
        its gaps, then leaves the rule line out (the goal card says it; cut short it said nothing)."""
        if is_strip(self.rect):
            return
        for tightness in range(3):
            self._place_column(tightness)
            if self._column_bottom() >= floor:
                return

    def _place_column(self, tightness: int) -> None:
        rect, s = self.rect, self.scale
        gap = 1.0 if tightness == 0 else 0.5
        x = rect.left + 24
        y = rect.top - 24
        width = int(rect.width - 40)
        self.name.x, self.name.y = x, y
        self._fit_name(width)
        y -= self.name.content_height + 6
        self.mode.x, self.mode.y = x, y
        self.mode.width = width
        self.mode.text = self.rule if tightness < 2 else ""
        if self.mode.text:
            y -= self.mode.content_height + 16 * gap
        self.score.x, self.score.y = x, y
        y -= 34 * s
        self.moves.x, self.moves.y = x, y
        y -= 30 * s
        self._place_stars(x, y)
        # Under the stars: their marks (and the score bar), then the goals.
        y -= ICON + (34 if tightness == 0 else 20 * s + 4) + (BAR_ROOM if self.has_bar else 0)
        self._place_goals(x, y, ICON + 10 * gap, 26 * s * (1.0 if tightness == 0 else 0.85))

    def _column_bottom(self) -> float:
        """The lowest edge of the column's words and pictures (its goals come last)."""
        shown = [t for t in (self.goals_title, *self.goal_texts, self.no_goal) if t.text]
        bottom = min(float(t.bottom) for t in shown)
        return min([bottom, *(float(icon.bottom) for icon in self.icons if icon.scale_x > 0)])

    def set_keys(self, keys: str) -> bool:
        """Show other key help (a pad's buttons, or the keys again); True when it changed."""
        if self.keys == keys:
            return False
        self.keys = keys
        self._wrap_keys()
        return True

    def _wrap_keys(self) -> None:
        """The legend in lines as wide as the HUD, broken between items, never inside one
        ("F11 full / screen" at the smallest window)."""
        def fits(line: str) -> bool:
            self._measure.text = line
            return float(self._measure.content_width) <= (self.help.width or 260)

        wrapped = wrap_items(self.keys, fits)
        if self.help.text != wrapped:
            self.help.text = wrapped

    @property
    def legend_top(self) -> float:
        """The top edge of the key legend as laid out (it wraps onto more lines in a narrow HUD)."""
        return float(self.help.y + self.help.content_height)

    def _place_strip(self, rect: Rect) -> None:
        # Left: the level, score, moves and stars; right: the goals, and the keys under them.
        half = rect.width / 2
        x, y = rect.left + 24, rect.top - 16
        width = int(half - 40)
        self.name.x, self.name.y = x, y
        self._fit_name(width)
        y -= self.name.content_height + 4
        self.mode.x, self.mode.y, self.mode.width = x, y, width
        y -= self.mode.content_height + 10
        self.score.x, self.score.y = x, y
        self.moves.x, self.moves.y = x + 190 * self.scale, y - 4
        y -= 34 * self.scale
        self._place_stars(x, y)
        x, y = rect.left + half + 12, rect.top - 16
        self._place_goals(x, y, ICON + 8)
        self.help.x, self.help.y = x, rect.bottom + 10
        self.help.width = int(half - 36)
        self._wrap_keys()

    def _fit_name(self, width: int) -> None:
        """The level's name on one line, a little smaller if that is all it takes ("Daily ·
        26 Nov 2026" wrapped); a name too long for that wraps at the full size."""
        name = self.name
        full, least = round(22 * self.scale), round(17 * self.scale)
        name.multiline = False
        for size in range(full, least - 1, -1):
            name.font_size = size
            if name.content_width <= width:
                return
        name.font_size = full
        name.multiline = True
        name.width = width

    def _place_stars(self, x: float, y: float) -> None:
        """The three stars in a row from (x, y) down, each with its mark under it."""
        # Stars stand apart by their marks' width too: large text ran "2050 3075 4100" into one.
        pitch = max(ICON + 14, max(float(m.content_width) for m in self.star_marks) + 10 * self.scale)
        x += max(0.0, (float(self.star_marks[0].content_width) - ICON) / 2)   # the first mark inside too
        for i, s in enumerate(self.stars):
            s.position = (x + ICON / 2 + i * pitch, y - ICON / 2)
            self.star_marks[i].x, self.star_marks[i].y = s.center_x, y - ICON - 2
        self.no_stars.x, self.no_stars.y = x, y - ICON - 2
        self._fit_no_stars()
        if self.has_bar:
            left, right = x, x + ICON + 2 * pitch
            top = y - ICON - 4 - 16 * self.scale
            self.bar = Rect(left, top - BAR_HEIGHT, right - left, BAR_HEIGHT)

    @property
    def has_bar(self) -> bool:
        return self.targets is not None and self.targets.unit == StarUnit.POINTS

    def bar_fill(self) -> float:
        """How full the score bar is: the shown score over the third star's mark (0..1)."""
        if self.targets is None or not self.has_bar:
            return 0.0
        return max(0.0, min(1.0, self.shown_score / max(1, self.targets.marks[2])))

    def _place_goals(self, x: float, y: float, step: float, under_title: float | None = None) -> None:
        """"Goals", then a line per goal (its picture first when it has one) `step` apart."""
        self.goals_title.x, self.goals_title.y = x, y
        y -= 26 * self.scale if under_title is None else under_title
        for text, icon, goal in zip(self.goal_texts, self.icons, self._goals):
            has_icon = pictured(goal.name)
            icon.position = (x + ICON / 2, y - ICON / 2)
            text.x, text.y = (x + ICON + 10) if has_icon else x, y - ICON / 2
            self._fit_goal(text)
            y -= step
        if not self._goals:
            self.no_goal.x, self.no_goal.y = x, y - ICON / 2
            self._fit_goal(self.no_goal)

    def _set_goal(self, text: arcade.Text, value: str, color: tuple[int, int, int, int]) -> None:
        """A goal line says `value`, fitted to the panel ("Put the tiles in order" ran past it)."""
        if self._said.get(id(text)) != value:
            self._said[id(text)] = value
            self._fit_goal(text)
        if tuple(text.color) != color:
            text.color = color

    def _fit_goal(self, text: arcade.Text) -> None:
        words = self._said.get(id(text), "")
        if text.text != words or text.font_size != self._goal_size:
            text.text, text.font_size = words, self._goal_size
        fit(text, self.rect.right - 8 - text.x)

    def _set(self, text: arcade.Text, value: str, color: tuple[int, int, int, int] | None = None) -> None:
        if text.text != value:
            text.text = value
        if color is not None and tuple(text.color) != color:
            text.color = color

    def collect_counters(self) -> dict[int, arcade.Sprite]:
        """The picture of each collect goal still wanted, by kind: where collected tiles fly."""
        return {goal.kind: icon for goal, icon in zip(self._goals, self.icons)
                if GOAL_NAMED[goal.name].kind_picture and not goal.met}

    def count_bonus(self, moves_left: int, points: int, seconds: float) -> None:
        """A win's moves-left bonus: the moves left count down to 0 as their points count up."""
        self._bonus = (moves_left, self.shown_score, points, max(1e-3, seconds), 0.0)
        self.bank(moves_left)

    def bank(self, moves_left: int) -> None:
        """A won game's moves left go into its bonus: the counter shows `moves_left` of them still
        to go (the finale turns them into lines one by one), for the game at its number of moves."""
        self.banked_left, self.banked_at = moves_left, self.state.moves

    @property
    def banking(self) -> bool:
        """Whether a finale is turning this game's moves left into its bonus (bank), right now."""
        return self.banked_left is not None and self.banked_at == self.state.moves

    def paid_out(self) -> None:
        """The finale is over: every move left it banked was paid, turned into a line or not."""
        if self.banking:
            self.banked_left = 0

    @property
    def counting(self) -> bool:
        return self._bonus is not None

    def bonus_left(self) -> float:
        """Seconds until the bonus has counted down (0 when none is counting)."""
        return 0.0 if self._bonus is None else self._bonus[3] - self._bonus[4]

    def update(self, dt: float) -> None:
        if self._bonus is None:
            return
        left, start, points, seconds, t = self._bonus
        t = min(seconds, t + dt)
        f = t / seconds
        self.banked_left = round(left * (1 - f))
        self._set(self.moves, bonus_text(self.banked_left), STAR_GOLD)
        self.set_score(start + round(points * f))
        self._bonus = None if t >= seconds else (left, start, points, seconds, t)

    def update_state(self, state: State) -> None:
        """Everything but the score, which counts up as Scored events play (set_score)."""
        self.state = state
        left = state.moves_left
        if self.banked_left is not None and state.moves == self.banked_at:   # not once the win is undone
            # The moves left go into the bonus (the finale's lines, count_bonus): a won game's
            # counter is a reward running down, never the warning of a game running out.
            self._set(self.moves, bonus_text(self.banked_left), STAR_GOLD)
        elif state.status == Status.WON and left is not None and state.level.mode != Mode.SLIDE:
            # A won game shown at its end (a snap): its moves left went into the bonus.
            self._set(self.moves, bonus_text(0), STAR_GOLD)
        elif left is None or state.status == Status.WON:   # a solved slide: no bonus, its moves count
            self._set(self.moves, f"Moves used {state.moves}", INK)
        else:
            self._set(self.moves, f"Moves left {left}", WARN if left <= 3 else INK)
        self._goals = progress(state)
        for text, goal in zip(self.goal_texts, self._goals):
            self._set_goal(text, goal_text(goal), DONE if goal.met else INK)
        if not self._goals:
            self._set_goal(self.no_goal, no_goal_text(self.level.moves), DONE if state.status == Status.WON else INK)
        self._show_helped(state)
        # A won game shows exactly the stars the result overlay shows (core's count).
        self.won_stars = stars(state) if state.status == Status.WON else None
        self.set_score(self.shown_score)

    @property
    def helped(self) -> bool:
        """Whether the game shown was kept going (its stars dimmed, "no stars" in their marks' place)."""
        return self.state.helped

    def _show_helped(self, state: State) -> None:
        """A helped game's star row: the stars dimmed and, instead of what each star asks, why
        none can be earned ("+5 moves: no stars", as the won card says it); undone, as before."""
        said = f"+{state.added} moves: no stars" if state.helped else ""
        if said != self._no_stars_said:
            self._no_stars_said = said
            self._fit_no_stars()
        for mark in self.star_marks:
            if mark.visible == state.helped:
                mark.visible = not state.helped
        alpha = 80 if state.helped else 255
        for s in self.stars:
            if s.alpha != alpha:
                s.alpha = alpha

    def _fit_no_stars(self) -> None:
        text = self.no_stars
        if text.text != self._no_stars_said or text.font_size != self.star_marks[0].font_size:
            text.text, text.font_size = self._no_stars_said, self.star_marks[0].font_size
        if text.text:   # in a portrait window's strip, inside its left half (the goals have the right)
            right = self.rect.left + self.rect.width / 2 - 12 if is_strip(self.rect) else self.rect.right - 8
            fit(text, right - text.x)

    def set_score(self, score: int) -> None:
        self.shown_score = score
        self._set(self.score, f"Score {score:,}")   # thousands grouped, as the level cards write them
        # Stars light when earned: the marks the counted-up score passes, the stars a win gave;
        # none before a moves-left level is won, and none beside a loss.
        self.lit = self.won_stars if self.won_stars is not None else stars_earned(self.state, score)
        if self.star_cap is not None:
            self.lit = min(self.lit, self.star_cap)
        for i, s in enumerate(self.stars):
            self._set(self.star_marks[i], star_mark(self.targets, i))
            want = textures.load("star_on" if i < self.lit else "star_off")
            if s.texture is not want:
                s.texture = want

    def marks(self) -> list[Mark]:
        """What the HUD shows and where (game.ui.damage): every text, picture and star, and its
        divider and score bar."""
        r = self.rect
        out: list[Mark] = [(("hud", r), box(r.left, r.bottom, r.right, r.top) if is_strip(r)
                            else box(r.right - 3, r.bottom + 14, r.right + 1, r.top - 14))]
        texts = [self.name, self.mode, self.score, self.moves, self.goals_title, *self.goal_texts, self.no_goal,
                 *self.star_marks, self.no_stars, self.help]
        out.extend(m for m in (text_mark("hud", t) for t in texts) if m is not None)
        out.extend(sprite_marks("hud-icons", self.icons))
        out.extend(sprite_marks("hud-stars", self.stars))
        bar = self.bar
        if bar is not None and self.targets is not None and not self.helped:   # no marks to fill toward
            out.append((("hud-bar", bar, self.bar_fill(), self.targets.marks),
                        box(bar.left - 2, bar.bottom - 3, bar.right + 2, bar.top + 3)))
        return out

    def draw(self) -> None:
        r = self.rect
        # A divider, not a filled panel: every pixel filled costs time on a software renderer.
        if is_strip(r):
            arcade.draw_line(r.left + 16, r.bottom + 1, r.right - 16, r.bottom + 1, (44, 50, 74, 255), 2)
        else:
            arcade.draw_line(r.right - 1, r.bottom + 16, r.right - 1, r.top - 16, (44, 50, 74, 255), 2)
        self.batch.draw()
        self.icons.draw()
        self.stars.draw()
        bar = self.bar
        if bar is not None and self.targets is not None and not self.helped:
            # Three rectangles and two ticks: cheap enough to draw with the HUD.
            arcade.draw_lrbt_rectangle_filled(bar.left, bar.right, bar.bottom, bar.top, (44, 50, 74, 255))
            fill = bar.left + bar.width * self.bar_fill()
            if fill > bar.left:
                arcade.draw_lrbt_rectangle_filled(bar.left, fill, bar.bottom, bar.top, STAR_GOLD)
            top_mark = max(1, self.targets.marks[2])
            for mark in self.targets.marks[:2]:
                tx = bar.left + bar.width * min(1.0, mark / top_mark)
                arcade.draw_lrbt_rectangle_filled(tx - 1, tx + 1, bar.bottom - 3, bar.top + 3, INK)


def is_strip(rect: Rect) -> bool:
    """A HUD area much wider than tall: the strip above the board in a portrait window."""
    return rect.width > rect.height * 1.6


def compact(n: int) -> str:
    """A star mark short enough to sit under its star: 950, 12.5k, 150k, 2.5M."""
    if n < 10_000:
        return str(n)
    if n < 100_000:
        return f"{n / 1000:.1f}".rstrip("0").rstrip(".") + "k"
    if n < 1_000_000:
        return f"{round(n / 1000)}k"
    return f"{n / 1_000_000:.1f}".rstrip("0").rstrip(".") + "M"


def mode_line(level: Level) -> str:
    """How a move is made on `level`, as its rules have it: the run a swap must line up, the
    tiles a path must cover (the core's tiles_needed) and whether it may step diagonally; Fours
    Only asks four in a row, and a player told three would swap in vain."""
    rules = level.rules
    if level.mode == Mode.MATCH3:
        return f"Swap neighbours to line up {rules.min_match} or more"
    if level.mode == Mode.CHAIN:
        need = tiles_needed(rules.min_chain, level.player_start is not None)
        line = (f"Drag a path of {need} or more tiles of one kind from the token" if level.player_start is not None
                else f"Drag a path through {need} or more tiles of one kind")
        return line if rules.diagonal else line + ", no diagonal steps"
    return "Slide the tiles into order"


def star_mark(targets: StarTargets | None, i: int) -> str:
    """What star `i` asks, under it, in the level's own unit: points, moves left, or moves."""
    if targets is None:
        return ""
    mark = targets.marks[i]
    if targets.unit == StarUnit.POINTS:
        return compact(mark)
    if targets.unit == StarUnit.MOVES_LEFT:
        return "win" if mark == 0 else f"{mark} left"
    return f"≤{mark}"   # "moves" would run into the next star's mark; the goal card says the unit
