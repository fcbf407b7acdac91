"""The page's words for the library's names (``/api/words``): each Devil as the menus name him,
how a verdict was reached, and what each group lets the Devil do.  The page asks for them once
as it loads, so this is their one copy; each table is keyed by the library's own names
(``DevilKind``, ``How``, ``GROUP_NAMES``), and tests/web/test_api_words.py checks that every
name has its words."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel

from devilcoins import GROUP_NAMES, DevilKind, How

__all__ = ["DEVIL_WORDS", "GROUP_COUNTED", "GROUP_DOES", "HOW_WORDS", "Words", "words_router"]

#: Each Devil as the menus name him ("the strongest Devil").
DEVIL_WORDS: dict[str, str] = {
    DevilKind.RANDOM: "random",
    DevilKind.GREEDY: "greedy",
    DevilKind.ADVERSARIAL: "strongest",
}

#: How a verdict was reached (``Verdict.how``), in a visitor's words.
HOW_WORDS: dict[str, str] = {
    How.CONSTRUCTION: "the program builds the moves by a known rule, and no shorter list wins",
    How.CERTIFICATE: "there are starts the Devil can always keep away from the goal, and the "
    "program checked every one",
    How.SEARCH: "the program tried every move from everything you could know, shortest first",
    How.TREE: "the program tried every move against every answer of the Devil",
    How.RULE: "a theorem about these games says so",
}

#: What the Devil may do to the table, by the group's name (the page's opening lines).
GROUP_DOES: dict[str, str] = {
    "cyclic": "before every move lands the Devil may turn the table",
    "dihedral": "before every move lands the Devil may turn the table or turn it over",
    "none": "nobody turns the table: the positions stay where they are",
    "full": "before every move lands the Devil may shuffle the positions any way he likes",
}

#: How the list of what you know counts sequences as one, by the group's name.
GROUP_COUNTED: dict[str, str] = {
    "cyclic": " (turns of one sequence count as one)",
    "dihedral": " (turns and mirror images of one sequence count as one)",
    "none": "",
    "full": " (only how many of each face counts: the Devil may put them anywhere)",
}


class Words(BaseModel):
    """The page's words, each table keyed by the library's names."""

    devils: dict[str, str]
    how: dict[str, str]
    group_does: dict[str, str]
    group_counted: dict[str, str]


def words_router() -> APIRouter:
    """The route of the page's words."""
    router = APIRouter()

    @router.get("/api/words", response_model=Words)
    def words() -> dict[str, dict[str, str]]:
        """The page's words for the Devils (``DEVILS``), a verdict's route (``How``) and the
        groups (``GROUP_NAMES``), in the library's order."""
        return {
            "devils": {str(d): DEVIL_WORDS[d] for d in DevilKind},
            "how": {str(h): HOW_WORDS[h] for h in How},
            "group_does": {g: GROUP_DOES[g] for g in GROUP_NAMES},
            "group_counted": {g: GROUP_COUNTED[g] for g in GROUP_NAMES},
        }

    return router
