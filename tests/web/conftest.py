"""Fixtures for the page in a real browser: Debian's chromium driven by Playwright.

One uvicorn server (in a thread, on a free loopback port) and one chromium serve each module
that asks for them; every test gets a fresh browser context.  Tests that use them are skipped,
saying why, when Debian's chromium is missing (``make test`` installs it where apt-get can).
Mark such tests ``@pytest.mark.browser``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from helpers import live_server, settled
from needs import missing
from playwright.sync_api import expect
from screenshot import CHROMIUM_ARGS

from devilcoins.web.app import create_app

CHROMIUM = Path("/usr/bin/chromium")


#: The longest wait for anything on the page, in milliseconds: generous, so that a busy machine
#: (a CPU-bound loop on each core) only makes the tests slower, never fails them.
TIMEOUT_MS = 60_000

#: The longest wait for a request the tests send themselves, in seconds.
TIMEOUT_S = TIMEOUT_MS / 1000

# Playwright's expect() has a timeout of its own (5 s unless told): the same generous one.
expect.set_options(timeout=TIMEOUT_MS)


@pytest.fixture(scope="module")
def base_url():
    """The address of a live server of a fresh app, for one module."""
    with live_server(TIMEOUT_S) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, for one module (skips the test when it is not installed)."""
    if not CHROMIUM.exists():
        missing("Debian's chromium is not installed: run `make test`, which installs it")
    from playwright import sync_api

    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def timeout_ms() -> int:
    """The longest wait for anything on the page, in milliseconds."""
    return TIMEOUT_MS


@pytest.fixture
def context(browser, timeout_ms):
    """A fresh browser context (desktop-sized window)."""
    ctx = browser.new_context(viewport={"width": 1000, "height": 900})
    ctx.set_default_timeout(timeout_ms)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context, base_url):
    """The page, loaded, with its console errors and uncaught exceptions collected."""

    return open_page(context, base_url)


def open_page(context, base_url: str):
    """A new page of the context, loaded, its console errors and uncaught exceptions collected
    in page.errors; it waits until every section has set out its first game or picture, so no
    request is cut off."""
    pg = context.new_page()
    pg.errors = []

    def on_console(message) -> None:
        if message.type == "error":  # the page links its own (empty) icon: no 404 either
            pg.errors.append(f"{message.text} ({message.location.get('url')})")

    def on_response(response) -> None:
        if response.status >= 500:  # a server error is never an answer
            pg.errors.append(f"{response.status} from {response.url}")

    pg.on("console", on_console)
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("response", on_response)
    pg.goto(base_url + "/")
    settled(pg)
    return pg


#: The two windows every visitor test runs in: a desktop and a phone.
SIZES = [(1280, 900), (390, 844)]


@pytest.fixture(params=SIZES, ids=["desktop", "phone"])
def visitor(request, browser, base_url, timeout_ms):
    """The page in a window of one of the two sizes, loaded, its errors collected."""
    width, height = request.param
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    ctx.set_default_timeout(timeout_ms)
    yield open_page(ctx, base_url)
    ctx.close()


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The app in process (no server), one per test module."""
    with TestClient(create_app()) as c:
        yield c
