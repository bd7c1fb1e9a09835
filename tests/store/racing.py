"""Threads released together on one store, each on a connection of its own as the
server's are: the races the store tests run."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from scribe import store


def race(where: str, jobs: Sequence[Callable[[Any], Any]],
         expected: tuple[type[BaseException], ...] = ()) -> list[tuple[str, Any]]:
    """Each ``job(db)`` in its own thread and connection to ``where`` (a SQLite file or a
    PostgreSQL URL), all released at once: ``[(outcome, value)]`` in the jobs' order,
    ``("ok", what it returned)`` or, for an ``expected`` exception, its class name and
    itself. Any other exception is the test's failure, raised here."""
    barrier = threading.Barrier(len(jobs))
    results: list = [None] * len(jobs)

    def run(i: int, job: Callable[[Any], Any]) -> None:
        db = store.open_db(where, migrate=False)
        try:
            barrier.wait()
            results[i] = ("ok", job(db))
        except expected as err:
            results[i] = (type(err).__name__, err)
        except BaseException as err:  # noqa: BLE001  (re-raised by the test's thread below)
            results[i] = ("unexpected", err)
        finally:
            store.close(db)

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert all(r is not None for r in results), "a thread never finished"
    for outcome, value in results:
        if outcome == "unexpected":
            raise value
    return results


def at_once(where: str, n: int, job: Callable[[Any], Any]) -> list[Any]:
    """``job`` run ``n`` times at once: what each returned."""
    return [value for _, value in race(where, [job] * n)]
