"""The hot loops over rows of bits, against plain Python sets."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from devilcoins.core.compiling import forced
from devilcoins.observed.touch.rows import antichain, canon_row


def _rows(sets: list[frozenset[int]], words: int) -> np.ndarray:
    out = np.zeros((len(sets), words), dtype=np.uint64)
    for i, members in enumerate(sets):
        for b in members:
            out[i, b >> 6] |= np.uint64(1) << np.uint64(b & 63)
    return out


def _naive(sets: list[frozenset[int]], largest: bool) -> list[bool]:
    """keep[i]: not empty, no other set (not empty) strictly beyond it, and no equal set at a
    smaller index."""
    keep = []
    for i, a in enumerate(sets):
        beyond = any((b > a) if largest else (b and b < a) for b in sets)
        earlier_equal = any(sets[j] == a for j in range(i))
        keep.append(bool(a) and not beyond and not earlier_equal)
    return keep


_SETS = st.lists(st.frozensets(st.integers(0, 129), max_size=6), max_size=40)


@settings(max_examples=150, deadline=None)
@given(_SETS, st.booleans(), st.sampled_from(["python", "compiled"]))
def test_antichain_keeps_the_first_of_the_extreme_sets(sets, largest, kernels):
    rows = _rows(sets, 3)
    keep = np.zeros(len(sets), dtype=np.bool_)
    scratch = np.zeros(2 * len(sets) + 64 * 3 + 2, dtype=np.int64)
    with forced(kernels):
        antichain(rows, keep, largest, scratch, True)
    assert keep.tolist() == _naive(sets, largest)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.frozensets(st.integers(0, 5), max_size=3), min_size=1, max_size=30))
def test_antichain_of_many_equal_sets(sets):
    """Few distinct sets among many (equal hashes): one of each kept."""
    rows = _rows(sets, 1)
    keep = np.zeros(len(sets), dtype=np.bool_)
    scratch = np.zeros(2 * len(sets) + 64 + 2, dtype=np.int64)
    antichain(rows, keep, False, scratch, True)
    assert keep.tolist() == _naive(sets, False)


@settings(max_examples=60, deadline=None)
@given(
    st.frozensets(st.integers(0, 199), max_size=40),
    st.lists(st.permutations(range(200)), min_size=0, max_size=3),
    st.sampled_from(["python", "compiled"]),
)
def test_canon_is_the_least_image(members, maps, kernels):
    """The least image (as words read from the top) among the row and its images."""
    symmetries = np.array(maps, dtype=np.int32).reshape(len(maps), 200)
    images = [members] + [frozenset(int(m[b]) for b in members) for m in maps]

    def key(s: frozenset[int]) -> list[int]:
        return [int(w) for w in _rows([s], 4)[0][::-1]]

    out = np.zeros(4, dtype=np.uint64)
    with forced(kernels):
        canon_row(_rows([members], 4)[0], symmetries, np.zeros(4, dtype=np.uint64), out)
    assert out.tolist() == _rows([min(images, key=key)], 4)[0].tolist()
