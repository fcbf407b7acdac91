"""Slow clients: a connection must send its whole request within web.connections'
REQUEST_SECONDS (here 1 s), from opening or from the previous answer, or it is closed."""

from __future__ import annotations

import socket
import time

import pytest
from helpers import healthy, live_server

from devilcoins.web import connections

#: How long a test waits for the server to close a connection: a hang guard, not a measure.
GUARD_SECONDS = 60


@pytest.fixture(scope="module")
def server_address():
    patch = pytest.MonkeyPatch()
    patch.setattr(connections, "REQUEST_SECONDS", 1.0)
    with live_server(GUARD_SECONDS) as url:
        host, port = url.removeprefix("http://").split(":")
        yield (host, int(port))
    patch.undo()


def _closed_while_trickling(sock: socket.socket, trickle: bytes) -> bool:
    """Send trickle a byte at a time (0.2 s apart, then nothing) until the server closes the
    connection (True), or the guard passes (False)."""
    sock.settimeout(0.2)
    deadline = time.monotonic() + GUARD_SECONDS
    sent = 0
    while time.monotonic() < deadline:
        try:
            if sent < len(trickle):
                sock.send(trickle[sent : sent + 1])
                sent += 1
            if sock.recv(4096) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:  # reset or broken pipe: closed too
            return True
    return False


HEADERS = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200


def test_a_client_that_sends_nothing_is_closed(server_address):
    with socket.create_connection(server_address) as sock:
        assert _closed_while_trickling(sock, b"")


def test_a_client_trickling_its_headers_is_closed_though_each_byte_comes_soon(server_address):
    with socket.create_connection(server_address) as sock:
        assert _closed_while_trickling(sock, HEADERS)


def test_a_client_that_never_sends_its_body_is_closed(server_address):
    head = b"POST /api/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{"
    with socket.create_connection(server_address) as sock:
        sock.sendall(head)
        assert _closed_while_trickling(sock, b"")


def test_many_held_connections_are_all_closed_and_a_plain_request_still_answers(server_address):
    socks = [socket.create_connection(server_address) for _ in range(200)]
    try:
        for sock in socks:
            sock.sendall(HEADERS[:30])
        assert all(_closed_while_trickling(sock, b"") for sock in socks)
        assert healthy("http://{}:{}".format(*server_address))
    finally:
        for sock in socks:
            sock.close()


def test_a_keep_alive_connection_answers_each_request_sent_in_time(server_address):
    request = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    with socket.create_connection(server_address, timeout=GUARD_SECONDS) as sock:
        for _ in range(3):
            sock.sendall(request)
            got = b""
            while b'"ok":true' not in got.replace(b" ", b""):
                chunk = sock.recv(4096)
                assert chunk, f"closed before the answer: {got!r}"
                got += chunk
            assert got.startswith(b"HTTP/1.1 200")
