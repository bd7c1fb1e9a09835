"""The printed Wizard grid's lines and bid boxes drawn as one picture behind the table.

WeasyPrint draws a collapsed table border segment by segment (some 400 on a 20-round
sheet) and a background image once per cell: the lines and the 60 bid boxes were most of
the cost of the printed sheet (issue 21). Every column of the grid has a fixed width and
every row a fixed height, so where each line goes is known before the table is laid
out: the whole ruling is one SVG path, drawn once. Pure: no Flask, no WeasyPrint.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

LINE = 0.7  # pt: the grid's lines
WINNER = 2.0  # pt: the frame of a winner's total
BOX = (17.0, 13.35)  # pt: the bid box, its left line and its bottom line (the paper pad's)
MARGIN = 56.693  # pt: the page's left and right margins (10 mm each, pdf/_base.html)
PAGE_WIDTHS = {"a4": 595.276, "letter": 612.0}  # pt
HEAD = 22.0  # pt: the header row and the total row
NO, CARDS, TRUMP, TRUMP_WIDE, BID = 22.0, 30.0, 96.0, 76.0, 17.0  # pt: the fixed columns


@dataclass(frozen=True)
class Ruling:
    """The columns' widths, the rows' heights and the picture that rules them."""

    columns: tuple[float, ...]
    height: float
    width: float
    image: str  # a data: URI of the SVG

    @property
    def css(self) -> str:
        """The table's width and its background: the picture, at its size, once."""
        return (f'width: {self.width:.2f}pt; '
                f'background: url({self.image}) 0 0 / {self.width:.2f}pt {self.height:.2f}pt no-repeat')


def ruling(players: int, trump: bool, rows: int, row_h: float, paper: str, footer: bool = False,
           winners: tuple[int, ...] = ()) -> Ruling:
    """The grid of ``players`` with or without the trump column, ``rows`` body rows of
    ``row_h`` pt, a header row and, if ``footer``, the total row, whose ``winners``' cells
    are framed.

    >>> r = ruling(3, True, 2, 26, "a4")
    >>> [round(w, 2) for w in r.columns][:4], r.height
    ([22.0, 30.0, 96.0, 113.19], 74.0)
    >>> r.image.startswith("data:image/svg+xml,")
    True
    """
    fixed = [NO, CARDS] + ([TRUMP_WIDE if players > 4 else TRUMP] if trump else [])
    # widths in hundredths of a point, as the page's columns are written: the picture is as wide as they are
    total = round((PAGE_WIDTHS[paper] - MARGIN - sum(fixed) - BID * players) / players, 2)
    columns = tuple(fixed + [total, BID] * players)
    width = sum(columns)
    height = HEAD + rows * row_h + (HEAD if footer else 0.0)
    half = LINE / 2
    path: list[str] = []
    # vertical lines: the outer ones, after each fixed column, before each player's pair
    # (between the fixed columns they stop above the total row, whose label spans them)
    edges, x = [(half, height)], 0.0
    for i, w in enumerate(columns[:-1]):
        x += w
        if i < len(fixed) - 1:
            edges.append((x, height - HEAD if footer else height))
        elif i == len(fixed) - 1 or (i - len(fixed)) % 2 == 1:
            edges.append((x, height))
    edges.append((width - half, height))
    path += [f"M{e:g} 0V{bottom:g}" for e, bottom in edges]
    # horizontal lines: the top, under the header, under each row, the bottom
    ys = [half, HEAD] + [HEAD + (r + 1) * row_h for r in range(rows)]
    if footer:
        ys[-1:] = [ys[-1], height - half]
    else:
        ys[-1] = height - half
    path += [f"M0 {y:g}h{width:g}" for y in ys]
    # each body cell's bid box: the left and the bottom line of the pad's small box
    bid_x = [sum(columns[: len(fixed) + 2 * p + 1]) for p in range(players)]
    for r in range(rows):
        top = HEAD + r * row_h
        path += [f"M{bx + half:g} {top:g}v{BOX[1]:g}h{BOX[0] - half:g}" for bx in bid_x]
    frames = ""
    if footer and winners:
        inset = WINNER / 2
        top = height - HEAD
        frames = "".join(
            f"<rect x='{sum(columns[: len(fixed) + 2 * p]) + inset:.2f}' y='{top + inset:.2f}' "
            f"width='{total + BID - WINNER:.2f}' height='{HEAD - WINNER:.2f}'/>" for p in winners)
        frames = f"<g fill='none' stroke='black' stroke-width='{WINNER}'>{frames}</g>"
    svg = (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.2f}pt' height='{height:.2f}pt' "
           f"viewBox='0 0 {width:.2f} {height:.2f}'><path d='{''.join(path)}' fill='none' stroke='black' "
           f"stroke-width='{LINE}'/>{frames}</svg>")
    # quotes and spaces escaped too: the URI goes unquoted in a style attribute, where a
    # quote would become an HTML entity that the HTML parser decodes character by character
    return Ruling(columns, height, width, "data:image/svg+xml," + quote(svg, safe="=:/.,-"))
