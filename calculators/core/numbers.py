"""The one place where text becomes a number: every parser reads its numbers here (issue 26).

What counts as a digit is written down once, on the conventions page ("Numbers you type"): the
decimal digits of any script, which Unicode gives the category Nd (ASCII 0-9, the full-width ０-９ a
phone keyboard in a CJK layout types, Arabic-Indic ٠-٩, Devanagari ०-९, ...), each read as its
value; invisible format characters (zero-width spaces and joiners, direction marks, a byte-order
mark) inside or around a number are ignored, since nobody can see them to delete them. Superscripts
and subscripts (² ₁), circled or parenthesised numbers (① ⑴), fractions (½) and Roman numerals
(Ⅻ) are *not* digits, although ``str.isdigit()`` or NFKC would take some of them: they are not how
anybody writes a count, and reading "S=²" as "S=2" would guess. Python's regular-expression ``\\d``
matches exactly the digits read here (category Nd), so a pattern may find a number with ``\\d`` and
hand it to ``whole`` or ``number``; nothing else calls ``int()`` on text from a user.

A number has at most ``MAX_DIGITS`` digits: ``int()`` of a longer text costs time that grows with
its length and refuses more than 4,300 digits outright, and no count in these games comes near.
"""
from __future__ import annotations

import unicodedata


MAX_DIGITS = 12


def invisible(ch: str) -> bool:
    """A format character (Unicode category Cf): zero-width space or joiner, LRM/RLM, a bidi
    embedding or isolate, a byte-order mark, a soft hyphen."""
    return unicodedata.category(ch) == "Cf"


def visible(text: str) -> str:
    """``text`` without its format characters (``invisible``)."""
    return "".join(ch for ch in text if not invisible(ch)) if not text.isascii() else text


def digit(ch: str) -> int | None:
    """The value of one decimal digit of any script (category Nd), or None (``²``, ``①``, ``½``, a letter)."""
    return unicodedata.decimal(ch, None) if len(ch) == 1 else None


def number(text: str, signed: bool = False) -> int | None:
    """The whole number written in ``text``, or None if it is not one.

    Surrounding spaces and any format characters are ignored; ``signed``: a leading ``+`` or ``-``
    (or the minus sign U+2212) is allowed. At most ``MAX_DIGITS`` digits: a longer number is None.
    ``"12"``, ``" ３ "``, ``"٣"``, ``"1\\u200b2"`` -> 12, 3, 3, 12; ``"²"``, ``"1e3"``, ``"1_000"``,
    ``"0x10"``, ``"+-5"``, ``""`` -> None."""
    s = visible(text).strip()
    sign = 1
    if signed and s[:1] in ("+", "-", "\u2212"):
        sign = -1 if s[0] != "+" else 1
        s = s[1:]
    if not s or len(s) > MAX_DIGITS:
        return None
    value = 0
    for ch in s:
        d = digit(ch)
        if d is None:
            return None
        value = value * 10 + d
    return sign * value


def matched(text: str) -> int:
    """The number in text a pattern has already matched as at most ``MAX_DIGITS`` digits (``number`` reads it)."""
    value = number(text)
    if value is None:
        raise ValueError(f"{text!r} was matched as digits but is not a number")
    return value


def digits_only(text: str) -> bool:
    """Whether ``text`` is one or more digits (of any script) and nothing else: a length not checked."""
    s = visible(text).strip()
    return bool(s) and all(digit(ch) is not None for ch in s)


def digit_hint(text: str) -> str:
    """For a message about ``text``: why a number sign in it is not read (a superscript, a circled
    number, a fraction: not digits, see the module), or "" if it has none."""
    odd = next((ch for ch in text if ch.isnumeric() and digit(ch) is None), None)
    return f" ({odd} is not a digit: write numbers with the digits 0 to 9)" if odd else ""
