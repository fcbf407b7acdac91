"""``devilcoins serve``: the web app, on loopback unless --host says otherwise."""

from __future__ import annotations

import argparse

from devilcoins.cli.common import Command, Options, UsageError, port_number, require_extra

__all__ = ["COMMAND"]


def add_arguments(p: Options) -> None:
    """--host and --port."""
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=port_number, default=8000, help="port (default 8000)")


def run(args: argparse.Namespace) -> int:
    """devilcoins serve."""
    import socket

    require_extra("devilcoins serve", "web", "fastapi", "uvicorn")
    from devilcoins.web.app import serve

    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    try:  # find out now, with a clear message, rather than from the server's log
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.bind((args.host, args.port))
    except OSError as err:
        raise UsageError(
            f"cannot listen on {args.host}:{args.port}: {err.strerror or err}; "
            "choose another --port or --host"
        ) from None
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"devilcoins: serving on http://{shown}:{args.port}/ (Ctrl-C stops it)", flush=True)
    serve(args.host, args.port)
    return 0


COMMAND = Command(
    name="serve",
    help="a web page to play against the Devil and watch strategies (local)",
    description="Start the web app: a page to play blindfolded, watch the strategy and "
    "its belief table, and a JSON API (schema at /openapi.json). Loopback only unless "
    "--host says otherwise. Ctrl-C stops it.",
    add_arguments=add_arguments,
    run=run,
    limited=False,
    shows_progress=False,
)
