"""Which games the play section's menus offer (``/api/menus``): every combination of its menus,
and for each the server refuses, the words it refuses it with.

The page asks once as it loads and greys out what is refused; it holds no rule of its own.  A
game is refused by the very checks ``/api/new`` runs: the page's sizes and the game's own fields
(``page_game``), and whether the Play section plays it (``play_refusal``: the
family's capabilities, and a goal that leaves something to play).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import get_args

from fastapi import APIRouter
from pydantic import BaseModel

from devilcoins.web.models import (
    MAX_PLAY_N,
    MAX_PLAY_VALUES,
    GoalName,
    GroupName,
    ObserveName,
    page_game,
    play_refusal,
)

__all__ = ["Menus", "menu_key", "menus_router", "page_refusal"]


def page_refusal(n: int, values: int, group: str, goal: str, observe: str) -> str | None:
    """Why the page plays no game of these menus' choices (any hands), or None when it plays
    one: the words /api/new answers with.

    >>> page_refusal(4, 2, 'cyclic', 'zero', 'blind') is None
    True
    >>> page_refusal(1, 2, 'cyclic', 'same', 'blind')
    'every state of n=1 goal=same is in the goal: there is nothing to play'
    """
    try:
        game = page_game(n, values, group, goal, None, observe)
    except ValueError as refused:  # the page's checks, or the game's own (a DevilcoinsError)
        return str(refused)
    return play_refusal(game)


def menu_key(n: int, values: int, group: str, goal: str, observe: str) -> str:
    """A combination of the menus as the page looks it up: faces, group, goal, what the player
    learns, N.

    >>> menu_key(4, 2, 'cyclic', 'zero', 'blind')
    '2 cyclic zero blind 4'
    """
    return f"{values} {group} {goal} {observe} {n}"


class Menus(BaseModel):
    """The menus' options, in the page's order, and the combinations refused, with why."""

    faces: list[int]
    groups: list[str]
    goals: list[str]
    observe: list[str]
    sizes: list[int]
    refused: dict[str, str]


@lru_cache(maxsize=1)
def menus() -> Menus:
    """Every combination of the menus, judged once a process (768 games, about 0.2 s)."""
    faces = list(range(2, MAX_PLAY_VALUES + 1))
    groups, goals = list(get_args(GroupName)), list(get_args(GoalName))
    learn, sizes = list(get_args(ObserveName)), list(range(1, MAX_PLAY_N + 1))
    refused = {}
    for values, group, goal, observe, n in product(faces, groups, goals, learn, sizes):
        why = page_refusal(n, values, group, goal, observe)
        if why is not None:
            refused[menu_key(n, values, group, goal, observe)] = why
    return Menus(
        faces=faces, groups=groups, goals=goals, observe=learn, sizes=sizes, refused=refused
    )


def menus_router() -> APIRouter:
    """The route of the menus' offer."""
    router = APIRouter()

    @router.get("/api/menus", response_model=Menus)
    def offered() -> Menus:
        """Every combination of the play section's menus the server refuses, with its words
        (keys: faces, group, goal, what the player learns and N, space-separated)."""
        return menus()

    return router
