"""``devilcoins serve``: the web app, on loopback unless --host says otherwise."""

from __future__ import annotations

import argparse
import math

from devilcoins.cli.common import (
    Command,
    Options,
    UsageError,
    decimal,
    port_number,
    positive,
    require_extra,
)
from devilcoins.core.errors import quoted

__all__ = ["COMMAND"]


def _seconds(text: str) -> float:
    """Seconds above 0, written as every number is (``common.decimal``): float() would also
    read '３0', '1_0', 'inf' and 'nan'."""
    value = decimal(text, what="--heavy-budget (seconds)")
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(
            f"--heavy-budget must be a finite number of seconds above 0, got {quoted(text)}"
        )
    return value


def add_arguments(p: Options) -> None:
    """--host, --port and --allow-host."""
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=port_number, default=8000, help="port (default 8000)")
    p.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name the page answers to beyond --host itself (repeat it for more); "
        "needed to listen on every interface (--host 0.0.0.0 or ::)",
    )
    p.add_argument(
        "--heavy-workers",
        type=positive,
        default=None,
        metavar="K",
        help="worker processes for heavy requests, such as verifying a strategy (default: one "
        "less than the CPUs, at least 1); past K at once the page is asked to try again",
    )
    p.add_argument(
        "--heavy-budget",
        type=_seconds,
        default=30.0,
        metavar="SECONDS",
        help="seconds a heavy request may take before the page is asked to try again (default 30)",
    )


#: Addresses that mean every interface: a browser never names them in its Host header.
EVERY_INTERFACE = ("0.0.0.0", "::", "[::]")


def answered_hosts(host: str, allowed: list[str]) -> list[str]:
    """The Host headers the server answers: loopback's names, or --host and the names allowed
    (a guard against DNS rebinding kept beyond loopback); a usage error for an empty --host,
    or every interface with no name allowed.

    >>> answered_hosts('127.0.0.1', [])
    ['127.0.0.1', 'localhost', '[::1]']
    >>> answered_hosts('192.168.1.5', ['devil.lan'])
    ['192.168.1.5', 'devil.lan']
    """
    if not host.strip():
        raise UsageError("--host is empty: give an address (127.0.0.1, the default, is loopback)")
    if any(not name.strip() for name in allowed):
        raise UsageError("--allow-host is empty: give a host name the page answers to")
    if host in ("127.0.0.1", "localhost", "::1"):
        return ["127.0.0.1", "localhost", "[::1]", *allowed]
    if host in EVERY_INTERFACE and not allowed:
        raise UsageError(
            f"--host {host} listens on every interface: name the host names the page answers "
            "to with --allow-host NAME (the Host header a browser sends)"
        )
    named = [] if host in EVERY_INTERFACE else [f"[{host}]" if ":" in host else host]
    return [*named, *allowed]


def run(args: argparse.Namespace) -> int:
    """devilcoins serve."""
    import socket

    hosts = answered_hosts(args.host, args.allow_host)
    if not 0 < args.heavy_budget <= 24 * 3600:
        raise UsageError(
            f"--heavy-budget is seconds, more than 0 and at most a day, not {args.heavy_budget:g}"
        )
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
    print(
        f"devilcoins: serving on http://{shown}:{args.port}/ (Ctrl-C stops it); the first "
        "requests wait while the answers the page opens with are worked out (about 2 s, "
        "20 s or more the first time after an install)",
        flush=True,
    )
    serve(args.host, args.port, hosts, heavy=(args.heavy_workers, args.heavy_budget))
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
