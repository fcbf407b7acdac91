"""Hundreds of bad or extreme command lines, each run with a timeout: none may end in a traceback,
hang, exit with a status other than 0, 1, 2, 3, 130 or 143, print a huge error, or change a file
it was given; then a few commands run against their own --memory and --time-limit, none of
which may pass a limit by more than 5% (time: max(5%, 0.5 s)).

    python bench/hostile.py              # every case, two at a time, a summary at the end
    python bench/hostile.py --list       # the command lines only
    python bench/hostile.py --only move  # the cases whose command line contains 'move'
    python bench/hostile.py --limits-only  # the commands run against --memory and --time-limit

Each case runs ``python -m devilcoins`` in a fresh temporary folder holding the bad files it
names (written here: empty, binary junk, a 10 MB line, a directory, a missing file, malformed
JSON and certificates); every file there is hashed before and after.  Commands that take
--time-limit get ``--time-limit 5`` (a case's own value comes later and wins), so a case that
runs long is a hang only when it overstays that limit by far.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

#: Seconds a case may run before it counts as a hang (its --time-limit is 5).
TIMEOUT = 40
#: Exit statuses the program may end with: wins, loses/failed check, usage, limit, SIGINT, SIGTERM.
GOOD_EXITS = {0, 1, 2, 3, 130, 143}
#: An error message longer than this quotes too much of its input.
LONG_ERROR = 2000
#: Commands that take --time-limit and --memory.
LIMITED = {
    "solve", "table", "play", "check", "construct", "move", "verify", "prove", "explain", "draw",
    "plot", "atlas",
}  # fmt: skip
#: Commands whose first argument is N.
WITH_N = ["solve", "play", "check", "construct", "prove", "explain", "plot", "classes"]
BAD_N = [
    "0", "-1", "1_6", "+4", " 4", "4 ", "10" + "0" * 30, "4.0", "1e3", "0x10", "", "abc",
    "\u0664", "-0", "٤٢", "9" * 5000,
]  # fmt: skip
BAD_NUMBERS = ["0", "-1", "abc", "1_0", "+3", "nan", "inf", "10" + "0" * 30, "", "2.5"]
BAD_SECONDS = ["0", "-1", "nan", "inf", "-inf", "abc", "1e308", "", "1_0", "+3", " 3", "3e0"]
BAD_GB = ["0", "-1", "nan", "inf", "abc", "1e-12", "1e308", "", "0.0001", "1_0", "+1"]
#: A case's first word when the program must refuse it (status 2): loose or malformed input.
REFUSE = "!refuse"
#: An argument as long as a command line lets one be (Linux: 128 KiB an argument).
HUGE = "x" * 100_000


def files(folder: Path, wanted: str) -> dict[str, Path]:
    """Write the bad inputs that wanted (a case's line) names as {name} into folder."""
    made: dict[str, bytes | Callable[[], bytes]] = {
        "empty": b"",
        "junk": lambda: os.urandom(4096),
        "nul": b"0 1\n\x00\x00\n0 1\n",
        "utf16": "0 1\n0\n".encode("utf-16"),
        "longline": b"F" * 10_000_000 + b"\n",
        "manylines": b"0\n" * 2_000_000,
        "badpos": b"0 99\n",
        "negpos": b"-1\n",
        "flips5": b"FFFFF\n",
        "comment": b"# only a comment\n",
        "json_bad": b'{"strategy": [',
        "json_deep": b"[" * 200_000 + b"]" * 200_000,
        "json_list": b'[[0, 1], [0], "x"]',
        "json_huge_int": b"[[" + b"9" * 50_000 + b"]]",
        "cert_str": json.dumps({"game": "n=4", "value": "5", "strategy": []}).encode(),
        "cert_bad": b'{"kind": "certificate", "game": 7, "states": "x"}',
        "cert_null": b"null",
        "turns_bad": b"x y z\n",
        "turns_huge": b"99999999999999999999\n",
        "good4": b"0 1 2 3\n0 2\n0 1 2 3\n0 1\n0 1 2 3\n0 2\n0 1 2 3\n0\n"
        b"0 1 2 3\n0 2\n0 1 2 3\n0 1\n0 1 2 3\n0 2\n0 1 2 3\n",
        "userfile": b"a user's precious file\n",
        "db_junk": lambda: b"SQLite format 3\x00" + os.urandom(2000),
    }
    paths = {}
    for name, data in made.items():
        path = folder / f"{name}.txt"
        if f"{{{name}}}" in wanted:
            path.write_bytes(data() if callable(data) else data)
        paths[name] = path
    (folder / "adir").mkdir()
    (folder / "adir" / "inside.txt").write_bytes(b"kept\n")
    paths["adir"] = folder / "adir"
    paths["missing"] = folder / "missing.txt"
    paths["fifo"] = folder / "fifo"
    if "{fifo}" in wanted:
        os.mkfifo(paths["fifo"])
    paths["urandom"] = Path("/dev/urandom")
    paths["nodir_out"] = folder / "no" / "such" / "out.txt"
    return paths


def cases() -> list[list[str]]:
    """Every command line, as argument lists with {file} names to fill in."""
    out: list[list[str]] = []
    for command in WITH_N:
        out += [[REFUSE, command, n] for n in BAD_N]
    out += [[REFUSE, "move", n, "1"] for n in BAD_N[:12]]
    out += [["move", "16", i] for i in ["0", "-1", "65536", "9" * 400, "abc", "1_0", "+1"]]
    out += [["move", "12", "3"], ["move", str(2**40), "3"], ["move", "64", str(2**64)]]
    out += [[REFUSE, "verify", n, "{good4}"] for n in BAD_N[:10]]
    out += [[REFUSE, "solve", "4", "--time-limit", t] for t in BAD_SECONDS]
    out += [[REFUSE, "solve", "4", "--memory", m] for m in BAD_GB]
    for opt, bad in [
        ("--values", [*BAD_NUMBERS, "1", "257", "263", "100000"]),
        ("--hands", [*BAD_NUMBERS, "99"]),
        ("--group", ["bogus", "", "cyclic,full", "dihedral x", "Z"]),
        ("--goal", ["bogus", "", "state=XYZ", "state=HHHHH", "same,zero"]),
        ("--moves", ["XYZ", "FFFFF", "", ",", "F" * 100_000, "0 99"]),
        ("--generators", ["(0 1", "(0 99)", "junk", "", "(0 0)"]),
        ("--devil-moves", ["(0 1", "(0 9)", "junk", ""]),
        ("--observe", ["smell", ""]),
        ("--time-limit", BAD_SECONDS),
        ("--memory", BAD_GB),
    ]:
        for value in bad:
            out.append(["solve", "4", opt, value])
        out += [["prove", "4", opt, bad[0]], ["verify", "4", "{good4}", opt, bad[1]]]
        out += [["play", "4", opt, bad[-2]], ["explain", "4", opt, bad[-1]]]
    out += [["solve", "2", "--values", str(m)] for m in (257, 263, 300)]
    out += [["solve", "2", "--values", "257", "--hands", "1"], ["solve", "1_6"]]
    out += [["solve", "4", "--moves", "FFFF", "--hands", "2"], ["solve", "4", "--method", "x"]]
    out += [["solve", "16", "--method", "notebook"], ["solve", "4", "--format", "bogus"]]
    out += [["solve", "4", "--save", "{adir}"], ["solve", "4", "--save", "{nodir_out}"]]
    out += [["solve", "4", "--save", "{userfile}"], ["solve", "4", "--certificate", "{userfile}"]]
    out += [["solve", "4", "--checkpoint", "{junk}", "--observe", "touch"]]
    out += [["solve", "4", "--checkpoint", "{adir}", "--observe", "touch"]]
    out += [["solve", "4", "--witness", "{userfile}"], ["solve", "12", "--observe", "touch"]]
    bad_files = [
        "empty", "junk", "nul", "utf16", "longline", "manylines", "badpos", "negpos", "flips5",
        "comment", "json_bad", "json_deep", "json_list", "json_huge_int", "cert_str", "cert_bad",
        "cert_null", "adir", "missing",
    ]  # fmt: skip
    for name in bad_files:
        out.append(["verify", "4", f"{{{name}}}"])
        out.append(["verify", "4", f"{{{name}}}", "--certificate"])
        out.append(["verify", "4", f"{{{name}}}", "--observe", "touch", "--hands", "2"])
        out.append(["play", "4", "--strategy", f"{{{name}}}"])
        out.append(["check", "4", "--strategy", f"{{{name}}}"])
        out.append(["plot", "4", "--strategy", f"{{{name}}}", "--output", "p.svg"])
    out += [["verify", "4", "-", "--json"]]
    out += [["verify", "4", "{good4}", "--counterexample", p] for p in ("{userfile}", "{adir}")]
    out += [["verify", "4", "{badpos}", "--counterexample", "{nodir_out}"]]
    out += [["play", "4", "--start", s] for s in ["HTXH", "", "HHHHH", "H" * 100_000, "0000"]]
    out += [["play", "4", "--devil-turns", "{" + f + "}"] for f in ("turns_bad", "turns_huge")]
    out += [["play", "4", "--devil-turns", "{adir}"], ["play", "4", "--devil-turns", "{missing}"]]
    out += [["play", "4", "--seed", s] for s in ["-1", "abc", "9" * 400]]
    out += [["check", "4", "--games", g] for g in ["0", "-1", "10" + "0" * 20, "abc"]]
    out += [["check", "8", "--games", "1000000000"], ["check", "20"]]
    out += [["construct", "4", "--start", s] for s in ["0", "-1", "99", "abc"]]
    out += [["construct", "4", "--count", c] for c in ["0", "-1", "10" + "0" * 30]]
    out += [["construct", "4", "--output", p] for p in ("{userfile}", "{adir}", "{nodir_out}")]
    out += [["construct", "64"], ["construct", "12"], ["construct", "4", "--format", "x"]]
    out += [["draw", c] for c in ["", "HTX", "H" * 100_000, "0101", "htth"]]
    out += [["draw", "HTTH", "--size", s] for s in ["0", "-1", "10" + "0" * 12, "abc"]]
    out += [["draw", "HTTH", "--move", m] for m in ["9", "FFFFF", "x", "F" * 100_000]]
    out += [["draw", "HTTH", "--output", p] for p in ("{userfile}", "{adir}", "{nodir_out}")]
    out += [["plot", "4", "--output", p] for p in ("{userfile}", "{adir}", "x.bmp")]
    out += [["plot", "32"], ["plot", "16", "--table", "--output", "t.png"]]
    out += [["table", "--max", m] for m in ["0", "-1", "99", "10" + "0" * 30, "abc"]]
    out += [["table", "--min", "9", "--max", "3"], ["table", "--min", "-5"]]
    out += [["classes", n] for n in ["10" + "0" * 30, "9" * 5000, "65536"]]
    out += [["classes", "65536", "--json"], ["classes", "100000", "--json"]]
    out += [["prove", n, "--observe", "count"] for n in ("32", "1024", str(2**20), "16")]
    out += [["prove", "64", "--observe", "count", "--values", "4"], ["prove", "10" + "0" * 30]]
    out += [["explain", n] for n in ("16", "32", "12", "10" + "0" * 14)]
    atlas_bad = [
        ["--n", "1..99999999999"], ["--n", "5..1"], ["--n", "0..3"], ["--n", "a..b"],
        ["--n", ""], ["--n", "1..3..5"], ["--n", "-3..2"], ["--max-n", "10" + "0" * 30],
        ["--max-n", "0"], ["--n", "2", "--values", "2..400"], ["--n", "2", "--values", "0..3"],
        ["--n", "3", "--hands", "0..9"], ["--n", "3", "--groups", "bogus"],
        ["--n", "3", "--goals", "bogus"], ["--n", "3", "--observe", "smell"],
        ["--n", "3", "--workers", "0"], ["--n", "3", "--workers", "-1"],
        ["--from-db", "{missing}"], ["--from-db", "{adir}"], ["--from-db", "{junk}"],
        ["--from-db", "{db_junk}"], ["--n", "3", "--db", "{adir}"],
        ["--n", "3", "--db", "{userfile}"], ["--n", "3", "--db", "{nodir_out}"],
        ["--n", "3", "--format", "x"], ["--n", "1..40", "--memory", "0.2"],
        ["--n", "3", "--scheduler", "nowhere:1"], ["--n", "3", "--time-limit", "0"],
    ]  # fmt: skip
    out += [["atlas", *a] for a in atlas_bad]
    for command in [*WITH_N, "verify"]:
        out.append([command, HUGE] + (["{good4}"] if command == "verify" else []))
    out += [["solve", "4", opt, HUGE] for opt in ("--values", "--group", "--goal", "--hands")]
    out += [["solve", "4", opt, HUGE] for opt in ("--time-limit", "--memory", "--generators")]
    out += [["atlas", opt, HUGE] for opt in ("--n", "--values", "--groups", "--time-limit")]
    out += [["move", "16", HUGE], ["draw", HUGE], ["play", "4", "--start", HUGE]]
    out += [["bogus"], [], ["solve"], ["verify", "4"], ["--version", "x"], ["solve", "4", "4"]]
    out += loose_cases()
    return out


def loose_cases() -> list[list[str]]:
    """Input that was once read loosely or hung: leading zeros, other digits than 0-9, trailing
    separators, special files, huge games that must answer at once or be refused at once."""
    out: list[list[str]] = []
    for command in WITH_N:
        out += [[REFUSE, command, n] for n in ("04", "007", "\uff14", "4\u0660")]
    for opt, bad in [
        ("--hands", ["02", "\uff12"]), ("--values", ["03", "\u0663"]),
        ("--time-limit", ["05", "\uff15", "5."]), ("--memory", ["01", "00.5"]),
        ("--goal", ["HHHH,", ",HHHH", "HHHH,,TTTT", "state=HHHH,"]),
        ("--moves", ["FFFF,", "FFFF,,FLFL", ",FFFF"]),
        ("--generators", ["\uff11 0 2 3", "1 0 2 3,", "1 0 2 3;", "01 0 2 3"]),
        ("--devil-moves", ["1 0 2 3;", "1 0 2 3;;0 1 2 3"]),
    ]:  # fmt: skip
        out += [[REFUSE, "solve", "4", opt, v] for v in bad]
    for name in ("fifo", "urandom"):
        out += [
            [REFUSE, "verify", "4", f"{{{name}}}"],
            [REFUSE, "play", "4", "--strategy", f"{{{name}}}"],
        ]
        out += [[REFUSE, "verify", "4", "{good4}", "--certificate", f"{{{name}}}"]]
        out += [
            [
                REFUSE,
                "solve",
                "4",
                "--observe",
                "touch",
                "--hands",
                "2",
                "--checkpoint",
                f"{{{name}}}",
            ]
        ]
    out += [["prove", n, "--observe", "count"] for n in (str(2**30), str(2**39), str(10**12))]
    out += [["prove", str(10**12), "--observe", "count", "--values", "1"]]
    out += [[REFUSE, c, str(10**12), "--values", "1"] for c in ("solve", "explain")]
    out += [["solve", "3", "--json", "--save", "three.txt"], ["solve", "9", "--save", "nine.txt"]]
    out += [["solve", "4", "--jsn", HUGE], ["solve", "4", *("x" * 9)]]
    return out


#: Commands run against their own limits: (command line, GB of --memory or None, seconds of
#: --time-limit or None). Each must stop (or finish) inside its limits, with 5% to spare for
#: memory and max(5%, 0.5 s) for time (the process's start and end are counted).
LIMIT_CASES: list[tuple[list[str], float | None, float | None]] = [
    (["solve", "20", "--hands", "2", "--memory", "0.3"], 0.3, None),
    (["solve", "11", "--group", "none", "--memory", "0.3", "--goal",
      "HHHHHHHHHHH,HTHHHHHHHHH,HHTHTHHHHHH,TTHHHHHHHHH,HHHHHHTHHTH,THTHTHTHTHT,HHHHHHHHTTT,"
      "TTTTHHHHHHH,HTHTHTHTHTH"], 0.3, None),
    (["solve", "12", "--hands", "8", "--goal", "same", "--observe", "touch", "--time-limit", "2"],
     None, 2.0),
    (["solve", "10", "--group", "none", "--time-limit", "2", "--goal",
      "HHHHHHHHHH,HTHHHHHHHH,HHTHTHHHHH,TTHHHHHHHH,HHHHHHTHHT,THTHTHTHTH,HHHHHHHHTT,"
      "TTTTHHHHHH,HTHTHTHTHT,HHTTHHTTHH,THHTTHHTTH,TTTHHHTTTH"], None, 2.0),
    (["solve", "4", "--values", "3", "--group", "none", "--hands", "1", "--goal",
      "0121,2001,2021", "--time-limit", "2"], None, 2.0),
    (["solve", "6", "--values", "6", "--group", "none", "--goal", "000000,111111,222222",
      "--memory", "0.3"], 0.3, None),
]  # fmt: skip


@dataclass(frozen=True)
class LimitOutcome:
    """What one command did against its limits: its status, peak memory and seconds."""

    argv: tuple[str, ...]
    code: int | None
    peak_gb: float
    seconds: float
    memory: float | None
    time_limit: float | None

    def passed(self) -> list[str]:
        """Each limit the command went past by more than its margin."""
        out = []
        if self.memory is not None and self.peak_gb > self.memory * 1.05:
            out.append(f"memory {self.peak_gb:.3f} GB > {self.memory} GB + 5%")
        limit = self.time_limit
        if limit is not None and self.seconds > max(limit * 1.05, limit + 0.5):
            out.append(f"time {self.seconds:.2f} s > {self.time_limit} s + 0.5 s")
        return out


#: Runs the command as a grandchild made by a real fork of this small process and prints its
#: peak resident memory last: a child started from the big runner itself would be charged the
#: runner's own memory (Linux counts the parent's at the fork in the child's peak).
MEASURED = """
import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.executable, [sys.executable, "-m", "devilcoins", *sys.argv[1:]])
_, status, usage = os.wait4(pid, 0)
sys.stderr.write(f"\\npeak-kb {usage.ru_maxrss}\\n")
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run_limit_case(case: tuple[list[str], float | None, float | None]) -> LimitOutcome:
    """Run one command in a fresh folder and measure its peak resident memory (the rusage of
    the command's own process) and its time; one still running after 3 x TIMEOUT is killed."""
    import time

    argv, memory, seconds = case
    with tempfile.TemporaryDirectory(prefix="hostile-limit-") as tmp:
        start = time.monotonic()
        try:
            done = subprocess.run(
                [sys.executable, "-c", MEASURED, *argv],
                cwd=tmp,
                capture_output=True,
                text=True,
                timeout=TIMEOUT * 3,
            )
        except subprocess.TimeoutExpired:
            return LimitOutcome(tuple(argv), None, 0.0, time.monotonic() - start, memory, seconds)
        took = time.monotonic() - start
    peak_kb = int(done.stderr.rsplit("peak-kb ", 1)[-1].split()[0])
    return LimitOutcome(tuple(argv), done.returncode, peak_kb * 1024 / 1e9, took, memory, seconds)


@dataclass(frozen=True)
class Outcome:
    """What one case did."""

    argv: tuple[str, ...]
    refuse: bool  # the program must refuse it with status 2
    code: int | None  # None: it did not end in time
    traceback: bool
    longest_error: int
    changed: tuple[str, ...]


def _digest(folder: Path) -> dict[str, str]:
    """A hash of every file under folder, by its path there."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in folder.rglob("*")
        if p.is_file()
    }


def run_case(template: list[str]) -> Outcome:
    """Run one case in a folder of its own and judge it."""
    refuse = template[:1] == [REFUSE]
    template = template[1:] if refuse else template
    with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
        folder = Path(tmp)
        paths = files(folder, " ".join(template))
        argv = [a.format(**{k: str(v) for k, v in paths.items()}) for a in template]
        if argv and argv[0] in LIMITED:
            argv = [argv[0], "--time-limit", "5", *argv[1:]]
        before = _digest(folder)
        try:
            done = subprocess.run(
                [sys.executable, "-m", "devilcoins", *argv],
                cwd=folder,
                input=b"0 1\n" * 3,
                capture_output=True,
                timeout=TIMEOUT,
            )
            code: int | None = done.returncode
            err = done.stderr.decode("utf-8", "replace")
            text = done.stdout.decode("utf-8", "replace")[-20000:] + err
        except subprocess.TimeoutExpired:
            code, err, text = None, "", ""
        after = _digest(folder)
        changed = tuple(sorted(n for n in before if before[n] != after.get(n)))
        longest = max((len(line) for line in err.splitlines()), default=0)
        shown = tuple(a if len(a) <= 60 else f"{a[:40]}...({len(a):,} chars)" for a in template)
        return Outcome(
            shown, refuse, code, "Traceback (most recent call last)" in text, longest, changed
        )


def problems(o: Outcome) -> list[str]:
    """What is wrong with an outcome (nothing, for a good one)."""
    found = []
    if o.code is None:
        found.append("hang")
    elif o.code not in GOOD_EXITS:
        found.append(f"exit {o.code}")
    elif o.refuse and o.code != 2:
        found.append(f"accepted (exit {o.code}, not 2)")
    if o.traceback:
        found.append("traceback")
    if o.longest_error > LONG_ERROR:
        found.append(f"error line of {o.longest_error:,} chars")
    if o.changed:
        found.append(f"changed {', '.join(o.changed)}")
    return found


def main(argv: list[str] | None = None) -> int:
    """Run the cases and print a summary; exit 1 when any case went wrong."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print the command lines only")
    parser.add_argument("--only", default="", help="only the cases whose line contains this")
    parser.add_argument("--jobs", type=int, default=2, help="cases run at once")
    parser.add_argument(
        "--no-limits", action="store_true", help="skip the commands run against their limits"
    )
    parser.add_argument(
        "--limits-only", action="store_true", help="only the commands run against their limits"
    )
    args = parser.parse_args(argv)
    if args.limits_only:
        return 1 if _limits_report() else 0
    todo = [c for c in cases() if args.only in " ".join(c)]
    if args.list:
        for c in todo:
            print(" ".join(repr(a) if " " in a or not a else a[:60] for a in c))
        print(f"{len(todo)} cases")
        return 0
    with ThreadPoolExecutor(args.jobs) as pool:
        outcomes = list(pool.map(run_case, todo))
    tally: Counter[str] = Counter()
    for o in outcomes:
        for p in problems(o):
            tally[
                p.split(" of ")[0].split(",")[0].split(" (")[0] if p[:4] != "exit" else "other"
            ] += 1
            print(f"{p}: devilcoins {' '.join(o.argv)}")
    codes = Counter(o.code for o in outcomes)
    print(
        f"{len(outcomes)} cases: exit statuses {dict(sorted(codes.items(), key=str))}; "
        f"tracebacks {tally['traceback']}, hangs {tally['hang']}, other exits "
        f"{tally['other']}, bad input accepted {tally['accepted']}, long error lines "
        f"{tally['error line']}, files changed {sum(1 for o in outcomes if o.changed)}"
    )
    passed = 0 if args.no_limits or args.only else _limits_report()
    return 1 if any(problems(o) for o in outcomes) or passed else 0


def _limits_report() -> int:
    """Run LIMIT_CASES one at a time (a neighbour would share the machine's memory); print each
    one's peak and time; return how many went past a limit."""
    passed = 0
    for case in LIMIT_CASES:
        o = run_limit_case(case)
        over = o.passed()
        passed += bool(over)
        shown = " ".join(a if len(a) <= 40 else a[:37] + "..." for a in o.argv)
        print(
            f"limits: exit {o.code}, peak {o.peak_gb:.3f} GB, {o.seconds:.2f} s"
            f"{'; PASSED ' + ', '.join(over) if over else ''}: devilcoins {shown}"
        )
    print(
        f"{len(LIMIT_CASES)} commands against their limits: limits passed by more than 5% {passed}"
    )
    return passed


if __name__ == "__main__":
    sys.exit(main())
