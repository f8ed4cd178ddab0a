"""Victory in Game of the Clans II (CLAN 5.1-5.4; rulings CLAN R6, R17, R18, R19, R20, R21)."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate, combinations

from ..core import InputError, Result, Table, calculator, choice_param, int_param, more
from ..core.words import counted, plural
from .board import CLANS, JOINT_SMALLER_MIN, OUTRIGHT_WIN, POWERS, TOTAL_CENTRES, Power

RULES = ["CLAN 5.1", "CLAN 5.2", "CLAN 5.3", "CLAN 5.4", "CLAN R6", "CLAN R17", "CLAN R18", "CLAN R19", "CLAN R20",
         "CLAN R21"]


@dataclass(frozen=True)
class Standing:
    """Centre counts on the board (ruling CLAN R6: England's off-board centres are not counted)."""

    centres: tuple[tuple[Power, int], ...]
    carlisle: Power
    newcastle: Power

    def count(self, power: Power) -> int:
        return dict(self.centres)[power]


def joint_extra_needed(a: int, b: int) -> int:
    """CLAN 5.4: fewest centres that must change hands for two partners to qualify for a joint win.

    They need 35 between them (only centres gained from third parties or neutral centres raise
    that) and the smaller at least 12 (a centre passed from the larger partner also does that).
    """
    return max(0, OUTRIGHT_WIN - a - b, JOINT_SMALLER_MIN - min(a, b))


def joint_win_ok(a: int, b: int) -> bool:
    """CLAN 5.4: at least 35 between them and the smaller of the two at least 12."""
    return a + b >= OUTRIGHT_WIN and min(a, b) >= JOINT_SMALLER_MIN


def england_eliminated(carlisle: Power, newcastle: Power) -> bool:
    """CLAN 5.1 with ruling CLAN R17: both Carlisle and Newcastle owned by clans (any clans)."""
    return carlisle is not Power.ENGLAND and newcastle is not Power.ENGLAND


def remaining_clans(s: Standing) -> list[Power]:
    """Ruling CLAN R18: the clans still in the game are those that own at least one centre."""
    return [p for p in CLANS if s.count(p) > 0]


def evaluate(s: Standing) -> dict:
    """CLAN 5.1-5.4 with rulings CLAN R19 (an outright win comes before the shared win), CLAN R20 (a joint
    win is announced, not automatic) and CLAN R21 (England's fall comes before a joint win that could be
    announced at the same count)."""
    counts = dict(s.centres)
    eliminated = england_eliminated(s.carlisle, s.newcastle)
    # Ruling CLAN R21: an eliminated England wins nothing, whatever it still owns.
    contenders = CLANS if eliminated else POWERS
    outright = [p for p in contenders if counts[p] >= OUTRIGHT_WIN]
    pairs = [(p, q) for p, q in combinations(contenders, 2) if joint_win_ok(counts[p], counts[q])]
    if outright:
        status = "outright"
    elif eliminated:
        status = "england-eliminated"
    elif pairs:
        status = "joint-available"
    else:
        status = "none"
    shortfalls = {}
    for p in POWERS:
        best, partners = None, []
        for q in contenders:
            if q is p:
                continue
            need = joint_extra_needed(counts[p], counts[q])
            if best is None or need < best:
                best, partners = need, [q]
            elif need == best:
                partners.append(q)
        shortfalls[p] = {"outright": max(0, OUTRIGHT_WIN - counts[p]), "joint": best, "partners": partners}
    return {
        "status": status,
        "outright": outright,
        "england_eliminated": eliminated,
        "sharing": remaining_clans(s) if eliminated and not outright else [],
        "joint_pairs": pairs,
        "shortfalls": shortfalls,
        "unowned": TOTAL_CENTRES - sum(counts.values()),
    }


DEFAULTS = {Power.ENGLAND: 2, **{c: 5 for c in CLANS}}
POWER_CHOICES = [(p.value, p.title) for p in POWERS]


def _count_param(p: Power):
    extra = (" Count only its centres on the board, not its off-board ones (ruling CLAN R6)."
             if p is Power.ENGLAND else "")
    return int_param(p.value, p.title, DEFAULTS[p], 0, TOTAL_CENTRES, unit="centres",
                     help=f"Supply centres {p.title} owns now (0 to 68).{extra}")


def parse(v: dict) -> Standing:
    total = sum(v[p.value] for p in POWERS)
    if total > TOTAL_CENTRES:
        # The error's own field: the count at which the sum first passes the board's centres (its others: fields).
        runs = accumulate(v[q.value] for q in POWERS)
        over = next(p for p, run in zip(POWERS, runs, strict=True) if run > TOTAL_CENTRES)
        # Any count may be the one to lower: the page shows this where the player just typed. Naming the clan at
        # which a running sum passed 68 ("up to Keith") puzzled a player who had just changed Campbell.
        # How many to take off, said: a player who set one clan to 35 to try an outright win was left guessing.
        raise InputError(over.value, f"The clans' counts add up to {total}, {total - TOTAL_CENTRES} more than the "
                         f"{TOTAL_CENTRES} supply centres on the board (CLAN 5.2): lower the counts by "
                         f"{total - TOTAL_CENTRES} in all.",
                         fields=tuple(q.value for q in POWERS))
    s = Standing(tuple((p, v[p.value]) for p in POWERS), Power(v["carlisle"]), Power(v["newcastle"]))
    for field, owner in (("carlisle", s.carlisle), ("newcastle", s.newcastle)):
        need = 2 if s.carlisle is s.newcastle else 1
        if s.count(owner) < need:
            place = "Carlisle and Newcastle" if need == 2 else field.capitalize()
            raise InputError(field, f"{place} owned by {owner.title}, but {owner.title} is given only "
                             f"{counted(s.count(owner), 'centre')}.", fields=("carlisle", "newcastle", owner.value))
    return s


@calculator(
    id="clans-victory",
    title="Victory check",
    game="clans",
    rules=RULES,
    page="clans/checks.md",
    description="Has anyone won: outright at 35, a joint win of two, or England eliminated? What each player is "
                "short of.",
    params=[
        *[_count_param(p) for p in POWERS],
        *more(choice_param("carlisle", "Carlisle owned by", "england", POWER_CHOICES,
                           help="Who owns Carlisle now (a clan can own it only by capturing it with an army)."),
              choice_param("newcastle", "Newcastle owned by", "england", POWER_CHOICES,
                           help="Who owns Newcastle now.")),
    ],
)
def victory(v: dict) -> Result:
    s = parse(v)
    r = evaluate(s)
    counts = dict(s.centres)
    data = {
        "status": r["status"],
        "winner": r["outright"][0].value if r["outright"] else None,
        "england_eliminated": r["england_eliminated"],
        "sharing": [p.value for p in r["sharing"]],
        "joint_pairs": [[p.value, q.value] for p, q in r["joint_pairs"]],
        "shortfalls": {p.value: {"outright": sf["outright"], "joint": sf["joint"],
                                 "partners": [q.value for q in sf["partners"]]}
                       for p, sf in r["shortfalls"].items()},
        "unowned": r["unowned"],
        "thresholds": {"total": TOTAL_CENTRES, "outright": OUTRIGHT_WIN, "joint_smaller": JOINT_SMALLER_MIN},
    }
    return Result(summary=_summary(r, counts), data=data, rules=RULES, notes=_notes(s, r, counts),
                  tables=[Table("What each player is short of",
                                ["Player", "Centres", "Outright win (35)", "Best joint win (35, smaller at least 12)"],
                                _rows(r, counts))])


def _no_winner(r: dict) -> bool:
    """No one has won and no joint win is available yet (CLAN 5.1-5.4)."""
    return r["status"] not in ("outright", "england-eliminated", "joint-available")


def _nearest(counts: dict) -> tuple[int, list[Power], int, list[tuple[Power, Power]]]:
    """The most centres held and who holds them; the fewest centres that must change hands for a joint win
    (CLAN 5.4) and the pairs that need that few."""
    top = max(counts.values())
    leaders = [p for p in POWERS if counts[p] == top]
    need = min(joint_extra_needed(counts[p], counts[q]) for p, q in combinations(POWERS, 2))
    near = [(p, q) for p, q in combinations(POWERS, 2) if joint_extra_needed(counts[p], counts[q]) == need]
    return top, leaders, need, near


def _summary(r: dict, counts: dict) -> str:
    """CLAN 5.1-5.4: who has won, or how far the leaders are from winning (who they are is the first note)."""
    if r["status"] == "outright":
        w = r["outright"][0]
        return f"{w.title} wins outright with {counts[w]} of the 68 centres (35 needed, CLAN 5.3)."
    if r["status"] == "england-eliminated":
        return (f"England is eliminated: Scottish armies have taken both Carlisle and Newcastle (CLAN 5.1). "
                f"The remaining clans share the victory: {_names(r['sharing'])}.")
    if r["status"] == "joint-available":
        pairs = "; ".join(f"{p.title} ({counts[p]}) and {q.title} ({counts[q]})" for p, q in r["joint_pairs"])
        return (f"No outright winner, but a joint win may be announced by: {pairs} "
                f"(35 between them, the smaller at least 12, CLAN 5.4).")
    top, leaders, need, _ = _nearest(counts)
    return (f"No one has won yet: the {plural(len(leaders), 'leader has', 'leaders have')} {top} centres, "
            f"{OUTRIGHT_WIN - top} short of an outright win; a joint win needs "
            f"{counted(need, 'centre')} to change hands.")


def _leading(counts: dict) -> str:
    """Who leads and the nearest joint win (CLAN 5.3, 5.4), when no one has won yet: below the headline."""
    top, leaders, _, near = _nearest(counts)
    lead = (f"The largest power, {leaders[0].title}, has" if len(leaders) == 1 else
            f"The largest powers, {_names(leaders)}, have")
    pair = " and ".join(f"{x.title} ({counts[x]})" for x in near[0])
    return (f"{lead} {counted(top, 'centre')}. The nearest joint win: "
            + (pair if len(near) == 1 else f"{len(near)} pairs tie, for example {pair}") + ".")


def _rows(r: dict, counts: dict) -> list[list]:
    """Each player's shortfall for an outright and for the best joint win (CLAN 5.3, 5.4)."""
    rows = []
    for p in POWERS:
        sf = r["shortfalls"][p]
        joint = ("qualifies now" if sf["joint"] == 0 else f"{counted(sf['joint'], 'centre')} to change hands") + \
            f" (with {_names(sf['partners'])})"
        if p is Power.ENGLAND and r["england_eliminated"]:
            rows.append([p.title, counts[p], "eliminated (CLAN 5.1)", "eliminated (ruling CLAN R21)"])
            continue
        rows.append([p.title, counts[p], "won" if sf["outright"] == 0 else f"{sf['outright']} more", joint])
    return rows


def _notes(s, r: dict, counts: dict) -> list[str]:
    """Who leads, when no one has won; the rulings the result rests on (CLAN R17, R19-R21), and how the joint
    win is counted."""
    notes = [_leading(counts)] if _no_winner(r) else []
    if not r["england_eliminated"]:
        still = [n for n, o in (("Carlisle", s.carlisle), ("Newcastle", s.newcastle)) if o is Power.ENGLAND]
        notes.append(f"England is eliminated once Scottish armies have captured both Carlisle and Newcastle; "
                     f"still English: {' and '.join(still)} (CLAN 5.1, ruling CLAN R17).")
    if r["status"] == "outright" and r["england_eliminated"]:
        notes.append("England is also eliminated, but an outright win takes precedence over the shared win "
                     "(ruling CLAN R19).")
    if r["status"] == "joint-available":
        notes.append("A joint win is announced by the two players; it is not automatic (ruling CLAN R20).")
    if r["england_eliminated"] and counts[Power.ENGLAND] and (
            counts[Power.ENGLAND] >= OUTRIGHT_WIN
            or any(joint_win_ok(counts[Power.ENGLAND], counts[c]) for c in CLANS)):
        notes.append(f"England still owns {counted(counts[Power.ENGLAND], 'centre')}, but once eliminated it wins "
                     f"nothing, neither outright nor jointly (ruling CLAN R21).")
    if r["status"] == "england-eliminated" and r["joint_pairs"]:
        pairs = "; ".join(f"{p.title} ({counts[p]}) and {q.title} ({counts[q]})" for p, q in r["joint_pairs"])
        notes.append(f"{pairs} would also qualify for a joint win, but England's fall comes first: the clans "
                     f"share the victory (ruling CLAN R21).")
    notes.append("Best joint win: the fewest centres that must change hands for the player and a partner to qualify. "
                 "A centre either takes from a third player or a neutral centre raises their total; a centre "
                 "passed from the larger partner to the smaller helps only towards the smaller's 12.")
    notes.append(f"{r['unowned']} of the 68 centres are not owned by anyone in these counts.")
    return notes


def _names(powers) -> str:
    return ", ".join(p.title for p in powers)
