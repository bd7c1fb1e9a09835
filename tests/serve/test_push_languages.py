"""Push (issue 21) and each phone's language (issue 24): the watchers of a game share one
render per entry only with watchers who read the same language. Six TVs on one game, two
in German (their browser's language), two in French (the switch's cookie, though the
browser says English), two in English: each is sent the fragment its own poll would
answer, in its own language, and each entry is rendered once per language, not per TV."""

from __future__ import annotations

from .conftest import request
from .sse import Stream
from .test_push import act, new_game, shown

READERS = {
    "de": {"Accept-Language": "de-DE,de;q=0.9"},
    "fr": {"Accept-Language": "en-GB,en;q=0.8", "Cookie": "lang=fr"},
    "en": {"Accept-Language": "en-GB,en;q=0.8"},
}


def fragment(port: int, watch: str, headers: dict[str, str]) -> str:
    status, _, body = request(port, "GET", f"/w/{watch}/sheet", headers={"Host": "localhost", "HX-Request": "true",
                                                                          **headers})
    assert status == 200
    return "\n".join(body.decode().splitlines())


def test_watchers_share_a_render_only_with_readers_of_their_language(serve):
    server = serve("--host", "127.0.0.1")
    port = server.port
    key, watch = new_game(port)
    tvs = {lang: [Stream(port, f"/w/{watch}/events?v=0", headers=headers) for _ in range(2)]
           for lang, headers in READERS.items()}
    for streams in tvs.values():
        for tv in streams:
            assert tv.next().name == "hello"
    before = server.log().count("GET /w/<token>/sheet 200")
    pages = dict.fromkeys(READERS, "")
    for version, player in enumerate((1, 2), start=1):
        act(port, key, "bid", {"player": player, "bid": 0})
        sent = {lang: {tv.next() for tv in streams} for lang, streams in tvs.items()}
        for lang, headers in READERS.items():
            assert len(sent[lang]) == 1, lang  # one render for the readers of a language
            event = sent[lang].pop()
            pages[lang] = shown(pages[lang], event)  # the first whole, the next in parts
            assert (event.id, pages[lang]) == (str(version), fragment(port, watch, headers)), lang
        de, fr, en = (pages[lang] for lang in ("de", "fr", "en"))
        assert "Runde 1" in de and "Manche 1" in fr and "Round 1" in en  # never one reader's words to another
        assert "Round 1" not in de and "Manche" not in en and "Runde" not in fr
    log = server.wait_log(lambda log: log.count("GET /w/<token>/sheet 200") - before >= 12)
    renders = log.count("GET /w/<token>/sheet 200") - before
    assert renders == 2 * 3 + 2 * 3  # per entry one render per language, and this test's own reads
    for streams in tvs.values():
        for tv in streams:
            tv.close()
