"""The floor the bid entry is measured against: Flask + one SQLite write per request.

``POST /write`` with a JSON body: open a connection with the same
PRAGMAs as ``scribe/store/db.py`` (WAL, synchronous=NORMAL, foreign_keys,
busy_timeout), INSERT one row in one transaction, close, answer a small JSON.
``GET /read`` is the floor of a watcher's poll: one indexed SELECT, 204 No Content
(bench/watchers.py).
Served by waitress like ``scribe serve``, or with ``--workers N`` by gunicorn like
``scribe serve --workers N``::

    python bench/baseline_app.py --host 127.0.0.1 --port 5001 --threads 8 [--workers 2] --db /tmp/base.sqlite3
"""

from __future__ import annotations

import argparse
import json
import sqlite3
from datetime import datetime, timezone

from flask import Flask, jsonify, request


def connect(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=10, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=10000")
    return conn


def create_app(path: str) -> Flask:
    conn = connect(path)
    with conn:
        conn.execute(
            "create table if not exists writes ("
            " id integer primary key, client text, seq integer, data text not null, at text not null)"
        )
    conn.close()

    app = Flask(__name__)

    @app.post("/write")
    def write():
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            return jsonify(error="Send a JSON object.", field=None), 400
        conn = connect(path)  # one connection per request, like scribe/web/db.py
        try:
            with conn:
                cur = conn.execute(
                    "insert into writes (client, seq, data, at) values (?, ?, ?, ?)",
                    [str(body.get("client")), body.get("seq"), json.dumps(body),
                     datetime.now(timezone.utc).isoformat(timespec="seconds")],
                )
        finally:
            conn.close()
        return jsonify(ok=True, id=cur.lastrowid)

    @app.get("/read")
    def read():
        """The floor of a poll: one connection, one indexed SELECT, 204 No Content."""
        conn = connect(path)
        try:
            conn.execute("select id from writes where id = ?", [1]).fetchone()
        finally:
            conn.close()
        return "", 204

    return app


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=5001)
    p.add_argument("--threads", type=int, default=8)
    p.add_argument("--workers", type=int, default=1, help="more than 1: gunicorn, as `scribe serve --workers`")
    p.add_argument("--db", required=True, help="SQLite file (created if missing)")
    args = p.parse_args(argv)

    from waitress import serve

    app = create_app(args.db)
    if args.workers > 1:  # served exactly as scribe serve --workers serves Scribe
        import sys
        from pathlib import Path

        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from scribe.multicore import serve_workers

        print(f"baseline ready on http://{args.host}:{args.port}/ ({args.workers} workers)", flush=True)
        return serve_workers(lambda: create_app(args.db), args.host, args.port, args.workers, args.threads, 1000)
    print(f"baseline ready on http://{args.host}:{args.port}/", flush=True)
    serve(app, host=args.host, port=args.port, threads=args.threads, ident="baseline")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
