"""A game played a move at a time against a Devil: one class for every kind of game.

A live game holds the state as it lies (hidden from the player unless the game is won or the
player sees it), the Devil (``devilcoins.devil``, chosen by name: 'random', 'greedy' or
'adversarial', the strongest) and what the player knows: the classes still possible.  A blind,
sight or count game is played by ``move`` (the Devil turns, the move lands); a touch game by
``feel`` (the Devil turns, the player feels the positions reached) and ``set`` (the positions
felt are set).  Each move is one step of the one play loop (``devilcoins.playing``) and the
belief follows the one rule (``devilcoins.playing.update``); what only a family knows (its
strongest Devil, the next optimal move) comes from the family (``devilcoins.families``).

The strongest Devil of a blind or touch game commits to no state (``devil.Uncommitted``,
``devil.strongest_feel``): the state kept is one he could still hold, and the line he played is
chosen when the game is replayed.

>>> g = LiveGame.start(Game(2), 'adversarial', seed=1)  # the strongest Devil
>>> g.move((1, 1)); g.move((1, 0)); g.won
False
>>> g.move((1, 1)); g.won, len(g.moves)
(True, 3)
>>> t = LiveGame.start(Game.parse('n=2 hands=1 goal=same observe=touch'), 'greedy', seed=3)
>>> felt = t.feel((0,)); t.set((1 - felt[0],)); t.won
True
"""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from devilcoins.coins.trap import coin_trap
from devilcoins.core.errors import InvalidInput, NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.numbers import is_power_of_two
from devilcoins.core.perm import Perm
from devilcoins.core.tables import class_table
from devilcoins.devil import (
    DevilKind,
    TouchDevil,
    Uncommitted,
    adversary,
    greedy_devil,
    live_devil,
    live_start,
    random_devil,
    scripted,
)
from devilcoins.families import class_text, family_of, states_of
from devilcoins.observed.touch import play as touchplay
from devilcoins.observed.touch.coach import reach_value, setting_value
from devilcoins.playing import Devil, play, still_possible
from devilcoins.results.advice import Advice
from devilcoins.results.judgement import Judgement
from devilcoins.results.play import Playthrough, Step

__all__ = ["LiveGame", "TouchStep", "class_name", "play_against"]

#: The most positions a live game remembers the coach's word on (``LiveGame._coach_of``).
ADVICE_KEPT = 64

#: One round of a touch game as replayed (``observed.touch.play.Step``).
TouchStep = touchplay.Step


def class_name(game: Game, k: int) -> str:
    """Class k of the game's tables, as the player sees it: its alphabetically first state
    (``families.class_text``, the one naming of a class)."""
    return class_text(game, k)


@dataclass
class LiveGame:
    """One game in play: the state as it lies (x), the Devil, and what the player knows.

    belief: the classes still possible (the goal's left out while the game is on, as the player
    hears no bell); moves: the moves played; steps: the moves with what was hidden, as far as a
    Devil holding one state settled them.  For touch, rounds (the belief, the reach, the pattern
    felt, the values set) and trays (before, turned, after) take their place.
    """

    game: Game
    devil: str
    x: int
    belief: list[int]
    turn: Devil | None = None
    touch: TouchDevil | None = None
    uncommitted: Uncommitted | None = None
    moves: list[int] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    rounds: list[touchplay.Round] = field(default_factory=list)
    trays: list[tuple[int, int, int]] = field(default_factory=list)
    reach: tuple[int, ...] | None = None
    pattern: tuple[int, ...] = ()
    before: int = 0
    won: bool = False
    peeked: bool = False
    #: the seed the game was started from (the same seed starts the same game) and the moves
    #: played before each peek: with them the game can be played again up to any move
    seed: int = 0
    peeks: list[int] = field(default_factory=list)
    #: (moves played and whether positions are held, the coach's advice then): the advice is
    #: worked out once a move (touch: once a feel and once a set).
    coached: tuple[tuple[int, bool], Advice | None] | None = field(
        default=None, repr=False, compare=False
    )
    #: the coach's judgement of the last move (blind, sight and count), when it has a word
    judged: Judgement | None = field(default=None, compare=False)
    advised: dict[tuple[int, ...], Advice] = field(default_factory=dict, repr=False, compare=False)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    @classmethod
    def start(cls, game: Game, devil: str = "random", seed: int | None = None) -> LiveGame:
        """A new game from a random state outside the goal (where the strongest Devil cannot
        lose, when he has a certificate); the state stays hidden."""
        DevilKind.parse(devil)
        seed = secrets.randbits(63) if seed is None else seed
        tab = class_table(game)
        if game.observe.feels:
            rng = random.Random(seed)
            start = touchplay.start(game)
            if not start:
                raise InvalidInput(f"every state of {game} is in the goal: nothing to play")
            x = rng.choice(sorted(start))
            touch = TouchDevil(game, devil, rng)
            return cls(game, devil, x, _classes(game, start), touch=touch, seed=seed)
        family = family_of(game)
        generator = np.random.default_rng(seed)
        x0 = live_start(game, devil, generator, family.needs(game))
        if x0 is None:
            raise InvalidInput(f"every state of {game} is in the goal: there is nothing to play")
        strongest = family.strongest(game) if devil == DevilKind.ADVERSARIAL else None
        known = family.start_belief(game, x0)
        turn = live_devil(game, devil, generator, strongest)
        live = cls(game, devil, x0, known, turn=turn, seed=seed)
        if devil == DevilKind.ADVERSARIAL and family.uncommitted:
            live.uncommitted = Uncommitted.start(
                game, np.flatnonzero(tab.index_of >= tab.n_goal).tolist()
            )
        return live

    # --- blind, sight and count: a move at a time -----------------------------------------------

    def move(self, amounts: Sequence[int]) -> None:
        """The Devil turns, then the move (an amount a position) lands; the belief follows.

        Against the uncommitted Devil the state kept is any he still holds."""
        game = self.game
        if game.observe.feels:
            raise NotSupported(f"{game}: a touch game is played by feel, then set")
        self._playing()
        move = game.check_move(game.encode(amounts))
        self.judged = self.judge(move)
        self.moves.append(move)
        if self.uncommitted is not None:
            self.won = self.uncommitted.move(move)
            self.x = int(np.flatnonzero(self.uncommitted.layers[-1])[0])
        else:
            assert self.turn is not None, "a Devil holding a state has a turn"
            (step,) = play(game, [move], self.x, self.turn, first=len(self.moves))
            self.x = step.after
            self.steps.append(step)
            self.won = game.in_goal(self.x)
        self.belief = self._known_after(move)

    def judge(self, move: int) -> Judgement | None:
        """What move is worth from here against the best one (``Family.judge``), before it is
        played; None where the coach has no word."""
        advice = self.advice()
        if advice is None:
            return None
        try:
            family = family_of(self.game)
            return family.judge(self.game, self.known(), move, advice, self._coach_of)
        except (TooLarge, NotSupported):
            return None

    def _known_after(self, move: int) -> list[int]:
        """What the player knows after move: the class seen (sight, or the bell), the classes of
        the count heard (count), or the belief moved by the one rule."""
        if self.won:
            return [int(class_table(self.game).index_of[self.x])]
        return family_of(self.game).belief_after(self.game, self.belief, move, self.x)

    # --- touch: feel, then set ------------------------------------------------------------------

    def feel(self, reach: Sequence[int]) -> tuple[int, ...]:
        """The Devil turns the table; the player feels the positions reached (one a hand)."""
        game = self.game
        if self.touch is None:
            raise NotSupported(f"{game}: only a touch game is felt")
        self._playing()
        positions = _reach(game, reach)
        if self.reach is not None:
            raise InvalidInput(f"set the positions felt first ({list(self.reach)})")
        self.judged = self._judged("reach", lambda b: reach_value(game, b, positions))
        self.before = self.x
        self.x = self.touch.feel(self.x, self.possible_states(), positions)
        self.reach, self.pattern = positions, touchplay.felt(game, self.x, positions)
        return self.pattern

    def set(self, values: Sequence[int]) -> None:
        """The positions felt are set to values; the bell rings if the goal shows."""
        game = self.game
        if self.touch is None or self.reach is None:
            raise InvalidInput("feel first: only the positions held can be set")
        self._playing()
        if len(values) != len(self.reach) or not all(0 <= v < game.values for v in values):
            raise InvalidInput(
                f"set the {len(self.reach)} positions held, each 0..{game.values - 1}"
            )
        reach, felt = self.reach, self.pattern
        self.judged = self._judged("setting", lambda b: setting_value(game, b, reach, felt, values))
        self.reach = None
        belief = self.possible_states()
        self.rounds.append(touchplay.Round(belief, reach, self.pattern, tuple(values)))
        turned = self.x
        self.x = self.touch.set(self.x, belief, reach, self.pattern, values)
        self.trays.append((self.before, turned, self.x))
        self.won = game.in_goal(self.x)
        after = touchplay.after(game, belief, reach, self.pattern, values)
        self.belief = [] if self.won else _classes(game, after)

    def _judged(
        self, action: str, value: Callable[[touchplay.Belief], int | None]
    ) -> Judgement | None:
        """The coach's judgement of a reach or a setting about to be made: value(the states
        still possible) against the coach's value of the position (None: no word)."""
        advice = self.advice()
        if advice is None or not advice.winnable or advice.at_most is None:
            return None
        try:
            return Judgement(self.game, advice.at_most, value(self.possible_states()), action)
        except (TooLarge, NotSupported):
            return None

    def possible_states(self) -> touchplay.Belief:
        """The states still possible (every state of the classes of the belief)."""
        return states_of(self.game, self.belief)

    # --- both ---------------------------------------------------------------------------------

    def _playing(self) -> None:
        if self.won:
            raise InvalidInput("this game is already won: start a new one")
        if self.lost:
            raise InvalidInput("the Devil holds this game for ever: start a new one")

    @property
    def listens(self) -> bool:
        """Whether a move that changes nothing is worth playing (the player hears the count)."""
        return family_of(self.game).hears

    @property
    def played(self) -> int:
        """Moves (or touch rounds) played so far."""
        return len(self.rounds) if self.touch is not None else len(self.moves)

    def known(self) -> list[int]:
        """The classes the player cannot rule out: while the game is on, the goal's are out
        (no bell has rung)."""
        if self.won or self.touch is not None:
            return list(self.belief)
        return still_possible(self.game, self.belief)

    def known_names(self) -> list[str]:
        """The classes the player cannot rule out, each named by its first state."""
        return sorted(class_name(self.game, k) for k in self.known())

    def advice(self) -> Advice | None:
        """The coach's word on the position (``devilcoins.coach``; in a touch game where to
        reach, or, with positions held, what to set them to), worked out once a move; None where
        the coach cannot answer (too large, not supported)."""
        now = (self.played, self.reach is not None)
        if self.coached is None or self.coached[0] != now:
            self.coached = (now, self._coach())
        return self.coached[1]

    def _coach(self) -> Advice | None:
        if self.won:
            return Advice(self.game, True, 0)
        try:
            if self.reach is not None:
                held = (self.reach, self.pattern)
                return family_of(self.game).coach(self.game, self.known(), held)
            return self._coach_of(self.known())
        except (TooLarge, NotSupported):
            return None

    def _coach_of(self, known: Sequence[int]) -> Advice:
        """The coach's word on a position (the classes known), remembered for the game: the
        judgement of a move asks it of the position the move leaves, the next move's advice
        asks it again."""
        key = tuple(sorted(int(k) for k in known))
        if key not in self.advised:
            if len(self.advised) >= ADVICE_KEPT:
                self.advised.clear()
            self.advised[key] = family_of(self.game).coach(self.game, list(key))
        return self.advised[key]

    @property
    def held(self) -> bool:
        """Whether the player has done something (a move; touch: a feel) and the strongest
        Devil could now hold the game for ever (no play wins from here for sure)."""
        advice = self.advice()
        acted = self.played or self.reach is not None
        return bool(acted and advice is not None and not advice.winnable)

    @property
    def lost(self) -> bool:
        """Whether the game is over, lost: the Devil playing is the strongest and he now holds
        the game for ever (a random or greedy Devil may still let the player through)."""
        return self.held and self.devil == DevilKind.ADVERSARIAL

    def optimal(self) -> int | None:
        """The optimal next move from here (None: the Devil holds out or the game is won)."""
        if self.won or self.touch is not None:
            return None
        advice = self.advice()
        if advice is not None:
            return advice.optimal
        return family_of(self.game).next_move(self.game, self.moves, self.x, self.known())

    def to_json(self) -> dict[str, Any]:
        """What the player may know now: never the state unless the game is won (or the player
        sees the table); the classes still possible, the count heard, the optimal next move; for
        touch the stage of the round and the values felt.  Fields that do not apply are left
        out."""
        game = self.game
        data: dict[str, Any] = {
            "game": str(game),
            "n": game.n,
            "values": game.values,
            "observe": game.observe.value,
            "devil": self.devil,
            "played": self.played,
            "won": self.won,
            "peeked": self.peeked,
            "possible": len(self.known()),
        }
        family = family_of(game)
        if self.won or family.sees:
            data["state"] = game.state_text(self.x)
        if self.touch is not None:
            stage = "won" if self.won else "set" if self.reach is not None else "feel"
            data["hands"] = game.hands
            data["stage"] = stage
            data["reach"] = None if self.reach is None else list(self.reach)
            data["felt"] = None if self.reach is None else list(self.pattern)
            if self.judged is not None and (self.rounds or self.reach is not None):
                data["judged"] = self.judged.to_json()
            return data | self._advice_json()
        data["belief"] = self.known_names()
        if self.moves and family.hears:
            data["heard"] = sum(v != 0 for v in game.decode(self.x))
        best = self.optimal()
        data["optimal"] = None if best is None else list(game.decode(best))
        if self.judged is not None and self.moves:
            data["judged"] = self.judged.to_json()
        return data | self._advice_json()

    def _advice_json(self) -> dict[str, Any]:
        """The coach's fields (none where it has no word): winnable, at_most, the reason, lost;
        for touch also the next reach or the values to set."""
        advice = self.advice()
        if advice is None:
            return {}
        data: dict[str, Any] = {
            "winnable": advice.winnable,
            "at_most": advice.at_most,
            "reason": advice.reason,
            "held": self.held,
            "lost": self.lost,
        }
        if self.touch is not None:
            data["next_reach"] = None if advice.reach is None else list(advice.reach)
            data["next_values"] = None if advice.values is None else list(advice.values)
        return data

    def peek(self) -> None:
        """The player looks: the uncommitted Devil settles on the line he played so far."""
        self.peeked = True
        self.peeks.append(self.played)
        if self.uncommitted is not None:
            self.steps = self.replay()
            self.uncommitted = Uncommitted.start(self.game, [self.x])

    def played_again(self, upto: int) -> LiveGame:
        """The same game (the same start and the same Devil's draws) with only its first upto
        moves (touch: rounds) played again: ``played_again(0)`` restarts it, ``played_again(
        played - 1)`` takes the last move back (touch: a feel not yet set is dropped too).  A
        game once peeked at stays marked as peeked.

        >>> g = LiveGame.start(Game(4), 'random', seed=7)
        >>> g.move([1, 0, 0, 0]); after_one = g.x; g.move([1, 1, 0, 0])
        >>> back = g.played_again(1)
        >>> back.played, back.x == after_one
        (1, True)
        """
        again = LiveGame.start(self.game, self.devil, self.seed)
        upto = max(0, min(upto, self.played))
        for i in range(upto):
            if i in self.peeks:
                again.peek()
            if self.touch is not None:
                again.feel(self.rounds[i].reach)
                again.set(self.rounds[i].values)
            else:
                again.move(self.game.decode(self.moves[i]))
        if upto in self.peeks:
            again.peek()
        again.peeked = self.peeked
        return again

    def replay(self) -> list[Any]:
        """Every move with what was hidden (``playing.Step``; for touch ``TouchStep``): for an
        uncommitted Devil, one line he could have played, ending where the game is."""
        if self.touch is not None:
            return self._touch_replay()
        if self.uncommitted is None:
            return list(self.steps)
        return self.steps + list(self.uncommitted.line(self.x, first=len(self.steps) + 1))

    def _touch_replay(self) -> list[TouchStep]:
        if self.devil == DevilKind.ADVERSARIAL:
            return touchplay.line_of_play(self.game, self.rounds, self.x)
        return [
            touchplay.step_of(self.game, before, turned, played, after)
            for played, (before, turned, after) in zip(self.rounds, self.trays, strict=True)
        ]


def _classes(game: Game, states: touchplay.Belief) -> list[int]:
    """The classes of a set of states, in order."""
    t = class_table(game)
    return sorted({int(t.index_of[x]) for x in states})


def _reach(game: Game, reach: Sequence[int]) -> tuple[int, ...]:
    """The positions reached, checked: one a hand, each on the table, none twice."""
    k = game.hands or 0
    if len(reach) != k:
        raise InvalidInput(f"reach for {k} positions (one a hand), not {len(reach)}")
    bad = [p for p in reach if not 0 <= p < game.n]
    if bad:
        raise InvalidInput(f"position {bad[0]} is not on the table (0 to {game.n - 1})")
    if len(set(reach)) != len(reach):
        raise InvalidInput("reach for different positions: one is named twice")
    return tuple(int(p) for p in reach)


# --- a whole strategy played out ----------------------------------------------------------------

#: Past this many coins the adversarial Devil of the coin game plays his trap (no tables).
TABLE_COINS = 20


def _random_start(game: Game, rng: np.random.Generator) -> int:
    """A random state outside the goal (the last drawn, if 64 draws all land in it)."""
    for _ in range(64):
        x = int(rng.integers(game.states))
        if not game.in_goal(x):
            return x
    return x


def _adversarial(game: Game, moves: Sequence[int], start: int | None) -> tuple[int, Devil, str]:
    """The strongest Devil against moves: (start, Devil, who he is in words)."""
    if game.is_coins and game.n > TABLE_COINS:
        return _coin_trap(game, start)
    found = adversary(game, list(moves), start)
    plan = (
        "it keeps the game where the goal cannot show: its certificate"
        if found.plan == "certificate"
        else "it plays the line exact propagation finds"
        + ("" if found.survives else f", and the strategy still wins at move {found.won_at}")
    )
    return found.start, found.devil, f"an adversarial Devil ({plan})"


def _coin_trap(game: Game, start: int | None) -> tuple[int, Devil, str]:
    """Past the tables, the coin game's adversary: the Devil's trap (N with an odd prime
    factor), which needs no tables."""
    if is_power_of_two(game.n):
        raise NotSupported(
            f"the adversarial Devil plans by exact propagation up to N = {TABLE_COINS}; "
            f"{game.n} coins is a power of 2, so it has no trap: use the random or greedy Devil"
        )
    trap = coin_trap(game.n)
    x = trap.start().tails_mask if start is None else start
    if not trap.safe(x):
        raise InvalidInput(
            "the trap keeps the coins out of all heads from starts in it; "
            f"{game.state_text(x)} is not one: leave --start out"
        )
    words = "an adversarial Devil (it keeps some evenly spaced coins from all matching: its trap)"
    return x, trap.devil(), words


def play_against(
    game: Game,
    moves: Sequence[int],
    devil: str = "random",
    *,
    start: int | None = None,
    seed: int | None = None,
    turns: Sequence[Perm] | None = None,
) -> Playthrough:
    """Play a blind strategy out against a Devil: 'random' (seeded), 'greedy', 'adversarial'
    (the strongest against these moves), or the given turns (one before each move).

    >>> p = play_against(Game(2), [3, 1, 3], 'adversarial')
    >>> p.won, len(p.steps)
    (True, 3)
    """
    if game.observe.tree:
        raise NotSupported(f"a {game.observe} game's strategy is a tree, not a list of moves")
    rng = np.random.default_rng(seed)
    if turns is not None:
        if len(turns) < len(moves):
            raise InvalidInput(f"{len(turns)} turns for {len(moves)} moves: give one a move")
        x = _random_start(game, rng) if start is None else start
        found: tuple[int, Devil, str] = (x, scripted(game, turns), "the Devil's turns")
        devil = "turns"
    elif DevilKind.parse(devil) is DevilKind.ADVERSARIAL:
        found = _adversarial(game, moves, start)
    else:
        x = _random_start(game, rng) if start is None else start
        chosen = random_devil(game, rng) if devil == DevilKind.RANDOM else greedy_devil(game)
        found = (x, chosen, f"a {devil} Devil")
    x, opponent, against = found
    steps = play(game, moves, x, opponent)
    kept = seed if devil == DevilKind.RANDOM else None
    return Playthrough(game=game, start=x, devil=devil, against=against, moves=len(moves),
                       steps=steps, seed=kept)  # fmt: skip
