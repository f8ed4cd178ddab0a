"""Text to typed values: the only place where the calculators' text parameters become data.

A force is written ``S=2 M=1 L=0 dice=d6,d6,d8`` (any order, case-insensitive; ``3d6``
means three d6; a bare number is a die's faces). A hand of cards is written
``AS 10H KD 7C 7D`` (rank then suit; T for ten; suits S H D C or the suit symbols).
"""
from __future__ import annotations

import re

from dataclasses import replace

from ..core import InputError, Part
from ..core.numbers import digit_hint, matched, number
from ..core.words import counted
from ..core.params import Choice
from .cards import Card, RANK_NAMES, SUITS
from .faces import ZERO_D10, high, low, read, size, values as face_values
from .forces import MAX_DICE, MAX_FACES, MAX_POOL, MIN_FACES, NEST_SIZE, POLICIES, Force
from .policies import NAMES

SIZE_KEYS = {"s": "small", "small": "small", "m": "medium", "medium": "medium", "l": "large", "large": "large"}
# The dice the touch controls offer to add (COM 1.2: any numbered dice will do; others are typed).
DICE_OFFERED = (4, 6, 8, 10, 12, 20)
DIE = re.compile(r"^(\d{1,2})?d(\d{1,4})$|^(\d{1,4})$")
MAX_DIE_TOKENS = MAX_POOL


def parse_dice(text: str, field: str, what: str = "dice", limit: int = MAX_DICE) -> tuple[int, ...]:
    """``d6,d8,2d10`` -> faces, highest first. Faces 2..100 (COM 1.2, ruling COM R1); reading stops
    once past ``limit`` dice (the caller reports the count)."""
    faces: list[int] = []
    tokens = [t for t in re.split(r"[,\s+]+", text.strip().lower()) if t]
    if len(tokens) > MAX_DIE_TOKENS:
        raise InputError(field, f"{what}: too many entries (at most {MAX_DIE_TOKENS}).")
    for tok in tokens:
        if tok in ("-", "none"):
            continue
        m = DIE.match(tok)
        if not m:
            raise InputError(field, f"{what}: {tok[:12]!r} is not a die; write d6, d20, 2d8 or just 6.")
        count = matched(m.group(1)) if m.group(1) else 1
        n = matched(m.group(2) or m.group(3))
        if n < MIN_FACES:
            raise InputError(field, f"{what}: a die needs at least {MIN_FACES} faces (got d{n}).")
        if n > MAX_FACES:
            raise InputError(field, f"{what}: at most {MAX_FACES} faces per die (got d{n}).")
        if count < 1:
            raise InputError(field, f"{what}: {tok!r} asks for no dice.")
        faces.extend([n] * count)
        if len(faces) > limit:
            break
    return tuple(sorted(faces, reverse=True))


def force_parts(dice_key: str = "dice", showing: bool = False) -> tuple[Part, ...]:
    """The parts of a force line, for its touch controls (``core.params.key_values``): the S, M and L pyramids,
    the dice (``pool=`` for a whole personal pool; ``showing``: with the value each die shows), and, folded,
    the player's own reroll policy and, for a Defend's dice, the dice left at home. What ``parse_force`` reads."""
    sizes = tuple(Part(key, name.capitalize(), "count", 0, NEST_SIZE, aliases=(name,))
                  for key, name in (("S", "small"), ("M", "medium"), ("L", "large")))
    pool = dice_key == "pool"
    dice = Part(dice_key, "Personal pool" if pool else "Dice", "dice", 0, MAX_POOL if pool else MAX_DICE,
                faces=DICE_OFFERED, showing=showing)
    policy = Part("reroll", "Own reroll policy", "choice", fold=True,
                  choices=(Choice("", "The policy set for everyone"), *(Choice(p, NAMES[p]) for p in POLICIES)))
    home = () if pool else (Part("home", "Dice left at home", "count", 0, MAX_POOL, fold=True),)
    return (*sizes, dice, policy, *home)


def parse_force(text: str, field: str, default_policy: str, dice_key: str = "dice") -> Force | None:
    """One player's force, or None for an empty field (player absent). COM 6.2: one die per pyramid."""
    text = text.strip()
    if not text:
        return None
    sizes = {"small": 0, "medium": 0, "large": 0}
    dice: tuple[int, ...] = ()
    policy = default_policy
    home = 0
    seen = set()
    for part in re.split(r"\s+(?=[A-Za-z]+\s*=)", text):
        if "=" not in part:
            raise InputError(field, f"{part[:20]!r} is not key=value; write e.g. S=2 M=1 L=0 {dice_key}=d6,d8.")
        key, value = (x.strip() for x in part.split("=", 1))
        key = key.lower()
        if key in seen or SIZE_KEYS.get(key) in seen:
            raise InputError(field, f"{key} is given twice.")
        if key in SIZE_KEYS:
            seen.add(SIZE_KEYS[key])
            count = number(value)
            if count is None or count > NEST_SIZE:
                raise InputError(field, f"{SIZE_KEYS[key]} pyramids: a whole number 0 to {NEST_SIZE} "
                                        f"(three nests per player) (got {value[:10]!r}){digit_hint(value)}.")
            sizes[SIZE_KEYS[key]] = count
        elif key == dice_key:
            seen.add(key)
            dice = parse_dice(value, field, dice_key, MAX_DICE if dice_key == "dice" else MAX_POOL)
        elif key == "home" and dice_key == "dice":
            seen.add(key)
            given = number(value)
            if given is None or given > MAX_POOL:
                raise InputError(field, f"home: the dice left in the personal pool, a whole number 0 to {MAX_POOL} "
                                        f"(got {value[:10]!r}){digit_hint(value)}.")
            home = given
        elif key == "reroll":
            seen.add(key)
            if value not in POLICIES:
                raise InputError(field, f"unknown reroll policy {value[:30]!r}; use one of {', '.join(POLICIES)}.")
            policy = value
        else:
            keys = f"S, M, L, {dice_key}, reroll" + (", home" if dice_key == "dice" else "")
            raise InputError(field, f"unknown key {key[:20]!r}; use {keys}.")
    force = Force(sizes["small"], sizes["medium"], sizes["large"], dice, policy, home=home)
    check_force(force, field, dice_key)
    return force


def check_force(force: Force, field: str, dice_key: str) -> None:
    """COM 6.1 and COM 6.2: pyramids there, one die per pyramid, a short pool only when nothing is left at home."""
    if force.pyramids == 0:
        raise InputError(field, "a player in a Defend has at least one pyramid at the territory (COM 6.1).")
    if dice_key == "dice" and len(force.dice) > force.pyramids:
        raise InputError(field, f"{counted(len(force.dice), 'die')} for {counted(force.pyramids, 'pyramid')}: a player "
                                f"commits one die per pyramid, no more (COM 6.2).")
    if force.home and len(force.dice) < force.pyramids:
        raise InputError(field, f"{counted(len(force.dice), 'die')} for {counted(force.pyramids, 'pyramid')} with "
                                f"{force.home} left at home: a player who has the dice commits one per pyramid "
                                "(COM 6.2).")
    if dice_key == "dice" and len(force.dice) > MAX_DICE:
        raise InputError(field, f"at most {MAX_DICE} dice (got {len(force.dice)}).")
    if len(force.dice) > MAX_POOL:
        raise InputError(field, f"at most {MAX_POOL} dice in a personal pool (got more).")


CARD = re.compile(r"^(10|[2-9tjqka])([shdc\u2660\u2665\u2666\u2663])$")
SYMBOLS = {"\u2660": "s", "\u2665": "h", "\u2666": "d", "\u2663": "c"}
RANK_OF = {"a": 1, "t": 10, "10": 10, "j": 11, "q": 12, "k": 13, **{str(n): n for n in range(2, 10)}}
MAX_HAND = 15


def parse_hand(text: str, field: str) -> tuple[Card, ...]:
    """``AS 10H KD`` -> cards; duplicates and unknown cards are errors (one 52-card deck, ruling COM R8)."""
    tokens = [t for t in re.split(r"[,\s]+", text.strip().lower()) if t]
    if len(tokens) > MAX_HAND:
        raise InputError(field, f"at most {MAX_HAND} cards (got {len(tokens)}).")
    cards = []
    for tok in tokens:
        m = CARD.match(tok)
        if not m:
            raise InputError(field, f"{tok[:8]!r} is not a card; write rank then suit, e.g. AS, 10H, TD, KC.")
        suit = SYMBOLS.get(m.group(2), m.group(2)).upper()
        card = Card(RANK_OF[m.group(1)], suit)
        if card in cards:
            raise InputError(field, f"{card} appears twice in this hand.")
        cards.append(card)
    assert all(c.suit in SUITS and c.rank in RANK_NAMES for c in cards)
    return tuple(cards)


SHOWING = re.compile(r"^d?(\d{1,4}):(\d{1,4})$")
DICE_PART = re.compile(r"\bdice\s*=\s*(.*?)(?=\s+[A-Za-z]+\s*=|$)", re.IGNORECASE)


def parse_showing(text: str, field: str, default_policy: str, literal: bool = False):
    """A force with the values its dice show, ``S=1 L=1 dice=d12:7,d4:2`` -> (Force, dice).

    ``dice``: (value, kind) pairs, highest first, as the reroll programmes hold them. None for an
    empty field. ``literal``: ruling COM R1's literal reading, under which a d10 shows 0 to 9.
    """
    m = DICE_PART.search(text)
    if not text.strip() or m is None:
        force = parse_force(text, field, default_policy)
        return (replace(force, dice=read(force.dice, literal)), ()) if force is not None else None
    shown = []
    for tok in (t for t in re.split(r"[,\s+]+", m.group(1).strip().lower()) if t):
        d = SHOWING.match(tok)
        if not d:
            raise InputError(field, f"dice: {tok[:12]!r} is not a die with its value; write faces:value, e.g. d12:7.")
        faces, value = matched(d.group(1)), matched(d.group(2))
        kind = read((faces,), literal)[0]
        if MIN_FACES <= faces <= MAX_FACES and value not in face_values(kind):
            reading = " (ruling COM R1's literal reading)" if kind == ZERO_D10 else " (ruling COM R1)"
            raise InputError(field, f"dice: a d{faces} shows {low(kind)} to {high(kind)}{reading} (got {value}).")
        shown.append((value, kind))
        if len(shown) > MAX_DICE:
            break
    faces_text = ",".join(f"d{size(f)}" for _, f in shown)
    force = parse_force(text[:m.start(1)] + faces_text + text[m.end(1):], field, default_policy)
    if force is None:
        raise InputError(field, "dice: give the dice with their values, e.g. d12:7, d6:3.")
    return replace(force, dice=read(force.dice, literal)), tuple(sorted(shown, reverse=True))
