"""Who has won: the Martian by destroying every centre, or an Earth power after the Martian is gone
(WOTW 2.2-2.5, ruling WOTW R11)."""
from __future__ import annotations

TOTAL_CENTRES = 34


def end_of_game(martian_units, landings_to_come: int, owners: dict[str, str], destroyed, season: str) -> dict:
    """WOTW 2.2, 2.3 with ruling WOTW R11: the Martian wins at 34 destroyed; once the Martian is
    eliminated (no unit and no cylinder to come), an Earth power wins after a Fall with more than
    half of the centres not destroyed."""
    n_destroyed = len(destroyed)
    remaining = TOTAL_CENTRES - n_destroyed
    if n_destroyed >= TOTAL_CENTRES:
        return {"martian_wins": True, "martian_eliminated": False, "winner": "Martian", "needed": None,
                "text": "All 34 supply centres are destroyed: the Martian wins (WOTW 2.2)."}
    eliminated = not martian_units and landings_to_come == 0
    needed = remaining // 2 + 1
    winner = None
    if eliminated and season == "fall":
        counts: dict[str, int] = {}
        for c, p in owners.items():
            if c not in destroyed:
                counts[p] = counts.get(p, 0) + 1
        best = [p for p, n in counts.items() if n >= needed]
        winner = best[0] if best else None
    if not eliminated:
        text = ("The Martian is still in the game: no Earth power can win, and draws are suspended "
                "(WOTW 2.3, 2.4); only a unanimous concession to the Martian ends it early (WOTW 2.5).")
    elif winner:
        text = f"The Martian is eliminated and {winner} holds at least {needed} of the {remaining} remaining centres: {winner} wins (WOTW 2.3)."
    else:
        text = (f"The Martian is eliminated: an Earth power needs {needed} of the {remaining} remaining centres "
                "after a Fall season to win (WOTW 2.3, ruling WOTW R11).")
    return {"martian_wins": False, "martian_eliminated": eliminated, "winner": winner, "needed": needed,
            "remaining": remaining, "text": text}
