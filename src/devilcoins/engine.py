"""The library's front door: every function that takes a game asks the game's family once.

The command line and the page use these functions (and the result types of
``devilcoins.results``) and nothing behind them; each is also a name of ``devilcoins`` itself.
A game may be given as a ``Game`` or, for the coin game, as its number of coins.

>>> from devilcoins import Game, solve, verify
>>> v = solve(Game.parse('n=4 hands=2 goal=same observe=touch'))
>>> v.winnable, v.length, v.how.value
(True, 5, 'tree')
>>> verify(Game(4), solve(Game(4)).strategy).wins
True
>>> solve(Game.parse('n=4 goal=same'), method='search').length
7
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from devilcoins.core.errors import InvalidInput, NotSupported, TooLarge
from devilcoins.core.files import open_regular, write_new_with
from devilcoins.core.game import Game
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.families import Family, Progress, blind_moves, family_of
from devilcoins.results import CertificateCheck, Verdict, Verification
from devilcoins.results.advice import Advice
from devilcoins.results.beliefs import BeliefTable
from devilcoins.results.capabilities import Can, Capabilities
from devilcoins.results.explaining import Explanation
from devilcoins.results.judgement import Judgement, TurnJudgement

__all__ = [
    "belief_table",
    "capabilities",
    "certificate",
    "check_certificate",
    "coach",
    "explain",
    "explanation",
    "family_capabilities",
    "judge",
    "judge_turn",
    "load_strategy",
    "methods",
    "progress_note",
    "prove",
    "read_strategy",
    "save_strategy",
    "solve",
    "strategy_lines",
    "verify",
]


@lru_cache(maxsize=CACHED_GAMES)
def _family(game: Game) -> Family:
    """The game's family (``families.family_of``), looked up once per game: a solver's progress
    note asks for it at every tick."""
    return family_of(game)


def solve(
    game: Game | int,
    method: str | None = None,
    *,
    on_progress: Progress = None,
    checkpoint: str | Path | None = None,
    cluster: int | str | None = None,
) -> Verdict:
    """Settle a game with evidence: the shortest strategy (the least worst case, for a tree), or
    the proof that none wins.  method names the route (``methods(game)``; None: the game's
    shape picks it); on_progress(done, known) follows long searches; checkpoint names the file
    a touch game's level search keeps what it proved in, and goes on from when it exists;
    cluster spreads that search's top questions over Dask workers: a number of them started on
    this machine, or a running cluster's scheduler address (needs the atlas extra).

    >>> v = solve(Game(9, values=3))
    >>> v.winnable, v.length, v.method
    (True, 19682, 'chain construction')
    >>> solve(4).length
    15
    """
    game = Game.of(game)
    family = _family(game)
    route = family.check_method(method)
    if checkpoint is None and cluster is None:
        return family.solve(game, route, on_progress)
    kept = None if checkpoint is None else Path(checkpoint)
    return family.solve_kept(game, route, on_progress, kept, cluster)


def bounds_certificate(
    game: Game | int,
    checkpoint: str | Path | None = None,
    *,
    witness: Any = None,
    reaches: str | None = None,
    on_progress: Progress = None,
) -> dict[str, Any]:
    """The certificate of what is proved of a touch game without settling it: "bounds" [L, U],
    a strategy within U moves and the Devil's witness that none wins in fewer than L
    (``check_certificate`` checks it); [L, None] and no strategy when none is known.  The
    strategy is the shortest of: the one read off checkpoint (the level search's marks), the
    doubling of the half game's (coins, goal all the same, n even), the peeling of the coin
    game's (dials, goal all the same) and the blind game's (it ignores what it feels).  L is
    the checkpoint's, or 1; witness (a settled certificate, parsed, of this game with as many
    hands or more) raises it to its value.

    reaches (a family's name, such as 'dyadic', or a list of reaches, '0 2; 0 1') also searches
    for the best strategy that reaches only there: a strategy of the game, so an upper bound
    (checkpoint is then that search's; on_progress follows it).

    >>> four = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> cert = bounds_certificate(four)
    >>> cert['bounds'], len(cert['strategy']['blind'].split())
    ([1, 7], 7)
    >>> bounds_certificate(four, reaches='dyadic')['bounds']
    [1, 5]
    """
    game = Game.of(game)
    return _family(game).bounds_certificate(game, checkpoint, witness, reaches, on_progress)


def check_checkpoint(game: Game | int, path: str | Path, *, reaches: str | None = None) -> None:
    """Refuse a checkpoint for a game without a level search, or a file that exists and is not
    this game's checkpoint (searched over those reaches, when given; a new file is fine: solve
    writes it)."""
    game = Game.of(game)
    _family(game).check_checkpoint(game, path, reaches)


def capabilities(game: Game | int) -> Capabilities:
    """What the game's family does for it (solve routes, certificates, checkpoints, bounds,
    the coach, play, how its strategy is saved) and what it refuses, in the family's words.

    >>> capabilities(4).can('certificate'), capabilities(Game.parse('n=4 observe=sight')).save
    (False, 'policy')
    >>> capabilities(4).refusal('bounds')
    'bounds are written for touch games; n=4 is settled by solve'
    """
    game = Game.of(game)
    return _family(game).capabilities(game)


def family_capabilities() -> tuple[Capabilities, ...]:
    """What every family of games does and refuses, in the order a game is given to them
    (the command line's help and the docs list them).

    >>> [c.family for c in family_capabilities() if c.can('bounds')]
    ['touch']
    """
    from devilcoins.families import FAMILIES

    return tuple(f.capabilities() for f in FAMILIES)


def methods(game: Game | int) -> tuple[str, ...]:
    """The routes ``solve`` can be told to take for a game.

    >>> methods(4)
    ('notebook', 'chain', 'certificate', 'search')
    """
    return _family(Game.of(game)).methods


def progress_note(game: Game | int, done: int, known: int) -> str:
    """What a solver's progress (done, known) counts, in words for its game.

    >>> progress_note(4, 3, 20)
    'depth 3, 20 beliefs'
    """
    return _family(Game.of(game)).progress.format(done=done, known=known)


def verify(game: Game | int, strategy: Any, *, on_progress: Progress = None) -> Verification:
    """Exact verification of a strategy for a game: wins, won_at, a counterexample.

    A blind game's strategy is a sequence of moves (numbers, texts such as 'FLFL' or '0 2', or
    sets of positions); a touch, sight or count game's is a tree: a solved one, its JSON as
    ``solve --json`` prints it, or the lines of a policy file (``save_strategy``), replayed
    against every start and turn.

    >>> from devilcoins import Strategy
    >>> verify(Game(2), Strategy([{0, 1}, {0}])).counterexample.to_json()
    {'start': 'TH', 'turns': [0, 0]}
    """
    game = Game.of(game)
    return _family(game).verify(game, strategy, on_progress)


def prove(game: Game | int, *, checks: bool = True, on_progress: Progress = None) -> Verdict:
    """The verdict with its evidence, each piece stated or checked by the program now;
    checks=False gives the method's own evidence only; on_progress as for ``solve``.

    >>> v = prove(Game.parse('n=4 goal=same'))
    >>> v.winnable, v.length, v.holds
    (True, 7, True)
    """
    game = Game.of(game)
    return _family(game).prove(game, checks, on_progress)


def explanation(game: Game | int, *, on_progress: Progress = None) -> Explanation:
    """The verdict for a game and how it was reached, in words that agree with solve
    (on_progress as for ``solve``)."""
    game = Game.of(game)
    return _family(game).explanation(game, on_progress)


def explain(game: Game | int) -> str:
    """How a game was settled, in words that agree with solve.

    >>> print(explain(Game.parse('n=4 hands=1')).splitlines()[0])
    How n=4 hands=1 is settled: no strategy wins.
    """
    return explanation(game).text


def certificate(verdict: Verdict) -> dict[str, Any]:
    """The optimality certificate of a solved touch, sight or count game (JSON data): both
    bounds, or the Devil's trap; ``check_certificate`` checks it with tables of its own.

    >>> g = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> cert = certificate(solve(g))
    >>> cert['value'], check_certificate(g, cert).holds
    (5, True)
    """
    return _family(verdict.game).certificate(verdict)


def check_certificate(game: Game | int, data: Any) -> CertificateCheck:
    """Check a certificate (parsed JSON): both halves, or the trap."""
    game = Game.of(game)
    return _family(game).check_certificate(game, data)


def strategy_lines(verdict: Verdict) -> Iterator[str]:
    """The won strategy as the lines of its file: one move a line (blind), or a policy file of
    JSON lines (touch, sight, count; any size)."""
    return _family(verdict.game).strategy_lines(verdict)


def save_strategy(verdict: Verdict, path: str | Path) -> None:
    """Write the won strategy to a new file at path (never over an existing one; a failed
    write leaves nothing behind)."""
    lines = strategy_lines(verdict)
    write_new_with(str(path), lambda out: out.writelines(line.encode() for line in lines))


def read_strategy(game: Game | int, text: str) -> Any:
    """A strategy read from the text of its file, as ``verify`` takes it: moves for a blind
    game, the JSON tree or a policy file's lines for the others.

    >>> read_strategy(2, 'FF\\nFL\\nFF\\n')
    (3, 1, 3)
    """
    game = Game.of(game)
    return _family(game).read_strategy(game, text)


def load_strategy(game: Game | int, path: str | Path) -> Any:
    """A strategy read from a file (``read_strategy``); a named pipe or a device is refused
    before any read (``core.files.open_regular``)."""
    with open_regular(path, "strategy") as file:
        return read_strategy(game, file.read().decode("utf-8-sig"))


def belief_table(verdict: Verdict, verification: Verification | None = None) -> BeliefTable:
    """The beliefs of a won blind game's strategy, move by move (the notebook's table), from
    the exact verification of it (which keeps them for strategies small enough to show): the
    one given (``verify(verdict.game, verdict.strategy)``, already run), else run here.

    >>> belief_table(solve(2)).beliefs()[-1]
    ['HH']
    """
    if verdict.strategy is None:
        raise NotSupported(f"{verdict.game}: no sequence of moves wins, so there are no beliefs")
    checked = verification if verification is not None else verify(verdict.game, verdict.strategy)
    if checked.rows is None:
        raise TooLarge(f"{verdict.game}: {len(verdict.strategy):,} moves are too many to show")
    return BeliefTable.of(verdict.game, verdict.strategy, checked.rows)


def coach(
    game: Game | int,
    known: Iterable[int] | None = None,
    *,
    moves: Iterable[Any] = (),
    held: tuple[Sequence[int], Sequence[int]] | None = None,
) -> Advice:
    """The coach: from a position, can the player still win, within how many moves, by which
    next move, or why the Devil holds it.

    The position is the classes the player cannot rule out (``known``, class numbers of the
    class table; ``LiveGame.known`` gives them), by default the start, after ``moves`` (a blind
    game's moves called so far, in any notation ``verify`` reads).  In a touch game the
    position before a round is the classes known, and after feeling also ``held``: the positions
    held and the values felt there; the advice is then where to reach, or what to set.

    >>> print(coach(4).to_text())
    You can still win within 15 moves: play FFFF next.
    >>> print(coach(4, moves=['FFFF', 'FLFL']).to_text())
    You can still win within 13 moves: play FFFF next.
    >>> coach(6).winnable
    False
    """
    from devilcoins.core.tables import class_table
    from devilcoins.playing import update

    game = Game.of(game)
    tab = class_table(game)
    belief = list(range(tab.n_goal, tab.size)) if known is None else [int(k) for k in known]
    played = list(moves)
    if played:
        _family(game).capabilities(game).require(Can.MOVES)  # a tree's position is classes
        for a in blind_moves(game, played):
            belief = [k for k in update(game, belief, int(a)) if k >= tab.n_goal]
    if held is not None:
        held = _held_positions(game, held)
    return _family(game).coach(game, belief, held)


def judge(game: Game | int, known: Iterable[int] | None, move: Any) -> Judgement | None:
    """The coach's judgement of a move of a blind, sight or count game from the position known
    (classes, as for ``coach``; None: the start): the moves it leaves to win for sure against
    the best move's (``results.Judgement``); None where the coach has no word.

    >>> print(judge(4, None, 'FFFF').to_text())
    Best move: you now win within 14 more moves.
    >>> judge(4, None, 'FLLL').mark
    '?!'
    """
    from devilcoins.core.tables import class_table

    game = Game.of(game)
    t = class_table(game)
    belief = list(range(t.n_goal, t.size)) if known is None else [int(k) for k in known]
    (a,) = blind_moves(game, [move])
    return _family(game).judge(game, belief, int(a))


def judge_turn(game: Game | int, moves: Any, index: int, coins: str, r: int) -> TurnJudgement:
    """The Devil's seat: a turn r of the table (coins[r:] + coins[:r]) before move index of a
    blind strategy (moves as ``verify`` reads them, or lists of positions), judged against
    every other turn by the move at which the strategy is then sure to win
    (``results.TurnJudgement``: the best turn keeps it furthest off).

    >>> print(judge_turn(2, ['0 1', '0', '0 1'], 0, 'TH', 0).to_text())
    Best turn: whatever you do, the strategy wins by move 3.
    """
    from devilcoins.blind.verify import sure_win_at
    from devilcoins.core.perm import Perm

    game = Game.of(game)
    sets = [set(m) if isinstance(m, list) else m for m in moves]  # a list names positions
    masks = [int(a) for a in blind_moves(game, sets)]
    if not 0 <= index < len(masks):
        raise InvalidInput(
            f"move {index} is not one of the strategy's: they are numbered 0 to {len(masks) - 1}"
        )
    if not 0 <= r < game.n:
        raise InvalidInput(f"turn {r} is not a turn of {game.n} positions: r is 0 to {game.n - 1}")
    start, won_by = game.parse_state(coins), []
    for turn in range(game.n):
        after = game.add(game.turn(start, Perm.turn(game.n, turn)), masks[index])
        rest = sure_win_at(game, masks[index + 1 :], after)
        won_by.append(None if rest is None else index + 1 + rest)
    return TurnJudgement(r, tuple(won_by))


def _held_positions(
    game: Game, held: tuple[Sequence[int], Sequence[int]]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The positions held and the values felt there, checked against a touch game."""
    reach, felt = (tuple(int(v) for v in part) for part in held)
    rounds = _family(game).capabilities(game).refusal(Can.ROUNDS)
    if rounds is not None:
        raise InvalidInput(rounds)
    if len(reach) != game.hands or len(set(reach)) != len(reach) or len(felt) != len(reach):
        raise InvalidInput(f"hold {game.hands} different positions and the value felt at each")
    if not all(0 <= p < game.n for p in reach) or not all(0 <= v < game.values for v in felt):
        raise InvalidInput(f"positions are 0..{game.n - 1} and values 0..{game.values - 1}")
    return reach, felt
