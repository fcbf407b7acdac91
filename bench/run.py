"""Benchmark devilcoins against the seed notebook's own code, in one run.

Run it from the repository root::

    make bench
    .venv/bin/python bench/run.py [--quick] [--json] [--seed-timeout S]

It first times the start-up, as a new user meets it (whole commands, median of five): --version,
--help and classes, then the small games of a fresh install (an empty numba cache each run) and
warm.  It measures the N = 8 and N = 12 searches (ours in this process, the seed's in a subprocess),
the whole ``devilcoins solve 8`` command, and the cost of one belief update.  The seed's code is
``shared/peers/seed_reference.py`` beside the repository; its N = 12 search takes about two
minutes (``--quick`` skips it).  Times are seconds measured inside each process unless a row
says "whole command".

For N = 16 it measures the exact verification of the 65,535-move construction (target <= 1 s)
against the seed's ``update`` timed on the construction's first 2 moves and extrapolated to
65,535 (the seed would take hours; ``--quick`` skips it), one belief update, the verification of
a broken strategy with its counterexample, and the peak memory of a verification (target
< 200 MB).  For large N: streaming 2e8 binary moves for N = 32 (target >= 50 M moves/s), random
access to move i for N = 64, and the whole commands ``devilcoins construct 16 | devilcoins
verify 16 -`` and ``devilcoins prove`` for N = 999,983 and N = 1,048,576 (target: instant).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from devilcoins.cli.progress import reporter
from devilcoins.coins.construct import construction, move_mask, stream_moves
from devilcoins.coins.notation import Strategy
from devilcoins.coins.search import belief_search
from devilcoins.coins.verification import verify
from devilcoins.results import counted

SEED = Path(__file__).resolve().parents[2] / "shared" / "peers" / "seed_reference.py"
REPEATS = 3
UPDATE_REPEATS = 20
SOLVE_TARGET = 1.5
VERIFY_N = 16
VERIFY_TARGET = 1.0
SEED_UPDATES = 2
STREAM_N = 32
STREAM_MOVES = 200_000_000
STREAM_TARGET = 50e6
MOVE_N = 64
MOVE_CALLS = 10_000
MEMORY_TARGET = 200e6
PROVE_NS = (999_983, 1_048_576)
MIB = 1 << 20
EXIT_INTERRUPTED = 130
HEADER = ("measure", "devilcoins", "seed", "seed/ours", "note")


@dataclass
class Row:
    """One line of the benchmark table: our time, the seed's time (or why none), a note."""

    measure: str
    ours: float | None
    seed: float | None = None
    seed_status: str = ""
    note: str = ""

    @property
    def ratio(self) -> float | None:
        """How many times faster we are than the seed, when both were measured."""
        if self.ours is None or self.seed is None or self.ours <= 0:
            return None
        return self.seed / self.ours

    def to_json(self) -> dict:
        """The row as plain JSON data."""
        return {**asdict(self), "ratio": self.ratio}


class SeedRun:
    """Runs the seed's script with a timeout, a spinner, and a clean stop on Ctrl-C."""

    def __init__(self, timeout: float):
        self.timeout = timeout

    def __call__(self, *args: str) -> tuple[list[str] | None, str]:
        """The fields of the seed's last printed line, or None with the reason it has none."""
        if not SEED.is_file():
            return None, "missing"
        command = [sys.executable, str(SEED), *args]
        with reporter(f"running the seed's code: {' '.join(args)}"):
            proc = subprocess.Popen(
                command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
            )
            try:
                out, _ = proc.communicate(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                _stop(proc)
                return None, f"> {self.timeout:g} s"
            except BaseException:
                _stop(proc)
                raise
        lines = out.split("\n") if proc.returncode == 0 else []
        lines = [line for line in lines if line.strip()]
        return (lines[-1].split(), "") if lines else (None, "failed")


def _stop(proc: subprocess.Popen) -> None:
    """Kill a subprocess and collect it."""
    proc.kill()
    proc.communicate()


def best_of(measure, repeats: int = REPEATS) -> float:
    """The smallest of several measurements."""
    return min(measure() for _ in range(repeats))


def our_search(n: int) -> tuple[float, int | None]:
    """Best in-process belief_search(n) time after one warm-up, and the strategy's length."""
    result = belief_search(n)
    return best_of(lambda: belief_search(n).seconds), result.length


def search_row(n: int, seed_run: SeedRun, *, skip_seed: bool) -> Row:
    """Our search against the seed's coin_search for n coins."""
    ours, length = our_search(n)
    label = f"search N = {n} ({'no strategy' if length is None else f'{length} moves'})"
    row = Row(label, ours)
    if skip_seed:
        row.seed_status = "skipped"
        return row
    fields, row.seed_status = seed_run("search", str(n))
    if fields:
        row.seed = float(fields[2])
        seed_length = None if fields[1] == "None" else int(fields[1])
        if seed_length != length:
            row.note = f"seed found length {fields[1]}!"
    return row


def devilcoins_command() -> list[str]:
    """The devilcoins command next to this interpreter, or the one on PATH."""
    beside = Path(sys.executable).with_name("devilcoins")
    return [str(beside) if beside.exists() else shutil.which("devilcoins") or "devilcoins"]


def wall_time(command: list[str]) -> float:
    """Wall-clock seconds of one run of a command, output discarded."""
    t0 = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t0


def solve_rows() -> list[Row]:
    """Whole-command times of `devilcoins solve 8` (plain and --json) and the JSON's seconds."""
    solve = [*devilcoins_command(), "solve", "8"]
    plain = best_of(lambda: wall_time(solve))
    verdict = "ok" if plain < SOLVE_TARGET else "MISSED"
    as_json = best_of(lambda: wall_time([*solve, "--json"]))
    out = subprocess.run([*solve, "--json"], capture_output=True, text=True, check=True).stdout
    return [
        Row(
            "devilcoins solve 8 (whole command)",
            plain,
            note=f"target < {SOLVE_TARGET:g} s: {verdict}",
        ),
        Row("devilcoins solve 8 --json (whole command)", as_json),
        Row(
            "devilcoins solve 8 --json: its 'seconds'",
            json.loads(out)["seconds"],
            note="search time inside the command",
        ),
    ]


#: Start-up: whole commands (median of STARTUP_RUNS), with their targets in seconds.
STARTUP_RUNS = 5
DOOR = (
    (("--version",), 0.25),
    (("solve", "--help"), 0.25),
    (("classes", "10"), 0.3),
)
#: The first run of a fresh install (an empty numba cache each time), and then warm.
FIRST_RUN = (
    ("solve", "4"),
    ("solve", "8"),
    ("solve", "4", "--hands", "2", "--goal", "same", "--observe", "touch"),
    ("solve", "4", "--observe", "sight"),
    ("solve", "4", "--observe", "count"),
)
COLD_TARGET = 2.0
WARM_SOLVE_4_TARGET = 0.4


def median_wall(command: list[str], env: dict[str, str] | None = None) -> float:
    """The median wall-clock seconds of STARTUP_RUNS runs of a command (env: a fresh
    NUMBA_CACHE_DIR each run when it names one)."""
    runs = []
    for _ in range(STARTUP_RUNS):
        extra = dict(env or {})
        if "NUMBA_CACHE_DIR" in extra:
            extra["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="numba-cache-")
        t0 = time.perf_counter()
        subprocess.run(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=True,
            env={**os.environ, **extra},
        )
        runs.append(time.perf_counter() - t0)
        if "NUMBA_CACHE_DIR" in extra:
            shutil.rmtree(extra["NUMBA_CACHE_DIR"], ignore_errors=True)
    return sorted(runs)[len(runs) // 2]


def startup_rows() -> list[Row]:
    """How fast the door opens: --version, help, classes; the first run of a fresh install
    (empty numba cache) and the warm runs of the small games."""
    command = devilcoins_command()
    rows = []
    with reporter("timing the start-up commands"):
        for words, target in DOOR:
            took = median_wall([*command, *words])
            ok = "ok" if took <= target else "MISSED"
            rows.append(
                Row(
                    f"devilcoins {' '.join(words)} (whole command)",
                    took,
                    note=f"target <= {target:g} s: {ok}; median of {STARTUP_RUNS}",
                )
            )
        for words in FIRST_RUN:
            cold = median_wall([*command, *words], {"NUMBA_CACHE_DIR": ""})
            warm = median_wall([*command, *words])
            ok = "ok" if cold <= COLD_TARGET else "MISSED"
            target = (
                f"; warm target <= {WARM_SOLVE_4_TARGET:g} s" if words == ("solve", "4") else ""
            )
            rows.append(
                Row(
                    f"devilcoins {' '.join(words)}: fresh install (empty numba cache)",
                    cold,
                    note=f"target <= {COLD_TARGET:g} s: {ok}; warm {warm:.2f} s{target}; "
                    f"median of {STARTUP_RUNS}",
                )
            )
    return rows


def update_row(seed_run: SeedRun) -> Row:
    """Seconds per belief update along the N = 8 strategy, ours against the seed's."""
    strategy = Strategy.from_masks(belief_search(8).strategy)
    ours = best_of(lambda: verify(strategy, 8).seconds / len(strategy), UPDATE_REPEATS)
    row = Row(f"one belief update, N = 8 ({len(strategy)} moves)", ours)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "strategy8.txt"
        path.write_text(strategy.to_text(8))
        runs = [seed_run("updates", "8", str(path)) for _ in range(REPEATS)]
    times = [float(fields[2]) for fields, _ in runs if fields]
    if times:
        row.seed = min(times)
        if any(fields[3] != "1" for fields, _ in runs if fields):
            row.note = "seed's final belief is not {all heads}!"
    else:
        row.seed_status = runs[0][1]
    return row


def verify_rows(seed_run: SeedRun, *, skip_seed: bool) -> list[Row]:
    """Exact verification of the N = 16 construction, and one update, against the seed's update.

    The seed would take hours for all 65,535 moves, so its time per update is measured on the
    construction's first moves (starting from every sequence, as verify does) and multiplied.
    """
    n = VERIFY_N
    strategy = construction(n)
    moves = len(strategy)
    first = verify(strategy, n)  # warm-up, and the verdict
    if not first.wins:
        raise AssertionError(f"the N = {n} construction does not verify")
    ours = best_of(lambda: verify(strategy, n).seconds)
    verdict = "ok" if ours <= VERIFY_TARGET else "MISSED"
    whole = Row(
        f"verify N = {n} ({moves:,} moves, exact)",
        ours,
        note=f"target <= {VERIFY_TARGET:g} s: {verdict}",
    )
    update = Row(f"one belief update, N = {n}", ours / moves)
    if skip_seed:
        whole.seed_status = update.seed_status = "skipped"
        return [whole, update]
    text = Strategy(strategy[:SEED_UPDATES]).to_text(n)
    # The seed reads a line without spaces digit by digit, which would misread '10'..'15'.
    if any(" " not in line for line in text.splitlines()):
        raise AssertionError("a move the seed's parser would misread: " + text)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"strategy{n}.txt"
        path.write_text(text)
        fields, status = seed_run("updates", str(n), str(path))
    if not fields:
        whole.seed_status = update.seed_status = status
        return [whole, update]
    if fields[1] != str(SEED_UPDATES):
        update.note = f"seed ran {fields[1]} updates, not {SEED_UPDATES}!"
    # The seed's update costs time in proportion to the belief's size (every sequence in it is
    # turned every way), and the belief shrinks along the strategy: scale the full-belief time
    # by the mean size over the run, as measured by verify.
    shrink = sum(first.sizes[:-1]) / (len(first.sizes) - 1) / first.sizes[0]
    update.seed = float(fields[2]) * shrink
    whole.seed = update.seed * moves
    whole.note += (
        f"; seed: {SEED_UPDATES} updates of the full belief, x {shrink:.2f} for the mean belief "
        f"size, x {moves:,} (about {whole.seed / 3600:.1f} hours)"
    )
    update.note = "seed's time scaled to the mean belief size along the strategy"
    return [whole, update]


def broken_row() -> Row:
    """Verifying the N = 16 construction with one move changed: a loss, with its counterexample."""
    n = VERIFY_N
    moves = list(construction(n))
    moves[100] = moves[101]
    broken = Strategy(moves)
    result = verify(broken, n)
    if result.wins or result.counterexample is None:
        raise AssertionError("the broken N = 16 strategy verified as winning")
    ours = best_of(lambda: verify(broken, n).seconds)
    return Row(
        f"verify a broken N = {n} strategy (with counterexample)",
        ours,
        note=f"move 101 := move 102; loses from start {result.counterexample.to_json()['start']}",
    )


def _power_of_ten(count: int) -> str:
    """A count such as 200,000,000 written as '2e8'."""
    mantissa, exponent = f"{count:e}".split("e")
    return f"{float(mantissa):g}e{int(exponent)}"


def stream_row() -> Row:
    """Streaming the N = 32 construction as binary words to /dev/null, in this process."""
    with open(os.devnull, "wb") as out:
        t0 = time.perf_counter()
        stream_moves(out, STREAM_N, count=STREAM_MOVES, fmt="binary")
        ours = time.perf_counter() - t0
    rate = STREAM_MOVES / ours
    verdict = "ok" if rate >= STREAM_TARGET else "MISSED"
    return Row(
        f"construct {STREAM_N} --format binary ({_power_of_ten(STREAM_MOVES)} moves, in-process)",
        ours,
        note=f"{rate / 1e6:,.0f} M moves/s (target >= {STREAM_TARGET / 1e6:g} M/s): {verdict}",
    )


def move_row() -> Row:
    """Seconds per move_mask(64, i) call, averaged over random i in [1, 2^64 - 1]."""
    rng = random.Random(64)
    indices = [rng.randint(1, (1 << MOVE_N) - 1) for _ in range(MOVE_CALLS)]
    move_mask(MOVE_N, indices[0])
    t0 = time.perf_counter()
    for i in indices:
        move_mask(MOVE_N, i)
    ours = (time.perf_counter() - t0) / MOVE_CALLS
    return Row(
        f"devilcoins move {MOVE_N} 2^{MOVE_N}-1 (random access, in-process)",
        ours,
        note=f"per call, mean of {MOVE_CALLS:,} random move numbers",
    )


def pipeline_time(first: list[str], second: list[str]) -> float:
    """Wall-clock seconds of `first | second`, both checked, the final output discarded."""
    t0 = time.perf_counter()
    producer = subprocess.Popen(first, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    consumer = subprocess.Popen(
        second, stdin=producer.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    producer.stdout.close()  # the consumer holds the pipe now
    codes = consumer.wait(), producer.wait()
    elapsed = time.perf_counter() - t0
    if any(codes):
        raise subprocess.CalledProcessError(max(codes), [*first, "|", *second])
    return elapsed


def command_rows() -> list[Row]:
    """Whole-command times: the N = 16 construct | verify pipeline and two large proofs."""
    cmd = devilcoins_command()
    n = str(VERIFY_N)
    pipeline = best_of(lambda: pipeline_time([*cmd, "construct", n], [*cmd, "verify", n, "-"]))
    rows = [
        Row(
            f"devilcoins construct {n} | devilcoins verify {n} - (whole pipeline)",
            pipeline,
        )
    ]
    for big in PROVE_NS:
        rows.append(
            Row(
                f"devilcoins prove {big} (whole command)",
                best_of(lambda big=big: wall_time([*cmd, "prove", str(big)])),
                note="target: instant",
            )
        )
    return rows


# Peak resident memory in KiB.  ru_maxrss would also count the benchmark's own memory: Linux
# carries a process's peak over into the program it execs, so a child starts at its parent's.
_RSS_SNIPPET = """\
{body}
def _peak_kib():
    try:
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(_peak_kib())
"""

_VERIFY_BODY = f"""\
from devilcoins.coins.construct import construction
from devilcoins.coins.verification import verify
assert verify(construction({VERIFY_N}), {VERIFY_N}).wins
"""

_KERNEL_BODY = """\
from devilcoins.core.kernel import warm_up
warm_up()
"""


def peak_rss(body: str) -> int:
    """Peak resident memory, in bytes, of a fresh Python that runs body."""
    snippet = _RSS_SNIPPET.format(body=body)
    out = subprocess.run(
        [sys.executable, "-c", snippet], capture_output=True, text=True, check=True
    ).stdout
    return int(out.split()[-1]) * 1024


def memory_row() -> Row:
    """Peak memory of verifying the N = 16 construction, and how much is loading the kernel."""
    peak_rss(_VERIFY_BODY)  # fills numba's on-disk cache: compiling would inflate the peaks
    peak = peak_rss(_VERIFY_BODY)
    base = peak_rss(_KERNEL_BODY)
    verdict = "ok" if peak < MEMORY_TARGET else "MISSED"
    return Row(
        f"verify N = {VERIFY_N} peak memory",
        None,
        note=(
            f"{peak / MIB:,.0f} MiB peak RSS (target < {MEMORY_TARGET / 1e6:g} MB): {verdict}; "
            f"{base / MIB:,.0f} MiB of it is loading numpy, numba and the kernel"
        ),
    )


def seconds(value: float | None) -> str:
    """A time in seconds, to four significant digits."""
    return "-" if value is None else f"{value:.4g}"


def times(ratio: float | None) -> str:
    """A speed-up factor such as '870x'."""
    if ratio is None:
        return "-"
    return f"{ratio:,.0f}x" if ratio >= 10 else f"{ratio:.1f}x"


def cells(row: Row) -> tuple[str, ...]:
    """The table cells of one row."""
    seed = seconds(row.seed) if row.seed is not None else row.seed_status or "-"
    return row.measure, seconds(row.ours), seed, times(row.ratio), row.note


def _line(cells: tuple[str, ...], widths: list[int]) -> str:
    """One table line: the measure left-aligned, the numbers right-aligned, then the note."""
    numbers = (cell.rjust(width) for cell, width in zip(cells[1:4], widths[1:4], strict=True))
    return "  ".join([cells[0].ljust(widths[0]), *numbers, cells[4]]).rstrip()


def render(rows: list[Row]) -> str:
    """The rows as a plain-text table with aligned columns."""
    table = [HEADER, *(cells(row) for row in rows)]
    widths = [max(len(line[i]) for line in table) for i in range(len(HEADER))]
    lines = [_line(line, widths) for line in table]
    lines.insert(1, "  ".join("-" * w for w in widths[:4]) + "  " + "-" * widths[4])
    return "\n".join(lines)


def machine() -> dict:
    """The CPU count and Python version of this machine."""
    return {"cpus": os.cpu_count(), "python": platform.python_version()}


def header() -> str:
    """The line naming the machine and what the times mean."""
    m = machine()
    return (
        f"devilcoins benchmark: {m['cpus']} CPUs, Python {m['python']}; times are seconds "
        "measured inside each process unless marked 'whole command'"
    )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command-line options."""
    parser = argparse.ArgumentParser(description="Benchmark devilcoins against the seed's code.")
    parser.add_argument(
        "--quick", action="store_true", help="skip the seed's slow N = 12 and N = 16 runs"
    )
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument(
        "--seed-timeout",
        type=float,
        default=600,
        metavar="S",
        help="stop a seed run after S seconds (default 600)",
    )
    parser.add_argument(
        "--touch-12",
        action="store_true",
        help="also run the long touch row: n = 12, k = 8 (about a minute)",
    )
    return parser.parse_args(argv)


DIALS_TARGET = 2.0
TOUCH_TARGET = 1.0
SIGHT_TARGET = 10.0


def dials_row() -> Row:
    """Dials with 3 values on 9 positions: the chain construction and its exact verification."""
    from devilcoins.blind.chain import chain_strategy
    from devilcoins.blind.verify import verify_moves
    from devilcoins.core.game import Game
    from devilcoins.core.tables import class_table

    game = Game(9, values=3)
    class_table(game)  # the class tables, built once per game: counted in the first run only
    verify_moves(game, chain_strategy(game))  # warm-up

    def once() -> float:
        t0 = time.perf_counter()
        moves = chain_strategy(game)
        built = time.perf_counter() - t0
        checked = verify_moves(game, moves)
        if not checked.wins or checked.won_at != len(moves):
            raise AssertionError("the dials strategy does not verify")
        return built + checked.seconds

    ours = best_of(once)
    verdict = "ok" if ours <= DIALS_TARGET else "MISSED"
    return Row(
        "dials m = 3, N = 9: construct + verify 19,682 moves",
        ours,
        seed_status="no dials",
        note=f"target <= {DIALS_TARGET:g} s: {verdict}",
    )


def touch_rows() -> list[Row]:
    """The touch game on 6 positions with 4 hands, goals zero and same: solved by AND-OR search."""
    try:
        from devilcoins.observed.touch import solve_touch as solve_tree
    except ImportError:
        return [Row("touch N = 6, k = 4", None, seed_status="not built")]
    from devilcoins.core.game import Game

    rows = []
    for goal in ("zero", "same"):
        game = Game(6, hands=4, goal=goal, observe="touch")
        solve_tree(game)  # warm-up
        ours = best_of(lambda game=game: solve_tree(game).seconds)
        sol = solve_tree(game)
        verdict = "ok" if ours <= TOUCH_TARGET else "MISSED"
        rows.append(
            Row(
                f"touch N = 6, k = 4, goal {goal} "
                + (f"(worst case {sol.length} moves)" if sol.winnable else "(no strategy)"),
                ours,
                seed_status="no touch",
                note=f"target <= {TOUCH_TARGET:g} s: {verdict}; {sol.explored:,} beliefs",
            )
        )
    return rows


_THRESHOLD_BODY = """\
import json, time
t0 = time.perf_counter()
from devilcoins import Game, verify
from devilcoins.observed.touch import solve_touch
game = Game.parse("n={n} values={m} hands={k} goal=same observe=touch")
sol = solve_touch(game)
took = time.perf_counter() - t0
checked = verify(game, {{**sol.strategy_json(), "length": sol.length}})
assert sol.winnable and checked.wins and checked.won_at <= sol.length
print(json.dumps({{"took": took, "seconds": sol.seconds, "length": sol.length,
                  "beliefs": sol.explored}}))
"""

#: The independent solver's figures (issue 17's table: seconds for the whole process on this
#: 2-core machine, and its peak memory where given): (n, k, m) -> (seconds, MB, note).
INDEPENDENT = {
    (8, 4, 2): (11.4, 255, "5.7 s alone"),
    (9, 6, 2): (0.57, None, ""),
    (10, 8, 2): (0.47, None, ""),
    (12, 9, 2): (5.8, 180, ""),
    (12, 10, 2): (0.53, None, ""),
    (12, 11, 2): (0.46, None, ""),
    (12, 12, 2): (0.50, None, "one move"),
    (11, 11, 2): (0.49, None, "one move"),
    (12, 8, 2): (37 * 60.0, 3500, "settled in five checkpointed runs"),
    (10, 8, 3): (5.8, 680, ""),
}

#: The long row (12 with 8 hands takes about a minute), run only with --touch-12.
LONG = ((12, 8, 2),)


def threshold_rows(with_long: bool) -> list[Row]:
    """Touch games against the independent solver's figures, each in a fresh process."""
    rows = []
    for (n, k, m), (theirs, their_mb, their_note) in INDEPENDENT.items():
        name = f"touch n = {n}, k = {k}" + (f", m = {m}" if m != 2 else "") + ", goal same"
        against = f"independent: {theirs:g} s" + (f", {their_mb} MB" if their_mb else "")
        against += f" ({their_note})" if their_note else ""
        if (n, k, m) in LONG and not with_long:
            rows.append(
                Row(name, None, seed_status="no touch", note=f"not run (--touch-12); {against}")
            )
            continue
        snippet = _RSS_SNIPPET.format(body=_THRESHOLD_BODY.format(n=n, k=k, m=m))
        t0 = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", snippet], capture_output=True, text=True, check=False
        )
        wall = time.perf_counter() - t0
        if done.returncode != 0:
            why = done.stderr.strip().splitlines()[-1][-160:] if done.stderr.strip() else "?"
            rows.append(Row(name, None, seed_status="no touch", note=f"{why}; {against}"))
            continue
        out = done.stdout.split("\n")
        data, peak = json.loads(out[-3]), int(out[-2]) * 1024
        rows.append(
            Row(
                f"{name} ({counted(data['length'], 'move')}, tree checked; whole process)",
                wall,
                seed_status="no touch",
                note=f"{against}; independent/ours {theirs / wall:.2f}x; search "
                f"{data['seconds']:.2f} s, {data['beliefs']:,} beliefs, {peak / MIB:,.0f} MiB peak",
            )
        )
    return rows


def sight_nine_row() -> Row:
    """The sight game on 9 dials of 3 values (2,195 classes)."""
    from devilcoins.core.game import Game
    from devilcoins.observed.sight import solve_sight

    game = Game(9, values=3, observe="sight")
    solve_sight(game)  # warm-up
    ours = best_of(lambda: solve_sight(game).seconds)
    sol = solve_sight(game)
    verdict = "ok" if ours <= 1.0 else "MISSED"
    return Row(
        f"sight n = 9, m = 3 (worst case {sol.length} moves)",
        ours,
        seed_status="no sight",
        note=f"target <= 1 s: {verdict}; {sol.explored:,} classes",
    )


def sight_row() -> Row:
    """The sight game on 16 coins (4,116 classes): retrograde value iteration over classes."""
    try:
        from devilcoins.observed.sight import solve_sight
    except ImportError:
        return Row("sight N = 16", None, seed_status="not built")
    from devilcoins.core.game import Game

    game = Game(16, observe="sight")
    solve_sight(game)  # warm-up
    ours = best_of(lambda: solve_sight(game).seconds)
    sol = solve_sight(game)
    verdict = "ok" if ours <= SIGHT_TARGET else "MISSED"
    return Row(
        f"sight N = 16 (worst case {sol.length} moves)",
        ours,
        seed_status="no sight",
        note=f"target <= {SIGHT_TARGET:g} s: {verdict}; {sol.explored:,} classes",
    )


def measure(args: argparse.Namespace) -> list[Row]:
    """Every row of the benchmark."""
    seed_run = SeedRun(args.seed_timeout)
    return [
        *startup_rows(),
        search_row(8, seed_run, skip_seed=False),
        search_row(12, seed_run, skip_seed=args.quick),
        *solve_rows(),
        update_row(seed_run),
        *verify_rows(seed_run, skip_seed=args.quick),
        broken_row(),
        stream_row(),
        move_row(),
        *command_rows(),
        memory_row(),
        dials_row(),
        *touch_rows(),
        *threshold_rows(args.touch_12),
        sight_row(),
        sight_nine_row(),
    ]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its table (or JSON)."""
    args = parse_args(argv)
    if not args.json:
        print(header(), flush=True)
    try:
        rows = measure(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.json:
        print(json.dumps({**machine(), "rows": [row.to_json() for row in rows]}, indent=2))
    else:
        print(render(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
