"""The War of the Worlds board: the standard schematic map plus the Martian's pieces.

Drawn by the base map (``diplomacy.board_svg``) with an overlay: destroyed centres
(WOTW 8.1), the season's cylinder (WOTW 3.3), Martian units with their strength (WOTW 4.3).
"""
from __future__ import annotations

from html import escape
from types import SimpleNamespace

from ..diplomacy.board_svg import LAYOUT, render_board
from .board import board, show
from .units import designation

MARTIAN = "#b71c1c"


def render(result, title: str) -> str:
    """An SVG of the position after a War of the Worlds season (``season.SeasonResult``-like)."""
    gmap = board()
    over = []
    for c in sorted(result.destroyed):
        x, y = LAYOUT[c]
        over.append(f'<g><title>{escape(gmap.provinces[c].name)}: supply centre destroyed</title>'
                    f'<path d="M{x - 9},{y - 9} L{x + 9},{y + 9} M{x + 9},{y - 9} L{x - 9},{y + 9}" '
                    f'stroke="#222" stroke-width="3"/></g>')
    landing = getattr(result, "landing", None)
    if landing:
        x, y = LAYOUT[landing]
        over.append(f'<g><title>{escape("Cylinder lands in " + gmap.provinces[landing].name)}</title>'
                    f'<circle cx="{x}" cy="{y}" r="25" fill="none" stroke="#ef6c00" stroke-width="3" '
                    f'stroke-dasharray="4 3"/></g>')
    for m in result.martian:
        x, y = LAYOUT[m.province]
        label = designation(m.strength)
        over.append(f'<g><title>{escape("Martian " + label + " " + show(m.province))}</title>'
                    f'<path d="M{x},{y - 13} L{x + 13},{y + 10} L{x - 13},{y + 10} Z" fill="{MARTIAN}" '
                    f'stroke="#fff" stroke-width="1.5"/><text x="{x}" y="{y + 7}" font-size="9" font-weight="bold" '
                    f'text-anchor="middle" fill="#fff">{escape(label)}</text></g>')
    position = SimpleNamespace(units=tuple(result.earth), owners=dict(result.owners))
    moves = [(power, a, b, ok) for power, a, b, ok in getattr(result, "moves", ())]
    dislodged = [d.unit for d in getattr(result, "dislodged", ())]
    return render_board(gmap, position, title, moves=moves, dislodged=dislodged, overlay="".join(over))
