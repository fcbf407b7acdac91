"""A live touch game (``TouchGame``), played in rounds: the Devil turns, the player feels the
positions reached (``feel``), then sets them (``set``).

The strongest Devil of a touch game commits to no state (``devil.TouchDevil`` named
'adversarial', ``devil.strongest_feel``): he shows the pattern after which the player's best
setting leaves the most moves, and the line he played is chosen when the game is replayed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from devilcoins.core.errors import InvalidInput, NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.tables import class_table
from devilcoins.devil import DevilKind, TouchDevil
from devilcoins.families import states_of
from devilcoins.live.game import LiveGame
from devilcoins.observed.touch import playing as touchplay
from devilcoins.observed.touch.coach import reach_value, setting_value
from devilcoins.results.advice import Advice
from devilcoins.results.judgement import Judgement

__all__ = ["TouchGame", "TouchStep"]

#: One round of a touch game as replayed (``observed.touch.playing.Step``).
TouchStep = touchplay.Step


@dataclass
class TouchGame(LiveGame, rounds=True):
    """A touch game in play: rounds (the belief, the reach, the pattern felt, the values set),
    trays (before, turned, after), and between a feel and its setting the positions held
    (reach) and the values felt there (pattern)."""

    touch: TouchDevil | None = None
    rounds: list[touchplay.Round] = field(default_factory=list)
    trays: list[tuple[int, int, int]] = field(default_factory=list)
    reach: tuple[int, ...] | None = None
    pattern: tuple[int, ...] = ()
    before: int = 0

    @classmethod
    def begin(cls, game: Game, devil: str, seed: int) -> TouchGame:
        rng = random.Random(seed)
        start = touchplay.start(game)
        if not start:
            raise InvalidInput(f"every state of {game} is in the goal: there is nothing to play")
        x = rng.choice(sorted(start))
        devil_of = TouchDevil(game, devil, rng)
        return cls(game, devil, x, _classes(game, start), seed=seed, touch=devil_of)

    def feel(self, reach: Sequence[int]) -> tuple[int, ...]:
        game = self.game
        assert self.touch is not None, "a touch game has its Devil"
        self.check_playing()
        positions = _reach(game, reach)
        if self.reach is not None:
            raise InvalidInput(f"set the positions felt first ({list(self.reach)})")
        self.judged = self._judged("reach", lambda b: reach_value(game, b, positions))
        self.before = self.x
        self.x = self.touch.feel(self.x, self.possible_states(), positions)
        self.reach, self.pattern = positions, touchplay.felt(game, self.x, positions)
        return self.pattern

    def set(self, values: Sequence[int]) -> None:
        game = self.game
        if self.touch is None or self.reach is None:
            raise InvalidInput("feel first: only the positions held can be set")
        self.check_playing()
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

    @property
    def played(self) -> int:
        return len(self.rounds)

    @property
    def held_positions(self) -> tuple[int, ...] | None:
        return self.reach

    def coach_here(self) -> Advice:
        if self.reach is not None:
            held = (self.reach, self.pattern)
            return self.family.coach(self.game, self.known(), held)
        return self.coach_of(self.known())

    def kind_json(self) -> dict[str, Any]:
        """The stage of the round, the hands, the positions held and the values felt there,
        and the last judgement."""
        stage = "won" if self.won else "set" if self.reach is not None else "feel"
        data: dict[str, Any] = {
            "hands": self.game.hands,
            "stage": stage,
            "reach": None if self.reach is None else list(self.reach),
            "felt": None if self.reach is None else list(self.pattern),
        }
        if self.judged is not None and (self.rounds or self.reach is not None):
            data["judged"] = self.judged.to_json()
        return data

    def advice_json(self) -> dict[str, Any]:
        """The coach's fields, and where to reach next or what to set."""
        data = super().advice_json()
        advice = self.advice()
        if advice is not None:
            data["next_reach"] = None if advice.reach is None else list(advice.reach)
            data["next_values"] = None if advice.values is None else list(advice.values)
        return data

    def again(self, i: int, source: LiveGame) -> None:
        assert isinstance(source, TouchGame), "a game is played again as its own kind"
        self.feel(source.rounds[i].reach)
        self.set(source.rounds[i].values)

    def replay(self) -> list[Any]:
        """Every round with what was hidden (``TouchStep``): against the strongest Devil, one
        line he could have played, ending where the game is."""
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
