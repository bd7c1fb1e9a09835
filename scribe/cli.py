"""The ``scribe`` command: one click group, ``serve`` here and the tools other modules define.

A plain ``click.Group``, not Flask's ``FlaskGroup``: FlaskGroup finds and builds the whole
app (web layer included) to list or run any command, while each of these builds only what
it needs when it runs: ``pdf``/``pad`` an app without the web layer, ``serve`` its own per
worker, ``simulate`` none. The group is also added to ``app.cli`` (see :func:`init_app`),
so ``flask --app scribe pdf ...`` runs the same commands.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click
from flask import Flask

from . import __version__
from .climain import StatusCommand, exit_status
from .engine.simulate import command as simulate_command
from .pdf_cli import pad_command, pdf_command
from .record_cli import backup_command, export_command, import_command, migrate_command
from .server import DEFAULT_CONNECTION_LIMIT


@click.group("scribe", context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="scribe", message="%(prog)s %(version)s",
                      help="print the version and exit")
def scribe() -> None:
    """Scribe: the phone at the table."""


def _at_least_one(**counts: int) -> str | None:
    for name, value in counts.items():
        if value < 1:
            return f"--{name.replace('_', '-')} must be at least 1"
    return None


@click.command("serve", cls=StatusCommand)
@click.option("--host", default="0.0.0.0", show_default=True, envvar="SCRIBE_HOST", show_envvar=True,
              help="address to listen on (the default is every interface, for the LAN)")
@click.option("--port", type=int, default=5000, show_default=True, envvar="SCRIBE_PORT", show_envvar=True,
              help="port")
@click.option("--threads", type=int, default=8, show_default=True, envvar="SCRIBE_THREADS", show_envvar=True,
              help="threads per process")
@click.option("--workers", type=int, default=1, show_default=True, envvar="SCRIBE_WORKERS", show_envvar=True,
              help="processes, each holding its pages' streams; more than 1 runs gunicorn's arbiter over them, "
                   "to use more cores")
@click.option("--connection-limit", type=int, default=DEFAULT_CONNECTION_LIMIT, show_default=True,
              envvar="SCRIBE_CONNECTION_LIMIT", show_envvar=True,
              help="open connections held per process, idle watchers included")
@click.option("--public-url", envvar="SCRIBE_PUBLIC_URL", show_envvar=True,
              help="the address people open when served behind a proxy, e.g. https://scribe.example.org")
@click.option("--no-qr", is_flag=True, help="do not print the QR code")
def serve(host: str, port: int, threads: int, workers: int, connection_limit: int, public_url: str | None,
          no_qr: bool) -> int:
    """Serve the app on the LAN with a production server."""
    from .climain import fail
    from .server import run

    # checked here, not with click.IntRange, to keep the message people and tests know
    if why := _at_least_one(port=port, threads=threads, workers=workers, connection_limit=connection_limit):
        return fail("serve", why)
    if port > 65535:
        return fail("serve", "--port must be at most 65535")
    if public_url and not public_url.startswith(("http://", "https://")):
        return fail("serve", "--public-url must start with http:// or https://")
    return run(host, port, threads, qr=not no_qr, workers=workers, connection_limit=connection_limit,
               public_url=public_url)


# added explicitly: importing this module is what defines the whole command
for _command in (serve, pdf_command, pad_command, backup_command, export_command, import_command,
                 migrate_command, simulate_command):
    scribe.add_command(_command)


def init_app(app: Flask) -> None:
    """Add the ``scribe`` commands to ``app.cli`` (flaskr's ``db.init_app`` pattern)."""
    for command in scribe.commands.values():
        app.cli.add_command(command)


def main(argv: Sequence[str] | None = None) -> int:
    """The console entry point: the command's exit status (usage errors exit 2, as argparse did)."""
    return exit_status(scribe, argv, "scribe")


if __name__ == "__main__":
    sys.exit(main())
