"""Offline use, the engine's memory snapshot and the installable app, in real Chromium (issue 12).

Each test opens its own persistent profile (service worker, Cache Storage and IndexedDB kept as
a returning reader has them) on a site built for this module's own port, served from a folder
that a test can swap for a newer build.
"""
from __future__ import annotations

import json
import re
import shutil
import socket
import sys
import time
from pathlib import Path

import pytest

import calculators
from test_speed import WORKERS_MADE

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
READY = 90_000  # ms: a cold Pyodide start takes about 5 s here; generous for a loaded machine
VIRUS = "#calc-wotw-virus"
DEFEND = "#calc-com-defend"
FIRE = "#calc-aqmf-fire-plan"
RUNTIME = "assets/engine/pyodide/"

# IndexedDB, read without creating the database when it does not exist yet (creating it here
# would leave it without the engine's stores).
SNAPSHOT_META = """() => new Promise(async (resolve) => {
  const names = (await indexedDB.databases()).map((d) => d.name);
  if (!names.includes('martian-front-engine')) return resolve(null);
  const open = indexedDB.open('martian-front-engine');
  open.onerror = () => resolve(null);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('meta')) { db.close(); return resolve(null); }
    const get = db.transaction('meta').objectStore('meta').get('engine');
    get.onsuccess = () => { db.close(); resolve(get.result || null); };
    get.onerror = () => { db.close(); resolve(null); };
  };
})"""

# Damages the stored snapshot: "flip" changes bytes in the middle of the heap (its checksum
# no longer matches); "junk" stores noise with a matching checksum (Pyodide itself must refuse it).
CORRUPT = """async (mode) => {
  const db = await new Promise((ok, fail) => {
    const r = indexedDB.open('martian-front-engine');
    r.onsuccess = () => ok(r.result);
    r.onerror = fail;
  });
  const read = (store) => new Promise((ok) => {
    const g = db.transaction(store).objectStore(store).get('engine');
    g.onsuccess = () => ok(g.result);
  });
  const meta = await read('meta');
  let bytes = await read('bytes');
  if (mode === 'flip') {
    for (let i = 0; i < 4096; i++) bytes[(bytes.length >> 1) + i] ^= 0x5a;
  } else {
    bytes = new Uint8Array(bytes.length);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i * 2654435761) >>> 24;
    meta.checksum = (await import(new URL('/assets/engine/checksum.mjs', location.href))).checksum(bytes);
  }
  const tx = db.transaction(['meta', 'bytes'], 'readwrite');
  tx.objectStore('bytes').put(bytes, 'engine');
  tx.objectStore('meta').put(meta, 'engine');
  await new Promise((ok) => { tx.oncomplete = ok; });
  db.close();
}"""


@pytest.fixture(scope="module")
def offline_site(tmp_path_factory, site_builder):
    """(folder, port): the site built once for this module's own port, so instant navigation works."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    out = tmp_path_factory.mktemp("offline-site")
    site_builder(out, port)
    return out, port


@pytest.fixture
def served(offline_site, serve_folder):
    folder, port = offline_site
    server = serve_folder(folder, port)
    server.url = f"http://127.0.0.1:{port}/"
    return server


def watch(page):
    """Fails the test on script errors: collects them on the page."""
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def wait_done(page, widget):
    # A widget far down a page is set up as the reader nears it (widgets.js): brought into view, as a reader would.
    page.locator(widget).first.scroll_into_view_if_needed()
    page.wait_for_selector(f"{widget}[data-state=done]", timeout=READY)


def live_html(page, widget):
    return page.evaluate("(w) => window.martianWidgets.html(document.querySelector(w).calcWidget.lastResult)", widget)


def wait_offline_ready(page):
    page.wait_for_function("window.martianOffline && window.martianOffline.state === 'ready'", timeout=READY)


def wait_snapshot(page, timeout=120.0):
    """The snapshot made after a normal start (in the background, once the page is idle)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        meta = page.evaluate(SNAPSHOT_META)
        if meta and meta.get("checksum") and not meta.get("pending"):
            return meta
        time.sleep(0.5)
    pytest.fail("no engine snapshot was stored")


def engine_start(page) -> dict:
    page.wait_for_function("window.__calcEngineReady", timeout=READY)
    return page.evaluate("window.__calcEngineReady")


def page_defaults(page, widget) -> dict:
    """The starting values the page gives its widget (the docs' calc marker), as the build wrote them."""
    return json.loads(page.get_attribute(widget, "data-defaults"))


def set_field(page, widget, name, value):
    # A field folded away ("More options", a force's "... or as text": issue 24) is opened first.
    page.evaluate("(id) => { for (let d = document.getElementById(id).closest('details'); d;"
                  " d = d.parentElement.closest('details')) d.open = true; }", f"{widget[1:]}-{name}")
    page.locator(f"{widget}-{name}").fill(value)


def wait_summary(page, widget, text):
    page.wait_for_function("([sel, text]) => { const s = document.querySelector(sel + ' .calc-summary');"
                           " return s && s.textContent === text; }", arg=[widget, text], timeout=READY)


def follow_link(page, path):
    """Clicks the page's first link to ``path`` (Material handles it: instant navigation)."""
    page.evaluate("(path) => [...document.querySelectorAll('a[href]')]"
                  ".find((a) => a.href.endsWith('/' + path)).click()", path)


def run_in_page(page, calc, params) -> dict:
    return page.evaluate("([calc, params]) => window.martianEngine.run(calc, params).promise", [calc, params])


# ---- offline ---------------------------------------------------------------------------------------

def test_a_rules_page_downloads_nothing_of_the_runtime(served, persistent_context):
    ctx = persistent_context()
    page = watch(ctx.new_page())
    page.goto(served.url + "wotw/rules/")
    page.evaluate("navigator.serviceWorker.ready")  # registered and active: it has done its install
    follow_link(page, "wotw/rulings/")  # instant navigation to another rules page
    page.wait_for_url(re.compile(r".*/wotw/rulings/$"))
    page.wait_for_timeout(1500)
    fetched = [p for p in served.paths if p.startswith("/assets/engine/")]
    assert not [p for p in fetched if p.startswith("/" + RUNTIME) or p.endswith(".mjs")], fetched
    cached = page.evaluate("caches.keys().then(async (names) => { const out = []; for (const n of names) "
                           "for (const r of await (await caches.open(n)).keys()) out.push(r.url); return out; })")
    assert not [u for u in cached if RUNTIME in u], "the runtime was cached for a rules-only reader"
    assert page.evaluate("window.martianOffline.state") == "online"
    assert not page.errors


def test_after_one_visit_every_page_and_widget_works_offline(served, persistent_context):
    ctx = persistent_context()
    page = watch(ctx.new_page())
    page.goto(served.url + "wotw/virus/")
    wait_done(page, VIRUS)
    wait_offline_ready(page)  # pre-cached only now, after the first result

    ctx.set_offline(True)
    page.reload()
    wait_done(page, VIRUS)
    set_field(page, VIRUS, "destroyed", "11")
    want = calculators.run("wotw-virus", {**page_defaults(page, VIRUS), "destroyed": "11"})["summary"]
    wait_summary(page, VIRUS, want)

    # A second widget, on another page reached by Material's instant navigation (no reload).
    page.evaluate("window.__sameDocument = true")
    follow_link(page, "icehouse/defend/")
    page.wait_for_selector(DEFEND)
    assert page.evaluate("window.__sameDocument === true"), "instant navigation fell back to a page load"
    wait_done(page, DEFEND)
    set_field(page, DEFEND, "p2", "S=3 dice=d6,d6,d6")
    want = calculators.run("com-defend", {**page_defaults(page, DEFEND), "p2": "S=3 dice=d6,d6,d6"})["summary"]
    wait_summary(page, DEFEND, want)

    # A page never visited, opened by a full load, and search (its index) still offline.
    page.goto(served.url + "aqmf/shooting/")
    wait_done(page, ".calc-widget")
    # The fire plan's group form (a list of attackers) answers offline too: an added attacker.
    page.goto(served.url + "aqmf/fire-plan/")
    wait_done(page, FIRE)
    page.locator(f"{FIRE} [data-param=attackers] .calc-group-add").click()
    page.locator(f"{FIRE}-attackers-2-range").fill("8")
    page.wait_for_function(f"document.querySelector('{FIRE}').calcWidget.params().attackers.length === 3")
    want = calculators.run("aqmf-fire-plan", page.evaluate(f"document.querySelector('{FIRE}').calcWidget.params()"))
    assert want["ok"], want
    wait_summary(page, FIRE, want["summary"])
    page.goto(served.url + "glossary/")
    page.locator(".md-search__input").click()
    page.locator(".md-search__input").press_sequentially("tripod")
    page.wait_for_selector(".md-search-result__item", timeout=READY)
    assert not page.errors


def test_a_new_deploy_replaces_the_old_cache(served, persistent_context, tmp_path):
    sys.path.insert(0, str(ROOT / "hooks"))
    import offline  # the build's own writer of sw.js

    ctx = persistent_context()
    page = watch(ctx.new_page())
    page.goto(served.url + "wotw/virus/")
    wait_done(page, VIRUS)
    wait_offline_ready(page)
    old = page.evaluate("window.martianOffline.version")

    # Deploy: a copy with a changed page and a changed engine file, and its own sw.js.
    new_site = tmp_path / "v2"
    shutil.copytree(served.folder, new_site)
    page_file = new_site / "wotw" / "virus" / "index.html"
    page_file.write_text(page_file.read_text().replace("</article>", "<p id='deploy-2'>Second build.</p></article>", 1))
    widgets = new_site / "assets" / "engine" / "widgets.js"
    widgets.write_text(widgets.read_text() + "\n// second build\n")
    new, _ = offline.write_service_worker(str(new_site), ["en"])
    assert new != old
    served.folder = new_site

    # The open page stays on the old build until the reader takes the offered reload.
    page.reload()
    assert page.locator("#deploy-2").count() == 0, "a page of the old build is served while it is open"
    page.get_by_role("button", name="Reload", exact=True).click(timeout=READY)
    page.wait_for_selector("#deploy-2", state="attached", timeout=READY)
    wait_done(page, VIRUS)
    names = page.evaluate("caches.keys()")
    assert f"martian-front-{new}" in names and f"martian-front-{old}" not in names, names

    # The new build is the one kept offline, engine files included.
    ctx.set_offline(True)
    page.reload()
    page.wait_for_selector("#deploy-2", state="attached")
    wait_done(page, VIRUS)
    text = page.evaluate("fetch('../../assets/engine/widgets.js').then((r) => r.text())")
    assert text.endswith("// second build\n")
    assert not page.errors


# ---- the engine snapshot ---------------------------------------------------------------------------

def monte_carlo(seed: int) -> dict:
    return {"p1": "S=2 M=1 dice=d8,d6,d6", "p2": "S=2 dice=d6,d6", "method": "monte-carlo", "trials": 5000,
            "seed": seed}


def test_repeat_visit_restores_the_snapshot_and_monte_carlo_stays_seeded(served, persistent_context):
    ctx = persistent_context()
    page = watch(ctx.new_page())
    page.goto(served.url + "icehouse/defend/")
    wait_done(page, DEFEND)
    assert engine_start(page)["restored"] is False
    # The live result links its rules (the worker's glue was given the site's rule links).
    # The engine's HTML for the live result (the page keeps the build's nodes when it is the same, result.js).
    fresh_html = live_html(page, DEFEND)
    assert 'href="../../icehouse/rules/#com-' in fresh_html
    fresh = run_in_page(page, "com-defend", monte_carlo(11))
    meta = wait_snapshot(page)
    assert "calculators " + json.loads((served.folder / RUNTIME / "pyodide-lock.json").read_text())[
        "packages"]["calculators"]["sha256"] in meta["key"]
    page.close()

    runtime = []
    ctx.on("request", lambda r: runtime.append(r.url.rsplit("/", 1)[1]) if r.url.endswith(
        ("/pyodide.asm.wasm", "/python_stdlib.pyc.zip")) else None)
    page = watch(ctx.new_page())
    page.goto(served.url + "icehouse/defend/")
    wait_done(page, DEFEND)
    assert engine_start(page)["restored"] is True
    # The runtime's code is read once (compiled ahead of the restore), not a second time by Pyodide; the standard
    # library once too (asked for as the worker starts, and Pyodide's own request answered with it).
    assert sorted(runtime) == ["pyodide.asm.wasm", "python_stdlib.pyc.zip"], runtime
    assert live_html(page, DEFEND) == fresh_html, "the glue is configured after a restore too"
    again = run_in_page(page, "com-defend", monte_carlo(11))
    assert again == fresh, "same seed, same answer after a snapshot restore"
    assert again == calculators.run("com-defend", monte_carlo(11)), "and the same as CPython's"
    other = run_in_page(page, "com-defend", monte_carlo(12))
    assert other["summary"] != again["summary"]
    assert not page.errors


def test_a_later_visit_starts_its_engine_as_the_page_head_is_read(served, persistent_context):
    """A page the service worker controls (a later visit: the engine restores its snapshot) makes the engine's
    worker while the document is still loading, before DOMContentLoaded; a first visit waits for it
    (test_speed.py). Same answer either way."""
    ctx = persistent_context()
    page = watch(ctx.new_page())
    page.goto(served.url + "wotw/virus/")
    wait_done(page, VIRUS)
    first = page.locator(f"{VIRUS} .calc-summary").inner_text()
    wait_snapshot(page)
    page.close()
    page = watch(ctx.new_page())
    page.add_init_script(WORKERS_MADE)
    page.goto(served.url + "wotw/virus/")
    wait_done(page, VIRUS)
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
    assert engine_start(page)["restored"] is True
    made = [w for w in page.evaluate("window.__workersMade") if "/assets/engine/worker.mjs" in w["url"]]
    assert len(made) == 1, made
    assert made[0]["state"] == "loading" and not made[0]["contentLoaded"], made
    assert page.locator(f"{VIRUS} .calc-summary").inner_text() == first
    assert not page.errors


@pytest.mark.parametrize("damage", ["flip", "junk"])
def test_a_corrupt_snapshot_falls_back_to_a_normal_start(served, persistent_context, damage):
    ctx = persistent_context()
    page = watch(ctx.new_page())
    page.goto(served.url + "wotw/virus/")
    wait_done(page, VIRUS)
    good = wait_snapshot(page)
    page.evaluate(CORRUPT, damage)
    page.close()

    page = watch(ctx.new_page())
    # A link names the fields it needs; those it leaves out take the calculator's own defaults.
    page.goto(served.url + "wotw/virus/#calc=wotw-virus&largest=6&destroyed=11")
    wait_done(page, VIRUS)
    assert engine_start(page)["restored"] is False
    want = calculators.run("wotw-virus", {"largest": "6", "destroyed": "11"})["summary"]
    wait_summary(page, VIRUS, want)
    # The bad snapshot is gone; a good one is made again for the next visit.
    remade = wait_snapshot(page)
    assert remade["made"] != good["made"]
    page.close()
    page = watch(ctx.new_page())
    page.goto(served.url + "wotw/virus/")
    wait_done(page, VIRUS)
    assert engine_start(page)["restored"] is True
    assert not page.errors


# ---- installable -----------------------------------------------------------------------------------

def test_the_site_installs_as_an_app(served, persistent_context):
    ctx = persistent_context()
    page = watch(ctx.new_page())
    page.goto(served.url + "wotw/rules/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest_url = page.evaluate("(href) => new URL(href, location.href).href", href)
    manifest = page.evaluate("(url) => fetch(url).then((r) => r.json())", manifest_url)
    assert manifest["display"] == "standalone"
    # The app's colour is the header's, as drawn (Material keeps the page's theme-color meta in step).
    header = page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor")
    rgb = tuple(int(x) for x in re.findall(r"\d+", header)[:3])
    assert manifest["theme_color"] == "#{:02x}{:02x}{:02x}".format(*rgb)
    sizes = {}
    for icon in manifest["icons"]:
        url = page.evaluate("([src, base]) => new URL(src, base).href", [icon["src"], manifest_url])
        size = page.evaluate("""(url) => new Promise((ok, fail) => { const img = new Image();
            img.onload = () => ok([img.naturalWidth, img.naturalHeight]); img.onerror = fail; img.src = url; })""", url)
        assert f"{size[0]}x{size[1]}" == icon["sizes"]
        sizes.setdefault(icon["purpose"], set()).add(size[0])
    assert sizes == {"any": {192, 512}, "maskable": {192, 512}}
    # The service worker's scope is the whole site.
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == served.url
    assert not page.errors
