"""What a game's family can do, and what it refuses in its own words (``Capabilities``).

Every family declares once which of the library's services its games have (``Can``) and, for
each it lacks, the sentence that refuses it.  The command line, the page and the docs ask
``devilcoins.capabilities(game)`` rather than work it out again from the game's fields.

>>> caps = Capabilities('blind coins', ('notebook', 'search'), 'moves',
...                     {Can.CERTIFICATE: 'certificates are for touch, sight and count games'})
>>> caps.can(Can.COACH), caps.can('certificate')
(True, False)
>>> Capabilities.from_json(caps.to_json()) == caps
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from devilcoins.core.errors import InvalidInput, NotSupported

__all__ = ["Can", "Capabilities"]


class Can(StrEnum):
    """A service a family may offer its games (the names the JSON form uses)."""

    #: its strategy is a list of moves (else a tree: a policy file, or JSON)
    MOVES = "moves"
    #: an optimality certificate is written for a verdict, and checked by a second checker
    CERTIFICATE = "certificate"
    #: the search keeps what it proved in a checkpoint file and goes on from it
    CHECKPOINT = "checkpoint"
    #: bounds [L, U] are written without settling the game
    BOUNDS = "bounds"
    #: the search can be restricted to some reaches
    REACHES = "reaches"
    #: the search's top questions spread over workers
    CLUSTER = "cluster"
    #: a position gets its value and the next best move
    COACH = "coach"
    #: a move at a time, on the terminal, against a chosen Devil
    PLAY = "play"
    #: played in rounds: feel some positions, then set them
    ROUNDS = "rounds"
    #: the Devil's trap of a lost game is checked by a rule of its own
    TRAP = "trap"

    @classmethod
    def parse(cls, name: str) -> Can:
        """The capability called name, or a refusal naming them all.

        >>> Can.parse('bounds') is Can.BOUNDS
        True
        """
        try:
            return cls(name)
        except ValueError:
            names = ", ".join(c.value for c in cls)
            raise InvalidInput(f"a capability is one of {names}, not {name!r}") from None


@dataclass(frozen=True)
class Capabilities:
    """A game's family, its solve routes (``methods``; the first is never forced), how its
    strategy is saved (``save``: 'moves', a file of one move a line, or 'policy', a .jsonl
    policy file), the services it refuses with the words of each refusal (every other ``Can``
    it offers), and whether its small games answer at once (``quick``)."""

    family: str
    methods: tuple[str, ...]
    save: str
    refusals: Mapping[Can, str] = field(default_factory=dict)
    #: whether its small games answer at once (milliseconds): a count game's search over
    #: beliefs takes seconds from 6 positions, so a server runs it apart
    quick: bool = True

    def can(self, what: Can | str) -> bool:
        """Whether the family offers what."""
        return Can.parse(what) not in self.refusals

    def refusal(self, what: Can | str) -> str | None:
        """The words that refuse what (None: it is offered)."""
        return self.refusals.get(Can.parse(what))

    def require(self, what: Can | str) -> None:
        """Raise ``NotSupported`` with the family's words when it does not offer what.

        >>> Capabilities('sight', (), 'policy', {Can.MOVES: 'a sight strategy is a tree'}
        ...              ).require('moves')
        Traceback (most recent call last):
        ...
        devilcoins.core.errors.NotSupported: a sight strategy is a tree
        """
        words = self.refusal(what)
        if words is not None:
            raise NotSupported(words)

    @property
    def offered(self) -> tuple[Can, ...]:
        """Every service offered, in ``Can``'s order."""
        return tuple(c for c in Can if c not in self.refusals)

    def to_json(self) -> dict[str, Any]:
        """The JSON form (``from_json`` reads it back)."""
        return {
            "family": self.family,
            "methods": list(self.methods),
            "save": self.save,
            "offers": [c.value for c in self.offered],
            "refuses": {c.value: words for c, words in self.refusals.items()},
            "quick": self.quick,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Capabilities:
        """The capabilities a ``to_json`` form holds."""
        try:
            refusals = {Can.parse(str(k)): str(v) for k, v in dict(data["refuses"]).items()}
            family, methods, save = str(data["family"]), tuple(data["methods"]), str(data["save"])
            return cls(family, methods, save, refusals, bool(data.get("quick", True)))
        except (KeyError, TypeError, ValueError) as err:
            raise InvalidInput(f"not a capabilities record: {err}") from None

    def to_text(self) -> str:
        """What the family offers and refuses, a line each.

        >>> print(Capabilities('count', ('iteration',), 'policy',
        ...                    {Can.MOVES: 'a count strategy is a tree'}).to_text())
        family: count
        solve routes: iteration
        saved as: a policy file (FILE.jsonl)
        offers: certificate, checkpoint, bounds, reaches, cluster, coach, play, rounds, trap
        refuses moves: a count strategy is a tree
        """
        saved = "one move a line" if self.save == "moves" else "a policy file (FILE.jsonl)"
        lines = [
            f"family: {self.family}",
            f"solve routes: {', '.join(self.methods) or 'the family picks'}",
            f"saved as: {saved}",
            f"offers: {', '.join(c.value for c in self.offered) or 'nothing more'}",
        ]
        lines += [f"refuses {c.value}: {words}" for c, words in self.refusals.items()]
        if not self.quick:
            lines.append("answers at once: no, its search can take seconds (run it apart)")
        return "\n".join(lines)
