"""Club nights in the store and the event service, on both backends (``db``: a real SQLite
file, a fresh PostgreSQL database): an event's links, its partie's tables as ordinary
games, the next draw refused while a table plays on (E-P2), late arrivals and withdrawals
(E-D5), the ranking from the tables' sheets (E-R1, E-R5) and the event's version."""

from __future__ import annotations

import pytest

from scribe import event_service as es, service
from scribe.events import meetings
from scribe.rules.errors import RuleError
from scribe.store import StaleError, links

from .racing import at_once

KEY = "secret-key-of-the-server"
SIXTEEN = [f"P{i:02}" for i in range(16)]
# A Garde with 2 bouts and 49 points at four (T-S1..T-S3): the taker made it by 8, so
# (25 + 8) x 2 = 66 a defender; the taker takes the three defenders' 66 each.
GARDE = {"contract": "garde", "bouts": 2, "attack_points": 49}
WON, PAID = 198, -66


def tarot_night(db, parties=3, deals=2, entrants=SIXTEEN, **extra) -> es.MadeEvent:
    return es.create_event(db, KEY, "Club du jeudi", "fr", "tarot", "tarot_free", parties, entrants, deals=deals,
                           **extra)


def organiser(db, made):
    return es.open_event(db, made.organiser)


def play_out(db, table: es.Table, takers=None) -> None:
    """The table's Scribe enters its deals: each taken by ``takers[i]`` (seats), all Gardes made."""
    takers = takers or [0] * table.deals
    for version, taker in enumerate(takers):
        service.act(db, table.game_id, "deal", {**GARDE, "taker": taker}, version)


def test_e_links_open_the_event_and_nothing_else_does(db):
    """A link is the only permission: the organiser's and the ranking link open the event,
    its id does not, and neither token is stored (only its hash)."""
    made = tarot_night(db)
    assert organiser(db, made).kind == es.ORGANISER and es.open_event(db, made.ranking).kind == es.RANKING
    for wrong in (made.event_id, made.organiser[:-1] + "x", None, 12):
        with pytest.raises(es.EventNotFound):
            es.open_event(db, wrong)
    with pytest.raises(es.EventNotFound):  # the hall's link never does what the organiser's does
        es.open_event(db, made.ranking, (es.ORGANISER,))
    stored = " ".join(str(r) for r in db.execute("select * from event_links").fetchall())
    assert made.organiser not in stored and made.ranking not in stored


def test_e_d1_a_partie_seats_sixteen_at_four_tables_each_an_ordinary_game(db):
    made = tarot_night(db)
    tables = es.start_partie(db, KEY, organiser(db, made))
    assert [len(t.units) for t in tables] == [4, 4, 4, 4]
    assert sorted(u for t in tables for u in t.units) == SIXTEEN
    for t in tables:  # its own Scribe's link reaches its own game, players seated as drawn
        link, _version = links.find(db, t.scribe)
        assert link.game_id == t.game_id and link.kind == links.SCRIBE
        _game, sheet, _log = service.load(db, t.game_id)
        assert sheet.setup.players == t.units and sheet.setup.deals == 2 and t.state == "waiting"
    assert len({t.scribe for t in tables}) == 4


def test_the_ranking_link_carries_no_token(db):
    made = tarot_night(db)
    es.start_partie(db, KEY, organiser(db, made))
    hall = es.open_event(db, made.ranking)
    assert [t.scribe for t in es.progress(db, KEY, hall)] == [None] * 4
    with pytest.raises(es.EventNotFound):
        es.table_link(db, KEY, hall, 1, 1)
    with pytest.raises(es.EventNotFound):
        es.start_partie(db, KEY, hall)
    with pytest.raises(es.EventNotFound):
        es.links_of(db, KEY, hall)


def test_e_p2_the_next_draw_waits_for_every_table_and_stops_after_the_last_partie(db):
    made = tarot_night(db, parties=2, deals=1)
    tables = es.start_partie(db, KEY, organiser(db, made))
    for t in tables[:3]:
        play_out(db, t)
    with pytest.raises(RuleError) as refused:
        es.start_partie(db, KEY, organiser(db, made))
    assert refused.value.field == "partie" and "table 4" in refused.value.message
    play_out(db, tables[3])
    second = es.start_partie(db, KEY, organiser(db, made))
    assert {t.partie for t in second} == {2}
    for t in second:
        play_out(db, t)
    with pytest.raises(RuleError) as past:
        es.start_partie(db, KEY, organiser(db, made))
    assert "2 parties are drawn" in past.value.message


def test_e_d2_sixteen_players_meet_no_one_twice_over_two_parties(db):
    made = tarot_night(db, parties=2, deals=1)
    for _ in range(2):
        for t in es.start_partie(db, KEY, organiser(db, made)):
            play_out(db, t)
    assert max(meetings(organiser(db, made).draws).values()) == 1


def test_e_r1_the_ranking_sums_each_players_table_scores(db):
    """Worked by hand: at every table the first seat takes a Garde and makes it, twice in
    partie 1 (198 x 2), once in partie 2 and the second seat the other deal."""
    made = tarot_night(db, parties=2, deals=2)
    first = es.start_partie(db, KEY, organiser(db, made))
    for t in first:
        play_out(db, t, [0, 0])
    second = es.start_partie(db, KEY, organiser(db, made))
    for t in second:
        play_out(db, t, [0, 1])
    expected = {u: 0 for u in SIXTEEN}
    for t in first:
        for seat, u in enumerate(t.units):
            expected[u] += 2 * (WON if seat == 0 else PAID)
    for t in second:
        for seat, u in enumerate(t.units):
            expected[u] += (WON if seat == 0 else PAID) + (WON if seat == 1 else PAID)
    lines = es.standings(db, es.open_event(db, made.ranking))
    assert {line.unit: line.points for line in lines} == expected
    assert sum(expected.values()) == 0  # E-R5: zero-sum, table by table
    points = [line.points for line in lines]
    assert points == sorted(points, reverse=True) and lines[0].rank == 1


def test_the_ranking_follows_a_table_deal_by_deal(db):
    made = tarot_night(db, parties=1, deals=4)
    table = es.start_partie(db, KEY, organiser(db, made))[0]
    hall = es.open_event(db, made.ranking)
    before = hall.version
    service.act(db, table.game_id, "deal", {**GARDE, "taker": 0}, 0)
    hall = es.open_event(db, made.ranking)
    assert hall.version == before + 1 == es.version(db, made.ranking)  # the TV asks on this
    lines = {line.unit: line.points for line in es.standings(db, hall)}
    assert lines[table.units[0]] == WON and lines[table.units[1]] == PAID
    (now,) = [t for t in es.progress(db, KEY, hall) if t.number == 1]
    assert (now.played, now.deals, now.state) == (1, 4, "playing")


def test_e_d5_a_late_arrival_and_a_withdrawal_take_effect_at_the_next_draw(db):
    made = tarot_night(db, parties=3, deals=1, entrants=SIXTEEN[:12])
    for t in es.start_partie(db, KEY, organiser(db, made)):
        play_out(db, t)
    shown = es.arrive(db, organiser(db, made), "Zoé")
    shown = es.withdraw(db, shown, "P00", version=shown.own_version)
    with pytest.raises(RuleError) as drawn:  # partie 1 is played: too late to change it
        es.arrive(db, organiser(db, made), "Yann", partie=1)
    assert drawn.value.field == "partie"
    tables = es.start_partie(db, KEY, organiser(db, made))
    seated = {u for t in tables for u in t.units}
    assert "Zoé" in seated and "P00" not in seated and len(seated) == 12
    ranked = {line.unit for line in es.standings(db, organiser(db, made))}
    assert {"Zoé", "P00"} <= ranked  # P00's partie stays ranked; Zoé's first counts 0


def test_a_stale_change_is_refused_and_saves_nothing(db):
    made = tarot_night(db)
    shown = organiser(db, made)
    es.arrive(db, shown, "Zoé", version=shown.own_version)
    with pytest.raises(StaleError):  # the same page sent again: nothing added twice
        es.arrive(db, shown, "Yann", version=shown.own_version)
    assert "Yann" not in organiser(db, made).event.changes.__repr__()


@pytest.mark.parametrize(("body", "field"), [
    ({"entrants": "P1,P2"}, "entrants"), ({"entrants": SIXTEEN[:1]}, "entrants"),
    ({"entrants": SIXTEEN[:15] + ["P00"]}, "entrants"), ({"parties": "x"}, "parties"),
    ({"parties": 0}, "parties"), ({"deals": None}, "deals"), ({"deals": [4]}, "deals"),
    ({"format": "swiss"}, "format"), ({"game": "chess"}, "game"), ({"settings": {"ranking": "elo"}}, "settings"),
    ({"settings": {"colour": 1}}, "settings"), ({"settings": {"byes": "maybe"}}, "settings.byes"),
    ({"deals": 0}, "deals"), ({"deals": 201}, "deals"),  # the table's game takes 1 to 200 deals
    ({"settings": {"table_max": 7}}, "settings"),  # Tarot is for 3 to 6
    ({"name": ["x"]}, "name"),
])
def test_a_bad_event_is_refused_at_its_field_and_nothing_is_saved(db, body, field):
    args = {"name": "Club", "game": "tarot", "format": "tarot_free", "parties": 3, "entrants": SIXTEEN, "deals": 4,
            **body}
    with pytest.raises(RuleError) as refused:
        es.create_event(db, KEY, lang="fr", **args)
    assert refused.value.field == field
    assert db.execute("select count(*) from events").fetchone()[0] == 0


def test_e_d1_eleven_players_cannot_sit_at_tarot_tables_and_no_game_is_made(db):
    made = tarot_night(db, entrants=[f"Q{i}" for i in range(11)])
    with pytest.raises(RuleError) as refused:
        es.start_partie(db, KEY, organiser(db, made))
    assert refused.value.field == "units"
    assert db.execute("select count(*) from games").fetchone()[0] == 0


def test_a_start_sent_twice_makes_one_set_of_tables(db):
    made = tarot_night(db)
    shown = organiser(db, made)
    first = es.start_partie(db, KEY, shown, partie=1, version=shown.own_version)
    again = es.start_partie(db, KEY, shown, partie=1, version=shown.own_version)  # the same page, tapped twice
    assert [t.game_id for t in again] == [t.game_id for t in first]
    assert db.execute("select count(*) from games").fetchone()[0] == 4


def test_a_start_tapped_on_two_screens_at_once_makes_one_set_of_tables(db, backend):
    made = tarot_night(db)
    out = at_once(backend.where, 4, lambda conn: es.start_partie(conn, KEY, organiser(conn, made), partie=1))
    first = [t.game_id for t in out[0]]
    assert all([t.game_id for t in tables] == first for tables in out)
    assert db.execute("select count(*) from event_tables").fetchone()[0] == 4
    assert db.execute("select count(*) from games").fetchone()[0] == 4  # the same draw, the same games (m008)


def test_a_create_sent_twice_makes_one_event(db):
    one = tarot_night(db, made_from="api:k", made_with="a")
    two = tarot_night(db, made_from="api:k", made_with="a")
    assert (two.event_id, two.organiser, two.ranking, two.new) == (one.event_id, one.organiser, one.ranking, False)
    with pytest.raises(RuleError):
        tarot_night(db, made_from="api:k", made_with="b")


def test_the_organiser_fixes_an_entry_through_the_tables_own_scribe_link(db):
    made = tarot_night(db, parties=1, deals=2)
    table = es.start_partie(db, KEY, organiser(db, made))[1]
    token = es.table_link(db, KEY, organiser(db, made), 1, 2)
    assert token == table.scribe and links.find(db, token)[0].game_id == table.game_id
    with pytest.raises(RuleError):
        es.table_link(db, KEY, organiser(db, made), 1, 9)


def test_a_games_event_is_found_for_the_push_hub(db):
    made = tarot_night(db)
    tables = es.start_partie(db, KEY, organiser(db, made))
    assert es.event_of_game(db, [tables[0].game_id, "nope"]) == {tables[0].game_id: made.event_id}


TEAMS = {"Les As": ("Ana", "Ben"), "Les Rois": ("Cy", "Dee"), "Carreau": ("Eve", "Flo"), "Atout": ("Gus", "Hugo"),
         "Belote": ("Ines", "Jo")}


def test_e_f2_a_concours_seats_two_teams_a_table_partners_facing_with_a_bye(db):
    """Five teams of two: two Belote tables and a bye (E-D6), each team's partners facing
    (seats 0 and 2, 1 and 3); ranked by parties won, then points (E-R2); the bye is a
    partie won with no points."""
    made = es.create_event(db, KEY, "Concours", "fr", "belote", "concours", 2, list(TEAMS), deals=1,
                           teams=list(TEAMS.values()))
    tables = es.start_partie(db, KEY, organiser(db, made))
    assert [len(t.units) for t in tables] == [2, 2]
    (bye,) = organiser(db, made).draws[0].byes
    for t in tables:
        _game, sheet, _log = service.load(db, t.game_id)
        a, b = (TEAMS[u] for u in t.units)
        assert sheet.setup.players == (a[0], b[0], a[1], b[1]) and sheet.setup.deals == 1
        service.act(db, t.game_id, "result", {"takers": 0, "points": 100}, 0)
    lines = {line.unit: line for line in es.standings(db, organiser(db, made))}
    for t in tables:
        _game, sheet, _log = service.load(db, t.game_id)
        for unit, total in zip(t.units, sheet.totals):
            assert lines[unit].points == total
        assert lines[t.units[0]].won == 1 and lines[t.units[1]].won == 0
    assert (lines[bye].won, lines[bye].points, lines[bye].byes) == (1, 0, 1)
    assert all(t.over for t in es.progress(db, KEY, organiser(db, made)))
    second = es.start_partie(db, KEY, organiser(db, made))
    assert bye in {u for t in second for u in t.units}  # E-D6: the fewest byes sit out first


def test_e_r3_any_game_ranked_by_place_points(db):
    made = es.create_event(db, KEY, "Skyjo", "fr", "points", "any", 1, ["A", "B", "C", "D", "E", "F"], deals=1,
                           settings={"ranking": "place_points", "table_min": 3, "table_max": 3,
                                     "table_preferred": 3})
    tables = es.start_partie(db, KEY, organiser(db, made))
    assert [len(t.units) for t in tables] == [3, 3]
    for t in tables:
        _game, sheet, _log = service.load(db, t.game_id)
        assert sheet.setup.players == t.units
    for t in tables:  # at each table the first seat scores most, the third least
        service.act(db, t.game_id, "round", {"points": [30, 20, 10], "closer": None}, 0)
    lines = {line.unit: line.points for line in es.standings(db, organiser(db, made))}
    for t in tables:  # E-R3 without place points set: the units each one beat
        assert [lines[u] for u in t.units] == [2, 1, 0]
