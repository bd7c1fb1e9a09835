"""Language: from the browser's Accept-Language, or the cookie the switch sets;
the switch goes back only to a local path."""

from __future__ import annotations

import pytest


def test_accept_language_picks_french(client):
    html = client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="fr">' in html
    html = client.get("/", headers={"Accept-Language": "en-GB"}).get_data(as_text=True)
    assert '<html lang="en">' in html
    html = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="en">' in html  # the default


def test_the_switch_sets_the_cookie_and_goes_back(client):
    resp = client.get("/lang/fr?next=/games/new")
    assert resp.status_code == 303 and resp.headers["Location"] == "/games/new"
    cookie = resp.headers["Set-Cookie"]
    assert cookie.startswith("lang=fr") and "SameSite=Lax" in cookie
    # the cookie wins over the browser's language
    html = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="fr">' in html
    resp = client.get("/lang/en?next=/")
    assert resp.status_code == 303 and resp.headers["Location"] == "/"
    html = client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<html lang="en">' in html


def test_the_page_offers_the_switch_back_to_the_same_page(client, new_game):
    gid = new_game()
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f'href="/lang/fr?next=/games/{gid}"' in html


def test_unknown_language_sets_no_cookie(client):
    resp = client.get("/lang/xx?next=/")
    assert resp.status_code == 303 and "Set-Cookie" not in resp.headers


@pytest.mark.parametrize("target", [
    "//evil.com", "https://evil.com", "http://evil.com/", "evil.com", "/\\evil.com", "\\\\evil.com",
    "/%09/evil.com", "%2F%2Fevil.com", "javascript:alert(1)", "/%0d%0aSet-Cookie:x=1", "",
])
def test_the_switch_never_redirects_off_site(client, target):
    resp = client.get(f"/lang/en?next={target}")
    assert resp.status_code == 303
    assert resp.headers["Location"] == "/"  # back to the games list, on this site
    assert "x=1" not in resp.headers.get("Set-Cookie", "")
