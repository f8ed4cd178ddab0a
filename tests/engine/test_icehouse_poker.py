"""Conquest of Mars poker scoring (COM 8.2-8.4, rulings COM R6-R8), checked against hands ranked by hand."""
from __future__ import annotations

from itertools import combinations

import pytest

import calculators
from calculators.icehouse.cards import Card, HandClass, best_five, rank_five
from calculators.icehouse.parse import parse_hand


def hand(text):
    return parse_hand(text, "p1")


@pytest.mark.parametrize("text, cls", [
    ("KS QH 9D 7C 2S", HandClass.HIGH_CARD),
    ("7S 7H KD 4C 2S", HandClass.PAIR),
    ("7S 7H 4D 4C 2S", HandClass.TWO_PAIR),
    ("7S 7H 7D 4C 2S", HandClass.THREE_OF_A_KIND),
    ("KH 9H 7H 4H 2H", HandClass.FLUSH),
    ("7S 7H 7D 4C 4S", HandClass.FULL_HOUSE),
    ("2S 3H 4D 5C 6S", HandClass.HIGH_CARD),  # ruling COM R6: no straight
    ("2H 3H 4H 5H 6H", HandClass.FLUSH),  # a straight flush is a flush
    ("9S 9H 9D 9C 2S", HandClass.THREE_OF_A_KIND),  # four of a kind is three of a kind
    ("10S JH QD KC AS", HandClass.HIGH_CARD),  # aces low: no royal straight
])
def test_every_class(text, cls):
    assert rank_five(hand(text)).cls == cls


def test_ranking_order_is_the_listed_one():
    ladder = ["KS QH 9D 7C 2S", "2S 2H 4D 5C 7S", "3S 3H 2D 2C 4S", "2S 2H 2D 3C 4S", "2H 3H 4H 5H 7H",
              "2S 2H 2D 3C 3S"]
    values = [rank_five(hand(t)) for t in ladder]
    assert values == sorted(values)
    assert len(set(v.cls for v in values)) == 6


@pytest.mark.parametrize("better, worse", [
    ("KS 2H 3D 4C 6S", "QS JH 10D 9C 7S"),  # high card: king beats queen
    ("KS 10H 3D 4C 6S", "KH 9H 8D 5C 7S"),  # then the next card: 10 beats 9
    ("2S 3H 4D 5C 7S", "AS 3C 4H 5D 7C"),  # aces low: down to the last card, 2 beats the ace
    ("8S 8H 2D 3C 4S", "7S 7H KD QC JS"),  # pair: higher pair wins (COM 8.3)
    ("8S 8H 5D 3C 4S", "8D 8C 4D 3H 2S"),  # same pair: kickers
    ("9S 9H 2D 2C 4S", "8S 8H 7D 7C KS"),  # two pairs: higher pair first
    ("9S 9H 3D 3C 4S", "9D 9C 2D 2H KS"),  # then the lower pair
    ("9S 9H 3D 3C 5S", "9D 9C 3H 3S 4D"),  # then the fifth card
    ("5S 5H 5D 2C 3S", "4S 4H 4D KC QS"),  # three of a kind by the triple
    ("KH 3H 4H 5H 6H", "QD JD 10D 9D 7D"),  # flush: highest card
    ("3S 3H 3D 2C 2S", "2H 2D 2C KS KH"),  # full house: triple first
    ("2S 2H 2D 3C 3S", "KS KH KD KC QS"),  # four of a kind is only three of a kind (ruling COM R6)
    ("KS KH KD KC 5S", "QS QH QD AC 2S"),  # and ranks as three kings
])
def test_tie_breaks(better, worse):
    assert rank_five(hand(better)) > rank_five(hand(worse))


def test_equal_hands_in_different_suits_tie():
    assert rank_five(hand("KS 9S 7D 4C 2S")) == rank_five(hand("KH 9H 7C 4D 2H"))


def test_best_five_is_the_best_subset():
    cards = hand("KH KS 7D 7C 2H 9S 7S")
    value, five = best_five(cards)
    brute = max(rank_five(c) for c in combinations(cards, 5))
    assert value == brute and value.cls == HandClass.FULL_HOUSE and value.tiebreak == (7, 13)


def test_calculator_winner_and_shared_win():
    r = calculators.run("com-poker", {"p1": "KH KS 7D 7C 2H", "p2": "KD KC 7H 7S 2D", "p3": ""})
    assert r["data"]["winners"] == [1, 2]
    r = calculators.run("com-poker", {"p1": "2S 3H 4D 5C 6S", "p2": "2H 2D 3S 4C 5H", "p3": ""})
    assert r["data"]["winners"] == [2]
    assert r["data"]["players"][0]["class"] == "pair"


@pytest.mark.parametrize("params, field", [
    ({"p1": "KH KH 7D 7C 2H"}, "p1"),
    ({"p2": "KH KS 7D 7C"}, "p2"),
    ({"p1": "KH KS 7D 7C 2H 9S", "p2": "KH QS JD 4C 3C"}, "p2"),  # KH also in player 1's hand
    ({"p1": "1S 2H 3D 4C 5S"}, "p1"),
    ({"p1": "KX 2H 3D 4C 5S"}, "p1"),
    ({"p1": "", "p2": "KH KS 7D 7C 2H", "p3": ""}, "p1"),
    ({"p1": " ".join(f"{r}S" for r in "A23456789") + " 10S JS QS KS 2H 3H 4H"}, "p1"),
])
def test_bad_hands(params, field):
    r = calculators.run("com-poker", params)
    assert r["ok"] is False and r["error"]["field"] == field, r


def test_card_parsing_forms():
    assert hand("TD 10C a♠") == (Card(10, "D"), Card(10, "C"), Card(1, "S"))
