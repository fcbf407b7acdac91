"""The certificates kept in the repository (certificates/, named by docs/touch_table.json as
certificate_file) are the table's: each is there, compressed, for the row's game with the row's
value or bounds, and the smallest is checked whole by verify as kept."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from cli_helpers import run

ROOT = Path(__file__).resolve().parents[2]
TABLE = json.loads((ROOT / "docs" / "touch_table.json").read_text())
KEPT = {key: row for key, row in TABLE.items() if "certificate_file" in row}


def _options(key: str) -> list[str]:
    """The command-line options of a table key such as 'n=16 hands=8 goal=same'."""
    fields = dict(word.split("=") for word in key.split())
    values = ["--values", fields["values"]] if "values" in fields else []
    return [fields["n"], *values, "--hands", fields["hands"], "--goal", fields["goal"],
            "--observe", "touch"]  # fmt: skip


def test_row_16_and_the_three_value_cell_are_kept() -> None:
    wanted = {f"n=16 hands={k} goal=same" for k in range(8, 13)}
    assert wanted | {"n=8 values=3 hands=4 goal=same"} <= set(KEPT)


@pytest.mark.parametrize("key", sorted(KEPT))
def test_a_kept_certificate_is_the_rows(key: str) -> None:
    row = KEPT[key]
    path = ROOT / row["certificate_file"]
    assert path.suffix == ".gz" and path.stat().st_size < 40_000_000
    with gzip.open(path, "rb") as f:
        cert = json.load(f)
    assert cert["game"] == f"{key} observe=touch".replace(" values=2", "")
    if row["result"] == "bounds":
        assert cert["bounds"] == row["bounds"] and cert["value"] is None
    else:
        assert cert["value"] == row["result"]


RESTRICTED = sorted(key for key, row in KEPT.items() if "reaches" in row)


def test_the_restricted_rows_are_row_16_with_8_to_11_hands() -> None:
    assert sorted(f"n=16 hands={k} goal=same" for k in range(8, 12)) == RESTRICTED
    smallest = min(KEPT, key=lambda k: (ROOT / KEPT[k]["certificate_file"]).stat().st_size)
    assert smallest in RESTRICTED  # so the test below verifies the smallest as kept too


@pytest.mark.slow
@pytest.mark.parametrize("key", RESTRICTED)
def test_a_restricted_search_s_certificate_verifies_as_kept(capsys, key: str) -> None:
    """The upper halves found over a few reaches (solve --reaches) hold in the whole game, and
    verify reads the compressed files as they are kept (the smallest kept certificate is one
    of these)."""
    path = ROOT / KEPT[key]["certificate_file"]
    code, out, err = run(capsys, "verify", *_options(key), "--certificate", str(path))
    assert code == 0, out + err
    low, high = KEPT[key]["bounds"]
    assert f"between {low} and {high} moves" in out
    assert "[checked] upper bound (the strategy): wins within" in out
