"""Headless Debian Chromium (driven by Playwright) against the built site served on 127.0.0.1."""
from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from urllib.parse import urlsplit

import pytest

# --liftoff-only: V8 compiles WebAssembly with its baseline compiler only, never optimising it again in the
# background. Every test opens a fresh context, whose engine compiles the 10 MB runtime anew (no code cache is
# shared between contexts): the optimising tier-up was a fifth of the browser tests' CPU on this two-core machine
# (four browser test files, -n 3: 512 -> 390 CPU s, 259 -> 199 s). What a page does is the same in either tier;
# the benchmarks (benchmarks/), which measure speed, run Chromium as it ships.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--js-flags=--liftoff-only"]


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        pytest.fail("Chromium is not installed: `make test` installs Debian's chromium, or set CHROMIUM=/path.")
    return path


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json"}

    def log_message(self, *args):
        pass


class _Swappable(_Quiet):
    """Serves the server's current ``folder`` (a test swaps it to deploy a new build) and logs paths."""

    def __init__(self, request, client_address, server):
        super().__init__(request, client_address, server, directory=str(server.folder))

    def send_head(self):
        self.server.paths.append(urlsplit(self.path).path)
        return super().send_head()


@pytest.fixture
def serve_folder():
    """Call with (folder, port): serves it on 127.0.0.1:port until the test ends. The server's
    ``folder`` can be swapped for another build, and ``paths`` lists every path requested."""
    servers = []

    def start(folder, port):
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), _Swappable)
        server.folder, server.paths = folder, []
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(built_site, site_port):
    handler = functools.partial(_Quiet, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", site_port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield b
        b.close()


def watch(pg):
    """Record what must never happen on a page: requests outside 127.0.0.1, dialogs, script errors.

    Returns a function that asserts none happened."""
    outside, errors, dialogs = [], [], []

    def on_request(req):
        parts = urlsplit(req.url)
        if parts.scheme in ("data", "blob", "about"):
            return
        if parts.hostname != "127.0.0.1":
            outside.append(req.url)

    pg.on("request", on_request)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    pg.outside_requests, pg.page_errors, pg.dialogs = outside, errors, dialogs

    def check():
        assert not outside, f"requests outside 127.0.0.1: {outside}"
        assert not dialogs, f"the page opened dialogs: {dialogs}"
        assert not errors, f"script errors: {errors}"
    return check


# The page holds, for as long as it is open, the lock a worker takes to make the engine's snapshot.
NO_SNAPSHOT = """if (window === window.top && navigator.locks) {
  navigator.locks.request("martian-front-snapshot", () => new Promise(() => {}));
}"""


# Material's search worker (assets/javascripts/workers/search.*.js) replaced by an empty one: the search box
# stays as it is before its index is ready, and nothing else on the page changes.
NO_SEARCH = """(() => {
  const Native = window.Worker;
  if (!Native) return;
  window.Worker = function Worker(url, options) {
    const search = String(url).includes("/workers/search.");
    if (search) url = URL.createObjectURL(new Blob([""], { type: "text/javascript" }));
    return new Native(url, options);
  };
  window.Worker.prototype = Native.prototype;
})();"""


class ContextPool:
    """A worker's browser contexts, kept from one test to the next by the options they were made with.

    A new context's first page starts a new renderer process: about 1 CPU-s on this two-core machine for an empty
    page, as much as a rules page's own work, and the browser tests open hundreds. A kept
    context holds one idle page on the site (the keeper), so that the renderer process stays up for its next test.
    Between tests, every other page is closed and the context is emptied of what a page can leave in it: cookies,
    permissions, the site origin's storage (local storage, IndexedDB, Cache Storage, service workers), the HTTP
    cache, and any CPU slow-down a test set. A context one of whose pages left the site's origin, or made to let
    service workers run, is closed instead. Tests never change a context's own settings (init scripts, routes):
    a test that needs them makes its own context."""

    KEEP = 6  # idle contexts kept, the most recently used

    def __init__(self, browser, site_url: str):
        self.browser, self.site_url = browser, site_url
        self.origin = site_url.rstrip("/")
        self.idle: list[tuple[str, object, object]] = []  # (key, context, keeper), oldest first

    def take(self, options: dict, search: bool):
        """A context for these options: a kept one if there is one, else a new one. Returns the options' key, the
        context and its keeper (None for a context that will not be kept: service workers allowed)."""
        key = repr(sorted(options.items())) + repr(search)
        for i in range(len(self.idle) - 1, -1, -1):
            if self.idle[i][0] == key:
                _, context, keeper = self.idle.pop(i)
                return key, context, keeper
        context = self.browser.new_context(**options)
        # Nor Material's search index unless the test searches: its worker builds the index as every page opens
        # (0.5-0.6 CPU-s of a rules page's 2.0 in a fresh context), and only the search tests type into it.
        if not search:
            context.add_init_script(NO_SEARCH)
        # Nor an engine snapshot: 3 s after a result a second worker starts the runtime again to make one
        # for the next visit (1.3-1.5 CPU-s per page that stays open that long), and a fresh context has
        # no next visit. Held the way a second tab holds it (the lock the worker asks for "if available");
        # snapshots are tested with a kept profile too (test_offline.py).
        context.add_init_script(NO_SNAPSHOT)
        keeper = None
        if options.get("service_workers") == "block":
            keeper = context.new_page()
            keeper.goto(self.site_url + "stylesheets/site.css")  # a small file of the site: its renderer process
        return key, context, keeper

    def give_back(self, key: str, context, keeper, stayed: bool) -> None:
        """After a test: the context emptied and kept, or closed (see the class)."""
        try:
            for pg in context.pages:
                if pg is not keeper:
                    pg.close()
            if keeper is None or not stayed or keeper.is_closed():
                raise LookupError("not kept")
            context.clear_cookies()
            context.clear_permissions()
            cdp = context.new_cdp_session(keeper)
            cdp.send("Storage.clearDataForOrigin", {"origin": self.origin, "storageTypes": "all"})
            cdp.send("Network.clearBrowserCache")
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            cdp.detach()
        except Exception:  # noqa: BLE001 - a context that cannot be emptied is not kept
            context.close()
            return
        self.idle.append((key, context, keeper))
        while len(self.idle) > self.KEEP:
            self.idle.pop(0)[1].close()

    def close(self) -> None:
        for _, context, _ in self.idle:
            context.close()
        self.idle.clear()


@pytest.fixture(scope="session")
def context_pool(browser, site_url):
    pool = ContextPool(browser, site_url)
    yield pool
    pool.close()


@pytest.fixture
def new_page(context_pool):
    """Make guarded pages, each in a context of its own (options: viewport, color_scheme, is_mobile...; search=True
    for a page whose search is used). The context may have served an earlier test, emptied (ContextPool).

    Every page made fails the test if it requested anything outside 127.0.0.1, opened a dialog
    or raised a script error."""
    made = []

    def make(**options):
        # No service worker unless a test asks for one: after a page's first result it downloads the whole site
        # for offline use (2.5 s of both cores per page in Chromium and this server), which no test of such a
        # page reads; it is tested with a kept profile (persistent_context, test_offline.py).
        options.setdefault("service_workers", "block")
        search = options.pop("search", False)
        key, context, keeper = context_pool.take(options, search)
        pg = context.new_page()
        origins = set()
        pg.on("framenavigated", lambda f: f.parent_frame is None and origins.add(urlsplit(f.url).netloc))
        made.append((key, context, keeper, origins, watch(pg)))
        return pg

    yield make
    site = urlsplit(context_pool.site_url).netloc
    for key, context, keeper, origins, _ in made:
        context_pool.give_back(key, context, keeper, stayed=origins <= {site, ""})  # "": about:blank
    for *_, check in made:
        check()


@pytest.fixture
def page(new_page, site_url):
    """A fresh page that fails the test if anything is requested outside 127.0.0.1 or a script errors."""
    return new_page()


@pytest.fixture
def persistent_context(browser, tmp_path):
    """Opens Chromium with a persistent profile (service workers, Cache Storage and IndexedDB
    kept as a returning reader has them): call it, optionally with a profile folder to reopen."""
    opened = []

    def launch(profile=None, **options):
        ctx = browser.browser_type.launch_persistent_context(str(profile or tmp_path / "profile"),
                                                             executable_path=chromium_path(), args=CHROMIUM_ARGS,
                                                             **options)
        opened.append(ctx)
        return ctx

    yield launch
    for ctx in opened:
        ctx.close()


# Cancel a run from inside the page at its first progress report. Clicking from the test races the
# run on a loaded machine (a Monte Carlo can finish between the test seeing progress and its click
# arriving); a MutationObserver in the page clicks in the same task that shows the progress.
_ARM_CANCEL = """(widget) => {
  const w = document.querySelector(widget);
  const bar = w.querySelector(".calc-progress:not(.calc-compare *)");
  window.__cancelledAt = new Promise((resolve) => {
    const check = () => {
      if (bar.hidden || !(bar.value > 0)) return;
      obs.disconnect(); w.querySelector(".calc-cancel").click(); resolve(bar.value);
    };
    const obs = new MutationObserver(check);
    obs.observe(bar, { attributes: true });
  });
}"""


@pytest.fixture
def cancel_at_first_progress():
    """``start(page, widget, begin)``: arm the cancel, call ``begin()`` (which starts the run), and
    return the progress value (0 < v < 1) at which the page pressed Cancel. Any run of more than a slice
    (50 ms, calculators/present/worker.py) reports progress: the widget must be idle when this is called,
    and ``begin()`` one change (one run), or the cancel may hit a run that a later change supersedes."""
    def start(page, widget, begin):
        page.evaluate(_ARM_CANCEL, widget)
        begin()
        return page.evaluate("window.__cancelledAt")
    return start
