"""Filled-sheet PDF export next to WeasyPrint rendering a plain table, same run.

Plays a finished 3-player, 20-round game (the tallest sheet) through the service on a
temp database, then times ``scribe.pdf.sheet_pdf`` without the story page (template, babel, styled
grid, WeasyPrint) against WeasyPrint rendering a plain unstyled HTML table of the same size
and words (20 rows; round, cards, trump, and per player the total, the bid and the
tricks of a miss; the heading, result and legend lines). Both are warmed up once
(fonts, CSS parser), then run ``--runs`` times alternately. Times are this process's
CPU time (``time.process_time``), steadier than wall time on a shared machine;
WeasyPrint is single-threaded, so on an idle machine they match. Prints the medians
and the ratio against the target (<= 1.5x), then the whole export with the story page
(measured on its own: what the page adds).

    python bench/pdf_export.py [--runs 15]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_RATIO = 1.5
PLAYERS = ("Paul", "Thomas", "Marie")


def finished_game(app) -> str:
    """A whole 3-player game: one player takes every trick, another misses a bid of 1."""
    from scribe import service
    from scribe.web.db import get_db

    with app.app_context():
        db = get_db()
        game_id = service.create(db, "wizard", "Bench", "en", players=list(PLAYERS), first_dealer=0,
                                 preset="standard")
        _, sheet, _ = service.load(db, game_id)
        n = len(PLAYERS)
        for row in sheet.rows:
            tricks = [0] * n
            tricks[row.number % n] = row.cards
            bids = list(tricks)
            bids[(row.number + 1) % n] = 1
            for p in row.order:
                service.act(db, game_id, "bid", {"player": p, "bid": bids[p]})
            service.act(db, game_id, "tricks", {"tricks": tricks})
        return game_id


def python_calls(fn) -> int:
    """The Python function calls ``fn()`` makes (cProfile): unlike its time, the same on
    an idle and on a busy machine. WeasyPrint is mostly Python; Pango, HarfBuzz and zlib
    are not counted."""
    import cProfile
    import pstats

    profile = cProfile.Profile()
    profile.enable()
    fn()
    profile.disable()
    return sum(stat[1] for stat in pstats.Stats(profile).stats.values())  # type: ignore[attr-defined]


def plain_table(game, sheet, words) -> str:
    """The baseline: the words and numbers the printed sheet shows, in the font it embeds
    (DejaVu Sans: one ``style`` attribute, else WeasyPrint falls back on a serif face),
    with no other style: the heading, the players and rules lines, the table (header, a
    row per round: number, cards, trump, and per player the total with the dealer's D and,
    for a missed bid, the round's points, then the bid and the tricks of a miss, on one
    line: the sheet puts them on two, but a second line costs a plain table ~20 % more
    and the floor should not be made easy; the total row), the result and the legend. ``words``: the app's own
    formatting of the date and the rules line, so both print the same text."""
    names = sheet.setup.players
    head = "".join(f"<th colspan=2>{name}</th>" for name in names)
    rows = []
    for r in sheet.rows:
        trump = "no trump" if not r.has_trump else (words["trump"](r.trump, sheet.setup) if r.trump else "")
        cells = "".join(
            f"<td>{'D ' if r.dealer == p else ''}{r.totals[p]}{'' if r.hit(p) else f' {r.points[p]}'}</td>"
            f"<td>{r.bids[p]}{'' if r.hit(p) else f' ✗{r.tricks[p]}'}</td>" for p in range(sheet.setup.n))
        rows.append(f"<tr><td>{r.number}</td><td>{r.cards}</td><td>{trump}</td>{cells}</tr>")
    winners = sheet.winners
    totals = "".join(f"<td colspan=2>{'★ ' if p in winners else ''}{t}</td>" for p, t in enumerate(sheet.totals))
    players = " · ".join(f"{i}. {name}" for i, name in enumerate(names, 1))
    return (f'<!doctype html><html><body style="font-family: DejaVu Sans"><h1>{game.name} · Wizard · {words["date"]}</h1>'
            f"<p>Players, in seating order (clockwise): {players}<br>{words['rules']}</p>"
            f"<table><tr><th>#</th><th>Cards</th><th>Trump</th>{head}</tr>{''.join(rows)}"
            f"<tr><td colspan=3>Total</td>{totals}</tr></table>"
            f"<p>{names[winners[0]]} wins! ({sheet.totals[winners[0]]})</p>"
            "<p>Small box: the bid. Circled total, the round’s score beside it and ✗n: bid missed, n tricks"
            " taken. D: dealer. ★: winner.</p></body></html>")


def fairness(ours: bytes, base: bytes) -> str:
    """What both PDFs hold, to check the comparison is like for like: their pages, the
    fonts embedded (subset prefix dropped) and their words (as a multiset: the two lay
    them out differently). Read with pypdf (the test extra); without it, not checked."""
    try:
        import io

        from pypdf import PdfReader
    except ImportError:
        return "not checked (pypdf is not installed)"

    def facts(data: bytes):
        pages = PdfReader(io.BytesIO(data)).pages
        fonts = {str(f["/BaseFont"]).split("+")[-1] for page in pages
                 for f in page["/Resources"]["/Font"].values() if "/BaseFont" in f.get_object()}
        return len(pages), sorted(fonts), sorted(" ".join(page.extract_text() for page in pages).split())

    (p1, f1, w1), (p2, f2, w2) = facts(ours), facts(base)
    return (f"pages {p1} / {p2}, fonts {', '.join(f1)} / {', '.join(f2)}, "
            + (f"the same {len(w1)} words" if w1 == w2 else f"words DIFFER ({len(w1)} / {len(w2)})"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args(argv)

    from flask_babel import force_locale
    from weasyprint import HTML, __version__ as weasy_version

    from scribe import create_app, pdf, service
    from scribe.web.db import get_db

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"INSTANCE_PATH": str(Path(tmp) / "instance")})
        game_id = finished_game(app)
        with app.app_context():
            game, sheet, _ = service.load(get_db(), game_id)
            assert sheet.finished and len(sheet.rows) == 20
            env = app.jinja_env.filters
            with force_locale(game.lang):
                words = {"date": pdf._date(game.created_at), "rules": env["rules_text"](sheet.setup),
                         "trump": env["trump"]}
            baseline_html = plain_table(game, sheet, words)

            def export() -> bytes:
                return pdf.sheet_pdf(game, sheet, story=False)

            def with_story() -> bytes:
                return pdf.sheet_pdf(game, sheet)

            def baseline() -> bytes:
                return HTML(string=baseline_html).write_pdf()

            export(), with_story(), baseline()  # warm up: fonts, CSS parser, templates
            ours, told, base = [], [], []
            for _ in range(args.runs):
                for fn, out in ((export, ours), (baseline, base), (with_story, told)):
                    t = time.process_time()
                    fn()
                    out.append(time.process_time() - t)
            sheet_bytes, size_told = export(), len(with_story())
            size, fair = len(sheet_bytes), fairness(sheet_bytes, baseline())
            calls = {fn: python_calls(fn) for fn in (export, baseline)}  # steady where the times are not

    m_ours, m_base, m_told = statistics.median(ours), statistics.median(base), statistics.median(told)
    ratio = m_ours / m_base
    print(f"weasyprint {weasy_version}, {args.runs} runs each, 3 players x 20 rounds")
    print(f"like for like: {fair}")
    print(f"sheet_pdf   median {m_ours * 1000:7.1f} ms  (min {min(ours) * 1000:.1f}, {size} bytes)")
    print(f"plain table median {m_base * 1000:7.1f} ms  (min {min(base) * 1000:.1f})")
    print(f"ratio {ratio:.2f}x (target <= {TARGET_RATIO}x): {'OK' if ratio <= TARGET_RATIO else 'OVER'}; "
          f"best against best {min(ours) / min(base):.2f}x (the runs least disturbed by other work)")
    print(f"Python function calls of one export (steady on a busy machine): sheet {calls[export]:,}, "
          f"plain table {calls[baseline]:,}, ratio {calls[export] / calls[baseline]:.2f}x")
    print(f"with the story page: median {m_told * 1000:7.1f} ms ({size_told} bytes): the story page adds "
          f"{(m_told - m_ours) * 1000:.1f} ms, {m_told / m_base:.2f}x the plain table in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
