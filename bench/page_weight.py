"""Weight of the game page on the wire, against the 40 KB budget; no CDN.

Starts ``scribe serve`` on loopback (fresh temp instance), creates a game through the
API, fetches the game page and every asset it references (``script src``, ``link
href``) with ``Accept-Encoding: gzip, br`` and prints each compressed size and the
total in KB next to the budget. Every referenced URL must be on the server itself.

    python bench/page_weight.py [--players 4] [--budget-kb 40]
"""

from __future__ import annotations

import argparse
import http.client
import json
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api_bids import HOST, free_port, server

ACCEPT = "gzip, br"


class Refs(HTMLParser):
    """``script src`` and ``link href`` in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script" and a.get("src"):
            self.urls.append(a["src"])
        elif tag == "link" and a.get("href"):
            self.urls.append(a["href"])


def fetch(conn: http.client.HTTPConnection, method: str, path: str, body: dict | None = None
          ) -> tuple[int, dict[str, str], bytes]:
    headers = {"Accept-Encoding": ACCEPT}
    payload = None
    if body is not None:
        payload = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    conn.request(method, path, payload, headers)
    resp = conn.getresponse()
    return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()  # bytes as sent


def decoded(headers: dict[str, str], raw: bytes) -> bytes:
    encoding = headers.get("content-encoding")
    if encoding == "gzip":
        import gzip

        return gzip.decompress(raw)
    if encoding == "br":
        import brotli  # Flask-Compress's own dependency

        return brotli.decompress(raw)
    return raw


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Game page weight on the wire vs the budget.")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--budget-kb", type=float, default=40.0)
    args = p.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="scribe-weight-") as tmp:
        work = Path(tmp)
        port = free_port()
        cmd = [sys.executable, "-m", "scribe.cli", "serve", "--host", HOST, "--port", str(port),
               "--threads", "4", "--no-qr"]
        with server(cmd, port, work, "scribe", {"SCRIBE_INSTANCE": str(work / "instance")}):
            conn = http.client.HTTPConnection(HOST, port, timeout=30)
            status, headers, raw = fetch(conn, "POST", "/api/games", {
                "players": [f"Player {i + 1}" for i in range(args.players)], "first_dealer": 0,
                "preset": "plus_minus_one", "lang": "en"})
            if status != 201:
                print(f"could not create a game: {status} {raw[:200]!r}")
                return 1
            page = f"/games/{json.loads(decoded(headers, raw))['key']}"
            base = f"http://{HOST}:{port}{page}"
            status, headers, raw = fetch(conn, "GET", page)
            if status != 200:
                print(f"game page: {status}")
                return 1
            rows = [(page, status, headers.get("content-encoding", "-"), len(raw))]
            refs = Refs()
            refs.feed(decoded(headers, raw).decode("utf-8"))

            foreign = []
            for url in refs.urls:
                full = urlsplit(urljoin(base, url))
                if (full.scheme, full.hostname, full.port) != ("http", HOST, port):
                    foreign.append(url)
                    continue
                status, headers, raw = fetch(conn, "GET", full.path + (f"?{full.query}" if full.query else ""))
                rows.append((url, status, headers.get("content-encoding", "-"), len(raw)))
            conn.close()

    total = sum(r[3] for r in rows)
    print(f"Game page and its assets on the wire (Accept-Encoding: {ACCEPT}), {args.players} players")
    print(f"{'url':<46}{'status':>7}{'encoding':>10}{'bytes':>9}")
    for url, status, enc, size in rows:
        print(f"{url:<46}{status:>7}{enc:>10}{size:>9}")
    ok = total / 1024 <= args.budget_kb
    print(f"total: {total / 1024:.1f} KB compressed (budget {args.budget_kb:.0f} KB) {'OK' if ok else 'OVER'}")
    print("every referenced URL is on the server itself (no CDN)" if not foreign
          else f"NOT on the server: {', '.join(foreign)}")
    bad = [r for r in rows if r[1] != 200]
    if bad:
        print(f"not 200: {', '.join(r[0] for r in bad)}")
    return 0 if ok and not foreign and not bad else 1


if __name__ == "__main__":
    raise SystemExit(main())
