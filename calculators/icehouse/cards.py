"""Playing cards and the Conquest of Mars poker ranking (COM 8.3, rulings COM R6 and COM R7)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations

SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
# Aces are low, below the 2 (COM 8.4).
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K", **{n: str(n) for n in range(2, 11)}}
RANK_WORDS = {1: "aces", 11: "jacks", 12: "queens", 13: "kings", **{n: f"{n}s" for n in range(2, 11)}}


@dataclass(frozen=True, order=True)
class Card:
    """A playing card. The ace is rank 1, below the 2: aces are always low (COM 8.4)."""

    rank: int  # 1 (ace, always low) .. 13 (king)
    suit: str

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + self.suit


class HandClass(IntEnum):
    """COM 8.3, worst to best; no straight and no four of a kind (rulings COM R6, COM R7)."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    FLUSH = 5
    FULL_HOUSE = 6


CLASS_NAMES = {
    HandClass.HIGH_CARD: "high card",
    HandClass.PAIR: "pair",
    HandClass.TWO_PAIR: "two pairs",
    HandClass.THREE_OF_A_KIND: "three of a kind",
    HandClass.FLUSH: "flush",
    HandClass.FULL_HOUSE: "full house",
}


@dataclass(frozen=True, order=True)
class HandValue:
    """Comparable: the class first, then the tie-break ranks in order (ruling COM R7)."""

    cls: HandClass
    tiebreak: tuple[int, ...]


def rank_five(cards: tuple[Card, ...]) -> HandValue:
    """The value of exactly five cards under COM 8.3 with rulings COM R6 (straights) and COM R7 (ties);
    an ace counts as 1, the lowest rank (COM 8.4)."""
    assert len(cards) == 5
    counts = Counter(c.rank for c in cards)
    # Ranks grouped by how many times they appear, then by rank, both high first.
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    flush = len({c.suit for c in cards}) == 1
    by_rank = tuple(sorted((c.rank for c in cards), reverse=True))
    if shape[0] >= 3 and len(shape) > 1 and shape[1] >= 2:
        return HandValue(HandClass.FULL_HOUSE, (groups[0][0], groups[1][0]))
    if flush:
        return HandValue(HandClass.FLUSH, by_rank)
    if shape[0] >= 3:
        # Four of a kind is not in the list: it is judged as the three of a kind it holds (ruling COM R6),
        # the fourth card then playing as the best kicker.
        trips = groups[0][0]
        kickers = tuple(sorted((r for r in by_rank if r != trips), reverse=True))
        kickers = (trips,) * (shape[0] - 3) + kickers
        return HandValue(HandClass.THREE_OF_A_KIND, (trips,) + kickers)
    if shape[0] == 2 and shape[1] == 2:
        high, low = sorted((groups[0][0], groups[1][0]), reverse=True)
        return HandValue(HandClass.TWO_PAIR, (high, low, groups[2][0]))
    if shape[0] == 2:
        pair = groups[0][0]
        return HandValue(HandClass.PAIR, (pair,) + tuple(r for r in by_rank if r != pair))
    return HandValue(HandClass.HIGH_CARD, by_rank)


def best_five(cards: tuple[Card, ...]) -> tuple[HandValue, tuple[Card, ...]]:
    """COM 8.2: the best poker hand a player can form from the cards captured (five of them)."""
    best = None
    for five in combinations(sorted(cards, reverse=True), 5):
        value = rank_five(five)
        if best is None or value > best[0]:
            best = (value, five)
    assert best is not None
    return best


def describe(value: HandValue) -> str:
    t = value.tiebreak
    name = CLASS_NAMES[value.cls]
    if value.cls == HandClass.FULL_HOUSE:
        return f"full house, {RANK_WORDS[t[0]]} over {RANK_WORDS[t[1]]}"
    if value.cls == HandClass.THREE_OF_A_KIND:
        return f"three {RANK_WORDS[t[0]]}"
    if value.cls == HandClass.TWO_PAIR:
        return f"two pairs, {RANK_WORDS[t[0]]} and {RANK_WORDS[t[1]]}"
    if value.cls == HandClass.PAIR:
        return f"pair of {RANK_WORDS[t[0]]}"
    high = RANK_NAMES[t[0]]
    return f"{name}, {high} high"
