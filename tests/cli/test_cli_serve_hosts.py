"""Whom the server answers: an empty --host is refused (it listened on every interface and
turned the Host check off), every interface needs the names it answers to, and beyond loopback
the Host check stays on."""

from __future__ import annotations

import pytest
from cli_helpers import assert_usage_error, run

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from devilcoins.cli.serve import answered_hosts
from devilcoins.web.app import create_app


@pytest.mark.parametrize("host", ["", " "])
def test_an_empty_host_is_refused(capsys, host):
    assert_usage_error(*run(capsys, "serve", "--host", host), "--host is empty")


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_every_interface_needs_the_names_it_answers_to(capsys, host):
    assert_usage_error(*run(capsys, "serve", "--host", host), "--allow-host")


def test_an_empty_allowed_name_is_refused(capsys):
    assert_usage_error(*run(capsys, "serve", "--allow-host", ""), "--allow-host is empty")


@pytest.mark.parametrize(
    ("host", "allowed", "answered"),
    [
        ("192.168.1.5", [], ["192.168.1.5"]),
        ("0.0.0.0", ["devil.lan"], ["devil.lan"]),
        ("fe80::1", ["devil.lan"], ["[fe80::1]", "devil.lan"]),
    ],
)
def test_beyond_loopback_the_host_check_stays_on(host, allowed, answered):
    names = answered_hosts(host, allowed)
    assert names == answered
    with TestClient(create_app(names), base_url=f"http://{answered[-1]}:8000") as client:
        assert client.get("/api/health").status_code == 200  # the port left out
        foreign = client.get("/api/health", headers={"host": "attacker.example:8000"})
        assert foreign.status_code == 400  # in the API's one error shape, not plain text
        assert "not a host name this server answers to" in foreign.json()["detail"]
        assert foreign.headers["x-frame-options"] == "DENY"


def test_loopbacks_names_are_answered_with_a_port_ipv6_too():
    names = answered_hosts("127.0.0.1", [])
    with TestClient(create_app(names)) as client:
        for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST"):
            assert client.get("/api/health", headers={"host": host}).status_code == 200, host
