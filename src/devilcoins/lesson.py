"""The lesson's coding exercises, marked by the program: a student's function run on cases and
compared with answers the library computes (docs/exercises.md, "Coding exercises").

Each exercise names the function the student writes, in the lesson's terms (states are numbers
whose bit i is set when coin i shows tails; a move is a number whose bit i flips coin i):

1. ``predict(belief, move, n)``: PREDICT, every state the move can lead to (the Devil turns
   the table first; all heads stays all heads).
2. ``canonical(state, n)``: one name for every turn of a state; marked on every state of 1 to
   12 coins (a turn of the state, the same for all its turns) and by the number of names,
   which must be the notebook's count of coin sequences up to turning (Burnside's count).
3. ``reachable(n)``: how many belief states some list of moves reaches from the start, the
   lesson's search without its superset pruning run to the end; marked against the
   checker's own breadth-first search for 1 to 5 coins.
4. ``search(n)``: the shortest fixed plan against a Devil who may rearrange the coins any
   way he likes before each move (not only turn the table), or None; marked by its length,
   which must be the library's (``solve(Game.parse("n=N group=full"))``), and by playing it
   against every start and every Devil.
5. ``and_or_search(n)``: the count game's shortest conditional plan, ``(moves, plan)`` with
   plan = ``(move, {count: plan})``, or None; marked by its length against the library's
   count solver and by playing the plan against every start and every turn.

``mark(number, path)`` loads the student's file and returns the marks, one line a case.

>>> marks = mark_function(1, lambda belief, move, n: predict(belief, move, n))
>>> all(m.right for m in marks), len(marks) >= 5
(True, True)
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devilcoins.core.errors import InvalidInput

__all__ = ["EXERCISES", "Mark", "mark", "mark_function", "predict", "reachable"]


@dataclass(frozen=True)
class Mark:
    """One case of an exercise: what was asked, whether the answer is right, and why not."""

    case: str
    right: bool
    why: str = ""

    def line(self) -> str:
        """The case as a line: 'right' or 'wrong: why'.

        >>> Mark("predict({1}, 1, 2)", False, "missing 0").line()
        'wrong  predict({1}, 1, 2): missing 0'
        """
        return f"right  {self.case}" if self.right else f"wrong  {self.case}: {self.why}"


# --- the lesson's games on raw states ----------------------------------------------------------


def _turns(s: int, n: int, shuffle: bool) -> Iterator[int]:
    """The states the Devil may make of s: each turn of the table, or (shuffle) each way of
    setting its coins down (every state with as many tails)."""
    if shuffle:
        yield from (t for t in range(1 << n) if t.bit_count() == s.bit_count())
        return
    full = (1 << n) - 1
    for r in range(n):
        yield (s >> r | s << (n - r)) & full


def predict(belief: frozenset[int], move: int, n: int, shuffle: bool = False) -> frozenset[int]:
    """Every state the move can lead to from the belief (all heads, 0, stays 0).

    >>> sorted(predict(frozenset({1, 2}), 1, 2))
    [0, 3]
    """
    return frozenset(s if s == 0 else t ^ move for s in belief for t in _turns(s, n, shuffle))


def reachable(n: int) -> int:
    """How many belief states some list of moves reaches from the start (every state), the
    start and the goal {0} included: a breadth-first search with no pruning but repeats.

    >>> [reachable(n) for n in (1, 2, 3, 4)]
    [2, 8, 11, 216]
    """
    start = frozenset(range(1 << n))
    seen, frontier = {start}, [start]
    while frontier:
        found = {predict(b, move, n) for b in frontier for move in range(1, 1 << n)}
        frontier = list(found - seen)
        seen |= found
    return len(seen)


def _plan_wins(plan: list[int], n: int, shuffle: bool) -> str:
    """'' when the fixed plan wins from every start against every Devil, else why not."""
    belief = frozenset(range(1 << n))
    for move in plan:
        if not 0 <= move < 1 << n:
            return f"move {move} is not a move of {n} coins (0 to {(1 << n) - 1})"
        belief = predict(belief, move, n, shuffle)
    if belief != {0}:
        return f"after the plan the coins may still show {_faces(max(belief), n)}"
    return ""


def _tree_wins(plan: Any, state: int, n: int, depth: int) -> str:
    """'' when the conditional plan wins from state within depth moves against every turn."""
    if state == 0:
        return ""
    if depth == 0 or not isinstance(plan, tuple) or len(plan) != 2:
        return f"{_faces(state, n)} is not won within the moves the plan claims"
    move, branches = plan
    for t in _turns(state, n, False):
        after = t ^ move
        if after == 0:
            continue
        heard = bin(after).count("1")
        if not isinstance(branches, dict) or heard not in branches:
            return f"after move {move} the Devil can make you hear {heard}: the plan has no branch"
        why = _tree_wins(branches[heard], after, n, depth - 1)
        if why:
            return why
    return ""


def _faces(state: int, n: int) -> str:
    """The state as coins, position 0 first: 'HTTH'."""
    return "".join("T" if state >> i & 1 else "H" for i in range(n))


# --- the exercises -----------------------------------------------------------------------------


def _mark_predict(student: Callable[..., Any]) -> list[Mark]:
    rng = random.Random(1)
    cases = [(frozenset(range(4)), 3, 2), (frozenset({1}), 1, 2), (frozenset({0, 5}), 2, 3)]
    for n in (3, 4, 5):
        for _ in range(3):
            states = rng.sample(range(1 << n), rng.randint(1, 1 << (n - 1)))
            cases.append((frozenset(states), rng.randrange(1, 1 << n), n))
    marks = []
    for belief, move, n in cases:
        case = f"predict({set(sorted(belief))}, {move}, {n})"
        want = predict(belief, move, n)
        got = _call(student, belief, move, n)
        if isinstance(got, Mark):
            marks.append(Mark(case, False, got.why))
            continue
        got_set = set(got) if isinstance(got, (set, frozenset, list, tuple)) else None
        if got_set == set(want):
            marks.append(Mark(case, True))
        else:
            missing, extra = set(want) - (got_set or set()), (got_set or set()) - set(want)
            marks.append(Mark(case, False, f"missing {sorted(missing)}, extra {sorted(extra)}"))
    return marks


def _mark_canonical(student: Callable[..., Any]) -> list[Mark]:
    from devilcoins.core.numbers import canonical_count

    marks = []
    for n in range(1, 13):
        case = f"canonical(s, {n}) for the {1 << n} states of {n} coin{'s' * (n > 1)}"
        want = canonical_count(n)  # the notebook's count of sequences up to turning (Burnside)
        names: set[Any] = set()
        why = ""
        for s in range(1 << n):
            got = _call(student, s, n)
            turns = set(_turns(s, n, False))
            if isinstance(got, Mark):
                why = got.why
            elif got not in turns:
                why = f"canonical({s}, {n}) = {_short(got)}, not a turn of {s}: {sorted(turns)}"
            elif (other := _call(student, max(turns), n)) != got:
                why = f"canonical({s}, {n}) = {got} but its turn {max(turns)} gets {other}"
            if why:
                break
            names.add(got)
        if not why and len(names) != want:
            why = f"{len(names)} different names, but {n} coins have {want} sequences up to turning"
        marks.append(Mark(case, not why, why))
    return marks


def _mark_reachable(student: Callable[..., Any]) -> list[Mark]:
    marks = []
    for n in (1, 2, 3, 4, 5):
        case = f"reachable({n})"
        want, got = reachable(n), _call(student, n)
        if isinstance(got, Mark):
            marks.append(Mark(case, False, got.why))
        else:
            why = "" if got == want else f"expected {want}, got {_short(got)}"
            marks.append(Mark(case, not why, why))
    return marks


def _mark_plans(
    student: Callable[..., Any], call: str, game: str, check: Callable[[Any, int, int], str]
) -> list[Mark]:
    """Marks of a function of n that returns a shortest plan or None, for n = 1 to 4: its
    answer against the length the library finds for game (its fields, n left out), then
    check(answer, shortest length, n): '' when the plan is right, else why not."""
    from devilcoins import Game, solve

    marks = []
    for n in (1, 2, 3, 4):
        case = call.format(n=n)
        want = solve(Game.parse(f"n={n} {game}")).length
        got = _call(student, n)
        if isinstance(got, Mark):
            marks.append(Mark(case, False, got.why))
        elif want is None or got is None:
            ok = want is None and got is None
            why = "" if ok else f"expected {'None' if want is None else f'{want} moves'}"
            marks.append(Mark(case, ok, why))
        else:
            why = check(got, want, n)
            marks.append(Mark(case, not why, why))
    return marks


def _fixed_plan(got: Any, want: int, n: int) -> str:
    """A list of moves: as long as the shortest, and winning against the rearranging Devil."""
    if len(got) != want:
        return f"{len(got)} moves, but the shortest has {want}"
    return _plan_wins(list(got), n, True)


def _tree_plan(got: Any, want: int, n: int) -> str:
    """(moves, plan): the shortest worst case, and a plan that wins from every start."""
    if not isinstance(got, tuple) or len(got) != 2 or got[0] != want:
        return f"expected ({want}, plan), got {_short(got)}"
    return next((w for s in range(1, 1 << n) if (w := _tree_wins(got[1], s, n, want))), "")


def _mark_search(student: Callable[..., Any]) -> list[Mark]:
    call = "search({n}), the Devil may rearrange the coins as he likes"
    return _mark_plans(student, call, "group=full", _fixed_plan)


def _mark_and_or(student: Callable[..., Any]) -> list[Mark]:
    call = "and_or_search({n}), the player hears how many coins show tails"
    return _mark_plans(student, call, "observe=count", _tree_plan)


@dataclass(frozen=True)
class Exercise:
    """A coding exercise: the function to write, and the cases that mark it."""

    function: str
    what: str
    mark: Callable[[Callable[..., Any]], list[Mark]]


#: The coding exercises by number, easiest first.
EXERCISES: dict[int, Exercise] = {
    1: Exercise("predict", "PREDICT on raw states", _mark_predict),
    2: Exercise("canonical", "one name for every turn of a state", _mark_canonical),
    3: Exercise("reachable", "the belief states reached without superset pruning", _mark_reachable),
    4: Exercise("search", "the search against a Devil who may rearrange the coins", _mark_search),
    5: Exercise("and_or_search", "AND-OR search for the count game", _mark_and_or),
}


def _call(student: Callable[..., Any], *args: Any) -> Any:
    """The student's answer, or a Mark saying what it raised."""
    try:
        return student(*args)
    except Exception as err:  # the student's code: any error is an answer, marked wrong
        return Mark("", False, f"raised {type(err).__name__}: {err}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def mark_function(number: int, student: Callable[..., Any]) -> list[Mark]:
    """The marks of exercise number for the function student."""
    return EXERCISES[_exercise(number)].mark(student)


def _exercise(number: int) -> int:
    if number not in EXERCISES:
        known = ", ".join(f"{k} ({e.function})" for k, e in EXERCISES.items())
        raise InvalidInput(f"there is no coding exercise {number}: they are {known}")
    return number


def mark(number: int, path: Path) -> list[Mark]:
    """The marks of exercise number for the function the student's file defines.

    The file is run as a module (its own code, as Python runs it), then its function of the
    exercise's name is called on each case.
    """
    exercise = EXERCISES[_exercise(number)]
    module = _load(path)
    student = getattr(module, exercise.function, None)
    if not callable(student):
        raise InvalidInput(
            f"{path} defines no function {exercise.function}(...): exercise {number} asks for "
            f"{exercise.what}"
        )
    return exercise.mark(student)


def _load(path: Path) -> Any:
    """The student's file run as a module, or a clear error naming what went wrong."""
    if not path.is_file():
        raise InvalidInput(f"no such file: {path}")
    spec = importlib.util.spec_from_file_location(f"_student_{abs(hash(path))}", path)
    if spec is None or spec.loader is None:
        raise InvalidInput(f"{path} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as err:
        raise InvalidInput(f"{path}, line {err.lineno}: {err.msg}") from None
    except Exception as err:  # the student's code ran into an error while loading
        raise InvalidInput(f"{path} raised {type(err).__name__} while loading: {err}") from None
    finally:
        sys.modules.pop(spec.name, None)
    return module
