"""Games set up through the JSON API for browser tests that start mid-game."""

from __future__ import annotations

import json
import random
import re
import threading
import urllib.request
from contextlib import contextmanager


def api(server: str, method: str, path: str, body=None):
    req = urllib.request.Request(server + path, method=method, data=json.dumps(body).encode() if body else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read() or b"null")


@contextmanager
def serving(tmp_path, monkeypatch, skull_king_hands=None, seed=None, bot_pause_ms=None):
    """The app on a loopback HTTP server of its own (its URL), whose Skull King deals are
    ``skull_king_hands`` (card codes per seat) when given: a hand the test can count on.
    ``seed``: the service's random source (deals, robots' seeds) seeded, the same table
    every run; ``bot_pause_ms``: the robots' real pause before a move, set (tests
    otherwise have none: the moves made within the request)."""
    from werkzeug.serving import make_server

    from scribe import create_app, service
    from scribe.games.skull_king import deck as sk_deck
    from scribe.games.skull_king.cards import parse_card

    if seed is not None:
        monkeypatch.setattr(service, "make_rng", lambda: random.Random(seed))
    if bot_pause_ms is not None:
        monkeypatch.setenv("SCRIBE_BOT_PAUSE_MS", str(bot_pause_ms))
    if skull_king_hands is not None:
        dealt = tuple(tuple(parse_card(c) for c in h) for h in skull_king_hands)
        monkeypatch.setattr(sk_deck, "deal", lambda n, cards, deck, rng=None: dealt)
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance")})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}"
    finally:
        srv.shutdown()
        thread.join(5)


def play_out(server: str, key: str) -> dict:
    """The virtual-deck round in play, played to its end on the Scribe's phone passed round
    (each turn the first card the rules allow), then its tricks as played: typed tricks
    wait for the last card (W-R4). Returns the answer to the tricks."""
    while True:
        sheet = api(server, "GET", f"/api/games/{key}/sheet")
        row = sheet["rounds"][sheet["current_round"] - 1]
        if row["play"]["finished"]:
            return api(server, "POST", f"/api/games/{key}/tricks", {})
        seat = row["play"]["turn"]
        with urllib.request.urlopen(f"{server}/games/{key}/pass/{seat}", timeout=10) as resp:
            page = resp.read().decode()
        card = re.search(r'name="card" value="([^"]+)"(?![^>]*disabled)', page).group(1)
        api(server, "POST", f"/api/games/{key}/actions/played", {"round": row["number"], "player": seat, "card": card})


def new_wizard(server: str, **rules) -> str:
    """A 3-player Wizard game (standard rules, 3 rounds): its Scribe key."""
    game = api(server, "POST", "/api/games", {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 0,
                                               "preset": "standard", "rules": {"rounds": 3, **rules}})
    return game["key"]


def links(server: str, key: str) -> dict:
    return api(server, "GET", f"/api/games/{key}/links")
