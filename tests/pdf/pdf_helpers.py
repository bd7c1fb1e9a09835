"""Games played through the service, and PDFs read back with pypdf."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

from pypdf import PdfReader

from scribe import service
from scribe.web.db import get_db

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def plan(n: int, cards: int, r: int) -> tuple[list[int], list[int]]:
    """Deterministic bids and tricks for round ``r``: player r%n takes every trick
    and bids it; the others bid 0 except one who bids 1 and misses (W-S1)."""
    tricks = [0] * n
    tricks[r % n] = cards
    bids = list(tricks)
    bids[(r + 1) % n] = 1 if cards >= 1 else 0
    return bids, tricks


def play(app, players, rounds: int | None = None, lang: str = "en", name="Friday game", **options) -> str:
    """Create a game and play ``rounds`` rounds (all of them by default); returns its id."""
    options.setdefault("preset", "standard")
    with app.app_context():
        db = get_db()
        game_id = service.create(db, "wizard", name, lang, players=list(players), first_dealer=0, **options)
        _, sheet, _ = service.load(db, game_id)
        todo = len(sheet.rows) if rounds is None else rounds
        for row in sheet.rows[:todo]:
            bids, tricks = plan(len(players), row.cards, row.number)
            for p in row.order:
                service.act(db, game_id, "bid", {"player": p, "bid": bids[p]})
            service.act(db, game_id, "tricks", {"tricks": tricks})
    return game_id


def load(app, game_id):
    with app.app_context():
        return service.load(get_db(), game_id)


def reader(data: bytes) -> PdfReader:
    assert data[:5] == b"%PDF-", data[:40]
    return PdfReader(io.BytesIO(data))


STORY_HEADINGS = ("The story of the game", "L’histoire de la partie")


def sheet_pages(data: bytes) -> list:
    """The pages of the sheet itself: a played game's story follows on a page of its own."""
    pages = list(reader(data).pages)
    if len(pages) > 1 and any(h in pages[-1].extract_text() for h in STORY_HEADINGS):
        pages = pages[:-1]
    return pages


def text(data: bytes) -> str:
    """The sheet's text (the story's page after it is read on its own)."""
    return "\n".join(page.extract_text() for page in sheet_pages(data))


def words(data: bytes, page: int = 0) -> list[tuple[str, float, float]]:
    """(text, x, y) of each text run on a page, y from the top in points."""
    pdf = reader(data)
    pg = pdf.pages[page]
    height = float(pg.mediabox.height)
    out: list[tuple[str, float, float]] = []

    def visit(txt, cm, tm, _font, _size):
        if txt.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            out.append((txt.strip(), x, height - y))

    pg.extract_text(visitor_text=visit)
    return out


def fonts_embedded(data: bytes) -> list[tuple[str, bool]]:
    """(font name, embedded?) of every font used on every page."""
    result = []
    for page in reader(data).pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            descendants = font.get("/DescendantFonts")
            if descendants:
                font = descendants[0].get_object()
            desc = font.get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            embedded = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            result.append((str(font.get("/BaseFont")), embedded))
    return result


def to_png(data: bytes, name: str) -> Path:
    """The first page at 80 dpi into test-artifacts/ so a person can look."""
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / f"{name}.pdf"
    pdf.write_bytes(data)
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", str(pdf),
                    str(ARTIFACTS / name)], check=True)
    return ARTIFACTS / f"{name}.png"


def grid(data: bytes, names, page: int = 0) -> dict[int, list[list[str]]]:
    """Texts of each round's row, per player column: {round: [[texts of player 0], ...]}.

    Columns are found from the header names (give names of equal length, centred in
    columns of equal width); rows from the round numbers in the first column.
    """
    runs = words(data, page)
    starts = []
    for name in names:
        hits = [x for t, x, _ in runs if t == name]
        assert hits, f"{name} not in the header"
        starts.append(min(hits))
    width = starts[1] - starts[0]
    centres = [x + 3 * len(name) for x, name in zip(starts, names)]  # a 9 pt letter is about 6 pt wide
    left_edge = min(x for _, x, _ in runs)
    rows: dict[int, float] = {}
    for t, x, y in runs:
        if t.isdigit() and x < left_edge + 15 and int(t) not in rows:
            rows[int(t)] = y
    out: dict[int, list[list[str]]] = {r: [[] for _ in names] for r in rows}
    for t, x, y in runs:
        for r, ry in rows.items():
            if abs(y - ry) < 9:
                for p, cx in enumerate(centres):
                    if cx - width / 2 <= x < cx + width / 2:
                        out[r][p].append(t)
    return out


def scribe_key(app, game_id: str) -> str:
    """A Scribe's link for a game made straight through the service (its id opens nothing)."""
    from scribe import sharing

    with app.app_context():
        return sharing.scribe_token(get_db(), app.config["SECRET_KEY"], game_id)
