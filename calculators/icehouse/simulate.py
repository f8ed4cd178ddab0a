"""Seeded simulation of a Defend in which some players play best (COM 6.3, ruling COM R18).

Everyone rolls first, then the players reroll in turn from the attacker, each seeing every die on
the table (ruling COM R2). A player playing best replies to the table as it stands, one reroll
ahead (``reply.Reply`` with ``depth=1``): an approximation of best play, since it neither plans a
sequence of rerolls nor allows for the later players' rerolls. A player with a named policy
follows it.
"""
from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

from .bestplay import movers_of, rounds_of
from .combat import rank_losses
from .faces import roll
from .forces import Force
from .policies import REACTS, rerolled, settle
from .reply import Reply
from .solver import Outcome, dice_given


def simulate_best(forces: tuple[Force, ...], trials: int, seed: int, objective: str = "sole", every: int = 500):
    """Generator: progress every ``every`` trials, then an ``Outcome`` of counts."""
    rand = random.Random(seed).random
    R = rounds_of(forces)
    movers = movers_of(forces)
    reply = Reply(tuple(f.pyramids for f in forces), R, objective, depth=1)
    counts: dict = defaultdict(int)
    for t in range(trials):
        table = [tuple(sorted(((roll(f, rand), f) for f in force.dice), reverse=True)) for force in forces]
        play(table, movers, reply, rand, R)
        counts[_lost(table, R)] += 1
        if (t + 1) % every == 0:
            yield (t + 1) / trials
    given = tuple(Fraction(g) for g in dice_given(forces))
    return Outcome("monte-carlo", dict(counts), given, trials=trials, seed=seed)


def simulate_options(forces: tuple[Force, ...], table: list, options: list, trials: int, seed: int,
                     objective: str = "sole", every: int = 500):
    """The reroll helper's simulation: the first mover takes each option (None: stop; j: reroll die j
    once), then everyone plays on. Each option meets the same random numbers. Returns one
    ``Outcome`` per option."""
    R = rounds_of(forces)
    movers = movers_of(forces)
    first, rest = movers[0], movers[1:]
    reply = Reply(tuple(f.pyramids for f in forces), R, objective, depth=1)
    outs = []
    for o, option in enumerate(options):
        rand = random.Random(seed).random
        counts: dict = defaultdict(int)
        for t in range(trials):
            now = list(table)
            if option is not None:
                now[first.player] = _reroll(now[first.player], option, rand)
                _turn(now, first, first.rerolls - 1, reply, rand, R)
            play(now, rest, reply, rand, R)
            counts[_lost(now, R)] += 1
            if (t + 1) % every == 0:
                yield (o + (t + 1) / trials) / len(options)
        outs.append(Outcome("monte-carlo", dict(counts), tuple(Fraction(g) for g in dice_given(forces)),
                            trials=trials, seed=seed))
    return outs


def play(table: list, movers, reply: Reply, rand, R: int) -> None:
    """Every mover in turn takes their rerolls (COM 6.3), changing ``table`` in place."""
    for mv in movers:
        _turn(table, mv, mv.rerolls, reply, rand, R)


def _turn(table: list, mv, left: int, reply: Reply, rand, R: int) -> None:
    i = mv.player
    dice = table[i]
    if mv.policy == "best":
        tops = tuple(tuple(v for v, _ in d[:R]) for d in table)
        for k in range(left, 0, -1):
            j = reply.pick(i, dice, k, tops)
            if j is None:
                break
            dice = _reroll(dice, j, rand)
    else:
        context = None
        if mv.policy in REACTS and i > 0:
            context = tuple(min(table[k][r][0] for k in range(i)) for r in range(R))
        dice = settle(dice, left, mv.policy, context, lambda faces: roll(faces, rand))
    table[i] = dice


def _reroll(dice, j: int, rand):
    return rerolled(dice, j, roll(dice[j][1], rand))


def _lost(table, rounds: int) -> tuple[int, ...]:
    """COM 6.5-6.6 with one die per pyramid: rank by rank, every holder of the lowest loses one."""
    if rounds == 0:
        return tuple(0 if d else 1 for d in table)
    return tuple(rank_losses([[v for v, _f in d[:rounds]] for d in table], rounds))
