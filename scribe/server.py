"""``scribe serve``: waitress (a production WSGI server) and the URL a phone should open."""

from __future__ import annotations

import socket
import sys


def lan_address() -> str:
    """This machine's address on the LAN, found without sending any packet."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        for info in infos:
            addr = info[4][0]
            if not addr.startswith("127."):
                return addr
    except OSError:
        pass
    return "127.0.0.1"


def phone_url(host: str, port: int) -> str:
    shown = lan_address() if host in ("0.0.0.0", "", "::") else host
    return f"http://{shown}:{port}/"


def print_banner(url: str, qr: bool, out=sys.stdout) -> None:
    print(f"Scribe is ready. Open this on the phones at the table:\n\n    {url}\n", file=out)
    if qr:
        import segno

        segno.make(url, error="m").terminal(out=out, compact=True)
    out.flush()


def run(host: str, port: int, threads: int = 8, qr: bool = True) -> int:
    from waitress import serve

    from . import create_app

    app = create_app()
    print_banner(phone_url(host, port), qr)
    serve(app, host=host, port=port, threads=threads, ident="scribe")
    return 0
