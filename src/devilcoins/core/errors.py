"""The errors devilcoins raises, and the check every count goes through.

Every error is a ``ValueError`` whose message says what was wrong and what to do instead; the
command line prints it as one line (exit status 2) and the web page as a 4xx answer.  Each says
what kind of refusal it is (``kind``, a code the atlas stores and the page reads):

``InvalidInput``  ("invalid")        the request is malformed or names no game (``NotationError``:
                                     malformed text)
``TooLarge``      ("too large")      a valid request past what devilcoins builds or searches here
``NotSupported``  ("not supported")  a valid game that this command or method does not handle

An old name of the package, still working, warns with ``DevilcoinsDeprecationWarning`` (a
``DeprecationWarning``) naming its one spelling now.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection

__all__ = [
    "ERROR_KINDS",
    "DevilcoinsDeprecationWarning",
    "DevilcoinsError",
    "InvalidInput",
    "NotSupported",
    "NotationError",
    "OtherGame",
    "TooLarge",
    "check_n",
    "did_you_mean",
    "excerpt",
    "quoted",
]


def did_you_mean(word: str, choices: Collection[str]) -> str:
    """ " (did you mean 'json'?)" for the closest of choices to word, or '' when none is close.

    >>> did_you_mean("--jsn", ["--json", "--save"]), did_you_mean("xyz", ["solve"])
    (" (did you mean '--json'?)", '')
    """
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


#: The longest run of characters without a space an error message quotes whole (a long path
#: fits): past it, a word of the user's input (a 10-million-character line) is an excerpt.
MAX_WORD = 200


#: The longest error message shown whole: past it (input quoted whole, many short words of
#: it), the message keeps its start and its end, which says what to do.
MAX_MESSAGE = 1000

#: Past this length a message's quoted passages of several words ('1 0 2 3; ...', as argparse
#: quotes a bad choice) are cut as ``quoted`` cuts them; a shorter message is left whole.
LONG_MESSAGE = 400

#: A passage in single quotes (not an apostrophe: no letter just outside either quote).
_PASSAGE = re.compile(r"(?<![\w'])'([^'\n]{81,})'(?![\w'])")


def _cut_passage(match: re.Match[str]) -> str:
    inner = match[1]
    return quoted(inner) if re.search(r"\s", inner) else match[0]  # a word: cut as a word


def excerpt(message: str, most: int = MAX_WORD) -> str:
    """The message with each long quoted passage of several words cut as ``quoted`` cuts it,
    every word longer than most characters cut to its start and end, and the whole cut in the
    middle past MAX_MESSAGE characters (a net under ``quoted``).

    >>> excerpt("flip pattern '" + "F" * 1000 + "' is not 4 long", most=20)
    "flip pattern 'FFFFFFFFF...FFFFFFF' (1,002 characters) is not 4 long"
    >>> shown = excerpt("invalid choice: '" + "1 " * 50_000 + "' (choose from 'blind', 'touch')")
    >>> len(shown), shown.endswith(" ' (100,000 characters) (choose from 'blind', 'touch')")
    (139, True)
    >>> len(excerpt("generator 1 (" + "1 " * 50_000 + ") has 50,000 entries")) < 800
    True
    """
    if len(message) <= most:
        return message
    if len(message) > LONG_MESSAGE:
        message = _PASSAGE.sub(_cut_passage, message)
    words = message.split(" ")
    message = " ".join(
        w if len(w) <= most else f"{w[: most // 2]}...{w[-8:]} ({len(w):,} characters)"
        for w in words
    )
    if len(message) <= MAX_MESSAGE:
        return message
    cut = len(message) - 700
    return f"{message[:400]} ...({cut:,} characters cut)... {message[-300:]}"


#: The most characters of the user's input an error message quotes (``quoted``).
MAX_QUOTED = 80


def quoted(text: object, most: int = MAX_QUOTED) -> str:
    """The user's input as an error message quotes it: its repr, cut to its start and end
    (with its length) when it passes most characters; every message that echoes input quotes
    it so (a value other than text as its repr: ``[0, 1]``).

    >>> quoted("HTTH"), quoted("HT" * 50_000, most=20)
    ("'HTTH'", "'HTHTHTHTHTHTH...THT' (100,000 characters)")
    """
    if isinstance(text, str) and len(text) <= most:
        return repr(text)
    body = text if isinstance(text, str) else repr(text)
    if len(body) <= most:
        return body
    head, tail = most * 2 // 3, most // 6
    return f"{body[:head] + '...' + body[-tail:]!r} ({len(body):,} characters)"


class DevilcoinsError(ValueError):
    """A request this library cannot carry out; the message says what to do instead (a long
    word of the user's input in it is cut to an excerpt: ``excerpt``)."""

    #: What kind of refusal this is (a code: see the module doc).
    kind = "invalid"

    def __init__(self, message: object = "", *rest: object) -> None:
        super().__init__(excerpt(message) if isinstance(message, str) else message, *rest)


class InvalidInput(DevilcoinsError):
    """A malformed request: a value out of range, a field that names nothing, a bad file."""

    kind = "invalid"


class NotationError(InvalidInput):
    """Malformed text for coins, moves, states, turns, beliefs or strategies."""


class OtherGame(NotationError):
    """Text that is a strategy, but for another game (``game`` names it): verify it as that."""

    def __init__(self, message: str, game: object) -> None:
        super().__init__(message)
        self.game = game


class TooLarge(DevilcoinsError):
    """A valid request past what devilcoins builds or searches here (the message says the size)."""

    kind = "too large"


class NotSupported(DevilcoinsError):
    """A valid game that this command or method does not handle (the message says what does)."""

    kind = "not supported"


class DevilcoinsDeprecationWarning(DeprecationWarning):
    """The warning an old name of devilcoins gives when it is used; the message names the one
    spelling now.  It is a ``DeprecationWarning``, so a filter on those catches it too; this
    class picks out devilcoins's own (``warnings.simplefilter("error",
    DevilcoinsDeprecationWarning)`` turns just them into errors).

    >>> import warnings
    >>> import devilcoins
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     flip = devilcoins.flip  # the notebook's name, once at the top of devilcoins
    >>> caught[0].category is DevilcoinsDeprecationWarning, str(caught[0].message)
    (True, 'devilcoins.flip is deprecated: use devilcoins.notebook.flip')
    >>> issubclass(DevilcoinsDeprecationWarning, DeprecationWarning)
    True
    """


#: Every kind of refusal, as ``DevilcoinsError.kind`` names it.
ERROR_KINDS = ("invalid", "too large", "not supported")


def check_n(n: object, *, what: str = "N", low: int = 1) -> int:
    """Return n as an int if it is a whole number >= low, else raise DevilcoinsError.

    >>> check_n(4)
    4
    >>> check_n("4")
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.InvalidInput: N must be a whole number, got '4'
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidInput(f"{what} must be a whole number, got {n!r}")
    if n < low:
        raise InvalidInput(f"{what} must be at least {low}, got {n}")
    return n
