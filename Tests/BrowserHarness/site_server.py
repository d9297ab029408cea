"""Serves a site folder on 127.0.0.1 for the browser tests and records every response body's size.

usage: site_server.py ROOT HARNESS LOG
Prints the port it listens on, then serves ROOT; /__thumbgen__/harness.html is HARNESS, and
/__thumbgen__/mark writes a line "mark" into LOG, between the lines "<bytes> <path>" of the
responses, so that a test can tell what a page downloaded before it scrolled.
"""
import http.server
import os
import signal
import sys
import threading

root, harness, log_path = sys.argv[1:4]
log = open(log_path, "a", buffering=1)
lock = threading.Lock()


def record(line):
    with lock:
        log.write(line + "\n")


class Handler(http.server.SimpleHTTPRequestHandler):
    # A page's source before `thumbgen html` (index.html.in) is HTML too.
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".in": "text/html"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=root, **kwargs)

    def do_GET(self):
        path = self.path.split("?")[0]
        if path == "/__thumbgen__/mark":
            record("mark")
            return self.send_bytes(b"ok", "text/plain")
        if path == "/__thumbgen__/harness.html":
            with open(harness, "rb") as f:
                return self.send_bytes(f.read(), "text/html; charset=utf-8")
        super().do_GET()

    def send_bytes(self, body, kind):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def copyfile(self, source, outputfile):
        sent = 0
        while chunk := source.read(65536):
            outputfile.write(chunk)
            sent += len(chunk)
        record(f"{sent} {self.path}")

    def log_message(self, *args):
        pass


# The test stops the server by closing standard input; it also goes when the test dies. A parent
# may have blocked SIGTERM for its children, so that is not relied on.
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
