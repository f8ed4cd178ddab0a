"""Following a link the way a reader does, by Material's instant navigation: the page is swapped in place and
the tab (its engine, its window) lives on.

Material takes over a click only once it has read the site's sitemap, which it fetches after the page has
loaded. A click before that is not stopped at once, so the browser would make it an ordinary full load (a fresh
clone's CI run: one click in 28); but Material keeps it, and follows it as soon as the sitemap is read. So the
click is made once, with a guard that stops the browser's own navigation, and the test waits for Material to
follow it. It is never made again: a second click on the same link, after Material had followed the first late,
was a second navigation to the page, which Material scrolls to its top (a board's page, brought up to its board,
was put back at 0 in one run in four).
"""
from __future__ import annotations


# Counts Material's swaps (document$ emits once at subscription: the page already shown counts 1).
_COUNT = """() => {
    if (window.__swaps === undefined) {
        window.__swaps = 0;
        document$.subscribe(() => { window.__swaps++; });
    }
    return window.__swaps;
}"""

# Clicks a link to the address once; says whether Material took the click at once (else it follows it when its
# sitemap is read, and the guard has stopped the browser's own navigation).
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
    taken = pg.evaluate(_CLICK, url)
    try:
        pg.wait_for_function("([n, u]) => window.__swaps > n && location.href === u", arg=[before, url],
                             timeout=timeout * 1000)
    except Exception as exc:
        state = pg.evaluate("() => ({href: location.href, swaps: window.__swaps})")
        # window.__swaps gone: Material gave up on the fetch and loaded the page in full.
        why = "" if taken else " (the click came before Material had read its sitemap, and it never followed it)"
        raise AssertionError(f"instant navigation to {url} did not finish{why}: {state}") from exc