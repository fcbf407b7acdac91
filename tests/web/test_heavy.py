"""Heavy requests in worker processes (``web.heavy``): past the workers a request is refused at
once with 503 and Retry-After in the API's error shape, a worker is free again once its work
ends, and the server's own threads answer cheap requests meanwhile."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from helpers import held_until

from devilcoins.web import heavy
from devilcoins.web.app import create_app
from devilcoins.web.routes import watch


def wait_for(path: Path) -> None:
    while not path.exists():
        time.sleep(0.01)


@pytest.fixture
def one_worker(tmp_path):
    """A pool of one worker, held by a task until the test writes the release file."""
    work = heavy.HeavyWork(workers=1, budget=600)
    started, release = tmp_path / "started", tmp_path / "release"
    answers: list[str] = []
    holder = threading.Thread(
        target=lambda: answers.append(work.run(held_until, str(started), str(release)))
    )
    holder.start()
    wait_for(started)
    yield work, release, answers
    release.touch()
    holder.join()
    work.close()


def test_past_the_workers_a_request_is_refused_at_once(one_worker):
    work, release, answers = one_worker
    with pytest.raises(heavy.HTTPException) as refused:
        work.run(pow, 2, 10)
    assert refused.value.status_code == 503
    assert refused.value.headers == {"Retry-After": "2"}
    release.touch()
    while True:  # the worker is free once its work has ended
        try:
            assert work.run(pow, 2, 10) == 1024
            break
        except heavy.HTTPException:
            time.sleep(0.01)
    assert answers == ["released"]


def test_the_api_says_busy_in_its_error_shape_and_health_still_answers(one_worker, monkeypatch):
    work, _, _ = one_worker
    monkeypatch.setattr(watch, "HEAVY", work)
    with TestClient(create_app()) as client:
        busy = client.post("/api/verify", json={"n": 2, "moves": [[0, 1], [0], [0, 1]]})
        assert busy.status_code == 503 and busy.headers["retry-after"] == "2"
        assert "busy" in busy.json()["detail"] and busy.json()["errors"] == []
        assert client.get("/api/health").json()["ok"] is True
        assert client.post("/api/new", json={"n": 4}).status_code == 200


def test_past_its_budget_a_request_is_told_to_try_again(tmp_path):
    work = heavy.HeavyWork(workers=1, budget=0.2)
    release = tmp_path / "release"
    try:
        with pytest.raises(heavy.HTTPException) as late:
            work.run(held_until, str(tmp_path / "started"), str(release))
        assert late.value.status_code == 503 and "more than its 0.2 s" in late.value.detail
    finally:
        release.touch()
        work.close()


def test_a_verification_in_a_worker_agrees_with_the_library(client):
    answer = client.post("/api/verify", json={"n": 4, "moves": [[0, 1, 2, 3], [0, 2]]})
    assert answer.status_code == 200
    assert answer.json()["wins"] is False and answer.json()["counterexample"]


def test_a_solve_waits_for_no_one_it_is_refused_when_the_pool_is_full(one_worker, monkeypatch):
    from devilcoins.web.routes import solve

    work, release, _ = one_worker
    monkeypatch.setattr(solve, "HEAVY", work)
    monkeypatch.setattr(solve, "ANSWERS", solve._Answers(8))
    with TestClient(create_app()) as client:
        busy = client.get("/api/solve", params={"n": 8, "goal": "same"})
        assert busy.status_code == 503 and busy.headers["retry-after"] == "2"
        assert "busy" in busy.json()["detail"]
        release.touch()
        while (answer := client.get("/api/solve", params={"n": 8, "goal": "same"})).status_code:
            if answer.status_code != 503:
                break
            time.sleep(0.01)
        assert answer.status_code == 200 and answer.json()["length"] is not None


def test_an_answer_that_comes_past_the_budget_is_kept_for_the_next_request(monkeypatch):
    """Kept by game: asked again, the pool is not asked."""
    from devilcoins.web.routes import solve

    work = heavy.HeavyWork(workers=1, budget=0.01)
    monkeypatch.setattr(solve, "HEAVY", work)
    monkeypatch.setattr(solve, "ANSWERS", solve._Answers(8))
    slow = {"n": 8, "group": "full", "goal": "same"}  # past 0.01 s in a fresh worker
    try:
        with TestClient(create_app()) as client:
            late = client.get("/api/solve", params=slow)
            assert late.status_code == 503 and "more than its 0.01 s" in late.json()["detail"]
            while True:  # the worker finishes it meanwhile, and the answer is kept
                kept = client.get("/api/solve", params=slow)
                if kept.status_code != 503:
                    break
                time.sleep(0.05)
            monkeypatch.setattr(work, "admit", _no_pool)
            assert client.get("/api/solve", params=slow).json() == kept.json()
    finally:
        work.close()


def _no_pool() -> None:
    raise AssertionError("a kept answer asked the pool again")


def test_two_requests_for_one_game_share_its_run_in_the_pool(monkeypatch):
    """With one worker, a second visitor asking for the game the worker is solving waits for
    that answer instead of being told the server is busy (the page asks for a game's verdict
    as it sets the game out, and so may a visitor's own request)."""
    from devilcoins.web.routes import solve

    work = heavy.HeavyWork(workers=1, budget=600)
    monkeypatch.setattr(solve, "HEAVY", work)
    monkeypatch.setattr(solve, "ANSWERS", solve._Answers(8))
    slow = {"n": 6, "group": "none", "observe": "count", "hands": 5}  # seconds of search
    answers: list = []
    try:
        with TestClient(create_app()) as client:

            def ask() -> None:
                answers.append(client.get("/api/solve", params=slow))

            first = threading.Thread(target=ask)
            first.start()
            while not solve._RUNNING and first.is_alive():  # the first is in the pool
                time.sleep(0.01)
            ask()
            first.join()
    finally:
        work.close()
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].json() == answers[1].json()
