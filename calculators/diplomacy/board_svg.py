"""A schematic SVG of the board: provinces at board-like places, borders as lines, units and orders.

Pure string building; every text is escaped, there are no scripts and no external references.
A variant passes its own ``layout`` (province or coast -> (x, y)) for a changed board.
"""
from __future__ import annotations

from html import escape

from .map import GameMap, province_of, show
from .position import Position

# Approximate positions on a 1000 x 780 board, west to east and north to south.
LAYOUT: dict[str, tuple[int, int]] = {
    "nao": (110, 170), "nwg": (380, 60), "bar": (650, 25), "cly": (245, 195), "edi": (292, 205),
    "lvp": (258, 255), "yor": (305, 265), "wal": (240, 305), "lon": (300, 312), "iri": (175, 290),
    "eng": (245, 358), "mao": (105, 430), "nth": (365, 235), "bre": (232, 402), "pic": (302, 378),
    "par": (290, 432), "bur": (352, 445), "gas": (248, 480), "mar": (330, 512), "spa": (195, 560),
    "por": (95, 560), "bel": (340, 350), "hol": (392, 322), "ruh": (398, 382), "kie": (445, 328),
    "ber": (505, 318), "pru": (572, 305), "sil": (530, 368), "mun": (440, 425), "den": (462, 250),
    "ska": (452, 208), "swe": (540, 165), "nwy": (468, 135), "fin": (620, 125), "stp": (715, 130),
    "bot": (590, 200), "bal": (548, 258), "lvn": (640, 262), "mos": (770, 265), "war": (602, 360),
    "ukr": (705, 372), "gal": (622, 412), "boh": (512, 410), "tyr": (468, 462), "vie": (545, 450),
    "bud": (600, 470), "tri": (522, 512), "ven": (448, 512), "pie": (398, 498), "tus": (428, 560),
    "rom": (462, 600), "apu": (522, 598), "nap": (528, 648), "tys": (420, 640), "lyo": (345, 585),
    "wes": (295, 645), "naf": (220, 705), "hel": (415, 280), "tun": (380, 705), "ion": (545, 712), "adr": (492, 555),
    "alb": (566, 560), "ser": (592, 525), "gre": (602, 612), "bul": (668, 545), "rum": (682, 482),
    "sev": (805, 400), "bla": (792, 500), "con": (722, 592), "ank": (805, 580), "arm": (905, 560),
    "smy": (765, 650), "syr": (905, 665), "aeg": (660, 655), "eas": (745, 725), "swi": (388, 470),
    "spa/nc": (182, 522), "spa/sc": (222, 602), "stp/nc": (700, 80), "stp/sc": (668, 168),
    "bul/ec": (708, 528), "bul/sc": (648, 582),
}
COLOURS = {"Austria": "#c0392b", "England": "#1f4e9e", "France": "#3498db", "Germany": "#4d4d4d",
           "Italy": "#27ae60", "Russia": "#8e44ad", "Turkey": "#d4a017"}
TERRAIN_FILL = {"sea": "#d6e8f7", "coast": "#e6efd6", "land": "#efe7d2", "impassable": "#b8b8b8"}


def colour(power: str) -> str:
    return COLOURS.get(power, "#7f7f7f")


def _xy(layout, loc: str) -> tuple[int, int]:
    return layout.get(loc) or layout.get(province_of(loc), (0, 0))


def render_board(gmap: GameMap, position: Position, title: str, moves=(), supports=(), convoys=(),
                 dislodged=(), layout: dict | None = None, overlay: str = "") -> str:
    """The board as an SVG string.

    ``moves``: (power, from, to, succeeded); ``supports``: (from, target, dest or None, given);
    ``convoys``: (fleet, army, dest, held); ``dislodged``: units knocked out of their province.
    A variant passes its own ``layout`` and draws its own pieces in ``overlay`` (SVG it has escaped).
    """
    layout = layout or LAYOUT
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 780" role="img" '
           f'aria-label="{escape(title)}" font-family="sans-serif">',
           f"<title>{escape(title)}</title>",
           '<defs><marker id="ah" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
           'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker></defs>',
           '<rect width="1000" height="780" fill="#f7fbff"/>']
    drawn = set()
    for a in gmap.provinces:
        for b in sorted(gmap.neighbours(a)):  # a set: sorted so the SVG is identical on every run
            key = tuple(sorted((a, b)))
            if key in drawn:
                continue
            drawn.add(key)
            (x1, y1), (x2, y2) = _xy(layout, a), _xy(layout, b)
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#c3c9cf" stroke-width="1"/>')
    for abbr, prov in gmap.provinces.items():
        x, y = _xy(layout, abbr)
        owner = position.owners.get(abbr)
        stroke = colour(owner) if owner else "#8a8a8a"
        width = 3 if owner else 1
        out.append(f'<circle cx="{x}" cy="{y}" r="17" fill="{TERRAIN_FILL[prov.terrain.value]}" '
                   f'stroke="{stroke}" stroke-width="{width}"><title>{escape(prov.name)}'
                   f'{escape(" (supply centre" + (", " + owner if owner else "") + ")") if prov.centre else ""}'
                   f'</title></circle>')
        if prov.centre:
            out.append(f'<circle cx="{x + 12}" cy="{y - 12}" r="4" fill="{stroke}"/>')
        out.append(f'<text x="{x}" y="{y + 29}" font-size="10" text-anchor="middle" fill="#333">'
                   f'{escape(prov.display)}</text>')
        for c in prov.coasts:
            cx, cy = _xy(layout, f"{abbr}/{c.value}")
            out.append(f'<text x="{cx}" y="{cy}" font-size="8" text-anchor="middle" fill="#557">'
                       f'{escape(c.value)}</text>')
    for frm, target, dest, given in supports:
        (x1, y1) = _xy(layout, frm)
        (x2, y2) = _xy(layout, dest if dest else target)
        col = "#2d7d46" if given else "#c0392b"
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{col}" stroke-width="1.5" '
                   f'stroke-dasharray="2 3"><title>{escape("support " + ("given" if given else "failed"))}'
                   f'</title></line>')
    for fleet, army, dest, held in convoys:
        (x1, y1) = _xy(layout, fleet)
        col = "#1f6fb2" if held else "#c0392b"
        out.append(f'<circle cx="{x1}" cy="{y1}" r="22" fill="none" stroke="{col}" stroke-width="1.5" '
                   f'stroke-dasharray="5 3"><title>{escape(f"convoy {show(army)} to {show(dest)}")}</title></circle>')
    for power, frm, to, ok in moves:
        (x1, y1), (x2, y2) = _shorten(_xy(layout, frm), _xy(layout, to), 18)
        col = colour(power)
        dash = "" if ok else ' stroke-dasharray="6 4" opacity="0.75"'
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{col}" stroke-width="3"{dash} '
                   f'marker-end="url(#ah)"><title>{escape(f"{show(frm)} - {show(to)}: " + ("succeeds" if ok else "fails"))}'
                   f'</title></line>')
        if not ok:
            mx, my = (x1 + x2) // 2, (y1 + y2) // 2
            out.append(f'<text x="{mx}" y="{my + 5}" font-size="16" font-weight="bold" text-anchor="middle" '
                       f'fill="#c0392b">\u00d7</text>')
    for u in position.units:
        out.append(_unit(layout, u, 0))
    for u in dislodged:
        out.append(_unit(layout, u, 14, mark=True))
    out.append(overlay)
    out.append("</svg>")
    return "".join(out)


def _shorten(a, b, by: int):
    """The segment a-b with its end pulled back by ``by`` so an arrow head stops at a province's edge."""
    (x1, y1), (x2, y2) = a, b
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    if length <= by:
        return a, b
    k = (length - by) / length
    return (x1, y1), (round(x1 + (x2 - x1) * k), round(y1 + (y2 - y1) * k))


def _unit(layout, unit, offset: int, mark: bool = False) -> str:
    x, y = _xy(layout, unit.location)
    x, y = x + offset, y + offset
    col = colour(unit.power)
    label = escape(f"{unit.power} {unit.label()}" + (" (dislodged)" if mark else ""))
    shape = (f'<circle cx="{x}" cy="{y}" r="10" fill="{col}" stroke="#fff" stroke-width="1.5"/>'
             if unit.type.value == "A" else
             f'<rect x="{x - 10}" y="{y - 8}" width="20" height="16" rx="3" fill="{col}" stroke="#fff" stroke-width="1.5"/>')
    ring = (f'<circle cx="{x}" cy="{y}" r="14" fill="none" stroke="#c0392b" stroke-width="2.5"/>' if mark else "")
    return (f'<g><title>{label}</title>{ring}{shape}<text x="{x}" y="{y + 4}" font-size="11" font-weight="bold" '
            f'text-anchor="middle" fill="#fff">{escape(unit.type.value)}</text></g>')
