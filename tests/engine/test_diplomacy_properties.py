"""Property tests on random legal positions (seeded stdlib random), and a brute-force oracle for the resolver.

The oracle knows nothing of the guess algorithm: it tries every yes/no answer for every move and
support and keeps the answers that agree with the DATC 5.B definitions, written out again here.
"""
from __future__ import annotations

import itertools
import random

from calculators.diplomacy.api import (STANDARD, STANDARD_TYPES, Move, Phase, PhaseKind, Position, Resolver, Season,
                                       Support, Terrain, Turn, Unit, UnitType, adjudicate_phase, check_orders,
                                       convoy_routes_exist, distances, on_minimal_route, province_of, reader_for,
                                       show, standard_map)

M = standard_map()
POWERS = [p.name for p in M.powers]
SPRING = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
FALL = Phase(1901, Season.FALL, PhaseKind.MOVEMENT)


def random_position(rng: random.Random, n: int, phase=SPRING, region=None, powers=POWERS) -> Position:
    provinces = [p for p in (region or M.provinces) if M.provinces[p].terrain is not Terrain.IMPASSABLE]
    rng.shuffle(provinces)
    units = []
    for p in provinces[:n]:
        info = M.provinces[p]
        utype = rng.choice(["A", "F"]) if info.terrain is Terrain.COAST else (
            "F" if info.terrain is Terrain.SEA else "A")
        loc = p
        if utype == "F" and info.coasts:
            loc = f"{p}/{rng.choice(info.coasts).value}"
        units.append(Unit(rng.choice(powers), STANDARD_TYPES[utype], loc))
    owners = {c: rng.choice(POWERS) for c in M.centres if rng.random() < 0.7}
    return Position(phase, tuple(units), owners)


def _moves_from(u: Unit) -> list[str]:
    if u.type is UnitType.ARMY:
        return sorted(M.army_adj[u.province])
    return sorted(M.fleet_adj.get(u.location, ()))


def random_orders(rng: random.Random, pos: Position, convoys=True, convoy_rate=0.05) -> list[str]:
    """Mostly sensible orders: moves, supports that usually match a real move or hold, some convoys."""
    by_prov = pos.by_province
    role, goal = {}, {}
    for u in pos.units:
        r = rng.random()
        role[u] = "move" if r < 0.55 else "hold" if r < 0.7 else \
            "support" if r < 1 - convoy_rate or not convoys else "convoy"
        if role[u] == "move":
            goal[u] = rng.choice(_moves_from(u) or [u.location])
    lines = []
    for u in pos.units:
        if role[u] == "move":
            lines.append(f"{u.power}: {u.label()} - {show(goal[u])}")
        elif role[u] == "support":
            near = [by_prov[p] for p in M.neighbours(u.province) if p in by_prov]
            if not near:
                lines.append(f"{u.power}: {u.label()} H")
                continue
            t = rng.choice(near)
            if t in goal and rng.random() < 0.85:
                lines.append(f"{u.power}: {u.label()} S {t.label()} - {show(province_of(goal[t]))}")
            elif rng.random() < 0.85:
                lines.append(f"{u.power}: {u.label()} S {t.label()}")
            else:
                dest = rng.choice(_moves_from(t) or [t.location])
                lines.append(f"{u.power}: {u.label()} S {t.label()} - {show(province_of(dest))}")
        elif role[u] == "convoy" and u.type is UnitType.FLEET and M.is_sea(u.province):
            armies = [a for a in pos.units if a.type is UnitType.ARMY]
            if armies:
                a = rng.choice(armies)
                dest = rng.choice([p for p in M.provinces if M.provinces[p].terrain is Terrain.COAST])
                lines.append(f"{u.power}: {u.label()} C {a.label()} - {show(dest)}")
                if rng.random() < 0.5:
                    lines.append(f"{a.power}: {a.label()} - {show(dest)}")
        else:
            lines.append(f"{u.power}: {u.label()} H")
    return lines


def outcome_map(result):
    return sorted((o.text, o.status.value, o.reason, o.dislodged) for o in result.outcomes)


def test_random_positions_keep_the_board_sound():
    rng = random.Random(20241129)
    for _ in range(300):
        pos = random_position(rng, rng.randint(8, 34))
        result = adjudicate_phase(pos, "\n".join(random_orders(rng, pos)))
        after = result.after
        seen = set()
        for u in after.units:
            assert M.stands(u.type.reach, u.location), u  # no wrong terrain, never Switzerland
            assert u.province not in seen  # DIP 5.1: one unit per province
            seen.add(u.province)
        # Dislodged units wait for the retreat phase, or, none of them with a place to go, are disbanded at once
        # (DIP 12.4, ruling DIP R20): never both.
        knocked = [d.unit for d in after.dislodged] + list(result.removed)
        assert not (after.dislodged and result.removed)
        for u in knocked:
            assert u.province in seen  # the attacker stands where it was dislodged
            assert u in pos.units
        assert len(after.units) + len(knocked) == len(pos.units)
        assert not (after.contested & seen)


def test_adjudication_is_deterministic_and_independent_of_order_listing():
    rng = random.Random(7)
    for _ in range(150):
        pos = random_position(rng, rng.randint(10, 30))
        lines = random_orders(rng, pos)
        first = adjudicate_phase(pos, "\n".join(lines))
        again = adjudicate_phase(pos, "\n".join(lines))
        shuffled = lines[:]
        rng.shuffle(shuffled)
        other = adjudicate_phase(pos, "\n".join(shuffled))
        assert outcome_map(first) == outcome_map(again) == outcome_map(other)
        assert first.after == other.after


def test_supply_centres_after_fall():
    rng = random.Random(99)
    for _ in range(150):
        pos = random_position(rng, rng.randint(10, 30), phase=FALL)
        result = adjudicate_phase(pos, "\n".join(random_orders(rng, pos)))
        after = result.after
        if after.phase.kind is PhaseKind.RETREATS:
            result = adjudicate_phase(after, "")  # every dislodged unit disbands
            after = result.after
        owners = after.owners
        assert set(owners) <= set(M.centres)
        counts = {p: after.centre_count(p) for p in POWERS}
        assert sum(counts.values()) == len(owners) <= 34
        for u in after.units:
            if M.provinces[u.province].centre:
                assert owners[u.province] == u.power  # DIP 14.3
        for c, p in pos.owners.items():
            if all(u.province != c for u in after.units):
                assert owners[c] == p  # an empty centre keeps its owner


# -- brute-force oracle ----------------------------------------------------------------
class _Board:
    """The fixed facts of a set of orders (no convoys): who moves where, who supports whom."""

    def __init__(self, orders):
        self.orders = orders
        self.at = {o.unit.province: i for i, o in enumerate(orders)}
        self.moves = [i for i, o in enumerate(orders) if isinstance(o, Move)]
        self.sups = [i for i, o in enumerate(orders) if isinstance(o, Support)]
        self.power = [o.unit.power for o in orders]
        self.prov = [o.unit.province for o in orders]
        self.dest = {i: orders[i].dest_province for i in self.moves}
        self.backers = {i: [s for s in self.sups if orders[s].target == self.prov[i]] for i in range(len(orders))}
        self.into = {}
        for i in self.moves:
            self.into.setdefault(self.dest[i], []).append(i)

    def h2h(self, i, j):
        return j is not None and j in self.dest and self.dest[j] == self.prov[i]


class _Answer:
    """One yes/no answer for every move and support, and the DATC 5.B definitions it must agree with."""

    def __init__(self, board: _Board, ok: dict):
        self.b, self.ok = board, ok

    def n_sup(self, i, not_power=None):
        return sum(1 for s in self.b.backers[i] if self.ok[s] and self.b.power[s] != not_power)

    def hold(self, p):
        j = self.b.at.get(p)
        if j is None:
            return 0
        if j in self.b.dest:
            return 0 if self.ok[j] else 1
        return 1 + self.n_sup(j)

    def attack(self, i):
        b = self.b
        j = b.at.get(b.dest[i])
        if j is None or (j in b.dest and not b.h2h(i, j) and self.ok[j]):
            return 1 + self.n_sup(i)
        if b.power[j] == b.power[i]:
            return 0
        return 1 + self.n_sup(i, b.power[j])

    def prevent(self, m):
        j = self.b.at.get(self.b.dest[m])
        if self.b.h2h(m, j) and self.ok[j]:
            return 0
        return 1 + self.n_sup(m)

    def move_ok(self, i) -> bool:
        b = self.b
        j = b.at.get(b.dest[i])
        a = self.attack(i)
        opp = (1 + self.n_sup(j)) if b.h2h(i, j) else self.hold(b.dest[i])
        return a > opp and all(a > self.prevent(m) for m in b.into[b.dest[i]] if m != i)

    def support_ok(self, s) -> bool:
        b = self.b
        into_s = b.orders[s].dest if b.orders[s].dest is not None else b.orders[s].target
        cut = any(b.prov[m] != into_s and b.power[m] != b.power[s] for m in b.into.get(b.prov[s], ()))
        lost = any(b.prov[m] == into_s and self.ok[m] for m in b.into.get(b.prov[s], ()))
        return not cut and not lost

    def consistent(self) -> bool:
        return all(self.move_ok(i) == self.ok[i] for i in self.b.moves) and \
            all(self.support_ok(s) == self.ok[s] for s in self.b.sups)


def consistent_assignments(orders):
    """Every answer for moves and supports that satisfies DATC 5.B (no convoys)."""
    board = _Board(orders)
    keys = board.moves + board.sups
    out = []
    for bits in itertools.product((False, True), repeat=len(keys)):
        ok = dict(zip(keys, bits, strict=True))
        if _Answer(board, ok).consistent():
            out.append(ok)
    return out


CENTRE = ["par", "bur", "mar", "gas", "pic", "bel", "hol", "ruh", "mun", "kie", "ber", "sil", "boh", "tyr",
          "vie", "gal", "bud", "tri", "ven", "pie", "swi", "pru", "war"]


def test_resolver_matches_brute_force():
    rng = random.Random(5)
    checked = unique = 0
    while checked < 1500:
        # Few powers, so that supports for and against a power's own units are common (DIP 14.7).
        pos = random_position(rng, rng.randint(5, 10), region=CENTRE, powers=rng.sample(POWERS, rng.randint(2, 3)))
        lines = random_orders(rng, pos, convoys=False)
        parsed, errors = reader_for(STANDARD).orders("\n".join(lines))
        assert not errors
        resolution = check_orders(Turn(STANDARD, pos.phase, pos, tuple(parsed), pos)).check.resolution
        effective = resolution.orders  # one legal, matched order per unit; void supports hold
        decisions = [i for i, o in enumerate(effective) if isinstance(o, (Move, Support))]
        if len(decisions) > 14:
            continue
        answers = consistent_assignments(effective)
        res = Resolver(M, resolution).run()
        got = {i: res.resolve(i) for i in decisions}
        assert got in answers, (lines, got, answers)
        if len(answers) == 1:
            unique += 1
        else:
            # Several answers only for circular movement, where every move of the ring succeeds (DIP R3).
            assert all(got[i] for i in res.paradox), lines
            assert res.paradox, lines
        checked += 1
    assert unique > 1200


# -- more fast paths against brute force ---------------------------------------------
def test_convoy_route_legality_matches_brute_force():
    """legality.on_minimal_route (DIP R5) against trying every set of fleets."""
    sea = M.sea_adjacency
    seas = sorted(sea)
    coasts = [p for p in M.provinces if M.provinces[p].terrain is Terrain.COAST]
    rng = random.Random(11)
    for _ in range(150):
        fleets = set(rng.sample(seas, rng.randint(1, 7)))
        src, dst = rng.sample(coasts, 2)

        def enables(subset, src=src, dst=dst):
            return bool(subset) and convoy_routes_exist(M, src, dst, set(subset))

        needed = set()
        for k in range(1, len(fleets) + 1):
            for subset in itertools.combinations(sorted(fleets), k):
                if enables(subset) and not any(enables(set(subset) - {f}) for f in subset):
                    needed.update(subset)
        for f in fleets:
            assert on_minimal_route(src, dst, f, fleets, sea) == (f in needed), (src, dst, sorted(fleets), f)


def test_civil_disorder_distances_match_floyd_warshall():
    """adjustments.distances (DIP R11) against all-pairs shortest paths."""
    places = sorted(M.provinces)
    inf = 10 ** 6
    d = {(a, b): (0 if a == b else 1 if b in M.neighbours(a) else inf) for a in places for b in places}
    for k in places:
        for a in places:
            dak = d[a, k]
            if dak == inf:
                continue
            for b in places:
                if dak + d[k, b] < d[a, b]:
                    d[a, b] = dak + d[k, b]
    rng = random.Random(3)
    for _ in range(40):
        targets = rng.sample(list(M.centres), rng.randint(1, 5))
        got = distances(M, targets)
        for p in places:
            want = min(d[p, t] for t in targets)
            assert got.get(p, inf) == want, (p, targets)


# -- every reading of the switchable rulings (issue 19) ---------------------------------------
def _every_reading():
    """The site's readings, each other reading alone, and every ruling's last reading at once."""
    from calculators.core.rulings import Readings
    from calculators.diplomacy.readings import RULINGS, Options

    out = [("site", Options())]
    for ruling in RULINGS:
        for reading in ruling.readings:
            if not reading.default:
                out.append((f"{ruling.id}: {reading.id}",
                            Options.from_readings(Readings({ruling.id: reading.id}, RULINGS))))
    out.append(("all others", Options.from_readings(Readings({r.id: r.readings[-1].id for r in RULINGS}, RULINGS))))
    return out


READINGS = _every_reading()
NORTH_WEST = ["nth", "eng", "iri", "mao", "nao", "nwg", "ska", "hel", "bal", "lon", "wal", "yor", "edi", "lvp", "cly",
              "bre", "pic", "bel", "hol", "den", "nwy", "swe", "kie", "gas", "spa", "por", "naf"]


def test_random_positions_stay_sound_under_every_reading():
    """No internal error, one unit a province, every unit accounted for, the same result whatever the order of
    the lines, and a Winter that removes what is due, under every reading (convoys, paradoxes and civil disorder
    included: many fleets at sea, many convoy orders)."""
    for k, (name, options) in enumerate(READINGS):
        rng = random.Random(1000 + k)
        for n in range(80):
            # Every other position around the North Sea and the Channel, where convoys (and paradoxes) are common.
            pos = random_position(rng, rng.randint(12, 34)) if n % 2 else random_position(rng, rng.randint(10, 20),
                                                                                             region=NORTH_WEST)
            lines = random_orders(rng, pos, convoy_rate=0.05 if n % 2 else 0.35)
            result = adjudicate_phase(pos, "\n".join(lines), options=options)
            shuffled = lines[:]
            rng.shuffle(shuffled)
            other = adjudicate_phase(pos, "\n".join(shuffled), options=options)
            assert outcome_map(result) == outcome_map(other) and result.after == other.after, name
            after = result.after
            seen = set()
            for u in after.units:
                assert M.stands(u.type.reach, u.location) and u.province not in seen, (name, u)
                seen.add(u.province)
            # Dislodged units wait to retreat, or with no place to go are disbanded at once (DIP 12.4, DIP R20).
            assert len(after.units) + len(after.dislodged) + len(result.removed) == len(pos.units), name
            assert not (after.contested & seen), name
            for d in after.dislodged:
                assert d.attacker_from != d.unit.province, name
            winter = Position(Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENTS), pos.units, pos.owners)
            removed = adjudicate_phase(winter, "", options=options).removed
            due = {p: len(winter.units_of(p)) - winter.centre_count(p) for p in POWERS}
            assert sorted(u.power for u in removed) == sorted(p for p, n in due.items() for _ in range(max(n, 0)))
