"""The benchmarks' web server: a built site on 127.0.0.1, in a process of its own.

Run in the benchmark's own process, the server shared Python's GIL with Playwright, which is
busiest exactly while a page loads (it receives an event for every request): a page with thirty
requests was served more slowly than a bare page with seven, which is a fault of the test rig,
not of the site. A static host serves every request at once; so does this, from its own process.
Counts what it sends (response bodies) and the paths asked for, for the byte figures:
``GET /__bench/stats`` answers ``{"sent": bytes, "paths": [...]}`` and is not counted.

    python benchmarks/site_server.py <site directory> <port>
"""
from __future__ import annotations

import functools
import http.server
import json
import sys
import threading

_lock = threading.Lock()
_sent = [0]
_paths: list[str] = []


class Handler(http.server.SimpleHTTPRequestHandler):
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
        return super().send_head()

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
