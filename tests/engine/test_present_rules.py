"""How a result's citations read (issue 24): rules applied in a line, then the readings used, named by their
labels; a reading the player chose in plain view, the site's own readings folded."""
import re

import calculators
from calculators.present import result_html


def _urls(result: dict) -> dict[str, str]:
    return {r: "rulings/#" + r.lower().replace(":", "").replace(" ", "-") for r in result["rules"]}


def test_a_chosen_reading_is_shown_by_its_label_and_the_site_readings_are_folded():
    result = calculators.run("com-defend", {"p1": "S=1 dice=d6", "p2": "S=1 dice=d8", "com_r2": "hidden"})
    assert result["ok"], result
    html = result_html(result, _urls(result))
    chosen = re.search(r'<p class="calc-rules">Readings applied, not the site\'s: (.*?)</p>', html)
    assert chosen, html
    # Hand-read from docs/icehouse/rulings.md: COM R2's other reading keeps the dice hidden until step 3.
    assert re.findall(r">([^<]+)</a>", chosen.group(1)) == ["COM R2: Dice stay hidden until step 3"]
    folded = re.search(r"<details class=\"calc-rules calc-site-readings\"><summary>The site's readings applied "
                       r"\((\d+)\)</summary><p>(.*?)</p></details>", html)
    assert folded, html
    shown = re.findall(r">([^<]+)</a>", folded.group(2))
    assert int(folded.group(1)) == len(shown) >= 2
    assert not any(s.startswith("COM R2") for s in shown)
    for text in [*shown, *re.findall(r">([^<]+)</a>", chosen.group(1))]:
        assert not re.search(r"COM R\d+: [a-z]+(-[a-z]+)*$", text), f"a raw reading id shown: {text}"


def test_at_the_site_readings_nothing_is_in_plain_view_but_the_rules():
    result = calculators.run("com-defend", {"p1": "S=1 dice=d6", "p2": "S=1 dice=d8"})
    html = result_html(result, _urls(result))
    assert "Readings applied, not the site's" not in html
    assert '<p class="calc-rules">Rules applied: ' in html and "calc-site-readings" in html


def test_a_result_without_rulings_lists_its_rules_only():
    result = calculators.run("dip-options", {})
    html = result_html(result, _urls(result))
    assert "calc-site-readings" not in html or result["readings"]
    assert html.count('class="calc-rules"') == 1
