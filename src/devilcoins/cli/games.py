"""The command line for games other than the seeds' coin game: a thin shell over ``gamesolve``.

``cli`` hands a command here when any game option is given (``--values``, ``--group``,
``--generators``, ``--hands``, ``--moves``, ``--goal``, ``--observe``); without them the coin
game's commands run exactly as before.
"""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
from pathlib import Path

import numpy as np

from devilcoins.cli.main import UsageError, _count, _emit_json, _read_text, _write_new
from devilcoins.coins.notation import NotationError
from devilcoins.core.game import GOALS, OBSERVATIONS, Game
from devilcoins.core.symmetry import GROUP_NAMES

__all__ = ["add_game_options", "game_from"]

OPTION_FIELDS = ("values", "group", "generators", "hands", "moves", "goal", "observe")


def add_game_options(p: argparse.ArgumentParser) -> None:
    """The options that describe a game other than the coin game."""
    g = p.add_argument_group("game options (default: the coin game: 2 values, cyclic, blind)")
    g.add_argument("--values", metavar="M", help="values per position (dials with M faces)")
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
    g.add_argument("--observe", choices=OBSERVATIONS, help="blind (default), touch or sight")


def game_from(args) -> Game | None:
    """The game the options describe, or None for the seeds' coin game (the coin engine)."""
    given = {f: getattr(args, f, None) for f in OPTION_FIELDS}
    if all(v is None for v in given.values()):
        return None
    if given["group"] is not None and given["generators"] is not None:
        raise UsageError("--group and --generators both name the group; use one")
    fields = {"n": str(args.n)}
    for name in ("values", "hands", "moves", "goal", "observe"):
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


def _moves_text(game: Game, moves) -> str:
    return " ".join(game.move_text(int(a)) for a in moves)


def _read_moves(game: Game, path: str) -> np.ndarray:
    text = _read_text(path, "strategy")
    name = "stdin" if path == "-" else path
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


def _verdict_lines(verdict) -> list[str]:
    game = verdict.game
    head = f"{game}: "
    timing = f"{verdict.seconds:.3f} s"
    if verdict.explored is not None:
        timing = f"{_count(verdict.explored, 'belief')} explored, " + timing
    if verdict.winnable:
        worst = "in the worst case " if game.observe != "blind" else ""
        lines = [
            head + f"the player wins {worst}in {_count(verdict.length, 'move')} "
            f"({verdict.method}; {timing})."
        ]
    else:
        lines = [head + f"no strategy wins; the Devil holds out forever ({verdict.method})."]
    cert = verdict.evidence.get("certificate")
    if cert:
        lines.append(textwrap.fill(cert["statement"], 96))
    bound = verdict.evidence.get("lower_bound")
    if verdict.winnable and bound is not None and game.observe == "blind":
        lines.append(
            f"Nothing shorter wins: against a Devil who never turns, the {bound + 1:,} cosets of "
            f"the goal must each be met by a prefix of the moves (lower bound {bound:,})."
        )
    return lines


def solve(args, game: Game) -> int:
    """devilcoins solve N with game options."""
    from devilcoins.solve import solve_game, verify_game

    verdict = solve_game(game)
    checked = None
    if verdict.strategy is not None and game.observe == "blind":
        checked = verify_game(game, verdict.strategy)
    if args.save:
        if verdict.strategy is None:
            raise UsageError(f"{game} has no blind strategy to save")
        _write_new(
            args.save, "".join(game.move_text(int(a)) + "\n" for a in verdict.strategy).encode()
        )
    if args.json:
        data = verdict.to_json()
        if checked is not None:
            data["verified"] = {k: v for k, v in checked.to_json().items() if k != "belief_sizes"}
        _emit_json(data)
        return 0
    if args.format in ("positions", "flips") and verdict.strategy is not None:
        sys.stdout.write("".join(game.move_text(int(a)) + "\n" for a in verdict.strategy))
        return 0
    print("\n".join(_verdict_lines(verdict)))
    if verdict.strategy is not None:
        shown = verdict.strategy[:64]
        more = f" ... ({len(verdict.strategy):,} in all)" if len(verdict.strategy) > 64 else ""
        print("Moves:", _moves_text(game, shown) + more)
        if checked is not None:
            print(
                f"Exact check: every start reaches the goal by move {checked.won_at:,} against "
                "every Devil."
            )
    if verdict.tree is not None and verdict.winnable:
        print(verdict.tree.to_text())
    return 0


def verify(args, game: Game) -> int:
    """devilcoins verify N FILE with game options."""
    from devilcoins.cli.progress import reporter
    from devilcoins.solve import verify_game

    if args.counterexample and Path(args.counterexample).exists():
        raise UsageError(
            f"{args.counterexample} already exists; choose a new file name (nothing was written)"
        )
    if game.observe != "blind":
        return _verify_tree(args, game)
    moves = _read_moves(game, args.file)
    with reporter("verifying", total=len(moves), enabled=False if args.json else None) as rep:
        v = verify_game(game, moves, on_progress=lambda done, _t: rep.reach(done))
    if v.counterexample is not None and args.counterexample:
        import json

        _write_new(args.counterexample, (json.dumps(v.counterexample.to_json()) + "\n").encode())
    if args.json:
        _emit_json(v.to_json())
        return 0 if v.wins else 1
    print(f"{_count(len(moves), 'move')} for {game}.")
    if v.wins:
        print(
            f"WINS from every start against every Devil: the goal is reached by move "
            f"{v.won_at:,} (exact belief propagation, {v.seconds:.3f} s)."
        )
    else:
        c = v.counterexample.to_json()
        turns = c["turns"]
        shown = " ".join(map(str, turns[:16])) + (" ..." if len(turns) > 16 else "")
        print(f"LOSES (exact belief propagation, {v.seconds:.3f} s).")
        print(f"Counterexample: start {c['start']}; the Devil's turns: {shown}")
    return 0 if v.wins else 1


def _verify_tree(args, game: Game) -> int:
    """verify for touch and sight: the strategy is the JSON tree or policy solve prints."""
    import json

    from devilcoins.observed.check import verify_tree

    name = "stdin" if args.file == "-" else args.file
    try:
        data = json.loads(_read_text(args.file, "strategy"))
        v = verify_tree(game, data)
    except json.JSONDecodeError as err:
        raise UsageError(
            f"{name}: a {game.observe} strategy is JSON (see solve --json): {err}"
        ) from None
    except (NotationError, KeyError, TypeError) as err:
        raise UsageError(f"{name}: not a {game.observe} strategy: {err}") from None
    if v.counterexample is not None and args.counterexample:
        _write_new(args.counterexample, (json.dumps(v.counterexample) + "\n").encode())
    if args.json:
        _emit_json(v.to_json())
    elif v.wins:
        print(
            f"WINS for {game}: from every start, against every turn, the goal comes within "
            f"{_count(v.worst, 'move')}."
        )
    else:
        c = v.counterexample
        print(f"LOSES for {game}: {c['why']}.")
        print(f"Counterexample: start {c['start']}; the Devil's turns: {c['turns']}")
    return 0 if v.wins else 1


def prove(args, game: Game) -> int:
    """devilcoins prove N with game options: the verdict and its evidence."""
    from devilcoins.solve import solve_game, verify_game

    verdict = solve_game(game)
    evidence = dict(verdict.evidence)
    if verdict.strategy is not None and game.observe == "blind":
        checked = verify_game(game, verdict.strategy)
        evidence["verification"] = {
            "wins": checked.wins,
            "won_at": checked.won_at,
            "seconds": round(checked.seconds, 6),
        }
    if args.json:
        data = verdict.to_json()
        data["evidence"] = evidence
        data.pop("strategy", None)
        _emit_json(data)
        return 0
    print("\n".join(_verdict_lines(verdict)))
    sizes = evidence.get("chain_sizes")
    if sizes:
        print(
            "Chain (DESIGN.md section 2): Z_0 = the goal's subgroup, then the states the Devil's "
            "turns move only within the previous level: sizes "
            + ", ".join(f"{s:,}" for s in sizes)
            + (
                " = every state."
                if verdict.winnable and game.moves is None and game.hands is None
                else "."
            )
        )
    ver = evidence.get("verification")
    if ver:
        print(
            f"[checked] exact verification of the strategy: wins at move {ver['won_at']:,} "
            f"({ver['seconds']:.3f} s)."
        )
    cert = evidence.get("certificate")
    if cert:
        print(
            f"[checked] the certificate, over all {cert['checked_states']:,} states: "
            + ("holds." if cert["holds"] else "FAILS.")
        )
    return 0


def play(args, game: Game) -> int:
    """devilcoins play N with game options (blind games)."""
    from devilcoins.blind.chain import chain, devil_turn
    from devilcoins.core.symmetry import apply
    from devilcoins.core.tables import tables
    from devilcoins.solve import solve_game, verify_game

    if game.observe != "blind":
        raise UsageError(
            f"play shows blind games; the {game.observe} game's strategy is a tree: see "
            "'devilcoins solve' with the same options"
        )
    if args.strategy:
        moves = _read_moves(game, args.strategy)
    else:
        verdict = solve_game(game)
        if verdict.strategy is None:
            raise UsageError(f"no strategy wins {game}; give one to play with --strategy FILE")
        moves = np.array(verdict.strategy, dtype=np.int64)
    tab = tables(game)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    rng = np.random.default_rng(seed)
    elements = game.group.elements()
    if args.start:
        try:
            x = game.parse_state(args.start)
        except (NotationError, ValueError) as err:
            raise UsageError(str(err)) from None
    else:
        x = int(rng.integers(tab.states))
    script = None
    zone = None
    if args.devil_turns:
        if args.devil == "adversarial":
            raise UsageError("--devil-turns and --devil adversarial both choose the turns")
        start, script = _read_turns(game, args.devil_turns, len(moves))
        if args.start is None and start is not None:
            x = start
    if args.devil == "adversarial":
        c = chain(game)
        if not c.complete:
            zone = c.zone
            if args.start is None:
                x = int(np.flatnonzero(~zone)[0])
            elif zone[x]:
                raise UsageError(
                    f"the adversarial Devil's certificate needs a start outside its zone; "
                    f"{game.state_text(x)} is inside"
                )
        else:
            v = verify_game(game, moves)
            if v.counterexample is not None:
                x = v.counterexample.start
                script = v.counterexample.turns
    lines = []
    goal = tab.n_goal
    for i, a in enumerate(moves, 1):
        if tab.index_of[x] < goal:
            break
        if script is not None:
            perm = script[i - 1]
        elif zone is not None:
            perm = devil_turn(game, x, int(a), zone)
        else:
            perm = elements[int(rng.integers(len(elements)))]
        y = game.encode(apply(perm, game.decode(x)))
        z = int(tab.add(np.array([y]), int(a))[0])
        lines.append(
            f"{i:4d}: {game.state_text(x)} | turn: {game.state_text(y)} | move: "
            f"{game.move_text(int(a))} -> {game.state_text(z)}"
        )
        x = z
    won = bool(tab.index_of[x] < goal)
    if args.json:
        _emit_json({"game": str(game), "won": won, "moves": len(lines), "trace": lines})
        return 0
    against = (
        f"the Devil's turns from {args.devil_turns}"
        if args.devil_turns
        else (f"the {args.devil} Devil")
    )
    print(f"Playing {_count(len(moves), 'move')} of {game} against {against}:")
    print("\n".join(lines))
    print(f"Won: the goal after move {len(lines)}." if won else "Lost: the goal never came.")
    return 0


def _read_turns(game: Game, path: str, needed: int):
    """(start or None, turns as permutations) from a counterexample file ('verify --json')."""
    import json

    name = "stdin" if path == "-" else path
    try:
        data = json.loads(_read_text(path, "turns"))
    except json.JSONDecodeError as err:
        raise UsageError(f"{name}: turns are JSON, as verify writes them: {err}") from None
    start = None
    if isinstance(data, dict):
        try:
            start = game.parse_state(str(data["start"])) if data.get("start") else None
        except (NotationError, ValueError) as err:
            raise UsageError(f"{name}: {err}") from None
        data = data.get("turns")
    if not isinstance(data, list):
        raise UsageError(f"{name}: expected a list of turns")
    elements = set(game.group.elements())
    perms = []
    for i, item in enumerate(data, 1):
        if isinstance(item, int) and not isinstance(item, bool) and game.group.name == "cyclic":
            perm = tuple((j - item) % game.n for j in range(game.n))
        elif isinstance(item, list):
            perm = tuple(item)
        else:
            raise UsageError(f"{name}: turn {i} ({item!r}) is not a turn of {game.group}")
        if perm not in elements:
            raise UsageError(f"{name}: turn {i} ({item!r}) is not in the Devil's group")
        perms.append(perm)
    if len(perms) < needed:
        raise UsageError(
            f"{name} has {_count(len(perms), 'turn')} but the strategy has "
            f"{_count(needed, 'move')}; give a turn for every move"
        )
    return start, perms


def explain(args, game: Game) -> int:
    """devilcoins explain N with game options: the chain behind the verdict."""
    from devilcoins.blind.chain import chain

    c = chain(game)
    sizes = ", ".join(f"{s:,}" for s in c.sizes())
    text = [
        "Start from the goal's subgroup Z_0 and let Z_(i+1) be the states that every turn of "
        "the Devil changes only by something in Z_i: within Z_(i+1) the Devil's turns cannot "
        f"move a state from one coset of Z_i to another. Here the levels have {sizes} states.",
    ]
    if c.complete and c.goal_is_subgroup:
        steps = ", ".join(f"{game.move_text(a)} (x{p - 1})" for a, p in c.steps)
        text.append(
            f"The chain reaches all {len(c.zone):,} states, so the player wins: each level adds "
            f"moves of prime order p ({steps}); the strategy for one level is the one below, "
            "then one new move, then the one below again, p - 1 times over. That visits every "
            f"coset of the goal once: {c.length():,} moves, which no strategy can beat."
        )
    elif not c.complete:
        text.append(
            f"The chain stops at {c.sizes()[-1]:,} of {len(c.zone):,} states. From any state "
            "outside that zone, some turn of the Devil keeps the next state outside too, and the "
            "goal lies inside: the Devil never loses. 'devilcoins play' with --devil "
            "adversarial shows it."
        )
    else:
        text.append(
            "The chain reaches every state, but this game limits the moves or its goal is not a "
            "subgroup, so the exact search decides it ('devilcoins solve')."
        )
    print(f"How {game} is settled.\n")
    print("\n\n".join(textwrap.fill(t, 96) for t in text))
    return 0


def construct(args, game: Game) -> int:
    """devilcoins construct N with game options: the chain construction's moves."""
    from devilcoins.blind.chain import chain, chain_strategy

    try:
        moves = chain_strategy(game)
    except ValueError as err:
        raise UsageError(str(err)) from None
    if not all(game.allowed(int(a)) for a, _ in chain(game).steps):
        raise UsageError(
            f"the chain construction for {game} needs moves the game does not allow; "
            "'devilcoins solve' with the same options searches for a strategy instead"
        )
    if args.format == "binary":
        raise UsageError("--format binary is for the coin game's construction; use flips")
    end = len(moves) if args.count is None else args.start - 1 + args.count
    if args.start > len(moves) or end > len(moves):
        raise UsageError(f"the strategy has {_count(len(moves), 'move')}")

    def positions(a: int) -> str:
        if game.values != 2:
            return game.move_text(a)
        return " ".join(str(i) for i, v in enumerate(game.decode(a)) if v) or "-"

    text = positions if args.format == "positions" else game.move_text
    out = "".join(text(int(a)) + "\n" for a in moves[args.start - 1 : end])
    if args.output:
        _write_new(args.output, out.encode())
    else:
        sys.stdout.write(out)
    return 0
