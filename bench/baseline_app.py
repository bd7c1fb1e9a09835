"""The floor the bid entry is measured against: a bare Flask app, one SQLite write per request.

``POST /write`` with a JSON body: one INSERT in one transaction on the connection this
server thread keeps (opened once with the PRAGMAs of ``scribe/store/db.py``: WAL,
synchronous=NORMAL, foreign_keys, busy_timeout; Scribe's threads keep theirs too,
scribe/web/db.py), one cell of a score sheet rendered by Jinja, and a small JSON answer.
That is issue 21's floor: the least a write through Flask can cost on this server.
``GET /read`` is the floor of a watcher's poll: a connection opened for it, one indexed
SELECT, 204 No Content (bench/watchers.py).

Served as ``scribe serve`` serves Scribe (``--server scribe``, the default: uvicorn with
scribe/bridge.py's hand-over to ``--threads`` worker threads), so a ratio against it
measures the app and not the server; ``--server waitress`` for the floor of earlier
runs; ``--workers N``: gunicorn like ``scribe serve --workers N``::

    python bench/baseline_app.py --host 127.0.0.1 --port 5001 --threads 8 [--server waitress] [--workers 2] --db /tmp/base.sqlite3
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path

from flask import Flask, jsonify, request

ROOT = Path(__file__).resolve().parent.parent
CELL = '<td class="bid{% if made %} made{% endif %}">{{ bid }}</td>'  # one cell of a sheet


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
    held = threading.local()
    cell_template = app.jinja_env.from_string(CELL)  # compiled once, as Flask keeps a file's template

    def kept() -> sqlite3.Connection:
        """This thread's connection, opened on its first request and kept."""
        conn = getattr(held, "conn", None)
        if conn is None:
            conn = held.conn = connect(path)
        return conn

    @app.post("/write")
    def write():
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            return jsonify(error="Send a JSON object.", field=None), 400
        conn = kept()
        with conn:
            cur = conn.execute(
                "insert into writes (client, seq, data, at) values (?, ?, ?, ?)",
                [str(body.get("client")), body.get("seq"), json.dumps(body),
                 datetime.now(UTC).isoformat(timespec="seconds")],
            )
        cell = cell_template.render(bid=body.get("bid"), made=body.get("seq", 0) % 2 == 0)
        return jsonify(ok=True, id=cur.lastrowid, cell=cell)

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


def serve_as_scribe(app: Flask, host: str, port: int, threads: int) -> None:
    """uvicorn and scribe/bridge.py, configured as ``scribe serve`` configures them for Scribe
    (scribe/server.py ``serve_push``; the event streams aside, which the floor has none of)."""
    sys.path.insert(0, str(ROOT))
    import uvicorn

    from scribe.bridge import WholeRequests
    from scribe.multicore import KEEPALIVE_SECONDS

    config = uvicorn.Config(WholeRequests(app, threads, 64 * 1024), host=host, port=port, lifespan="off",
                            log_config=None, log_level="warning", access_log=False, proxy_headers=False,
                            server_header=False, limit_concurrency=5000, backlog=2048,
                            timeout_keep_alive=KEEPALIVE_SECONDS)
    uvicorn.Server(config).run()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=5001)
    p.add_argument("--threads", type=int, default=8)
    p.add_argument("--server", choices=("scribe", "waitress"), default="scribe",
                   help="scribe: uvicorn as `scribe serve` runs it (default); waitress: the floor of earlier runs")
    p.add_argument("--workers", type=int, default=1, help="more than 1: gunicorn, as `scribe serve --workers`")
    p.add_argument("--db", required=True, help="SQLite file (created if missing)")
    args = p.parse_args(argv)

    app = create_app(args.db)
    if args.workers > 1:  # served exactly as scribe serve --workers serves Scribe
        sys.path.insert(0, str(ROOT))
        from scribe.multicore import serve_workers

        print(f"baseline ready on http://{args.host}:{args.port}/ ({args.workers} workers)", flush=True)
        return serve_workers(lambda: create_app(args.db), args.host, args.port, args.workers, args.threads, 1000,
                             streams=False)
    print(f"baseline ready on http://{args.host}:{args.port}/ ({args.server})", flush=True)
    if args.server == "scribe":
        serve_as_scribe(app, args.host, args.port, args.threads)
    else:
        from waitress import serve

        serve(app, host=args.host, port=args.port, threads=args.threads, ident="baseline")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
