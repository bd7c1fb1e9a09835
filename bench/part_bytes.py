"""Bytes per delivery (issue 35): what a held stream is sent for each tap at a Wizard table
on the virtual deck, the whole fragment (``sheet``, as before) against the parts that
changed (``parts``, scribe/push/parts.py), for the Scribe's phone, a seat's phone and the TV.

In process (Flask's test client on a temp SQLite file, no server): a 4-player game, every
seat claimed on its own phone, the first ``--rounds-before`` rounds played through the API
(bids, each card on its seat's phone, the tricks as played); then one more round tap by tap,
each screen's fragment read after each tap and framed as the hub frames it. Prints, per
screen and kind of tap, the mean bytes of the whole event and of the event sent, their ratio,
and the CPU the hub spends cutting the parts (one tree per render, one diff per change) next
to the CPU of the render itself.

    python bench/part_bytes.py [--rounds-before 7] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scribe import create_app, service
from scribe.push import parts
from scribe.web.live import event, sheet_event, version_of

HX = {"HX-Request": "true"}
PLAYERS = ["Ann", "Bo", "Cy", "Dee"]


class Table:
    """The game, the Scribe's client, the TV's, and a client per seat holding its link."""

    def __init__(self, app):
        self.scribe = app.test_client()
        made = self.scribe.post("/api/games", json={"players": PLAYERS, "first_dealer": 0,
                                                    "rules": {"virtual_deck": True, "reveal": "open"}}).get_json()
        self.key = made["key"]
        links = self.scribe.get(f"/api/games/{self.key}/links").get_json()
        self.watch, self.tokens = links["watch"]["token"], [p["token"] for p in links["players"]]
        self.tv = app.test_client()
        self.seats = [app.test_client() for _ in PLAYERS]
        for client, token in zip(self.seats, self.tokens):
            assert client.get(f"/p/{token}").status_code == 200

    def sheet(self) -> dict:
        return self.scribe.get(f"/api/games/{self.key}/sheet").get_json()

    def post(self, path: str, body: dict) -> None:
        resp = self.scribe.post(f"/api/games/{self.key}/{path}", json=body)
        assert resp.status_code == 200, resp.get_json()

    def fragments(self) -> dict[str, bytes]:
        return {"Scribe": self.scribe.get(f"/games/{self.key}/poll?v=0", headers=HX).data,
                "seat": self.seats[1].get(f"/p/{self.tokens[1]}/view?v=0", headers=HX).data,
                "TV": self.tv.get(f"/w/{self.watch}/sheet?v=0", headers=HX).data}

    def taps(self):
        """The next round tap by tap: (kind, do)."""
        number = self.sheet()["current_round"]
        yield "deal", lambda: self.post("deal", {"round": number})
        row = self.sheet()["rounds"][number - 1]
        if row["has_trump"] and row["turned"] and (row["trump"] is None or row["trump"] == {"card": "wizard", "suit": None}):
            yield "trump", lambda: self.post("trump", {"round": number, "card": "wizard", "suit": "red"})
        for p in self.sheet()["rounds"][number - 1]["order"]:
            yield "bid", lambda p=p: self.post("bids", {"round": number, "player": p, "bid": 0})
        for _ in range(number * len(PLAYERS)):
            yield "card", lambda: self.play(number)
        yield "tricks", lambda: self.post("tricks", {"round": number,
                                                     "tricks": self.sheet()["rounds"][number - 1]["play"]["won"]})

    def play(self, number: int) -> None:
        seat = self.sheet()["rounds"][number - 1]["play"]["turn"]
        client, token = self.seats[seat], self.tokens[seat]
        legal = client.get(f"/api/player/{token}").get_json()["cards"]["current"]["legal"]
        resp = client.post(f"/api/player/{token}/played", json={"round": number, "card": legal[0]})
        assert resp.status_code == 200, resp.get_json()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds-before", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    seed = random.Random(args.seed)
    service.make_rng = lambda: random.Random(seed.random())  # the same deals each run
    app = create_app({"TESTING": True, "INSTANCE_PATH": tempfile.mkdtemp(prefix="part-bytes-")})
    t = Table(app)
    for _ in range(args.rounds_before):
        for _kind, do in t.taps():
            do()
    before = t.fragments()
    trees = {screen: parts.tree(body) for screen, body in before.items()}
    sizes: dict[tuple[str, str], list[tuple[int, int]]] = {}
    tree_seconds = diff_seconds = render_seconds = 0.0
    cuts = reads = 0
    for kind, do in t.taps():
        do()
        start = time.process_time()
        fragments = t.fragments()
        render_seconds += time.process_time() - start
        reads += len(fragments)
        for screen, body in fragments.items():
            old = before[screen]
            if version_of(body) == version_of(old):
                continue
            start = time.process_time()
            root = parts.tree(body)
            cut = time.process_time()
            diff = parts.changed(old, trees[screen], body, root) if root and trees[screen] else None
            tree_seconds += cut - start
            diff_seconds += time.process_time() - cut
            cuts += 1
            whole = sheet_event(body)
            sent = whole if diff is None else event("parts", diff.data(version_of(old)), version_of(body))
            sizes.setdefault((screen, kind), []).append((len(whole), len(sent)))
            before[screen], trees[screen] = body, root
    number = args.rounds_before + 1
    print(f"Wizard, 4 players on the virtual deck, round {number} tap by tap; load {os.getloadavg()[0]:.2f}")
    print(f"{'screen':8} {'tap':7} {'n':>3} {'whole B':>9} {'sent B':>8} {'sent/whole':>10}")
    totals: dict[str, list[int]] = {}
    for (screen, kind), rows in sorted(sizes.items()):
        whole = statistics.mean(w for w, _ in rows)
        sent = statistics.mean(s for _, s in rows)
        totals.setdefault(screen, [0, 0])
        totals[screen][0] += sum(w for w, _ in rows)
        totals[screen][1] += sum(s for _, s in rows)
        print(f"{screen:8} {kind:7} {len(rows):>3} {whole:>9.0f} {sent:>8.0f} {sent / whole:>10.2f}")
    for screen, (whole, sent) in sorted(totals.items()):
        print(f"{screen:8} {'all':7} {'':>3} {whole:>9} {sent:>8} {sent / whole:>10.2f}")
    print(f"cutting parts: {(tree_seconds + diff_seconds) / cuts * 1000:.2f} ms of CPU per render ({cuts} renders:"
          f" reading its parts {tree_seconds / cuts * 1000:.2f}, comparing {diff_seconds / cuts * 1000:.2f}); the render"
          f" itself, through the test client: {render_seconds / reads * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
