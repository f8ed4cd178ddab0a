"""The benchmarks' web server sends what a static host sends: text gzipped to a browser that accepts it,
a page's own address (its folder) included. A page sent uncompressed made Lighthouse's simulated phone
download it for seconds, and its FCP and LCP figures were not a reader's."""
from __future__ import annotations

import gzip
import socket
import sys
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_widget import SiteServer  # noqa: E402

PAGE = "<!doctype html><title>t</title>" + "<p>a paragraph of the page</p>" * 400


@pytest.fixture
def server(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "index.html").write_text(PAGE)
    (tmp_path / "index.html").write_text(PAGE)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = SiteServer(tmp_path, port)
    yield srv
    srv.shutdown()


def get(url: str, gzip_ok: bool = True):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(request) as r:
        return r.headers.get("Content-Encoding"), r.read()


@pytest.mark.parametrize("path", ["", "rules/", "rules/index.html"])
def test_a_page_goes_gzipped_at_its_own_address(server, path):
    encoding, body = get(server.base + path)
    assert encoding == "gzip"
    assert gzip.decompress(body).decode() == PAGE
    assert len(body) < len(PAGE) / 10


def test_a_browser_that_does_not_accept_gzip_gets_the_page_as_it_is(server):
    encoding, body = get(server.base + "rules/", gzip_ok=False)
    assert encoding is None and body.decode() == PAGE
