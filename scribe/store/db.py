"""Opening the database: one connection per request, WAL so readers never block."""

import sqlite3
import threading
from pathlib import Path

import sqlite_utils

from .migrations import migrations


# SQLite lets one writer in at a time and makes the others sleep and retry with growing
# sleeps (up to 100 ms each: the p99 of a busy table); the threads of one server queue
# on this lock instead and the next writer starts as soon as the last one commits.
# Writers in other processes still meet busy_timeout.
WRITE_LOCK = threading.Lock()


def open_db(path: str | Path, migrate: bool = True) -> sqlite_utils.Database:
    """Open (creating if needed) the SQLite file at ``path`` and apply migrations."""
    conn = sqlite3.connect(str(path), timeout=10, check_same_thread=False)
    db = sqlite_utils.Database(conn)
    # WAL lets the sheet be read while an entry is written; NORMAL is durable
    # enough in WAL mode (a power cut loses at most the last commit, never the file).
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("PRAGMA busy_timeout=10000")
    if migrate:
        migrations.apply(db)
    return db
