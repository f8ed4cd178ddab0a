"""Conquest of Mars under each reading of its switchable rulings (issue 19): COM R1, COM R2, COM R3.

The oracle here is written from the rules and the readings alone: it enumerates every roll and every
reroll of dice given as lists of the values their faces show (so a d10 read literally is simply
0..9), plays the policies and best play by backward induction, and resolves the comparisons step by
step. It shares no code with calculators/icehouse; the calculators are reached through the contract.
"""
from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest

import calculators
from calculators.icehouse import hidden

D10_LITERAL = tuple(range(0, 10))


def die(faces: int, literal: bool = False) -> tuple[int, ...]:
    return D10_LITERAL if literal and faces == 10 else tuple(range(1, faces + 1))


class Player:
    def __init__(self, pyramids, dice, rerolls=0, policy="none", home=0):
        self.pyramids, self.dice, self.rerolls, self.policy, self.home = pyramids, tuple(dice), rerolls, policy, home


def combat(finals, players, whole_pool=False):
    """COM 6.5-6.6 step by step: each round every player in the Defend shows their highest die left (0 with
    none), all at the lowest lose a pyramid, the compared dice go to the common pool; a player out of
    pyramids leaves (COM R4). It stops when a player who took part in the round has no dice left: the
    dice committed (COM R3 committed), or committed and at home (whole-pool)."""
    dice = [sorted(f, reverse=True) for f in finals]
    left = [p.pyramids for p in players]
    lost = [0] * len(players)
    active = [i for i in range(len(players)) if left[i] > 0]
    while len(active) >= 2:
        shown = {i: dice[i].pop(0) if dice[i] else 0 for i in active}
        low = min(shown.values())
        for i in active:
            if shown[i] == low:
                lost[i] += 1
                left[i] -= 1
        if any(not dice[i] and not (whole_pool and players[i].home) for i in active):
            break
        active = [i for i in active if left[i] > 0]
    return tuple(lost)


class Oracle:
    """Every roll, every reroll; players reroll in turn. ``open_view``: best play sees every die (COM R2
    open); a named policy looks only at its own dice here."""

    def __init__(self, players, whole_pool=False, objective="sole"):
        self.players, self.whole_pool, self.kept_first = players, whole_pool, objective == "kept"
        self.value = lru_cache(maxsize=None)(self._value)

    def key(self, dist, i):
        pyr = [p.pyramids for p in self.players]
        sole = sum(q for lost, q in dist.items()
                   if pyr[i] - lost[i] > 0 and all(pyr[j] - lost[j] == 0 for j in range(len(pyr)) if j != i))
        kept = sum(q * (pyr[i] - lost[i]) for lost, q in dist.items())
        return (kept, sole) if self.kept_first else (sole, kept)

    def kids(self, table, i, j):
        dice = table[i]
        faces = dice[j][1]
        return [table[:i] + (tuple(sorted(dice[:j] + dice[j + 1:] + ((v, faces),), reverse=True)),) + table[i + 1:]
                for v in faces]

    def average(self, kids, i, left):
        acc: dict = {}
        for kid in kids:
            for k, q in self.value(kid, i, left - 1).items():
                acc[k] = acc.get(k, 0) + q / len(kids)
        return acc

    def pick(self, table, i, left):
        policy = self.players[i].policy
        dice = table[i]
        if policy == "below-average":
            below = [j for j, (v, f) in enumerate(dice) if 2 * v < min(f) + max(f)]
            return max(below, key=lambda j: (min(dice[j][1]) + max(dice[j][1]) - 2 * dice[j][0], len(dice[j][1]), -j),
                       default=None)
        if policy == "best":
            best, bk, seen = None, self.key(self.value(table, i + 1, None), i), set()
            for j in sorted(range(len(dice)), key=lambda j: (-len(dice[j][1]), dice[j][0])):
                if dice[j] in seen:
                    continue
                seen.add(dice[j])
                k = self.key(self.average(self.kids(table, i, j), i, left), i)
                if k > bk:
                    best, bk = j, k
            return best
        return None

    def _value(self, table, i, left):
        if i == len(self.players):
            return {combat([[v for v, _ in d] for d in table], self.players, self.whole_pool): Fraction(1)}
        if left is None:
            left = self.players[i].rerolls if table[i] else 0
        j = self.pick(table, i, left) if left else None
        if j is None:
            return self.value(table, i + 1, None)
        return self.average(self.kids(table, i, j), i, left)

    def solve(self):
        faces = [f for p in self.players for f in p.dice]
        out: dict = {}
        for roll in product(*faces):
            it = iter(roll)
            table = tuple(tuple(sorted(((next(it), f) for f in p.dice), reverse=True)) for p in self.players)
            for k, q in self.value(table, 0, None).items():
                out[k] = out.get(k, 0) + q
        total = 1
        for f in faces:
            total *= len(f)
        return {k: q / total for k, q in out.items()}


def sole_chances(dist, players):
    pyr = [p.pyramids for p in players]
    return [sum(q for lost, q in dist.items() if pyr[i] - lost[i] > 0
                and all(pyr[j] - lost[j] == 0 for j in range(len(pyr)) if j != i)) for i in range(len(pyr))]


def empty_chance(dist, players):
    return sum(q for lost, q in dist.items() if all(m == p.pyramids for m, p in zip(lost, players, strict=True)))


def engine(params):
    out = calculators.run("com-defend", params)
    assert out["ok"], out
    return [Fraction(p["sole"]["p"]) for p in out["data"]["players"]], Fraction(out["data"]["empty"]["p"]), out


# -- COM R1: a d10 read 1 to 10, or 0 to 9 ---------------------------------------------------------------

R1_CASES = [
    # (p1, p2, policy, oracle players under the literal reading)
    ("S=1 dice=d10", "S=1 dice=d6", "none", [Player(1, [D10_LITERAL]), Player(1, [die(6)])]),
    ("S=2 dice=d10,d10", "S=2 dice=d8,d4", "none",
     [Player(2, [D10_LITERAL, D10_LITERAL]), Player(2, [die(8), die(4)])]),
    ("S=1 M=1 dice=d10,d6", "S=2 dice=d6,d6", "below-average",
     [Player(2, [D10_LITERAL, die(6)], 1, "below-average"), Player(2, [die(6), die(6)], 0, "below-average")]),
    ("S=1 M=1 dice=d10,d4", "M=1 S=1 dice=d6,d4", "best",
     [Player(2, [D10_LITERAL, die(4)], 1, "best"), Player(2, [die(6), die(4)], 1, "best")]),
    ("L=1 dice=d10", "S=1 dice=d10", "best",
     [Player(1, [D10_LITERAL], 2, "best"), Player(1, [D10_LITERAL], 0, "best")]),
    # someone with no dice: a literal d10's 0 ties them; best play rerolls a 0 (COM 6.5)
    ("M=1 dice=d10", "S=1 dice=none", "best", [Player(1, [D10_LITERAL], 1, "best"), Player(1, [])]),
    ("M=1 dice=d10", "S=1 dice=none", "none", [Player(1, [D10_LITERAL], 1, "none"), Player(1, [])]),
]


@pytest.mark.parametrize("p1, p2, policy, players", R1_CASES, ids=[c[0] + " v " + c[1] for c in R1_CASES])
def test_com_r1_literal_matches_the_oracle(p1, p2, policy, players):
    sole, empty, out = engine({"p1": p1, "p2": p2, "policy": policy, "com_r1": "literal"})
    dist = Oracle(players).solve()
    assert sole == sole_chances(dist, players)
    assert empty == empty_chance(dist, players)
    assert "COM R1: literal" in out["rules"]


def test_com_r1_one_to_ten_is_the_d10_numbered_1_to_10():
    players = [Player(1, [die(10)]), Player(1, [die(6)])]
    sole, _, out = engine({"p1": "S=1 dice=d10", "p2": "S=1 dice=d6", "policy": "none"})
    assert sole == sole_chances(Oracle(players).solve(), players) == [Fraction(13, 20), Fraction(1, 4)]
    assert "COM R1: one-to-ten" in out["rules"]


def test_com_r1_literal_in_the_reroll_helper_reads_a_zero():
    ok = calculators.run("com-reroll", {"p1": "S=1 dice=d6:3", "p2": "M=1 dice=d10:0", "turn": 2, "left": 1,
                                        "com_r1": "literal"})
    assert ok["ok"], ok
    assert ok["data"]["advice"]["option"] == "reroll"
    # With the die read 0 to 9 the helper's reroll of the 0 wins with the chance of 4 to 9: 6/10.
    assert ok["data"]["advice"]["sole"]["p"] == "3/5"
    bad = calculators.run("com-reroll", {"p1": "S=1 dice=d6:3", "p2": "M=1 dice=d10:0", "turn": 2, "left": 1})
    assert not bad["ok"] and bad["error"]["field"] == "p2" and "1 to 10" in bad["error"]["message"]
    ten = calculators.run("com-reroll", {"p1": "S=1 dice=d6:3", "p2": "M=1 dice=d10:10", "turn": 2, "left": 1,
                                         "com_r1": "literal"})
    assert not ten["ok"] and "0 to 9" in ten["error"]["message"]


# -- COM R3: which dice "no dice remaining" counts ----------------------------------------------------------

R3_CASES = [
    # (p1, p2, p3, policy, oracle players): some player has dice at home (home=)
    ("S=2 dice=d6,d6 home=1", "S=1 dice=d6 home=1", "", "none",
     [Player(2, [die(6)] * 2, home=1), Player(1, [die(6)], home=1)]),
    ("S=2 dice=d8,d6 home=3", "S=3 dice=d6", "", "none",  # player 2's pool is short: no tail
     [Player(2, [die(8), die(6)], home=3), Player(3, [die(6)])]),
    ("S=1 M=1 dice=d6,d4", "S=1 dice=d8 home=2", "", "below-average",
     [Player(2, [die(6), die(4)], 1, "below-average"), Player(1, [die(8)], 0, "below-average", home=2)]),
    ("S=1 M=1 dice=d6,d4 home=1", "M=1 dice=d6 home=2", "", "best",
     [Player(2, [die(6), die(4)], 1, "best", home=1), Player(1, [die(6)], 1, "best", home=2)]),
    ("S=3 dice=d6,d6,d4 home=1", "S=1 dice=d8 home=1", "S=1 dice=d6 home=1", "none",
     [Player(3, [die(6), die(6), die(4)], home=1), Player(1, [die(8)], home=1), Player(1, [die(6)], home=1)]),
    ("L=1 S=1 dice=d6,d6 home=1", "S=1 dice=d6 home=1", "", "best",
     [Player(2, [die(6)] * 2, 2, "best", home=1), Player(1, [die(6)], 0, "best", home=1)]),
]


@pytest.mark.parametrize("p1, p2, p3, policy, players", R3_CASES, ids=[c[0] + " v " + c[1] for c in R3_CASES])
def test_com_r3_whole_pool_matches_the_oracle(p1, p2, p3, policy, players):
    sole, empty, out = engine({"p1": p1, "p2": p2, "p3": p3, "policy": policy, "com_r3": "whole-pool"})
    dist = Oracle(players, whole_pool=True).solve()
    assert sole == sole_chances(dist, players)
    assert empty == empty_chance(dist, players)
    for entry, p in zip(out["data"]["players"], players, strict=True):
        assert {int(d["outcome"]): Fraction(d["p"]) for d in entry["lost"]} == {
            m: q for m in range(p.pyramids + 1)
            if (q := sum(w for lost, w in dist.items() if lost[players.index(p)] == m))}
    assert "COM R3: whole-pool" in out["rules"]


def test_com_r3_whole_pool_differs_from_committed_by_hand():
    # Player 2 (one pyramid, one d6, one die at home) faces two d6. Committed: one comparison, player 2 loses
    # when their d6 is at most player 1's higher d6: sum over k of (2k - 1)/36 * k/6 = 161/216. Whole pool:
    # player 2 then rolls 0 against player 1's second d6 and always loses: player 1 is sole occupier surely,
    # and gives up a second die whenever they lost the first comparison (55/216).
    committed, _, _ = engine({"p1": "S=2 dice=d6,d6 home=1", "p2": "S=1 dice=d6 home=1", "policy": "none"})
    whole, _, out = engine({"p1": "S=2 dice=d6,d6 home=1", "p2": "S=1 dice=d6 home=1", "policy": "none",
                            "com_r3": "whole-pool"})
    assert committed == [Fraction(161, 216), 0] and whole == [1, 0]
    assert out["data"]["players"][0]["dice_given_up"]["value"] == "271/216"


def test_com_r3_whole_pool_refuses_what_needs_leftover_values():
    out = calculators.run("com-defend", {"p1": "S=2 dice=d6,d6 home=1", "p2": "S=2 dice=d6,d6",
                                         "p3": "S=1 dice=d6 home=2", "com_r3": "whole-pool"})
    assert not out["ok"] and out["error"]["field"] == "com_r3" and "at most one player" in out["error"]["message"]
    bad = calculators.run("com-defend", {"p1": "S=2 dice=d6 home=1", "p2": "S=1 dice=d6"})
    assert not bad["ok"] and bad["error"]["field"] == "p1" and "COM 6.2" in bad["error"]["message"]


def test_com_r3_skip_if_empty_has_no_defend():
    out = calculators.run("com-defend", {"p1": "S=1 dice=d6", "p2": "S=2 dice=none", "com_r3": "skip-if-empty"})
    assert out["ok"], out
    assert [p["sole"]["p"] for p in out["data"]["players"]] == ["0/1", "0/1"]
    assert out["data"]["disputed"]["p"] == "1/1"
    assert any("No Defend takes place" in n and "ruling COM R3" in n for n in out["notes"])
    # with dice on every side the Defend takes place as under the site's reading
    both = {"p1": "S=1 dice=d8", "p2": "S=1 dice=d6", "policy": "none"}
    assert (calculators.run("com-defend", {**both, "com_r3": "skip-if-empty"})["data"]["players"]
            == calculators.run("com-defend", both)["data"]["players"])


# -- COM R2: rolls in the open, or hidden until step 3 -------------------------------------------------------

def one_die_finals(faces, reroll_on):
    """A player with one die and one reroll who rerolls exactly the values in ``reroll_on``."""
    n = len(faces)
    return {(x,): Fraction(0 if x in reroll_on else 1, n) + Fraction(len(reroll_on), n * n) for x in faces}


def hidden_equilibrium_outcomes(players, kept_first=False):
    """Every pure own-dice play of every player (one die, one reroll each: reroll on any subset of values),
    and the outcomes of the profiles in which no player gains by playing otherwise (their key compared as
    ruling COM R18 orders it). The players' final dice are independent: nobody sees anyone else's."""
    from itertools import chain, combinations
    plays = [[frozenset(c) for c in chain.from_iterable(combinations(p.dice[0], k) for k in range(len(p.dice[0]) + 1))]
             if p.rerolls else [frozenset()] for p in players]

    def outcome(profile):
        dist: dict = {}
        finals = [one_die_finals(p.dice[0], s) for p, s in zip(players, profile, strict=True)]
        for combo in product(*(f.items() for f in finals)):
            q = 1
            for _, w in combo:
                q *= w
            lost = combat([v for v, _ in combo], players)
            dist[lost] = dist.get(lost, 0) + q
        return dist

    def key(dist, i):
        pyr = players[i].pyramids
        sole = sole_chances(dist, players)[i]
        kept = sum(q * (pyr - lost[i]) for lost, q in dist.items())
        return (kept, sole) if kept_first else (sole, kept)

    found = []
    for profile in product(*plays):
        dist = outcome(profile)
        if all(key(outcome(profile[:i] + (alt,) + profile[i + 1:]), i) <= key(dist, i)
               for i in range(len(players)) for alt in plays[i]):
            found.append(dist)
    return found


R2_CASES = [
    ("M=1 dice=d6", "S=1 dice=d6", "", [Player(1, [die(6)], 1), Player(1, [die(6)], 0)]),
    ("M=1 dice=d4", "M=1 dice=d6", "", [Player(1, [die(4)], 1), Player(1, [die(6)], 1)]),
    ("M=1 dice=d6", "M=1 dice=d6", "", [Player(1, [die(6)], 1), Player(1, [die(6)], 1)]),
    ("M=1 dice=d4", "M=1 dice=d4", "S=1 dice=d4",
     [Player(1, [die(4)], 1), Player(1, [die(4)], 1), Player(1, [die(4)])]),
]


@pytest.mark.oracle  # inside Pyodide its first case only (tests/engine/conftest.py)
@pytest.mark.parametrize("p1, p2, p3, players", R2_CASES, ids=[c[0] + " v " + c[1] for c in R2_CASES])
def test_com_r2_hidden_best_play_is_an_equilibrium(p1, p2, p3, players):
    sole, empty, out = engine({"p1": p1, "p2": p2, "p3": p3, "policy": "best", "com_r2": "hidden"})
    found = hidden_equilibrium_outcomes(players)
    assert found, "the brute force finds an equilibrium"
    assert any(sole == sole_chances(d, players) and empty == empty_chance(d, players) for d in found)
    assert "COM R2: hidden" in out["rules"]


def test_com_r2_hidden_by_hand():
    # A medium's d6 (one reroll) against a small's d6. Hidden: stopping on v wins (v - 1)/6, a reroll 15/36, so
    # player 1 rerolls 1 to 3: sole occupier (1/6)(3/6 + 4/6 + 5/6) + (1/2)(15/36) = 13/24; player 2 beats the
    # final die (4 to 6 with 1/4 each, 1 to 3 with 1/12) with (1/12)(12/6) + (1/4)(3/6) = 7/24. Open: player 1 sees
    # player 2's w and rerolls whenever not above it: 15/36 + sum over w of w(6 - w)/216 = 125/216, and player 2
    # wins with sum over w of w(w - 1)/216 = 35/108.
    params = {"p1": "M=1 dice=d6", "p2": "S=1 dice=d6", "policy": "best"}
    assert engine(params)[0] == [Fraction(125, 216), Fraction(35, 108)]
    assert engine({**params, "com_r2": "hidden"})[0] == [Fraction(13, 24), Fraction(7, 24)]


def test_com_r2_hidden_refuses_answer_earlier_and_keeps_own_dice_policies():
    out = calculators.run("com-defend", {"p1": "M=1 dice=d6", "p2": "M=1 dice=d6", "policy": "answer-earlier",
                                         "com_r2": "hidden"})
    assert not out["ok"] and out["error"]["field"] == "policy"
    one = calculators.run("com-defend", {"p1": "M=1 dice=d6", "p2": "M=1 dice=d6 reroll=answer-earlier",
                                         "policy": "none", "com_r2": "hidden"})
    assert not one["ok"] and one["error"]["field"] == "p2"
    same = {"p1": "M=1 dice=d8", "p2": "M=1 dice=d6", "policy": "below-average"}
    assert (calculators.run("com-defend", {**same, "com_r2": "hidden"})["data"]["players"]
            == calculators.run("com-defend", same)["data"]["players"])
    big = calculators.run("com-defend", {"p1": "L=3 dice=d20,d20,d20", "p2": "L=3 dice=d20,d20,d20",
                                         "com_r2": "hidden"})
    assert not big["ok"] and big["error"]["field"] == "com_r2" and f"{hidden.MAX_WORK:,}" in big["error"]["message"]


def test_the_cli_takes_the_com_readings(capsys):
    from calculators.__main__ import main as cli
    assert cli(["run", "com-defend", "p1=M=1 dice=d6", "p2=S=1 dice=d6", "policy=best", "com_r2=hidden"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["sole"]["p"] for p in out["data"]["players"]] == ["13/24", "7/24"]  # by hand, test_com_r2_hidden_by_hand
    assert out["readings"]["in_force"] == {"COM R1": "one-to-ten", "COM R2": "hidden", "COM R3": "committed"}
    assert cli(["run", "com-defend", "p1=S=1 dice=d6", "p2=S=1 dice=none", "com_r3=skip-if-empty"]) == 0
    assert json.loads(capsys.readouterr().out)["data"]["disputed"]["p"] == "1/1"
    assert cli(["run", "com-defend", "p1=S=1 dice=d6", "p2=S=1 dice=d6", "com_r3=sometimes"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "com_r3"
    assert cli(["compare", "com-dice-advisor", "you=S=1 pool=d4,d6,d8", "o1=S=2 dice=d6,d6", "policy=none"]) == 0
    columns = json.loads(capsys.readouterr().out)["data"]["comparison"]
    assert {c["label"] for c in columns} >= {"The site's readings", "COM R1: A d10 counts 0 to 9",
                                             "COM R2: Dice stay hidden until step 3",
                                             "COM R3: The whole personal pool",
                                             "COM R3: No Defend against an empty pool"}


def test_the_note_says_in_the_games_terms_how_the_site_reading_differs():
    # The known cases by hand above: the reroll helper's 3 against an unseen 2, the advisor under whole-pool.
    helper = calculators.run("com-reroll", {"p1": "M=1 dice=d6:3", "p2": "S=1 dice=d6:2", "turn": 1, "left": 1,
                                            "com_r2": "hidden"})
    assert ("The advice: stop (here reroll the d6 showing 3); Following it, sole occupier: 100.00% "
            "(here 41.67%)") in helper["notes"][-1]
    advice = calculators.run("com-dice-advisor", {"you": "S=1 pool=d4,d6,d8", "o1": "S=2 dice=d6,d6",
                                                  "policy": "none", "com_r3": "whole-pool"})
    assert "The dice to commit: d8 (here d4)" in advice["notes"][-1]
    defend = calculators.run("com-defend", {"p1": "S=1 dice=d6", "p2": "S=1 dice=none", "com_r3": "skip-if-empty"})
    assert "Player 1: sole occupier: 100.00% (here 0.00%)" in defend["notes"][-1]
    same = calculators.run("com-defend", {"p1": "S=1 dice=d6", "p2": "S=1 dice=d6", "com_r3": "skip-if-empty"})
    assert "gives the same result." in same["notes"][-1]


def test_com_r2_hidden_says_when_the_answers_never_settle():
    # Answering in turn goes round in a circle here (each answer changes the other player's best answer).
    out = calculators.run("com-defend", {"p1": "S=1 M=1 dice=d6,d4", "p2": "M=2 dice=d6,d6", "com_r2": "hidden"})
    assert not out["ok"] and out["error"]["field"] == "com_r2" and "round in a circle" in out["error"]["message"]
    advice = calculators.run("com-dice-advisor", {"you": "S=1 M=1 pool=d4,d6,d8", "o1": "M=2 dice=d6,d6",
                                                  "com_r2": "hidden"})
    assert advice["ok"], advice
    assert sorted(o["commit"] for o in advice["data"]["options"]) == [[8, 4], [8, 6]]  # d6,d4 left out
    assert any("Left out with hidden rolls (ruling COM R2): commit d6,d4" in n for n in advice["notes"])
