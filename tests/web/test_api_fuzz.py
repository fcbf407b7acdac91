"""The web API against its own OpenAPI schema, fuzzed by schemathesis: no input makes it fail,
and with every heavy-work worker busy only the heavy routes say so (503), the rest answer."""

from __future__ import annotations

import threading
import time

import pytest
import schemathesis
from helpers import held_until
from hypothesis import HealthCheck, settings

from devilcoins.web import heavy
from devilcoins.web.app import create_app
from devilcoins.web.routes import solve, watch

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app())


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_makes_the_server_fail(case):
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.status_code)
    if response.status_code >= 400:  # every refusal says why, in JSON of one shape
        data = response.json()
        assert set(data) == {"detail", "errors"}, response.text
        assert isinstance(data["detail"], str) and data["detail"], response.text
        assert isinstance(data["errors"], list), response.text


#: The routes whose work runs in the heavy-work pool: the only ones that may answer 503.
HEAVY_ROUTES = {"/api/verify", "/api/solve"}


@pytest.fixture(scope="module")
def pool_held(tmp_path_factory):
    """Every heavy-work worker taken (one worker, held until the module ends), as under a
    load of heavy requests."""
    folder = tmp_path_factory.mktemp("held")
    started, release = folder / "started", folder / "release"
    work = heavy.HeavyWork(workers=1, budget=600)
    holder = threading.Thread(target=work.run, args=(held_until, str(started), str(release)))
    holder.start()
    while not started.exists():
        time.sleep(0.01)
    patch = pytest.MonkeyPatch()
    patch.setattr(watch, "HEAVY", work)
    patch.setattr(solve, "HEAVY", work)
    patch.setattr(solve, "ANSWERS", solve._Answers(8))  # nothing kept from other tests
    yield
    patch.undo()
    release.touch()
    holder.join()
    work.close()


@schema.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_under_heavy_load_heavy_routes_say_busy_and_the_others_still_answer(case, pool_held):
    response = case.call()
    if response.status_code == 503:
        assert case.path in HEAVY_ROUTES, (case.method, case.path)
        assert response.headers["retry-after"] in ("2", ["2"])  # schemathesis: a list
        assert "busy" in response.json()["detail"] and response.json()["errors"] == []
    else:
        assert response.status_code < 500, (case.method, case.path, response.status_code)
