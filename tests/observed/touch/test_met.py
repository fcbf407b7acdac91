"""The table of beliefs met (observed/touch/met.py) against a pair of plain dicts: every level
asked, set, raised and listed as the dicts have it, through growth and collisions."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from devilcoins.observed.touch.met import NO_HI, Met

WORDS = 3

#: A few rows, many alike (sharing all but one word), so that lookups meet rows that differ
#: in one word only.
_ROWS = st.lists(st.integers(0, 3), min_size=WORDS, max_size=WORDS).map(
    lambda ws: np.array([w << 62 | w for w in ws], dtype=np.uint64)
)


def _ops() -> st.SearchStrategy[list[tuple[str, np.ndarray, int]]]:
    op = st.tuples(st.sampled_from(["hi", "lo", "lost", "del"]), _ROWS, st.integers(1, 47))
    return st.lists(op, max_size=60)


@settings(max_examples=80, deadline=None)
@given(ops=_ops(), probes=st.lists(_ROWS, max_size=10))
def test_the_table_answers_as_two_dicts(ops, probes) -> None:
    met = Met(WORDS, room=2)  # grows many times
    hi: dict[bytes, int] = {}
    lo: dict[bytes, int] = {}
    for kind, row, level in ops:
        key = row.tobytes()
        if kind == "hi":
            met.hi[key] = level
            hi[key] = level
        elif kind == "lo":
            met.set_lo(row, level)
            lo[key] = level
        elif kind == "lost":  # the compiled path: raised to level, never lowered
            met.lost_from(row[None, :], np.zeros(1, np.int64), np.zeros(1, np.bool_), 0, 1, level)
            lo[key] = max(level, lo.get(key, 0))
        elif key in hi:
            del met.hi[key]
            del hi[key]
    assert dict(met.hi) == hi and dict(met.lo) == lo
    assert len(met.hi) == len(hi) and len(met.lo) == len(lo)
    assert sorted(met.hi.items()) == sorted(hi.items())
    assert met.lo.values() == [lo[k] for k in met.lo]
    ever = {r.tobytes() for k, r, _ in ops if k != "del"}  # a row once met stays met
    assert len(met) == len(ever)
    for row in [*probes, *(r for _, r, _ in ops)]:
        key = row.tobytes()
        assert met.hi_of(row) == hi.get(key, NO_HI)
        assert met.lo_of(row) == max(1, lo.get(key, 1))
        assert (met.find(row) >= 0) == (key in ever)


def test_find_all_gives_each_row_its_number_or_minus_one() -> None:
    rng = np.random.default_rng(3)
    met = Met(2)
    rows = rng.integers(0, 2**63, size=(500, 2), dtype=np.uint64)
    numbers = [met.add(r) for r in rows]
    assert numbers == list(range(500))
    others = rng.integers(0, 2**63, size=(50, 2), dtype=np.uint64)
    least = np.concatenate([rows, others])
    found = met.find_all(least, np.arange(len(least)))
    assert found.tolist() == [*range(500), *[-1] * 50]


def test_a_key_of_another_width_is_no_key() -> None:
    met = Met(2)
    met.hi[np.ones(2, np.uint64).tobytes()] = 4
    assert met.hi.get(np.ones(3, np.uint64).tobytes()) is None
    assert np.ones(3, np.uint64).tobytes() not in met.hi
