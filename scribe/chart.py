"""The score race as a chart: each player's running total over the rounds, worked out
here as plain numbers for ``templates/_story.html`` to draw as inline SVG (the page, the
watch/TV view and the printed sheet draw the same one).

Each player gets a dash pattern and a marker shape of their own, so the lines read on a
black-and-white print too. Pure: no Flask, no I/O.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .rules.story import Story

WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 44, 120, 14, 30  # room for the y ticks, the names, the round numbers
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "12 4 2 4 2 4", "1 5", "6 2", "14 3", "3 6", "8 2 2 2", "5 3 1 3")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "plus")
MARKED_ROUNDS = 25  # past this many rounds a marker sits only at the line's end


@dataclass(frozen=True)
class Line:
    player: int
    name: str
    points: str  # the SVG polyline's "x,y x,y ..."
    dash: str
    marker: str
    marks: tuple[tuple[float, float], ...]  # where the markers go
    label_y: float  # the name at the line's end, moved apart from the others'
    seat: int = 0  # whose running total it draws (a side's: its first seat's)


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: tuple[Line, ...]
    y_ticks: tuple[tuple[float, int], ...]  # (y, total)
    x_ticks: tuple[tuple[float, int], ...]  # (x, round number)
    zero_y: float
    left: int
    right_edge: int
    label_x: float
    bottom_y: int


def nice_ticks(low: int, high: int, count: int = 5) -> tuple[int, ...]:
    """Round numbers spanning ``low``..``high``, about ``count`` of them, 0 among them.

    >>> nice_ticks(-30, 170)
    (-50, 0, 50, 100, 150, 200)
    >>> nice_ticks(0, 0)
    (0, 2, 4, 6, 8, 10)
    """
    if high - low < 10:
        high = low + 10
    raw = (high - low) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    start = math.floor(low / step) * step
    stop = math.ceil(high / step) * step
    return tuple(int(v) for v in range(int(start), int(stop) + 1, int(step)))


def chart(story: Story) -> Chart:
    """Where each line, marker and tick goes; round 0 is everyone at 0.

    >>> from scribe.rules.story import tell
    >>> c = chart(tell(("Ana", "Ben"), [(1, (20, -10), (20, -10)), (2, (20, 30), (40, 20))], False, True, (0,)))
    >>> c.lines[0].points.split()[0] == c.lines[1].points.split()[0], len(c.lines[0].marks)
    (True, 3)
    >>> two = tell(("Ana", "Ben", "Cy", "Dee"), [(1, (95, 67, 95, 67), (95, 67, 95, 67))], False, False, (),
    ...            sides=(("Ana & Cy", (0, 2)), ("Ben & Dee", (1, 3))))
    >>> [(line.player, line.name) for line in chart(two).lines]
    [(0, 'Ana & Cy'), (1, 'Ben & Dee')]
    """
    series = [(0,) * len(story.players), *story.running]
    values = [v for totals in series for v in totals]
    ticks = nice_ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    steps = max(len(series) - 1, 1)

    def x(i: int) -> float:
        return round(LEFT + plot_w * i / steps, 1)

    def y(v: int) -> float:
        return round(TOP + plot_h * (high - v) / (high - low), 1)

    # a line per side of partners sharing one total (its first seat's), else per player
    drawn = [(name, seats[0]) for name, seats in story.sides] or [(name, p) for p, name in enumerate(story.players)]
    ends = sorted(range(len(drawn)), key=lambda i: -series[-1][drawn[i][1]])
    label_ys: dict[int, float] = {}
    last = -1e9
    for i in ends:  # top to bottom, at least 13 px apart so no two names overlap
        label_ys[i] = last = max(y(series[-1][drawn[i][1]]) + 4, last + 13)
    lines = []
    for i, (name, p) in enumerate(drawn):
        coords = [(x(k), y(totals[p])) for k, totals in enumerate(series)]
        marks = tuple(coords if len(series) <= MARKED_ROUNDS else coords[-1:])
        lines.append(Line(i, name, " ".join(f"{a},{b}" for a, b in coords), DASHES[i % len(DASHES)],
                          MARKERS[i % len(MARKERS)], marks, label_ys[i], p))
    every = max(1, math.ceil(len(series) / 12))  # at most a dozen round numbers under the axis
    x_ticks = tuple((x(i), story.rounds[i - 1]) for i in range(1, len(series)) if i % every == 0 or i == 1)
    return Chart(WIDTH, HEIGHT, tuple(lines), tuple((y(t), t) for t in ticks), x_ticks, y(0), LEFT,
                 WIDTH - RIGHT, WIDTH - RIGHT + 8, HEIGHT - BOTTOM)
