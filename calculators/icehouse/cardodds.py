"""Calculator com-card-odds: the chance of completing each poker hand (COM 8.1-8.4, rulings COM R6-R8).

The cards still to come are taken as a random selection from the cards nobody holds. A
hand's class depends on two things only: how its ranks repeat (pairs, triples) and whether five
cards share a suit. The ranks are counted rank by rank, choosing which of each rank's unseen cards
are drawn; a flush is counted by inclusion and exclusion over the suits that could reach five, each
term a count that follows those suits' card counts too. Every count is a whole number of draws out
of C(unseen, k), so the chances are exact.
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any
from itertools import combinations
from math import comb

from ..core import InputError, Prob, Result, Table, calculator, int_param, percent, prob, text_param
from ..core.words import counted, plural
from .cards import CLASS_NAMES, RANK_NAMES, SUITS, Card, HandClass, best_five, describe
from .parse import parse_hand

RULES = ["COM 8.1", "COM 8.2", "COM 8.3", "COM 8.4", "COM R6", "COM R7", "COM R8", "COM R17"]
MAX_TOTAL = 15  # cards in the final hand (five end the game; a two-player game plays on to 6 or 7)
FLUSH = 5


def _rank_state(p: int, t: int, count: int) -> tuple[int, int]:
    """Ranks seen twice or more (0..2) and three times or more (0..1), after a rank with ``count`` cards."""
    return min(2, p + (count >= 2)), min(1, t + (count >= 3))


def _draw_counts(held: tuple[Card, ...], unseen: tuple[Card, ...], k: int, suits: tuple[str, ...]) -> dict:
    """Draws of k unseen cards in which every suit in ``suits`` ends with five or more cards,
    counted by the final (pairs, triples) state."""
    held_rank: dict[int, int] = defaultdict(int)
    for c in held:
        held_rank[c.rank] += 1
    start_suits = tuple(min(FLUSH, sum(1 for c in held if c.suit == s)) for s in suits)
    states = {(0, start_suits, 0, 0): 1}  # (drawn, suit counts capped at 5, pairs, triples) -> ways
    for rank in range(1, 14):
        avail = [c for c in unseen if c.rank == rank]
        subsets = [(n, tuple(sum(1 for c in pick if c.suit == s) for s in suits))
                   for n in range(len(avail) + 1) for pick in combinations(avail, n)]
        nxt: dict = defaultdict(int)
        for (drawn, sc, p, t), w in states.items():
            for n, add in subsets:
                if drawn + n > k:
                    continue
                np, nt = _rank_state(p, t, held_rank[rank] + n)
                ns = tuple(min(FLUSH, a + b) for a, b in zip(sc, add, strict=True))
                nxt[(drawn + n, ns, np, nt)] += w
        states = nxt
    out: dict = defaultdict(int)
    for (drawn, sc, p, t), w in states.items():
        if drawn == k and all(x >= FLUSH for x in sc):
            out[(p, t)] += w
    return out


# Each class below full house, as a test on the (pairs, triples) state, and whether a flush also counts.
AT_LEAST = [
    (HandClass.HIGH_CARD, lambda p, t: True),
    (HandClass.PAIR, lambda p, t: p >= 1),
    (HandClass.TWO_PAIR, lambda p, t: p >= 2 or t >= 1),
    (HandClass.THREE_OF_A_KIND, lambda p, t: t >= 1),
]


def completion(held: tuple[Card, ...], unseen: tuple[Card, ...], k: int) -> dict[HandClass, Fraction]:
    """P(the best five of held + k random unseen cards is at least each class) (COM 8.3, rulings COM R6, COM R7)."""
    total = comb(len(unseen), k)
    plain = _draw_counts(held, unseen, k, ())
    # Suits that can reach five; inclusion-exclusion over them gives the flush counts.
    able = [s for s in SUITS if sum(1 for c in held + unseen if c.suit == s) >= FLUSH]
    flush_by_state: dict = defaultdict(int)  # draws with some flush, by (pairs, triples)
    size = len(held) + k
    for n in range(1, len(able) + 1):
        if n * FLUSH > size:
            break
        for group in combinations(able, n):
            for state, w in _draw_counts(held, unseen, k, group).items():
                flush_by_state[state] += w if n % 2 else -w

    def chance(test, with_flush: bool) -> Fraction:
        ways = sum(w for (p, t), w in plain.items() if test(p, t))
        if with_flush:  # add the flushes the rank test missed
            ways += sum(w for (p, t), w in flush_by_state.items() if not test(p, t))
        return Fraction(ways, total)

    out = {cls: chance(test, True) for cls, test in AT_LEAST}
    out[HandClass.FULL_HOUSE] = chance(lambda p, t: p >= 2 and t >= 1, False)
    out[HandClass.FLUSH] = out[HandClass.FULL_HOUSE] + chance(lambda p, t: False, True) - Fraction(
        sum(w for (p, t), w in flush_by_state.items() if p >= 2 and t >= 1), total)
    return out


def deck() -> tuple[Card, ...]:
    """Ruling COM R8: one 52-card deck."""
    return tuple(Card(r, s) for s in SUITS for r in RANK_NAMES)


@calculator(
    id="com-card-odds",
    title="Card odds",
    game="icehouse",
    rules=RULES,
    page="icehouse/turn.md",
    description="The chance of ending with each poker hand, from the cards you hold and the cards still to come.",
    params=[
        text_param("held", "Your cards", "KH KS 7D 2C", max_length=80,
                   help="The cards in your hand now (the one dealt at setup and those captured), rank then suit, "
                        "e.g. KH 10S AD 7C."),
        text_param("gone", "Cards you cannot get", "", max_length=200,
                   help="Cards held by other players (or otherwise out of your reach); leave empty if none known."),
        int_param("more", "Cards still to come to you", 1, 0, 10,
                  help="How many more cards you expect to capture before the game ends (COM 8.1: five or more "
                       "in all)."),
    ],
)
def card_odds(v: dict) -> Result:
    """The chance of each final hand. COM 8.1: the game ends once every hand holds five cards, so a
    hand needs five; ruling COM R17: the card dealt at setup is in the hand like the captured ones."""
    held = parse_hand(v["held"], "held")
    gone = parse_hand(v["gone"], "gone") if v["gone"].strip() else ()
    for c in gone:
        if c in held:
            raise InputError("gone", f"{c} is also in your cards: the game uses one deck (ruling COM R8).")
    k = v["more"]
    if len(held) + k < 5:
        raise InputError("more", f"{counted(len(held), 'card')} held and {k} to come: a poker hand needs "
                                 "five (COM 8.1).")
    if len(held) + k > MAX_TOTAL:
        raise InputError("more", f"at most {MAX_TOTAL} cards in the final hand (got {len(held) + k}).")
    unseen = tuple(c for c in deck() if c not in held and c not in gone)
    if k > len(unseen):
        left = len(unseen)
        raise InputError("more", f"only {counted(left, 'card')} {plural(left, 'is')} left for you to get.")
    at_least = completion(held, unseen, k)
    classes = sorted(at_least, reverse=True)
    rows: list[list[Any]] = []
    data: list[dict[str, Any]] = []
    for n, cls in enumerate(classes):
        exactly = at_least[cls] - (at_least[classes[n - 1]] if n else 0)
        rows.append([CLASS_NAMES[cls], Prob(at_least[cls]), Prob(exactly)])
        data.append({"class": CLASS_NAMES[cls], "class_rank": int(cls), "at_least": prob(at_least[cls]),
                     "exactly": prob(exactly)})
    now = describe(best_five(held)[0]) if len(held) >= 5 else None
    best_now = f"Your best five now: {now}. " if now else f"You hold {_cards(len(held))}. "
    likely = max(data, key=lambda d: d["exactly"]["float"])
    summary = (f"Most likely final hand: {likely['class']} ({percent(likely['exactly']['float'], 1)}); a pair or "
               f"better {percent(at_least[HandClass.PAIR], 1)}, a flush or better "
               f"{percent(at_least[HandClass.FLUSH], 1)}.")
    how = f"{best_now}With {_cards(k)} more from the {len(unseen)} nobody holds."
    notes = [how, "The cards to come are taken as a random selection from every card nobody holds: the deck and the "
             "territories on the table alike. No straights, and four of a kind counts as three of a kind "
             "(ruling COM R6); aces are low (COM 8.4); one 52-card deck (ruling COM R8)."]
    return Result(summary=summary, data={"held": [str(c) for c in held], "unseen": len(unseen), "more": k,
                                         "now": now, "classes": data}, rules=RULES,
                  tables=[Table("Your final best five", ["Hand", "This or better", "Exactly this"], rows)],
                  notes=notes)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"
