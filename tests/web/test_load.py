"""A short, bounded load test of the web app on loopback: no errors under concurrent requests
(a verification finding every heavy worker busy is answered 503, busy, and counted apart)."""

from __future__ import annotations

import load


def test_two_hundred_requests_from_four_threads_are_all_answered():
    # the seconds are a hang guard only: on a busy machine the 200 requests take longer
    figures = load.run(requests=200, workers=4, seconds=600)
    assert figures["requests"] >= 200
    assert figures["errors"] == 0
    assert figures["busy"] < figures["requests"]
    assert figures["p50_ms"] <= figures["p95_ms"] <= figures["max_ms"]
