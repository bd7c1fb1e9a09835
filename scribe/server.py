"""``scribe serve``: uvicorn (the Flask app mounted under ASGI, scribe/push) and the URL a
phone should open.

Sized for a room of phones each holding a stream (issue 21): an idle stream is one file
descriptor and a few kilobytes on the event loop (not a thread), so the connection limit,
not the thread count, decides how many watchers one server holds. Flask's requests run
on ``threads`` threads.
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Callable
from typing import Any

from .push.server import push_server

DEFAULT_CONNECTION_LIMIT = 5000  # a room of TVs and phones, each holding a stream


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


def _hostname_addresses() -> list[str]:
    try:
        return [i[4][0] for i in socket.getaddrinfo(socket.gethostname(), None)]
    except OSError:
        return []


def lan_address() -> str:
    """This machine's address on the LAN, found without sending any packet."""
    candidates = _interface_addresses() + [a for a in _hostname_addresses() if ":" not in a]
    for addr in candidates:
        if not addr.startswith("127."):
            return addr
    return "127.0.0.1"


def own_names(host: str) -> list[str]:
    """Every name a phone or the laptop may reach this server by: the allow-list's base."""
    hostname = socket.gethostname()
    names = ["localhost", "127.0.0.1", "::1", hostname, f"{hostname}.local"]
    names += _interface_addresses() + _hostname_addresses()
    if host not in ("0.0.0.0", "", "::"):
        names.append(host)
    return [n for n in names if n]


def phone_url(host: str, port: int) -> str:
    shown = lan_address() if host in ("0.0.0.0", "", "::") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def print_banner(url: str, qr: bool, out=None) -> None:
    out = out or sys.stdout
    print(f"Scribe is ready. Open this on the phones at the table:\n\n    {url}\n", file=out)
    if qr:
        import segno

        segno.make(url, error="m").terminal(out=out, compact=True)
    out.flush()


def raise_open_file_limit() -> int:
    """Soft RLIMIT_NOFILE up to the hard limit: each watcher's connection is a descriptor."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return -1
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else 1 << 20
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft


def app_factory(host: str, public_url: str | None) -> Callable[[], Any]:
    """Builds the app as served: the environment's config, plus this machine's own names."""
    names = own_names(host)

    def make():
        from . import create_app
        from .web import hosts

        app = create_app({"PUBLIC_URL": public_url} if public_url else None)
        hosts.allow(app, names)
        if host in ("0.0.0.0", "", "::"):  # on the LAN: links shown on the laptop itself use its LAN address
            app.config["LAN_ADDRESS"] = lan_address()
        return app

    return make


def unshared_key(config) -> str | None:
    """What to say when a node serves PostgreSQL with a session key generated on its own
    machine: alone it works, but the other nodes could read neither its cookies nor its
    Scribe keys."""
    from .store.urls import is_url as is_postgres

    if is_postgres(config.get("DATABASE_URL")) and config.get("SECRET_KEY_GENERATED"):
        return ("this node's session key was generated on this machine: other nodes on this PostgreSQL "
                "database will read neither its cookies nor its Scribe keys. For several nodes set "
                "SCRIBE_SECRET_KEY, the same on every node (e.g. python3 -c 'import secrets; "
                "print(secrets.token_hex(32))'). See docs/hosting.md, \"Several nodes\".")
    return None


def listening(host: str, port: int, backlog: int = 2048) -> list[socket.socket]:
    """Sockets bound to ``port`` on ``host`` (each address it names, as asyncio's
    ``create_server`` binds them), for uvicorn to serve on: a port that cannot be had is
    said in a sentence (PortUnavailable), not in uvicorn's log of an errno."""
    from .unavailable import PortUnavailable

    made: list[socket.socket] = []
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        for family, kind, proto, _name, address in dict.fromkeys(infos):
            sock = socket.socket(family, kind, proto)
            made.append(sock)
            if os.name == "posix" and sys.platform != "cygwin":  # asyncio's default; elsewhere it means another thing
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(backlog)
    except OSError as err:
        for sock in made:
            sock.close()
        raise PortUnavailable(host, port, err) from None
    return made


def port_free(host: str, port: int) -> None:
    """PortUnavailable unless ``port`` can be bound on ``host`` now (gunicorn binds it
    itself, and would only log its errno five times)."""
    for sock in listening(host, port):
        sock.close()


def run(host: str, port: int, threads: int = 8, qr: bool = True, workers: int = 1,
        connection_limit: int = DEFAULT_CONNECTION_LIMIT, public_url: str | None = None) -> int:
    """Serve until stopped. What cannot be had (the hosted extra for ``workers`` > 1, the
    port, the instance folder, the database) is raised as ``Unavailable`` before anything
    is served: ``scribe serve`` says it in one sentence."""
    from .web.logs import setup_logging

    if workers > 1:
        from .multicore import require_gunicorn

        require_gunicorn(workers)
        port_free(host, port)
        sockets = None
    else:
        sockets = listening(host, port)  # held from now on: nobody takes the port while the app is made
    make = app_factory(host, public_url)
    try:
        app = make()  # creates or migrates the database once, before any worker starts
    except BaseException:
        for sock in sockets or ():
            sock.close()
        raise
    setup_logging(app.config.get("LOG_LEVEL") or "INFO")
    if warning := unshared_key(app.config):
        app.logger.warning(warning)
    limit = raise_open_file_limit()
    if 0 < limit < connection_limit + 64:
        app.logger.warning("only %d open files allowed: fewer than %d connections will fit", limit, connection_limit)
    url = public_url.rstrip("/") + "/" if public_url else phone_url(host, port)
    if workers > 1:
        from .multicore import serve_workers

        return serve_workers(make, host, port, workers, threads, connection_limit, app.config.get("LOG_LEVEL"),
                             lambda: print_banner(url, qr))
    return serve_push(app, host, port, threads, connection_limit, lambda: print_banner(url, qr), sockets)


def serve_push(app, host: str, port: int, threads: int, connection_limit: int,
               ready: Callable[[], None] = lambda: None, sockets: list[socket.socket] | None = None) -> int:
    """One process (uvicorn, the Flask app mounted under ASGI, scribe/push): SIGTERM or
    SIGINT end the held streams (the pages reconnect to the next server), stop accepting,
    let requests in flight finish, exit 0. ``sockets``: already bound (``listening``),
    else bound here."""
    from .climain import FAILED

    server = push_server(app, host, port, threads, connection_limit, ready)
    server.run(sockets=sockets if sockets is not None else listening(host, port))
    server.push.wsgi.workers.close()  # a request still running after the drain ends before the process does
    if not server.started:
        return FAILED
    print("Scribe stopped.", flush=True)
    return 0
