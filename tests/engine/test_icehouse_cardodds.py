"""Card odds (COM 8.1-8.4, rulings COM R6-R8) against brute force: every possible set of cards to come,
each hand ranked by its best five (cards.best_five, itself checked against the rules in
test_icehouse_poker.py)."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

import calculators
from calculators.icehouse.cardodds import completion, deck
from calculators.icehouse.cards import Card, HandClass, best_five


def brute(held, unseen, k):
    counts = {c: 0 for c in HandClass}
    total = 0
    for draw in combinations(unseen, k):
        cls = best_five(held + draw)[0].cls
        total += 1
        for c in HandClass:
            counts[c] += cls >= c
    return {c: Fraction(counts[c], total) for c in HandClass}


def cards(text):
    rank = {"A": 1, "J": 11, "Q": 12, "K": 13}
    return tuple(Card(rank.get(t[:-1]) or int(t[:-1]), t[-1]) for t in text.split())


@pytest.mark.oracle  # inside Pyodide its first case only (tests/engine/conftest.py)
@pytest.mark.parametrize("held, gone, k", [
    ("AH 2H 3H 4H KS", "", 1),  # the page's flush draw
    ("AH 2H 3H 4H 5S 6S 7S 8S", "", 2),  # two flushes can come at once
    ("KH KS KD 7C", "", 2),  # three of a kind, and full houses
    ("2H 2S 2D 2C 9H", "", 1),  # four of a kind counts as three (ruling COM R6)
    ("AH 5H 9H", "", 2),
    ("QH JH 10H 9H 8H", "KH AD", 1),  # already a flush
    ("AS 2S 3S", "4S 5S 6S 7S 8S 9S 10S JS QS KS AH AD AC 2H 2D 2C 3H 3D 3C 4H 4D 4C", 3),
    ("7H 7S 8H 8S", "5H 5S 5D 5C 6H 6S 6D 6C 9H 9S 9D 9C 10H 10S 10D 10C JH JS JD JC QH QS QD QC", 3),
])
def test_listed_hands_against_brute_force(held, gone, k):
    held, gone = cards(held), cards(gone) if gone else ()
    unseen = tuple(c for c in deck() if c not in held and c not in gone)
    assert completion(held, unseen, k) == brute(held, unseen, k)


def test_random_hands_against_brute_force():
    rng = random.Random(8)
    for _ in range(12):
        d = list(deck())
        rng.shuffle(d)
        h = rng.randint(3, 7)
        k = rng.randint(max(0, 5 - h), 2)
        held, gone = tuple(d[:h]), d[h:h + rng.randint(0, 12)]
        unseen = tuple(c for c in deck() if c not in held and c not in gone)
        assert completion(held, unseen, k) == brute(held, unseen, k)


def test_calculator_reports_the_counts():
    r = calculators.run("com-card-odds", {"held": "AH 2H 3H 4H KS", "more": 2})
    held = cards("AH 2H 3H 4H KS")
    want = brute(held, tuple(c for c in deck() if c not in held), 2)
    got = {row["class"]: Fraction(row["at_least"]["p"]) for row in r["data"]["classes"]}
    assert got["flush"] == want[HandClass.FLUSH] and got["pair"] == want[HandClass.PAIR]
    exactly = [Fraction(row["exactly"]["p"]) for row in r["data"]["classes"]]
    assert sum(exactly) == 1 and all(p >= 0 for p in exactly)
