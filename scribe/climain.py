"""Exit statuses through click: commands that return one, and ``main`` functions that give it back.

Every ``scribe`` command exits with one of these (docs/commands.md, "Exit statuses"):

====  ===========  ==================================================================
0     OK           done
1     FAILED       it ran and failed part-way (a write failed, a game did not move);
                   also Python's own status for an unexpected error, whose traceback
                   is then a bug to report
2     REFUSED      bad usage or bad input, said why; nothing was done (click's usage
                   errors exit 2 too, as argparse's do)
3     UNAVAILABLE  something the command needs is not available here: the database
                   unreachable or refusing, the port busy, the instance folder not
                   writable, the hosted extra, pg_dump or WeasyPrint's libraries not
                   installed; nothing was done, and the same command will work once
                   that is fixed
====  ===========  ==================================================================

2 and 3 split "change the command" from "change the machine": a script or a service
manager may try a 3 again later, never a 2.

Click's standalone mode ends the process; tests and ``python -m`` want the status back.
Commands return their status (:class:`StatusCommand` makes it the exit status, under any
group: ``scribe``'s or ``flask``'s); a usage error (unknown option, bad value, missing
argument) still ends in ``SystemExit(2)`` with click's message on stderr, as argparse
did. What a command needs and cannot have (:class:`scribe.unavailable.Unavailable`,
raised wherever it is met) is said here, in one sentence, with status 3.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from .unavailable import Unavailable

OK = 0
FAILED = 1  # it ran and failed part-way
REFUSED = 2  # the command ran and refused: it says why; nothing was done
UNAVAILABLE = 3  # the database, the port, the instance folder or a package is not available here


class StatusCommand(click.Command):
    """A command whose callback's return value is its exit status.

    Click ignores the return value in standalone mode (``flask --app scribe pad ...``
    would exit 0 after a refusal); ``ctx.exit`` is what every mode honours. What the
    command needs and cannot have here is said in its sentence, status 3, no traceback.
    """

    def invoke(self, ctx: click.Context) -> None:
        try:
            status = super().invoke(ctx)
        except Unavailable as missing:
            status = fail(self.name or "", str(missing), UNAVAILABLE)
        ctx.exit(status or OK)


def exit_status(command: click.Command, argv: Sequence[str] | None, prog_name: str) -> int:
    """``command`` on ``argv`` (default ``sys.argv[1:]``): its return value, 0 for None."""
    try:
        status = command.main(list(argv) if argv is not None else None, prog_name=prog_name,
                              standalone_mode=False)
    except click.ClickException as err:  # UsageError and its kin: exit 2 with the message
        err.show()
        raise SystemExit(err.exit_code) from None
    except click.Abort:  # Ctrl-C or EOF at a prompt, as click's standalone mode says it
        click.echo("Aborted!", err=True)
        raise SystemExit(1) from None
    return status or 0


def fail(command: str, message: str, status: int = REFUSED) -> int:
    """Say on stderr why ``scribe COMMAND`` stopped; its exit status."""
    print(f"scribe {command}: {message}", file=sys.stderr)
    return status
