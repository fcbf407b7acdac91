"""The game options, for games other than the notebook's coin game, and what their commands share.

A command that takes the game options hands over to the general engine (``devilcoins.engine``)
when any of them is given (``--values``, ``--group``, ``--generators``, ``--hands``,
``--moves``, ``--goal``, ``--observe``, ``--devil-moves``); without them the coin game's
commands run exactly as before.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Iterable

import numpy as np

from devilcoins.cli.common import UsageError, counted, not_an_observed_strategy, read_text
from devilcoins.coins.notation import NotationError
from devilcoins.core.game import GOALS, OBSERVATIONS, Game
from devilcoins.core.symmetry import GROUP_NAMES
from devilcoins.results import Verdict

__all__ = ["add_game_options", "game_from", "moves_text", "read_moves", "verdict_lines"]

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

#: The commands that play a Devil restricted to a set of moves (--devil-moves).
DEVIL_MOVES_COMMANDS = ("solve", "verify")


def add_game_options(p: argparse.ArgumentParser) -> None:
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
        "--moves", metavar="LIST", help="the allowed moves, digit strings separated by commas"
    )
    g.add_argument(
        "--goal",
        metavar="GOAL",
        help=f"{' or '.join(GOALS)} (default zero), or goal states separated by commas",
    )
    g.add_argument("--observe", choices=OBSERVATIONS, help="blind (default), touch, sight or count")
    g.add_argument(
        "--devil-moves",
        metavar="PERMS",
        help="blind only: before each move the Devil applies exactly one of these permutations "
        "(one-line notation separated by ';', position i goes to p[i]; not their group: the "
        "identity only if listed), e.g. '1 2 0' (solve and verify)",
    )


def game_from(args: argparse.Namespace) -> Game | None:
    """The game the options describe, or None for the notebook's coin game (the coin engine)."""
    given = {f: getattr(args, f, None) for f in OPTION_FIELDS}
    if all(v is None for v in given.values()):
        return None
    if given["group"] is not None and given["generators"] is not None:
        raise UsageError("--group and --generators both name the group; use one")
    if given["devil_moves"] is not None and (given["group"] or given["generators"]) is not None:
        raise UsageError(
            "--devil-moves replaces --group and --generators (the Devil applies one of the "
            "listed permutations each turn); use one"
        )
    fields = {"n": str(args.n)}
    for name in ("values", "hands", "moves", "goal", "observe", "devil_moves"):
        if given[name] is not None:
            fields[name] = str(given[name])
    group = given["generators"] or given["group"]
    if group is not None:
        fields["group"] = group
    try:
        game = Game.from_fields(fields)
    except (NotationError, ValueError) as err:
        raise UsageError(str(err)) from None
    return None if game.is_coins else game


def moves_text(game: Game, moves: Iterable[int]) -> str:
    """The moves in the game's notation, separated by spaces."""
    return " ".join(game.move_text(int(a)) for a in moves)


def read_moves(game: Game, path: str) -> np.ndarray:
    """The moves of a strategy file ('-' for stdin), one a line, or a usage error naming it."""
    text = read_text(path, "strategy")
    name = "stdin" if path == "-" else path
    not_an_observed_strategy(text, name)
    moves = []
    for lineno, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        try:
            moves.append(game.check_move(game.parse_move(body)))
        except (NotationError, ValueError) as err:
            raise UsageError(f"{name}: line {lineno}: {err}") from None
    if not moves:
        raise UsageError(f"{name}: the strategy has no moves")
    return np.array(moves, dtype=np.int64)


def _trivial_reason(verdict: Verdict) -> list[str]:
    """Why a game with one value or no hands comes out as it does, in a line."""
    game = verdict.game
    if game.values == 1:
        return ["With one value every state is the goal: the player has won before any move."]
    if game.hands == 0 and not verdict.winnable:
        return [
            "With 0 hands the only move touches nothing, so the values never change: a start "
            "outside the goal stays outside it (the Devil's certificate: start there)."
        ]
    return []


def verdict_lines(verdict: Verdict) -> list[str]:
    """The verdict's summary: who wins, how fast, and the evidence in a line or two."""
    game = verdict.game
    head = f"{game}: "
    timing = f"{verdict.seconds:.3f} s"
    if verdict.explored is not None:
        timing = f"{counted(verdict.explored, 'belief')} explored, " + timing
    if verdict.winnable:
        assert verdict.length is not None
        worst = "in the worst case " if game.observe != "blind" else ""
        lines = [
            head + f"the player wins {worst}in {counted(verdict.length, 'move')} "
            f"({verdict.method}; {timing})."
        ]
    else:
        lines = [head + f"no strategy wins; the Devil holds out forever ({verdict.method})."]
    if game.devil_moves is not None:
        perms = "; ".join(" ".join(map(str, p)) for p in game.devil_moves)
        if len(game.devil_moves) == 1:
            lines.append(f"Before each move the Devil applies {perms}, and nothing else.")
        else:
            lines.append(
                f"Before each move the Devil applies one of these {len(game.devil_moves)} "
                f"permutations (not their group): {perms}"
            )
    cert = verdict.evidence.get("certificate")
    if cert:
        lines.append(textwrap.fill(cert["statement"], 96))
    if verdict.evidence.get("statement"):
        lines.append(textwrap.fill(verdict.evidence["statement"], 96))
    lines += _trivial_reason(verdict)
    bound = verdict.evidence.get("lower_bound")
    if verdict.winnable and bound is not None and game.observe == "blind":
        lines.append(
            f"Nothing shorter wins: against a Devil who never turns, the {bound + 1:,} cosets of "
            f"the goal must each be met by a prefix of the moves (lower bound {bound:,})."
        )
    return lines
