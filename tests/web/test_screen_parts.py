"""Every pushed screen of every game can be sent in parts (issue 35, scribe/push/parts.py).

Walked through the state walk's games (tests/web/test_state_walk.py), one walk per game of
the registry and per deck: each fragment a stream carries (the Scribe's poll, the TV's
fragment, a seat's fragment) is one root holding its parts, each id once; and from each
such fragment to the next one of the same screen, the parts cut, applied to the first,
give the second byte for byte, and the hub's reading of the second from the first
(``parts.step``) finds the same parts as reading it whole. Most changes go in parts: a fragment sent whole for a bid
or a card would mean a part lacks its mark.
"""

from __future__ import annotations

import random

import pytest
from flask import request, request_finished
from table_driver import Table, seed_turning
from test_pushed_screens import WALKS
from test_state_walk import Walker, arrange, walk_app  # noqa: F401 (walk_app: the fixture)

from scribe import service
from scribe.push import parts
from scribe.web.live import version_of


def _screen(path: str) -> str | None:
    """The screen a pushed fragment's path shows (its link), or None for any other answer."""
    if request.headers.get("HX-Request") != "true":
        return None
    if path.startswith("/w/") and path.endswith("/sheet") or path.startswith("/p/") and path.endswith("/view"):
        return path
    return path if path.startswith("/games/") and path.endswith("/poll") else None


def _shape(node: parts.Node | None):
    return node and (node.id, node.name, node.start, node.open_end, node.end, [_shape(c) for c in node.children])


@pytest.mark.parametrize("sc", WALKS, ids=str)
def test_each_pushed_fragment_is_cut_in_parts_that_rebuild_the_next(walk_app, monkeypatch, sc):  # noqa: F811
    if sc.body.get("rules", {}).get("virtual_deck"):
        n, first = len(sc.body["players"]), 1 if not sc.body["rules"].get("unicolore") else 4
        seed = seed_turning(n, first, wizard=sc.turn_wizard)
        monkeypatch.setattr(service, "make_rng", lambda: random.Random(seed))
    last: dict[str, bytes] = {}
    problems: dict[str, str] = {}
    counts = {"parts": 0, "whole": 0, "bytes": 0, "whole_bytes": 0}

    def inspect(sender, response, **extra):
        screen = _screen(request.path)
        if request.method != "GET" or screen is None or response.status_code != 200:
            return
        html = response.get_data()
        root = parts.tree(html)
        if root is None:
            problems.setdefault(f"{request.url_rule.rule}: not one root of parts", walk.step)
            return
        before = last.get(screen)
        last[screen] = html
        if before is None or version_of(before) == version_of(html):
            return
        diff = parts.changed(before, parts.tree(before), html, root)
        read, stepped = parts.step(before, parts.tree(before), html)  # as the hub reads it: from the render before
        if (_shape(read), stepped and stepped.data(0)) != (_shape(root), diff and diff.data(0)):
            problems.setdefault(f"{request.url_rule.rule}: read from the render before, not as read whole", walk.step)
        counts["whole_bytes"] += len(html)
        if diff is None:
            counts["whole"] += 1
            counts["bytes"] += len(html)
            return
        counts["parts"] += 1
        counts["bytes"] += len(diff.data(version_of(before)))
        if parts.apply(before, diff.data(version_of(before))) != html:
            problems.setdefault(f"{request.url_rule.rule}: the parts do not rebuild the fragment", walk.step)

    with Walker(walk_app, sc.name, 0) as walk:
        request_finished.connect(inspect, walk_app, weak=False)
        try:
            t = Table(walk_app, {**sc.body, "lang": sc.lang})
            arrange(t, sc.arrangement)
            sc.script(t, walk, sc)
        finally:
            request_finished.disconnect(inspect, walk_app)
    assert not walk.problems, walk.report()
    assert not problems, "\n".join(f"{what} at {step}" for what, step in problems.items())
    assert counts["parts"] > counts["whole"], counts
    print(f"{sc}: {counts}")
