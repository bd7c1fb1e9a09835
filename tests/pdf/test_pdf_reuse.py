"""What the printer keeps from one PDF to the next (issue 21: a parsed style sheet per
template, a font configuration per thread) never shows on paper: sheets and pads of
different games, papers and languages printed at once on several threads are, byte for
byte, the ones printed one by one, and a page prints on its own paper after another."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from pdf_helpers import load, play, reader, text

from scribe import pdf

NAMES = ("Anna", "Bert", "Cleo", "Dora")


def _jobs(app):
    """Sheets of a finished and a half-played game in two languages, on A4 and Letter, and
    pads of other games: each a different style sheet, row height or paper."""
    whole = load(app, play(app, NAMES[:3]))
    half = load(app, play(app, NAMES, rounds=6, lang="fr"))
    return [
        lambda: pdf.sheet_pdf(whole[0], whole[1], "a4"),
        lambda: pdf.sheet_pdf(half[0], half[1], "letter"),
        lambda: pdf.sheet_pdf(whole[0], whole[1], "letter", story=False),
        lambda: pdf.pad_pdf(players=5, paper="letter", game="zibi", lang="en"),
        lambda: pdf.pad_pdf(players=4, paper="a4", game="points", lang="en"),
        lambda: pdf.pad_pdf(players=6, paper="a4", lang="fr"),
    ]


def test_pdfs_printed_at_once_on_several_threads_are_those_printed_one_by_one(app):
    jobs = _jobs(app)

    def run(job):
        with app.app_context():
            return job()

    one_by_one = [run(job) for job in jobs]
    with ThreadPoolExecutor(max_workers=3) as pool:
        at_once = list(pool.map(run, jobs * 3))
    assert at_once == one_by_one * 3
    # and each is what it should be: the half-played French game on Letter, the pads' games
    assert "Partie en cours" in text(one_by_one[1])
    assert "Zibi" in text(one_by_one[3])


def test_each_page_on_its_own_paper_one_after_the_other(app):
    sizes = {"a4": (595, 842), "letter": (612, 792)}
    with app.app_context():
        for paper in ("a4", "letter", "a4", "letter"):
            page = reader(pdf.pad_pdf(players=4, paper=paper, lang="en")).pages[0]
            assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == sizes[paper]
