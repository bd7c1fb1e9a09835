"""The hall's TV's and the organiser's board streams (issue 36) where no server holds a
stream (any WSGI server but ``scribe serve``; here Flask's test client): opened through the
same link checks as their pages, they say the version, send the board when the page shows
an older one, and end with ``poll``, so the page keeps its poll. The board's poll answer
names no game (the hub alone is told which games a board is made of)."""

from __future__ import annotations

from conftest import app_rows

SIXTEEN = [f"P{i:02}" for i in range(16)]


def new_event(api) -> tuple[str, str, list[dict]]:
    status, event = api("post", "/api/events", {"name": "Club du jeudi", "game": "tarot", "format": "tarot_free",
                                               "parties": 2, "deals": 1, "entrants": SIXTEEN})
    assert status == 201, event
    organiser, hall = event["links"]["organiser"]["token"], event["links"]["ranking"]["token"]
    status, started = api("post", f"/api/events/{organiser}/parties", {"partie": 1})
    assert status == 201, started
    return organiser, hall, started["tables"]


def events(resp) -> list[tuple[str, str]]:
    """(name, data) of each Server-Sent Event of an answer."""
    out = []
    for block in resp.get_data(as_text=True).split("\n\n"):
        lines = block.splitlines()
        name = next((line[7:] for line in lines if line.startswith("event: ")), None)
        if name:
            out.append((name, "\n".join(line[6:] for line in lines if line.startswith("data: "))))
    return out


def test_without_a_push_server_each_board_stream_says_poll_and_the_page_polls_on(client, api):
    organiser, hall, _tables = new_event(api)
    version = api("get", f"/api/events/{hall}/version")[1]["version"]
    for page, stream, board in ((f"/events/{hall}/tv", f"/events/{hall}/tv/events", f"/events/{hall}/tv/board"),
                                (f"/events/{organiser}", f"/events/{organiser}/events", f"/events/{organiser}/board")):
        html = client.get(page).get_data(as_text=True)
        assert f'data-version="{version}" data-live="{stream}" hx-get="{board}?v={version}"' in html  # and its poll
        resp = client.get(f"{stream}?v={version}")
        assert resp.status_code == 200 and resp.mimetype == "text/event-stream"
        assert events(resp) == [("hello", str(version)), ("poll", "")]  # current: nothing to send
        behind = client.get(f"{stream}?v=0")
        assert [name for name, _data in events(behind)] == ["hello", "sheet", "poll"]
        shown = client.get(board, headers={"HX-Request": "true"}).get_data(as_text=True)
        assert events(behind)[1][1] == "\n".join(shown.splitlines())  # the board its poll answers


def test_a_board_stream_opens_only_for_its_own_link(client, api):
    organiser, hall, tables = new_event(api)
    for path in (f"/events/{organiser}/tv/events", f"/events/{hall}/events", "/events/AAAAAAAAAAAAAAAAAAAAAA/events",
                 f"/events/{tables[0]['scribe']['key']}/tv/events"):
        assert client.get(f"{path}?v=0").status_code == 404, path


def test_the_boards_poll_names_no_game_and_the_hubs_render_names_every_table(app, client, api):
    organiser, hall, _tables = new_event(api)
    games = {game for (game,) in app_rows(app, "select game_id from event_tables")}
    assert len(games) == 4
    for board in (f"/events/{hall}/tv/board", f"/events/{organiser}/board"):
        resp = client.get(board, headers={"HX-Request": "true"})
        assert resp.status_code == 200 and "X-Scribe-Follows" not in resp.headers
        held = client.get(board, headers={"HX-Request": "true"}, environ_overrides={"scribe.push.render": True})
        assert set(held.headers["X-Scribe-Follows"].split()) == games
