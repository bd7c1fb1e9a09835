"""Issue 10, "a whole evening": the blank pads are linked from the start page and the
game's menu, and every history line says what it is, once (no list number beside "#n")."""

from __future__ import annotations

import re

from test_play import bid, create_by_form, page, tap
from web_helpers import text


def test_blank_pads_are_linked_from_the_start_page_and_the_game_menu(client):
    start = client.get("/").get_data(as_text=True)
    assert re.search(r'<a href="/pads">Blank score pads to print</a>', start)
    gid = create_by_form(client)
    assert re.search(r'<a href="/pads">Other blank pads</a>', page(client, gid))
    assert client.get("/pads").status_code == 200


def test_history_lines_say_what_each_entry_and_each_undo_was(client):
    gid = create_by_form(client, dealer="0")
    for _ in range(3):
        bid(client, gid, 0)
    tap(client, gid, "/tricks", tricks__0="1", tricks__1="0", tricks__2="0")
    tap(client, gid, "/undo")
    html = client.get(f"/games/{gid}/history").get_data(as_text=True)
    assert "<ol" not in html  # a numbered list printed "5. #5" on every line
    lines = [text(li) for li in re.findall(r"<li class=[^>]*>(.*?)</li>", html, re.DOTALL)]
    assert [re.sub(r" · .*?(AM|PM) ", " ", line) for line in lines] == [
        "#5 Undo of #4 (Round 1: tricks Paul 1, Thomas 0, Marie 0)",
        "#4 Round 1: tricks Paul 1, Thomas 0, Marie 0 (undone)",
        "#3 Round 1: Paul bids 0",
        "#2 Round 1: Marie bids 0",
        "#1 Round 1: Thomas bids 0",
    ]
