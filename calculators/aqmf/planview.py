"""The fire plan's result: one presenter for what plan.py computes (tables, charts, data, notes)."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import BarChart, Result, Table, chance, percent, prob
from . import common as c
from .combat import Target, attack_odds, p_rout
from .damage import DESTROYED, EXPLODED, ZERO_ARMOR, ZERO_ARMOR_NOTE, after_attack_weights, is_down, p_down
from .dice import QUICK_START, RollOptions, damage_need
from .explosion import blast
from .plan import ASSAULT, SHOOTING, TOW, Plan, tripod_hit_need
from .readings import BlastAttacks

KIND_WORDS = {SHOOTING: "shooting", ASSAULT: "assault", TOW: "tow cables"}
EVENTS = {"tripod": "tripod destroyed or exploded", "human": "unit routed or wiped out", "blip": "blip revealed",
          "other": "unit wiped out"}


def headline(plan: Plan) -> tuple[str, Fraction, list[Fraction]]:
    """The plan's main question: the event, its chance after the turn, and after each attacker."""
    kind, turn = plan.target.kind, plan.turn
    if kind == "tripod":
        return EVENTS[kind], turn.chain.p(is_down), [a["down"] for a in turn.after]
    if kind == "human":
        return EVENTS[kind], turn.chain.p(lambda s: s.alive == 0 or s.routed), [a["broken"] for a in turn.after]
    return EVENTS[kind], turn.chain.p(lambda s: s.alive == 0), [a["wiped"] for a in turn.after]


SITE_BLAST = BlastAttacks.default()  # ruling AQMF R14's site reading


def present(a: Plan, b: Plan | None, nearby: list[Target], opts: RollOptions, orphan_target: bool,
            blast_reading: BlastAttacks = SITE_BLAST) -> Result:
    """The plan's result; ``blast_reading``: ruling AQMF R14's reading for an explosion's attacks."""
    out = Result(summary="", data={}, rules=["AQMF 5.4", "AQMF 5.5", *opts.rules()])
    out.data.update(plan_data(a, out))
    out.summary = summary(a)
    out.notes.insert(0, course(a))
    event, final, after = headline(a)
    series = [(a.name, after)]
    if b is not None:
        b_data = plan_data(b, None)
        out.data["compare"] = b_data
        out.summary = compare_sentence(a, b)
        out.notes.insert(1, course(b))
        out.tables.append(compare_table(a, b))
        series.append((b.name, headline(b)[2]))
        _cite(b, out)
    else:
        out.data["compare"] = None
        if orphan_target:
            out.notes.append("Plan B has a target but no attackers: add plan B's attackers to compare.")
    _after_chart(out, series, event if b is None or headline(b)[0] == event else "the plan's event")
    out.data["explosion"] = explosion(a, nearby, opts, out, blast_reading)
    _cite(a, out)
    out.rules = list(dict.fromkeys(out.rules))
    out.notes = list(dict.fromkeys(out.notes))
    return out


# -- one plan ---------------------------------------------------------------------------------

def plan_data(plan: Plan, out: Result | None) -> dict:
    """The plan's data; with ``out`` also its tables, charts and notes (plan B gives data only)."""
    event, final, after = headline(plan)
    t = plan.target
    attackers = [attacker_data(i, x, t, plan.opts) for i, x in enumerate(plan.attacks)]
    data = {
        "plan": plan.name,
        "target": {"label": t.label, "kind": t.kind, "elements": t.elements, "defense": t.defense, "armor": t.armor,
                   "cover": t.cover, "dug_in": t.dug_in, "immobilized": t.immobilized,
                   "lost_earlier": plan.lost_before},
        "attackers": attackers,
        "headline": {"event": event, **prob(final)},
        "after_each": [after_data(plan, i, p) for i, p in enumerate(after)],
        "tripod": tripod_data(plan, out) if t.kind == "tripod" else None,
        "unit": unit_data(plan, out) if t.kind != "tripod" else None,
    }
    if out is not None:
        out.tables.insert(0, attackers_table(plan, attackers, after, event))
    return data


def needs(attack, target: Target, opts: RollOptions) -> tuple[int, int | None]:
    """To-hit and to-damage numbers at the start of the turn (before any damage or cables; ruling AQMF R5's
    reading may count the Armor as at most 10 first)."""
    sh = attack.shooter
    if target.kind == "tripod":
        hit = tripod_hit_need(target, target.immobilized)
        return hit, None if attack.kind == TOW else damage_need(target.armor, sh.weapon.power, opts)
    return target.hit_need(), damage_need(target.armor_against(sh.tripod, attack.within_six), sh.weapon.power, opts)


def attacker_data(i: int, attack, target: Target, opts: RollOptions) -> dict:
    hit, dmg = needs(attack, target, opts)
    return {"attacker": i + 1, "label": attack.label, "weapon": attack.shooter.weapon.name, "attack": attack.kind,
            "elements": attack.shooter.elements, "dice": attack.shooter.dice, "hit_need": hit, "damage_need": dmg}


def after_data(plan: Plan, i: int, p: Fraction) -> dict:
    step = plan.turn.after[i]
    row = {"attacker": i + 1, "label": plan.attacks[i].label, "headline": prob(p)}
    if plan.target.kind == "tripod":
        row.update(p_exploded=prob(step["exploded"]), p_immobilized=prob(step["held"]))
    elif plan.target.kind == "blip":  # AQMF 12.6: shooting a blip only reveals it
        row.update(p_revealed=prob(step["wiped"]))
    else:
        row.update(expected_lost=prob(step["lost"]), p_wiped_out=prob(step["wiped"]))
    return row


def attackers_table(plan: Plan, rows: list[dict], after: list[Fraction], event: str) -> Table:
    def need(n):
        return "-" if n is None else ("any roll" if n <= 1 else f"{n}+" if n <= 10 else f"{n} (impossible)")
    return Table(f"{plan.name}: attackers in order, at {plan.target.label}",
                 ["#", "Unit", "Attack", "Dice", "To hit", "To damage (at the start)",
                  f"{event.capitalize()}, after it"],
                 [[r["attacker"], r["label"].split(". ", 1)[1], KIND_WORDS[r["attack"]], r["dice"], need(r["hit_need"]),
                   need(r["damage_need"]), c.pcell(p)] for r, p in zip(rows, after, strict=True)])


# -- a tripod ---------------------------------------------------------------------------------

def state_label(s) -> str:
    if s == DESTROYED:
        return "destroyed"
    if s == EXPLODED:
        return "exploded"
    extra = [w for w, on in (("crippled", s.crippled), ("weapons disabled", s.disabled), ("immobilized", s.held)) if on]
    return ", ".join([f"Armor {s.armor}" if s.armor > 0 else ZERO_ARMOR, *extra])


def _order(s):
    if is_down(s):
        return (1, s == EXPLODED, 0, 0, 0)
    return (0, -s.armor, s.crippled, s.disabled, s.held)


def tripod_data(plan: Plan, out: Result | None) -> dict:
    chain = plan.turn.chain
    states = sorted(chain.weights, key=_order)
    joint = [{"outcome": state_label(s), "armor": None if is_down(s) else s.armor,
              "crippled": not is_down(s) and s.crippled, "weapons_disabled": not is_down(s) and s.disabled,
              "immobilized": not is_down(s) and s.held, **prob(Fraction(chain.weights[s], chain.den))}
             for s in states]
    armor = chain.marginal(lambda s: s if is_down(s) else s.armor)
    order = sorted(armor, key=lambda k: (1, k == EXPLODED, 0) if is_down(k) else (0, 0, -k))
    flags = {"p_crippled": chain.p(lambda s: not is_down(s) and s.crippled),
             "p_weapons_disabled": chain.p(lambda s: not is_down(s) and s.disabled),
             "p_immobilized": chain.p(lambda s: not is_down(s) and s.held)}
    data = {"p_destroyed": prob(chain.p(is_down)), "p_exploded": prob(chain.p(lambda s: s == EXPLODED)),
            "final": joint, "armor_left": [{"outcome": _armor_label(k), **prob(armor[k])} for k in order],
            **{k: prob(v) for k, v in flags.items()}}
    if out is not None:
        out.tables.append(Table("Tripod after the turn", ["State", "Chance"],
                                [[_armor_label(k), c.pcell(armor[k])] for k in order]))
        effects = [("p_crippled", "crippled (AQMF 18.3)"), ("p_weapons_disabled", "weapons disabled (AQMF 18.4)")]
        if plan.target.immobilized or any(a.kind == TOW for a in plan.attacks):
            effects.append(("p_immobilized", "immobilized: held by cables (AQMF 17.1)"))
        out.tables.append(Table("Still standing, with lasting damage", ["Effect", "Chance"],
                                [[name, c.pcell(flags[key])] for key, name in effects]))
        out.charts.append(BarChart("Tripod after the turn", [_armor_label(k) for k in order],
                                   [("Chance", [float(armor[k]) for k in order])], x_label="state"))
        out.notes.append("Each unit's attack is one roll on the damage chart, +1 per damage point past the first "
                         "(AQMF 18.1, ruling AQMF R16); the next unit rolls to damage against the Armor left. "
                         "Crippled and weapons-disabled results stay with the tripod but change no roll here.")
        if any(not is_down(k) and k <= 0 and armor[k] for k in order):
            out.notes.append(ZERO_ARMOR_NOTE)
    return data


def _armor_label(k) -> str:
    return k if is_down(k) else (f"Armor {k}" if k > 0 else ZERO_ARMOR)


# -- a human unit, a blip, a unit with no morale -------------------------------------------

def unit_data(plan: Plan, out: Result | None) -> dict:
    t, turn = plan.target, plan.turn
    chain, n = turn.chain, t.elements
    lost = chain.marginal(lambda s: n - s.alive)
    dist = [{"outcome": k, **prob(lost.get(k, Fraction(0)))} for k in range(n + 1)]
    expected = sum((k * p for k, p in lost.items()), Fraction(0))
    wiped = chain.p(lambda s: s.alive == 0)
    blip = t.kind == "blip"  # AQMF 12.6: shooting a blip reveals it and destroys nothing
    data = {"lost": dist, "expected_lost": None if blip else prob(expected),
            "p_wiped_out": None if blip else prob(wiped), "p_revealed": prob(wiped) if blip else None, "morale": None}
    if t.kind == "human":
        routed = chain.p(lambda s: s.alive > 0 and s.routed)
        # Under AQMF R31's after-each-attack reading no test waits for the end of the Combat Phase.
        data["morale"] = {"p_tests_at_end": None if plan.morale.after_each else prob(turn.tests_at_end),
                          "p_routed": prob(routed), "p_holds": prob(1 - routed - wiped),
                          "p_routed_or_wiped_out": prob(routed + wiped)}
    if out is not None:
        _unit_tables(plan, lost, out)
    return data


def _unit_tables(plan: Plan, lost: dict, out: Result) -> None:
    t, chain, n = plan.target, plan.turn.chain, plan.target.elements
    word = "revealed" if t.kind == "blip" else "elements lost"
    out.charts.append(c.bar("Blip revealed" if t.kind == "blip" else "Elements lost over the turn",
                            _as_dist(lost), n, word))
    if t.kind == "blip":
        out.tables.append(Table("Blip revealed", ["Revealed", "Chance"],
                                [[w, c.pcell(lost.get(k, 0))] for k, w in ((0, "no"), (1, "yes"))]))
        return
    if t.kind != "human":
        out.tables.append(Table("Elements lost", ["Lost", "Chance"],
                                [[k, c.pcell(lost.get(k, 0))] for k in range(n + 1)]))
        return
    joint = chain.marginal(lambda s: (n - s.alive, s.routed))
    rows = []
    for k in range(n + 1):
        holds, routs = joint.get((k, False), Fraction(0)), joint.get((k, True), Fraction(0))
        rows.append([k if k < n else f"{k} (wiped out)", c.pcell(holds) if k < n else "-",
                     c.pcell(routs) if k < n else "-", c.pcell(holds + routs)])
    out.tables.append(Table("Elements lost and morale at the end of the Combat Phase",
                            ["Lost", "Holds", "Routed", "All"], rows))
    out.notes.append(morale_note(plan))


def morale_note(plan: Plan) -> str:
    """When the unit tests and what each test subtracts, under the readings of rulings AQMF R18 and R31."""
    m = plan.morale
    when = ("each attack that destroys an element ends with a test (AQMF 5.6, 7.2)" if m.after_each else
            "each assault with a loss ends with a test; shooting losses bring one test at the end of the Combat Phase")
    what = ("the elements lost to shooting that turn, not those lost in an assault" if m.shooting_only else
            "every element lost that turn")
    earlier = f" (with the {plan.lost_before} lost earlier)" if plan.lost_before else ""
    return (f"Morale: {when}; every test subtracts {what}{earlier}. A unit that fails any test has routed, and "
            "passing a later test does not rally it (AQMF 9.2, 9.3, rulings AQMF R18, AQMF R31).")


def _as_dist(d: dict):
    from ..core import Dist
    return Dist.of({k: p for k, p in d.items() if p}) if any(d.values()) else Dist.certain(0)


# -- sentences, comparison, explosion ---------------------------------------------------------

def summary(plan: Plan) -> str:
    """The headline: the plan's main chance first, in plain words (who attacks, in ``course``)."""
    event, final, _ = headline(plan)
    t = plan.target
    if t.kind == "tripod":
        ex = plan.turn.chain.p(lambda s: s == EXPLODED)
        return (f"Tripod down by the end of the turn: {chance(final)}; destroyed {chance(final - ex)}, "
                f"exploded {chance(ex)}.")
    if t.kind == "blip":
        return f"Blip revealed: {chance(final)}; a blip shot at is only revealed, never damaged (AQMF 12.6)."
    lost = plan.turn.chain.expect(lambda s: t.elements - s.alive)
    return f"{event.capitalize()}: {chance(final)}; {float(lost):.2f} elements lost on average."


def course(plan: Plan) -> str:
    """Who attacks what, in order, and the main chance after each attacker."""
    event, _, after = headline(plan)
    t = plan.target
    who = " then ".join(a.label.split(". ", 1)[1] for a in plan.attacks)
    armor = f" (Armor {t.armor})" if t.kind == "tripod" else ""
    text = f"{plan.name}: {who} at {t.label}{armor}."
    if len(after) > 1:
        steps = "; ".join(f"{i + 1}. {percent(p, 1)}" for i, p in enumerate(after))
        had = " (had the phase ended there)" if t.kind == "human" else ""
        text += f" {event.capitalize()} after each attacker{had}: {steps}."
    return text


def compare_sentence(a: Plan, b: Plan) -> str:
    """The headline of two plans: both main chances, and which is better."""
    ea, pa, _ = headline(a)
    eb, pb, _ = headline(b)
    if ea != eb or a.target.label != b.target.label:
        return f"Plan A: {ea} {chance(pa)}. Plan B: {eb} {chance(pb)}."
    text = f"{ea.capitalize()}: plan A {chance(pa)}, plan B {chance(pb)}"
    if pa == pb:
        return text + ": exactly the same chance."
    better, diff = ("A", pa - pb) if pa > pb else ("B", pb - pa)
    return text + f"; plan {better} is better by {float(diff) * 100:.2f} percentage points."


def compare_table(a: Plan, b: Plan) -> Table:
    rows: list[list[Any]] = [["Target", a.target.label, b.target.label],
            ["Attackers", " then ".join(x.label.split(". ", 1)[1] for x in a.attacks),
             " then ".join(x.label.split(". ", 1)[1] for x in b.attacks)]]
    (ea, pa, _), (eb, pb, _) = headline(a), headline(b)
    rows.append(["Main chance" if ea == eb else f"Main chance ({ea}; {eb})", c.pcell(pa), c.pcell(pb)])
    for label, fn, cell in (("Exploded", lambda p: p.turn.chain.p(lambda s: s == EXPLODED)
                       if p.target.kind == "tripod" else None, c.pcell),
                            ("Expected elements lost", lambda p: None if p.target.kind in ("tripod", "blip")
                             else p.turn.chain.expect(lambda s: p.target.elements - s.alive),
                             lambda x: f"{float(x):.2f}")):
        va, vb = fn(a), fn(b)
        if va is not None or vb is not None:
            rows.append([label, "-" if va is None else cell(va), "-" if vb is None else cell(vb)])
    return Table("Plans side by side", ["Compared", "Plan A", "Plan B"], rows)


def _after_chart(out: Result, series: list, event: str) -> None:
    most = max(len(s) for _, s in series)
    filled = [(name, [float(s[min(i, len(s) - 1)]) for i in range(most)]) for name, s in series]
    labels = [str(i + 1) for i in range(most)]
    out.charts.insert(0, BarChart(f"{event.capitalize()}: chance after each attacker", labels,
                                  filled, x_label="attackers so far"))
    if len(series) > 1 and len({len(s) for _, s in series}) > 1:
        out.notes.append("In the chart, a plan with fewer attackers keeps its final chance for the later columns.")


def explosion(plan: Plan, nearby: list[Target], opts: RollOptions, out: Result, reading: BlastAttacks) -> dict | None:
    """AQMF 18.7: 3 attacks at Power +2 on each unit within 6" if the tripod explodes (ruling AQMF R14)."""
    if plan.target.kind != "tripod":
        if nearby:
            out.notes.append("The units listed within 6\" of the tripod play no part: the target is not a tripod.")
        return None
    p_exp = plan.turn.chain.p(lambda s: s == EXPLODED)
    units = [_blast_on(u, p_exp, opts, reading) for u in nearby]
    if units:
        out.rules += ["AQMF 18.7", "AQMF R14"]
        out.tables.append(Table(f"If the tripod explodes ({c.pstr(p_exp)}): units within 6\"",
                                ["Unit", "If it explodes", "Over the turn"],
                                [[u["label"], u["if_exploded"], u["over_turn"]] for u in units]))
        if any(u["kind"] == "human" for u in units):
            out.rules.append("AQMF R32")
    return {"p_exploded": prob(p_exp), "units": [{k: v for k, v in u.items() if k not in ("if_exploded", "over_turn")}
                                                 for u in units]}


def _blast_on(t: Target, p_exp: Fraction, opts: RollOptions, reading: BlastAttacks) -> dict:
    odds = attack_odds(blast(reading), t, within_six=True, opts=opts)
    row: dict[str, Any] = {"label": t.label, "kind": t.kind, "p_caught": prob(p_exp)}
    if t.kind == "tripod":
        _, states = after_attack_weights(odds.damage.weights, odds.damage.den, t.armor)
        down = p_down(states)
        row.update(p_destroyed_if_exploded=prob(down), p_destroyed=prob(p_exp * down))
        row["if_exploded"] = f"destroyed {c.pstr(down)}"
        row["over_turn"] = f"destroyed {c.pstr(p_exp * down)}"
        return row
    dest = odds.destroyed
    lost = [{"outcome": k, **prob(dest.as_dict().get(k, 0) * p_exp + (1 - p_exp if k == 0 else 0))}
            for k in range(t.elements + 1)]
    row.update(lost=lost, p_any_lost=prob(p_exp * dest.at_least(1)),
               p_wiped_out=prob(p_exp * dest.at_least(t.elements)),
               p_routs=prob(p_exp * p_rout(dest, t.elements)) if t.kind == "human" else None)
    parts = [f"expected {float(dest.mean()):.2f} lost", f"at least one {c.pstr(dest.at_least(1))}"]
    if dest.at_least(t.elements):
        parts.append(f"wiped out {c.pstr(dest.at_least(t.elements))}")
    if t.kind == "human":
        parts.append(f"routs {c.pstr(p_rout(dest, t.elements))}")
    row["if_exploded"] = "; ".join(parts)
    row["over_turn"] = f"at least one lost {c.pstr(p_exp * dest.at_least(1))}"
    return row


def _cite(plan: Plan, out: Result) -> None:
    """Every rule the plan applied (each is in the calculator's catalog entry)."""
    t, rules = plan.target, out.rules
    kinds = {a.kind for a in plan.attacks}
    if ASSAULT in kinds or TOW in kinds:
        rules += ["AQMF 2.1", "AQMF 4.2", "AQMF 7.2", "AQMF R31"]
    if TOW in kinds:
        rules += ["AQMF 16.1", "AQMF 17.1", "AQMF R17"]
        out.notes.append("Tow cables: each element in contact rolls to hit with the quick-start dice; one cable "
                         "holds the tripod, which then has -4 Defense for the later attacks (AQMF 16.1, 17.1, ruling "
                         "AQMF R17).")
    for a in plan.attacks:
        w = a.shooter.weapon
        rules += (["AQMF 6.2"] if w.sweep else []) + (["AQMF 5.8"] if w.dice == 3 else [])
        rules += ["AQMF R8"] if w.key == "tank-gun" else []
        rules += ["AQMF R11"] if a.kind == ASSAULT else []
        if w.sweep and t.elements > 1:
            rules.append("AQMF R19")
            out.notes.append("A sweep is taken to cover every element of the unit still alive, one sweep after "
                             "another (ruling AQMF R19); the heat-ray calculator takes a template over some of them.")
    if any(needs(a, t, QUICK_START)[0] > 10 or (needs(a, t, QUICK_START)[1] or 0) > 10 for a in plan.attacks):
        rules.append("AQMF R5")
    _cite_target(plan, out)


def _cite_target(plan: Plan, out: Result) -> None:
    t, rules = plan.target, out.rules
    if t.kind == "tripod":
        rules += ["AQMF 18.1", "AQMF 18.3", "AQMF 18.4", "AQMF 18.5", "AQMF R15", "AQMF R16"]
    elif t.kind == "human":
        rules += ["AQMF 9.2", "AQMF 9.3", "AQMF R18", "AQMF R31"] + (["AQMF 5.6"] if plan.morale.after_each else [])
    elif t.kind == "blip":
        rules.append("AQMF 12.6")
    if t.cover != "none":
        rules.append("AQMF 14.2")
        if any(a.kind != SHOOTING for a in plan.attacks):
            rules.append("AQMF R29")
    if t.immobilized:
        rules.append("AQMF 17.1")
    if t.dug_in:
        rules.append("AQMF 13.3")
        if any(a.shooter.tripod for a in plan.attacks):
            rules.append("AQMF R30")
            out.notes.append("Dug in against a tripod: every element is taken at that attacker's range; within 6\" "
                             "it loses the +2 Armor (AQMF 13.3, ruling AQMF R30).")
