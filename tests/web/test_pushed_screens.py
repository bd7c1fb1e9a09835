"""Every screen of every game is pushed (issue 32, item 3): a fragment that follows the game
on a page with a stream is carried by that stream, never left to its own 2-second poll.

A page follows the game through one element marked ``data-live`` (scribe/static/live.js
holds its stream and swaps in each change); its ``hx-trigger="every 2s"`` is the
documented fallback only, for when no stream can be held (a server that holds none, a
buffering proxy, a phone offline: live.js cancels that poll while the stream is up). So:

- an element that polls (``hx-trigger`` with ``every``) without ``data-live`` polls where
  the page has a stream: the stream should carry it (Skull King's Scribe's bids and play
  fragments did, a card reaching the Scribe up to 2.4 s late);
- a page with two ``data-live`` elements follows only the first (live.js holds one stream
  per page): the second would wait for a poll that never comes while the stream is up;
- the TV's and a seat's pages always follow the game: each holds a stream.

Checked on every HTML answer of the state walk's games (tests/web/test_state_walk.py),
one walk per game of the registry and per deck: the Scribe's page, fragment and poll,
every /pass/N, the TV's page and fragment, each claimed seat's page and fragment, in every
phase of a round.
"""

from __future__ import annotations

import random
import re

import pytest
from flask import request, request_finished
from table_driver import Table, seed_turning
from test_state_walk import SCENARIOS, Walker, arrange, walk_app  # noqa: F401 (walk_app: the fixture)

from scribe import service
from scribe.games import GAMES

_TAG = re.compile(r"<[a-zA-Z][^<>]*>")
_POLLS = re.compile(r"""\bhx-trigger\s*=\s*["'][^"']*\bevery\b""")
_LIVE = re.compile(r"""\sdata-live\s*=""")


def off_stream(html: str) -> list[str]:
    """What in ``html`` polls where the page has a stream: each polling tag without
    ``data-live``, and every ``data-live`` tag past the first."""
    tags = _TAG.findall(html)
    bad = [t for t in tags if _POLLS.search(t) and not _LIVE.search(t)]
    live = [t for t in tags if _LIVE.search(t)]
    return bad + [f"a second stream on one page: {t}" for t in live[1:]]


def test_the_check_sees_a_poll_without_its_stream():
    pushed = ('<div hidden data-live="/games/k/events" hx-get="/games/k/poll?v=3" hx-trigger="every 2s" '
              'hx-target="#play"></div>')
    polled = '<div hidden hx-get="/games/k/poll?v=3" hx-trigger="every 2s" hx-target="#play"></div>'
    assert off_stream(f"<main>{pushed}<p>x</p></main>") == []
    assert off_stream(f"<main>{polled}</main>") == [polled.removesuffix("</div>")]
    assert len(off_stream(pushed + pushed)) == 1
    assert off_stream('<form hx-trigger="submit"></form>') == []


def _kind(sc) -> tuple[str, bool, bool]:
    rules = sc.body.get("rules", {})
    return sc.body.get("game", "wizard"), bool(rules.get("virtual_deck")), bool(rules.get("jubilee"))


def _one_per_kind() -> list:
    seen, out = set(), []
    for sc in SCENARIOS:
        if _kind(sc) not in seen:
            seen.add(_kind(sc))
            out.append(sc)
    return out


WALKS = _one_per_kind()


def test_every_game_of_the_registry_is_walked():
    assert {_kind(sc)[0] for sc in WALKS} == set(GAMES)


def _viewer(path: str) -> str | None:
    for prefix, name in (("/w/", "TV"), ("/p/", "seat")):
        if path.startswith(prefix):
            return name
    if path.startswith("/games/"):
        return "pass" if "/pass/" in path else "Scribe" if path.count("/") == 2 or path.endswith("/poll") else None
    return None


@pytest.mark.parametrize("sc", WALKS, ids=str)
def test_no_fragment_polls_where_the_page_has_a_stream(walk_app, monkeypatch, sc):  # noqa: F811
    """Every HTML answer of every page kind, in every state of the game: nothing polls
    beside the page's stream."""
    if sc.body.get("rules", {}).get("virtual_deck"):
        n, first = len(sc.body["players"]), 1 if not sc.body["rules"].get("unicolore") else 4
        seed = seed_turning(n, first, wizard=sc.turn_wizard)
        monkeypatch.setattr(service, "make_rng", lambda: random.Random(seed))
    found: dict[tuple[str, str], str] = {}
    seen: set[str] = set()

    def inspect(sender, response, **extra):
        viewer = _viewer(request.path)
        if request.method != "GET" or viewer is None or response.status_code != 200 \
                or response.mimetype != "text/html":
            return
        seen.add(viewer)
        html = response.get_data(as_text=True)
        rule = request.url_rule.rule if request.url_rule else request.path
        for tag in off_stream(html):
            found.setdefault((rule, tag), walk.step)
        if viewer in ("TV", "seat") and not _LIVE.search(html):  # they always follow the game
            found.setdefault((rule, "no stream at all"), walk.step)

    with Walker(walk_app, sc.name, 0) as walk:
        request_finished.connect(inspect, walk_app, weak=False)
        try:
            t = Table(walk_app, {**sc.body, "lang": sc.lang})
            arrange(t, sc.arrangement)
            sc.script(t, walk, sc)
        finally:
            request_finished.disconnect(inspect, walk_app)
    assert not walk.problems, walk.report()
    assert not found, "\n".join(f"{rule} at {step}: {tag}" for (rule, tag), step in found.items())
    assert {"Scribe", "TV", "seat"} <= seen
