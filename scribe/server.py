"""``scribe serve``: waitress (a production WSGI server) and the URL a phone should open."""

from __future__ import annotations

import socket
import sys


def _interface_addresses() -> list[str]:
    """IPv4 addresses of the network interfaces (Linux ioctl; empty elsewhere)."""
    try:
        import fcntl
        import struct
    except ImportError:
        return []
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _index, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))  # SIOCGIFADDR
            except OSError:
                continue
            found.append(socket.inet_ntoa(packed[20:24]))
    return found


def lan_address() -> str:
    """This machine's address on the LAN, found without sending any packet."""
    candidates = _interface_addresses()
    try:
        candidates += [i[4][0] for i in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    for addr in candidates:
        if not addr.startswith("127."):
            return addr
    return "127.0.0.1"


def phone_url(host: str, port: int) -> str:
    shown = lan_address() if host in ("0.0.0.0", "", "::") else host
    return f"http://{shown}:{port}/"


def print_banner(url: str, qr: bool, out=None) -> None:
    out = out or sys.stdout
    print(f"Scribe is ready. Open this on the phones at the table:\n\n    {url}\n", file=out)
    if qr:
        import segno

        segno.make(url, error="m").terminal(out=out, compact=True)
    out.flush()


def run(host: str, port: int, threads: int = 8, qr: bool = True) -> int:
    from waitress import serve

    from . import create_app

    app = create_app()
    if host in ("0.0.0.0", "", "::"):  # on the LAN: links shown on the laptop itself use its LAN address
        app.config["LAN_ADDRESS"] = lan_address()
    print_banner(phone_url(host, port), qr)
    serve(app, host=host, port=port, threads=threads, ident="scribe")
    return 0
