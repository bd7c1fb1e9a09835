"""What a command needs and cannot have here: the database, the port, the instance folder,
the hosted extra. Each is an exception whose ``str`` is the one sentence to say, cause and
remedy included; the ``scribe`` commands say it on stderr and exit 3 (scribe/climain.py).

Raised where the failure is met (the store opening the database, the configuration making
the instance folder, the server binding its port), so every command, and ``flask --app
scribe ...``, says the same sentence for the same failure.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

HOSTED = "pip install 'scribe[hosted]'"


class Unavailable(Exception):
    """Something a command needs is not available here; ``str(exc)`` says what, why, and
    what to do."""


class HostedExtraMissing(Unavailable):
    """A hosted setting (PostgreSQL, several workers) used where the hosted extra is not
    installed."""

    def __init__(self, what: str, package: str, otherwise: str = ""):
        self.what, self.package = what, package
        super().__init__(f"{what} needs the hosted extra, and {package} cannot be imported here: {HOSTED}"
                         + (f", or {otherwise}" if otherwise else "") + ".")


class InstanceUnwritable(Unavailable):
    """The instance folder (the SQLite database, the generated session key) cannot be made
    or written."""

    def __init__(self, folder: str | Path, err: OSError | str, database: str | Path | None = None):
        self.folder = str(folder)
        cause = err if isinstance(err, str) else (err.strerror or str(err)).lower()
        said = (f"cannot write the database {database} ({cause})" if database
                else f"cannot write the instance folder {self.folder} ({cause})")
        super().__init__(f"{said}; the instance folder holds the database and the session key. "
                         "Set SCRIBE_INSTANCE to a folder this user can write.")


class DatabaseUnavailable(Unavailable):
    """The database cannot be reached (``unreachable``), refused the connection
    (``refused``: a wrong password, no such database), or its URL cannot be used
    (``invalid``)."""

    def __init__(self, where: str, cause: str, kind: str = "unreachable", setting: str = "SCRIBE_DATABASE_URL"):
        self.where, self.cause, self.kind, self.setting = where, cause, kind, setting
        said = {"refused": f"the database at {where} refused the connection ({cause})",
                "invalid": f"the database URL cannot be used ({cause})"}.get(
                    kind, f"cannot reach the database at {where} ({cause})")
        super().__init__(f"{said}. Check {setting}.")

    def naming(self, setting: str) -> DatabaseUnavailable:
        """The same failure, its URL given by ``setting`` (``--to``, say)."""
        return DatabaseUnavailable(self.where, self.cause, self.kind, setting)


class PortUnavailable(Unavailable):
    """The server cannot listen on its port."""

    def __init__(self, host: str, port: int, err: OSError):
        self.host, self.port = host, port
        other = port + 1 if port < 65535 else 5001
        choose = f"choose another port: SCRIBE_PORT={other} make run, or scribe serve --port {other}"
        if err.errno in _IN_USE:
            said = f"port {port} is already in use on this machine (another Scribe, or another program)"
        elif err.errno in _DENIED:
            said = f"port {port} is not allowed to this user (ports below 1024 need root)"
        elif err.errno in _NOT_HERE:
            said = f"{host} is not an address of this machine, so port {port} cannot be opened on it"
            choose = "set --host (SCRIBE_HOST) to one of its addresses, or 0.0.0.0 for all of them"
        else:
            said = f"cannot listen on port {port} of {host} ({_cause(err)})"
        super().__init__(f"{said}; {choose}.")


_IN_USE = {98, 48, 10048}  # EADDRINUSE on Linux, macOS, Windows
_DENIED = {13, 10013}  # EACCES
_NOT_HERE = {99, 49, 10049}  # EADDRNOTAVAIL


def _cause(err: OSError) -> str:
    return (err.strerror or str(err)).lower()


def plain(text: str) -> str:
    r"""A driver's message as half a sentence: one line, no errno, no ``FATAL:``, no tab.

    >>> plain("Connection refused\n\tIs the server running on that host?")
    'connection refused'
    >>> plain('FATAL:  database "x" does not exist')
    'database "x" does not exist'
    """
    line = text.strip().splitlines()[0] if text.strip() else ""
    line = re.sub(r"\[Errno -?\d+\]\s*", "", line)
    line = re.sub(r"^(FATAL|ERROR):\s*", "", line.strip()).strip()
    line = line.replace("\t", " ")
    if len(line) > 1 and line[0].isupper() and line[1].islower():
        line = line[0].lower() + line[1:]
    return line.rstrip(".")


def database_place(url: str) -> str:
    """host:port of a PostgreSQL URL (never its password), as a message names it.

    >>> database_place("postgresql://scribe:secret@db.example.org/scribe")
    'db.example.org:5432'
    """
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    try:
        port = parts.port or 5432
    except ValueError:  # a port that is no number: shown as written, after the host
        return host
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def database_problem(url: str, err: BaseException) -> DatabaseUnavailable:
    r"""psycopg's error connecting to ``url`` as one sentence: where, and the cause (the
    server's own words when it answered and refused).

    >>> print(database_problem("postgresql://scribe:pw@127.0.0.1:1/scribe", OSError(
    ...     'connection failed: connection to server at "127.0.0.1", port 1 failed: Connection refused\n'
    ...     '\tIs the server running on that host and accepting TCP/IP connections?')))
    cannot reach the database at 127.0.0.1:1 (connection refused). Check SCRIBE_DATABASE_URL.
    """
    text = str(err).strip() or type(err).__name__
    text = re.sub(r"^connection (failed|is bad):\s*", "", text)
    found = re.match(r'connection to server (?:at "[^"]*"(?: \([^)]*\))?, port \d+|on socket "[^"]*") failed: '
                     r"(?P<cause>.*)", text, re.DOTALL)
    cause = found.group("cause") if found else text
    if cause.lstrip().startswith(("FATAL:", "ERROR:")) or getattr(err, "sqlstate", None) is not None:
        kind = "refused"  # the server answered (a FATAL at login, an SQL error while migrating)
    elif not found and (cause.startswith(("invalid ", "missing ")) or type(err).__name__ == "ProgrammingError"):
        kind = "invalid"  # libpq could not read the URL itself
    else:
        kind = "unreachable"
    return DatabaseUnavailable(database_place(url), plain(cause), kind)
