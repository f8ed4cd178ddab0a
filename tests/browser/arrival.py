"""Opening a board's page on a wide screen so that its board is brought up (board/arrival.js): the board is
brought to the top only if it is set up within a moment of the page first being shown, and a busy machine (three
test workers on two cores) may set it up later. Then the page must have stayed at its top, and it is opened
again, up to a few times, until a load is in time."""
from __future__ import annotations

import pytest

# What the board decided on arriving: {after: ms the page had been on screen, late}.
DECIDED = "() => window.martianBoard.arrival.decided"
MOMENT = 1000  # ms: board/arrival.js MOMENT


def goto_in_time(page, url: str, ready, tries: int = 3) -> dict:
    """Loads url in page until its board decided in time; ready(page) waits for the board. Returns the decision."""
    late = []
    for _ in range(tries):
        page.goto(url)
        ready(page)
        decided = page.evaluate(DECIDED)
        if not decided["late"]:
            return decided
        moved = page.evaluate("window.scrollY")
        assert moved == 0, f"a board set up {decided['after']} ms after the page was shown moved it {moved} px"
        late.append(decided["after"])
    pytest.fail(f"the board was set up later than {MOMENT} ms after the page was shown in every load: {late}")
