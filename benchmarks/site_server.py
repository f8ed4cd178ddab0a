"""The benchmarks' web server: a built site on 127.0.0.1, in a process of its own.

Run in the benchmark's own process, the server shared Python's GIL with Playwright, which is
busiest exactly while a page loads (it receives an event for every request): a page with thirty
requests was served more slowly than a bare page with seven, which is a fault of the test rig,
not of the site. A static host serves every request at once; so does this, from its own process.
Text files and WebAssembly go gzipped to a browser that accepts it, as a static host (GitHub Pages)
sends them, so that a page's weight and a phone's simulated download (Lighthouse) are what a reader
gets; already compressed files (zip, png, woff2) go as they are.
Counts what it sends (response bodies, as sent: compressed where they were) and the paths asked for,
for the byte figures: ``GET /__bench/stats`` answers ``{"sent": bytes, "paths": [...]}`` and is not counted.

    python benchmarks/site_server.py <site directory> <port>
"""
from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import io
import json
import os
import sys
import threading

_lock = threading.Lock()
_sent = [0]
_paths: list[str] = []
# What a static host compresses: text and WebAssembly (not zip, images, fonts: compressed already).
COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".wasm", ".webmanifest", ".map")
_gzipped: dict[tuple[str, float], bytes] = {}  # (path, mtime) -> body, made once per file


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as any real host
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json"}

    def do_GET(self):
        if self.path == "/__bench/stats":
            with _lock:
                body = json.dumps({"sent": _sent[0], "paths": list(_paths)}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def send_head(self):
        with _lock:
            _paths.append(self.path)
        path = self.translate_path(self.path)
        # A page's address is its folder: its index.html goes gzipped too, as a static host sends it (it
        # went uncompressed, and a phone's simulated download of a 500 KB page cost seconds of FCP).
        index = os.path.join(path, "index.html")
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/") and os.path.isfile(index):
            path = index
        if (os.path.isfile(path) and path.endswith(COMPRESSED)
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            return self._send_gzipped(path)
        return super().send_head()

    def _send_gzipped(self, path: str):
        stat = os.stat(path)
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(304)
            self.end_headers()
            return None
        key = (path, stat.st_mtime)
        with _lock:
            body = _gzipped.get(key)
        if body is None:
            with open(path, "rb") as f:
                body = gzip.compress(f.read(), compresslevel=6, mtime=0)
            with _lock:
                _gzipped[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", modified)
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source, outputfile):
        data = source.read()
        with _lock:
            _sent[0] += len(data)
        outputfile.write(data)

    def log_message(self, *args):
        pass


def main(directory: str, port: int) -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=directory))
    print("serving", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
