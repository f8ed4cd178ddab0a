"""Following a link the way a reader does, by Material's instant navigation: the page is swapped in place and
the tab (its engine, its window) lives on.

Material takes over a click only once it has read the site's sitemap, which it fetches after the page has
loaded; a click before that is an ordinary full load. Waiting for the network to go quiet was not enough (a
fresh clone's CI run: one click in 28 became a full load, and the wait for the swap ran out). So the click is
made with a guard: if Material has not taken it, the guard stops the browser's own navigation and the click is
tried again a moment later."""
from __future__ import annotations

import time

# Counts Material's swaps (document$ emits once at subscription: the page already shown counts 1).
_COUNT = """() => {
    if (window.__swaps === undefined) {
        window.__swaps = 0;
        document$.subscribe(() => { window.__swaps++; });
    }
    return window.__swaps;
}"""

# Clicks a link to the address; says whether Material took the click (else nothing happens).
_CLICK = """(u) => {
    const a = document.createElement('a');
    a.href = u;
    document.body.append(a);
    let taken = true;
    // Runs after Material's own listener (on the document): a click it left alone is stopped here.
    const guard = (e) => { if (!e.defaultPrevented) { e.preventDefault(); taken = false; } };
    window.addEventListener('click', guard);
    try { a.click(); } finally { window.removeEventListener('click', guard); a.remove(); }
    return taken;
}"""


def swaps(pg) -> int:
    """How many pages Material has shown in this tab (counting from the first call in the tab)."""
    return pg.evaluate(_COUNT)


def follow_link(pg, url: str, timeout: float = 30.0) -> None:
    """Follow a link to ``url`` in place and wait until Material has swapped the page in."""
    before = swaps(pg)
    deadline = time.monotonic() + timeout
    while not pg.evaluate(_CLICK, url):
        if time.monotonic() > deadline:
            raise AssertionError(f"Material never took a click to {url} (no sitemap read?)")
        pg.wait_for_timeout(100)
    try:
        pg.wait_for_function("([n, u]) => window.__swaps > n && location.href === u", arg=[before, url],
                             timeout=timeout * 1000)
    except Exception as exc:
        state = pg.evaluate("() => ({href: location.href, swaps: window.__swaps})")
        # window.__swaps gone: Material gave up on the fetch and loaded the page in full.
        raise AssertionError(f"instant navigation to {url} did not finish: {state}") from exc
