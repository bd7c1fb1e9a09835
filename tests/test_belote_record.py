"""A Belote or Coinche game's record (``scribe export`` / ``scribe import``): every setting,
the team names and the end come back through the game's own checks, and the entries
(deals, a passed deal, a correction, undo and redo) replay to the same sheet."""

from __future__ import annotations

import json

import pytest
from test_record_cli import created, game_id_of, instance, served, web_sheet  # noqa: F401 (fixtures)

from scribe.cli import main


@pytest.mark.parametrize("body, deals", [
    ({"variant": "belote", "target": 501, "settings": {"annonces": True, "rounding": "up"}},
     [{"takers": 0, "points": 81}, {"takers": "passed"}, {"takers": 1, "capot": 1, "belote": 0,
                                                            "annonces": {"team": 1, "combos": ["tierce"]}}]),
    ({"variant": "coinche", "preset": "pagat", "deals": 6, "names": ["Nous", "Eux"]},
     [{"takers": 0, "contract": 110, "points": 113, "trump": "SA"}, {"takers": 1, "contract": "generale",
                                                                       "capot": 1, "alone": True}]),
])
def test_export_then_import_gives_the_same_sheet(served, tmp_path, capsys, body, deals):  # noqa: F811
    app, client = served
    handle, gid = created(client, game="belote", players=["Ana", "Ben", "Cy", "Dee"], first_dealer=1, **body)
    for d in deals:
        assert client.post(f"/api/games/{handle}/actions/result", json=d).status_code == 200
    fix = client.post(f"/api/games/{handle}/rounds/1/correction", json={**deals[0], "points": 100})
    assert fix.status_code == 200
    assert client.post(f"/api/games/{handle}/undo", json={}).status_code == 200
    assert client.post(f"/api/games/{handle}/redo", json={}).status_code == 200
    out = tmp_path / "game.json"
    assert main(["export", gid, "-o", str(out)]) == 0
    assert json.loads(out.read_text())["game"] == "belote"
    capsys.readouterr()
    assert main(["import", str(out)]) == 0, capsys.readouterr().err
    key = capsys.readouterr().out.strip()
    assert web_sheet(app, game_id_of(app, key)) == web_sheet(app, gid)
