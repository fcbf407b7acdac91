"""The page when every heavy-work worker is busy: the verdict line says the server is busy and
asks again by itself (Retry-After), then shows the verdict once a worker is free."""

from __future__ import annotations

import threading
import time

import pytest
from helpers import held_until, start
from playwright.sync_api import expect

from devilcoins.web import heavy
from devilcoins.web.routes import solve

pytestmark = pytest.mark.browser


@pytest.fixture
def held_pool(tmp_path, monkeypatch):
    """The server's heavy-work pool: one worker, taken until the test writes the release file."""
    work = heavy.HeavyWork(workers=1, budget=600)
    started, release = tmp_path / "started", tmp_path / "release"
    holder = threading.Thread(target=work.run, args=(held_until, str(started), str(release)))
    holder.start()
    while not started.exists():
        time.sleep(0.01)
    monkeypatch.setattr(solve, "HEAVY", work)
    monkeypatch.setattr(solve, "ANSWERS", solve._Answers(8))  # nothing kept from before
    yield release
    release.touch()
    holder.join()
    work.close()


@pytest.mark.parametrize(
    "visitor", [(390, 844)], ids=["phone"], indirect=True
)  # the words, one size
def test_a_busy_server_is_asked_again_and_the_verdict_comes(visitor, held_pool):
    page = visitor
    start(page, 8, "random")  # 256 states: solved in the pool, which is taken
    verdict = page.locator("#play-solve")
    expect(verdict).to_contain_text("The server is busy; asking again in a moment")
    held_pool.touch()
    expect(verdict).to_contain_text("You can always win in 255 moves")
    assert page.errors and all("503" in e and "/api/solve?n=8" in e for e in page.errors)
