"""Language: from the browser's Accept-Language, or the cookie the switch sets;
the switch goes back only to a local path."""

from __future__ import annotations

import pytest


def test_accept_language_picks_french(client):
    html = client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="fr">' in html
    html = client.get("/", headers={"Accept-Language": "en-GB"}).get_data(as_text=True)
    assert '<html lang="en">' in html
    html = client.get("/", headers={"Accept-Language": "pt-BR,pt;q=0.9"}).get_data(as_text=True)
    assert '<html lang="en">' in html  # the default, for a language Scribe does not speak


@pytest.mark.parametrize("header, lang", [("de-DE,de;q=0.9", "de"), ("es-ES", "es"), ("it-IT,it;q=0.8,en;q=0.5", "it"),
                                          ("nl-BE,nl;q=0.9", "nl"), ("pt,es;q=0.5", "es")])
def test_accept_language_picks_each_of_the_six(client, header, lang):
    html = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert f'<html lang="{lang}">' in html


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


def test_the_switch_offers_six_languages_by_their_own_names(client):
    html = client.get("/", headers={"Accept-Language": "it"}).get_data(as_text=True)
    switch = html[html.index('<details class="lang">'):html.index("</details>", html.index('<details class="lang">'))]
    for code, name in [("de", "Deutsch"), ("es", "Español"), ("it", "Italiano"), ("nl", "Nederlands"),
                       ("fr", "Français"), ("en", "English")]:
        assert f'hreflang="{code}" lang="{code}"' in switch and f">{name}</a>" in switch
    assert switch.count("<a ") == 6
    assert 'hreflang="it" lang="it" aria-current="true"' in switch  # the reader's own, marked


@pytest.mark.parametrize("code", ["de", "es", "it", "nl"])
def test_the_switch_sets_each_new_language(client, code):
    resp = client.get(f"/lang/{code}?next=/")
    assert resp.headers["Set-Cookie"].startswith(f"lang={code}")
    assert f'<html lang="{code}">' in client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)


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
