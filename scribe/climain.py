"""Exit statuses through click: commands that return one, and ``main`` functions that give it back.

Click's standalone mode ends the process; tests and ``python -m`` want the status back.
Commands return their status (:class:`StatusCommand` makes it the exit status, under any
group: ``scribe``'s or ``flask``'s); a usage error (unknown option, bad value, missing
argument) still ends in ``SystemExit(2)`` with click's message on stderr, as argparse
did, so a caller tells "the command ran and refused" (returned 2) from "it never ran".
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

REFUSED = 2  # the command ran and refused: it says why; nothing was done


class StatusCommand(click.Command):
    """A command whose callback's return value is its exit status.

    Click ignores the return value in standalone mode (``flask --app scribe pad ...``
    would exit 0 after a refusal); ``ctx.exit`` is what every mode honours.
    """

    def invoke(self, ctx: click.Context) -> None:
        ctx.exit(super().invoke(ctx) or 0)


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
