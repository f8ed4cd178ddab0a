"""Words for counts: "1 centre", "2 centres", "1 die", "3 dice" (issue 24: never "centre(s)").

    >>> from calculators.core.words import counted
    >>> counted(1, "centre"), counted(25, "centre"), counted(1, "die"), counted(0, "choice")
    ('1 centre', '25 centres', '1 die', '0 choices')
    >>> agreeing(1, "succeed"), agreeing(3, "fail")
    ('succeeds', 'fail')
"""
from __future__ import annotations

# Nouns of these games whose plural is not the noun + "s".
IRREGULAR = {"die": "dice", "dice": "dice", "army": "armies", "loss": "losses", "is": "are", "has": "have"}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``noun`` in the form that goes with ``n`` (``many``: its plural when not in ``IRREGULAR`` nor noun + "s")."""
    if n == 1:
        return noun
    return many or IRREGULAR.get(noun) or noun + "s"


def counted(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and ``noun`` agreeing with it: "1 centre", "2 centres" (``many`` as in ``plural``)."""
    return f"{n} {plural(n, noun, many)}"


def agreeing(n: int, verb: str) -> str:
    """``verb`` (its plural, bare form) agreeing with a subject of ``n``: "1 succeeds", "3 succeed"."""
    return verb + "s" if n == 1 else verb
