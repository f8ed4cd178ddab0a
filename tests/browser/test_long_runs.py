"""A long Monte Carlo in the widget: progress shows, Cancel stops it, the widget stays usable."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser
W = "#calc-com-defend"
PROGRESS = f"{W} .calc-progress:not(.calc-compare *)"  # the run's bar, not the readings comparison's


# A Monte Carlo answer at the page's trials: the widget idle, ready for a change that starts one long run.
MONTE_CARLO_DONE = """(w) => { const el = document.querySelector(w);
  return el.dataset.state === 'done' && /Monte Carlo/.test(el.querySelector('.calc-output').textContent); }"""


def test_monte_carlo_shows_progress_and_can_be_cancelled(page, site_url, cancel_at_first_progress):
    page.goto(site_url + "icehouse/defend/")
    page.locator(W).scroll_into_view_if_needed()  # set up as the reader nears it (widgets.js)
    page.wait_for_selector(f"{W}[data-state=done]", timeout=90_000)
    page.evaluate("(w) => { document.querySelector(w + ' details.calc-more').open = true; }", W)
    page.locator(f"{W}-method").select_option("monte-carlo")
    page.wait_for_function(MONTE_CARLO_DONE, arg=W, timeout=30_000)
    at = cancel_at_first_progress(page, W, lambda: page.locator(f"{W}-trials").fill("200000"))
    assert 0 < at < 1  # progress was shown before the end
    page.wait_for_selector(f"{W}[data-state=cancelled]", timeout=30_000)
    assert page.locator(PROGRESS).is_hidden()
    # Still usable: a small exact run answers straight away.
    page.locator(f"{W}-method").select_option("auto")
    page.wait_for_selector(f"{W}[data-state=done]", timeout=30_000)
    assert "exact" in page.locator(f"{W} .calc-output").inner_text().lower()
