"""A live game played a move at a time (``MoveGame``): blind, sight and count.

Each move is one step of the one play loop (``devilcoins.playing``) and the belief follows the
one rule (``playing.update``); what only a family knows (its strongest Devil, what the player
learns after a move, the next optimal move) comes from the family.  The strongest Devil of a
blind game commits to no state (``devil.Uncommitted``): the state kept is one he could still
hold, and the line he played is chosen when the game is replayed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from devilcoins.core.errors import InvalidInput, NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.tables import class_table
from devilcoins.devil import DevilKind, Uncommitted, live_devil, live_start
from devilcoins.families import family_of
from devilcoins.live.game import LiveGame
from devilcoins.playing import Devil, play, still_possible
from devilcoins.results.judgement import Judgement
from devilcoins.results.playing import Step

__all__ = ["MoveGame"]


@dataclass
class MoveGame(LiveGame, rounds=False):
    """A blind, sight or count game in play: moves, the moves played; steps, the moves with
    what was hidden, as far as a Devil holding one state settled them; turn, a Devil holding
    one state; uncommitted, the strongest blind Devil, holding none."""

    turn: Devil | None = None
    uncommitted: Uncommitted | None = None
    moves: list[int] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)

    @classmethod
    def begin(cls, game: Game, devil: str, seed: int) -> MoveGame:
        family = family_of(game)
        generator = np.random.default_rng(seed)
        x0 = live_start(game, devil, generator, family.needs(game))
        if x0 is None:
            raise InvalidInput(f"every state of {game} is in the goal: there is nothing to play")
        strongest = family.strongest(game) if devil == DevilKind.ADVERSARIAL else None
        known = family.start_belief(game, x0)
        turn = live_devil(game, devil, generator, strongest)
        live = cls(game, devil, x0, known, seed=seed, turn=turn)
        if devil == DevilKind.ADVERSARIAL and family.uncommitted:
            tab = class_table(game)
            outside = np.flatnonzero(tab.index_of >= tab.n_goal).tolist()
            live.uncommitted = Uncommitted.start(game, outside)
        return live

    def move(self, amounts: Sequence[int]) -> None:
        """The Devil turns, then the move (an amount a position) lands; the belief follows.

        Against the uncommitted Devil the state kept is any he still holds."""
        game = self.game
        self.check_playing()
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
            return self.family.judge(self.game, self.known(), move, advice, self.coach_of)
        except (TooLarge, NotSupported):
            return None

    def _known_after(self, move: int) -> list[int]:
        """What the player knows after move: the class seen (sight, or the bell), the classes of
        the count heard (count), or the belief moved by the one rule."""
        if self.won:
            return [int(class_table(self.game).index_of[self.x])]
        return self.family.belief_after(self.game, self.belief, move, self.x)

    @property
    def played(self) -> int:
        return len(self.moves)

    def known(self) -> list[int]:
        if self.won:
            return list(self.belief)
        return still_possible(self.game, self.belief)

    def optimal(self) -> int | None:
        if self.won:
            return None
        advice = self.advice()
        if advice is not None:
            return advice.optimal
        return self.family.next_move(self.game, self.moves, self.x, self.known())

    def kind_json(self) -> dict[str, Any]:
        """The belief by name, the count heard, the optimal next move and the last judgement."""
        game = self.game
        data: dict[str, Any] = {"belief": self.known_names()}
        if self.moves and self.family.hears:
            data["heard"] = sum(v != 0 for v in game.decode(self.x))
        best = self.optimal()
        data["optimal"] = None if best is None else list(game.decode(best))
        if self.judged is not None and self.moves:
            data["judged"] = self.judged.to_json()
        return data

    def peek(self) -> None:
        """The player looks: the uncommitted Devil settles on the line he played so far."""
        super().peek()
        if self.uncommitted is not None:
            self.steps = self.replay()
            self.uncommitted = Uncommitted.start(self.game, [self.x])

    def again(self, i: int, source: LiveGame) -> None:
        assert isinstance(source, MoveGame), "a game is played again as its own kind"
        self.move(self.game.decode(source.moves[i]))

    def replay(self) -> list[Any]:
        """Every move with what was hidden (``playing.Step``): for an uncommitted Devil, one
        line he could have played, ending where the game is."""
        if self.uncommitted is None:
            return list(self.steps)
        return self.steps + list(self.uncommitted.line(self.x, first=len(self.steps) + 1))
