"""The War of the Worlds board: the standard map of Europe plus the Martian's pieces.

Drawn by the standard board (``render_board``) with an overlay: Martian units with their strength
(WOTW 4.3), the season's cylinder and its landing site (WOTW 3.3), and destroyed centres (WOTW 8.1),
which the base map draws crossed out; in Winter, and after the season that leads to it, the Earth powers'
builds and disbands due by the variant's count (WOTW 8.1), which the base map draws in its box. The standard
board draws the Earth's units of a real position: the same position with the Martian units left to the overlay.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.escape import escape
from ..diplomacy.api import Mark, PhaseKind, Position, Unit, render_board, standard_geometry, svg_number
from .adjust import adjustments
from .board import MARTIAN, board, show
from .endgame import landing_site
from .state import state
from .units import designation

# A fighting-machine: a hood on three legs, the strength written on the hood.
TRIPOD_SHAPE = ('<path class="u-body" d="M-6 0l-5 9h3l4.5-7zM-1 0v9h2V0zM6 0l5 9h-3l-4.5-7z"/>'
                '<path class="u-body" d="M-10 1a10 9 0 0 1 20 0z"/>')
CYLINDER_SHAPE = '<path class="cylinder" d="M-7-4h14v8h-14zM-7-4a2 4 0 0 0 0 8M7-4a2 4 0 0 1 0 8"/>'


def martian_unit_svg(province: str, strength: int, at: tuple[float, float]) -> str:
    label = f"{designation(strength)} {show(province)}"
    return (f'<g class="unit martian pw-martian" data-unit="{escape(province)}" '
            f'transform="translate({svg_number(at[0])} {svg_number(at[1])})"><title>{escape("Martian " + label)} '
            f"(strength {strength})</title>{TRIPOD_SHAPE}"
            f'<text class="strength" x="0" y="-3">{strength}</text></g>')


def landing_title(name: str, centre: bool, played: bool) -> str:
    """What the cylinder marker is (WOTW 3.3, 3.4): before the season, where this season's cylinder lands and what
    that does; after it, where it landed (the result's table and notes say what it eliminated)."""
    if played:
        return f"Cylinder landed in {name} this season (WOTW 3.3)"
    return (f"Cylinder lands in {name} this season (WOTW 3.3): any unit there when it lands is eliminated"
            + (", and the supply centre destroyed" if centre else "") + "; an Earth move into it bounces (WOTW 3.4)")


def _overlay(martians: Iterable[Unit], landing: str | None, played: bool) -> str:
    """The Martian's pieces: the season's cylinder on its landing site, and every Martian unit."""
    gmap, geo = board(), standard_geometry()
    over = ['<g class="martians">']
    if landing:
        x, y = geo.anchor(landing)
        site = gmap.provinces[landing]
        over.append(f'<g class="landing" data-province="{escape(landing)}">'
                    f'<title>{escape(landing_title(site.name, site.centre, played))}</title>'
                    f'<circle cx="{svg_number(x)}" cy="{svg_number(y)}" r="17"/>'
                    f'<g transform="translate({svg_number(x - 20)} {svg_number(y - 4)})">{CYLINDER_SHAPE}</g></g>')
    for m in martians:
        over.append(martian_unit_svg(m.province, m.strength, geo.anchor(m.province)))
    over.append("</g>")
    return "".join(over)


def due(position: Position) -> dict[str, int]:
    """WOTW 8.1: each Earth power's builds (+) or disbands (-) due in Winter, its centres that stand less its units
    (the Martian does not adjust); none while a dislodged unit has still to retreat (ruling WOTW R14)."""
    if position.phase.kind is not PhaseKind.ADJUSTMENTS or position.dislodged:
        return {}
    per: dict[str, int] = {}
    for u in position.units:
        if u.power != MARTIAN:
            per[u.power] = per.get(u.power, 0) + 1
    counts = adjustments(dict(position.owners), state(position).destroyed, per, {u.province for u in position.units})
    return {p: a["due"] for p, a in counts.items() if a["due"]}


def _earth(position: Position, dislodged: bool) -> Position:
    """The position as the standard board draws it: its Earth units (the Martian's are the overlay's)."""
    return position.but(units=tuple(u for u in position.units if u.power != MARTIAN),
                        dislodged=position.dislodged if dislodged else ())


def render(position: Position, landing: str | None, moves: Sequence[tuple[str, str, str, bool]], title: str) -> str:
    """An SVG of the position after a War of the Worlds season, its moves drawn, the season's cylinder on its site."""
    return render_board(board(), _earth(position, False), title, moves=moves,
                        dislodged=[d.unit for d in position.dislodged],
                        overlay=_overlay([u for u in position.units if u.power == MARTIAN], landing, True),
                        destroyed=state(position).destroyed, id_prefix="wotw", adjustments=due(position))


def render_position(position: Position, title: str, marks: Iterable[Mark] = ()) -> str:
    """An SVG of a War of the Worlds position before its season is played, with orders drawn as ``marks``; the
    season's landing site is known before its orders (WOTW 3.1, 3.3): drawn, so that a move into it is seen to
    meet the cylinder (issue 23)."""
    landing = landing_site(state(position).schedule, position.phase.season, position.phase.year)
    return render_board(board(), _earth(position, True), title, marks=marks,
                        overlay=_overlay([u for u in position.units if u.power == MARTIAN], landing, False),
                        destroyed=state(position).destroyed, id_prefix="wotw", adjustments=due(position))
