"""Several nodes (issue 23): two real ``scribe serve`` processes on one PostgreSQL database,
a real Caddy in front of them with deploy/Caddyfile.nodes' proxy block. Games are made,
played and watched across the nodes; a change written on one reaches the streams held by
the other (PostgreSQL's LISTEN/NOTIFY); one node killed mid-game, the other carries on
with every acknowledged entry kept and none twice."""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import threading
import time
from pathlib import Path

import pytest

from .conftest import ROOT, Server, free_port, request
from .sse import Stream
from .test_push import fragment, shown
from .tools import caddy

SECRET = "5c" * 32  # the same session key on every node (SCRIBE_SECRET_KEY)
SITE = "scribe.test"
PLAYERS = ["Ann", "Bo", "Cy"]


def caddyfile(data: Path, port: int, upstreams: list[int]) -> str:
    """deploy/Caddyfile.nodes as shipped, its two nodes on loopback and plain http on ``port``."""
    shipped = (ROOT / "deploy" / "Caddyfile.nodes").read_text()
    text = shipped.replace("10.0.0.11:8000 10.0.0.12:8000", " ".join(f"127.0.0.1:{p}" for p in upstreams))
    text = text.replace("scribe.example.org {", f"http://{SITE}:{port} {{")
    assert text.count("127.0.0.1:") == len(upstreams) and f"http://{SITE}" in text
    return f"{{\n\tadmin off\n\tauto_https off\n\tstorage file_system {{\n\t\troot {data}\n\t}}\n}}\n\n{text}"


class Nodes:
    """Node A, node B, and Caddy's port in front of both."""

    def __init__(self, a: Server, b: Server, port: int):
        self.a, self.b, self.port = a, b, port

    def via_caddy(self, method: str, path: str, body=None, headers=None):
        return request(self.port, method, path, body, {"Host": SITE, **(headers or {})})


@pytest.fixture
def nodes(pg_url, tmp_path):
    env = {"SCRIBE_DATABASE_URL": pg_url, "SCRIBE_SECRET_KEY": SECRET, "SCRIBE_TRUSTED_PROXIES": "127.0.0.1",
           "SCRIBE_ALLOWED_HOSTS": SITE}
    servers = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        servers.append(Server(tmp_path / name, "--host", "127.0.0.1", env=env))
    try:
        for server in servers:
            server.wait_ready()
        port = free_port()
        conf = tmp_path / "Caddyfile"
        conf.write_text(caddyfile(tmp_path / "caddy-data", port, [s.port for s in servers]))
        log = (tmp_path / "caddy.log").open("wb")
        proc = subprocess.Popen([caddy(), "run", "--config", str(conf), "--adapter", "caddyfile"], cwd=tmp_path,
                                env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                                     "XDG_DATA_HOME": str(tmp_path / "xdg"), "XDG_CONFIG_HOME": str(tmp_path / "xdg")},
                                stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 30
            while True:
                assert proc.poll() is None, "caddy exited:\n" + (tmp_path / "caddy.log").read_text()
                try:
                    if request(port, "GET", "/healthz", headers={"Host": SITE})[0] == 200:
                        break
                except OSError:
                    pass
                assert time.monotonic() < deadline, "caddy did not answer:\n" + (tmp_path / "caddy.log").read_text()
                time.sleep(0.1)
            yield Nodes(*servers, port)
        finally:
            proc.terminate()
            proc.wait(10)
            log.close()
    finally:
        for server in servers:
            server.kill()


def create(port: int, host: str = "localhost", rounds: int = 3, headers=None):
    """A 3-player Wizard game: (status, its Scribe's key, its watch token, the Set-Cookie)."""
    status, hdrs, body = request(port, "POST", "/api/games", {"players": PLAYERS, "first_dealer": 0,
                                                             "rules": {"rounds": rounds}},
                                 headers={"Host": host, **(headers or {})})
    assert status == 201, body
    key = json.loads(body)["key"]
    _, _, links = request(port, "GET", f"/api/games/{key}/links", headers={"Host": host})
    return key, json.loads(links)["watch"]["token"], hdrs.get("Set-Cookie", "")


def moves(rounds: int):
    """The game's entries in order: each round every player bids 0 from the dealer's left,
    then Ann takes every trick."""
    for number in range(1, rounds + 1):
        dealer = (number - 1) % 3
        for i in range(3):
            yield "bid", {"player": (dealer + 1 + i) % 3, "bid": 0}
        yield "tricks", {"round": number, "tricks": [number, 0, 0]}


def test_games_made_played_and_watched_across_the_nodes(nodes):
    a, b = nodes.a, nodes.b
    # one game made on A, its TV on B: each bid written on A is sent by B as it happens
    key, watch, cookie = create(a.port)
    tv = Stream(b.port, f"/w/{watch}/events?v=0")
    assert tv.next() == (None, "hello", "0")
    page = ""
    for version, (kind, data) in enumerate(list(moves(1)), start=1):
        status, _, body = request(a.port, "POST", f"/api/games/{key}/actions/{kind}", {**data, "version": version - 1},
                                  headers={"Host": "localhost"})
        assert status == 200 and json.loads(body)["version"] == version, body
        sent = tv.next(timeout=15)  # whole, or the parts that changed (issue 35)
        assert sent.id == str(version)
        page = shown(page, sent)
        assert page == fragment(b.port, watch)
    tv.close()

    # the Scribe stops the watch link on A: the TV held by B reloads (and reads why), though
    # no version moved (the link's change is notified as an entry is)
    tv = Stream(b.port, f"/w/{watch}/events?v=4")
    assert tv.next() == (None, "hello", "4")
    status, _, _ = request(a.port, "POST", f"/api/games/{key}/links", {"link": "watch", "op": "revoke"},
                           headers={"Host": "localhost"})
    assert status == 200
    assert tv.next(timeout=15) == (None, "reload", "")
    assert tv.next() is None

    # the session is the same on both nodes (one key): B lists the game A made for this browser
    session = re.match(r"session=[^;]+", cookie).group(0)
    status, _, body = request(b.port, "GET", "/api/games", headers={"Host": "localhost", "Cookie": session})
    assert status == 200 and key in body.decode()

    # a create sent twice with one Idempotency-Key (Caddy sends the two to either node): one game
    once = {"Idempotency-Key": "table-7-second-game"}
    made = {create(nodes.port, SITE, headers=once)[0] for _ in range(3)}
    assert len(made) == 1

    # through Caddy: games made, bid and watched wherever Caddy sends each request
    games = [create(nodes.port, SITE)[:2] for _ in range(4)]
    tvs = [Stream(nodes.port, f"/w/{w}/events?v=0", headers={"Host": SITE}) for _, w in games]
    for stream in tvs:
        assert stream.next() == (None, "hello", "0")
    pages = [""] * len(tvs)
    for (kind, data), version in zip(list(moves(1)), range(1, 5)):
        for k, _w in games:
            status, _, body = nodes.via_caddy("POST", f"/api/games/{k}/actions/{kind}",
                                              {**data, "version": version - 1})
            assert status == 200, body
        for i, ((_k, w), stream) in enumerate(zip(games, tvs)):
            sent = stream.next(timeout=15)
            assert sent.id == str(version)
            pages[i] = shown(pages[i], sent)
            assert pages[i] == fragment(a.port, w) == fragment(b.port, w)
    for stream in tvs:
        stream.close()
    served = [s.log().count("POST /api/games/<token>/actions") for s in (a, b)]
    assert all(served), f"Caddy sent every action to one node: {served}"


def _post_until_answered(nodes: Nodes, key: str, kind: str, data: dict, version: int) -> tuple[int, dict]:
    """One action through Caddy, sent again while no node answers it (a node killed with
    the request in flight: 502). (status, body) of the answer that came."""
    deadline = time.monotonic() + 60
    while True:
        try:
            status, _, body = nodes.via_caddy("POST", f"/api/games/{key}/actions/{kind}", {**data, "version": version})
            if status not in (502, 503, 504):
                return status, json.loads(body)
        except (OSError, http.client.HTTPException):
            pass
        assert time.monotonic() < deadline, f"no node answered {kind} {data} at version {version}"
        time.sleep(0.05)


def test_a_node_killed_mid_game_the_other_carries_on_and_nothing_is_lost(nodes):
    rounds = 6
    key, watch, _ = create(nodes.port, SITE, rounds=rounds)
    on_b = Stream(nodes.b.port, f"/w/{watch}/events?v=0")  # a TV held by the node that stays
    assert on_b.next() == (None, "hello", "0")
    acknowledged: dict[int, tuple[str, dict]] = {}
    unsure: list[int] = []  # sent, no answer, then refused as stale: written before the kill, or not
    killer = threading.Timer(0.05, nodes.a.proc.kill)  # SIGKILL: no drain, no goodbye
    version = 0
    for kind, data in moves(rounds):
        if len(acknowledged) == 7 and not killer.is_alive() and nodes.a.proc.poll() is None:
            killer.start()  # node A dies while the next requests are on their way
        status, body = _post_until_answered(nodes, key, kind, data, version)
        if status == 409:  # the first try was written, its answer lost with the node
            unsure.append(version + 1)
            version = body["version"]
            continue
        assert status == 200, body
        version = body["version"]
        acknowledged[version] = (kind, data)
    killer.join()
    assert nodes.a.proc.wait(10) == -9

    status, _, body = request(nodes.b.port, "GET", f"/api/games/{key}/history", headers={"Host": "localhost"})
    assert status == 200
    entries = json.loads(body)["entries"]
    expected = list(moves(rounds))
    # every acknowledged entry is there, at its version; none twice; the game whole
    assert [e["seq"] for e in entries] == list(range(1, len(expected) + 1)) == list(range(1, version + 1))
    for seq, (kind, data) in acknowledged.items():
        entry = entries[seq - 1]
        assert entry["kind"] == kind and {k: entry["data"][k] for k in data} == data, (seq, entry)
    assert [(e["kind"], {k: e["data"][k] for k in d}) for e, (_, d) in zip(entries, expected)] == expected
    assert not any(e["undone"] for e in entries)
    assert len(acknowledged) + len(unsure) == len(expected)

    # the TV on B followed to the end; a TV that was on A reconnects (through Caddy) and is
    # sent what it missed, once
    last, page = None, ""
    while last is None or last.id != str(version):
        last = on_b.next(timeout=15)
        page = shown(page, last)
    assert page == fragment(nodes.b.port, watch)
    again = Stream(nodes.port, f"/w/{watch}/events?v=0", headers={"Host": SITE, "Last-Event-ID": "7"})
    assert again.next() == (None, "hello", str(version))
    missed = again.next(timeout=15)
    assert (missed.id, missed.name) == (str(version), "sheet")
    for stream in (on_b, again):
        stream.close()
    status, _, _ = nodes.via_caddy("GET", "/healthz")
    assert status == 200


def test_a_node_on_postgresql_with_a_key_of_its_own_says_the_others_cannot_share_it(pg_url, tmp_path):
    """Alone it serves; the log says the other nodes could read neither its cookies nor its
    Scribe's keys, and what to set."""
    server = Server(tmp_path, "--host", "127.0.0.1", env={"SCRIBE_DATABASE_URL": pg_url, "SCRIBE_SECRET_KEY": ""})
    server.wait_ready()
    log = server.wait_log(lambda log: "other nodes" in log)
    assert "SCRIBE_SECRET_KEY" in log and "other nodes" in log
    server.stop()
