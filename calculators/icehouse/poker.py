"""Calculator com-poker: each player's best five cards and the winner (COM 8.2-8.4, rulings COM R6-R8)."""
from __future__ import annotations

from collections import Counter

from ..core import InputError, Result, Table, calculator, text_param
from .cards import CLASS_NAMES, best_five, describe
from .parse import parse_hand

MAX_PLAYERS = 6
RULES = ["COM 8.1", "COM 8.2", "COM 8.3", "COM 8.4", "COM R6", "COM R7", "COM R8", "COM R17"]
# Shown as placeholders in empty fields, never played: a game has exactly the hands given.
EXAMPLES = {1: "KH KS 7D 7C 2H 9S", 2: "QH JH 8H 4H 3H 5C", 3: "AS AD AC 10S 6D"}


@calculator(
    id="com-poker",
    title="Poker scoring",
    game="icehouse",
    rules=RULES,
    page="icehouse/turn.md",
    description="Each player's best five cards in hand, ranked as Conquest of Mars lists them, and the winner.",
    params=[text_param(f"p{i}", f"Player {i}'s cards", "", max_length=80, placeholder=EXAMPLES.get(i, ""),
                       help="Cards in hand (the one dealt at setup and those captured), rank then suit: "
                            "A 2-10 (or T) J Q K and S H D C, e.g. KH 10S AD 7C 7D. At least five. Leave empty if "
                            "absent.")
            for i in range(1, MAX_PLAYERS + 1)],
)
def poker(v: dict) -> Result:
    """Each hand's best five and the winner. COM 8.1: a hand holds five cards or more; ruling COM R17:
    every card in hand counts, the one dealt at setup too."""
    hands = {}
    owner: dict[object, int] = {}  # a card -> the player holding it
    for i in range(1, MAX_PLAYERS + 1):
        cards = parse_hand(v[f"p{i}"], f"p{i}")
        if not cards:
            continue
        if len(cards) < 5:
            raise InputError(f"p{i}", f"Player {i} has {len(cards)} card(s); a poker hand needs five (COM 8.1).")
        for c in cards:
            if c in owner:
                raise InputError(f"p{i}", f"{c} is also in player {owner[c]}'s hand: the game uses one deck "
                                          "(ruling COM R8).")
            owner[c] = i
        hands[i] = cards
    if len(hands) < 2:
        missing = next(f"p{i}" for i in range(1, MAX_PLAYERS + 1) if i not in hands)
        raise InputError(missing, f"Give at least two players' cards ({len(hands)} given).",
                         fields=tuple(f"p{i}" for i in range(1, MAX_PLAYERS + 1)))
    scored = {i: best_five(cards) for i, cards in hands.items()}
    order = sorted(scored, key=lambda i: scored[i][0], reverse=True)
    top = scored[order[0]][0]
    winners = [i for i in order if scored[i][0] == top]
    rows, players = [], []
    for place, i in enumerate(order, 1):
        value, five = scored[i]
        shared = sum(1 for j in order if scored[j][0] == value)
        counts = Counter(c.rank for c in five)
        five = tuple(sorted(five, key=lambda c: (counts[c.rank], c.rank), reverse=True))  # sets first
        rows.append([place if shared == 1 else f"{1 + sum(1 for j in order if scored[j][0] > value)}=",
                     f"Player {i}", " ".join(str(c) for c in five), describe(value)])
        players.append({"player": i, "best": [str(c) for c in five], "class": CLASS_NAMES[value.cls],
                        "class_rank": int(value.cls), "tiebreak": list(value.tiebreak), "description": describe(value)})
    if len(winners) == 1:
        summary = f"Player {winners[0]} wins with {describe(top)}."
    else:
        summary = (f"Players {' and '.join(map(str, winners))} tie with {describe(top)} and share the win "
                   "(ruling COM R7).")
    return Result(summary=summary, data={"winners": winners, "players": players}, rules=RULES,
                  tables=[Table("Best five cards, best hand first", ["Place", "Player", "Best five", "Hand"], rows)])
