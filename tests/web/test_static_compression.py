"""Static files (htmx, the CSS, the scripts) go out at the strongest compression, as the same
bytes on disk, and a browser's cached copy is confirmed with a 304 (the first page's 40 KB
budget is spent on what the player sees, not on a quick compression level)."""

import gzip
from pathlib import Path

import brotli

import scribe

STATIC = Path(scribe.__file__).parent / "static"
HTMX = next((STATIC / "vendor").glob("htmx-*.min.js"))


def test_htmx_goes_out_at_brotli_11_and_decodes_to_the_file_on_disk(client):
    on_disk = HTMX.read_bytes()
    resp = client.get(f"/static/vendor/{HTMX.name}", headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert resp.status_code == 200 and resp.headers["Content-Encoding"] == "br"
    assert brotli.decompress(resp.data) == on_disk
    # the size a quick level gives (Flask-Compress's own, level 5) is beaten
    assert len(resp.data) < len(brotli.compress(on_disk, quality=5))
    assert "Accept-Encoding" in resp.headers["Vary"]


def test_gzip_only_clients_get_gzip_and_plain_clients_get_the_file(client):
    css = (STATIC / "scribe.css").read_bytes()
    zipped = client.get("/static/scribe.css", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip" and gzip.decompress(zipped.data) == css
    plain = client.get("/static/scribe.css", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and plain.data == css


def test_a_cached_copy_is_confirmed_with_304_per_encoding(client):
    first = client.get("/static/scribe.js", headers={"Accept-Encoding": "br"})
    etag = first.headers["ETag"]
    again = client.get("/static/scribe.js", headers={"Accept-Encoding": "br", "If-None-Match": etag})
    assert again.status_code == 304 and not again.data
    # a gzip copy is another entity: the Brotli copy's tag does not confirm it
    other = client.get("/static/scribe.js", headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert other.status_code == 200 and other.headers["Content-Encoding"] == "gzip"
