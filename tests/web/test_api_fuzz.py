"""The web API against its own OpenAPI schema, fuzzed by schemathesis: no input makes it fail."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings

from devilcoins.web.app import create_app

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
