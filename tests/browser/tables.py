"""Games set up through the JSON API for browser tests that start mid-game."""

from __future__ import annotations

import json
import urllib.request


def api(server: str, method: str, path: str, body=None):
    req = urllib.request.Request(server + path, method=method, data=json.dumps(body).encode() if body else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read() or b"null")


def new_wizard(server: str, **rules) -> str:
    """A 3-player Wizard game (standard rules, 3 rounds): its Scribe key."""
    game = api(server, "POST", "/api/games", {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 0,
                                               "preset": "standard", "rules": {"rounds": 3, **rules}})
    return game["key"]


def links(server: str, key: str) -> dict:
    return api(server, "GET", f"/api/games/{key}/links")
