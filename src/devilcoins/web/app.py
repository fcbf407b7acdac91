"""A small local web app: play the coin game blindfolded, watch the optimal strategy, verify one.

``create_app()`` builds the FastAPI application; ``serve()`` runs it with uvicorn on the loopback
interface.  Every request body is a bounded pydantic model, every answer is JSON (or SVG for
``/api/draw``), and bad input gets a 4xx answer with a ``detail`` message.  Games live in a
dictionary inside the application, capped at ``MAX_GAMES`` (the oldest are dropped).
"""

from __future__ import annotations

import random
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import numpy as np
from fastapi import FastAPI, HTTPException, Query, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, model_validator

from devilcoins import __version__
from devilcoins.blind.chain import chain
from devilcoins.blind.chain import devil_turn as chain_devil_turn
from devilcoins.coins.certificate import Certificate, certificate, odd_prime_factors
from devilcoins.coins.construct import construction
from devilcoins.coins.notation import Coins, DevilcoinsError, Move, Strategy, canonical_coins
from devilcoins.coins.notebook import update
from devilcoins.coins.search import belief_search
from devilcoins.coins.verification import belief_rows, verify
from devilcoins.core.game import Game as GameSpec
from devilcoins.core.symmetry import apply as apply_perm
from devilcoins.core.tables import tables
from devilcoins.render.pictures import table_svg
from devilcoins.solve import solve_game

__all__ = ["MAX_GAMES", "create_app", "serve"]

#: Games kept at once; past this the oldest game is dropped.
MAX_GAMES = 1000

#: The largest N for live games and for the strategy browser with beliefs.
MAX_PLAY_N = 8

#: The largest N the verify endpoint takes (the construction for 16 coins has 65,535 moves).
MAX_VERIFY_N = 16

#: The most moves the verify endpoint reads.
MAX_VERIFY_MOVES = 70_000

#: The moves of the N = 16 construction the strategy endpoint lists.
SUMMARY_MOVES = 64

#: The most states (values^n) a live game of another kind, or /api/solve, takes.
MAX_GAME_STATES = 4096

#: The most values per position in a live game of another kind.
MAX_PLAY_VALUES = 5

GroupName = Literal["cyclic", "dihedral", "none", "full"]
GoalName = Literal["zero", "same"]

#: The most moves the Devil's game ("Be the Devil") takes.
MAX_DEVIL_MOVES = 300

#: The longest strategy text the Devil's game reads (300 moves of 8 positions fit easily).
MAX_DEVIL_TEXT = 30_000

#: The largest request body read (70,000 moves of 16 positions fit in about 3 MB).
MAX_BODY_BYTES = 4_000_000

STATIC_DIR = Path(__file__).resolve().parent / "static"

Position = Annotated[int, Field(ge=0, le=63)]
GameId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[0-9a-f]+$")]


class NewGame(BaseModel):
    """Start a game: N coins, the Devil's kind, and an optional seed for repeatable play."""

    model_config = ConfigDict(extra="forbid")
    n: int = Field(ge=1, le=MAX_PLAY_N)
    devil: Literal["random", "adversarial"] = "random"
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    values: int = Field(default=2, ge=2, le=MAX_PLAY_VALUES)
    group: GroupName = "cyclic"
    goal: GoalName = "zero"
    hands: int | None = Field(default=None, ge=1, le=MAX_PLAY_N)

    @model_validator(mode="after")
    def _fits(self) -> NewGame:
        _check_game_fields(self.n, self.values, self.hands)
        return self

    @property
    def is_coins(self) -> bool:
        """Whether every game field is the default: the coin game."""
        return (self.values, self.group, self.goal, self.hands) == (2, "cyclic", "zero", None)

    def spec(self) -> GameSpec:
        """The game these fields name."""
        return _spec(self.n, self.values, self.group, self.goal, self.hands)


def _check_game_fields(n: int, values: int, hands: int | None) -> None:
    if hands is not None and hands > n:
        raise ValueError(f"hands must be 1..{n} (positions a move may touch), got {hands}")
    if values**n > MAX_GAME_STATES:
        raise ValueError(
            f"{values}^{n} = {values**n:,} states is past what the page plays "
            f"({MAX_GAME_STATES:,}); use fewer positions or values"
        )


@cache
def _spec(n: int, values: int, group: str, goal: str, hands: int | None) -> GameSpec:
    fields = {"n": str(n), "values": str(values), "group": group, "goal": goal}
    if hands is not None:
        fields["hands"] = str(hands)
    return GameSpec.from_fields(fields)


class PlayMove(BaseModel):
    """One move in a game: the positions to flip (each at most once), or for dials the amount to
    turn each position (values, one a position)."""

    model_config = ConfigDict(extra="forbid")
    game: GameId
    positions: list[Position] = Field(max_length=MAX_PLAY_N)
    values: list[Annotated[int, Field(ge=0, lt=MAX_PLAY_VALUES)]] | None = Field(
        default=None, max_length=MAX_PLAY_N
    )


class GameRef(BaseModel):
    """A reference to a game."""

    model_config = ConfigDict(extra="forbid")
    game: GameId


class VerifyRequest(BaseModel):
    """A strategy to verify: N coins and the moves, each a list of positions below N."""

    model_config = ConfigDict(extra="forbid")
    n: int = Field(ge=1, le=MAX_VERIFY_N)
    moves: list[Annotated[list[Position], Field(max_length=MAX_VERIFY_N)]] = Field(
        max_length=MAX_VERIFY_MOVES
    )

    @model_validator(mode="after")
    def _positions_below_n(self) -> VerifyRequest:
        _check_positions(self.n, self.moves)
        return self


def _check_positions(n: int, moves: list[list[int]]) -> None:
    for i, move in enumerate(moves, 1):
        if any(p >= n for p in move):
            raise ValueError(
                f"move {i} names position {max(move)}, but with {n} coins positions are 0..{n - 1}"
            )


class DevilTurn(BaseModel):
    """One turn in "Be the Devil": the strategy, the coins as they lie, the move and the turn."""

    model_config = ConfigDict(extra="forbid")
    n: int = Field(ge=1, le=MAX_PLAY_N)
    moves: list[Annotated[list[Position], Field(max_length=MAX_PLAY_N)]] = Field(
        min_length=1, max_length=MAX_DEVIL_MOVES
    )
    coins: str = Field(min_length=1, max_length=MAX_PLAY_N, pattern=r"^[HTht]+$")
    move_index: int = Field(ge=0, lt=MAX_DEVIL_MOVES)
    r: int = Field(ge=0, lt=MAX_PLAY_N)

    @model_validator(mode="after")
    def _fits_n(self) -> DevilTurn:
        _check_positions(self.n, self.moves)
        if len(self.coins) != self.n:
            raise ValueError(
                f"coins {self.coins!r} have {len(self.coins)} letters but N = {self.n}"
            )
        if self.move_index >= len(self.moves):
            raise ValueError(
                f"move_index {self.move_index} is past the strategy: its {len(self.moves)} "
                f"moves are 0..{len(self.moves) - 1}"
            )
        if self.r >= self.n:
            raise ValueError(
                f"turn r = {self.r} is off the table: with {self.n} coins r is 0..{self.n - 1}"
            )
        return self


class DevilParse(BaseModel):
    """A strategy typed for "Be the Devil": one move a line, for N coins."""

    model_config = ConfigDict(extra="forbid")
    n: int = Field(ge=1, le=MAX_PLAY_N)
    text: str = Field(max_length=MAX_DEVIL_TEXT)


@dataclass
class Game:
    """One live game: the hidden coins, the Devil, and what the player knows."""

    n: int
    devil: str
    coins: Coins
    rng: random.Random
    belief: set[str]
    moves: list[list[int]] = field(default_factory=list)
    won: bool = False
    peeked: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def state(self) -> dict:
        """What the player may see: never the coins, unless the game is won."""
        data = {
            "n": self.n,
            "devil": self.devil,
            "moves": len(self.moves),
            "belief": sorted(self.belief),
            "belief_size": len(self.belief),
            "won": self.won,
            "peeked": self.peeked,
        }
        if self.won:
            data["coins"] = str(self.coins)
        return data


@dataclass
class DialGame:
    """One live game of another kind (values, group, goal, hands): the hidden state and belief."""

    n: int
    devil: str
    spec: GameSpec
    state_x: int
    rng: random.Random
    belief: set[int]
    moves: list[list[int]] = field(default_factory=list)
    won: bool = False
    peeked: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def state(self) -> dict:
        """What the player may see: the classes still possible, never the state unless won."""
        tab = tables(self.spec)
        data = {
            "n": self.n,
            "devil": self.devil,
            "moves": len(self.moves),
            "belief": sorted(self.spec.state_text(int(tab.reps[k])) for k in self.belief),
            "belief_size": len(self.belief),
            "won": self.won,
            "peeked": self.peeked,
            "game_text": str(self.spec),
            "values": self.spec.values,
        }
        if self.won:
            data["coins"] = self.spec.state_text(self.state_x)
        return data

    def orbit(self, x: int) -> np.ndarray:
        """Every state a turn of the Devil makes from x (x's class)."""
        tab = tables(self.spec)
        k = int(tab.index_of[x])
        return tab.orbit_states[tab.orbit_start[k] : tab.orbit_start[k + 1]]

    def devil_turned(self, move: int) -> int:
        """The state after the Devil's turn (before the move is added)."""
        tab = tables(self.spec)
        x = self.state_x
        if self.devil == "random":  # a uniform group element moves x to a uniform orbit member
            return int(self.rng.choice(list(self.orbit(x))))
        c = _chain(self.spec)
        if not c.complete and not c.zone[x]:
            perm = chain_devil_turn(self.spec, x, move, c.zone)
            return self.spec.encode(apply_perm(perm, self.spec.decode(x)))
        orbit = self.orbit(x)
        safe = orbit[tab.index_of[tab.add(orbit, move)] >= tab.n_goal]
        return int(safe[0]) if len(safe) else x

    def play(self, move: int) -> None:
        """The Devil turns, then the move is added; the belief follows."""
        tab = tables(self.spec)
        self.state_x = int(tab.add(np.array([self.devil_turned(move)]), move)[0])
        self.won = bool(tab.index_of[self.state_x] < tab.n_goal)
        if self.won:
            self.belief = {int(tab.index_of[self.state_x])}
            return
        classes = np.fromiter(self.belief, dtype=np.int64)
        parts = [tab.orbit_states[tab.orbit_start[k] : tab.orbit_start[k + 1]] for k in classes]
        after = tab.add(np.concatenate(parts), move)
        self.belief = {int(k) for k in np.unique(tab.index_of[after])}


@cache
def _chain(spec: GameSpec):
    return chain(spec)


def _start_state(spec: GameSpec, devil: str, rng: random.Random) -> int:
    """A random state outside the goal; for the adversarial Devil and a stalled chain, outside
    its zone."""
    tab = tables(spec)
    outside = tab.index_of >= tab.n_goal
    if devil == "adversarial":
        c = _chain(spec)
        if not c.complete:
            outside = outside & ~c.zone
    choices = np.flatnonzero(outside)
    if not len(choices):
        raise HTTPException(400, f"every state of {spec} is in the goal: there is nothing to play")
    return int(choices[rng.randrange(len(choices))])


@cache
def _solve_data(spec: GameSpec) -> dict:
    verdict = solve_game(spec)
    strategy = verdict.strategy or ()
    return {
        "game": str(spec),
        "n": spec.n,
        "values": spec.values,
        "winnable": verdict.winnable,
        "length": verdict.length,
        "method": verdict.method,
        "moves": [list(spec.decode(int(a))) for a in strategy[:SUMMARY_MOVES]],
        "truncated": len(strategy) > SUMMARY_MOVES,
    }


def greedy_turn(coins: Coins, move: Move) -> int:
    """The adversarial Devil's fallback turn: a simple greedy rule, not an optimal Devil.

    It picks a turn r after which the move does not leave all heads, if any r does, preferring
    the r whose resulting canonical sequence comes last in the belief ordering (alphabetical,
    so tails-heavy sequences first), and the smallest such r.  When every turn loses, it turns
    by 0.

    >>> greedy_turn(Coins('THHH'), Move({0}))  # turned by 2: HHTH, flipped: THTH
    2
    >>> greedy_turn(Coins('TTTT'), Move({0, 1, 2, 3}))
    0
    """
    best_r, best_key = 0, None
    for r in range(coins.n):
        after = coins.rotate(r).flipped(move)
        if after.all_heads:
            continue
        key = after.canonical()
        if best_key is None or key > best_key:
            best_r, best_key = r, key
    return best_r


@cache
def _certificate(n: int) -> Certificate | None:
    """The Devil's certificate for n coins, or None when n has no odd prime factor."""
    return certificate(n) if odd_prime_factors(n) else None


def adversarial_turn(coins: Coins, move: Move) -> int:
    """The live adversarial Devil's turn: the certificate's when the coins are safe, else greedy.

    When N has an odd prime factor and the coins lie in the certificate's safe set, the turn keeps
    them there, so all heads never shows; otherwise it is ``greedy_turn``.

    >>> adversarial_turn(Coins('THH'), Move({0, 1, 2}))  # any turn of THH flipped is not HHH
    0
    """
    cert = _certificate(coins.n)
    if cert is not None and cert.safe(coins.tails_mask):
        return cert.turn(coins.tails_mask, move.mask)
    return greedy_turn(coins, move)


def _start_coins(n: int, devil: str, rng: random.Random) -> Coins:
    """Random coins, not all heads; for the adversarial Devil and odd-factor n, in its safe set."""
    cert = _certificate(n) if devil == "adversarial" else None
    if cert is None:
        return Coins.from_mask(rng.randrange(1, 1 << n), n)
    while True:  # at least half the sequences are safe, so this ends quickly
        mask = rng.randrange(1, 1 << n)
        if cert.safe(mask):
            return Coins.from_mask(mask, n)


def _all_canonical(n: int) -> list[str]:
    return [str(c) for c in canonical_coins(n)]


@cache
def _strategy_data(n: int) -> dict:
    """The strategy endpoint's answer for n = 1..8 (belief search) or 16 (the construction)."""
    if n == 16:
        strategy = construction(16)
        return {
            "n": n,
            "winnable": True,
            "length": len(strategy),
            "moves": Strategy(strategy[:SUMMARY_MOVES]).to_json(),
            "truncated": True,
            "beliefs": None,
            "source": "construction",
        }
    result = belief_search(n)
    if result.strategy is None:
        return {
            "n": n,
            "winnable": False,
            "length": None,
            "moves": [],
            "truncated": False,
            "beliefs": [_all_canonical(n)],
            "source": "search",
            "message": f"no strategy wins for N = {n}: it has an odd prime factor, "
            "so the Devil can always keep the coins from all heads",
        }
    order = canonical_coins(n)
    rows = belief_rows(result.strategy, n)
    return {
        "n": n,
        "winnable": True,
        "length": len(result.strategy),
        "moves": result.strategy.to_json(),
        "truncated": False,
        "beliefs": [[str(order[k]) for k in row] for row in rows],
        "source": "search",
    }


class _BodyTooLarge(HTTPException):
    """A request body over the limit (an HTTPException, so FastAPI answers it with 413)."""

    def __init__(self, limit: int):
        super().__init__(413, f"request body too large: at most {limit:,} bytes")


class BodyLimit:
    """ASGI middleware refusing request bodies over a byte limit with 413."""

    def __init__(self, app, limit: int = MAX_BODY_BYTES):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        """Pass the request on, counting the body's bytes as they are read."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(scope, receive, send)
            return
        received = 0
        started = False

        async def limited_receive():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise _BodyTooLarge(self.limit)
            return message

        async def tracking_send(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _BodyTooLarge:
            if not started:
                await self._refuse(scope, receive, send)

    async def _refuse(self, scope, receive, send):
        detail = _BodyTooLarge(self.limit).detail
        await JSONResponse({"detail": detail}, status_code=413)(scope, receive, send)


def _validation_message(errors: list[dict]) -> str:
    parts = []
    for err in errors[:5]:
        loc = ".".join(str(x) for x in err.get("loc", ()) if x not in ("body", "query", "path"))
        msg = str(err.get("msg", "invalid"))
        parts.append(f"{loc}: {msg}" if loc else msg)
    more = len(errors) - 5
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


def create_app(trusted_hosts: list[str] | None = None) -> FastAPI:
    """The web app: the JSON API under /api (schema at /openapi.json), the page at /, its files
    under /static.  trusted_hosts, when given, is the list of Host headers it answers (a guard
    against DNS rebinding when it listens on loopback)."""
    app = FastAPI(title="devilcoins", version=__version__, docs_url=None, redoc_url=None)
    app.add_middleware(BodyLimit)
    if trusted_hosts is not None:
        from starlette.middleware.trustedhost import TrustedHostMiddleware

        app.add_middleware(TrustedHostMiddleware, allowed_hosts=trusted_hosts)
    games: OrderedDict[str, Game | DialGame] = OrderedDict()
    games_lock = threading.Lock()

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        # loc, msg and type only: never echo the (possibly huge) input back
        brief = [
            {"loc": list(e.get("loc", ())), "msg": str(e.get("msg")), "type": e.get("type")}
            for e in errors[:10]
        ]
        return JSONResponse(
            {"detail": _validation_message(errors), "errors": brief}, status_code=422
        )

    @app.exception_handler(DevilcoinsError)
    async def _refused(request: Request, exc: DevilcoinsError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=400)

    def find(game_id: str) -> Game | DialGame:
        with games_lock:
            game = games.get(game_id)
        if game is None:
            raise HTTPException(404, f"no game {game_id!r}: it never existed or was dropped")
        return game

    @app.get("/api/health")
    def health() -> dict:
        """Liveness and the package version."""
        return {"ok": True, "version": __version__}

    @app.post("/api/new")
    def new_game(req: NewGame) -> dict:
        """Start a game from random coins (not all heads); the coins stay hidden.

        For the adversarial Devil and N with an odd prime factor the coins start in the Devil's
        safe set, so that game can never be won.
        """
        seed = secrets.randbits(63) if req.seed is None else req.seed
        rng = random.Random(seed)
        if req.is_coins:
            coins = _start_coins(req.n, req.devil, rng)
            game = Game(req.n, req.devil, coins, rng, set(_all_canonical(req.n)))
        else:
            spec = req.spec()
            tab = tables(spec)
            x = _start_state(spec, req.devil, rng)
            game = DialGame(req.n, req.devil, spec, x, rng, set(range(tab.size)))
        game_id = secrets.token_hex(8)
        with games_lock:
            games[game_id] = game
            while len(games) > MAX_GAMES:
                games.popitem(last=False)
        return {"game": game_id, **game.state()}

    @app.post("/api/move")
    def move(req: PlayMove) -> dict:
        """The Devil turns the table, then the positions are flipped; the new belief comes back.

        Once the coins show all heads the game is won, the player is told, so the belief is
        then all heads alone.
        """
        game = find(req.game)
        bad = [p for p in req.positions if p >= game.n]
        if bad:
            raise HTTPException(
                422,
                f"position {bad[0]} is off the table: with {game.n} coins positions are "
                f"0..{game.n - 1}",
            )
        if isinstance(game, DialGame):
            return _dial_move(req, game)
        if req.values is not None:
            raise HTTPException(422, "the coin game takes positions to flip, not values")
        mv = Move(req.positions)
        with game.lock:
            if game.won:
                raise HTTPException(409, "this game is already won: start a new one")
            if game.devil == "random":
                r = game.rng.randrange(game.n)
            else:
                r = adversarial_turn(game.coins, mv)
            game.coins = game.coins.rotate(r).flipped(mv)
            game.moves.append(sorted(mv))
            game.won = game.coins.all_heads
            if game.won:
                game.belief = {"H" * game.n}
            else:
                game.belief = {str(c) for c in update(game.belief, mv)}
            return {"game": req.game, **game.state()}

    def _dial_move(req: PlayMove, game: DialGame) -> dict:
        spec = game.spec
        m = spec.values
        if req.values is not None:
            if req.positions:
                raise HTTPException(422, "give positions or values, not both")
            if len(req.values) != game.n:
                raise HTTPException(
                    422, f"values has {len(req.values)} amounts but the game has {game.n} positions"
                )
            bad = [v for v in req.values if v >= m]
            if bad:
                raise HTTPException(
                    422, f"amount {bad[0]} is too large: with {m} values amounts are 0..{m - 1}"
                )
            vec = list(req.values)
        else:
            vec = [1 if i in set(req.positions) else 0 for i in range(game.n)]
        touched = sum(v != 0 for v in vec)
        if spec.hands is not None and touched > spec.hands:
            raise HTTPException(
                422, f"the move changes {touched} positions and the game allows {spec.hands}"
            )
        with game.lock:
            if game.won:
                raise HTTPException(409, "this game is already won: start a new one")
            game.play(spec.encode(vec))
            game.moves.append(vec)
            return {"game": req.game, **game.state()}

    @app.get("/api/solve")
    def solve(
        n: Annotated[int, Query(ge=1, le=MAX_PLAY_N)],
        values: Annotated[int, Query(ge=2, le=MAX_PLAY_VALUES)] = 2,
        group: Annotated[GroupName, Query()] = "cyclic",
        goal: Annotated[GoalName, Query()] = "zero",
        hands: Annotated[int | None, Query(ge=1, le=MAX_PLAY_N)] = None,
    ) -> dict:
        """Whether a game can be won, in how many moves and how (the first 64 moves as values)."""
        try:
            _check_game_fields(n, values, hands)
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        return _solve_data(_spec(n, values, group, goal, hands))

    @app.post("/api/peek")
    def peek(req: GameRef) -> dict:
        """The coins as they lie now; the game is marked as peeked."""
        game = find(req.game)
        with game.lock:
            game.peeked = True
            if isinstance(game, DialGame):
                coins = game.spec.state_text(game.state_x)
            else:
                coins = str(game.coins)
            return {"game": req.game, "coins": coins, **game.state()}

    @app.get("/api/strategy/{n}")
    def strategy(n: Annotated[int, PathParam(ge=1, le=16)]) -> dict:
        """The shortest strategy for n = 1..8 with its beliefs, or the construction for 16."""
        if n > MAX_PLAY_N and n != 16:
            raise HTTPException(
                400,
                f"strategies are served for N = 1..{MAX_PLAY_N} and N = 16, not {n}",
            )
        return _strategy_data(n)

    @app.post("/api/verify")
    def verify_strategy(req: VerifyRequest) -> dict:
        """Whether the moves win for n coins from every start against every Devil."""
        result = verify(Strategy(req.moves), req.n)
        data = {"n": req.n, "moves": len(req.moves), "wins": result.wins, "won_at": result.won_at}
        if result.counterexample is not None:
            data["counterexample"] = result.counterexample.to_json()
        return data

    @app.post("/api/devil/turn")
    def devil_turn(req: DevilTurn) -> dict:
        """Be the Devil: turn the coins by r (coins[r:] + coins[:r]), then play move move_index.

        Nothing is put in canonical form.  done: the coins show all heads, or that was the
        strategy's last move.  Coins already at all heads are refused (409): the game is over.
        """
        coins = Coins(req.coins)
        if coins.all_heads:
            raise HTTPException(409, "the coins already show all heads: the game is over")
        move = Move(req.moves[req.move_index])
        turned = coins.rotate(req.r)
        after = turned.flipped(move)
        won = after.all_heads
        return {
            "n": req.n,
            "move_index": req.move_index,
            "r": req.r,
            "move": sorted(move),
            "turned": str(turned),
            "after": str(after),
            "won": won,
            "done": won or req.move_index == len(req.moves) - 1,
        }

    @app.post("/api/devil/parse")
    def devil_parse(req: DevilParse) -> dict:
        """Read a typed strategy, one move a line ('0 2', '{0, 2}' or 'FLFL'), for n coins."""
        moves = Strategy.parse(req.text, req.n).to_json()
        if not moves:
            raise HTTPException(422, "the strategy has no moves: write one move a line")
        if len(moves) > MAX_DEVIL_MOVES:
            raise HTTPException(
                422,
                f"the strategy has {len(moves):,} moves; the Devil's game takes at most "
                f"{MAX_DEVIL_MOVES}",
            )
        return {"n": req.n, "moves": moves}

    @app.get("/api/draw")
    def draw(
        coins: Annotated[str, Query(min_length=1, max_length=64, pattern=r"^[HTht]+$")],
        move: Annotated[str, Query(max_length=200, pattern=r"^[0-9, ]*$")] = "",
    ) -> Response:
        """The table as SVG: coins clockwise from 12 o'clock, the move's positions ringed."""
        positions = [int(t) for t in move.replace(",", " ").split()]
        bad = [p for p in positions if p >= len(coins)]
        if bad:
            raise HTTPException(
                422,
                f"position {bad[0]} is off the table: with {len(coins)} coins positions are "
                f"0..{len(coins) - 1}",
            )
        svg = table_svg(coins, positions if move.strip() else None)
        return Response(svg, media_type="image/svg+xml")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        """The page."""
        return FileResponse(STATIC_DIR / "index.html", media_type="text/html")

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app


LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the app with uvicorn (loopback only unless another host is asked for)."""
    import uvicorn

    trusted = ["127.0.0.1", "localhost", "[::1]"] if host in LOOPBACK else None
    uvicorn.run(create_app(trusted), host=host, port=port, log_level="warning")
