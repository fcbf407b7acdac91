"""Numbers in the page's queries and paths are read as the command line reads them: '04', '+4',
' 4', '4_0' and other digits than 0-9 are refused (422), canonical ones answered."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from devilcoins.web.app import create_app

LOOSE = ["04", "+4", " 4", "4 ", "0_4", "４", "٤", "4.0", "-0", "00"]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


@pytest.mark.parametrize("text", LOOSE)
@pytest.mark.parametrize(
    "url",
    [
        "/api/solve?n={}",
        "/api/solve?n=4&values={}",
        "/api/solve?n=4&hands={}",
        "/api/strategy/{}",
        "/api/why/strategy/{}",
        "/api/why/devil/{}",
        "/api/touch/tree?glasses={}",
        "/api/touch/tree?hands={}",
    ],
)
def test_a_loose_number_is_refused(client: TestClient, url: str, text: str) -> None:
    answer = client.get(url.format(text))
    assert answer.status_code == 422, (url, text, answer.text)
    assert "digits 0-9 alone" in answer.text


@pytest.mark.parametrize(
    "url",
    [
        "/api/solve?n=4",
        "/api/solve?n=4&values=2&hands=2",
        "/api/strategy/4",
        "/api/why/strategy/4",
        "/api/why/devil/3",
        "/api/touch/tree?glasses=4&hands=2",
    ],
)
def test_a_number_written_as_digits_is_answered(client: TestClient, url: str) -> None:
    assert client.get(url).status_code in (200, 202), url
