"""The ``scribe`` command: ``serve`` and the tools other modules add."""

from __future__ import annotations

import argparse
import sys
from typing import Callable

# Each entry adds one subcommand: (name, help, add_arguments, run).
COMMANDS: list[tuple[str, str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]] = []


def command(name: str, help: str, add_arguments: Callable[[argparse.ArgumentParser], None]):
    def register(run: Callable[[argparse.Namespace], int]):
        COMMANDS.append((name, help, add_arguments, run))
        return run

    return register


def _env(name: str, default: str) -> str:
    """A ``scribe serve`` option's default from ``SCRIBE_<NAME>`` (argparse converts it too)."""
    import os

    return os.environ.get(f"SCRIBE_{name}", default)


def _serve_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default=_env("HOST", "0.0.0.0"),
                   help="address to listen on (default: every interface, for the LAN; env SCRIBE_HOST)")
    p.add_argument("--port", type=int, default=_env("PORT", "5000"), help="port (default 5000; env SCRIBE_PORT)")
    p.add_argument("--threads", type=int, default=_env("THREADS", "8"),
                   help="threads per process (default 8; env SCRIBE_THREADS)")
    p.add_argument("--workers", type=int, default=_env("WORKERS", "1"),
                   help="processes; more than 1 runs gunicorn, to use more cores (default 1; env SCRIBE_WORKERS)")
    p.add_argument("--connection-limit", type=int, default=_env("CONNECTION_LIMIT", "1000"),
                   help="open connections held per process, idle watchers included "
                        "(default 1000; env SCRIBE_CONNECTION_LIMIT)")
    p.add_argument("--public-url", default=_env("PUBLIC_URL", "") or None,
                   help="the address people open when served behind a proxy, e.g. https://scribe.example.org "
                        "(env SCRIBE_PUBLIC_URL)")
    p.add_argument("--no-qr", action="store_true", help="do not print the QR code")


@command("serve", "serve the app on the LAN with a production server", _serve_args)
def serve(args: argparse.Namespace) -> int:
    from .server import run

    for name in ("port", "threads", "workers", "connection_limit"):
        if getattr(args, name) < 1:
            print(f"scribe serve: --{name.replace('_', '-')} must be at least 1", file=sys.stderr)
            return 2
    if args.public_url and not args.public_url.startswith(("http://", "https://")):
        print("scribe serve: --public-url must start with http:// or https://", file=sys.stderr)
        return 2
    return run(args.host, args.port, args.threads, qr=not args.no_qr, workers=args.workers,
               connection_limit=args.connection_limit, public_url=args.public_url)


def _simulate_args(p: argparse.ArgumentParser) -> None:
    from .engine.simulate import add_arguments

    add_arguments(p)


@command("simulate", "play games between engine players and print scores, bid accuracy, games/s", _simulate_args)
def simulate(args: argparse.Namespace) -> int:
    from .engine.simulate import run as run_simulation

    return run_simulation(args)


_loaded: list[str] = []


def _load_plugins() -> None:
    """Commands defined elsewhere register themselves on import (once per process)."""
    import importlib

    for module in ("scribe.pdf_cli", "scribe.record_cli"):
        if module in _loaded:
            continue
        _loaded.append(module)
        try:
            mod = importlib.import_module(module)
        except ImportError:
            continue
        register = getattr(mod, "register_cli", None)
        if register:
            register(command)


def main(argv: list[str] | None = None) -> int:
    _load_plugins()
    parser = argparse.ArgumentParser(prog="scribe", description="Scribe: the phone at the table.")
    sub = parser.add_subparsers(dest="command", required=True)
    runs = {}
    for name, help_text, add_arguments, run in COMMANDS:
        p = sub.add_parser(name, help=help_text, description=help_text)
        add_arguments(p)
        runs[name] = run
    args = parser.parse_args(argv)
    return runs[args.command](args) or 0


if __name__ == "__main__":
    sys.exit(main())
