"""The game options every command about a game takes, and what those commands share.

``devilcoins solve 4`` is the coin game ``Game(4)``; the options change one field each
(``--values``, ``--group``, ``--generators``, ``--hands``, ``--moves``, ``--goal``, ``--observe``,
``--devil-moves``), and every spelling of one game is the same ``Game``, so every command answers
it the same way.  Strategies, moves, states and turns are read in the one notation, by the
library (``devilcoins.read_strategy``).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from devilcoins import GOALS, GROUP_NAMES, Game, Observe
from devilcoins.cli.common import Options, UsageError, read_text
from devilcoins.core.errors import DevilcoinsError, OtherGame, TooLarge
from devilcoins.results import (
    Counterexample,
    EvidenceKind,
    Verdict,
    Verification,
    counted,
    describe,
    goal_words,
)

__all__ = [
    "BOUNDS_ADVICE",
    "OPTION_FIELDS",
    "add_game_options",
    "command_line",
    "counterexample_lines",
    "game_from",
    "moves_text",
    "read_strategy_file",
    "refusing_too_large",
    "too_large",
    "verdict_lines",
]

OPTION_FIELDS = (
    "values",
    "group",
    "generators",
    "hands",
    "moves",
    "goal",
    "observe",
    "devil_moves",
)


def add_game_options(p: Options) -> None:
    """The options that describe a game other than the coin game."""
    g = p.add_argument_group("game options (default: the coin game: 2 values, cyclic, blind)")
    g.add_argument(
        "--values",
        metavar="M",
        help="values per position: M (dials with M faces, adding mod M) or a finite group whose "
        "elements multiply on the right: Z2xZ2, S3, D4, Q8, ... or 'perm:1,0,2;1,2,0' (its "
        "generators; blind games only)",
    )
    g.add_argument("--group", metavar="G", help=f"the Devil's symmetries: {', '.join(GROUP_NAMES)}")
    g.add_argument(
        "--generators",
        metavar="PERMS",
        help="the Devil's group by generators: permutations in one-line notation separated "
        "by ';' (the value at position i moves to p[i]), e.g. '1 2 0 3 4 5; 0 1 2 4 5 3'",
    )
    g.add_argument("--hands", metavar="K", help="a move changes at most K positions")
    g.add_argument(
        "--moves",
        metavar="LIST",
        help="the allowed moves, separated by commas: patterns (FLFL; digits for more values) "
        "or positions ('0 2, 1 3'); the pass (LLLL, changing nothing) is always allowed too, "
        "and a list of every move with at most k positions is the game with --hands k",
    )
    g.add_argument(
        "--goal",
        metavar="GOAL",
        help=f"{' or '.join(GOALS)} (default zero), or goal states separated by commas "
        "(HHTT or digits)",
    )
    g.add_argument(
        "--observe",
        choices=[o.value for o in Observe],
        help="blind (default), touch, sight or count",
    )
    g.add_argument(
        "--devil-moves",
        metavar="PERMS",
        help="blind only: before each move the Devil applies exactly one of these permutations "
        "(one-line notation separated by ';', position i goes to p[i]; not their group: the "
        "identity only if listed), e.g. '1 2 0'",
    )


def game_from(args: argparse.Namespace) -> Game:
    """The game N and the options describe (the coin game when no option is given)."""
    given = {f: getattr(args, f, None) for f in OPTION_FIELDS}
    if given["group"] is not None and given["generators"] is not None:
        raise UsageError("--group and --generators both name the group; use one")
    if given["devil_moves"] is not None and (given["group"] or given["generators"]) is not None:
        raise UsageError(
            "--devil-moves replaces --group and --generators (the Devil applies one of the "
            "listed permutations each turn); use one"
        )
    gens = given["generators"]
    if gens is not None and not gens.replace(";", "").strip():
        raise UsageError(
            f"--generators {gens!r} names no permutation: give some, one-line notation separated "
            "by ';' (for a table nobody turns, --group none)"
        )
    fields: dict[str, str] = {}
    for name in ("values", "hands", "moves", "goal", "observe", "devil_moves"):
        if given[name] is not None:
            fields[name] = str(given[name])
    group = given["generators"] or given["group"]
    if group is not None:
        fields["group"] = group
    for name, value in fields.items():
        if not value.strip():
            option = "--" + name.replace("_", "-")
            raise UsageError(f"{option} is empty: give a value, or leave the option out")
    try:
        game = Game.from_fields(fields, n=args.n)  # N read once, by its argument's type
    except DevilcoinsError as err:
        raise UsageError(str(err)) from None
    _note_moves_past_the_hands(game)
    return game


def _note_moves_past_the_hands(game: Game) -> None:
    """A line on stderr naming the listed moves that change more positions than --hands allows
    (the game is played without them: both limits hold), so none is dropped without a word."""
    if game.moves is None or game.hands is None:
        return
    past = [a for a in game.moves if sum(1 for v in a if v) > game.hands]
    if not past:
        return
    shown = ", ".join(game.move_text(game.encode(a)) for a in past[:5])
    more = f" and {len(past) - 5:,} more" if len(past) > 5 else ""
    every = "; no listed move is left" if len(past) == len(game.moves) else ""
    print(
        f"devilcoins: note: --hands {game.hands} leaves out the listed move"
        f"{'s' if len(past) > 1 else ''} {shown}{more}: each changes more than {game.hands} "
        f"position{'s' if game.hands != 1 else ''}, and both limits hold{every}",
        file=sys.stderr,
    )


def command_line(command: str, game: Game, *rest: str) -> str:
    """The command line that names this game: 'devilcoins play 4 --hands 2 ...'.

    >>> command_line('play', Game.parse('n=4 hands=2 goal=HHHH,TTHH'), '--strategy', 'f')
    'devilcoins play 4 --hands 2 --goal HHHH,TTHH --strategy f'
    """
    words = ["devilcoins", command, str(game.n)]
    for token in str(game).split()[1:]:
        key, _, value = token.partition("=")
        option = {"group": "--generators" if "," in value else "--group"}.get(key, "--" + key)
        if key == "group" and "," in value:
            value = value.replace(",", " ")
        words += [option.replace("_", "-"), value]
    return " ".join(shlex.quote(w) for w in (*words, *rest))


def refusal(game: Game, what: str) -> str | None:
    """The game's family's words refusing what (a ``Can`` name), None when it offers it: the
    one declaration every command asks (``devilcoins.capabilities``)."""
    from devilcoins import capabilities

    return capabilities(game).refusal(what)


def too_large(game: Game, err: TooLarge, command: str) -> UsageError:
    """The refusal for a game past the tables, naming what answers it (coins: prove)."""
    if game.is_coins and command not in ("prove", "explain"):
        return UsageError(
            f"{err}. {game.n:,} coins are settled without tables: 'devilcoins prove {game.n}' "
            "gives the verdict and its proof, 'devilcoins construct N' streams the strategy for "
            "a power of 2"
        )
    bounds = refusal(game, "bounds") is None
    return UsageError(f"{command}: {err}" + (f"; {BOUNDS_ADVICE}" if bounds else ""))


#: What a touch game that does not settle can still get (solve's stops add it).
BOUNDS_ADVICE = (
    "or write what is proved, between L and U moves, for verify to check: solve ... --bounds "
    "--certificate FILE.json"
)


@contextmanager
def refusing_too_large(game: Game, command: str) -> Iterator[None]:
    """Run the block, a game too large for it refused as a usage error (``too_large``)."""
    try:
        yield
    except TooLarge as err:
        raise too_large(game, err, command) from None


def moves_text(game: Game, moves: object) -> str:
    """The moves in the game's notation, separated by spaces."""
    return " ".join(game.move_text(int(a)) for a in moves)  # type: ignore[attr-defined]


def read_strategy_file(game: Game, path: str) -> Any:
    """The strategy in a file ('-' for stdin), as ``verify`` takes it, or a usage error naming
    the file: moves for a blind game, a tree or policy file for the others."""
    from devilcoins import read_strategy

    text = read_text(path, "strategy")
    name = "stdin" if path == "-" else path
    try:
        strategy = read_strategy(game, text)
    except OtherGame as err:
        other = err.game if isinstance(err.game, Game) else game
        raise UsageError(f"{name} {err}: {command_line('verify', other, name)}") from None
    except DevilcoinsError as err:
        raise UsageError(f"{name}: {err}") from None
    if refusal(game, "moves") is None and not len(strategy) and not text.strip():
        raise UsageError(f"{name} is empty: a strategy has one move a line ('#' for a comment)")
    return strategy


def verdict_lines(verdict: Verdict) -> list[str]:
    """The verdict's summary: who wins, how fast, and the evidence that says why (the proof of
    a lost game, the lower bound of a won one; ``prove`` gives all of it)."""
    lines = [verdict.headline(), verdict.method_line()]
    if verdict.explored is not None:
        lines.append(
            f"Search: {counted(verdict.explored, 'belief')} explored in {verdict.seconds:.4f} s."
        )
    game = verdict.game
    if game.devil_moves is not None:
        perms = "; ".join(map(str, game.devil_moves))
        if len(game.devil_moves) == 1:
            lines.append(f"Before each move the Devil applies {perms}, and nothing else.")
        else:
            lines.append(
                f"Before each move the Devil applies one of these {len(game.devil_moves)} "
                f"permutations (not their group): {perms}"
            )
    for e in verdict.evidence:
        shown = e.kind is EvidenceKind.LOWER_BOUND if verdict.winnable else e.checked
        if shown or (e.checked and not e.holds):
            lines.append(f"[{e.mark}] " + textwrap.fill(e.statement, 92, subsequent_indent="  "))
    return lines + _trivial_reason(verdict)


def _trivial_reason(verdict: Verdict) -> list[str]:
    """Why a game with one value or no hands comes out as it does, in a line."""
    game = verdict.game
    if game.values == 1:
        return ["With one value every state is the goal: the player has won before any move."]
    if game.hands == 0 and not verdict.winnable and refusal(game, "rounds") is not None:
        return [
            "With 0 hands the only move touches nothing, so the values never change: a start "
            "outside the goal stays outside it (the Devil's certificate: start there)."
        ]
    return []


def counterexample_lines(game: Game, c: Counterexample, source: str) -> list[str]:
    """The Devil's winning line, in the game's notation."""
    turns = [game.turn_text(p) for p in c.turns]
    sep = " " if game.group.name == "cyclic" else "; "
    shown = sep.join(turns[:24]) + (" ..." if len(turns) > 24 else "")
    start = "?" if c.start is None else game.state_text(c.start)
    sense = " (r: the table turned as coins[r:] + coins[:r])" if game.group.name == "cyclic" else ""
    lines = [
        f"Counterexample: start {start}; the Devil's turn before each move{sense}: {shown}"
        if turns
        else f"Counterexample: start {start}, outside the goal, and no move to change it."
    ]
    if c.why:
        lines.append(f"Where the strategy breaks: {c.why}.")
    return lines


def verification_line(v: Verification, moves: int | None) -> str:
    """WINS or LOSES, in one line."""
    game = v.game
    if v.wins and moves is None:
        assert v.won_at is not None
        return (
            f"WINS for {describe(game)}: from every start, against every turn, the goal comes "
            f"within {counted(v.won_at, 'move')}."
        )
    how = {
        "exact": f"exact belief propagation, {v.seconds:.3f} s",
        "lower bound": "the lower bound: fewer than 2^N - 1 moves cannot win",
        "certificate": f"the Devil's certificate: N = {game.n:,} has an odd prime factor",
    }[v.method]
    if v.wins:
        assert v.won_at is not None
        return (
            f"WINS from every start against every Devil: the goal ({goal_words(game)}) is "
            f"reached by move {v.won_at:,} ({how})."
        )
    return f"LOSES ({how})."
